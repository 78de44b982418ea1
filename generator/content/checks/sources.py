"""Every seed line a source cites exists: within the seed file's own line count (issue 20).

The seeds are read from the content folder's own `seeds/`, else ../shared/seeds
(generator.core.places.seeds_for; an installed playaid has none) the way `review` reads them; a
seed that cannot be read there is left to the bound every source already keeps
(limits.MAX_SEED_LINE, checked by the model), and `review` says it is missing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.content.model.base import Source, line_spans
from generator.content.model.project import Sources
from generator.content.model.walk import walk
from generator.content.yaml_loader import Document
from generator.core.diagnostics import Issue
from generator.core.limits import SEED_BYTES


def seed_line_counts(sources: Sources, folder: Path | None) -> dict[str, int]:
    """How many lines each readable seed file has, by seed id (none where playaid is installed
    without its seeds)."""
    counts: dict[str, int] = {}
    if folder is None:
        return counts
    for seed in sources.seeds:
        lines = read_seed_lines(folder, seed.file)
        if lines is not None:
            counts[seed.id] = len(lines)
    return counts


def read_seed_lines(folder: Path, name: str) -> list[str] | None:
    """A seed file's lines as `review` numbers them, or None when it cannot be read: not there,
    not a regular file, too large, or not named as a plain file name in `folder`."""
    from generator.core.fingerprint import read_seed

    if not plain_name(name):
        return None
    raw = read_seed(folder / name, SEED_BYTES)
    if raw is None:
        return None
    text = raw.decode("utf-8", errors="replace")
    return [line.removesuffix("\r") for line in text.removesuffix("\n").split("\n")]


def plain_name(name: str) -> bool:
    """A file name with no folder in it: sources.yaml names seeds, it does not point anywhere."""
    return bool(name) and name == Path(name).name and name not in (".", "..") and "\\" not in name


def seed_file_issues(document: Document, sources: Sources, root: Path) -> list[Issue]:
    """A seed named by anything but a plain file name (a folder in it, `..`, an absolute path),
    or standing in the seeds folder as anything but a regular file itself (a link, wherever it
    points, a FIFO, a device, a folder): a finding at its `file`. Such a file is never opened;
    nor is a game's own `seeds/` that is a link (or a file), which is a finding too."""
    from generator.core.files import kind_of
    from generator.core.places import seeds_for

    folder = seeds_for(root)
    issues: list[Issue] = []
    own = root / "seeds"
    if kind_of(own) not in (None, "directory"):  # a link is never followed to other seeds
        issues.append(document.issue(("seeds",), "seeds-folder-not-real", folder=own))
    for index, seed in enumerate(sources.seeds):
        path = ("seeds", index, "file")
        if not plain_name(seed.file):
            issues.append(document.issue(path, "seed-file-name", file=seed.file))
            continue
        if folder is None:
            continue
        try:
            kind = kind_of(folder / seed.file)
        except (OSError, ValueError):
            kind = "other"  # a name the system cannot take: never opened either
        if kind not in (None, "file"):
            issues.append(document.issue(path, "seed-not-regular", file=seed.file, folder=folder))
    return issues


def line_issues(document: Document, model: Any, counts: dict[str, int]) -> list[Issue]:
    """A cited line past the end of its seed file, once per source."""
    issues: list[Issue] = []
    for path, value in walk(model):
        if not isinstance(value, Source) or not value.lines or value.seed not in counts:
            continue
        count = counts[value.seed or ""]
        last = max(last for _, last in line_spans(value.lines))
        if last > count:
            issues.append(
                document.issue(
                    (*path, "lines"), "source-line-beyond", seed=value.seed, count=count, line=last
                )
            )
    return issues
