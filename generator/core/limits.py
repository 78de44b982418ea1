"""The limits every file playaid reads must keep (content, overlays, scenario files).

Files come from strangers: a file over a limit is refused with a finding before anything is built
from it, so no file can make playaid hang, exhaust memory or write outside its folders.
docs/security.md states each limit and why.
"""

from __future__ import annotations

import re

FILE_BYTES = 1_048_576  # 1 MiB: the largest content file is about 70 KB
# A PO file (translations import): the biggest exported one (mak.en-ja.po) is about 400 KB; a
# 130 MB file once took 13 s and printed 200,000 findings.
PO_BYTES = 8 * 1024 * 1024
PO_FINDINGS = 50  # findings printed for one PO file; the rest are counted in one line
SEED_BYTES = 16 * 1024 * 1024  # the most of a seed file that is read (review shows the same)
DEPTH = 32  # nesting of mappings and lists; content uses 8
STRING_CHARACTERS = 20_000  # one text; the longest rule case is about 2,000
LIST_ITEMS = 5_000  # entries of one list or mapping, counted while the file is read
# Entries of a whole file, every list's and mapping's counted together: a list of lists escapes
# LIST_ITEMS (700 lists of 700 nulls took 17 s and 549 MB). The largest content file has 1,901.
FILE_ENTRIES = 20_000
ID_CHARACTERS = 64  # ids become file names: `<id>.sheet.letter.pdf` stays far below 255 bytes
# Numbers: at most 15 digits (so below 10^15), counted in the text before it becomes a number.
# The largest number in the content is 1801; Python refuses to read an integer of more than 4,300
# digits, and math on a 400-digit one overflows a float.
NUMBER_DIGITS = 15
NUMBER_LIMIT = 10**NUMBER_DIGITS
# One table: the biggest shipped table (fpcf.hq-capability) has 252 cells in 96 rows, 3 axes and
# 9,540 characters of text, and no axis has more than 16 choices (mak.pilots); a table of 4,000
# cells passed `check` and then took minutes and hundreds of MB to fail in `build`.
TABLE_CELLS = 1_000  # cells of one table: each row's `cells`, or 1 for a row with a `value`
AXIS_CHOICES = 100  # choices of one axis, and entries of one shared choice list (`enums`)
TABLE_AXES = 4  # axes of one table
TABLE_CHARACTERS = 100_000  # all the text of one table file; the biggest shipped has 9,540
# Folders below a content or overlay folder: the content uses 2; a folder 1,500 deep crashed
# Python's recursive walk. A file deeper than this is a finding.
FOLDER_DEPTH = 16

# Scenario numbers no real scenario comes near (the shipped and test scenarios have at most 10
# turns, a count of 5, a budget of 30 and 7 rounds); a scenario of a million turns once passed
# `check` and made `build` run for ever. The scenario models bound their fields with these.
MAX_TURNS = 99  # game turns, and the turn anything enters or happens on
MAX_COUNT = 99  # units of one entry or one setup line (×N), pilot numbers
MAX_BUDGET = 999  # points to spend or score: a mine budget, Ops points, victory points
MAX_ROUNDS = 99  # rounds carried or fired (rockets, artillery)
MAX_DISTANCE = 999  # hexes between the map and off-board artillery
# Numbers an overlay's charts, units, maps and boards give (issue 20): each is checked when it is
# loaded, so no command ever computes with a value of the wrong kind or size.
MAX_MODIFIER = 99  # a modifier a chart adds to a roll or an ability (the rulebooks print -2 to +2)
MAX_GRID = 99  # hex columns or rows of a map or board: the two digits of each half of XXYY
MAX_SEED_LINE = 1_000_000  # a line a source cites (the longest seed has 819 lines)
# A system's printed-reference templates in sources.yaml (`[{number}]`): how many, and how long
# each; the shipped systems have at most two of at most 18 characters.
REFERENCE_TEMPLATES = 8
REFERENCE_CHARACTERS = 40

# YAML 1.2 decimal numbers: a player's 012 is twelve, never YAML 1.1's octal ten.
DECIMAL_INT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")
DECIMAL_FLOAT = re.compile(r"[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")
# Control characters (tab and line feed aside) and the bidirectional overrides and isolates that
# can make text read differently from what it holds. A carriage return is one too: alone it sends
# a terminal back to the start of the line, to print over what was there.
_CONTROL = "\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f"
_BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
UNSAFE_CHARACTERS = re.compile(f"[{_CONTROL}\r{_BIDI}]")
# The same in a whole file (comments included), where a carriage return is allowed only as the
# first half of a CRLF line break.
UNSAFE_IN_FILE = re.compile(f"[{_CONTROL}{_BIDI}]|\r(?!\n)")
# The one carriage return printed on purpose: `build`'s progress bar on a terminal redraws its
# line, `\r[####----] 3/40 path`.
_PROGRESS = re.compile(r"\r(?=\[[#-]+\] [0-9]+/[0-9]+ )")


def unsafe_character(text: str) -> str | None:
    """The first control or bidi character in `text`, as U+ and four hex digits, or None."""
    match = UNSAFE_CHARACTERS.search(text)
    return f"U+{ord(match.group()):04X}" if match else None


# A name or value in a message: line and paragraph separators (U+2028, U+2029) too, which some
# terminals and every `splitlines` break a line at.
_IN_A_NAME = re.compile(f"[{_CONTROL}\t\n\r\u2028\u2029{_BIDI}]")


def shown_name(name: object) -> str:
    """A file or folder name as a message shows it: every control or bidi character, a line
    break and a tab included, as a \\u escape, so that a name can never print a line of its own
    (`x\\u000aok: no problems`)."""
    return _IN_A_NAME.sub(lambda match: f"\\u{ord(match.group()):04x}", str(name))


def sanitize(text: str) -> str:
    """Text made safe for a terminal: each control or bidi character (a carriage return too)
    shown as a \\u escape. Only the progress bar's own carriage return, at the start of what is
    written, passes."""
    start = 1 if _PROGRESS.match(text) else 0
    return text[:start] + UNSAFE_CHARACTERS.sub(
        lambda match: f"\\u{ord(match.group()):04x}", text[start:]
    )


# SOURCE_DATE_EPOCH, the reproducible-builds date: whole seconds since 1970, at most the last
# second of 9999, the last year a PDF date (D:YYYYMMDDHHmmSS) can hold.
MAX_EPOCH = 253_402_300_799


def source_date_epoch(raw: str | None) -> int | None:
    """SOURCE_DATE_EPOCH as a number of seconds, None when it is unset or empty; ValueError
    when it is not ASCII digits or lies past MAX_EPOCH."""
    if not raw:
        return None
    if not re.fullmatch(r"[0-9]{1,12}", raw) or int(raw) > MAX_EPOCH:
        raise ValueError(raw)
    return int(raw)
