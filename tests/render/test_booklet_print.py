"""Rule booklets printed as a publisher prints them: covers, running heads, glossaries."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from building import build
from pypdf import PageObject, PdfReader
from pypdf.generic import Destination

from generator.content.checks.glossary import term_pattern
from generator.content.load import load_content
from generator.content.model.glossary import Glossary, Term
from generator.core.errors import ContentError
from generator.core.japanese import gojuon_key
from generator.render.booklets import BOOKLETS, KEPT_ROWS

EDITIONS = ("en", "ja", "both")
MM = 72 / 25.4
TOP_MARGIN = 18 * MM  # booklet.css: the page's top margin, where the running heads stand
BOTTOM_MARGIN = 16 * MM
CONTENT = Path(__file__).resolve().parents[2] / "content"


@dataclasses.dataclass(frozen=True)
class Line:
    """A run of text on a page: its baseline from the page's top, its left edge, its text."""

    top: float
    x: float
    text: str


@dataclasses.dataclass(frozen=True)
class Booklet:
    """A built booklet: its system and edition, its reader, and the text runs of each page."""

    system: str
    edition: str
    reader: PdfReader
    pages: list[list[Line]]

    @property
    def name(self) -> str:
        """How a failure names it."""
        return f"{self.system}/{self.edition}"


def page_lines(page: PageObject) -> list[Line]:
    """The page's text runs, those on one baseline and one half of the page joined in order."""
    height, half = float(page.mediabox.height), float(page.mediabox.width) / 2
    runs: dict[tuple[int, bool], list[tuple[float, str]]] = {}

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if not text.strip():
            return
        x = cm[0] * tm[4] + cm[2] * tm[5] + cm[4]
        y = cm[1] * tm[4] + cm[3] * tm[5] + cm[5]
        runs.setdefault((round(height - y), x >= half), []).append((x, text))

    page.extract_text(visitor_text=visit)
    return [
        Line(top, min(x for x, _ in parts), "".join(text for _, text in parts))
        for (top, _), parts in sorted(runs.items())
    ]


def read_booklet(path: Path, system: str, edition: str) -> Booklet:
    """A built booklet, its pages' text runs read once."""
    reader = PdfReader(path)
    return Booklet(system, edition, reader, [page_lines(page) for page in reader.pages])


@pytest.fixture(scope="module")
def booklets(tmp_path_factory) -> list[Booklet]:
    out = tmp_path_factory.mktemp("booklet-print")
    targets = [booklet_id for booklet_id, _ in BOOKLETS.values()]
    build(load_content(), out, targets, editions=EDITIONS)
    return [
        read_booklet(out / f"{system}/{edition}/{booklet_id}.a4.pdf", system, edition)
        for system, (booklet_id, _) in BOOKLETS.items()
        for edition in EDITIONS
    ]


def squeezed(text: str) -> str:
    """Text without white space: pypdf's runs space Japanese and Latin words their own way."""
    return re.sub(r"\s+", "", text)


def running_head(booklet: Booklet, page: int, right: bool) -> list[str]:
    """The lines a page prints in the top margin, on its left or its right half."""
    half = float(booklet.reader.pages[page].mediabox.width) / 2
    return [
        line.text
        for line in booklet.pages[page]
        if line.top < TOP_MARGIN and (line.x >= half) == right
    ]


def test_the_cover_has_no_running_head_and_later_pages_the_title_on_one_line(booklets):
    for booklet in booklets:
        cover = [line.text for line in booklet.pages[0] if line.top < TOP_MARGIN]
        assert cover == [], booklet.name
        title = booklet.reader.metadata.title.removesuffix(" — playaid")
        for page in range(1, len(booklet.pages)):
            shown = [squeezed(text) for text in running_head(booklet, page, right=True)]
            assert shown == [squeezed(title)], (booklet.name, page + 1)


def outline_entries(outline: list, depth: int = 0) -> Iterator[tuple[int, Destination]]:
    """Every bookmark in document order, with its depth."""
    for item in outline:
        if isinstance(item, list):
            yield from outline_entries(item, depth + 1)
        else:
            yield depth, item


def expected_sections(booklet: Booklet) -> list[str]:
    """Per page, the section of its first heading, else the section continued from before it."""
    # A section is a top-level bookmark (a chapter, the glossary, the notes), a case under it
    # belongs to it; the first bookmark, the contents, names none.
    reader = booklet.reader
    entries = list(outline_entries(reader.outline))
    assert entries[0][0] == 0 and reader.get_destination_page_number(entries[0][1]) == 1
    first: dict[int, str] = {}
    last: dict[int, str] = {}
    section = ""
    for depth, item in entries[1:]:
        section = item.title if depth == 0 else section
        page = reader.get_destination_page_number(item)
        first.setdefault(page, section)
        last[page] = section
    shown, carried = [], ""
    for page in range(len(reader.pages)):
        shown.append(first.get(page, carried))
        carried = last.get(page, carried)
    return shown


def test_the_running_head_names_the_section_of_the_pages_first_case(booklets):
    wrong = []
    for booklet in booklets:
        for page, section in enumerate(expected_sections(booklet)):
            shown = " ".join(running_head(booklet, page, right=False))
            if squeezed(shown) != squeezed(section):
                wrong.append(f"{booklet.name} p.{page + 1}: {shown!r}, not {section!r}")
    assert not wrong, "\n".join(wrong)


