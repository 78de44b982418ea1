"""One audience per page (issue 44, item 2): a note's own text is the player's, its `detail` the
editor's; `check` refuses the editor's words in a player's note, and no page a player uses (every
card, booklet, record sheet, scenario sheet and kit part, in every edition, and the site) prints
an editor's note or the editor's words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from player_words import EDITOR_PAGE_WORDS

from generator import __version__
from generator.builder.html import Templater, visible_text
from generator.builder.plan import plan
from generator.builder.request import BuildRequest
from generator.content.audience import editor_words
from generator.content.model.base import NoteText
from generator.content.model.walk import walk
from generator.render.environment import EDITIONS
from generator.scenario.check import check_documents, read_documents
from generator.site.pages import render_pages

ROOT = Path(__file__).resolve().parents[2]
SCENARIO_FILES = sorted((ROOT / "content" / "scenarios").glob("*/*.yaml"))
LEAD = {
    "en": "This part of the original is hard to read: ",
    "ja": "原文のこの部分は判読しにくい。",
}


def notes(content) -> list[NoteText]:
    """Every note of the content: the charts', the rule cases', the units', maps' and boards'."""
    models = [*content.rulesets, *(resolved.table for resolved in content.tables.values())]
    models += [
        unit for catalogue in content.catalogues.values() for unit in catalogue.units.values()
    ]
    places = (*content.maps.values(), *content.boards.values())
    models += [item for group in places for item in group.values()]
    return [value for model in models for _, value in walk(model) if isinstance(value, NoteText)]


def squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.fixture(scope="module")
def scenarios(content):
    documents, read = read_documents(SCENARIO_FILES)
    return check_documents(content, documents, read)[1]


@pytest.fixture(scope="module")
def player_pages(content, scenarios) -> dict[tuple[str, str], str]:
    """The visible text of every document a player uses, in every edition, by (id, edition),
    with the site's pages under the edition "site"."""
    request = BuildRequest(content, Path("out"), scenarios=tuple(scenarios))
    specs = [spec for spec in plan(content, "a4", scenarios) if spec.kind != "scenario-kit"]
    templater = Templater(request, specs)
    pages = {
        (spec.id, edition): visible_text(templater.html(spec, edition)[0])
        for spec in specs
        for edition in EDITIONS
        if edition != "both" or not spec.back_to_back  # bound from its en and ja documents
    }
    for path, html in render_pages(content, scenarios).items():
        pages[(path, "site")] = visible_text(html)
    return pages


def test_a_note_with_the_editors_words_is_refused_where_it_stands(run, make_content):
    rules = """\
    kind: rules
    system: fpcf
    source: {seed: "000"}
    cases:
      - id: fpcf.x
        text: {en: "A rule.", ja: "ルール。", tr: none}
        source: {seed: "000"}
        uncertain: {en: "Seed 000, line 4, is damaged.", ja: "シード000の4行目が欠けている。", tr: none}
    """
    result = run("--content", str(make_content({"r.yaml": rules})), "check")
    assert result.code == 1
    for lang, words in (("en", "Seed, line 4"), ("ja", "シード, 行目")):
        assert f"error[note-editor-words]: fpcf.x uncertain.{lang}: " in result.err
        assert words in result.err


def test_no_shipped_note_holds_the_editors_words_and_a_hard_reading_has_one_wording(content):
    found = notes(content)
    assert len(found) > 60
    for note in found:
        for lang in ("en", "ja"):
            text = note.get(lang)
            assert not editor_words(text), (lang, text[:80])
            if "判読" in note.ja or "hard to read" in note.en:
                assert text.startswith(LEAD[lang]), (lang, text[:80])
    # 14: the aircraft-type chart's note no longer opens so: read column by column its values are
    # all clear, and how its page is laid out is the editor's (its detail).
    assert sum(note.ja.startswith(LEAD["ja"]) for note in found) >= 14


# How playaid read the original, which the read-through of the Ma.K kits (read5, finding 1) found
# in the players' notes: a spelling taken letter by letter, a heading "read as", a proof-check
# ("agrees with the chart"), where a mark is printed, an English quotation of the damaged text,
# how many rows a table prints. Each belongs in the note's `detail`.
PROOF_WORDS = re.compile(
    r"letter for letter|1文字ずつ|is read as|と読んだ|which agree with the chart|表と一致する"
    r"|prints the † after|†が印刷されている|Early printings of may|The chart prints (?:two|[0-9]+) "
    r"|表ではここに|この表は各陣営"
)


def test_no_player_note_on_a_mak_card_says_how_the_original_was_read(content):
    cards = [resolved.table for key, resolved in content.tables.items() if key.startswith("mak.")]
    found = [value for card in cards for _, value in walk(card) if isinstance(value, NoteText)]
    assert len(found) > 15
    for note in found:
        for lang in ("en", "ja"):
            text = note.get(lang)
            assert not PROOF_WORDS.search(text), (lang, text[:80])
            detail = note.detail
            if detail is not None:
                assert detail.get(lang), (lang, text[:80])


def test_no_player_page_prints_an_editors_note_or_word(content, player_pages):
    details = {
        squeezed(note.detail.get(lang))[:30]
        for note in notes(content)
        if note.detail
        for lang in ("en", "ja")
    }
    assert len(details) > 20
    kinds = {edition for _, edition in player_pages}
    assert kinds == {*EDITIONS, "site"}
    for (document, edition), text in player_pages.items():
        shown = squeezed(text)
        assert not [d for d in details if d in shown], (document, edition)
        assert not EDITOR_PAGE_WORDS.findall(text), (
            document,
            edition,
            EDITOR_PAGE_WORDS.findall(text),
        )


def test_a_player_page_names_no_seed_line_and_no_content_hash_in_its_footer(player_pages):
    card = squeezed(player_pages[("fpcf.air-drop.card", "ja")])
    assert (
        f"playaid{__version__}・fpcf.air-drop" in card
    )  # the edition mark and the id lookup takes
    assert "AirDropTable" in card.split("出典")[-1]  # the original's section
    assert "コンテンツ" not in card and "playaidrevisiontoken" not in card
    booklet = squeezed(player_pages[("fpcf.notes", "ja")])
    assert booklet.count("playaidrevisiontoken") == 1  # the colophon's, in this edition's notes
