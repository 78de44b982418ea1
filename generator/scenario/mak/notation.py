"""The Ma.K scenario codes in the rulebook's own notation ("Understanding the Scenarios").

    deployment   1⑤N▷1801     turn, board(s) in circles, edge letter, direction and hex
                 ⑤⑥E          boards 5 and 6, east edge, turn and hexes up to the player
    unit code    ×12 (Ld 1①) (Ld 2⑤) ⑪    count, commanders, further pilots
                 Ld③   PC④   PC = Ld 2⑤  sole commander, controller of an unmanned unit
    artillery    Type II … ⑥W−80×5 (2)   type, board, direction, distance, rounds, per turn

ASCII twins read the same: a number in parentheses is a circled number (`(5)`), `x` is `×`, `-` is
`−`, and `>`, `<`, `v`, `^` are ▷, ◁, ▽, △. A code without an edge letter (`⑤`) is read as
initial deployment on those boards ([12.1]); the rulebook prints only entry codes.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from generator.core.limits import MAX_COUNT, MAX_DISTANCE, MAX_ROUNDS, MAX_TURNS, NUMBER_DIGITS

EDGES = "NESW"
DIRECTIONS = {"▷": "E", "◁": "W", "▽": "S", "△": "N", ">": "E", "<": "W", "v": "S", "^": "N"}
DIRECTIONS.update({"▶": "E", "◀": "W", "▼": "S", "▲": "N", "V": "S"})
DASHES = "−-–—"
TIMES = "×xX*"
FILLER = "…⋯.・ \t"
ROMAN = {"Ⅰ": "I", "Ⅱ": "II", "Ⅲ": "III", "Ⅳ": "IV", "Ⅴ": "V", "Ⅵ": "VI"}


def _circled() -> dict[str, int]:
    """Every circled number character Unicode has, with its value."""
    table: dict[str, int] = {}
    for first, start, count in (
        (0x2460, 1, 20),  # ① … ⑳
        (0x3251, 21, 15),  # ㉑ … ㉟
        (0x32B1, 36, 15),  # ㊱ … ㊿
        (0x2776, 1, 10),  # ❶ … ❿
        (0x2780, 1, 10),  # ➀ … ➉
        (0x278A, 1, 10),  # ➊ … ➓
        (0x24EB, 11, 10),  # ⓫ … ⓴
    ):
        for offset in range(count):
            table[chr(first + offset)] = start + offset
    return table


CIRCLED = _circled()
_ASCII_CIRCLED = re.compile(r"\(\s*(\d{1,2})\s*\)")
_PREFIX = re.compile(r"\s*(\(\s*)?deploy(?:\s+from)?\s*:?\s*", re.IGNORECASE)


class NotationError(Exception):
    """A code that does not read: where (0-based character) and what was expected there.

    `expected` is a key of the message `word:expected-<key>`, which says it in words.
    """

    def __init__(self, position: int, expected: str, found: str) -> None:
        super().__init__(f"at {position}: expected {expected}, found {found!r}")
        self.position = position
        self.expected = expected
        self.found = found


@dataclass(frozen=True)
class Deployment:
    """Where and when units come on: `1⑤N▷1801`."""

    text: str
    turn: int | None
    boards: tuple[int, ...]
    edge: str | None
    direction: str | None
    hex: str | None


@dataclass(frozen=True)
class Leader:
    """A commander: rank 1 (primary), 2 (secondary) or None (`Ld③`, the only commander)."""

    rank: int | None
    pilot: int


@dataclass(frozen=True)
class UnitCode:
    """How many units of a kind, and which pilots fly, lead or control them."""

    text: str
    count: int
    leaders: tuple[Leader, ...]
    pilots: tuple[int, ...]
    controller: Leader | int | None

    @property
    def assigned(self) -> tuple[int, ...]:
        """Every pilot the code puts into these units, each once, in the order written."""
        numbers = [leader.pilot for leader in self.leaders]
        numbers += list(self.pilots)
        if self.controller is not None:
            numbers.append(_pilot_of(self.controller))
        return tuple(dict.fromkeys(numbers))

    @property
    def written_twice(self) -> tuple[int, ...]:
        """Pilots the code names more than once (`① ①`, `(Ld 1①) ①`); `PC = Ld 2⑤` names the
        commander as controller, which is one pilot in two roles, not twice."""
        numbers = [leader.pilot for leader in self.leaders] + list(self.pilots)
        if self.controller is not None and not (
            isinstance(self.controller, Leader) and self.controller in self.leaders
        ):
            numbers.append(_pilot_of(self.controller))
        counts = Counter(numbers)  # counted once, not once a number: a code may name thousands
        return tuple(number for number, count in counts.items() if count > 1)

    @property
    def controller_pilot(self) -> int | None:
        """The pilot named by PC, if any."""
        return None if self.controller is None else _pilot_of(self.controller)


@dataclass(frozen=True)
class Artillery:
    """Off-board artillery: `Type II … ⑥W−80×5 (2)`."""

    text: str
    type: str
    board: int
    edge: str
    distance: int
    total: int
    per_turn: int


def _pilot_of(who: Leader | int) -> int:
    return who.pilot if isinstance(who, Leader) else who


class _Reader:
    """A cursor over one code."""

    def __init__(self, text: str, start: int = 0) -> None:
        self.text = text
        self.at = start

    def space(self) -> None:
        while self.at < len(self.text) and self.text[self.at].isspace():
            self.at += 1

    def done(self) -> bool:
        self.space()
        return self.at >= len(self.text)

    def peek(self) -> str:
        return self.text[self.at] if self.at < len(self.text) else ""

    def fail(self, expected: str) -> NotationError:
        return NotationError(self.at, expected, self.peek())

    def circled(self) -> int | None:
        """A circled number (① or `(5)`) here, consumed; None when there is none."""
        self.space()
        char = self.peek()
        if char in CIRCLED:
            self.at += 1
            return CIRCLED[char]
        match = _ASCII_CIRCLED.match(self.text, self.at)
        if match:
            self.at = match.end()
            return int(match.group(1))
        return None

    def digits(self) -> int | None:
        """A run of ASCII digits here, consumed; None when there is none."""
        self.space()
        match = re.compile(rf"[0-9]{{1,{NUMBER_DIGITS}}}(?![0-9])").match(self.text, self.at)
        if not match:
            return None
        self.at = match.end()
        return int(match.group())

    def positive(self, expected: str, most: int) -> int | None:
        """A run of digits here that is a number from 1 to `most`, consumed; None when there are
        none; NotationError (pointing at the number) for 0 or more than `most`."""
        self.space()
        mark = self.at
        number = self.digits()
        too_long = number is None and self.peek() in "0123456789" and self.peek() != ""
        if too_long or (number is not None and not 1 <= number <= most):
            self.at = mark
            raise self.fail(expected)
        return number

    def word(self, word: str) -> bool:
        """Whether `word` stands here (any case); consumed when it does."""
        self.space()
        if self.text[self.at : self.at + len(word)].lower() == word.lower():
            self.at += len(word)
            return True
        return False

    def one_of(self, characters: str) -> str | None:
        """One of `characters` here, consumed."""
        self.space()
        char = self.peek()
        if char and char in characters:
            self.at += 1
            return char
        return None


def parse_deployment(text: str) -> Deployment:
    """Read a deployment code; raise NotationError saying where it stops making sense."""
    prefix = _PREFIX.match(text)
    reader = _Reader(text, prefix.end() if prefix else 0)
    turn = None
    mark = reader.at
    number = reader.digits()
    if number is not None:
        if reader.circled() is None:
            reader.at = mark
            raise reader.fail("turn-board")
        reader.at = mark
        turn = reader.positive("turn-from-1", MAX_TURNS)
    boards = []
    while (board := reader.circled()) is not None:
        boards.append(board)
    if not boards:
        raise reader.fail("board")
    edge = reader.one_of(EDGES + EDGES.lower())
    direction = hex_number = None
    if edge:
        symbol = reader.one_of("".join(DIRECTIONS))
        if symbol:
            direction = DIRECTIONS[symbol]
            reader.space()
            match = re.compile(r"\d{4}(?!\d)").match(text, reader.at)
            if not match:
                raise reader.fail("hex")
            hex_number = match.group()
            reader.at = match.end()
    if prefix and prefix.group(1):
        reader.one_of(")")
    if not reader.done():
        if edge is None:
            raise reader.fail("board-or-edge")
        if direction is None:
            raise reader.fail("direction-or-end")
        raise reader.fail("end")
    return Deployment(
        text, turn, tuple(boards), edge.upper() if edge else None, direction, hex_number
    )


def parse_unit_code(text: str) -> UnitCode:
    """Read a unit code; raise NotationError saying where it stops making sense."""
    reader = _Reader(text)
    count = 1
    if reader.one_of(TIMES):
        number = reader.positive("count-from-1", MAX_COUNT)
        if number is None:
            raise reader.fail("count")
        count = number
    leaders: list[Leader] = []
    pilots: list[int] = []
    controller: Leader | int | None = None
    while not reader.done():
        grouped = reader.peek() == "(" and not _ASCII_CIRCLED.match(text, reader.at)
        if grouped:
            reader.at += 1
        if reader.word("PC"):  # PC④, PC = Ld 2⑤, or in parentheses: (PC④), as [16.1.1] marks it
            reader.one_of("=")
            controller = _leader_or_pilot(reader)
        elif reader.word("Ld"):
            leaders.append(_leader(reader))
        elif grouped:
            raise reader.fail("ld-item")
        else:
            pilot = reader.circled()
            if pilot is None:
                raise reader.fail("pilot-item")
            pilots.append(pilot)
        if grouped and not reader.one_of(")"):
            raise reader.fail("closing")
    return UnitCode(text, count, tuple(leaders), tuple(pilots), controller)


def _leader(reader: _Reader) -> Leader:
    """What follows `Ld`: an optional rank 1 or 2, then a pilot number in a circle."""
    mark = reader.at
    pilot = reader.circled()
    if pilot is not None:
        return Leader(None, pilot)
    reader.at = mark
    rank = reader.digits()
    pilot = reader.circled()
    if rank is None or pilot is None:
        reader.at = mark
        raise reader.fail("ld-pilot")
    return Leader(rank, pilot)


def _leader_or_pilot(reader: _Reader) -> Leader | int:
    """What follows `PC` (and `=`): a commander `Ld 2⑤` or a pilot number."""
    if reader.word("Ld"):
        return _leader(reader)
    pilot = reader.circled()
    if pilot is None:
        raise reader.fail("pc-pilot")
    return pilot


def parse_artillery(text: str) -> Artillery:
    """Read an off-board artillery code; raise NotationError saying where it stops making sense."""
    normalized = "".join(ROMAN.get(char, char) for char in text)
    reader = _Reader(normalized)
    if not reader.word("Type"):
        raise reader.fail("type-word")
    reader.space()
    match = re.compile(r"[IVX]+\b|\d+").match(normalized, reader.at)
    if not match:
        raise reader.fail("type")
    kind = match.group()
    reader.at = match.end()
    while reader.peek() and reader.peek() in FILLER:
        reader.at += 1
    board = reader.circled()
    if board is None:
        raise reader.fail("board")
    edge = reader.one_of(EDGES + EDGES.lower())
    if edge is None:
        raise reader.fail("art-edge")
    reader.one_of(DASHES)
    distance = reader.positive("distance", MAX_DISTANCE)
    if distance is None:
        raise reader.fail("distance")
    if reader.one_of(TIMES) is None:
        raise reader.fail("total")
    total = reader.positive("total", MAX_ROUNDS)
    if total is None:
        raise reader.fail("total")
    if reader.one_of("(（") is None:
        raise reader.fail("per-turn")
    per_turn = reader.positive("per-turn", MAX_ROUNDS)
    if per_turn is None or reader.one_of(")）") is None:
        raise reader.fail("per-turn")
    if not reader.done():
        raise reader.fail("end")
    return Artillery(text, kind, board, edge.upper(), distance, total, per_turn)
