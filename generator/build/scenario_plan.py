"""What a scenario prints: its card, and the kit that binds the card with the rules appendix, the
player-aid cards of the rules it uses and each player's record sheets (generator.build.kits binds
them)."""

from __future__ import annotations

from typing import Any

from generator.build.documents import Spec
from generator.content.load import Content
from generator.content.yaml_loader import Document


def scenario_specs(
    content: Content, document: Document, scenario: Any, paper: str, specs: list[Spec]
) -> list[Spec]:
    """A scenario's card, the parts its kit binds (the rules appendix, each player's record
    sheets) and the kit: the card, the appendix, the cards of the rules it uses, the sheets."""
    from generator.render.scenario import scenario_context
    from generator.render.scenario.appendix import appendix_context
    from generator.render.scenario.records import (
        has_aircraft,
        kit_aircraft,
        kit_batteries,
        kit_mines,
        sides_with,
    )
    from generator.render.sheets import (
        air_commitment_context,
        artillery_sheet_context,
        minefield_sheet_context,
    )
    from generator.scenario.mak.forces import SIDES
    from generator.scenario.options import rules_in_use

    sid, system = scenario.id, scenario.system
    card = Spec(
        f"{sid}.sheet",
        "scenario-sheet",
        system,
        "scenario-sheet.html",
        lambda content, paper, languages: scenario_context(document, scenario, content, paper),
        paper,
        max_pages=card_pages(),
        back_to_back=True,
        subjects=(sid, str(document.path)),
    )
    rules = Spec(
        f"{sid}.rules",
        "kit-part",
        system,
        "rules-appendix.html",
        lambda content, paper, languages: appendix_context(content, scenario),
        paper,
    )
    records = []
    flying = (
        kit_aircraft(document, scenario, content)
        if has_aircraft(document, scenario, content)
        else {}
    )
    for side in SIDES if system == "mak" else ():
        if side in sides_with(scenario, "artillery"):
            records.append(
                Spec(
                    f"{sid}.artillery-request-sheet.{side}",
                    "kit-part",
                    system,
                    "artillery-sheet.html",
                    lambda content, paper, languages, side=side: artillery_sheet_context(
                        content, paper, kit_batteries(scenario, content, side), side
                    ),
                    paper,
                    single_page=True,
                )
            )
        if flying.get(side):
            records.append(
                Spec(
                    f"{sid}.air-commitment-card.{side}",
                    "kit-part",
                    system,
                    "air-commitment.html",
                    lambda content, paper, languages, side=side: air_commitment_context(
                        content, paper, {side: flying[side]}, side
                    ),
                    paper,
                    single_page=True,
                )
            )
        if side in sides_with(scenario, "land_mines"):
            records.append(
                Spec(
                    f"{sid}.minefield-sheet.{side}",
                    "kit-part",
                    system,
                    "minefield-sheet.html",
                    lambda content, paper, languages, side=side: minefield_sheet_context(
                        content, paper, kit_mines(scenario, side), side, scenario.title
                    ),
                    paper,
                    single_page=True,
                )
            )
    options = content.options.get(system, {})
    in_use = set(rules_in_use(scenario))
    unused = {t for o in options.values() if o.id not in in_use for t in o.tables}
    cards = tuple(
        spec.id
        for spec in specs
        if spec.kind == "player-aid" and spec.system == system and not set(spec.subjects) & unused
    )
    kit = Spec(
        f"{sid}.kit",
        "scenario-kit",
        system,
        "kit-cover.html",
        lambda content, paper, languages: {"scenario": scenario},
        paper,
        subjects=(sid, str(document.path)),
        parts=(card.id, rules.id, *cards, *(spec.id for spec in records)),
    )
    return [card, rules, *records, kit]


def card_pages() -> int:
    """The most pages a scenario card may have (read when planned, so tests may lower it)."""
    import generator.build.documents

    return generator.build.documents.CARD_PAGES
