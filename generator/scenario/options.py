"""The optional and special rules a scenario names exist for its system."""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.scenario.findings import Findings

if TYPE_CHECKING:
    from generator.scenario.facts import ContentFacts


def check_options(
    findings: Findings, named: tuple[str, ...], content: ContentFacts, system: str
) -> None:
    """Every id in `optional_rules` is an option of the system."""
    options = content.options.get(system, {})
    findings.repeats(("optional_rules",), named)
    for index, option in enumerate(named):
        if option not in options:
            findings.error(
                ("optional_rules", index),
                "unknown-option",
                None,
                option=option,
                system=system,
                choices=", ".join(options) or "-",
            )


def rules_in_use(scenario: object) -> list[str]:
    """The options a scenario uses: those it names, then those its contents imply."""
    named = list(getattr(scenario, "optional_rules", ()))
    implied: list[str] = []
    if getattr(scenario, "system", None) == "mak":
        sides = [scenario.forces.strahl, scenario.forces.mercenary]  # type: ignore[attr-defined]
        markers = {marker.marker for marker in scenario.markers}  # type: ignore[attr-defined]
        implied += ["artillery"] * any(side.artillery for side in sides)
        implied += ["land-mines"] * any(side.land_mines for side in sides)
        implied += ["pf-supply"] * ("depot" in markers)
        implied += ["defensive-positions"] * ("defensive-position" in markers)
    elif getattr(scenario, "system", None) == "fpcf":
        formations = scenario.formations  # type: ignore[attr-defined]
        implied += ["airborne-drops"] * any(formation.drops for formation in formations)
    return list(dict.fromkeys(named + implied))


def printed_as(scenario: object, case_id: str) -> str:
    """The case whose line a card prints for `case_id`: with dropped AMUs scoring, [16.2]
    (the NeuSpotter's rule) is the point [16.2.2] states, so one line, [16.2.2]'s, stands for both
    (002 l.688-690)."""
    victory = getattr(scenario, "victory", None)
    if case_id == "mak.16.2" and getattr(victory, "amu", False):
        return "mak.16.2.2"
    return case_id


def cases_in_use(scenario: object, content: ContentFacts) -> list[str]:
    """The rule cases a scenario uses, each once, as its card lists them: for Ma.K its options'
    rules, its units' special rules (the unit catalogue's), O.G.P. and [16.2.2] where its victory
    names them; for Flashpoint: Central Front the set-up rule, the surprise or non-surprise rule,
    the West German brigades and the march order where the file has them, and its options'."""
    options = content.options.get(getattr(scenario, "system", ""), {})
    named = [
        rule for name in rules_in_use(scenario) if name in options for rule in options[name].rules
    ]
    if getattr(scenario, "system", None) == "mak":
        catalogue = content.catalogues.get("mak")
        sides = [scenario.forces.strahl, scenario.forces.mercenary]  # type: ignore[attr-defined]
        units = [
            catalogue.find(line.unit) if catalogue else None
            for side in sides
            for line in side.units
        ]
        victory = scenario.victory  # type: ignore[attr-defined]
        ids = named + [rule for unit in units if unit for rule in unit.rules]
        ids += ["mak.ogp"] * victory.ogp + ["mak.16.2.2"] * victory.amu
        ids = [printed_as(scenario, rule) for rule in ids]
    else:
        formations = scenario.formations  # type: ignore[attr-defined]
        ids = ["fpcf.setup"]
        surprise = scenario.surprise  # type: ignore[attr-defined]
        ids.append("fpcf.soviet-surprise-phase" if surprise else "fpcf.non-surprise-scenario")
        if any(f.nation == "wg" and f.echelon == "brigade" for f in formations):
            ids.append("fpcf.west-german-brigades")
        if any(f.arrives and f.arrives.columns for f in formations):
            ids += ["cf.17.2", "cf.17.21"]
        ids += named
    return list(dict.fromkeys(ids))
