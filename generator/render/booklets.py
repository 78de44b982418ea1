"""Rule booklets: every case of a system in order, with contents, cross-links and glossary."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup, escape

from generator.checks.rules import PRINTED_REFERENCE, reference_digits
from generator.content import Content
from generator.model.rules import Case

BOOKLETS = {
    "fpcf": ("fpcf.notes", "Flashpoint: Central Front conversion notes"),
    "cf": ("cf.rules", "Central Front standard rules"),
    "mak": ("mak.rules", "Ma.K S.F.3.D II rules"),
}


def anchor(case_id: str) -> str:
    """The HTML id of a case."""
    return "case-" + re.sub(r"[^a-z0-9]+", "-", case_id)


@dataclass(frozen=True)
class Entry:
    """A case as the booklet prints it."""

    case: Case
    level: int  # 1: a chapter, 2: a case under it
    texts: dict[str, Markup]


def _chapter(case: Case, system: str) -> bool:
    """Chapters head the contents and the outline: x.0 cases, unnumbered notes, and the
    sections a seed prints as a bare heading (Central Front [11.4])."""
    if system == "fpcf" or case.number is None or case.number.endswith(".0"):
        return True
    return system == "cf" and case.text is None and case.title is not None


def linked_text(
    case: Case,
    text: str,
    system: str,
    known: set[str],
    href: Callable[[str], str] = lambda case_id: "#" + anchor(case_id),
) -> Markup:
    """Escape a case text, make each printed reference a link, keep line breaks. `href` gives
    a case's address (in a booklet, its anchor; on the site, its page and anchor)."""
    pattern = PRINTED_REFERENCE.get(system)
    by_digits = {reference_digits(ref.id): ref for ref in case.references}
    pieces: list[Markup] = []
    position = 0
    for match in pattern.finditer(text) if pattern else ():
        ref = by_digits.get(re.sub(r"\D", "", match.group(1)))
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
    return Markup("").join(
        Markup("<p>{}</p>").format(Markup(p.replace("\n", "<br>"))) for p in paragraphs
    )


def booklet_context(
    content: Content,
    system: str,
    languages: tuple[str, ...],
    href: Callable[[str], str] | None = None,
) -> dict[str, Any]:
    """Everything booklet.html needs: the cases in order, the chapters, the glossary. `href`
    gives the address of a case a text refers to (default: its anchor in the booklet)."""
    known = set(content.cases)
    address = href or (lambda case_id: "#" + anchor(case_id))
    entries = []
    for case in content.system_cases(system):
        texts = {
            lang: linked_text(case, case.text.get(lang), system, known, address)
            if case.text
            else Markup("")
            for lang in ("en", "ja")
        }
        entries.append(Entry(case, 1 if _chapter(case, system) else 2, texts))
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
        "terms": sorted(terms, key=lambda term: term.en.lower()),
        "seed": seed,
        "anchor": anchor,
    }
