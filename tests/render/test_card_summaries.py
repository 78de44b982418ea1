"""Rule summaries on the scenario cards say what the seed says (issue 29, numbered defects 2, 5
and 6), read from the rule lines the cards print for the sample scenarios."""

from __future__ import annotations

import pytest

from generator.render.scenario.common import rule_lines
from generator.scenario.check import check_documents
from generator.scenario.options import cases_in_use


@pytest.fixture(scope="module")
def lines_of(content) -> dict[str, list]:
    """The rule lines each sample scenario's card prints, by scenario id."""
    _, samples = check_documents(content, content.scenarios)
    return {
        scenario.id: rule_lines(content, cases_in_use(scenario, content)) for _, scenario in samples
    }


def summary(lines, case_id: str):
    """The summary a card prints for one case."""
    return next(line.summary for line in lines if line.case_id == case_id)


@pytest.mark.parametrize("sample", ["fpcf.hof-gap-dawn", "fpcf.weser-screen"])
def test_march_columns_entry_hexes_count_both_entry_hexes(lines_of, sample):
    """[17.21]: within 8 hexes, counting both Entry Hexes (001 l.46), in both languages."""
    text = summary(lines_of[sample], "cf.17.21")
    assert "a division's Entry Hexes lie within 8, counting both." in text.en
    assert "両方を含めて数え8ヘクス以内" in text.ja


def test_night_combat_prints_the_errata_value(lines_of):
    """[19.3] on Depot Raid: the Reference Card Errata's −1 at 1 to 4 hexes (002 l.764)."""
    text = summary(lines_of["mak.depot-raid"], "mak.19.3")
    assert "at 1–4 hexes −1, not −2 (errata)" in text.en
    assert "1〜4ヘクスは−2でなく−1(エラッタ)" in text.ja


@pytest.mark.parametrize("sample", ["mak.rehn-crossing", "mak.falke-screen"])
def test_the_amu_point_is_printed_once(lines_of, sample):
    """[16.2] and [16.2.2] are one point, scored once the AMU leaves the map, with any points the
    scenario gives for the NeuSpotter's return alive (002 l.688-690)."""
    ids = [line.case_id for line in lines_of[sample]]
    assert ids.count("mak.16.2.2") == 1 and "mak.16.2" not in ids
    line = summary(lines_of[sample], "mak.16.2.2")
    assert "carried off [16.2.3]: 1 VP + any VP for its return alive." in line.en
    assert "生還分の勝利ポイント" in line.ja


def test_starting_morale_heads_nato_rows_divisions_and_warsaw_pact_rows_armies(content):
    """Defect 3: the seed gives NATO values by division and Warsaw Pact values by army
    (000 l.23-28), so no row of the card is headed "Divisions / Armies"."""
    from generator.render.views import build_grid

    grid = build_grid(content.tables["fpcf.starting-morale"], ("en", "ja"))
    heads = {
        tuple(values.values()): labels
        for values, (labels, _) in zip(grid.row_values, grid.rows, strict=True)
    }
    assert heads[("us", "all")][1].en == "Divisions" and heads[("ca", "all")][1].ja == "師団"
    assert heads[("su", "all")][1].en == "Armies" and heads[("cz", "all")][1].ja == "軍"
    assert heads[("su", "5gta")][1].en == "5GTA"
    assert all(labels[1].en != "Divisions / Armies" for labels, _ in grid.rows)


def test_a_card_carries_the_reference_card_errata(content):
    """Defect 5: the Reference Card Errata (002 l.764) have a card of their own, as the unit
    errata do, with the corrected night-combat modifier the cards point to."""
    table = content.tables["mak.reference-card-errata"]
    night = table.find({"item": "attack-modifiers-night"})[0]
    assert "should be -1, not -2" in night.value.en and "−2ではなく−1" in night.value.ja
    assert night.source.lines == "764" and len(table.cells) == 11


def test_every_summary_of_an_uncertain_rule_carries_the_mark(content):
    """A rule whose reading is uncertain, or whose seed languages differ, is printed with (?) on
    every card that lists it: the rule line says so for every such case with a summary."""
    marked = [
        case_id
        for case_id, case in content.cases.items()
        if case.summary and (case.uncertain is not None or case.languages_differ)
    ]
    assert len(marked) >= 5
    lines = rule_lines(content, marked)
    assert {line.case_id for line in lines} == set(marked)
    assert all(line.uncertain for line in lines), [x.case_id for x in lines if not x.uncertain]
