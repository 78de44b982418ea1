"""Files written so that no link is followed and nothing is left half-written: the primitives
under the build's writer (generator.render.writer) and under every cache."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import shutil
import stat
from pathlib import Path

from generator.core.limits import shown_name

PARTIAL = ".partial"


class WriteError(Exception):
    """The output folder cannot take a file; what was already there is untouched."""


def is_regular_file(path: Path) -> bool:
    """Whether `path` is a regular file itself, not a link to one."""
    return kind_of(path) == "file"


def real_folder(root: Path, folder: Path) -> Path:
    """`folder` below `root` as real directories: a link or a file in the way is replaced by a
    directory, so nothing is ever written through a link to somewhere else."""
    relative = folder.relative_to(root)
    current = root
    current.mkdir(parents=True, exist_ok=True)
    for part in relative.parts:
        current = current / part
        kind = kind_of(current)
        if kind == "directory":
            continue
        if kind is not None:
            current.unlink()
        current.mkdir()
    return current


def kind_of(path: Path) -> str | None:
    """What stands at `path`, links not followed: directory, file, link, other, or None."""
    try:
        mode = os.lstat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return None
    if stat.S_ISLNK(mode):
        return "link"
    if stat.S_ISDIR(mode):
        return "directory"
    return "file" if stat.S_ISREG(mode) else "other"


def create_temporary(folder: Path, name: str) -> tuple[Path, int]:
    """A new temporary file for `name` in `folder`, open for writing, named
    `.<name>.<pid>-<token>.partial`: created exclusively and never through a link (O_EXCL |
    O_NOFOLLOW). A link or other file already standing at the chosen name (planted there) is
    removed, never followed, and another name is chosen. The process id in the name lets a later
    process remove what a killed one left (remove_stale_temporaries)."""
    for _ in range(TEMPORARY_ATTEMPTS):
        temporary = folder / f".{name}.{os.getpid()}-{secrets.token_hex(6)}{PARTIAL}"
        try:
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
            return temporary, os.open(temporary, flags, 0o644)
        except FileExistsError:
            if kind_of(temporary) != "directory":
                temporary.unlink(missing_ok=True)
    raise WriteError(
        f"{shown_name(folder)}: could not create a temporary file for {shown_name(name)}"
    )


TEMPORARY_ATTEMPTS = 16
# The names of the temporary files playaid writes (create_temporary: `.<name>.<pid>-<12 hex>
# .partial`) and of those it wrote before (`<font>-<16 hex>.<pid>.tmp`), and no others.
_TEMPORARY = re.compile(r"\..+\.(?P<pid>[1-9][0-9]{0,9})-[0-9a-f]{12}\.partial")
_STALE = re.compile(f"{_TEMPORARY.pattern}|.+-[0-9a-f]{{16}}\\.(?P<old>[1-9][0-9]{{0,9}})\\.tmp")


def is_abandoned_temporary(folder: Path, name: str, *, cache: bool = False) -> bool:
    """Whether folder/name is a temporary file playaid wrote (a regular file named as
    create_temporary names them, or in a `cache` as playaid named them before) whose process is
    gone: the only files a clean-up removes."""
    match = (_STALE if cache else _TEMPORARY).fullmatch(name)
    if match is None or kind_of(folder / name) != "file":
        return False
    pid = int(match.group("pid") or match.groupdict().get("old"))
    return pid != os.getpid() and not _alive(pid)


def remove_stale_temporaries(folder: Path) -> None:
    """Remove the temporary files that processes which are gone left in a cache folder (killed
    between creating and renaming them); a running process's own are left alone. Only regular
    files named as playaid names its temporary files are removed: never a link (nor anything
    through one), a folder, or a file of another name."""
    if kind_of(folder) != "directory":
        return
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        if is_abandoned_temporary(folder, name, cache=True):
            with contextlib.suppress(OSError):
                (folder / name).unlink()


def remove_abandoned_folders(root: Path, pattern: re.Pattern[str]) -> None:
    """Remove the folders that processes which are gone left in `root`: only real folders
    directly in a real `root` whose whole name `pattern` matches, its group `pid` naming a
    process that is not running (shutil.rmtree never follows a link inside them). Anything else
    there (a link, a file, another name, a running process's folder) is left alone."""
    if kind_of(root) != "directory":
        return
    try:
        entries = list(os.scandir(root))
    except OSError:
        return
    for entry in entries:
        match = pattern.fullmatch(entry.name)
        if match is None or int(match.group("pid")) == os.getpid():
            continue
        try:
            if not entry.is_dir(follow_symlinks=False) or _alive(int(match.group("pid"))):
                continue
        except (OSError, OverflowError, ValueError):
            continue
        shutil.rmtree(entry.path, ignore_errors=True)  # refuses a link put there meanwhile


def _alive(pid: int) -> bool:
    """Whether a process with this id is running (one of another user counts as running)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return True
    return True


def write_atomically(
    path: Path, data: bytes, *, mode: int | None = None, durable: bool = True
) -> None:
    """Replace `path` with `data` in one step, never writing through a link standing there;
    `mode` gives the new file those permission bits (a file edited in place keeps its own).
    Unless `durable` is False, the file and the rename reach the disk before this returns; a
    cache entry, sealed and checked whenever it is read, is written without that wait (one a
    crash tore is made again)."""
    temporary, descriptor = create_temporary(path.parent, path.name)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            if mode is not None:
                os.fchmod(handle.fileno(), mode)
            handle.write(data)
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:  # a full disk, or Ctrl-C: no partial file is left behind
        temporary.unlink(missing_ok=True)
        raise
    if durable:
        sync_folder(path.parent)


def os_reason(error: BaseException) -> str:
    """An OS error in words."""
    if isinstance(error, OSError) and error.strerror:
        return f"{error.strerror}" + (f" ({error.filename})" if error.filename else "")
    return str(error)


def cache_folder(name: str) -> Path:
    """`$XDG_CACHE_HOME/playaid/<name>` as a real folder, made when missing: a link (or a file)
    standing there is removed, never followed, and a folder made in its place, so that no cache
    is written, and nothing removed, through a link to somewhere else."""
    from generator.core.places import cache_root

    root = cache_root()
    root.mkdir(parents=True, exist_ok=True)
    return real_folder(root, root / name)


def is_real_folder(path: Path) -> bool:
    """Whether `path` is a folder itself, not a link to one."""
    return kind_of(path) == "directory"


def sync_folder(folder: Path) -> None:
    """Make the renames in a folder durable."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError as error:
        if error.errno not in (errno.EINVAL, errno.EBADF):
            raise
    finally:
        os.close(descriptor)
