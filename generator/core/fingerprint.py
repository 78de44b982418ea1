"""Fingerprints for caches: of files read safely, of playaid's own code and catalogs, and the seal
every cache entry carries so that damage (a torn, zeroed or flipped entry) is found when read."""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import stat
from pathlib import Path
from typing import Any

from generator import __version__
from generator.core import limits
from generator.core.places import CODE, LOCALES

CODE_BYTES = 16 * 1024 * 1024


def code_digest() -> str:
    """A fingerprint of this playaid: its version, every module and every message catalog.
    Worked out once a process (a command keys several caches by it): the code that runs is the
    code the process started with."""
    return _code_digest(CODE, LOCALES, __version__)


@functools.cache
def _code_digest(code: Path, locales: Path, version: str) -> str:
    """code_digest of the modules under `code` and the catalogs under `locales`."""
    digest = hashlib.sha256(f"playaid {version}\n".encode())
    paths = [
        *sorted((f"generator/{p.relative_to(code).as_posix()}", p) for p in code.rglob("*.py")),
        *sorted((f"locales/{p.relative_to(locales).as_posix()}", p) for p in locales.rglob("*.po")),
    ]
    for name, path in paths:
        digest.update(f"{name} ".encode())
        digest.update(f"{file_digest(path, CODE_BYTES) or 'unreadable'}\n".encode())
    return digest.hexdigest()


def file_digest(path: Path, limit: int) -> str | None:
    """The SHA-256 of a regular file's bytes, or None."""
    raw = read_regular(path, limit)
    return None if raw is None else hashlib.sha256(raw).hexdigest()


def read_seed(path: Path, limit: int) -> bytes | None:
    """A seed file's bytes, read only when it is a regular file itself: a link (wherever it
    points), a FIFO, a device or a folder is never opened (looked at with lstat first; the open
    follows no link and is checked again, for a file replaced meanwhile). None for anything
    else."""
    try:
        before = os.lstat(path)
    except (OSError, ValueError):
        return None
    if not stat.S_ISREG(before.st_mode) or before.st_size > limit:
        return None
    return read_regular(path, limit, follow=False)


def read_regular(path: Path, limit: int, *, follow: bool = True) -> bytes | None:
    """A regular file's bytes when it is at most `limit` bytes; None for anything else (missing,
    a folder, a FIFO, a device, a link to one of those, too large, unreadable). Never blocks.
    Unless `follow`, a link is not followed (None)."""
    flags = os.O_RDONLY | os.O_NONBLOCK | (0 if follow else os.O_NOFOLLOW)
    try:
        descriptor = os.open(path, flags)
    except (OSError, ValueError):
        return None
    chunks: list[bytes] = []
    size = 0
    try:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode) or status.st_size > limit:
            return None
        while size <= limit:
            chunk = os.read(descriptor, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError:
        return None
    finally:
        os.close(descriptor)
    return b"".join(chunks) if size <= limit else None


def yaml_files(root: Path) -> tuple[list[Path], list[Path]]:
    """Every `*.yaml` and `*.yml` entry below `root` (sorted), and the folders found deeper than
    limits.FOLDER_DEPTH, which are not entered. The walk is a loop, not a recursion (a folder
    1,500 deep crashed a recursive one), and never enters a link to a folder. Entries are listed
    whatever they are (a link, a folder or a FIFO named `*.yaml` is the reader's finding)."""
    found: list[Path] = []
    too_deep: list[Path] = []
    pending: list[tuple[Path, int]] = [(root, 0)]
    while pending:
        folder, depth = pending.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            path = Path(entry.path)
            if entry.name.endswith((".yaml", ".yml")):
                found.append(path)
            try:
                is_folder = entry.is_dir(follow_symlinks=False)
            except OSError:
                continue
            if not is_folder:
                continue
            if depth + 1 > limits.FOLDER_DEPTH:
                too_deep.append(path)
            else:
                pending.append((path, depth + 1))
    return sorted(found), sorted(too_deep)


# A sealed entry is one JSON document whose data follows a fixed head: its format, its key and
# the SHA-256 of all three, so that the data's bytes are checked as they were written.
_SEALED = re.compile(
    rb'\{"format":([0-9]{1,9}),"key":"([0-9a-f]{64})","sha256":"([0-9a-f]{64})","data":'
)


def seal(form: int, key: str, data: Any) -> bytes:
    """A cache entry holding `data` (plain JSON) under `key` (64 hex digits), with the SHA-256
    of its format, key and data's bytes. Raises ValueError for data JSON cannot hold."""
    body = json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()
    head = f'{{"format":{form},"key":"{key}","sha256":"{_seal_digest(form, key, body)}","data":'
    return head.encode() + body + b"}"


def unseal(raw: bytes, form: int, key: str) -> Any | None:
    """The data of an entry sealed with this format and key; None when it is anything else:
    torn (a crash while writing, a full disk), zeroed, a byte flipped (a bad sector), another
    format or key. An entry edited along with its seal is believed: whoever can write the
    cache can write the user's home folder, which is out of the threat model."""
    match = _SEALED.match(raw)
    if match is None or not raw.endswith(b"}") or int(match[1]) != form:
        return None
    body = raw[match.end() : -1]
    if match[2].decode() != key or match[3].decode() != _seal_digest(form, key, body):
        return None
    try:
        return json.loads(body)
    except (ValueError, RecursionError):
        return None


def _seal_digest(form: int, key: str, body: bytes) -> str:
    """The SHA-256 an entry's seal holds."""
    return hashlib.sha256(f"{form}\n{key}\n".encode() + body).hexdigest()
