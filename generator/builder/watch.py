"""`build --watch`: build, then build again whenever a watched file changes, until Ctrl-C.

The watch stays in one process, so a rebuild starts with playaid, WeasyPrint and the templates
already loaded, and the caches (documents, fonts, content) hand back everything the change did not
touch. Files are polled (their size, modification time and inode, a few hundred `stat` calls a
second at most), which needs no platform notification API and no extra dependency; a change is
built once the files have stopped changing for a moment, so an editor's save in several writes is
one rebuild.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path

POLL_SECONDS = 0.1  # how often the watched files are looked at
SETTLE_SECONDS = 0.1  # how long they must stay unchanged before a rebuild starts
MAX_WATCHED = 20_000  # files looked at, at most: a folder past this is watched in part

Snapshot = dict[str, tuple[int, int, int]]


def snapshot(roots: Iterable[Path]) -> Snapshot:
    """The size, modification time and inode of every file below the watched paths (a named
    file, or a folder walked without following links); a missing path counts as no file."""
    seen: Snapshot = {}
    pending = [Path(root) for root in roots]
    while pending and len(seen) < MAX_WATCHED:
        path = pending.pop()
        try:
            status = os.lstat(path)
        except OSError:
            continue
        if os.path.isdir(path) and not os.path.islink(path):
            try:
                pending.extend(Path(entry.path) for entry in os.scandir(path))
            except OSError:
                continue
        else:
            seen[str(path)] = (status.st_size, status.st_mtime_ns, status.st_ino)
    return seen


def changed(before: Snapshot, after: Snapshot) -> list[str]:
    """The files added, removed or changed between two snapshots, sorted."""
    paths = before.keys() | after.keys()
    return sorted(path for path in paths if before.get(path) != after.get(path))


def wait_for_change(
    roots: list[Path], before: Snapshot, sleep: Callable[[float], None] = time.sleep
) -> Snapshot:
    """Wait until a watched file changes and the files then stay unchanged for SETTLE_SECONDS;
    return the snapshot they settled in."""
    while True:
        sleep(POLL_SECONDS)
        now = snapshot(roots)
        if now == before:
            continue
        while True:  # an editor may write a file in several steps: wait for the last
            sleep(SETTLE_SECONDS)
            settled = snapshot(roots)
            if settled == now:
                return settled
            now = settled


def watch(
    roots: list[Path],
    build_once: Callable[[list[str]], None],
    waiting: Callable[[int], None],
    sleep: Callable[[float], None] = time.sleep,
) -> None:
    """Build, then build again after every change below `roots`, telling `build_once` which
    files changed and `waiting` how many are watched; returns on Ctrl-C, never in the middle of
    a build's writes (the build itself finishes its renames first). Each snapshot is taken
    before its build, so a save during a build is built next."""
    seen = snapshot(roots)
    build_once([])
    while True:
        waiting(len(seen))
        settled = wait_for_change(roots, seen, sleep)
        build_once(changed(seen, settled))
        seen = settled
