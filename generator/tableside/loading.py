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
    # Asked for only when the files are read: a watch's rebuild whose content this process
    # holds already neither keys nor reads them.
    keyed: list[str | None] = []
    looked: list[bool] = []  # whether the kept documents were asked for, and found

    def kept() -> dict | None:
        keyed.append(content_key([root, *(overlay.resolve() for overlay in overlays or [])]))
        found = kept_documents.kept(keyed[0])
        looked.append(found is not None)
        return found

    content = load_content(
        root,
        overlays,
        tolerate=tolerate,
        checks=(reading_issues, *checks),
        known=known,
        kept=kept,
    )
    if looked == [False]:  # a file with any finding is read again next time, to find it again
        found = {issue.file for issue in content.warnings}
        read = [*content.documents, *content.scenarios]
        kept_documents.keep(keyed[0], [d for d in read if d.shown_path not in found])
    return content
