"""An earlier content to compare with: a previous content folder, or the content folder as a git
revision of it holds it, loaded with the same loader.

A revision is read through generator.core.git, so that nothing the folder configures runs (no
filter, no textconv, no hook): its tree is listed with each file's size, each YAML file (and each
seed of its own `seeds/`) is checked against the limits before it is read, and written alone into
a scratch folder, which the same loader and hardened reader as any content folder then read. The
scratch folder is `playaid-since-<pid>-…` in the system's temporary folder, removed when the
command ends; one a killed command left is removed by the next that compares (its process gone).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

from generator.content.load import Content, load_content
from generator.core import git
from generator.core.caching import SYSTEM_TEMP
from generator.core.errors import ContentError, UserError
from generator.core.files import remove_abandoned_folders
from generator.core.limits import FILE_BYTES, SEED_BYTES

# The content errors an earlier content may hold and still be compared: its translations may
# be stale or unstamped (the reviewer's copy tolerates the same).
TOLERATED = frozenset({"stale-translation", "unstamped-translation"})
SCRATCH_PREFIX = "playaid-since-"
SCRATCH_NAME = re.compile(rf"{SCRATCH_PREFIX}(?P<pid>[1-9][0-9]{{0,9}})-[A-Za-z0-9_]+")
YAML = (b".yaml", b".yml")


def load_earlier(since: str, root: Path, overlays: list[Path] | None = None) -> tuple[Content, str]:
    """The content `since` names, a folder or a git revision of the folder `root`, with the
    same overlays; and the words the lists print for it (the folder's name, or the revision
    with its short commit). A name that is neither, or content that does not load, is a
    UserError."""
    if not since:
        raise UserError("since-empty")
    if _is_folder(Path(since)):
        return _loaded(Path(since), overlays, since), Path(since).resolve().name
    root = root.resolve()
    commit = git.run_git(
        root, "rev-parse", "--verify", "--quiet", "--end-of-options", since + "^{commit}"
    )
    if since.startswith("-") or commit is None:
        raise UserError("since-unknown", since=since, folder=root)
    name = commit.decode("ascii", "replace").strip()
    entries = git.tree(root, name)
    if not entries:
        raise UserError("since-no-content", since=since, folder=root)
    wanted = [entry for entry in entries if _wanted(entry, since)]
    with _scratch() as scratch:
        for entry in wanted:
            _extract(root, entry, scratch, since)
        content = _loaded(scratch, overlays, since)
    return content, f"{since} ({name[:10]})"


def _is_folder(path: Path) -> bool:
    """Whether `path` is a folder (a name the system cannot take, too long, is not one)."""
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def _wanted(entry: git.Entry, since: str) -> bool:
    """Whether the loader reads this file of the revision (a YAML file, or a seed of its own
    `seeds/`); one that is a link, or larger than the limit, is a UserError naming it."""
    is_yaml = entry.path.lower().endswith(YAML)
    is_seed = entry.path.startswith(b"seeds/") and entry.path.count(b"/") == 1
    if not (is_yaml or is_seed) or entry.kind != "blob":
        return False
    shown = os.fsdecode(entry.path)
    if entry.mode not in git.REGULAR_MODES:
        raise UserError("since-link", since=since, file=shown)
    limit = FILE_BYTES if is_yaml else SEED_BYTES
    if not 0 <= entry.size <= limit:
        raise UserError("since-too-large", since=since, file=shown, limit=limit)
    return True


def _extract(root: Path, entry: git.Entry, scratch: Path, since: str) -> None:
    """Write one file of the revision into the scratch folder, read alone and within its limit."""
    shown = os.fsdecode(entry.path)
    limit = FILE_BYTES if entry.path.lower().endswith(YAML) else SEED_BYTES
    data = git.blob(root, entry.object, limit, entry.size)
    if data is None:
        raise UserError("since-too-large", since=since, file=shown, limit=limit)
    target = scratch / os.fsdecode(entry.path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(target, "xb") as handle:
            handle.write(data)
    except (OSError, ValueError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise UserError("since-unwritable", since=since, file=shown, reason=reason) from None


@contextlib.contextmanager
def _scratch() -> Iterator[Path]:
    """A new scratch folder, named by this process, after removing those of processes gone."""
    system = Path(SYSTEM_TEMP)
    remove_abandoned_folders(system, SCRATCH_NAME)
    folder = Path(tempfile.mkdtemp(prefix=f"{SCRATCH_PREFIX}{os.getpid()}-", dir=system))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _loaded(folder: Path, overlays: list[Path] | None, since: str) -> Content:
    """An earlier content, loaded and checked; ContentError becomes a plain UserError."""
    try:
        return load_content(folder, overlays, tolerate=TOLERATED)
    except ContentError as error:
        issue = error.issues[0]
        where = f"{_relative(issue.file, folder)}:{issue.line}: {issue.key_path}"
        first = (f"{where}: {issue.message_en}", f"{where}: {issue.message_ja}")
        count = len(error.issues)
        raise UserError("since-invalid", since=since, count=count, first=first) from None


def _relative(file: str, folder: Path) -> str:
    """A finding's file as the earlier content names it, relative to that content's folder."""
    try:
        return Path(file).resolve().relative_to(folder.resolve()).as_posix()
    except (OSError, ValueError):
        return file
