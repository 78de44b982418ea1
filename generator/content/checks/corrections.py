"""Every correction of a seed's text names a listed reason and is carried out in its text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from generator.content.behaviour import Localized
from generator.content.model.walk import walk
from generator.content.yaml_loader import Document
from generator.core.diagnostics import Issue

if TYPE_CHECKING:
    from generator.content.model.base import Correction, LocalizedText

LISTED_KINDS = frozenset({"rules", "table"})  # the kinds whose corrections the notes list


def correction_issues(document: Document, model: Any, reasons: set[str]) -> list[Issue]:
    """Problems with the corrections of one validated content document."""
    kind = getattr(model, "kind", "")
    issues: list[Issue] = []
    for path, value in walk(model):
        if not isinstance(value, Localized):
            continue
        stages = _after_each(value)
        for index, correction in enumerate(value.corrections):
            where = (*path, "corrections", index)
            if kind not in LISTED_KINDS:
                issues.append(document.issue(where, "correction-unlisted", kind=kind))
                continue
            issues.extend(_problems(document, where, value.tr, correction, stages[index], reasons))
    return issues


def _after_each(text: LocalizedText) -> list[str]:
    """The text, in each correction's language, as it stands once that correction is made and
    the ones listed after it are not yet: corrections are made in the order listed (a scanning
    error, then the term in the word it was in)."""
    after = [""] * len(text.corrections)
    current = {lang: text.get(lang) for lang in ("en", "ja")}
    for index in reversed(range(len(text.corrections))):
        correction = text.corrections[index]
        after[index] = current[correction.lang]
        current[correction.lang] = after[index].replace(correction.printed, correction.seed)
    return after


def scenario_correction_issues(document: Document, model: Any) -> list[Issue]:
    """A scenario's texts are its own: any correction on them is a finding."""
    return [
        document.issue((*path, "corrections", index), "correction-in-scenario")
        for path, value in walk(model)
        if isinstance(value, Localized)
        for index in range(len(value.corrections))
    ]


def _problems(
    document: Document,
    where: tuple,
    tr: str,
    correction: Correction,
    printed: str,
    reasons: set[str],
) -> list[Issue]:
    """What is wrong with one correction: its reason, its side, and whether it is carried out in
    `printed`, the text once it is made."""
    lang = correction.lang
    language = f"word:language-{lang}"
    issues = []
    if correction.reason not in reasons:
        choices = ", ".join(sorted(reasons)) or "—"
        issues.append(
            document.issue(
                (*where, "reason"), "correction-reason", reason=correction.reason, choices=choices
            )
        )
    if tr == lang:
        side = "correction-translated-side"
        issues.append(document.issue((*where, "lang"), side, language=language, tr=lang))
    if correction.printed not in printed:
        issues.append(
            document.issue(
                (*where, "printed"),
                "correction-not-printed",
                language=language,
                printed=correction.printed,
            )
        )
    if correction.seed in printed.replace(correction.printed, "\0"):
        issues.append(
            document.issue(
                (*where, "seed"), "correction-seed-left", language=language, seed=correction.seed
            )
        )
    return issues
