"""The structure tree holds what a screen reader needs and no more (issue 21): the groupings that
tell a reader nothing (a Span, Div or NonStruct with no language or attribute) are folded into the
element around them, and every heading, paragraph, list, table cell, figure, link and language
mark stays, with the same text in the same order."""

from __future__ import annotations

import io
import string
from collections import Counter

import pytest
from pypdf import PdfReader
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject

from generator.render import pdf as pdf_module
from generator.render.fonts import japanese_font
from generator.render.i18n import TEMPLATES
from generator.render.pdf import render_pdf
from generator.render.subset import cache_dir, subset_font

PAGE = """<!doctype html><html lang="en"><head><title>T</title><style>
@font-face {{ font-family: "Playaid Sans"; src: url("{font}"); }}
body {{ font-family: "Playaid Sans"; }} @page {{ size: A6; }}
</style></head><body>
<h1>Title <span lang="ja">題名</span></h1>
<div><p>One <b>bold</b> and <i>slanted</i> word, a <a href="#x">link</a>.</p></div>
<ul><li>first</li><li>second <span lang="ja">二番目</span></li></ul>
<table><tr><th scope="col">Die</th><th scope="col">Result</th></tr>
<tr><td>1</td><td><span>plain</span> cell</td></tr></table>
<svg width="20" height="20"><title>A hex</title><rect width="10" height="10"/></svg>
<p id="x">{long}</p>
</body></html>"""
MEANINGFUL = ("/H1", "/P", "/L", "/LI", "/LBody", "/Table", "/TR", "/TH", "/TD", "/Figure", "/Link")


def _render(monkeypatch, fold: bool) -> PdfReader:
    """The test page as a tagged PDF, with or without the fold."""
    if not fold:
        monkeypatch.setattr(pdf_module, "_fold_groupings", lambda nodes, resolve: {})
    font = subset_font(
        japanese_font().regular, "題名二番目•" + string.printable
    )  # no fallback font
    html = PAGE.format(font=font.as_uri(), long=" ".join(["a long paragraph"] * 200))
    laid = render_pdf(html, TEMPLATES, [TEMPLATES, cache_dir()], identifier=b"0" * 16)
    rendered = laid.written()  # the tree is folded as the PDF is written: before the undo
    monkeypatch.undo()
    return PdfReader(io.BytesIO(rendered.pdf))


def _kids(node: DictionaryObject) -> list:
    kids = node.get("/K")
    kids = kids.get_object() if isinstance(kids, IndirectObject) else kids
    items = list(kids) if isinstance(kids, ArrayObject) else [] if kids is None else [kids]
    return [item.get_object() if isinstance(item, IndirectObject) else item for item in items]


def _walk(reader: PdfReader) -> list[tuple[str, str | None, tuple[tuple[int, int], ...]]]:
    """Each structure element in order: its role, its language and the marked content (page,
    MCID) it holds directly or through the groupings below it that tell nothing."""
    pages = {page.indirect_reference.idnum: number for number, page in enumerate(reader.pages)}
    root = reader.trailer["/Root"]["/StructTreeRoot"]
    found = []

    def content(node: DictionaryObject, page: int | None) -> list[tuple[int, int]]:
        held = []
        page = pages[node.raw_get("/Pg").idnum] if "/Pg" in node else page
        for kid in _kids(node):
            if isinstance(kid, int):
                held.append((page, kid))
            elif isinstance(kid, DictionaryObject) and kid.get("/Type") == "/MCR":
                held.append((pages[kid.raw_get("/Pg").idnum], int(kid["/MCID"])))
            elif isinstance(kid, DictionaryObject) and "/S" in kid:
                if str(kid["/S"]) in MEANINGFUL or "/Lang" in kid:
                    visit(kid, page)
                else:
                    held += content(kid, page)
        return held

    def visit(node: DictionaryObject, page: int | None) -> None:
        entry = [str(node["/S"]), str(node.get("/Lang")) if "/Lang" in node else None, ()]
        found.append(entry)
        entry[2] = tuple(content(node, page))

    for kid in _kids(root):
        visit(kid, None)
    return [tuple(entry) for entry in found]


@pytest.fixture(scope="module")
def both(request) -> tuple[PdfReader, PdfReader]:
    monkeypatch = pytest.MonkeyPatch()
    request.addfinalizer(monkeypatch.undo)
    return _render(monkeypatch, fold=False), _render(monkeypatch, fold=True)


def test_nothing_a_reader_needs_is_lost(both):
    """Same meaningful elements, same language marks, same content in each, in the same order."""
    plain, folded = both
    assert _walk(folded) == _walk(plain)
    roles = Counter(entry[0] for entry in _walk(folded))
    assert roles["/H1"] == 1 and roles["/TH"] == 2 and roles["/Figure"] == 1
    assert sum(1 for entry in _walk(folded) if entry[1] == "ja") == 2
    assert [page.extract_text() for page in folded.pages] == [
        page.extract_text() for page in plain.pages
    ]


def test_no_grouping_that_tells_nothing_is_left_and_the_file_is_smaller(both):
    """Every Span, Div or NonStruct left carries a language; the tree has fewer objects."""
    plain, folded = both

    def groupings(reader: PdfReader) -> list[DictionaryObject]:
        stack, found = list(_kids(reader.trailer["/Root"]["/StructTreeRoot"])), []
        while stack:
            node = stack.pop()
            if isinstance(node, DictionaryObject) and "/S" in node:
                if str(node["/S"]) in ("/Span", "/Div", "/NonStruct"):
                    found.append(node)
                stack += _kids(node)
        return found

    assert groupings(plain) and all("/Lang" in node for node in groupings(folded))
    assert len(folded.trailer["/Root"].indirect_reference.pdf.xref_objStm) < len(
        plain.trailer["/Root"].indirect_reference.pdf.xref_objStm
    )


def test_the_parent_tree_names_the_element_that_holds_each_mcid(both):
    """A reader finds an MCID's element through /ParentTree: it must be the one holding it."""
    _, folded = both
    tree = folded.trailer["/Root"]["/StructTreeRoot"]["/ParentTree"].get_object()
    nums = tree["/Nums"]
    for page_index, page in enumerate(folded.pages):
        key = page["/StructParents"]
        entries = nums[list(nums[0::2]).index(key) * 2 + 1].get_object()
        for mcid, holder in enumerate(entries):
            kids = _kids(holder.get_object())
            assert mcid in kids or any(
                isinstance(kid, DictionaryObject) and kid.get("/MCID") == mcid for kid in kids
            ), (page_index, mcid)
