"""PO files written as gettext's own tools (msgcat, msgmerge) write them, so that a file passed
through them, or through Poedit or Weblate at gettext's settings, comes back with no line
changed: strings wrapped at 79 columns where gettext wraps them (after a space, and between
Japanese characters, by the Unicode line breaking rules, each wide character two columns), a
string holding a line break or too long for its first line starting with `msgid ""`.

The break positions are libunistring's (`ulc_width_linebreaks`, the function gettext calls);
where that library cannot be loaded, strings are broken after spaces only."""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
from typing import Any

PAGE_WIDTH = 79  # gettext's default page width
_ESCAPES = {"\a": "a", "\b": "b", "\f": "f", "\n": "n", "\r": "r", "\t": "t", "\v": "v"}
_PROHIBITED, _POSSIBLE = 1, 2  # libunistring's UC_BREAK_PROHIBITED, UC_BREAK_POSSIBLE


def po_text(po: Any) -> str:
    """The whole PO file: the header, then each entry, then the obsolete ones, blank-line
    separated."""
    blocks = ["\n".join(_header(po))]
    blocks += ["\n".join(_entry(entry)) for entry in po if not entry.obsolete]
    blocks += ["\n".join(_entry(entry)) for entry in po if entry.obsolete]
    return "\n\n".join(blocks) + "\n"


def _header(po: Any) -> list[str]:
    """The title comment and the header entry (`msgid ""` with the metadata as its msgstr)."""
    lines = _comment_lines("#", po.header) if po.header else []
    if po.metadata_is_fuzzy:
        lines.append("#, fuzzy")
    metadata = "".join(f"{key}: {value}\n" for key, value in po.ordered_metadata())
    return [*lines, *wrap("", "msgid", ""), *wrap("", "msgstr", metadata)]


def _entry(entry: Any) -> list[str]:
    """One entry as msgcat writes it: translator, extracted, place and flag comments, the
    previous text, then msgctxt, msgid and msgstr (each `#~ ` where the entry is obsolete)."""
    lines = _comment_lines("#", entry.tcomment) + _comment_lines("#.", entry.comment)
    if entry.occurrences and not entry.obsolete:
        lines += _places(entry.occurrences)
    if entry.flags:
        lines.append("#, " + ", ".join(entry.flags))
    previous_prefix = "#~| " if entry.obsolete else "#| "
    if entry.previous_msgctxt is not None:
        lines += wrap(previous_prefix, "msgctxt", entry.previous_msgctxt)
    if entry.previous_msgid is not None:
        lines += wrap(previous_prefix, "msgid", entry.previous_msgid)
    prefix = "#~ " if entry.obsolete else ""
    if entry.msgctxt is not None:
        lines += wrap(prefix, "msgctxt", entry.msgctxt)
    return lines + wrap(prefix, "msgid", entry.msgid) + wrap(prefix, "msgstr", entry.msgstr)


def _comment_lines(mark: str, text: str) -> list[str]:
    """`# line` for each line of a comment (`#` alone for an empty one)."""
    if not text:
        return []
    return [f"{mark} {line}" if line else mark for line in text.split("\n")]


def _places(occurrences: list[tuple[str, str]]) -> list[str]:
    """`#: file:line …`, a new `#:` line where the next would pass the page width."""
    lines, current = [], "#:"
    for path, line in occurrences:
        place = f" {path}:{line}" if line else f" {path}"
        if current != "#:" and len(current) + len(place) > PAGE_WIDTH:
            lines.append(current)
            current = "#:"
        current += place
    return [*lines, current]


