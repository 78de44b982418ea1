"""A scenario card's drawing: the boards or maps as the file lays them out, north up.

Each entry is an arrow on its edge in its side's colour, labelled with its turn; a board a side
sets up on is tinted in that side's colour; mines, defensive positions, depots, objectives, drops
and entry hexes are listed by hex beside their board or map. Where the board's or map's hex grid
is known (an overlay supplies columns, rows and parity), the drawing shows the grid, puts each of
those at its hex and draws a limited entry zone (`▽0105`) on its stretch of the edge; otherwise
it keeps the box, the edge zones and the lists, and never places a hex it cannot place.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from generator.model.base import LocalizedText
from generator.render.environment import text_ems
from generator.render.scenario.common import joined, neutral, pair_of, said

BOX_W, BOX_H = 60.0, 40.0  # a board or map whose grid is unknown (drawing units)
GAP, MARGIN = 16.0, 21.0  # between boxes, and around them: room for the entry arrows
MM_PER_UNIT = 0.75  # at most; a wide or tall layout is scaled down to fit beside the briefing
MOST_MM = (78.0, 46.0)  # the drawing's largest width and height on the card
SQRT3 = math.sqrt(3)
LABEL_SIZE = 6.0
# The glyph each kind of spot is drawn and listed with.
GLYPHS = {
    "setup": "●",
    "entry": "◆",
    "drop": "▼",
    "mine": "×",
    "position": "▲",
    "depot": "■",
    "objective": "★",
}
# Where along an edge a direction points: towards the end (1) or the start (0) of the edge,
# edges running west to east (N, S) and north to south (W, E).
TOWARDS_END = {"N": {"E": 1, "W": 0}, "S": {"E": 1, "W": 0}, "W": {"S": 1, "N": 0}}
TOWARDS_END["E"] = TOWARDS_END["W"]


@dataclass(frozen=True)
class Sheet:
    """A board or map of the layout: its name, the number printed in its box (Ma.K boards), and
    its hex grid where known (columns, rows, parity)."""

    key: object
    name: LocalizedText
    number: int | None = None
    columns: int | None = None
    rows: int | None = None
    parity: str | None = None  # odd | even: which numbered columns stand half a hex lower

    @classmethod
    def of(cls, key: object, name: LocalizedText, grid: Any, number: int | None = None) -> Sheet:
        """A board or map with the facts its grid gives (a content Grid, or None)."""

        def known(fact: str) -> Any:
            value = getattr(grid, fact, None)
            return None if value in (None, "unknown") else value

        return cls(key, name, number, known("columns"), known("rows"), known("parity"))

    @property
    def grid_known(self) -> bool:
        """Columns, rows and parity are all known: the grid can be drawn."""
        return bool(self.columns and self.rows and self.parity in ("odd", "even"))


@dataclass(frozen=True)
class Spot:
    """Something at a hex: a set-up, an entry or drop hex, a mine, a marker."""

    sheet: object
    hex: str
    kind: str  # a key of GLYPHS
    side: str | None
    label: LocalizedText
    listed: bool = True  # shown in the list beside the drawing (set-ups are in the forces)


@dataclass(frozen=True)
class Entry:
    """Units entering through an edge: on a turn (None: the player's choice), from a hex in a
    direction along the edge where the code limits the zone."""

    sheet: object
    edge: str
    side: str
    turn: int | None
    hex: str | None = None
    direction: str | None = None
    label: LocalizedText = field(default_factory=lambda: neutral(""))


def draw(
    rows: Iterable[Iterable[object | None]],
    sheets: dict[object, Sheet],
    what: LocalizedText,
    entries: Iterable[Entry] = (),
    spots: Iterable[Spot] = (),
    setups: dict[object, set[str]] | None = None,
    sides: dict[str, LocalizedText] | None = None,
) -> dict[str, Any]:
    """The drawing of a layout (rows north to south, each west to east, None a gap)."""
    rows = [list(row) for row in rows]
    sizes = {key: _box(sheet) for key, sheet in sheets.items()}
    across = max(len(row) for row in rows)
    widths = [
        max((sizes[row[c]][0] for row in rows if c < len(row) and row[c] in sizes), default=BOX_W)
        for c in range(across)
    ]
    heights = [max((sizes[key][1] for key in row if key in sizes), default=BOX_H) for row in rows]
    width = 2 * MARGIN + sum(widths) + (across - 1) * GAP
    height = 2 * MARGIN + sum(heights) + (len(rows) - 1) * GAP
    scale = min(MM_PER_UNIT, MOST_MM[0] / width, MOST_MM[1] / height)
    setups = setups or {}
    sides = sides or {}
    spots = list(spots)
    boxes, placed = [], {}
    for r, row in enumerate(rows):
        for c, key in enumerate(row):
            if key not in sheets:
                continue
            sheet = sheets[key]
            w, h = sizes[key]
            x = MARGIN + sum(widths[:c]) + c * GAP + (widths[c] - w) / 2
            y = MARGIN + sum(heights[:r]) + r * GAP + (heights[r] - h) / 2
            placed[key] = (x, y, w, h)
            boxes.append(_drawn_box(sheet, x, y, w, h, setups.get(key, set()), spots))
    arrows = _arrows(list(entries), sheets, placed)
    return {
        "width": round(width, 2),
        "height": round(height, 2),
        "width_mm": round(width * scale, 1),
        "height_mm": round(height * scale, 1),
        "boxes": boxes,
        "arrows": arrows,
        "compass": {"x": width - 7, "y": 4},
        "lists": _lists(rows, sheets, spots),
        "alt": _alt(rows, sheets, what, list(entries), setups, sides),
        "grid_known": any(sheet.grid_known for sheet in sheets.values()),
        "any_grid_unknown": any(not sheet.grid_known for sheet in sheets.values()),
    }


def _box(sheet: Sheet) -> tuple[float, float]:
    """A sheet's box: its grid's proportions where known, else the standard box."""
    if not sheet.grid_known:
        return BOX_W, BOX_H
    size = BOX_W / (1.5 * sheet.columns + 0.5)
    return BOX_W, SQRT3 * size * (sheet.rows + 0.5)


def _hex_size(sheet: Sheet) -> float:
    return BOX_W / (1.5 * sheet.columns + 0.5)


def _hex_centre(sheet: Sheet, x: float, y: float, hex_number: str) -> tuple[float, float] | None:
    """Where a hex's centre is drawn, or None where the hex is not on the known grid."""
    column, row = int(hex_number[:2]), int(hex_number[2:])
    if not sheet.grid_known or not (1 <= column <= sheet.columns and 1 <= row <= sheet.rows):
        return None
    size = _hex_size(sheet)
    lower = (column % 2 == 1) == (sheet.parity == "odd")
    return (
        x + size + 1.5 * size * (column - 1),
        y + SQRT3 * size * (row - 0.5) + (SQRT3 * size / 2 if lower else 0),
    )


def _drawn_box(
    sheet: Sheet, x: float, y: float, w: float, h: float, setup_sides: set[str], spots: list[Spot]
) -> dict[str, Any]:
    """One box: its place, label, tints of the sides that set up on it, grid and spots."""
    grid = None
    drawn_spots = []
    if sheet.grid_known:
        size = _hex_size(sheet)
        outlines = []
        for column in range(1, sheet.columns + 1):
            for row in range(1, sheet.rows + 1):
                cx, cy = _hex_centre(sheet, x, y, f"{column:02d}{row:02d}")
                corners = [
                    (cx + size * math.cos(math.radians(a)), cy + size * math.sin(math.radians(a)))
                    for a in range(0, 360, 60)
                ]
                outlines.append("M" + "L".join(f"{px:.2f},{py:.2f}" for px, py in corners) + "Z")
        grid = "".join(outlines)
        for spot in spots:
            centre = _hex_centre(sheet, x, y, spot.hex) if spot.sheet == sheet.key else None
            if centre is not None:
                # A set-up at the hex's centre; anything else a little up and right of it, so
                # that a marker on a set-up hex stays visible.
                shift = 0.0 if spot.kind == "setup" else size * 0.45
                drawn_spots.append(
                    {
                        "x": round(centre[0] + shift, 2),
                        "y": round(centre[1] + size * 0.45 - shift, 2),
                        "glyph": GLYPHS[spot.kind],
                        "side": spot.side,
                        "size": round(max(size * 1.3, 2.2), 2),
                    }
                )
    tints = sorted(setup_sides, key=lambda side: side not in ("strahl", "nato"))
    return {
        "x": round(x, 2),
        "y": round(y, 2),
        "w": round(w, 2),
        "h": round(h, 2),
        "number": sheet.number,
        "lines": None if sheet.number is not None else _name_lines(sheet.name, w),
        "tints": tints,
        "split": f"{x:.2f},{y + h:.2f} {x + w:.2f},{y:.2f} {x + w:.2f},{y + h:.2f}",
        "grid": grid,
        "spots": drawn_spots,
    }


def _name_lines(name: LocalizedText, width: float) -> dict[str, list[tuple[str, float]]]:
    """A map's name in its box, in each language: lines of (text, font size), each shrunk to fit;
    a Japanese name with the English in parentheses (北ドイツ平原 (North German Plain)) on two."""
    base, _, aside = name.ja.partition(" (")
    shown = {"en": [name.en], "ja": [base, f"({aside}"] if aside else [name.ja]}
    room = width - 8
    return {
        lang: [(line, round(min(LABEL_SIZE, room / text_ems(line)), 2)) for line in lines]
        for lang, lines in shown.items()
    }


def _arrows(
    entries: list[Entry], sheets: dict[object, Sheet], placed: dict[object, tuple]
) -> list[dict[str, Any]]:
    """Each group of entries (sheet, edge, side, turn, zone) as one arrow on its edge."""
    groups: dict[tuple, list[Entry]] = {}
    for entry in entries:
        if entry.sheet in placed:
            key = (entry.sheet, entry.edge, entry.side, entry.turn, entry.hex, entry.direction)
            groups.setdefault(key, []).append(entry)
    by_edge: dict[tuple, list[tuple]] = {}
    for key in groups:
        by_edge.setdefault(key[:2], []).append(key)
    arrows = []
    for (sheet_key, edge), keys in sorted(by_edge.items(), key=lambda item: str(item[0])):
        sheet = sheets[sheet_key]
        x, y, w, h = placed[sheet_key]
        keys.sort(key=lambda k: (k[2] not in ("strahl", "nato"), k[3] or 99, k[4] or ""))
        free = [k for k in keys if _position(sheet, edge, k[4]) is None]
        for key in keys:
            _, _, side, turn, hex_number, direction = key
            along = _position(sheet, edge, hex_number)
            segment = None
            if along is None:
                along = (free.index(key) + 1) / (len(free) + 1)
            elif direction in TOWARDS_END[edge]:
                end = TOWARDS_END[edge][direction]
                segment = (min(along, end), max(along, end))
            zone = None
            if hex_number and segment is None:
                arrow = {"E": "▷", "W": "◁", "S": "▽", "N": "△"}.get(direction or "", "")
                zone = f"{arrow}{hex_number}"
            arrows.append(_arrow(edge, side, turn, along, segment, zone, x, y, w, h))
    return arrows


def _position(sheet: Sheet, edge: str, hex_number: str | None) -> float | None:
    """Where along its edge (0 to 1) a hex stands, where the grid's size is known."""
    if hex_number is None:
        return None
    column, row = int(hex_number[:2]), int(hex_number[2:])
    if edge in ("N", "S"):
        return (column - 0.5) / sheet.columns if sheet.columns else None
    return (row - 0.5) / sheet.rows if sheet.rows else None


def _arrow(
    edge: str,
    side: str,
    turn: int | None,
    along: float,
    segment: tuple[float, float] | None,
    zone: str | None,
    x: float,
    y: float,
    w: float,
    h: float,
) -> dict[str, Any]:
    """An arrow pointing into the box through `edge`, its turn in a badge at its tail."""
    inward = {"N": (0, 1), "S": (0, -1), "W": (1, 0), "E": (-1, 0)}[edge]
    if edge in ("N", "S"):
        px, py = x + along * w, (y if edge == "N" else y + h)
    else:
        px, py = (x if edge == "W" else x + w), y + along * h
    dx, dy = inward
    tip = (px - dx * 1.2, py - dy * 1.2)
    tail = (px - dx * 8.5, py - dy * 8.5)
    badge = (px - dx * 12.0, py - dy * 12.0)
    head = [
        (tip[0], tip[1]),
        (tip[0] - dx * 3 + dy * 1.8, tip[1] - dy * 3 + dx * 1.8),
        (tip[0] - dx * 3 - dy * 1.8, tip[1] - dy * 3 - dx * 1.8),
    ]
    bar = None
    if segment is not None:
        if edge in ("N", "S"):
            bar = (x + segment[0] * w, py - dy * 2, x + segment[1] * w, py - dy * 2)
        else:
            bar = (px - dx * 2, y + segment[0] * h, px - dx * 2, y + segment[1] * h)
    label = None
    if zone:
        if edge in ("N", "S"):
            label = {"x": badge[0] + 4.2, "y": badge[1] + 1.4, "anchor": "start"}
        else:
            label = {
                "x": badge[0],
                "y": badge[1] + 7.6,
                "anchor": "middle",
            }
    return {
        "side": side,
        "turn": "–" if turn is None else str(turn),
        "line": [round(v, 2) for v in (*tail, tip[0] - dx * 2.5, tip[1] - dy * 2.5)],
        "head": " ".join(f"{hx:.2f},{hy:.2f}" for hx, hy in head),
        "badge": {"x": round(badge[0], 2), "y": round(badge[1], 2)},
        "bar": [round(v, 2) for v in bar] if bar else None,
        "zone": zone,
        "zone_at": label,
    }


def _lists(
    rows: list[list[object | None]], sheets: dict[object, Sheet], spots: list[Spot]
) -> list[dict[str, Any]]:
    """What stands at a hex, listed by hex under each board or map, in layout order."""
    lists = []
    for row in rows:
        for key in row:
            if key not in sheets:
                continue
            listed = sorted(
                (s for s in spots if s.sheet == key and s.listed),
                key=lambda s: (s.hex, list(GLYPHS).index(s.kind)),
            )
            if listed:
                items = [
                    {"glyph": GLYPHS[s.kind], "side": s.side, "hex": s.hex, "label": s.label}
                    for s in listed
                ]
                lists.append({"sheet": sheets[key].name, "items": items})
    return lists


def _alt(
    rows: list[list[object | None]],
    sheets: dict[object, Sheet],
    what: LocalizedText,
    entries: list[Entry],
    setups: dict[object, set[str]],
    sides: dict[str, LocalizedText],
) -> LocalizedText:
    """The drawing in words, for its text alternative: the layout, who sets up where, who
    enters where and when."""
    names = [joined(sheets[key].name for key in row if key in sheets) for row in rows]
    layout = joined(names, "card-phrases")
    parts = [said("card-drawing-sheets", what=pair_of(what), rows=pair_of(layout))]
    for key, setup_sides in setups.items():
        for side in sorted(setup_sides):
            shown = sides.get(side, neutral(side))
            sheet = sheets[key].name if key in sheets else neutral(key)
            parts.append(said("card-drawing-setup", side=pair_of(shown), sheet=pair_of(sheet)))
    for entry in entries:
        shown = sides.get(entry.side, neutral(entry.side))
        sheet = sheets[entry.sheet].name if entry.sheet in sheets else neutral(entry.sheet)
        params: dict[str, object] = {"sheet": pair_of(sheet), "edge": f"word:edge-{entry.edge}"}
        if entry.hex:
            where = said(
                "card-where-edge-hex",
                **params,
                hex=entry.hex,
                direction=f"word:edge-{entry.direction}" if entry.direction else "",
            )
        else:
            where = said("card-where-edge", **params)
        code = "card-drawing-entry" if entry.turn is not None else "card-drawing-entry-any"
        parts.append(said(code, side=pair_of(shown), where=pair_of(where), turn=entry.turn))
    return joined(parts, "card-phrases")
