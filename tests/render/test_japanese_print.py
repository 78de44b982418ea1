"""Print as a publisher prints it, measured over a full build (issue 28): the Japanese of every
Japanese-edition PDF and every bilingual one, read back from the PDF's characters
(tests/japanese_measure.py), and the words of every page a player uses, in every edition.

The build is the CLI's (sample scenarios, sheets and kits included); after `playaid build` its
documents come from the document cache, so this costs the measuring, not the rendering.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from japanese_measure import (
    Element,
    Meetings,
    broken_phrases,
    elements,
    elements_and_splits,
    latin_splits,
    loose_cells,
    loose_lines,
    meetings,
    ragged_cells,
    running_head_meetings,
    runts,
    spaced_marks,
    split_numerals,
)
from pdf_pages import page_texts
from player_words import CONTENT_ID, PLAYER_KINDS, PRODUCTION, SENTENCES, body
from pypdf import PdfReader

from generator.content.load import load_content

pytestmark = pytest.mark.xdist_group("full-build")


@pytest.fixture(scope="module")
def built(full_build) -> tuple[Path, list[dict]]:
    """A full build of every edition (the site aside) and its manifest entries."""
    return full_build


CARDS = ("player-aid", "scenario-sheet", "record-sheet")  # every line set by phrases


# A kit's pages that are other documents of the build, measured there: its sheets of player-aid
# cards and its scenario card (by page label).
BOUND_ELSEWHERE = ("Player aid", "プレイヤーエイド", "Scenario card", "シナリオカード")


def _bound_elsewhere(path: Path) -> frozenset[int]:
    """The pages (from 1) of a kit that print another document of the build."""
    labels = PdfReader(path).page_labels
    return frozenset(n for n, label in enumerate(labels, 1) if label.startswith(BOUND_ELSEWHERE))


@pytest.fixture(scope="module")
def read(built) -> dict[str, tuple[list[Element], list[str]]]:
    """The text elements and the split words of every Japanese and bilingual PDF, by path, each
    page read once (issue 46); a kit's own pages only."""
    out, entries = built
    found = {}
    for entry in entries:
        if entry["lang"] == "en":
            continue
        path = out / entry["path"]
        skip = _bound_elsewhere(path) if entry["kind"] == "scenario-kit" else frozenset()
        found[entry["path"]] = elements_and_splits(path, skip)
    return found


@pytest.fixture(scope="module")
def measured(read) -> dict[str, list[Element]]:
    """The text elements of every Japanese and bilingual PDF, by path; a kit's own pages only."""
    return {path: found for path, (found, _) in read.items()}


@pytest.fixture(scope="module")
def cards(built) -> set[str]:
    """The paths of the cards and sheets, whose every line breaks between phrases."""
    return {entry["path"] for entry in built[1] if entry["kind"] in CARDS}


def test_japanese_and_latin_text_meet_with_one_gap(measured):
    total = Meetings()
    for found in measured.values():
        total.add(meetings(found))
    assert len(total.right) > 1000
    assert total.share >= 0.95, (
        len(total.tight),
        len(total.wide),
        total.tight[:20],
        total.wide[:20],
    )


def test_no_numeral_is_split_from_its_counter(measured):
    split = {path: split_numerals(found) for path, found in measured.items()}
    assert not {path: found for path, found in split.items() if found}


def test_no_paragraph_ends_on_a_line_of_one_or_two_characters(measured):
    found_runts = {path: runts(found) for path, found in measured.items()}
    assert not {path: found for path, found in found_runts.items() if found}


def test_no_latin_word_reference_or_dai_and_its_numeral_is_split_between_lines(built, read):
    """「S.F.」/「3.D II」, 「[9.3.2] (p.」/「12)」, 「第」/「一ターン」 in running text, and on the
    cards and sheets: the unit-errata card's 「防御力(S.F.」/「3.D Original)」 (issue 44)."""
    _, entries = built
    kinds = {entry["kind"] for entry in entries if entry["path"] in read}
    assert set(CARDS) <= kinds and "rule-booklet" in kinds  # cards too, ja and both
    assert not {path: found for path, (_, found) in read.items() if found}


def test_no_product_name_is_split_between_lines_of_an_english_card(built):
    """The English edition's cards and sheets: the unit-errata card's 「(S.F.」/「3.D Original)」
    (issue 44), where Unicode's line breaking allows a break after a letter's dot."""
    out, entries = built
    english = [out / e["path"] for e in entries if e["lang"] == "en" and e["kind"] in CARDS]
    assert len(english) > 20
    assert not {path.name: found for path in english if (found := latin_splits(path))}


