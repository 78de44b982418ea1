"""A scenario card's turn record track: a cell per turn with what arrives on it, in rows that keep
every name whole, and a box per turn for what the scenario makes players track."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from generator.content.model.base import LocalizedText
from generator.core.japanese import JAPANESE_RUN
from generator.render.environment import WHOLE_EMS, text_ems

MOST_A_ROW = 12  # turns a row at most, however short the names
TRACK_EMS_MM = 7.5 * 0.3528  # the track's type (7.5 pt) in mm per em
CELL_PADDING_MM = 2.5
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
    """The track of a game of `turns`: as many turns a row as the widest unbreakable piece of a
    name lets fit, at most MOST_A_ROW, the rows balanced (eleven turns where only nine fit: two
    rows of 6 and 5). Turn 0, where `arrivals` has it, is the box before game turn 1 (a surprise
    game's pre-GT1 activation)."""
    first = 0 if 0 in arrivals else 1
    cells = [(turn, arrivals.get(turn, [])) for turn in range(first, turns + 1)]
    count = len(cells)
    widest = max((_unbreakable_mm(item) for _, items in cells for item in items), default=0.0)
    room = CONTENT_MM.get(paper, CONTENT_MM["a4"]) - HEADER_MM
    fits = max(1, int(room // (widest + CELL_PADDING_MM))) if widest else MOST_A_ROW
    across = max(1, min(count, MOST_A_ROW, fits))
    row_count = math.ceil(count / across)
    across = math.ceil(count / row_count)
    rows = [cells[start : start + across] for start in range(0, count, across)]
    return {
        "rows": rows,
        "across": across,
        "records": list(records),
        "setup": list(setup),
        "any_turn": list(any_turn),
    }


def _unbreakable_mm(item: Arrival) -> float:
    """The widest piece of an arrival's label that a line may not break, in mm at the track's
    type: an English word, a code, and in Japanese what `loc_whole` keeps on one line (a run of
    Japanese up to WHOLE_EMS, 兵員輸送車; the Latin letters beside it, Sph69-p)."""
    pieces = [*item.name.en.split(), item.where or "", item.drop or "", f"×{item.count}"]
    for word in item.name.ja.split(" "):
        pieces += [run for run in JAPANESE_RUN.findall(word) if text_ems(run) <= WHOLE_EMS]
        pieces += re.split(JAPANESE_RUN.pattern, word)
    return max(text_ems(piece) for piece in pieces if piece) * TRACK_EMS_MM
