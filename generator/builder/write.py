"""The build's last stage: the documents, the site and the manifest staged and then moved into
the output folder together, under its lock; a build that fails writes nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from generator.builder.documents import VARIANT_SUFFIXES, Produced
from generator.builder.request import SITE, BuildError, BuildRequest
from generator.core.files import WriteError, is_regular_file
from generator.core.limits import shown_name
from generator.render.writer import Writer, locked, sha256

MANIFEST = "manifest.json"
MANIFEST_FIELDS = {"id", "kind", "system", "lang", "paper", "path", "pages", "sha256"}


def write_build(request: BuildRequest, produced: list[Produced], site: Any) -> dict[str, Any]:
    """Write the documents, the site (when there is one) and the manifest into the request's
    output folder; return the manifest. Entries of an earlier build that this one did not make
    are kept while their files are there."""
    from generator.site.write import manifest_entry, stage_site

    documents = [_entry(item, request.file_variant) for item in produced]
    if site is not None:
        documents.append(manifest_entry(site, f"{SITE}/"))
    out = request.out
    with locked(out):
        rebuilt = {entry["path"] for entry in documents}
        kept = [
            entry
            for entry in _previous_manifest(out)
            if entry["path"] not in rebuilt and is_regular_file(out / entry["path"])
        ]
        manifest = {"documents": sorted(kept + documents, key=lambda entry: entry["path"])}
        data = (json.dumps(manifest, ensure_ascii=False, indent=2, allow_nan=False) + "\n").encode()

        def stage(writer: Writer) -> None:
            for item in produced:
                writer.stage(item.path, item.pdf)
            if site is not None:
                stage_site(writer, site, f"{SITE}/")
            writer.stage(MANIFEST, data)

        write_staged(out, stage)
    return manifest


def write_staged(out: Path, stage: Any) -> None:
    """Stage files with `stage(writer)` and move them all into `out` (whose lock the caller
    holds); BuildError, with nothing changed, when a file cannot be staged or moved."""
    writer = Writer(out)
    try:
        stage(writer)
    except (OSError, WriteError) as error:
        writer.discard()
        raise BuildError([f"{shown_name(out)}: {_reason(error)}; nothing was changed"]) from error
    except BaseException:  # Ctrl-C while staging: nothing was moved yet
        writer.discard()
        raise
    try:
        writer.commit()  # a journal that cannot be written removes what was staged
    except WriteError as error:
        raise BuildError([f"{shown_name(out)}: {error}"]) from error


def _entry(item: Produced, variant: str | None) -> dict[str, Any]:
    """A document's line in the manifest."""
    return {
        "id": item.spec.id,
        "kind": item.spec.kind,
        "system": item.spec.system,
        "lang": item.edition,
        "paper": item.spec.paper,
        "path": item.path,
        "pages": item.pages,
        "sha256": sha256(item.pdf),
        "variant": variant,
    }


def _previous_manifest(out: Path) -> list[dict[str, Any]]:
    """The entries of an earlier build's manifest, kept when a build names only some targets.
    A manifest that is not a regular file, or not what playaid writes, is ignored."""
    path = out / MANIFEST
    if not is_regular_file(path) or path.stat().st_size > 16 * 1024 * 1024:
        return []
    try:
        entries = json.loads(path.read_text(encoding="utf-8"))["documents"]
    except (OSError, ValueError, KeyError, TypeError):
        return []
    if not isinstance(entries, list):
        return []
    return [
        {"variant": None, **entry}  # a manifest from before variants: default PDFs
        for entry in entries
        if isinstance(entry, dict) and _written_by_playaid(entry)
    ]


def _written_by_playaid(entry: dict[str, Any]) -> bool:
    """Whether a manifest entry has the fields playaid writes, and a path inside the folder."""
    return (
        set(entry) - {"variant"} == MANIFEST_FIELDS
        and isinstance(entry.get("variant"), str | None)
        and entry.get("variant") in VARIANT_SUFFIXES
        and isinstance(entry["path"], str)
        and ".." not in Path(entry["path"]).parts
        and not Path(entry["path"]).is_absolute()
    )


def _reason(error: Exception) -> str:
    """An OS error in words."""
    if isinstance(error, OSError) and error.strerror:
        return f"{error.strerror}" + (f" ({error.filename})" if error.filename else "")
    return str(error)
