"""`build --watch`: build, then build again whenever a watched file changes, until Ctrl-C.

The watch stays in one process, so a rebuild starts with playaid, WeasyPrint and the templates
already loaded, and the caches (documents, fonts, content) hand back everything the change did not
touch. Files are polled (their size, modification time and inode, twenty times a second), which
needs no platform notification API and no extra dependency; a change is built once the files have
stopped changing for a moment, so an editor's save in several writes is one rebuild. What the
player edits is watched, and nothing playaid writes: a link is followed to its target (an edit
there is a change, and so is pointing the link elsewhere), and the output folder and the caches are
left out wherever they lie (inside an overlay, say), so that a build's own files never count as a
change (issue 33).
"""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Callable, Iterable
from pathlib import Path

# How often the watched files are looked at, and how long they must then stay unchanged before a
# rebuild starts: each is part of what an author waits for after a save (issue 46; the files
# of the content, the templates and a scenario, about a hundred, are looked at in under a
# millisecond), and an editor's save in several writes takes far less.
POLL_SECONDS = 0.05
SETTLE_SECONDS = 0.05
MAX_WATCHED = 20_000  # files looked at, at most: a folder past this is watched in part

Snapshot = dict[str, tuple[int, int, int]]
MAX_LINKS = 40  # links followed one after another, at most (the kernel's own limit): a loop ends


def snapshot(roots: Iterable[Path], ignored: Iterable[Path] = ()) -> Snapshot:
    """The size, modification time and inode of every file the build may read below the watched
    paths: a named file or folder, and what a folder holds. A link is watched and so is what it
    points at, link after link: a named link to a folder is walked, a link to a folder inside
    a folder is not (the content loader does not enter one either). A folder in `ignored`
    (what playaid writes: the output folder, the caches) is never watched, wherever it lies; a
    file named is. A missing path counts as no file."""
    skipped = [os.path.realpath(path) for path in ignored]
    seen: Snapshot = {}
    walked: set[str] = set()
    # (path, its real path, named, links followed to reach it)
    pending = [(str(root), os.path.realpath(root), True, 0) for root in roots]
    while pending and len(seen) < MAX_WATCHED:
        path, real, named, links = pending.pop()
        try:
            status = os.lstat(path)
        except OSError:
            continue
        folder = stat.S_ISDIR(status.st_mode)
        if _inside(real, skipped) and (folder or not named):
            continue
        if stat.S_ISLNK(status.st_mode):
            seen[path] = (status.st_size, status.st_mtime_ns, status.st_ino)
            target = _target(path)
            if target is not None and links < MAX_LINKS:
                pending.append((target, os.path.realpath(target), named, links + 1))
        elif not folder:
            seen[path] = (status.st_size, status.st_mtime_ns, status.st_ino)
        elif (links == 0 or named) and real not in walked:
            walked.add(real)
            pending.extend(_entries(path, real))
    return seen


def _target(link: str) -> str | None:
    """Where a link points, as a path from here; None when it cannot be read."""
    try:
        return os.path.join(os.path.dirname(link), os.readlink(link))
    except OSError:
        return None


def _entries(folder: str, real: str) -> list[tuple[str, str, bool, int]]:
    """What a folder holds, to look at next: none when it cannot be listed."""
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    return [(os.path.join(folder, name), os.path.join(real, name), False, 0) for name in names]


def _inside(real: str, folders: list[str]) -> bool:
    """Whether a real path is one of these real folders or lies below one."""
    return any(
        real == folder or real.startswith(folder.rstrip(os.sep) + os.sep) for folder in folders
    )


def changed(before: Snapshot, after: Snapshot) -> list[str]:
    """The files added, removed or changed between two snapshots, sorted."""
    paths = before.keys() | after.keys()
    return sorted(path for path in paths if before.get(path) != after.get(path))


def wait_for_change(
    roots: list[Path],
    before: Snapshot,
    sleep: Callable[[float], None] = time.sleep,
    ignored: Callable[[], Iterable[Path]] = tuple,
) -> Snapshot:
    """Wait until a watched file changes and the files then stay unchanged for SETTLE_SECONDS;
    return the snapshot they settled in. `ignored` names the folders never watched (asked at
    every look: a build may make them)."""
    while True:
        sleep(POLL_SECONDS)
        now = snapshot(roots, ignored())
        if now == before:
            continue
        while True:  # an editor may write a file in several steps: wait for the last
            sleep(SETTLE_SECONDS)
            settled = snapshot(roots, ignored())
            if settled == now:
                return settled
            now = settled


def watch(
    roots: list[Path],
    build_once: Callable[[list[str]], None],
    waiting: Callable[[int], None],
    sleep: Callable[[float], None] = time.sleep,
    ignored: Callable[[], Iterable[Path]] = tuple,
) -> None:
    """Build, then build again after every change below `roots`, telling `build_once` which
    files changed and `waiting` how many are watched; returns on Ctrl-C, never in the middle of
    a build's writes (the build itself finishes its renames first). Each snapshot is taken
    before its build, so a save during a build is built next. What the build writes (the
    folders `ignored` names) is never watched, so a build is never its own change."""
    seen = snapshot(roots, ignored())
    build_once([])
    while True:
        waiting(len(seen))
        settled = wait_for_change(roots, seen, sleep, ignored)
        build_once(changed(seen, settled))
        seen = settled
