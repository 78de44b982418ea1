"""A scenario card's turn record track: a cell per turn with what arrives on it, in rows that keep
every name whole, and a box per turn for what the scenario makes players track."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from generator.content.model.base import LocalizedText
from generator.core.glyphs import Typeface
from generator.core.japanese import JAPANESE_RUN
from generator.render.environment import WHOLE_EMS, text_ems

MOST_A_ROW = 12  # turns a row at most, however short the names
# The track's type at each of a card's sizes, largest first (styles/scenario.css, body.size-*):
# a card that steps down to a smaller type lays its track out again, more turns a row.
TRACK_PT = {"l": 8.0, "m": 7.5, "s": 7.0, "xs": 7.0}  # notes and the track never under 7 pt
PT_MM = 25.4 / 72
CELL_PADDING_MM = 4.0  # a cell's padding (0.9 mm a side), an arrival's hanging mark (2 mm), rules
HEADER_MM = 24.0  # the column naming each row
CONTENT_MM = {"a4": 210 - 2 * 9, "letter": 215.9 - 2 * 9}  # the card's width inside its margins


@dataclass(frozen=True)
class Arrival:
    """Units that come on (or drop) on a turn, as a track cell lists them."""

    side: str
    name: LocalizedText
    count: int = 1
    where: str | None = None  # where they come on, as the code writes it (⑤W▽0105)
    aboard: tuple[tuple[LocalizedText, int], ...] = ()  # what they carry, and how many
    drop: str | None = None  # the hex of an airborne drop

    @property
    def where_parts(self) -> list[str]:
        """The place of entry in the pieces a line may break between (②N|▷1001, 3501, |3502)."""
        return where_parts(self.where or "")


WHERE_BREAK = re.compile(r"(?=[▷◁▽△])|(?<=, )")  # before a code's arrow, after a list's comma


def where_parts(where: str) -> list[str]:
    """A place of entry in the pieces a line may break between, each kept whole: board and edge
    (②N), the arrow and its hex (▷1001), each hex of a list."""
    return [part for part in WHERE_BREAK.split(where) if part]


@dataclass(frozen=True)
class Record:
    """A row of boxes players fill in, one cell a turn, under its label: the rounds a side fires
    (`rounds`: a box a round, `boxes` a turn at most), or the air superiority level (`air`: one
    box to write it in)."""

    kind: str
    label: LocalizedText
    side: str | None = None
    boxes: int = 1


def lay_out(
    turns: int,
    arrivals: dict[int, list[Arrival]],
    records: Iterable[Record],
    paper: str,
    setup: Iterable[Arrival] = (),
    any_turn: Iterable[Arrival] = (),
) -> dict[str, Any]:
    """The track of a game of `turns`, its cells in rows for each of a card's type sizes
    (`sizes`; `rows`, `across` and `broken` are the largest's). Turn 0, where `arrivals` has it,
    is the box before game turn 1 (a surprise game's pre-GT1 activation)."""
    first = 0 if 0 in arrivals else 1
    cells = [(turn, arrivals.get(turn, [])) for turn in range(first, turns + 1)]
    face = _typeface()
    measure: Callable[[str], float] = face.ems if face else text_ems
    widest = max((_unbreakable_ems(item, measure) for _, c in cells for item in c), default=0)
    room = CONTENT_MM.get(paper, CONTENT_MM["a4"]) - HEADER_MM
    sizes = {
        size: _rows(cells, widest * points, points, room, measure)
        for size, points in TRACK_PT.items()
    }
    return {
        **sizes[next(iter(TRACK_PT))],
        "sizes": sizes,
        "records": list(records),
        "setup": list(setup),
        "any_turn": list(any_turn),
    }


def _rows(
    cells: list[Any], widest_pt: float, points: float, room: float, measure: Callable[[str], float]
) -> dict[str, Any]:
    """Cells in rows at a type of `points`: as many a row as the widest unbreakable piece of a
    name lets fit in `room`, at most MOST_A_ROW, the rows balanced (eleven turns where only nine
    fit: 6 and 5); and the codes too wide for a cell whole, which break between their parts."""
    count = len(cells)
    widest_mm = widest_pt * PT_MM
    fits = max(1, int(room // (widest_mm + CELL_PADDING_MM))) if widest_mm else MOST_A_ROW
    across = max(1, min(count, MOST_A_ROW, fits))
    across = math.ceil(count / math.ceil(count / across))
    cell_mm = room / across - CELL_PADDING_MM
    wheres = {item.where for _, items in cells for item in items if item.where}
    broken = sorted(where for where in wheres if measure(where) * points * PT_MM > cell_mm)
    rows = [cells[at : at + across] for at in range(0, count, across)]
    return {"rows": rows, "across": across, "broken": broken}


def _typeface() -> Typeface | None:
    """The font the card prints with, to measure names as it sets them (None without one)."""
    from generator.render.fonts import typeface

    return typeface()


def _unbreakable_ems(item: Arrival, measure: Callable[[str], float]) -> float:
    """The widest piece of an arrival's label that a line may not break, in ems as `measure`
    sets it: an English word, a part of a code, and in Japanese what `loc_whole` keeps on one
    line (a run of Japanese up to WHOLE_EMS, 兵員輸送車; the Latin letters beside it, Sph69-p),
    the same of each name aboard, and the count."""
    pieces = [*item.where_parts, item.drop or "", f"×{item.count}"]
    for name, count in ((item.name, item.count), *item.aboard):
        pieces += [*name.en.split(), f"×{count}"]
        for word in name.ja.split(" "):
            pieces += [run for run in JAPANESE_RUN.findall(word) if text_ems(run) <= WHOLE_EMS]
            pieces += re.split(JAPANESE_RUN.pattern, word)
    return max(measure(piece) for piece in pieces if piece)
