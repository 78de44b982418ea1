"""Forms to avoid: where Japanese that playaid writes uses a form the glossary lists under a term's
`ja_avoid`, or, in running text, the abbreviation (`ja_abbr`) the glossary keeps for labels.

Running text is a text that holds a sentence (a 。); a text without one is a label (a chart's
title, heads, cells and units, a card's one-line entries), where the abbreviation may stand
(content/glossary.yaml states the rule). A form quoted (「…」, 『…』, “…”) is named, not used;
an aside in parentheses right after the fixed rendering glosses it (作戦目標ポイント(O.G.P.)),
as an aside all in Latin letters gives the original's words (ラフ (Rough)); placeholders
({vp}), ids (mak.pilot-vp), keys and slugs (morale_note, wp-3) and code (`…`) are not words.
A form that is part of a longer fixed rendering of a term (the 機械化 of 機械化ライフル) is that
rendering, not the form.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from generator.content.behaviour import Localized
from generator.content.model.walk import walk
from generator.content.yaml_loader import Document
from generator.core.diagnostics import Issue

if TYPE_CHECKING:
    from generator.content.model.base import LocalizedText
    from generator.content.model.glossary import Glossary, Term

NAMED = re.compile(r"「[^」]*」|『[^』]*』|“[^”]*”|\"[^\"]*\"|`[^`]*`|\{\w*\}")
IDENTIFIER = re.compile(r"\b[a-z]+\.[a-z0-9][a-z0-9.-]*")
GLOSS = re.compile(r"[(（][\x20-\x27\x2a-\x7e]*[A-Za-z][\x20-\x27\x2a-\x7e]*[)）]")
LATIN = re.compile(r"[\x00-\x7f]+")
PLAYAIDS_NOTES = ("uncertain", "detail")  # playaid's own words, whichever language came first


@dataclass(frozen=True)
class Avoided:
    """One form to avoid found in a text: the term, what the text writes, and whether it is the
    term's abbreviation in running text."""

    term: Term
    form: str
    abbreviation: bool


def terms_for(glossary: Glossary, system: str | None) -> list[Term]:
    """The terms of one system (those of every system when it is None)."""
    return [
        term
        for term in glossary.terms
        if system is None or not term.systems or system in term.systems
    ]


def avoided_forms(text: str, terms: Sequence[Term]) -> list[Avoided]:
    """Each form to avoid that a Japanese text uses, once per term and form; a form that another
    term fixes (one system's spelling, where the terms of all systems apply) is not one, and of
    two forms found one inside the other (エントリーへクス, へクス), the longer is reported."""
    matcher = _matcher(tuple(terms))
    running = "。" in text
    plain = GLOSS.sub(" ", IDENTIFIER.sub(" ", NAMED.sub(" ", text)))
    if "(" in plain or "（" in plain:  # a gloss is in parentheses: none to drop without them
        plain = matcher.gloss.sub(" ", plain)
    found: list[Avoided] = []
    for term, form, abbreviation, longer in matcher.forms:
        if (abbreviation and not running) or form not in plain:
            continue
        masked = plain
        for fixed in longer:
            masked = masked.replace(fixed, " ")
        if _pattern(form).search(masked):
            found.append(Avoided(term, form, abbreviation))
    return [
        one
        for one in found
        if not any(one.form != other.form and one.form in other.form for other in found)
    ]


def other_forms(text: str, terms: Sequence[Term]) -> list[tuple[Term, str]]:
    """Each form a term keeps out of both languages (its `avoid`: BR beside UK) that a text, in
    either language, prints as a word of its own; quoted, it is named, not used."""
    if not any(term.avoid for term in terms):
        return []
    plain = IDENTIFIER.sub(" ", NAMED.sub(" ", text))
    return [
        (term, form)
        for term in terms
        for form in term.avoid
        if form in plain and _pattern(form).search(plain)
    ]


@dataclass(frozen=True)
class _Matcher:
    """What avoided_forms looks for, worked out once per set of terms: the glosses to drop, and
    each form with the longer fixed renderings that hold it. The patterns are compiled when a
    text first needs them: compiling every one took longer than checking a scenario file."""

    glosses: tuple[str, ...]
    forms: tuple[tuple[Term, str, bool, tuple[str, ...]], ...]

    @functools.cached_property
    def gloss(self) -> re.Pattern[str]:
        """The glosses to drop, as one pattern."""
        return re.compile("|".join(self.glosses)) if self.glosses else re.compile(r"(?!)")


