"""The content's sources.yaml joined by an overlay's: a game added beside the shipped ones brings
its own seeds and systems (`--overlay GAME_DIR`), each seed read from the folder it came with."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.content.checks.sources import seed_line_counts
from generator.content.model.project import Sources
from generator.content.yaml_loader import Document
from generator.core.diagnostics import Issue, display_path
from generator.core.messages import text
from generator.core.places import seeds_for


def join_sources(
    root: Path, found: list[tuple[Document, Any]], issues: list[Issue]
) -> tuple[Sources | None, list[tuple[Document, Sources]]]:
    """The content's own sources.yaml with every overlay's seeds and systems after its own, and
    each file with its sources, the content's own first; None (with a finding naming the files)
    unless the content holds exactly one of its own. A seed or system id listed by two files is
    a finding naming both, and the later one is left out."""
    own = [(document, model) for document, model in found if not document.overlay]
    if len(own) != 1:
        issues.append(_count_issue(root, [document for document, _ in own]))
        return None, []
    ordered = own + [(document, model) for document, model in found if document.overlay]
    seeds: dict[str, tuple[Any, str]] = {}
    systems: dict[str, tuple[Any, str]] = {}
    for document, model in ordered:
        for key, listed in (("seeds", seeds), ("systems", systems)):
            for index, entry in enumerate(getattr(model, key)):
                if entry.id in listed:
                    issues.append(_clash(document, (key, index, "id"), entry.id, listed[entry.id]))
                    continue
                listed[entry.id] = (entry, _where(document, (key, index, "id")))
    joined = own[0][1].model_copy(
        update={
            "seeds": tuple(entry for entry, _ in seeds.values()),
            "systems": tuple(entry for entry, _ in systems.values()),
        }
    )
    return joined, ordered


def joined_line_counts(
    files: list[tuple[Document, Sources]], issues: list[Issue]
) -> dict[str, int]:
    """How many lines each readable seed file has, each read from the seeds folder of the
    content folder whose sources.yaml lists it (generator.core.places.seeds_for); a seed file
    not found there is a finding that says its line citations were not checked."""
    counts: dict[str, int] = {}
    for document, sources in reversed(files):
        folder = seeds_for(Path(document.path).parent)
        found = seed_line_counts(sources, folder)
        for index, seed in enumerate(sources.seeds):
            if seed.id not in found and seed.id not in counts:
                issues.append(_unread(document, index, seed, folder))
        counts |= found
    return counts


def _unread(document: Document, index: int, seed: Any, folder: Path | None) -> Issue:
    """A seed file not found: a warning where its folder is there (a misspelled or missing
    file), an info where there is no seeds folder at all (an install or copy without them)."""
    shown = display_path(folder) if folder is not None else "-"
    there = folder is not None and folder.is_dir()
    code, severity = ("seed-not-found", "warning") if there else ("seeds-not-found", "info")
    path = ("seeds", index, "file")
    return document.issue(path, code, severity=severity, file=seed.file, seed=seed.id, folder=shown)


def _where(document: Document, path: tuple) -> str:
    """`file:line` of a key of a document."""
    return f"{document.shown_path}:{document.position(path).line}"


def _clash(document: Document, path: tuple, entry_id: str, other: tuple[Any, str]) -> Issue:
    """A seed or system id a second sources.yaml lists again."""
    return document.issue(path, "sources-clash", id=entry_id, other=other[1])


def _count_issue(root: Path, documents: list[Document]) -> Issue:
    """The content holds no sources.yaml of its own, or more than one."""
    files = ", ".join(document.shown_path for document in documents) or "-"
    en, ja = text("missing-sources", count=len(documents), files=files)
    return Issue(display_path(root / "sources.yaml"), 1, 1, "kind", "missing-sources", en, ja)
