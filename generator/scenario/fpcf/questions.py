"""Flashpoint: Central Front scenario checks for what a card must answer: the units each arriving
formation brings, a Warsaw Pact division's march columns, the morale a rule reads, and whether
HQs count where the victory conditions count units."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from generator.scenario.findings import Findings
from generator.scenario.fpcf.checks import WARSAW_PACT
from generator.scenario.fpcf.reach import check_drop_reach

if TYPE_CHECKING:
    from generator.scenario.facts import ContentFacts
    from generator.scenario.fpcf.model import Formation, FpcfScenario

MORALE, AIR_DROP, SETUP = "fpcf.starting-morale", "fpcf.air-drop", "fpcf.setup"
CHART_ECHELONS = ("division", "army")  # what the Starting Morale chart gives a morale for
COUNTS_UNITS = re.compile(r"\bunits?\b", re.IGNORECASE)


def check_fpcf_questions(findings: Findings, scenario: FpcfScenario, content: ContentFacts) -> None:
    """Every Flashpoint question a card must answer that the file leaves open."""
    _forces_in_play(findings, scenario)
    for index, formation in enumerate(scenario.formations):
        _arrival(findings, index, formation)
        _morale_needed(findings, index, formation, content)
    victory = scenario.victory
    if victory.hqs_count is None and COUNTS_UNITS.search(victory.conditions.en):
        findings.warning(("victory", "conditions"), "fpcf-victory-hqs", None)
    check_drop_reach(findings, scenario, content)


def _forces_in_play(findings: Findings, scenario: FpcfScenario) -> None:
    """The file says which forces are in play; named parts of the original game are named."""
    in_play = scenario.forces_in_play
    if in_play is None:
        findings.error(("formations",), "fpcf-forces-open", SETUP)
    elif in_play == "parts" and not scenario.original_parts:
        findings.error(("forces_in_play",), "fpcf-parts-missing", SETUP)
    elif in_play != "parts" and scenario.original_parts:
        findings.warning(("original_parts",), "fpcf-parts-unused", SETUP)


def _arrival(findings: Findings, index: int, formation: Formation) -> None:
    """An arriving formation says what enters; a Warsaw Pact division enters in march columns."""
    arrives = formation.arrives
    if arrives is None:
        return
    path = ("formations", index, "arrives")
    warsaw_division = formation.nation in WARSAW_PACT and formation.echelon == "division"
    if warsaw_division and not arrives.columns:
        findings.error(path, "fpcf-columns-missing", "cf.17.2", formation=formation.id)
    elif not (arrives.columns or arrives.units or arrives.original_oob):
        findings.error(path, "fpcf-arrival-units-missing", "cf.17.0", formation=formation.id)
    if arrives.units:
        for key, what in (("columns", "word:what-columns-too"), ("original_oob", "word:what-oob")):
            if getattr(arrives, key):
                findings.error(
                    (*path, key), "fpcf-arrival-twice", "cf.17.0", formation=formation.id, what=what
                )
    every_entry = bool(arrives.columns) and all(c.entry for c in arrives.columns)
    if arrives.area is None and not every_entry:
        findings.warning(path, "fpcf-arrival-area-missing", "cf.17.0", formation=formation.id)


def _morale_needed(
    findings: Findings, index: int, formation: Formation, content: ContentFacts
) -> None:
    """A formation on the map has a morale: the chart's for a division or army of a nation it
    lists, else the file's; a unit that drops loses morale on the Air Drop Table."""
    if formation.morale is not None:
        return
    path = ("formations", index)
    if formation.drops:
        findings.error(path, "fpcf-morale-drop", AIR_DROP, formation=formation.id)
        return
    if not formation.has_land_units:
        return
    if formation.echelon in CHART_ECHELONS and _chart_lists(content, formation.nation):
        return
    findings.error(
        path,
        "fpcf-morale-missing",
        MORALE,
        formation=formation.id,
        echelon=f"word:echelon-{formation.echelon}",
    )


def _chart_lists(content: ContentFacts, nation: str) -> bool:
    """Whether the Starting Morale chart has a row for a nation."""
    table = content.tables.get(MORALE)
    return bool(table and table.find({"nation": nation}))
