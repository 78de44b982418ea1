"""Where WeasyPrint keeps its temporary font folders during a build: under playaid's cache, one
folder per process, removed when the build ends; a killed build's folder is removed by the next."""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

from generator.render.subset import cache_dir


def scratch_root() -> Path:
    """The folder that holds each running build's scratch folder."""
    return cache_dir().parent / "tmp"


@contextlib.contextmanager
def scratch() -> Iterator[Path]:
    """Send temporary files of this process (and the workers it forks) to a folder of its own."""
    root = scratch_root()
    root.mkdir(parents=True, exist_ok=True)
    remove_stale(root)
    folder = root / str(os.getpid())
    folder.mkdir(exist_ok=True)
    before = tempfile.tempdir
    tempfile.tempdir = str(folder)
    try:
        yield folder
    finally:
        tempfile.tempdir = before
        shutil.rmtree(folder, ignore_errors=True)


def remove_stale(root: Path) -> None:
    """Remove the scratch folders of builds whose process is gone."""
    for folder in root.iterdir():
        if folder.is_symlink() or not folder.is_dir() or not folder.name.isdigit():
            continue
        try:
            os.kill(int(folder.name), 0)
        except ProcessLookupError:
            shutil.rmtree(folder, ignore_errors=True)
        except PermissionError:
            continue
