"""Where WeasyPrint keeps its temporary font folders during a build: under playaid's cache, one
folder per process, removed when the build ends; a killed build's folder is removed by the next,
and so are the temporary files killed processes left in the caches.

The cache is untrusted like any folder: a link standing for one of its folders is replaced by a
real folder, never followed, and nothing is removed through a link."""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

from generator.render.writer import cache_folder, is_real_folder, remove_stale_temporaries

CACHES = ("fonts", "documents", "content")  # the cache folders that hold files written in place


def scratch_root() -> Path:
    """The folder that holds each running build's scratch folder (a real folder, made now)."""
    return cache_folder("tmp")


@contextlib.contextmanager
def scratch() -> Iterator[Path]:
    """Send temporary files of this process (and the workers it forks) to a folder of its own."""
    root = scratch_root()
    remove_stale(root)
    for name in CACHES:
        with contextlib.suppress(OSError):
            remove_stale_temporaries(cache_folder(name))
    folder = root / str(os.getpid())
    if not is_real_folder(folder):  # a link or a file left there: removed, never followed
        with contextlib.suppress(FileNotFoundError):
            folder.unlink()
    folder.mkdir(exist_ok=True)
    before = tempfile.tempdir
    tempfile.tempdir = str(folder)
    try:
        yield folder
    finally:
        tempfile.tempdir = before
        shutil.rmtree(folder, ignore_errors=True)


def remove_stale(root: Path) -> None:
    """Remove the scratch folders of builds whose process is gone. Only real folders directly in
    a real `root` are removed (shutil.rmtree never follows a link inside them); a link named like
    one is removed itself, never what it points to."""
    if not is_real_folder(root):
        return
    for entry in os.scandir(root):
        if not entry.name.isdigit() or not entry.name.isascii():
            continue
        try:
            os.kill(int(entry.name), 0)
        except ProcessLookupError:
            if entry.is_symlink() or not entry.is_dir(follow_symlinks=False):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)
            else:
                shutil.rmtree(entry.path, ignore_errors=True)
        except (PermissionError, OverflowError, ValueError):
            continue
