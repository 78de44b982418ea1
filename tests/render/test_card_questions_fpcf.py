"""The Flashpoint sample cards answer every question two players would otherwise argue over at the
table (issue 29, §1): read from the printed card, in English and in Japanese."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.cli import main

SAMPLES = Path(__file__).resolve().parents[2] / "content" / "scenarios" / "fpcf"


@pytest.fixture(scope="module")
def card(tmp_path_factory):
    """A function giving a sample card's printed text (A4) in one language, white space folded;
    Japanese with no white space at all, since a line may end anywhere in it."""
    out = tmp_path_factory.mktemp("fpcf-cards")
    samples = [str(SAMPLES / name) for name in ("hof-gap-dawn.yaml", "weser-screen.yaml")]
    args = ["build", *samples, "--lang", "en", "--lang", "ja", "--no-site", "--out", str(out)]
    assert main(args) == 0

    def text(sample: str, lang: str) -> str:
        path = out / "fpcf" / lang / f"fpcf.{sample}.sheet.a4.pdf"
        raw = " ".join(page.extract_text() for page in PdfReader(path).pages)
        return re.sub(r"\s+", "" if lang == "ja" else " ", raw)

    return text


HOF_GAP = {
    "en": [
        # the Czechoslovak division's march columns [17.2], entry hexes picked under [17.22]
        "march column 1: units in the original game's March Order [17.2]",
        "march column 2: units in the original game's March Order [17.2]",
        "the player picks each column's entry hex at the start of the turn [17.22]",
        # the US 3rd Armored Division's units and HQ
        "with the units of the original game's order of battle",
        "HQs enter with their first units.",
        # the 11th Armored Cavalry Regiment's morale
        "US · Regiment · Starting morale: 1st Line",
        # the victory conditions decide every outcome, and say whether HQs count
        "HQs do not count as units.",
        "Any other result, a tie included, is a victory for NATO.",
        # the pre-GT1 activation has its box on the turn record track
        "Pre-GT1",
        # each nation rolls for air strikes from the turn its land units are on the map
        "US from turn 1, SU from turn 1, CZ from turn 2",
        # the game that supplies counters and the original set-up
        "Original game Hof Gap (Central Front series)",
        # Set-up's summary gives way to the card's own hexes; the order of set-up
        "Units this card places set up where it says.",
        "Sets up first NATO (in view)",
    ],
    "ja": [
        "第1隊列:ユニットは原作ゲームの行軍序列に従う[17.2]",
        "各隊列のエントリーヘクスは、ターンのはじめにプレイヤーが決める[17.22]",
        "ユニットは原作ゲームの戦闘序列に従う",
        "連隊·初期士気:第一線",
        "HQはユニットとして数えない。",
        "それ以外は、同点も含めてNATO軍の勝利。",
        "pre-GT1",
        "チェコスロバキア(CZ)(第2ターンから)",
        "原作ゲーム『HofGap』(CentralFrontシリーズ)",
        "このカードが配置を指定するユニットは、その指定に従う。",
        "先に配置NATO軍(公開)",
    ],
}

WESER = {
    "en": [
        # the airborne battalion has the morale the Air Drop Table takes levels from
        "Airborne battalion SU · Independent · Starting morale: 1st Line",
        # "holding" the drop hex, defined
        "a Soviet unit stands in the drop hex (2408) and no NATO unit does.",
        "HQs do not count as units.",
        "Any other result, a tie included, is a victory for NATO.",
        "Original game BAOR (Central Front series)",
        "UK from turn 1, WG from turn 1, SU from turn 1",
    ],
    "ja": [
        "空挺大隊ソビエト(SU)·独立·初期士気:第一線",
        "降下ヘクス(2408)にソビエト軍ユニットがあり、NATO軍ユニットがなければ勝利する。",
        "『BAOR』(CentralFrontシリーズ)",
    ],
}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(
    ("sample", "expected"), [("hof-gap-dawn", HOF_GAP), ("weser-screen", WESER)]
)
def test_the_card_answers_each_question(card, sample, expected, lang):
    printed = card(sample, lang)
    fold = " " if lang == "en" else ""
    missing = [p for p in expected[lang] if re.sub(r"\s+", fold, p) not in printed]
    assert missing == []