def strings(value: object) -> Iterator[str]:
    """Every string value in a parsed YAML document (its keys are names, not text)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for child in value.values():
            yield from strings(child)
    elif isinstance(value, list):
        for child in value:
            yield from strings(child)


@pytest.fixture(scope="module")
def system_texts() -> dict[str, str]:
    """Each system's words: every text of its content files and of its sample scenarios."""
    texts = {}
    for system in BOOKLETS:
        files = sorted((CONTENT / system).rglob("*.yaml"))
        files += sorted((CONTENT / "scenarios" / system).rglob("*.yaml"))
        texts[system] = "\n".join(
            text
            for path in files
            for text in strings(yaml.safe_load(path.read_text(encoding="utf-8")))
        )
    return texts


def used_by(term: Term, texts: dict[str, str]) -> set[str]:
    """The systems whose content uses a term, in its English or its fixed Japanese."""
    pattern = term_pattern(term)
    japanese = (term.ja, *term.ja_forms)
    return {
        system
        for system, text in texts.items()
        if pattern.search(text) or any(form in text for form in japanese)
    }


def test_a_term_left_to_every_system_is_used_by_all_or_by_none(content, system_texts):
    """A common term is used by every system's content or by none (Player Aid, Rule Booklet)."""
    partial = {
        term.id: sorted(used)
        for term in content.glossary.terms
        if not term.systems and (used := used_by(term, system_texts)) and used != set(system_texts)
    }
    assert partial == {}


# The glossary's header row: English first, or in the Japanese edition Japanese first, with the
# reading between.
GLOSSARY_HEADERS = ("English日本語", "日本語読みEnglish")


def glossary_pages(booklet: Booklet) -> list[list[str]]:
    """The glossary's rows, English and Japanese squeezed, on each page below its header row."""
    pages = []
    for page, lines in enumerate(booklet.pages):
        bottom = float(booklet.reader.pages[page].mediabox.height) - BOTTOM_MARGIN
        tops = sorted({line.top for line in lines if TOP_MARGIN < line.top < bottom})
        by_x = sorted(lines, key=lambda line: line.x)
        shown = ["".join(squeezed(line.text) for line in by_x if line.top == top) for top in tops]
        for header in GLOSSARY_HEADERS:
            if header in shown:
                pages.append(shown[shown.index(header) + 1 :])
    return pages


def glossary_rows(booklet: Booklet) -> list[str]:
    """The glossary's rows over its pages."""
    return [row for rows in glossary_pages(booklet) for row in rows]


def test_each_booklets_glossary_carries_its_own_systems_terms(booklets, content, system_texts):
    """Its system's terms and the common ones, none only other systems use (Ma.K's in cf's)."""
    for booklet in booklets:
        terms = [
            term
            for term in content.glossary.terms
            if not term.systems or booklet.system in term.systems
        ]
        if booklet.edition == "ja":
            # Japanese first, with its reading, in 五十音 order (generator.core.japanese).
            ordered = sorted(terms, key=lambda term: gojuon_key(term.sort_reading))
            expected = [squeezed(term.ja + (term.reading or "") + term.en) for term in ordered]
        else:
            ordered = sorted(terms, key=lambda term: term.en.lower())
            expected = [squeezed(term.en + term.ja) for term in ordered]
        assert glossary_rows(booklet) == expected, booklet.name
        others = [
            term.en
            for term in terms
            if not term.systems
            and (used := used_by(term, system_texts))
            and booklet.system not in used
        ]
        assert others == [], booklet.name


def test_a_term_names_only_systems_the_sources_list(make_content):
    root = make_content(
        {
            "glossary.yaml": """\
                kind: glossary
                terms:
                  - {id: hex, en: Hex, ja: ヘクス, systems: [fpcf]}
                  - {id: truck, en: Truck, ja: トラック, systems: [fpcf, mak]}
                """
        }
    )
    with pytest.raises(ContentError) as raised:
        load_content(root)
    found = [(issue.code, issue.key_path) for issue in raised.value.issues]
    assert found == [("unknown-system", "terms[1].systems[1]")]


def glossary_page_rows(out: Path, count: int) -> list[int]:
    """The rows on each glossary page of cf's English booklet when the glossary has `count`."""
    terms = tuple(
        Term(id=f"term-{n:03d}", en=f"Term {n:03d}", ja="用語", systems=("cf",))
        for n in range(count)
    )
    glossary = Glossary(kind="glossary", terms=terms)
    content = dataclasses.replace(load_content(), glossary=glossary)
    build(content, out, ["cf.rules"], editions=("en",))
    booklet = read_booklet(out / "cf/en/cf.rules.a4.pdf", "cf", "en")
    return [len(rows) for rows in glossary_pages(booklet)]


def test_the_glossary_leaves_no_few_rows_alone_on_its_last_page(tmp_path):
    """With two rows more than a page holds, the last page takes five, not two."""
    full = glossary_page_rows(tmp_path / "full", 150)[0]
    two_over = glossary_page_rows(tmp_path / "two-over", full + 2)
    assert two_over == [full + 2 - KEPT_ROWS, KEPT_ROWS]
