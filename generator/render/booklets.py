"""Rule booklets: every case of a system in order, with contents, cross-links and glossary."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from markupsafe import Markup, escape

from generator.content.checks.rules import reference_digits
from generator.content.load import Content
from generator.content.model.corrections import Reason
from generator.content.model.glossary import Term
from generator.content.model.rules import Case
from generator.content.printing import SOURCE_MARK
from generator.content.references import number, printed_references
from generator.core.japanese import gojuon_key
from generator.render.corrections import case_numbers, renders_untranslated, system_corrections

BOOKLETS = {
    "fpcf": ("fpcf.notes", "Flashpoint: Central Front conversion notes"),
    "cf": ("cf.rules", "Central Front standard rules"),
    "mak": ("mak.rules", "Ma.K S.F.3.D II rules"),
}


def booklet_ids(systems: list[str]) -> list[tuple[str, str]]:
    """Each system's rule booklet id, the systems named above first: a system's booklet is
    `<system>.rules` unless named otherwise there (`fpcf.notes`)."""
    ordered = [*(s for s in BOOKLETS if s in systems), *(s for s in systems if s not in BOOKLETS)]
    return [(system, BOOKLETS.get(system, (f"{system}.rules", ""))[0]) for system in ordered]


def anchor(case_id: str) -> str:
    """The HTML id of a case."""
    return "case-" + re.sub(r"[^a-z0-9]+", "-", case_id)


# The mark after a passage playaid translated, explained once per document (the booklet's notes,
# a kit's rules appendix, the site's rules page). No seed prints it (not †, the Tactics errata of
# 002), the Japanese font has it, and it stands in the text, not in the outer margin.
TRANSLATION_MARK = "◇"
# Between the cells of a line of a case text that is a table's row (content-format.md).
CELL_SEPARATOR = " | "

# A figure the text cites: the original rulebook's drawings are not reproduced.
FIGURE = re.compile(r"図\s*[0-9０-９]|\b[Ff]ig(?:ure|\.)\s*[0-9]")


# The fewest rows a glossary's last page holds: its last rows are kept together, so a page break
# never leaves two or three of them alone on a page of their own.
KEPT_ROWS = 5


@dataclass(frozen=True)
class Entry:
    """A case as the booklet prints it: `number` is its printed number, `[16.21] (2/3)` where the
    seed numbers several cases alike."""

    case: Case
    level: int  # 1: a chapter, 2: a case under it
    texts: dict[str, Markup]
    number: str = ""
    chapter: Entry | None = None  # the chapter a case under one belongs to: its running head

    @property
    def cites_figure(self) -> bool:
        """Whether its text cites a figure of the original rulebook (「(図1を参照)」, "Figure 6"),
        which no edition prints."""
        text = self.case.text
        return bool(text) and any(FIGURE.search(text.get(lang) or "") for lang in ("en", "ja"))


def _chapter(case: Case, system: str) -> bool:
    """Chapters head the contents and the outline: x.0 cases, unnumbered notes, and the
    sections a seed prints as a bare heading (Central Front [11.4])."""
    if system == "fpcf" or case.number is None or case.number.endswith(".0"):
        return True
    return system == "cf" and case.text is None and case.title is not None


def in_chapters(entries: list[Entry]) -> list[Entry]:
    """The entries, each case under a chapter knowing it (the last chapter before it)."""
    chapter = None
    placed = []
    for entry in entries:
        chapter = entry if entry.level == 1 else chapter
        placed.append(entry if entry is chapter else replace(entry, chapter=chapter))
    return placed


def linked_text(
    case: Case,
    text: str,
    pattern: re.Pattern[str] | None,
    known: set[str],
    href: Callable[[str], str] = lambda case_id: "#" + anchor(case_id),
) -> Markup:
    """Escape a case text, make each printed reference a link, keep line breaks. `pattern` is
    how its system prints a reference (Sources.reference_pattern); `href` gives a case's address
    (in a booklet, its anchor; on the site, its page and anchor)."""
    by_digits = {reference_digits(ref.id): ref for ref in case.references}
    pieces: list[Markup] = []
    position = 0
    for match in printed_references(pattern, text):
        ref = by_digits.get(re.sub(r"\D", "", number(match)))
        if ref is None:
            continue
        pieces.append(escape(text[position : match.start()]))
        shown = escape(match.group(0))
        if ref.external or ref.id not in known:
            pieces.append(Markup('<span class="ref external">{}</span>').format(shown))
        else:
            pieces.append(Markup('<a class="ref" href="{}">{}</a>').format(href(ref.id), shown))
        position = match.end()
    pieces.append(escape(text[position:]))
    joined = Markup("").join(pieces)
    paragraphs = [p for p in re.split(r"\n\s*\n", str(joined)) if p.strip()]
    return Markup("").join(_blocks(paragraph) for paragraph in paragraphs)


def _blocks(paragraph: str) -> Markup:
    """A paragraph's lines, each run of two or more with CELL_SEPARATOR between cells set as a
    table, its first line the head ([18.3.1]'s chart); the other lines as a paragraph's."""
    blocks = []
    for is_row, group in itertools.groupby(
        paragraph.split("\n"), lambda line: CELL_SEPARATOR in line
    ):
        lines = list(group)
        if is_row and len(lines) > 1:
            blocks.append(_table(lines))
        else:
            blocks.append(Markup("<p>{}</p>").format(Markup("<br>".join(lines))))
    return Markup("").join(blocks)


def _table(lines: list[str]) -> Markup:
    """Rows of cells (already escaped and linked) as a table with the first row as its head."""
    head, *rows = ([Markup(cell.strip()) for cell in line.split(CELL_SEPARATOR)] for line in lines)
    cells = "".join(f"<th>{cell}</th>" for cell in head)
    body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows)
    return Markup(
        f'<table class="case-table"><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>'
    )


def case_texts(
    case: Case,
    pattern: re.Pattern[str] | None,
    known: set[str],
    reasons: dict[str, Reason],
    href: Callable[[str], str] = lambda case_id: "#" + anchor(case_id),
    unmarked: frozenset[str] = frozenset(),
) -> dict[str, Markup]:
    """A case's text in each language, linked (linked_text), a translated one ending with
    TRANSLATION_MARK inside its last paragraph, except in the languages `unmarked` (those the
    document's colophon says are translated throughout)."""
    texts = {}
    translated = translated_in(case, reasons)
    for lang in ("en", "ja"):
        if not case.text:
            texts[lang] = Markup()
            continue
        text = linked_text(case, case.text.get(lang), pattern, known, href)
        if lang in translated - unmarked and text.endswith("</p>"):
            text = _translation_marked(text, lang)
        texts[lang] = text
    return texts


def _translation_marked(text: Markup, lang: str) -> Markup:
    """A translated text with TRANSLATION_MARK inside its last paragraph; in a draft, after the
    translation, never after the source text printed beside it."""
    mark = Markup(' <span class="tr-mark">{}</span>').format(TRANSLATION_MARK)
    if SOURCE_MARK[lang] in text:
        return Markup(text.replace(SOURCE_MARK[lang], mark + SOURCE_MARK[lang], 1))
    return Markup(text[: -len("</p>")]) + mark + Markup("</p>")


def translated_in(case: Case, reasons: dict[str, Reason]) -> set[str]:
    """The languages in which a case's text prints playaid's translation: the side its `tr`
    names, and a side where playaid renders words its seed left in English (a correction)."""
    if not case.text:
        return set()
    return {
        lang
        for lang in ("en", "ja")
        if case.text.tr == lang or renders_untranslated(case.text, lang, reasons)
    }


def wholly_translated(cases: list[Case], reasons: dict[str, Reason]) -> frozenset[str]:
    """The languages in which every one of these cases with a text prints playaid's translation:
    the colophon says so once, and no case is marked."""
    texts = [case for case in cases if case.text]
    return frozenset(
        lang
        for lang in ("en", "ja")
        if texts and all(lang in translated_in(c, reasons) for c in texts)
    )


def colophon_context(
    cases: list[Case], reasons: dict[str, Reason], languages: tuple[str, ...]
) -> dict[str, Any]:
    """What a document's colophon says of its translation: the languages printed that playaid
    translated throughout, and those in which the translated texts are marked."""
    wholly = wholly_translated(cases, reasons)
    translated = {lang for case in cases for lang in translated_in(case, reasons)}
    return {
        "wholly": [lang for lang in languages if lang in wholly],
        "marked": [lang for lang in languages if lang in translated - wholly],
    }


def printed_numbers(content: Content, systems: set[str]) -> dict[str, str]:
    """The printed number of every case of these systems, `[16.21] (2/3)` where the seed numbers
    several cases alike."""
    numbers: dict[str, str] = {}
    for system in systems:
        numbers |= case_numbers(list(content.system_cases(system)))
    return numbers


def glossary_order(terms: list[Term], languages: tuple[str, ...]) -> list[Term]:
    """The glossary's terms as an edition prints them: the Japanese edition's by reading in
    五十音 order, as a Japanese glossary is read; the English and bilingual ones' by English."""
    if languages == ("ja",):
        return sorted(terms, key=lambda term: gojuon_key(term.sort_reading))
    return sorted(terms, key=lambda term: term.en.lower())


def booklet_context(
    content: Content,
    system: str,
    languages: tuple[str, ...],
    href: Callable[[str], str] | None = None,
) -> dict[str, Any]:
    """Everything booklet.html needs: the cases in order, the chapters, the glossary, the
    corrections of the seed's texts (generator.render.corrections). `href` gives the address of a
    case a text refers to (default: its anchor in the booklet)."""
    known = set(content.cases)
    address = href or (lambda case_id: "#" + anchor(case_id))
    cases = list(content.system_cases(system))
    numbers = case_numbers(cases)
    pattern = content.sources.reference_pattern(system)
    unmarked = wholly_translated(cases, content.reasons)
    entries = in_chapters(
        [
            Entry(
                case,
                1 if _chapter(case, system) else 2,
                case_texts(case, pattern, known, content.reasons, address, unmarked),
                numbers.get(case.id, ""),
            )
            for case in cases
        ]
    )
    terms = [
        term
        for term in (content.glossary.terms if content.glossary else ())
        if not term.systems or system in term.systems
    ]
    booklet_system = next(s for s in content.sources.systems if s.id == system)
    seed = next(s for s in content.sources.seeds if s.id == booklet_system.seed)
    return {
        "entries": entries,
        "chapters": [entry for entry in entries if entry.level == 1],
        "terms": glossary_order(terms, languages),
        "japanese_glossary": languages == ("ja",),
        "kept_rows": KEPT_ROWS,
        "seed": seed,
        "anchor": anchor,
        "corrections": system_corrections(content, system, languages, address),
        "translated": any(translated_in(case, content.reasons) & set(languages) for case in cases),
        **colophon_context(cases, content.reasons, languages),
    }
