"""A PO file read as every input file is: a path is a path (a regular file, never a name polib
would parse as PO text), read by playaid itself within limits.PO_BYTES, in the charset its
header names."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import Any

import polib

from generator.core import limits
from generator.core.diagnostics import display_path
from generator.core.errors import UserError
from generator.core.messages import message

message("po-unreadable", "cannot read {path} as a PO file: {reason}")
message("po-too-large", "{path} is larger than {limit} bytes, the most playaid reads of a PO file")
message("word:po-not-a-file", "it is not a regular file (a folder, a link, a device or a FIFO)")

_CHARSET = re.compile(rb"charset=([A-Za-z0-9_.:-]{1,40})")


def read_po(path: Path) -> Any:
    """The PO file at `path`, or a UserError that says why it cannot be read: no such file,
    not a regular file, over the size limit, not in its charset, not PO."""
    shown = display_path(path)
    raw = _read_bytes(path, shown)
    lines = _decode(raw, shown).split("\n")
    try:
        return _parse(lines)
    except (OSError, ValueError, UnicodeDecodeError) as error:
        raise UserError("po-unreadable", path=shown, reason=str(error)) from error


def _parse(lines: list[str]) -> Any:
    """The lines as a PO file, split at line feeds only, as gettext reads them (polib's own
    reading would split at U+2028 too, and would open a file that the text names); each entry
    placed at its msgctxt (or msgid) line, where an editor looks."""
    parser = polib._POFileParser("", encoding="utf-8")  # the parser: only it takes lines
    parser.fhandle = lines
    po = parser.parse()
    po.wrapwidth = 79
    for entry in po:
        entry.linenum = _keyword_line(lines, entry.linenum or 1)
    return po


def _read_bytes(path: Path, shown: str) -> bytes:
    """The file's bytes: never through a FIFO or a device, never more than the limit."""
    if not os.path.lexists(path):
        raise UserError("file-missing", file=shown)
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as error:
        raise UserError("po-unreadable", path=shown, reason=error.strerror or str(error)) from error
    try:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            raise UserError("po-unreadable", path=shown, reason="word:po-not-a-file")
        chunks, size = [], 0
        while size <= limits.PO_BYTES and (chunk := os.read(descriptor, 1 << 20)):
            chunks.append(chunk)
            size += len(chunk)
    except OSError as error:
        raise UserError("po-unreadable", path=shown, reason=error.strerror or str(error)) from error
    finally:
        os.close(descriptor)
    if size > limits.PO_BYTES:
        raise UserError("po-too-large", path=shown, limit=limits.PO_BYTES)
    return b"".join(chunks)


def _decode(raw: bytes, shown: str) -> str:
    """The text in the charset the header names (UTF-8 where it names none), its BOM dropped."""
    found = _CHARSET.search(raw[:4096])
    charset = found.group(1).decode("ascii") if found else "utf-8"
    if charset.upper() == "CHARSET":  # the template's placeholder
        charset = "utf-8"
    try:
        text = raw.decode(charset)
    except LookupError:
        raise UserError("po-unreadable", path=shown, reason=f"charset {charset}") from None
    except UnicodeDecodeError as error:
        raise UserError("po-unreadable", path=shown, reason=str(error)) from error
    return text.removeprefix("\ufeff")


def _keyword_line(lines: list[str], start: int) -> int:
    """The first line from `start` (1-based) that begins an entry's text: msgctxt or msgid."""
    for number in range(start, len(lines) + 1):
        if lines[number - 1].lstrip().startswith(("msgctxt", "msgid")):
            return number
    return start
