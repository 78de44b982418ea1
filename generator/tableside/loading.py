"""The content as playaid's commands read it: loaded and cross-checked, with the checks that need
the layers above the content (the readings the procedures print) reported beside its own."""

from __future__ import annotations

from pathlib import Path

from generator.content.load import Check, Content, load_content
from generator.core.diagnostics import Issue
from generator.core.places import DEFAULT_CONTENT


def load_checked(
    root: Path | None = None,
    overlays: list[Path] | None = None,
    *,
    tolerate: frozenset[str] = frozenset(),
    checks: tuple[Check, ...] = (),
    known: list[Issue] | None = None,
) -> Content:
    """load_content with the procedures' readings checked, and `checks` from the layers above
    (the characters the font can draw); raises ContentError with every problem at once. With
    `known` (what a full load of the same files found) the checks that only find are skipped."""
    from generator.tableside import kept_documents
    from generator.tableside.cache import content_key
    from generator.tableside.procedures.readings import reading_issues

    root = (root or DEFAULT_CONTENT).resolve()
    key = content_key([root, *(overlay.resolve() for overlay in overlays or [])])
    kept = kept_documents.kept(key)
    content = load_content(
        root,
        overlays,
        tolerate=tolerate,
        checks=(reading_issues, *checks),
        known=known,
        kept=kept,
    )
    if kept is None:  # a file with any finding is read again next time, to find it again
        found = {issue.file for issue in content.warnings}
        read = [*content.documents, *content.scenarios]
        kept_documents.keep(key, [d for d in read if d.shown_path not in found])
    return content
