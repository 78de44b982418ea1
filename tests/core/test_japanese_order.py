"""The Japanese glossary's order and readings (issue 44 §5): 五十音 order as a Japanese glossary
sorts (Latin first, then kana; katakana as hiragana, voiced and small kana as plain, ー as the
vowel before it), and a reading per term whose Japanese holds kanji, which reads that Japanese."""

from __future__ import annotations

import pytest
from conftest import MINIMAL_SOURCES

from generator.content.load import load_content
from generator.core.errors import ContentError
from generator.core.japanese import KANJI, gojuon_key, reads

IN_ORDER = [
    "ADAこうげき",  # a reading that opens in Latin letters comes first, alphabetically
    "HQ",
    "NATOぐん",
    "ZOC",
    "あれち",
    "イギリス",  # katakana sorts as hiragana
    "かせん",
    "かっせいか",  # っ as つ: かせ < かつ
    "カナダ",
    "きっと",
    "きつね",  # っ and つ tie on the plain kana: と < ね
    "はあと",
    "ハート",  # ー as the vowel before it: はあと ties, and is broken by the marks
    "はいと",
    "はし",
    "ばし",  # voiced after unvoiced, before the next plain kana
    "ぱし",
    "ひし",
]


def test_gojuon_order():
    assert sorted(reversed(IN_ORDER), key=gojuon_key) == IN_ORDER


@pytest.mark.parametrize(
    ("reading", "japanese", "expected"),
    [
        ("きかいかライフル", "機械化ライフル", True),
        ("だいいちプレイヤー", "第1プレイヤー", True),  # the digit among kanji is read
        ("NATOぐん", "NATO軍", True),
        ("しゅうせいまえのでめ", "修正前の出目", True),
        ("きかいからいふる", "機械化ライフル", False),  # the katakana stays katakana
        ("機械化ライフル", "機械化ライフル", False),  # no kanji in a reading
        ("きかいか", "機械化ライフル", False),
    ],
)
def test_a_reading_reads_its_japanese(reading, japanese, expected):
    assert reads(reading, japanese) is expected


def test_every_shipped_term_with_kanji_has_a_reading(content):
    missing = [
        term.ja for term in content.glossary.terms if KANJI.search(term.ja) and not term.reading
    ]
    assert missing == []
    assert not [issue for issue in content.warnings if issue.code == "glossary-reading-missing"]


def test_a_reading_that_does_not_read_the_term_is_refused_and_a_missing_one_noted(make_content):
    glossary = """\
        kind: glossary
        terms:
          - {id: hex, en: Hex, ja: ヘクス}
          - {id: city, en: City, ja: 都市, reading: とし}
          - {id: rough, en: Rough, ja: 険阻地, reading: けんそち, systems: [fpcf]}
          - {id: woods, en: Woods, ja: 森林, systems: [fpcf]}
        """
    content = load_content(make_content({"glossary.yaml": glossary}, sources=MINIMAL_SOURCES))
    warned = [(i.code, i.key_path) for i in content.warnings if i.code.startswith("glossary-r")]
    assert warned == [("glossary-reading-missing", "terms[3].ja")]
    bad = glossary.replace("reading: とし", "reading: 都市")
    with pytest.raises(ContentError) as raised:
        load_content(make_content({"glossary.yaml": bad}, sources=MINIMAL_SOURCES))
    assert [(i.code, i.key_path) for i in raised.value.issues] == [("glossary-reading", "terms[1]")]
