"""Where WeasyPrint keeps its temporary font folders during a build: under playaid's cache, one
folder per process (`tmp/<pid>`), removed when the build ends; a killed build's folder is removed
by the next, and so are the temporary files killed processes left in the caches. When the cache
cannot take files, a private temporary folder outside it (tempfile.mkdtemp) is used instead and
removed when the build ends, after one warning (generator.core.caching).

`$XDG_CACHE_HOME/playaid` itself may be a link (a cache kept on another disk): it is followed. A
link standing for one of the folders below it is replaced by a real folder, never followed, and
nothing is removed through a link; only what playaid names as its own is ever removed (a folder
named by a process id, a `.partial` file named by the writer)."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

from generator.core import caching
from generator.core.files import (
    cache_folder,
    is_real_folder,
    remove_abandoned_folders,
    remove_stale_temporaries,
)

CACHES = ("fonts", "documents", "content")  # the cache folders that hold files written in place
PROCESS_ID = re.compile(r"[1-9][0-9]{0,9}")  # how a scratch folder is named: its process's id
SCRATCH_NAME = re.compile(f"(?P<pid>{PROCESS_ID.pattern})")


def scratch_root() -> Path:
    """The folder that holds each running build's scratch folder (a real folder, made now)."""
    return cache_folder("tmp")


_active: list[Path] = []  # the scratch folder this process has open, if any


@contextlib.contextmanager
def scratch() -> Iterator[Path]:
    """Send temporary files of this process (and the workers it forks) to a folder of its own:
    `tmp/<pid>` in the cache, or a private temporary folder when the cache cannot take files.
    Inside an open one (a watch's, around all its builds) the same folder is used and kept: the
    font configurations that keep their fonts there live as long (render.font_setup)."""
    if _active:
        with contextlib.suppress(OSError):  # removed meanwhile (a cache cleared by hand)
            _active[-1].mkdir(parents=True, exist_ok=True)
        yield _active[-1]
        return
    folder = _cache_scratch() if caching.probe(("tmp", *CACHES)) else None
    if folder is None:
        folder = caching.private_folder() / "tmp"
        folder.mkdir(exist_ok=True)
    before = tempfile.tempdir
    tempfile.tempdir = str(folder)
    _active.append(folder)
    try:
        yield folder
    finally:
        _active.pop()
        tempfile.tempdir = before
        shutil.rmtree(folder, ignore_errors=True)


def _cache_scratch() -> Path | None:
    """This process's scratch folder in the cache, made now after clearing what dead builds
    left; None when it cannot be made (said once)."""
    try:
        root = scratch_root()
        remove_stale(root)
        for name in CACHES:
            with contextlib.suppress(OSError):
                remove_stale_temporaries(cache_folder(name))
        folder = root / str(os.getpid())
        if not is_real_folder(folder):  # a link or a file in the way: removed, never followed
            with contextlib.suppress(FileNotFoundError):
                folder.unlink()
        folder.mkdir(exist_ok=True)
    except OSError as error:
        caching.give_up(error)
        return None
    return folder


def remove_stale(root: Path) -> None:
    """Remove the scratch folders of builds whose process is gone: only real folders directly in
    a real `root`, named by a process id as playaid names them (shutil.rmtree never follows a
    link inside them). Anything else there (a link, a file, another name) is left alone."""
    remove_abandoned_folders(root, SCRATCH_NAME)
