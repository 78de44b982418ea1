"""Provenance at a publisher's density (issue 28): player-facing pages print no production words
and no content id outside their footer, a translation is marked once per passage and explained
once per document, an uncertain reading keeps its mark and a player's note while the editor's
detail goes to the reviewer's copy only (issue 44), and cases the seed numbers alike are told apart in print."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pdf_pages import page_texts
from player_words import CONTENT_ID, EDITOR_PAGE_WORDS, SENTENCES, body
from pypdf import PdfReader

from generator import __version__
from generator.cli import main
from generator.render.booklets import TRANSLATION_MARK, booklet_context
from generator.render.scenario.common import rule_lines
from generator.site.rules import search_index

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "content" / "scenarios"
SAMPLES = [SCENARIOS / "fpcf" / "weser-screen.yaml", SCENARIOS / "mak" / "depot-raid.yaml"]
# Cards whose notes had seed lines, OCR forms, code points and ids; the Flashpoint booklet.
TARGETS = [
    "fpcf.hq-capability",
    "fpcf.troop-quality-independent",
    "fpcf.aircraft-type",
    "mak.pilots",
    "mak.unit-errata",
    "fpcf.notes",
]


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    """A kit of each system and the cards and booklet above, in the Japanese and bilingual
    editions, built."""
    out = tmp_path_factory.mktemp("provenance")
    argv = ["build", *TARGETS, *map(str, SAMPLES), "--kit", "--lang", "ja", "--lang", "both"]
    assert main([*argv, "--out", str(out)]) == 0
    return out


@pytest.fixture(scope="module")
def built(out) -> dict[str, tuple[str, str]]:
    """Each document's text (white space folded) by its path, with its kind."""
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    texts = {}
    for entry in manifest["documents"]:
        text = " ".join(page_texts(out / entry["path"]))
        texts[entry["path"]] = (entry["kind"], re.sub(r"\s+", " ", text))
    return texts


def test_the_pages_a_player_uses_print_no_production_words_and_no_content_id(built):
    kinds = {kind for kind, _ in built.values()}
    assert {"player-aid", "scenario-kit", "scenario-sheet", "rule-booklet"} <= kinds
    for path, (kind, text) in built.items():
        shown = body(kind, text)
        assert not EDITOR_PAGE_WORDS.findall(shown), (path, EDITOR_PAGE_WORDS.findall(shown))
        assert not CONTENT_ID.findall(shown), (path, CONTENT_ID.findall(shown))


def test_the_footer_keeps_the_source_and_the_id(built, out):
    _, text = built["fpcf/ja/fpcf.hq-capability.card.1.a5.pdf"]
    assert "fpcf.hq-capability" in text and "HQ Capability Chart" in text
    assert f"playaid {__version__}" in text and "コンテンツ" not in text  # the hash: in metadata
    keywords = PdfReader(out / "fpcf/ja/fpcf.hq-capability.card.1.a5.pdf").metadata["/Keywords"]
    assert re.fullmatch(rf"playaid {re.escape(__version__)}, content [0-9a-f]{{10}}", keywords)
    _, text = built["mak/both/mak.depot-raid.kit.a4.pdf"]
    assert "mak.depot-raid" in text


def test_the_translation_is_named_at_most_once_a_document_and_marked_on_each_passage(built):
    for path, (_, text) in built.items():
        squeezed = re.sub(r"\s+", "", text)
        for words in SENTENCES:
            assert squeezed.count(words) <= 1, (path, words)
    for path in ("mak/ja/mak.depot-raid.kit.a4.pdf", "mak/both/mak.depot-raid.kit.a4.pdf"):
        squeezed = re.sub(r"\s+", "", built[path][1])
        assert squeezed.count("playaidによる翻訳") == 1, path  # the appendix's colophon
        # The Japanese is translated throughout: the colophon says so once, no text is marked,
        # and no map glyph is the mark (issue 44).
        assert TRANSLATION_MARK not in squeezed, path
        # (?) has one meaning: the colophon says what it marks, as the card legend does, not
        # that the notes are playaid's (read-through 5).
        assert "(?)は、原文が判読しにくい" in squeezed and "(?)の付いた注" not in squeezed, path


def test_an_uncertain_reading_keeps_its_mark_and_note_and_the_detail_goes_to_no_player_page(
    built, content
):
    note = content.tables["fpcf.troop-quality-independent"].table.uncertain
    assert note.detail is not None
    for lang in ("ja", "both"):
        _, card = built[f"fpcf/{lang}/fpcf.troop-quality-independent.card.a5.pdf"]
        _, booklet = built[f"fpcf/{lang}/fpcf.notes.a4.pdf"]
        squeezed_card = re.sub(r"\s+", "", card)
        squeezed_booklet = re.sub(r"\s+", "", booklet)
        assert "(?)" in card
        assert re.sub(r"\s+", "", note.ja)[:40] in squeezed_card
        assert re.sub(r"\s+", "", note.detail.ja)[:40] not in squeezed_card
        assert re.sub(r"\s+", "", note.detail.ja)[:40] not in squeezed_booklet


def test_cases_the_seed_numbers_alike_are_told_apart_by_number_not_id(content):
    entries = booklet_context(content, "cf", ("en", "ja"))["entries"]
    numbers = {entry.case.id: entry.number for entry in entries}
    assert numbers["cf.16.21"] == "[16.21] (1/3)"
    assert numbers["cf.16.21-2"] == "[16.21] (2/3)"
    assert numbers["cf.16.21-3"] == "[16.21] (3/3)"
    assert numbers["cf.16.2"] == "[16.2]"
    labels = {entry["id"]: entry["label"] for entry in search_index(content)}  # the site's search
    assert labels["cf.16.21-2"] == "[16.21] (2/3)"
    lines = rule_lines(content, ["cf.16.21-3", "cf.16.21"])  # a scenario card's rules in use
    assert [line.label for line in lines] == ["[16.21] (1/3)", "[16.21] (3/3)"]
