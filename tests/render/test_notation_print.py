"""One notation per language on the printed page (issue 44, §5), read back from every PDF of a
full build: a Japanese page writes a range between numbers with 〜 only (charts' die rolls and
labels, kits' page ranges, sheets, booklets alike) and separates facts with 「・」, never the
Latin middle dot; an English page never prints the Japanese range mark, and every range on it
(a seed's text copied too) is low–high with an en dash, never a tilde, a hyphen or a spaced dash,
but in the notes' corrections, which quote the seed's form beside the one printed. The content's
and the catalog's texts are `check`'s (tests/content/test_notation_forms.py); this reads what the
templates and the code that lays charts out make of them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pdf_pages import page_texts

from generator.content.model.base import LocalizedText
from generator.content.model.walk import walk

pytestmark = pytest.mark.xdist_group("full-build")

NUMBER = r"[0-9]+(?:/[0-9]+)?"
# A range between numbers written with another mark than 〜: a hyphen, an en dash or a tilde.
OTHER_RANGE = re.compile(rf"(?<![0-9./])({NUMBER}) ?[-–~～] ?({NUMBER})(?![0-9])")
# An English range written otherwise: a tilde, a hyphen (not a year and month, 2884-12) or a dash
# with a space either side, after a number that is not a case's (9.3.2) or a fraction's part
# (No.17 – 21 is a range); not a subtraction, (9 – 4 = 5), (10-1) – (5+1) = 3.
ENGLISH_OTHER_RANGE = re.compile(
    rf"(?<![0-9/])(?<![0-9]\.){NUMBER}(?: ?[~～] ?|-| [-–] ){NUMBER}(?![0-9])(?! ?\)? ?[=+−–-] ?[0-9(])"
)
DATE = re.compile(r"[0-9]{4}-[0-9]{2}")
JAPANESE = "[\u3040-\u30ff\u4e00-\u9fff]"
# A line of Japanese alone (no Latin letter) on a bilingual page.
JAPANESE_LINE = re.compile(rf"^(?=.*{JAPANESE})[^A-Za-z\n]*$", re.MULTILINE)


@pytest.fixture(scope="module")
def pages(full_build) -> dict[str, list[str]]:
    """The text of every page of every PDF, by path."""
    out, entries = full_build
    return {entry["path"]: page_texts(Path(out) / entry["path"]) for entry in entries}


def _edition(path: str) -> str:
    return path.split("/")[1]


def _other_ranges(text: str) -> list[str]:
    """The ranges of a Japanese page written with another mark than 〜, but for the seed's form
    that the notes' corrections quote beside the form printed (「WP 1-3 … WP 1〜3」, and the
    Autobahn's two rates, not a range: 「1-1/2 … 1または1/2」)."""
    return [
        match.group(0)
        for match in OTHER_RANGE.finditer(text)
        if f"{match.group(1)}〜{match.group(2)}" not in text
        and not re.search(
            rf"(?<![0-9./]){re.escape(match.group(1))}\s*または\s*{re.escape(match.group(2))}"
            r"(?![0-9/])",
            text,
        )
    ]


def test_the_japanese_range_pattern_spares_a_quoted_seed_form():
    assert _other_ranges("WP 1-3 WP 1〜3") == []
    assert _other_ranges("1/4-1/5 1/4 または 1/5、1-1/2 1または1/2") == []
    assert _other_ranges("1-1/2 1/4または1/5") == ["1-1/2"]


def test_a_japanese_page_writes_every_range_with_one_mark(pages):
    found = {
        (path, number): _other_ranges(text)
        for path, texts in pages.items()
        if _edition(path) == "ja"
        for number, text in enumerate(texts, 1)
    }
    assert not {where: ranges for where, ranges in found.items() if ranges}


def test_a_bilingual_page_writes_a_range_in_japanese_with_the_japanese_mark(pages):
    """A line of Japanese alone: a range shared by both languages (a chart's die roll) prints
    once, in the English form, on a line of its own or beside the English."""
    found = {
        (path, number): _other_ranges("\n".join(JAPANESE_LINE.findall(text)))
        for path, texts in pages.items()
        if _edition(path) == "both"
        for number, text in enumerate(texts, 1)
    }
    assert not {where: ranges for where, ranges in found.items() if ranges}


def test_an_english_page_never_prints_the_japanese_range_mark(pages):
    found = [
        (path, number)
        for path, texts in pages.items()
        if _edition(path) == "en"
        for number, text in enumerate(texts, 1)
        if re.search(rf"{NUMBER}〜{NUMBER}", text)
    ]
    assert not found


@pytest.fixture(scope="module")
def quoted(content) -> list[tuple[str, str]]:
    """Each (seed, printed) form of a range correction (reason notation), or of two rates a seed
    joins with a hyphen (reason alternatives), the notes may quote."""
    return [
        (correction.seed, correction.printed)
        for _, text in walk([*content.cases.values(), *(t.table for t in content.tables.values())])
        if isinstance(text, LocalizedText)
        for correction in text.corrections
        if correction.reason in ("notation", "alternatives")
    ]


def _english_other_ranges(text: str, quoted: list[tuple[str, str]]) -> list[str]:
    """The ranges of an English page written with another mark than –, but for a seed's form
    that the notes' corrections quote beside the form printed (「17, p72-3 17, p72–73」)."""
    text = re.sub(r"\s+", " ", text)
    for seed, printed in quoted:
        if printed in text:
            text = text.replace(seed, printed)
    found = [match.group(0) for match in ENGLISH_OTHER_RANGE.finditer(text)]
    return [form for form in found if not DATE.fullmatch(form)]


def test_the_english_range_pattern_finds_each_other_form():
    found = _english_other_ranges(
        "Map Boards (1~4); 17, p72-3; 1-8, attack 15; No.17 – 21; 3 - 5; hexes 0105-0108", []
    )
    assert found == ["1~4", "72-3", "1-8", "17 – 21", "3 - 5", "0105-0108"]
    assert _english_other_ranges("17, p72-3 17, p72–73", [("17, p72-3", "17, p72–73")]) == []
    clean = "After 2884-12, 1–4; (9 – 4 = 5); (10-1) – (5+1) = 3; [9.3.2]-3; −2; J40(S); 0101"
    assert _english_other_ranges(clean, []) == []


def test_an_english_page_writes_every_range_low_en_dash_high(pages, quoted):
    """An English page (and a bilingual one, whose Japanese lines the tests above read) prints
    its ranges, a seed's copied text's too, with the en dash: the seed's others are corrected."""
    found = {
        (path, number): _english_other_ranges(text, quoted)
        for path, texts in pages.items()
        if _edition(path) in ("en", "both")
        for number, text in enumerate(texts, 1)
    }
    assert not {where: ranges for where, ranges in found.items() if ranges}


def test_a_japanese_page_separates_facts_with_the_japanese_middle_dot(pages):
    found = [
        (path, number)
        for path, texts in pages.items()
        if _edition(path) == "ja"
        for number, text in enumerate(texts, 1)
        if "·" in text
    ]
    assert not found
