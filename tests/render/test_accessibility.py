"""Tagged PDFs read back with pypdf: a structure tree with /MarkInfo, the edition's /Lang and
/Title, headings, tables with scoped header cells, lists, figures with a text alternative, the
language of each passage in a bilingual edition; bound documents (imposed cards, kits) keep their
parts' tags; the PDF/A-3b and PDF/UA-1 variants build and claim what they are; no header cell
splits a Japanese word."""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from building import build
from pypdf import PdfReader
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject

from generator.builder.html import FONT_TOKENS
from generator.builder.plan import NOT_PDFA, plan
from generator.builder.pool import RenderJob, first_that_fits
from generator.builder.request import BuildError
from generator.content.load import DEFAULT_CONTENT, load_content
from generator.render.fonts import japanese_font
from generator.render.i18n import TEMPLATES
from generator.render.pdf import render_pdf
from generator.render.rendered import Rendered, RenderError
from generator.render.subset import cache_dir, subset_font

QUARRY = DEFAULT_CONTENT / "scenarios" / "mak" / "quarry-road.yaml"
WESER = DEFAULT_CONTENT / "scenarios" / "fpcf" / "weser-screen.yaml"
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    from generator.cli import main

    out = tmp_path_factory.mktemp("tagged")
    argv = ["build", "fpcf.aircraft-type", "mak.artillery-request-sheet", str(QUARRY), str(WESER)]
    assert main([*argv, "--kit", "--layout", "2up", "--out", str(out)]) == 0
    return out


def documents(out: Path) -> list[dict]:
    return json.loads((out / "manifest.json").read_text(encoding="utf-8"))["documents"]


def elements(reader: PdfReader) -> Iterator[DictionaryObject]:
    """Every structure element, in the tree's order."""
    root = reader.trailer["/Root"]["/StructTreeRoot"]
    stack = list(reversed(_kids(root)))
    while stack:
        node = stack.pop()
        element = isinstance(node, DictionaryObject) and "/S" in node
        if element and node.get("/Type", "/StructElem") == "/StructElem":
            yield node
            stack += reversed(_kids(node))


def _kids(node: DictionaryObject) -> list:
    kids = node.get("/K")
    kids = kids.get_object() if isinstance(kids, IndirectObject) else kids
    items = list(kids) if isinstance(kids, ArrayObject) else [] if kids is None else [kids]
    return [item.get_object() if isinstance(item, IndirectObject) else item for item in items]


def roles(reader: PdfReader) -> Counter:
    return Counter(str(element["/S"]) for element in elements(reader))


def test_every_pdf_is_tagged_with_its_editions_language_and_title(built):
    seen = set()
    for entry in documents(built):
        reader = PdfReader(built / entry["path"])
        catalog = reader.trailer["/Root"]
        assert catalog["/MarkInfo"]["/Marked"], entry["path"]
        assert "/StructTreeRoot" in catalog, entry["path"]
        assert str(catalog["/Lang"]) == ("ja" if entry["lang"] == "ja" else "en"), entry["path"]
        assert catalog["/ViewerPreferences"]["/DisplayDocTitle"], entry["path"]
        title = reader.metadata.title
        japanese = bool(JAPANESE.search(title))
        assert japanese == (entry["lang"] != "en"), (entry["path"], title)
        if entry["lang"] == "both":
            assert re.search("[A-Za-z]{4}", title.replace("playaid", "")), title
        assert roles(reader)["/Document"] >= 1, entry["path"]
        seen.add(entry["kind"])
    assert seen >= {"player-aid", "record-sheet", "scenario-sheet", "scenario-kit"}


def test_a_card_has_headings_and_a_table_with_scoped_header_cells(built):
    reader = PdfReader(built / "fpcf/en/fpcf.aircraft-type.card.a5.pdf")
    found = roles(reader)
    assert found["/H1"] == 1
    assert found["/Table"] >= 1 and found["/TD"] > 10
    scopes = Counter(
        str(element["/A"]["/Scope"]) for element in elements(reader) if element["/S"] == "/TH"
    )
    assert scopes["/Column"] >= 2 and scopes["/Row"] >= 10, scopes


def test_the_bilingual_edition_marks_each_japanese_passage(built):
    reader = PdfReader(built / "fpcf/both/fpcf.aircraft-type.card.a5.pdf")
    languages = Counter(str(element.get("/Lang")) for element in elements(reader))
    assert languages["ja"] >= 5, languages
    english = PdfReader(built / "fpcf/en/fpcf.aircraft-type.card.a5.pdf")
    assert not any("/Lang" in element for element in elements(english))


def test_a_scenario_sheets_drawing_has_a_text_alternative_in_its_language(built):
    for lang, words in (("en", "Map boards (north up"), ("ja", "マップボード")):
        reader = PdfReader(built / f"mak/{lang}/mak.quarry-road.sheet.a4.pdf")
        figures = [element for element in elements(reader) if element["/S"] == "/Figure"]
        assert figures, lang
        alt = str(figures[0]["/Alt"])
        assert words in alt, alt
        assert re.search(r"\d", alt), alt  # the boards' numbers
        assert roles(reader)["/L"] >= 1 or roles(reader)["/Table"] >= 1


def test_a_kit_and_an_imposed_sheet_keep_their_parts_structure(built):
    for path in ("mak/en/mak.quarry-road.kit.a4.pdf", "fpcf/ja/fpcf.cards.2up.a4.pdf"):
        reader = PdfReader(built / path)
        found = roles(reader)
        assert found["/Document"] == 1, (path, found)
        assert found["/Table"] >= 1 and found["/TH"] >= 2, (path, found)
        tree = reader.trailer["/Root"]["/StructTreeRoot"]
        assert "/ParentTree" in tree, path
        for page in reader.pages:
            assert (
                "/StructParents" in page
                or "/StructParent" in page
                or any(
                    "/StructParents" in form.get_object()
                    for form in page["/Resources"].get("/XObject", {}).values()
                )
            ), path


