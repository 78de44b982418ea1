"""What a scenario prints: its card, and the kit that binds the card with the rules appendix, the
player-aid cards of the rules it uses and each player's record sheets (generator.builder.kits binds
them)."""

from __future__ import annotations

from typing import Any

from generator.builder.documents import Spec
from generator.content.load import Content
from generator.content.yaml_loader import Document


def scenario_specs(
    content: Content, document: Document, scenario: Any, paper: str, specs: list[Spec]
) -> list[Spec]:
    """A scenario's card, the parts its kit binds (the rules appendix, each player's record
    sheets) and the kit: the card, the appendix, the cards of the rules it uses, the sheets."""
    from generator.render.scenario import scenario_context
    from generator.render.scenario.appendix import appendix_context
    from generator.render.scenario.features import box_charts

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
        lambda content, paper, languages, cited: appendix_context(
            content, document, scenario, cited
        ),
        paper,
        cites=card.id,
    )
    records = _record_sheets(content, document, scenario, paper)
    kit = Spec(
        f"{sid}.kit",
        "scenario-kit",
        system,
        "kit-cover.html",
        lambda content, paper, languages: {
            "scenario": scenario,
            "box": box_charts(document, scenario, content),
        },
        paper,
        subjects=(sid, str(document.path)),
        parts=(
            card.id,
            rules.id,
            *_cards_in_use(content, scenario, specs),
            *(r.id for r in records),
        ),
    )
    return [card, rules, *records, kit]


def _record_sheets(content: Content, document: Document, scenario: Any, paper: str) -> list[Spec]:
    """Each player's record sheets, filled in for the scenario: an artillery request sheet for a
    side with artillery, an air commitment card for one that flies, a minefield sheet for one
    that lays mines (Ma.K's)."""
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

    flying = (
        kit_aircraft(document, scenario, content)
        if has_aircraft(document, scenario, content)
        else {}
    )
    sheets: list[tuple[str, str, str, Any]] = []
    for side in SIDES if scenario.system == "mak" else ():
        if side in sides_with(scenario, "artillery"):
            sheets.append(
                (
                    "artillery-request-sheet",
                    "artillery-sheet.html",
                    side,
                    lambda content, paper, languages, side=side: artillery_sheet_context(
                        content, paper, kit_batteries(scenario, content, side), side
                    ),
                )
            )
        if flying.get(side):
            sheets.append(
                (
                    "air-commitment-card",
                    "air-commitment.html",
                    side,
                    lambda content, paper, languages, side=side: air_commitment_context(
                        content, paper, {side: flying[side]}, side
                    ),
                )
            )
        if side in sides_with(scenario, "land_mines"):
            sheets.append(
                (
                    "minefield-sheet",
                    "minefield-sheet.html",
                    side,
                    lambda content, paper, languages, side=side: minefield_sheet_context(
                        content, paper, kit_mines(scenario, side), side, scenario.title
                    ),
                )
            )
    return [
        Spec(
            f"{scenario.id}.{name}.{side}",
            "kit-part",
            scenario.system,
            template,
            context,
            paper,
            single_page=True,
        )
        for name, template, side, context in sheets
    ]


def _cards_in_use(content: Content, scenario: Any, specs: list[Spec]) -> tuple[str, ...]:
    """The player-aid cards of the scenario's system, but those of optional rules it leaves out."""
    from generator.scenario.options import rules_in_use

    options = content.options.get(scenario.system, {})
    in_use = set(rules_in_use(scenario))
    unused = {t for o in options.values() if o.id not in in_use for t in o.tables}
    return tuple(
        spec.id
        for spec in specs
        if spec.kind == "player-aid"
        and spec.system == scenario.system
        and not set(spec.subjects) & unused
    )


def card_pages() -> int:
    """The most pages a scenario card may have (read when planned, so tests may lower it)."""
    import generator.builder.documents

    return generator.builder.documents.CARD_PAGES
