"""Scenario cards: view models of what a checked scenario file means, one folder per system's
layout (mak, fpcf), with the drawing, the turn track and the phrases they share, and what a
kit's record sheets are filled in with."""

from __future__ import annotations

from typing import Any

from generator.content.load import Content
from generator.content.yaml_loader import Document
from generator.render.booklets import anchor
from generator.render.scenario.fpcf import fpcf_card
from generator.render.scenario.mak import mak_card
from generator.render.scenario.questions import side_names, table_answers
from generator.render.scenario.track import TRACK_PT
from generator.scenario.findings import Findings
from generator.scenario.mak.forces import read_lines
from generator.scenario.mak.model import MakScenario

SIDES = {"mak": ("strahl", "mercenary"), "fpcf": ("nato", "wp")}
CARD_SIZES = tuple(TRACK_PT)  # body 9, 8.5, 8, 7.5 pt (styles/scenario.css): the largest that fits


def scenario_context(
    document: Document, scenario: Any, content: Content, paper: str = "a4"
) -> dict[str, Any]:
    """The context of a scenario card of either system, laid out for `paper`."""
    if isinstance(scenario, MakScenario):
        lines = read_lines(scenario, content.catalogues["mak"], Findings(document))
        context = mak_card(scenario, content, lines, paper)
    else:
        context = fpcf_card(scenario, content, paper)
    answers = table_answers(scenario, content)
    return {
        **context,
        "answers": answers,
        "track_sides": [
            {"slug": side, "name": side_names(scenario, content)[side]}
            for side in SIDES[scenario.system]
        ],
        "anchor": anchor,
        "size_class": "l",
        "size_classes": CARD_SIZES,
    }
