"""What a scenario's contents bring into its kit beyond the rules its card lists: the features of
the file (an arrival, a drop, aircraft on both sides, dropped AMUs), each mapped in content
(`features` of `content/<system>/scenario-options.yaml`) to the cases that govern it and the
charts of the game box it needs."""

from __future__ import annotations

from typing import Any

from generator.content.load import Content
from generator.content.yaml_loader import Document
from generator.render.scenario.records import kit_aircraft
from generator.scenario.fpcf.checks import WARSAW_PACT
from generator.scenario.options import cases_in_use, rules_in_use


def scenario_features(document: Document, scenario: Any, content: Content) -> list[str]:
    """The features of a scenario file, by the ids its system's content maps."""
    found = ["game"]
    if scenario.system == "mak":
        flying = kit_aircraft(document, scenario, content)
        found += ["air-combat"] * (len([side for side in flying if flying[side]]) > 1)
        found += ["amu"] * bool(scenario.victory.amu)
        return found
    arrivals = [(f.nation, f.arrives) for f in scenario.formations if f.arrives]
    found += ["arrival"] * bool(arrivals)
    marching = [a for nation, a in arrivals if nation in WARSAW_PACT]
    found += ["march-order"] * any(a.columns or a.original_oob for a in marching)
    found += ["drop"] * any(f.drops for f in scenario.formations)
    return found


def kit_cases(document: Document, scenario: Any, content: Content) -> list[str]:
    """The cases a kit's rules appendix prints (each with those under it): the card's rules in
    use, then those its features bring."""
    features = content.features.get(scenario.system, {})
    brought = [
        rule
        for feature in scenario_features(document, scenario, content)
        if feature in features
        for rule in features[feature].rules
    ]
    return list(dict.fromkeys(cases_in_use(scenario, content) + brought))


def box_charts(document: Document, scenario: Any, content: Content) -> list[Any]:
    """The charts of the game box the scenario needs that playaid does not print (chart slots),
    from its features and the rules it uses, each once, as the first page lists them."""
    features = content.features.get(scenario.system, {})
    options = content.options.get(scenario.system, {})
    ids = [
        slot
        for feature in scenario_features(document, scenario, content)
        if feature in features
        for slot in features[feature].box
    ]
    ids += [
        slot for name in rules_in_use(scenario) if name in options for slot in options[name].box
    ]
    return [content.slots[slot] for slot in dict.fromkeys(ids) if slot in content.slots]