@functools.lru_cache(maxsize=16)
def _matcher(terms: tuple[Term, ...]) -> _Matcher:
    """The matcher of a set of terms (module docstring)."""
    fixed = sorted({f for t in terms for f in (t.ja, *t.ja_forms)}, key=len, reverse=True)
    # A gloss is one of the term's own other forms in parentheses right after it: ワルシャワ軍
    # (ワルシャワ条約機構), 作戦目標ポイント(O.G.P.); ユニット(moraleが減少…) is a clause, not one.
    glosses = tuple(_gloss(term) for term in terms)
    forms = []
    for term in terms:
        wanted = [(form, False) for form in term.ja_avoid if form not in fixed]
        wanted += [(term.ja_abbr, True)] if term.ja_abbr else []
        for form, abbreviation in wanted:
            longer = tuple(f for f in fixed if form in f)
            forms.append((term, form, abbreviation, longer))
    return _Matcher(glosses, tuple(forms))


def _gloss(term: Term) -> str:
    """The pattern of a term's fixed rendering glossed in parentheses with one of its forms."""
    forms = [term.en, *term.en_forms, *term.ja_avoid, *([term.ja_abbr] if term.ja_abbr else [])]
    shown = "|".join(re.escape(form) for form in sorted(set(forms), key=len, reverse=True))
    return re.escape(term.ja) + r"\s?[(（]\s?(?:" + shown + r")\s?[)）]"


@functools.lru_cache(maxsize=1024)
def _pattern(form: str) -> re.Pattern[str]:
    """A Japanese form anywhere; a Latin one as a whole word, as written (digits may touch it,
    1VP; a key or a slug, wp-3 or morale-row, is not a word of the text)."""
    if LATIN.fullmatch(form):
        return re.compile(r"(?<![A-Za-z_-])" + re.escape(form) + r"(?![A-Za-z_-])")
    return re.compile(re.escape(form))


def avoided_issue(
    document: Document, path: tuple, found: Avoided, *, original: bool = False
) -> Issue:
    """The warning for one form found at a path of a document (`original`: in a seed's own
    Japanese, which a correction mends)."""
    term = found.term
    if found.abbreviation:
        return document.issue(
            path, "glossary-abbreviation", severity="warning", abbr=found.form, ja=term.ja
        )
    code = "glossary-avoid-original" if original else "glossary-avoid"
    return document.issue(path, code, severity="warning", form=found.form, ja=term.ja, term=term.en)


def document_avoid_issues(
    document: Document, model: Any, glossary: Glossary, system: str | None, *, all_texts: bool
) -> list[Issue]:
    """The forms to avoid in one document's Japanese as printed: in content, every Japanese
    text, a seed's own after its corrections (one thing has one name on the page; the seed's
    abbreviations are its own) and playaid's notes; in a scenario file (`all_texts`), every
    text, all its author's."""
    terms = terms_for(glossary, system)
    issues: list[Issue] = []
    for path, value in walk(model):
        if not isinstance(value, Localized):
            continue
        ours = all_texts or value.tr == "ja" or path[-1] in PLAYAIDS_NOTES
        for found in avoided_forms(value.ja, terms):
            if ours or not found.abbreviation:
                issue = avoided_issue(document, (*path, "ja"), found, original=not ours)
                issues.append(issue)
        issues += _other_form_issues(document, path, value, terms, all_texts=all_texts)
    return issues


def _other_form_issues(
    document: Document, path: tuple, value: LocalizedText, terms: list[Term], *, all_texts: bool
) -> list[Issue]:
    """The warnings for the forms a text prints, in either language, that the glossary keeps out
    of both (a seed's own text is asked for a correction)."""
    issues = []
    for lang in ("en", "ja"):
        ours = all_texts or value.tr == lang or path[-1] in PLAYAIDS_NOTES
        code = "glossary-other-form" if ours else "glossary-other-form-original"
        for term, form in other_forms(value.get(lang), terms):
            fixed = {"form": form, "fixed": term.en, "ja": term.ja}
            issues.append(document.issue((*path, lang), code, severity="warning", **fixed))
    return issues


def model_system(model: Any) -> str | None:
    """The system a content document belongs to: its `system`, or a table's id prefix."""
    system = getattr(model, "system", None)
    if isinstance(system, str):
        return system
    table_id = getattr(model, "id", None)
    return table_id.split(".")[0] if isinstance(table_id, str) and "." in table_id else None