@pytest.mark.parametrize(
    ("variant", "claim", "suffix"),
    [("pdf/a-3b", "pdfaid:part>3", "pdfa-3b"), ("pdf/ua-1", "pdfuaid:part>1", "pdfua-1")],
)
def test_a_variant_builds_beside_the_default_and_claims_its_conformance(
    tmp_path, variant, claim, suffix
):
    from generator.cli import main

    argv = ["build", "fpcf.aircraft-type", "mak.artillery-request-sheet", str(QUARRY), "--kit"]
    assert main([*argv, "--lang", "ja", "--pdf-variant", variant, "--out", str(tmp_path)]) == 0
    entries = documents(tmp_path)
    assert entries and all(entry["variant"] == variant for entry in entries)
    assert all(entry["path"].endswith(f".{suffix}.pdf") for entry in entries)
    forms = [entry for entry in entries if entry["id"].endswith(".form")]
    assert bool(forms) == (variant == "pdf/ua-1")  # PDF/A forbids WeasyPrint's form fields
    for entry in entries:
        reader = PdfReader(tmp_path / entry["path"])
        metadata = reader.trailer["/Root"]["/Metadata"].get_data().decode()
        assert claim in metadata.replace('="', ">").replace("</", ">"), entry["path"]
        if variant == "pdf/a-3b":
            assert "/OutputIntents" in reader.trailer["/Root"], entry["path"]
        assert str(reader.trailer["/Root"]["/Lang"]) == "ja"


def test_a_pdfa_build_refuses_a_fillable_sheet_named_by_its_id(tmp_path):
    content = load_content()
    with pytest.raises(BuildError) as refused:
        build(
            content,
            tmp_path,
            ["mak.artillery-request-sheet.form"],
            editions=("en",),
            pdf_variant="pdf/a-3b",
        )
    assert refused.value.problems == [f"mak.artillery-request-sheet.form: {NOT_PDFA}"]


NARROW = """<!DOCTYPE html><html lang="ja"><head><title>t</title><style>
@font-face {{ font-family: "Playaid Sans"; src: url({font}); }}
body {{ font-family: "Playaid Sans"; font-size: 12pt; }} th {{ width: 2.2em; }} .w {{ white-space: nowrap; }}
</style></head><body><table><tr><th>{header}</th><td>1</td></tr></table></body></html>"""


@pytest.mark.parametrize(
    ("header", "split"),
    [("ダイス", [("ダイス", "ダイ|ス")]), ('<span class="w">ダイス</span>', [])],
)
def test_the_split_word_check_finds_a_japanese_word_broken_across_lines(header, split):
    font = subset_font(japanese_font().regular, "ダイス1t")
    html = NARROW.format(font=font.as_uri(), header=header)
    rendered = render_pdf(html, TEMPLATES, [TEMPLATES, cache_dir()], identifier=b"0" * 16)
    assert rendered.split_words == tuple(split)
    assert rendered.laid_out == (not split)


def test_a_document_whose_header_splits_a_word_fails_unless_a_smaller_size_fits():
    fonts = {weight: japanese_font().regular for weight in FONT_TOKENS}
    split = Rendered(b"", 1, (("ダイス", "ダイ|ス"),))
    whole = Rendered(b"", 1)
    answers = iter([split, whole])
    job = RenderJob(["<p>a</p>", "<p>b</p>"], fonts, max_pages=1)
    kept = first_that_fits(job, lambda *a, **k: next(answers))
    assert kept is whole
    with pytest.raises(RenderError, match="ダイ\\|ス"):
        first_that_fits(RenderJob(["<p>a</p>"], fonts, max_pages=1), lambda *a, **k: split)


@pytest.mark.parametrize(
    ("pages", "tried", "kept"),
    [
        ((2, 2, 2), ["L", "S"], "L"),  # no size fits one page: the middle one is never rendered
        (
            (2, 1, 1),
            ["L", "S", "M"],
            "M",
        ),  # the smallest fits one page: the sizes between are tried
        ((3, 2, 2), ["L", "M", "S"], "M"),  # the largest is past max_pages: every size, as before
    ],
)
def test_a_card_no_size_fits_on_one_page_is_rendered_twice_not_a_size_each(pages, tried, kept):
    fonts = {weight: japanese_font().regular for weight in FONT_TOKENS}
    sizes = dict(zip("LMS", pages, strict=True))
    calls: list[str] = []

    def render(html, *args, **kwargs):
        size = re.search(r"<p>(\w)</p>", html).group(1)
        calls.append(size)
        return Rendered(size.encode(), sizes[size])

    job = RenderJob(["<p>L</p>", "<p>M</p>", "<p>S</p>"], fonts, max_pages=2)
    assert first_that_fits(job, render).pdf == kept.encode()
    assert calls == tried


def test_no_card_header_splits_a_japanese_word(tmp_path):
    # Every card of every system, in the editions that print Japanese: the build refuses one
    # whose header splits a word (ダイ|ス), so it succeeding is the check.
    content = load_content()
    cards = [spec.id for spec in plan(content, "a4") if spec.kind == "player-aid"]
    manifest = build(content, tmp_path, cards, editions=("ja", "both"), jobs=os.cpu_count() or 1)
    assert {entry["id"] for entry in manifest["documents"]} == set(cards)
