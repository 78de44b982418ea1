"""The Ma.K sample cards settle at the table what the rules leave to the scenario (issue 29): where
①'s unit values come from, which mines both players know and where the secret rest lies, which
Nutrocker is manned, and which of a pilot's three modifiers is which. Read from each card's HTML,
in English and Japanese, as the site and the PDFs print it."""

from __future__ import annotations

import html
import re

import pytest

from generator.render.scenario.records import kit_mines
from generator.scenario.check import check_documents
from generator.site.scenarios import card_environments, scenario_cards

COMMON = {"version": "test", "revision": "test"}


@pytest.fixture(scope="module")
def samples(content) -> dict[str, object]:
    """The checked Ma.K samples by id."""
    _, checked = check_documents(content, content.scenarios)
    return {scenario.id: scenario for _, scenario in checked if scenario.system == "mak"}


@pytest.fixture(scope="module")
def cards(content) -> dict[str, dict[str, str]]:
    """Each Ma.K sample card's text by id and language, tags stripped, spaces collapsed."""
    _, checked = check_documents(content, content.scenarios)
    environments = card_environments(content)
    texts = {}
    for document, scenario in checked:
        if scenario.system != "mak":
            continue
        shown = scenario_cards(content, document, scenario, COMMON, environments)
        texts[scenario.id] = {lang: _text(str(body)) for lang, body in shown.items()}
    return texts


def _text(body: str) -> str:
    """A card's words as read: no tags, entities decoded, runs of space as one."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", body)))


def test_every_mak_sample_card_is_read(cards):
    assert set(cards) == {
        "mak.rehn-crossing",
        "mak.falke-screen",
        "mak.depot-raid",
        "mak.quarry-road",
    }


@pytest.mark.parametrize("sample", ["mak.rehn-crossing", "mak.falke-screen"])
def test_an_ogp_card_says_where_the_unit_values_come_from(cards, samples, sample):
    """① counts "the victory point value of enemy units" (002 l.776), which no seed prints: the
    file says `counter`, and the card says the token's value counts, a pilot's by [18.2.5]."""
    assert samples[sample].victory.ogp
    assert "① counts each unit at the victory points printed on its token" in cards[sample]["en"]
    assert "a pilot at its value under [18.2.5]" in cards[sample]["en"]
    assert "①では、各ユニットをトークンに記載された勝利ポイントで数え" in cards[sample]["ja"]


def test_open_fixed_mines_are_on_the_card_with_the_zone_of_the_rest(cards):
    """Rehn Crossing fixes 6:0703 at 8 of 24, known to both players; 16 lie secretly on board 6."""
    en, ja = cards["mak.rehn-crossing"]["en"], cards["mak.rehn-crossing"]["ja"]
    assert "set up by the scenario, known to both players: 6:0703 (8)" in en
    assert "the remaining 16 are recorded secretly on board 6" in en
    assert "シナリオ指定の配置は6:0703 (8)(両プレイヤーに公開)" in ja
    assert "残りの16はマップボード6に秘密に記録する" in ja


def test_secret_fixed_mines_stay_off_the_shared_card(cards):
    """Depot Raid's 7:0805 (10 of 30) is secret [19.1.1]: the card says only that 10 is set and
    where the rest lies; the hex is on the Strahl Minefield Record Sheet alone."""
    en, ja = cards["mak.depot-raid"]["en"], cards["mak.depot-raid"]["ja"]
    assert "10 of it set up by the scenario in secret" in en
    assert "on this side's Minefield Record Sheet only" in en
    assert "the remaining 20 are recorded secretly on board 7" in en
    assert "0805" not in en and "0805" not in ja
    assert "うち10はシナリオ指定の非公開の配置" in ja
    assert "残りの20はマップボード7に秘密に記録する" in ja


def test_the_minefield_sheet_says_who_knows_the_fixed_fields_and_where_the_rest_lies(samples):
    depot = kit_mines(samples["mak.depot-raid"], "strahl")
    assert depot["known"] == "secret" and depot["zone"].en == "board 7"
    assert [(f["board"], f["hex"]) for f in depot["fixed"]] == [(7, "0805")]
    rehn = kit_mines(samples["mak.rehn-crossing"], "mercenary")
    assert rehn["known"] == "open" and rehn["zone"].ja == "マップボード6"


def test_every_sample_with_fixed_mines_says_open_or_secret_and_gives_a_zone(samples):
    for scenario in samples.values():
        for side in ("strahl", "mercenary"):
            mines = getattr(scenario.forces, side).land_mines
            if mines and mines.fields:
                assert mines.fixed in ("open", "secret"), scenario.id
                assert mines.zone is not None, scenario.id


def test_the_card_says_which_nutrocker_is_manned(cards):
    """PC④ marks the manned Nutrocker, pilot No. 4 controlling it (002 l.772, [16.1.1]); the
    other, on its own line, is unmanned."""
    en, ja = cards["mak.quarry-road"]["en"], cards["mak.quarry-road"]["ja"]
    assert "manned: No. 4 controls it (PC) [16.1.1]; sets up at 7:0805." in en
    assert "unmanned; sets up at 7:1105." in en
    assert "有人(No. 4が操縦、PC)[16.1.1]。7:0805に配置。" in ja
    assert "無人。7:1105に配置。" in ja


def test_a_pilots_modifiers_are_labelled_attack_defense_dog_fight(cards):
    """The created pilot's +1 / 0 / −1: attack, defense, dog-fight, as [18.3.1] gives them."""
    en, ja = cards["mak.quarry-road"]["en"], cards["mak.quarry-road"]["ja"]
    assert "+1 / 0 / −1" in en
    assert "Modifiers: attack / defense / dog-fight" in en
    assert "能力修正: 攻撃力/防御力/ドッグファイト" in ja


@pytest.mark.parametrize(
    ("sample", "points"),
    [
        ("mak.depot-raid", False),
        ("mak.quarry-road", False),
        ("mak.falke-screen", True),
        ("mak.rehn-crossing", True),
    ],
)
def test_a_tie_is_named_only_where_the_sides_compare_points(cards, samples, sample, points):
    # A yes/no condition cannot end in a tie: "a tie included" only where O.G.P. is compared
    # (read5, 1.1).
    assert bool(samples[sample].victory.ogp) is points
    en, ja = cards[sample]["en"], cards[sample]["ja"]
    assert ("a tie included" in en) is points and ("同点も含めて" in ja) is points
    if not points:
        assert "Any other result is a victory for" in en, en[-400:]
        assert "それ以外はシュトラール軍の勝利。" in ja


def test_japanese_cards_set_no_blank_after_a_full_stop_and_one_vp_form(cards):
    # 「上が北。 ❶」: the 。 carries its own blank; 「3 VP」 beside 「1VP」: one form (read5 §4, 1.4).
    for sample, texts in cards.items():
        assert "上が北。" in texts["ja"] and "上が北。 " not in texts["ja"], sample
        assert not re.search(r"[0-9] VP", texts["ja"]), sample
        assert "North up. " in texts["en"], sample
    assert "③ シュトラール軍 3VP:" in cards["mak.falke-screen"]["ja"]
