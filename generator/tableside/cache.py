"""The content cache: plain JSON under `$XDG_CACHE_HOME/playaid/content`, never pickle.

An entry is keyed by the bytes of every content and overlay file, the folders they were read
from, the seed files beside the project (the load checks each source's line numbers against them)
and playaid's version and code, so any change to any of them misses. Each entry is sealed
(generator.core.fingerprint.seal): one that is not a regular file, too large, torn, zeroed, with a
byte changed, or not for this key is ignored and made again. A cache that cannot be written is
skipped with one warning a run (generator.core.caching). Nothing here is an error.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
from pathlib import Path
from typing import Any

from generator.core.fingerprint import (
    code_digest,
    read_regular,
    read_seed,
    seal,
    unseal,
    yaml_files,
)
from generator.core.limits import FILE_BYTES, SEED_BYTES
from generator.core.places import cache_root

FORMAT = 4  # bump when the shape of an entry changes (2: sealed; 3: translators; 4: seeds)
ENTRY_BYTES = 64 * 1024 * 1024
KEPT = 16  # entries of each kind kept; older ones are removed when one is written


def folder() -> Path:
    """Where content cache entries live."""
    from generator.core.files import cache_folder

    try:
        return cache_folder("content")  # a link standing there is replaced, never followed
    except OSError:  # a cache that cannot be made is skipped: nothing reads or writes there
        return cache_root() / "content"


def content_key(folders: list[Path]) -> str | None:
    """The key of the content in these folders (the content, then each overlay), or None when a
    file cannot be read as a regular file within the limits (the full load then reports it)."""
    return _key(folders, None)


# A top-level `kind: scenario` line (generator.scenario.kind.KIND_LINE, in bytes).
SCENARIO_LINE = re.compile(rb"""^kind:[ \t]*(["']?)scenario\1[ \t]*(#.*)?$""", re.MULTILINE)


def scenario_aside_key(folders: list[Path]) -> tuple[str, dict[str, str]] | None:
    """The content key with the files that say `kind: scenario` counted by their names only,
    and those files' digests by absolute path (generator.tableside.scenario_content: what a
    scenario is checked against does not depend on them); None where content_key is None."""
    aside: dict[str, str] = {}
    key = _key(folders, aside)
    return None if key is None else (key, aside)


def _key(folders: list[Path], aside: dict[str, str] | None) -> str | None:
    """The content key; with `aside`, scenario files are left out of it by their bytes and their
    digests put in `aside` instead."""
    digest = hashlib.sha256(f"format {FORMAT}\n{code_digest()}\n".encode())
    for root in folders:
        digest.update(f"folder {root}\n".encode("utf-8", "surrogateescape"))
        paths, too_deep = yaml_files(root)
        if too_deep:
            return None
        for path in paths:
            raw = read_regular(path, FILE_BYTES)
            if raw is None:
                return None
            fingerprint = hashlib.sha256(raw).hexdigest()
            if aside is not None and SCENARIO_LINE.search(raw):
                aside[str(path)] = fingerprint
                fingerprint = "scenario"
            digest.update(
                f"{path.relative_to(root).as_posix()} {fingerprint}\n".encode(
                    "utf-8", "surrogateescape"
                )
            )
    for name, fingerprint in seed_fingerprints(folders[0]):
        digest.update(f"seed {name} {fingerprint}\n".encode("utf-8", "surrogateescape"))
    return digest.hexdigest()


def seed_fingerprints(content: Path) -> list[tuple[str, str]]:
    """Each file in the content's seeds folder (places.seeds_for) with the SHA-256 of its bytes
    ("-" when it cannot be read as a regular file within the seed limit); none where playaid is
    installed without seeds."""
    from generator.core import places

    seeds = places.seeds_for(content)
    try:
        names = sorted(entry.name for entry in seeds.iterdir()) if seeds is not None else []
    except OSError:
        return []
    return [(name, _seed_digest(seeds / name)) for name in names]


def _seed_digest(path: Path) -> str:
    """The SHA-256 of a seed file, "-" for one that is not a regular file (a link is never
    followed) or is too large."""
    raw = read_seed(path, SEED_BYTES)
    return "-" if raw is None else hashlib.sha256(raw).hexdigest()


def read(kind: str, key: str) -> Any | None:
    """The data stored for this kind and key, or None (missing, unreadable, damaged, stale)."""
    from generator.core.files import is_real_folder

    if not is_real_folder(folder()):  # a link planted for the folder is never read through
        return None
    raw = read_regular(folder() / f"{kind}-{key}.json", ENTRY_BYTES)
    return None if raw is None else unseal(raw, FORMAT, key)


def write(kind: str, key: str, data: Any) -> None:
    """Store data for this kind and key, atomically; any failure leaves the cache as it was
    (a cache that cannot be written is said once, then skipped)."""
    from generator.core import caching
    from generator.core.files import WriteError, write_atomically

    try:
        entry = seal(FORMAT, key, data)
    except ValueError:
        return
    where = caching.folder("content")
    if where is None:
        return
    try:
        write_atomically(where / f"{kind}-{key}.json", entry, durable=False)
    except (OSError, WriteError) as error:
        caching.give_up(error)
        return
    with contextlib.suppress(OSError):  # another process pruning at once
        _prune(where, kind)


def _prune(where: Path, kind: str) -> None:
    """Keep the newest entries of a kind; the rest were for content that has since changed.
    Only entries named as playaid names them are counted or removed."""
    named = re.compile(re.escape(kind) + r"-[0-9a-f]{64}\.json")
    entries = [path for path in where.iterdir() if named.fullmatch(path.name)]
    entries.sort(key=lambda p: p.lstat().st_mtime, reverse=True)
    for old in entries[KEPT:]:
        old.unlink(missing_ok=True)
