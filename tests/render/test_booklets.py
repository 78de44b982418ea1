"""Rule booklets: contents with page numbers, bookmarks, running headers, working cross-links."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from building import build
from japanese_measure import unspaced
from player_words import TRANSLATED
from pypdf import PdfReader

from generator.builder.html import Templater
from generator.builder.plan import plan
from generator.builder.request import BuildRequest
from generator.content.load import load_content
from generator.render.booklets import (
    TRANSLATION_MARK,
    anchor,
    booklet_context,
    linked_text,
    translated_in,
)


@pytest.fixture(scope="module")
def booklets(tmp_path_factory):
    out = tmp_path_factory.mktemp("booklets")
    build(load_content(), out, ["cf.rules"], editions=("en", "ja", "both"))
    return {lang: PdfReader(out / f"cf/{lang}/cf.rules.a4.pdf") for lang in ("en", "ja", "both")}


def titles(outline) -> list:
    return [titles(item) if isinstance(item, list) else item.title for item in outline]


def test_bookmarks_cover_every_chapter_and_case(booklets, content):
    outline = titles(booklets["en"].outline)
    flat = [t for item in outline for t in (item if isinstance(item, list) else [item])]
    cf_cases = [c for c in content.cases.values() if c.id.startswith("cf.")]
    sections = {"Contents", "Glossary", "Notes on this edition", "Corrections to the original"}
    assert len([title for title in flat if title not in sections]) == len(cf_cases)
    assert {"Contents", "Glossary", "Notes on this edition"} <= set(flat)
    assert (
        "15.0 Airborne Units" in outline and "11.4 Chemical Weapons and Smoke Munitions" in outline
    )


def test_a_booklet_translated_throughout_says_so_once_and_marks_only_a_corrections_words(
    booklets, content
):
    """cf's English is playaid's translation throughout: the notes say so once and no English
    text carries ◇ (issue 44: ◇ is for a text only partly translated). Its Japanese is the
    seed's own but where a correction renders words the seed left in English ([11.44]'s
    機動攻撃): ◇ marks that case, and the notes of the editions that print it explain ◇ once."""
    cases = [case for case in content.system_cases("cf") if case.text]
    assert all(case.text.tr == "en" for case in cases)
    marked = [case.number for case in cases if "ja" in translated_in(case, content.reasons)]
    assert marked == ["11.44"]
    for lang in ("en", "both", "ja"):
        pages = [re.sub(r"\s+", "", page.extract_text()) for page in booklets[lang].pages]
        throughout, mark = TRANSLATED["en"] if lang == "en" else TRANSLATED["ja"]
        text = "".join(pages)
        assert text.count(throughout) == (0 if lang == "ja" else 1), lang
        assert text.count(mark) == (0 if lang == "en" else 1), lang
        rules = [page for page in pages if throughout not in page and mark not in page]
        assert "".join(rules).count(TRANSLATION_MARK) == (0 if lang == "en" else 1), lang
        assert ("「Overrun」)を行なう攻撃側は右に1コラムシフトの便宜を受ける。◇" in text) is (
            lang != "en"
        )
        assert "[16.21](1/3)" in text and "[16.21](2/3)" in text and "[16.21](3/3)" in text


def test_contents_list_page_numbers_of_chapters(booklets):
    reader = booklets["en"]
    contents = reader.pages[1].extract_text()
    match = re.search(r"15\.0 Airborne Units[ .]*(\d+)", contents)
    assert match, contents
    page = int(match.group(1))
    assert "[15.0] Airborne Units" in reader.pages[page - 1].extract_text()


def test_page_n_of_m_and_running_header(booklets):
    for lang, marker in (("en", "Page 3 of {n}"), ("ja", "3 / {n} ページ")):
        reader = booklets[lang]
        text = reader.pages[2].extract_text()
        assert marker.format(n=len(reader.pages)) in text, text[-200:]
    assert "1.0 Central Front Standard Rules" in booklets["en"].pages[2].extract_text()


def test_cross_references_are_links_to_the_target(booklets):
    reader = booklets["en"]
    names = set(reader.named_destinations)
    assert anchor("cf.17.2") in names
    links = [
        annot.get_object()
        for page in reader.pages
        for annot in page.get("/Annots", [])
        if annot.get_object().get("/Subtype") == "/Link"
    ]
    targets = {str(link.get("/Dest")) for link in links if link.get("/Dest")}
    assert anchor("cf.17.2") in targets


def test_bilingual_booklet_extracts_both_languages(booklets):
    text = "".join(page.extract_text() for page in booklets["both"].pages)
    joined = unspaced(text.replace("\n", ""))
    assert "Chemical Weapons and Smoke Munitions / 化学兵器と煙幕弾" in text
    assert "化学兵器もしくは煙幕弾を1フリクションポイント増加することで使用できる" in joined


def test_linked_text_marks_external_references(content):
    case = content.cases["cf.15.41"]
    pattern = content.sources.reference_pattern("cf")
    html = str(linked_text(case, case.text.ja, pattern, set(content.cases)))
    assert f'<a class="ref" href="#{anchor("cf.17.2")}">(17.2</a>' in html
    assert '<span class="ref external">(8.44</span>' in html


def test_a_case_that_cites_a_figure_says_the_figure_is_in_the_original_rulebook(content):
    context = booklet_context(content, "mak", ("en", "ja"))
    citing = [entry for entry in context["entries"] if entry.cites_figure]
    assert len(citing) >= 5
    spec = next(spec for spec in plan(content, "a4") if spec.id == "mak.rules")
    request = BuildRequest(content, Path("out"), ("mak.rules",))
    for edition, words in (("en", "original rulebook only"), ("ja", "原本のルールブックにのみ")):
        html = Templater(request, [spec]).html(spec, edition)[0]
        assert html.count('class="figure-note"') == len(citing), edition
        assert words in re.sub(r"<[^>]+>", "", html), edition


def test_a_case_texts_rows_with_cells_print_as_a_table(content):
    """[18.3.1]'s chart, lines with ` | ` between cells in both languages, is a table with its
    first line as the head (it printed as a line of text with | between cells: issue 44)."""
    case = content.cases["mak.18.3.1"]
    for lang, head in (("en", "Roll one die"), ("ja", "ダイス1個を振る")):
        html = str(linked_text(case, case.text.get(lang), None, set()))
        assert " | " not in html, lang
        table = re.search(r'<table class="case-table">.*</table>', html).group()
        assert table.startswith(f'<table class="case-table"><thead><tr><th>{head}</th>'), lang
        assert table.count("<tr>") == 7 and table.count("<td>") == 18, lang
        assert html.endswith("</table>") and html.count("<p>") == 1, lang  # text and title
