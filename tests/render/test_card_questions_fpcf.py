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
        "march column 1: HQ, Tk Rgt A, Tk Rgt B [17.2]",
        "march column 2: Tk Rgt C, MR Rgt D [17.2]",
        "the player picks each column's entry hex at the start of the turn [17.22]",
        # the US 3rd Armored Division's units and HQ, and the chart's morale it does not give
        "with 1 Bde/3 AD, 2 Bde/3 AD, 3 Bde/3 AD",
        "HQs enter with their first units.",
        "3rd Armored Division US · Division · Starting morale: 1st Line",
        # the 11th Armored Cavalry Regiment's morale
        "US · Regiment · Starting morale: 1st Line",
        # the victory conditions decide every outcome, and say whether HQs count
        "HQs do not count as units.",
        "Any other result is a victory for NATO.",
        # the pre-GT1 activation has its box on the turn record track
        "Pre-GT1",
        # each nation rolls for air strikes from the first turn that starts with its land units
        # on the map, and a nation roll that names another nation is rolled again
        "US, SU from turn 1; CZ from turn 3",
        "A nation roll naming a nation that is not rolling is rolled again",
        # which forces are in play: every unit is named, none taken from an original game
        "Forces in play Only the units this card names, none from an original game.",
        "This card places or brings on every unit in play, where it says.",
        "Sets up first NATO (in view)",
        # the Soviet Surprise Phase as the seed's English says it (000 l.213)
        "HQs in range may fire ADA. GT1: Soviets hold a chit out.",
    ],
    "ja": [
        "第1隊列:HQ,TkRgtA,TkRgtB[17.2]",
        "各隊列のエントリーヘクスは、ターンのはじめにプレイヤーが決める[17.22]",
        "第3機甲師団アメリカ(US)・師団・初期士気:第一線",
        "連隊・初期士気:第一線",
        "HQはユニットとして数えない。",
        "それ以外はNATO軍の勝利。",
        "pre-GT1",
        "ソビエト(SU)は第1ターンから。チェコスロバキア(CZ)は第3ターンから",
        "登場する部隊このカードが挙げるユニットのみ。原作ゲームのユニットは使わない。",
        "このカードが、登場するすべてのユニットの配置と登場を指定する。",
        "先に配置NATO軍(公開)",
        "GT1はソビエト軍がチットを出す。",
    ],
}

ABSENT = {
    # a card that lists every unit names no game to take counters from
    "hof-gap-dawn": {
        "en": ["Original game", "original game's March Order"],
        "ja": ["原作ゲーム『"],
    },
    "weser-screen": {"en": ["Original game"], "ja": ["原作ゲーム『"]},
}

WESER = {
    "en": [
        # the airborne battalion has the morale the Air Drop Table takes levels from
        "Airborne battalion SU · Independent · Starting morale: 1st Line",
        # "holding" the drop hex, defined, and where it is when the drop lands elsewhere
        "a Soviet unit stands in hex 2408 (the planned drop hex; still 2408 if the drop lands"
        " elsewhere) and no NATO unit does.",
        "HQs do not count as units.",
        "Any other result is a victory for NATO.",
        "Forces in play Only the units this card names, none from an original game.",
        "21 Engr Regt 1713",
        "UK, WG from turn 1; SU from turn 2",
        "where [15.2] bars that hex then, on a hex its player chooses: a hex within 3 hexes of 2408",
    ],
    "ja": [
        "空挺大隊ソビエト(SU)・独立・初期士気:第一線",
        "ヘクス2408(予定の降下ヘクス。降下が別のヘクスになっても2408のまま)にソビエト軍ユニットがあり、"
        "NATO軍ユニットがなければ勝利する。",
        "ソビエト(SU)は第2ターンから",
        "[15.2]によりこのヘクスに降下できない場合は、プレイヤーが選ぶヘクスへ:2408から3ヘクス以内で[15.2]が認めるヘクス",
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
    present = [p for p in ABSENT[sample][lang] if re.sub(r"\s+", fold, p) in printed]
    assert present == []