def wrap(prefix: str, name: str, value: str) -> list[str]:
    """A keyword and its string as gettext's write-po.c `wrap` writes them: split after each
    line break, each portion broken to fit the page; where the first portion would not fit
    after the keyword (or more portions follow), the keyword takes `""` on its own line."""
    portions = _portions(value)
    lines: list[str] = []
    first = True
    after_break = len(prefix) + 1  # the column after the opening quote of a continued line
    width = PAGE_WIDTH - 1 - after_break
    for index, (portion, overrides) in enumerate(portions):
        start = (len(prefix) + len(name) + 1 if first else len(prefix)) + 1 - after_break
        breaks = _breaks(portion, overrides, width, start)
        more = index + 1 < len(portions)
        if first and portion and (more or start > width or _POSSIBLE in breaks):
            lines.append(f'{prefix}{name} ""')
            first = False
            start = len(prefix) + 1 - after_break
            breaks = _breaks(portion, overrides, width, start)
        head = f"{prefix}{name} " if first else prefix
        first = False
        pieces, begin = [], 0
        for position, kind in enumerate(breaks):
            if kind == _POSSIBLE and position > begin:
                pieces.append(portion[begin:position])
                begin = position
        pieces.append(portion[begin:])
        lines.append(f'{head}"{pieces[0]}"')
        lines += [f'{prefix}"{piece}"' for piece in pieces[1:]]
    return lines


def _portions(value: str) -> list[tuple[str, list[int]]]:
    """The string split after each line break, each portion escaped as PO writes it, with
    where a break is forbidden (inside an escape, just before a final `\\n`)."""
    raw_portions, current = [], ""
    for character in value:
        current += character
        if character == "\n":
            raw_portions.append(current)
            current = ""
    if current or not raw_portions:
        raw_portions.append(current)
    portions = []
    for raw in raw_portions:
        text, overrides = "", []
        for character in raw:
            if character in _ESCAPES or character in '\\"':
                escaped = "\\" + _ESCAPES.get(character, character)
                text += escaped
                overrides += [0, _PROHIBITED]
            else:
                text += character
                overrides.append(0)
        if raw.endswith("\n") and len(overrides) >= 2:
            overrides[-2] = _PROHIBITED
        portions.append((text, overrides))
    return portions


def _breaks(portion: str, overrides: list[int], width: int, start: int) -> list[int]:
    """For each character of the portion, whether a line may break before it (_POSSIBLE
    where one is made), as libunistring decides at this width."""
    library = _unistring()
    if library is None:
        return _space_breaks(portion, overrides, width, start)
    encoded, owners = b"", []
    for index, character in enumerate(portion):
        data = character.encode("utf-8")
        encoded += data
        owners += [index] + [-1] * (len(data) - 1)
    byte_overrides = bytes(overrides[owner] if owner >= 0 else _PROHIBITED for owner in owners)
    result = ctypes.create_string_buffer(len(encoded) or 1)
    library.ulc_width_linebreaks(
        encoded, len(encoded), width, start, 0, byte_overrides, b"UTF-8", result
    )
    breaks = [0] * len(portion)
    for offset, owner in enumerate(owners):
        if owner >= 0:
            breaks[owner] = result.raw[offset]
    return breaks


def _space_breaks(portion: str, overrides: list[int], width: int, start: int) -> list[int]:
    """Breaks after spaces only, greedily: the fallback without libunistring."""
    breaks = [0] * len(portion)
    column, last_space = start, None
    for index in range(len(portion)):
        if index and portion[index - 1] == " " and overrides[index] != _PROHIBITED:
            last_space = index
        column += 1
        if column > width and last_space is not None:
            breaks[last_space] = _POSSIBLE
            column = start + index - last_space + 1 - start
            last_space = None
    return breaks


@functools.cache
def _unistring() -> Any:
    """libunistring, the library gettext breaks lines with; None where it cannot be loaded."""
    name = ctypes.util.find_library("unistring")
    if name is None:
        return None
    try:
        library = ctypes.CDLL(name)
        function = library.ulc_width_linebreaks
    except (OSError, AttributeError):
        return None
    function.argtypes = [
        ctypes.c_char_p,
        ctypes.c_size_t,
        ctypes.c_int,
        ctypes.c_int,
        ctypes.c_int,
        ctypes.c_char_p,
        ctypes.c_char_p,
        ctypes.c_char_p,
    ]
    function.restype = ctypes.c_int
    return library