def test_no_justified_line_spreads_its_characters_more_than_a_quarter_em(built, measured, cards):
    """A line before a Latin word that does not fit on it is spread to fill the measure: at
    b880d8f the bilingual mak.rules spread 「が、パンツァーファウストも携行している。」 0.29 em
    between characters, as 「GustavとKonradが」 went whole to the next line (issue 44). A card's
    cell of running text, narrower, is held to a tenth of an em (CELL_LOOSEST_EMS): at 8952e38
    the ja unit-errata card's 14-em cells spread 「誤って印刷されている場合」 0.24 em."""
    booklets = {e["path"] for e in built[1] if e["kind"] == "rule-booklet" and e["lang"] != "en"}
    assert len(booklets) == 6 and booklets <= set(measured)
    loose = {path: found for path in measured if (found := loose_lines(measured[path]))}
    assert not loose
    out, _ = built
    paths = sorted(cards & set(measured))  # the Japanese and bilingual editions
    assert "mak/ja/mak.unit-errata.card.a5.pdf" in paths
    loose = {path: found for path in paths if (found := loose_cells(out / path))}
    assert not loose


def test_no_space_follows_a_full_width_mark(measured):
    """Two Japanese texts joined as English joins sentences (「勝利する。 HQ は」, issue 44)."""
    spaced = {path: spaced_marks(found) for path, found in measured.items()}
    assert not {path: found for path, found in spaced.items() if found}


NOTES_TITLES = ("Notes on this edition", "この版について")


def test_the_notes_on_this_edition_set_their_paragraphs_in_one_size(built):
    """mak.rules p32, fpcf.notes p8: the colophon was set smaller than the paragraph after it
    (issue 44)."""
    out, entries = built
    checked = 0
    for entry in entries:
        if entry["id"] not in ("mak.rules", "fpcf.notes") or entry["lang"] == "en":
            continue
        path = out / entry["path"]
        reader = PdfReader(path)
        count = len(reader.pages)
        notes = next(
            n
            for n in range(3, count + 1)  # page 2 is the contents
            if any(title in reader.pages[n - 1].extract_text() for title in NOTES_TITLES)
        )
        paragraphs = [e for e in elements(path, frozenset(range(1, count + 1)) - {notes})]
        sizes = [round(e.chars[0]["size"], 1) for e in paragraphs if e.type == "P"][:2]
        assert len(sizes) == 2 and sizes[0] == sizes[1], (entry["path"], sizes)
        checked += 1
    assert checked == 4


def test_no_title_heading_cell_or_card_line_breaks_inside_a_phrase(measured, cards):
    words = load_content().japanese_terms()
    broken = {
        path: broken_phrases(found, words, card=path in cards) for path, found in measured.items()
    }
    assert not {path: found for path, found in broken.items() if found}


def test_a_cards_cell_of_running_text_is_justified_to_its_edge(built, measured, cards):
    """A cell's sentence of more than SHORT_CHARACTERS Japanese characters is running text,
    justified: at b880d8f the errata card's cells broke between phrases only, 「数量が「∞」のユ
    ニットは、煙を」/「発生させる弾を」/「続けて 1 発撃つごとに、煙幕の」, lines half empty (issue
    44). Every line of such a cell but its last ends within RAGGED_EMS of the cell's edge."""
    out, _ = built
    paths = sorted(cards & set(measured))  # the Japanese and bilingual editions
    assert "mak/ja/mak.reference-card-errata.card.2.a5.pdf" in paths
    ragged = {path: found for path in paths if (found := ragged_cells(out / path))}
    assert not ragged


def test_a_running_head_sets_a_gap_where_japanese_meets_latin_text(built, measured):
    """A running head is a CSS string, which no gap's span can enter: a kit's 「Falkeの警戒幕 使
    用するルール: 全文」 had none between Falke and の (issue 44)."""
    out, entries = built
    headed = [
        e["path"]
        for e in entries
        if e["kind"] in ("rule-booklet", "scenario-kit") and e["path"] in measured
    ]
    total = Meetings()
    for path in headed:
        total.add(running_head_meetings(out / path))
    assert len(total.right) > 100 and not total.tight, total.tight[:10]


def test_no_page_a_player_uses_prints_production_words_or_content_ids(built):
    """Player-aid cards, scenario cards, kits and record sheets, in every edition: no "seed",
    "OCR", code point or backtick, no content id outside the footer, and the translation named
    at most once a document."""
    out, entries = built
    kinds = set()
    for entry in entries:
        if entry["kind"] not in PLAYER_KINDS:
            continue
        kinds.add(entry["kind"])
        text = re.sub(r"\s+", " ", " ".join(page_texts(out / entry["path"])))
        shown = body(entry["kind"], text)
        assert not PRODUCTION.findall(shown), (entry["path"], PRODUCTION.findall(shown))
        assert not CONTENT_ID.findall(shown), (entry["path"], CONTENT_ID.findall(shown))
        squeezed = re.sub(r"\s+", "", text)
        assert all(squeezed.count(words) <= 1 for words in SENTENCES), entry["path"]
    assert kinds == set(PLAYER_KINDS)
