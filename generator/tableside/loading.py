"""The content as playaid's commands read it: loaded and cross-checked, with the checks that need
the layers above the content (the readings the procedures print) reported beside its own."""

from __future__ import annotations

from pathlib import Path

from generator.content.load import Check, Content, load_content


def load_checked(
    root: Path | None = None,
    overlays: list[Path] | None = None,
    *,
    tolerate: frozenset[str] = frozenset(),
    checks: tuple[Check, ...] = (),
) -> Content:
    """load_content with the procedures' readings checked, and `checks` from the layers above
    (the characters the font can draw); raises ContentError with every problem at once."""
    from generator.tableside.procedures.readings import reading_issues

    return load_content(root, overlays, tolerate=tolerate, checks=(reading_issues, *checks))
