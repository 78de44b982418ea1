"""The scenario card answers what two players sitting down with the kit and the box would argue
about (issue 43): which forces are in play, the chart's morale, where a barred drop goes, when a
late nation first rolls for air strikes, a formation entering once on the track, and a Ma.K unit
whose file leaves where and when to its player."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenario_views import contexts

SAMPLES = Path(__file__).resolve().parents[2] / "content" / "scenarios"


@pytest.fixture(scope="module")
def views(content):
    """The card view models of the FP:CF samples, by scenario id."""
    return contexts(content, sorted((SAMPLES / "fpcf").glob("*.yaml")))


def _names(cell: list) -> list[str]:
    return [item.name.en for item in cell]


def test_a_surprise_formation_of_the_pre_gt1_activation_is_on_the_track_once(views):
    rows = views["fpcf.hof-gap-dawn"]["track"]["rows"]
    cells = {turn: _names(items) for row in rows for turn, items in row}
    soviet = "39th Guards Motor Rifle Division"
    assert cells[0] == [soviet]
    assert soviet not in cells[1]
    pre_gt1 = next(items for row in rows for turn, items in row if turn == 0)
    assert pre_gt1[0].where == "2801, 3201"


def test_a_card_that_lists_every_unit_names_no_game_for_counters(views):
    hof = views["fpcf.hof-gap-dawn"]
    assert hof["games"] is None
    assert hof["in_play"].en == "Only the units this card names, none from an original game."
    assert hof["in_play"].ja == "このカードが挙げるユニットのみ。原作ゲームのユニットは使わない。"


def test_a_late_nation_first_rolls_for_air_strikes_the_turn_after_it_enters(views):
    strikes = views["fpcf.hof-gap-dawn"]["strike_nations"]
    assert strikes.en == "US, SU from turn 1; CZ from turn 3"
    assert strikes.ja.endswith("チェコスロバキア (CZ)は第3ターンから")
    note = views["fpcf.hof-gap-dawn"]["strike_note"].en
    assert (
        note
        == "A nation roll naming a nation that is not rolling is rolled again (playaid's reading)."
    )


def test_a_division_without_morale_prints_the_chart_s(views):
    nato = views["fpcf.hof-gap-dawn"]["sides"][0]["formations"]
    armored = next(f for f in nato if f["name"].en == "3rd Armored Division")
    assert armored["morale"].en == "1st Line"


def test_a_drop_prints_where_it_goes_when_its_hex_is_barred(views):
    wp = views["fpcf.weser-screen"]["sides"][1]["formations"]
    drop = next(f for f in wp if f["drops"])["drops"][0]
    assert drop.en.startswith("1/345 Abn drops on 2408 on turn 2; where [15.2] bars that hex then,")
    assert "a hex within 3 hexes of 2408" in drop.en
    assert "[15.2]によりこのヘクスに降下できない場合" in drop.ja


def test_a_mak_unit_with_neither_deploy_nor_setup_is_the_player_s_choice(content, tmp_path):
    text = (SAMPLES / "mak" / "falke-screen.yaml").read_text(encoding="utf-8")
    changed = text.replace(
        '{unit: Falke II, code: "②", deploy: "2③④S"}', '{unit: Falke II, code: "②"}'
    )
    assert changed != text
    path = tmp_path / "falke.yaml"
    path.write_text(changed, encoding="utf-8")
    view = contexts(content, [path])["mak.falke-screen"]
    assert [item.name.en for item in view["track"]["choice"]] == ["Falke II"]
    assert "Falke II" not in [item.name.en for item in view["track"]["setup"]]
    mercenary = next(side for side in view["sides"] if side["slug"] == "mercenary")
    line = next(unit for unit in mercenary["units"] if unit["name"].en == "Falke II")
    assert (
        "where and when its player chooses (Understanding the Scenarios, d)" in line["meaning"].en
    )
