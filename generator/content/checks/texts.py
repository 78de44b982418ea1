"""Every text present in both languages, every translation stamped with a current source hash."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from generator.content.audience import editor_words
from generator.content.behaviour import Localized, Noted, Sourced
from generator.content.model.walk import walk
from generator.content.yaml_loader import Document
from generator.core.diagnostics import Issue

if TYPE_CHECKING:
    from generator.content.model.base import LocalizedText

# A translation still to be made or updated: it blocks only what would print it
# (generator.content.printing); `check` still reports it as an error.
PENDING_CODES = frozenset({"missing-translation", "stale-translation", "unstamped-translation"})

Pending = dict[tuple, list[Issue]]  # a pending text's key (Bilingual.key) → its findings


def text_issues(
    document: Document, model: Any, seeds: set[str], pending: Pending | None = None
) -> list[Issue]:
    """Problems with the bilingual texts and source records of one validated document; each
    pending translation's findings are also kept in `pending` by its text."""
    issues: list[Issue] = []
    for path, value in walk(model):
        if isinstance(value, Localized):
            found = _check_text(document, path, value) + _audience(document, path, value)
            issues.extend(found)
            for issue in found if pending is not None else ():
                if issue.code in PENDING_CODES:
                    pending.setdefault(value.key, []).append(issue)
        elif getattr(value, "languages_differ", False) and getattr(value, "uncertain", 1) is None:
            issues.append(document.issue((*path, "languages_differ"), "differ-without-note"))
        elif isinstance(value, Sourced) and value.supplied and not document.overlay:
            issues.append(document.issue((*path, "supplied"), "supplied-not-overlay"))
        elif isinstance(value, Sourced) and seeds and value.seed and value.seed not in seeds:
            issues.append(
                document.issue(
                    (*path, "seed"),
                    "unknown-seed",
                    seed=value.seed,
                    choices=", ".join(sorted(seeds)),
                )
            )
    return issues


def _audience(document: Document, path: tuple, value: LocalizedText) -> list[Issue]:
    """A note's own text is the player's: the editor's words in it are an error."""
    if not isinstance(value, Noted):
        return []
    return [
        document.issue((*path, lang), "note-editor-words", words=", ".join(found))
        for lang in ("en", "ja")
        if (found := editor_words(value.get(lang)))
    ]


def _check_text(document: Document, path: tuple, value: LocalizedText) -> list[Issue]:
    if not value.en.strip() and not value.ja.strip():
        return [document.issue(path, "empty-text")]
    missing = [lang for lang in ("en", "ja") if not value.get(lang).strip()]
    if missing:
        return [
            document.issue(
                (*path, lang) if lang in _keys(document, path) else path,
                "missing-translation",
                language=f"word:language-{lang}",
            )
            for lang in missing
        ]
    if value.tr == "none":
        if value.from_ is not None:
            return [document.issue((*path, "from"), "untranslated-hash")]
        return []
    expected = value.expected_hash
    if value.from_ is None:
        return [
            document.issue(
                path,
                "unstamped-translation",
                language=f"word:language-{value.tr}",
                expected=expected,
            )
        ]
    if value.from_ != expected:
        return [
            document.issue(
                (*path, "from"),
                "stale-translation",
                language=f"word:language-{value.tr}",
                source=f"word:language-{value.source_language}",
                recorded=value.from_,
                expected=expected,
            )
        ]
    return []


def _keys(document: Document, path: tuple) -> set[Any]:
    """The keys the YAML mapping at `path` actually has."""
    node: Any = document.data
    for part in path:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return set()
    return set(node) if isinstance(node, dict) else set()
