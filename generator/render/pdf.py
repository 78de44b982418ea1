"""HTML to PDF with WeasyPrint: the only module that imports it (with font_setup, which keeps
its font configurations, and justify, which justifies Japanese as WeasyPrint does not).

Only the project's templates and the build's fonts can be fetched (no network, no other file), and
anything WeasyPrint logs at warning level or above fails the render instead of printing boxes.

Every PDF is tagged (WeasyPrint's `pdf_tags`): a structure tree of headings, paragraphs, lists,
tables with header cells and figures in reading order, `/MarkInfo`, the document's `/Lang` from
`<html lang>` and its `/Title` from `<title>`. Two things WeasyPrint 70 leaves out are added while
the tree is built: the language of each passage (an element's `lang` becomes its structure
element's `/Lang` where it differs from the language around it) and the scope of each header
cell (`/Scope /Row` for `<th scope="row">`, else `/Column`). A drawing's text alternative is its
SVG `<title>`, which WeasyPrint makes the figure's `/Alt`; an image without one fails the render.
The tree is then made no bigger than a reader needs: every `/Span`, `/Div` or `/NonStruct` with no
language of its own and no attribute (WeasyPrint wraps each run of a line in one) is folded into
the element around it, and the objects are numbered again without it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
import logging
import mimetypes
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pydyf
import weasyprint
from weasyprint.formatting_structure import boxes
from weasyprint.pdf import tags as weasyprint_tags
from weasyprint.urls import URLFetcherResponse, URLFetchingError

from generator.core.japanese import JAPANESE, JAPANESE_RUN
from generator.render import justify
from generator.render.font_setup import font_configuration
from generator.render.rendered import Rendered, RenderError

__all__ = [
    "VARIANTS",
    "RenderError",
    "Rendered",
    "render_pdf",
    "split_header_words",
    "table_overflow",
]

# The variants a build may ask for (`--pdf-variant`): PDF/A-3b for archives, PDF/UA-1 for
# readers that need the structure. Without one a PDF is tagged but claims no conformance.
VARIANTS = ("pdf/a-3b", "pdf/ua-1")


class ProjectFetcher(weasyprint.URLFetcher):
    """Serves files below the allowed folders and refuses every other URL."""

    def __init__(self, allowed: list[Path]) -> None:
        super().__init__(allowed_protocols=["file"])
        self.allowed = [folder.resolve() for folder in allowed]

    def fetch(self, url: str, headers: dict | None = None) -> URLFetcherResponse:
        parts = urlsplit(url)
        if parts.scheme != "file":
            raise URLFetchingError(f"refused {url}: only the project's own files may be used")
        path = Path(unquote(parts.path)).resolve()
        if not any(path.is_relative_to(folder) for folder in self.allowed) or not path.is_file():
            raise URLFetchingError(f"refused {url}: not one of the project's templates or fonts")
        kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(url, body=path.read_bytes(), headers={"Content-Type": kind})


# The one notice allowed through: without the system's libharfbuzz-subset WeasyPrint subsets with
# fontTools, which is slow only for whole CJK fonts; playaid hands it fonts already cut to the
# document's characters (generator.render.subset), so nothing is lost. Every other message fails,
# the tagger's own included (a page without `lang`, an image without `alt`), and the variants log
# nothing of their own: PDF/A-3b and PDF/UA-1 render these documents without a message.
_HARMLESS = re.compile(r'Using fontTools instead of HarfBuzz-Subset for font "Playaid Sans[^"]*"\.')


class _Collector(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if not _HARMLESS.match(message):
            self.messages.append(message)


@contextlib.contextmanager
def _pinned_font_timestamps() -> Iterator[None]:
    """fontTools stamps subset fonts with the time unless SOURCE_DATE_EPOCH is set; pin it
    (to the user's value, else 0) while rendering, so that two builds are byte-identical."""
    before = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = before or "0"
    try:
        yield
    finally:
        if before is None:
            del os.environ["SOURCE_DATE_EPOCH"]


# The structure tree. WeasyPrint 70 builds it in weasyprint.pdf.tags, one call of
# `_build_box_tree` a box, recursing through the module's own name. The wrapper below gives header
# cells their scope and notes, for each structure element, the `lang` of the element it was made
# for and whether it was made for an element at all; the finisher then writes `/Lang` where a
# passage's language differs from its parent's, and puts a running element (a card's footer,
# placed in the page margin) at the end of the tree, where WeasyPrint leaves everything in the
# margins out of it. Generated margin content (running heads, page numbers) stays out: it is page
# furniture, not the document. Should a later WeasyPrint rename the function, nothing is noted
# and tests/render/test_accessibility.py fails on the missing passage languages.
_TREE_BUILDER = getattr(weasyprint_tags, "_build_box_tree", None)


@dataclasses.dataclass
class _Notes:
    languages: dict[int, str] = dataclasses.field(default_factory=dict)  # id(element) -> lang
    from_elements: set[int] = dataclasses.field(default_factory=set)  # made for an HTML element


_notes: _Notes | None = None  # while one PDF is written


def _build_box_tree_noting(box: Any, *arguments: Any) -> Iterator[Any]:
    source = getattr(box, "_box", box)  # an absolutely placed box stands behind a placeholder
    element = getattr(source, "element", None)
    real = (
        element is not None
        and not isinstance(source, boxes.PageBox | boxes.MarginBox)
        and source.element_tag not in ("html", "body")  # their children are yielded for them
    )
    lang = element.get("lang") if real else None
    for made in _TREE_BUILDER(box, *arguments):
        if real and _notes is not None:
            _notes.from_elements.add(id(made))
            if lang:
                _notes.languages.setdefault(id(made), lang)
        if made.get("S") == "/TH" and element is not None and "A" in made:
            made["A"]["Scope"] = "/Row" if element.get("scope") == "row" else "/Column"
        yield made


if _TREE_BUILDER is not None:
    weasyprint_tags._build_box_tree = _build_box_tree_noting
justify.install()  # Japanese justified between its characters (generator/render/justify.py)


def _finisher(notes: _Notes) -> Any:
    """A write_pdf finisher: running elements joined to the structure tree, the tree's /IDTree,
    and `/Lang` on each structure element whose language differs from the one it inherits (the
    catalog's at the top)."""

    def finish(document: Any, pdf: pydyf.PDF) -> None:
        root = pdf.catalog.get("StructTreeRoot")
        if root is None:
            return

        def resolve(reference: Any) -> Any:
            return pdf.objects[int(reference.split()[0])]

        def elements(reference: Any) -> Iterator[Any]:
            node = resolve(reference)
            if isinstance(node, dict) and node.get("Type") == "/StructElem":
                yield node
                for kid in node["K"]:
                    if isinstance(kid, bytes):
                        yield from elements(kid)

        tree = resolve(root)
        [document_element] = (resolve(kid) for kid in tree["K"])
        reached = {id(node) for node in elements(document_element.reference)}
        for entry in resolve(tree["ParentTree"])["Nums"][1::2]:
            for reference in entry if isinstance(entry, pydyf.Array) else [entry]:
                node = resolve(reference)
                while id(node) not in reached and id(resolve(node["P"])) not in reached:
                    node = resolve(node["P"])
                if id(node) not in reached and id(node) in notes.from_elements:
                    document_element["K"].append(node.reference)
                    reached |= {id(kid) for kid in elements(node.reference)}
        # Header cells carry identifiers that data cells' /Headers name; a structure tree with
        # identifiers needs an /IDTree to find them by (ISO 32000-1, 14.7.2), which WeasyPrint
        # 70 does not write.
        named = sorted(
            (node["ID"].string, node.reference)
            for node in elements(document_element.reference)
            if "ID" in node
        )
        if named:
            pairs = pydyf.Array()
            for identifier, reference in named:
                pairs.extend((pydyf.String(identifier), reference))
            tree["IDTree"] = pydyf.Dictionary({"Names": pairs})
        top = pdf.catalog.get("Lang")
        stack = [(document_element.reference, top.string if top is not None else "")]
        while stack:
            reference, inherited = stack.pop()
            node = resolve(reference)
            if not isinstance(node, dict) or node.get("Type") != "/StructElem":
                continue  # an annotation's object reference
            lang = notes.languages.get(id(node), inherited)
            if lang != inherited:
                node["Lang"] = pydyf.String(lang)
            stack += [(kid, lang) for kid in node["K"] if isinstance(kid, bytes)]
        folded = _fold_groupings(list(elements(document_element.reference)), resolve)
        _renumber(pdf, folded)

    return finish


def _fold_groupings(nodes: list[Any], resolve: Any) -> dict[int, Any]:
    """Hand the kids of each grouping element that tells a reader nothing (a `/Span`, `/Div` or
    `/NonStruct` with no language of its own and no attribute: WeasyPrint wraps every run of a
    line in one) to the element around it, in place: a screen reader reads the same text in the
    same headings, paragraphs, lists, cells and figures, with the same language marks, and a
    booklet loses half of its structure objects. `nodes` are in document order; returns the
    folded elements' object numbers, each with the element that now holds its content."""
    folded: dict[int, Any] = {}
    for node in reversed(nodes):  # children before parents: a chain folds into its top
        kids = pydyf.Array()
        for kid in node["K"]:
            inner = resolve(kid) if isinstance(kid, bytes) else None
            if inner is None or not _tells_nothing(inner):
                kids.append(kid)
                continue
            for item in inner["K"]:
                kids.append(_moved(item, inner, node, resolve))
            folded[inner.number] = node
        node["K"] = kids
    for number, holder in folded.items():
        while holder.number in folded:
            holder = folded[holder.number]
        folded[number] = holder
    return folded


_GROUPING = ("/Span", "/Div", "/NonStruct")


def _tells_nothing(node: Any) -> bool:
    """Whether a structure element only groups: a Span, Div or NonStruct with no language of its
    own, no attribute and no identifier."""
    return (
        isinstance(node, dict)
        and node.get("Type") == "/StructElem"
        and node.get("S") in _GROUPING
        and set(node) <= {"Type", "S", "K", "Pg", "P"}
    )


def _moved(item: Any, old: Any, new: Any, resolve: Any) -> Any:
    """A kid of `old` as a kid of `new`: an element names its new parent; marked content on
    another page than `new`'s own is written with its page."""
    if isinstance(item, bytes):
        target = resolve(item)
        if isinstance(target, dict) and target.get("Type") == "/StructElem":
            target["P"] = new.reference
        return item
    if isinstance(item, int) and old.get("Pg") != new.get("Pg"):
        return pydyf.Dictionary({"Type": "/MCR", "Pg": old["Pg"], "MCID": item})
    return item


_REFERENCE = re.compile(rb"([0-9]+) 0 R")


def _number(reference: Any) -> int | None:
    """The object number of an indirect reference (`b"12 0 R"`), else None."""
    match = _REFERENCE.fullmatch(reference) if isinstance(reference, bytes) else None
    return int(match[1]) if match else None


def _renumber(pdf: pydyf.PDF, folded: dict[int, Any]) -> None:
    """Drop the folded elements and number the other objects without gaps, every indirect
    reference rewritten (one to a folded element now names the element holding its content)."""
    if not folded:
        return
    kept = [item for item in pdf.objects if item.number not in folded]
    numbers = {item.number: new for new, item in enumerate(kept)}
    numbers |= {number: numbers[holder.number] for number, holder in folded.items()}

    def rewrite(value: Any) -> Any:
        number = _number(value)
        if number is not None:
            return f"{numbers[number]} 0 R".encode()
        if isinstance(value, dict):
            for key, item in value.items():
                value[key] = rewrite(item)
        elif isinstance(value, list):
            value[:] = [rewrite(item) for item in value]
        return value

    for item in kept:
        if isinstance(item, pydyf.Stream):
            rewrite(item.extra)
        elif isinstance(item, dict | list):
            rewrite(item)
    kids = pdf.pages["Kids"]
    kids[0::3] = [numbers[number] for number in kids[0::3]]
    for item in kept:
        item.number = numbers[item.number]
    pdf.objects[:] = kept


# Header cells: a line may break at a space, at " / " between the languages, beside a Latin letter
# or after a Japanese word's ・, never inside a run of Japanese (ダイ|ス).
_JAPANESE_HEAD = re.compile(f"^[{JAPANESE}]+")
_JAPANESE_TAIL = re.compile(f"[{JAPANESE}]+$")


def _children(box: Any) -> list[Any]:
    return list(getattr(box, "children", ()))


def _line_texts(cell: Any) -> list[str]:
    """The text of each line of a cell, in order."""
    lines: list[str] = []

    def walk(box: Any) -> None:
        if isinstance(box, boxes.LineBox):
            lines.append("".join(_texts(box)))
            return
        for child in _children(box):
            walk(child)

    walk(cell)
    return lines


def _texts(box: Any) -> Iterator[str]:
    for child in _children(box):
        if isinstance(child, boxes.TextBox):
            yield child.text
        elif isinstance(child, boxes.InlineBox):
            yield from _texts(child)


def split_header_words(document: Any) -> list[tuple[str, str]]:
    """Each Japanese word a header cell or a title (h1) splits across lines: (the word, where it
    broke, as ダイ|ス). A break is inside a word when the Japanese that ends one line and the
    Japanese that starts the next stand together, with no space between, in the cell's text."""
    found: list[tuple[str, str]] = []

    def walk(box: Any) -> None:
        header = isinstance(box, boxes.TableCellBox) and box.element_tag == "th"
        title = isinstance(box, boxes.BlockBox) and box.element_tag == "h1"
        if header or title:
            source = " ".join("".join(box.element.itertext()).split())
            lines = [line.strip() for line in _line_texts(box)]
            for above, below in itertools.pairwise(lines):
                tail, head = _JAPANESE_TAIL.search(above), _JAPANESE_HEAD.search(below)
                if not tail or not head or tail.group() + head.group() not in source:
                    continue
                joined = tail.group() + head.group()
                runs = JAPANESE_RUN.finditer(source)
                word = next(run.group() for run in runs if joined in run.group())
                found.append((word, f"{tail.group()}|{head.group()}"))
            return
        for child in _children(box):
            walk(child)

    for page in document.pages:
        walk(page._page_box)
    return found


def page_headings(document: Any) -> tuple[tuple[str, ...], ...]:
    """The text of the section headings (h1, h2) that start on each page."""
    found: list[tuple[str, ...]] = []

    def walk(box: Any, into: list[str]) -> None:
        if getattr(box, "element_tag", None) in ("h1", "h2") and not isinstance(
            box, boxes.LineBox | boxes.TextBox | boxes.InlineBox
        ):
            text = " ".join("".join(box.element.itertext()).split())
            if text and text not in into:
                into.append(text)
            return
        for child in _children(box):
            if not isinstance(child, boxes.MarginBox):
                walk(child, into)

    for page in document.pages:
        on_page: list[str] = []
        walk(page._page_box, on_page)
        found.append(tuple(on_page))
    return tuple(found)


def table_overflow(document: Any) -> float:
    """How far (mm) the widest table runs past its page's content edge, or a header cell's text
    past its cell: 0 when everything fits. Header words kept whole widen their columns, or, in a
    table of fixed columns, could run into the next cell; a card that then no longer fits steps
    down its type size like one that runs onto a second page."""
    widest = 0.0

    def walk(box: Any, right: float) -> None:
        nonlocal widest
        if isinstance(box, boxes.TableBox):
            widest = max(widest, box.position_x + box.margin_width() - right)
        if isinstance(box, boxes.TableCellBox) and box.element_tag == "th":
            edge = box.content_box_x() + box.width
            widest = max([widest, *(end - edge for end in _text_ends(box))])
        for child in _children(box):
            if not isinstance(child, boxes.MarginBox):
                walk(child, right)

    for page in document.pages:
        box = page._page_box
        walk(box, box.content_box_x() + box.width)
    return round(widest * 25.4 / 96, 1) if widest > 0.5 else 0.0  # CSS px to mm


def _text_ends(box: Any) -> Iterator[float]:
    """Where each run of text in a box ends, horizontally."""
    for child in _children(box):
        if isinstance(child, boxes.TextBox):
            yield child.position_x + child.width
        else:
            yield from _text_ends(child)


def render_pdf(
    html: str,
    base: Path,
    allowed: list[Path],
    *,
    identifier: bytes,
    forms: bool = False,
    variant: str | None = None,
) -> Laid:
    """Render HTML (relative URLs against `base`) to a tagged PDF (`variant`: one of VARIANTS, or
    None); raise RenderError on any warning. The result says how many pages it takes, which header
    words are split across lines and how far a table runs past the page, for the build to refuse;
    its PDF is written when first asked for (a type size the build does not keep never is)."""
    if variant is not None and variant not in VARIANTS:
        raise ValueError(f"unknown PDF variant {variant!r}")
    options = {"pdf_tags": True, "pdf_variant": variant, "pdf_forms": forms}
    # Pinned while laying out too: a record sheet's form fields embed their font at render
    # time, stamped with the clock otherwise (two builds then differed in that font's head).
    with _collecting() as collector, _pinned_font_timestamps():
        document = weasyprint.HTML(
            string=html, base_url=base.as_uri() + "/", url_fetcher=ProjectFetcher(allowed)
        ).render(font_config=font_configuration(html), **options)  # forms laid out here
    if collector.messages:
        raise RenderError(collector.messages)
    return Laid(document, identifier, options)


class Laid:
    """A document laid out by WeasyPrint: what a Rendered says of it (pages, split header words,
    overflow, headings, laid_out, faults) now, its PDF on demand."""

    def __init__(self, document: Any, identifier: bytes, options: dict[str, Any]) -> None:
        self.document, self.identifier, self.options = document, identifier, options
        split, overflow = tuple(split_header_words(document)), table_overflow(document)
        self.facts = Rendered(b"", len(document.pages), split, overflow, page_headings(document))
        self._written: Rendered | None = None

    def __getattr__(self, name: str) -> Any:
        """What the layout says (every field and check of Rendered but its PDF)."""
        facts = self.__dict__.get("facts")  # none yet while being made or copied
        if facts is None:
            raise AttributeError(name)
        return getattr(facts, name)

    @property
    def pdf(self) -> bytes:
        """The PDF's bytes."""
        return self.written().pdf

    def written(self) -> Rendered:
        """The document written as a PDF (once); RenderError on any warning while writing."""
        if self._written is None:
            pdf = _write(self.document, self.identifier, self.options)
            self._written = dataclasses.replace(self.facts, pdf=pdf)
        return self._written


@contextlib.contextmanager
def _collecting() -> Iterator[_Collector]:
    """What WeasyPrint logs at warning level or above meanwhile, collected."""
    collector = _Collector()
    logger = logging.getLogger("weasyprint")
    logger.addHandler(collector)
    try:
        yield collector
    finally:
        logger.removeHandler(collector)


def _write(document: Any, identifier: bytes, options: dict[str, Any]) -> bytes:
    """A laid-out document's tagged PDF; RenderError on any warning while writing it."""
    global _notes
    notes = _Notes()
    with _collecting() as collector, _pinned_font_timestamps():
        # Not full_fonts: WeasyPrint 70 embeds Noto Sans CJK whole with a wrong ToUnicode map
        # (a repeated "1" extracts as another character). Its own subsetting of playaid's
        # already small subset is fast and extracts correctly.
        _notes = notes
        try:
            pdf = document.write_pdf(
                pdf_identifier=identifier, finisher=_finisher(notes), **options
            )
        finally:
            _notes = None
    if collector.messages:
        raise RenderError(collector.messages)
    return pdf
