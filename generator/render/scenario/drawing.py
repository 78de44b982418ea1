"""A scenario card's drawing: the boards or maps as the file lays them out, north up.

Each entry is an arrow on its edge in its side's colour, its turn in a badge at its tail and the
side's mark (and, where the code limits the zone, `▽0105`) written beside it; a board a side sets
up on is tinted in that side's colour; mines, defensive positions, depots, objectives, drops and
entry hexes are listed by hex beside their board or map. Where the board's or map's hex grid is
known (an overlay supplies columns, rows and parity), the drawing shows the grid, puts each of
those at its hex and draws a limited entry zone on its stretch of the edge; otherwise it keeps the
box, the edge zones and the lists, and never places a hex it cannot place.

The drawing is laid out in printed millimetres (its viewBox is in mm): the boards are scaled to
fit the card's room, while its type, badges and arrows keep their printed size, so nothing in it
prints under LABEL_PT however small the boards become. The two sides differ by more than colour,
so that the card reads in grey: the first side (Strahl Troops, NATO) is drawn solid (round
badges, filled glyphs, a flat tint), the other open (square badges, open glyphs, a hatched tint),
and every arrow carries its side's mark from the catalog (S, M; NATO, WP).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from generator.content.model.base import LocalizedText
from generator.core.japanese import text_ems
from generator.render.scenario.common import joined, neutral, pair_of, said
from generator.render.scenario.geometry import PT_MM, Rect, Segment, bounds, first_free, spread

BOX_W, BOX_H = 60.0, 40.0  # a board or map whose grid is unknown (layout units)
MM_PER_UNIT = 0.75  # at most; a wide or tall layout is scaled down to fit beside the briefing
# The drawing's largest width and height on the card. Its type and marks keep their printed size
# at any scale, and its key takes a line more: 42 mm tall (46 before), a card at the size budget's
# limits still fits its two pages.
MOST_MM = (78.0, 42.0)
SQRT3 = math.sqrt(3)
LABEL_PT = 6.5  # the drawing's type, as printed: never under the card's 6 pt floor
LABEL_MM = LABEL_PT * PT_MM
BOLD = 1.06  # a bold label's width over text_ems' estimate
NAME_UNITS, NUMBER_UNITS = 6.0, 14.0  # a map's name and a board's number, in layout units
# The marks around a box, in printed mm: an arrow's tip and tail outside its edge, its head, its
# badge; the clearance between marks, a label's from a box edge; a box's side with no arrow; the
# gap between boxes at least.
TIP, TAIL, HEAD_LONG, HEAD_HALF = 0.4, 3.0, 1.1, 0.75
BADGE_R = 1.8
BADGE_AT = TAIL + BADGE_R
PAD, EDGE_CLEAR, QUIET, GAP = 0.4, 1.3, 1.5, 4.0
SPACING = 0.6  # between two arrows' badges and labels along an edge
COMPASS_W, COMPASS_ARROW = 2.4, 3.6
HATCH = 1.3  # between the lines of the open side's tint
# The glyph each kind of spot is drawn and listed with: filled for the first side (and a spot of
# no side), open for the other. ◇ is never one: it marks playaid's translation (issue 44).
GLYPHS = {
    "setup": "●",
    "entry": "▶",
    "drop": "▼",
    "mine": "×",
    "position": "▲",
    "depot": "■",
    "objective": "★",
}
OPEN_GLYPHS = {"●": "○", "▶": "▷", "▼": "▽", "▲": "△", "■": "□", "★": "☆", "×": "⊗"}
FIRST_SIDES = ("strahl", "nato")  # drawn solid; the other side of each system open
# Where along an edge a direction points: towards the end (1) or the start (0) of the edge,
# edges running west to east (N, S) and north to south (W, E).
TOWARDS_END = {"N": {"E": 1, "W": 0}, "S": {"E": 1, "W": 0}, "W": {"S": 1, "N": 0}}
TOWARDS_END["E"] = TOWARDS_END["W"]
INWARD = {"N": (0, 1), "S": (0, -1), "W": (1, 0), "E": (-1, 0)}


def is_open(side: str | None) -> bool:
    """Whether a side is drawn open (the second side of its system)."""
    return side is not None and side not in FIRST_SIDES


def glyph(kind: str, side: str | None) -> str:
    """The glyph a spot of `kind` is drawn with for `side`: open for the second side."""
    shown = GLYPHS[kind]
    return OPEN_GLYPHS[shown] if is_open(side) else shown


def side_mark(side: str) -> LocalizedText:
    """A side's mark on the drawing and the track (S, M; NATO, WP), from the catalog."""
    return said(f"word:side-mark-{side}")


def label_width(text: LocalizedText) -> float:
    """A label's printed width in mm: the wider of its two languages, in bold."""
    return max(text_ems(text.en), text_ems(text.ja)) * LABEL_MM * BOLD


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


@dataclass(frozen=True)
class Arrow:
    """One arrow to draw: a group of entries through one stretch of an edge on one turn."""

    sheet: object
    edge: str
    side: str
    turn: int | None
    along: float  # where on the edge, 0 to 1
    segment: tuple[float, float] | None  # the stretch of a limited zone, where it is placed
    zone: str | None  # a limited zone written out (▽0105), where it is not placed
    label: LocalizedText  # the side's mark, and the zone
    placed: bool = False  # whether `along` is its hex's place on a known grid (else a free spot)

    @property
    def width(self) -> float:
        """The printed width of its label, in mm."""
        return label_width(self.label)


@dataclass
class Layout:
    """The layout's shape in layout units, and the room each box edge's arrows need in mm."""

    rows: list[list[object | None]]
    sizes: dict[object, tuple[float, float]]
    widths: list[float]
    heights: list[float]
    margins: dict[str, float]  # N, E, S, W: around the boxes
    row_gaps: list[float]
    column_gaps: list[float]
    least: dict[object, tuple[float, float]]  # a schematic box's least width and height in mm


@dataclass(frozen=True)
class Marks:
    """What a drawing marks on its boards: where forces enter, the spots it names, each side's
    set-up boards, and the sides' names."""

    entries: Iterable[Entry] = ()
    spots: Iterable[Spot] = ()
    setups: dict[object, set[str]] | None = None
    sides: dict[str, LocalizedText] | None = None


def draw(
    rows: Iterable[Iterable[object | None]],
    sheets: dict[object, Sheet],
    what: LocalizedText,
    marks: Marks = Marks(),
) -> dict[str, Any]:
    """The drawing of a layout (rows north to south, each west to east, None a gap)."""
    rows = [list(row) for row in rows]
    entries, spots = list(marks.entries), list(marks.spots)
    setups, sides = marks.setups or {}, marks.sides or {}
    arrows = _arrow_specs(entries, sheets)
    layout = _layout(rows, sheets, arrows)
    arrows = _fitted(arrows, layout, _scale(layout))
    layout = _layout(rows, sheets, arrows)
    scale = _scale(layout)
    for _ in range(8):  # the marks keep their size: shrink the boards until the whole fits
        drawn = _lay_out(layout, sheets, arrows, spots, setups, scale)
        over = max(drawn["width"] / MOST_MM[0], drawn["height"] / MOST_MM[1])
        if over <= 1.0 or scale < 0.02:
            break
        scale *= min(0.97, 1 / over)
    return {
        **drawn,
        "label_size": round(LABEL_MM, 3),
        "badge_r": BADGE_R,
        "lists": _lists(rows, sheets, spots),
        "alt": _alt(rows, sheets, what, entries, setups, sides),
        "sides": _key(arrows, spots, setups, sides),
        "grid_known": any(sheet.grid_known for sheet in sheets.values()),
        "any_grid_unknown": any(not sheet.grid_known for sheet in sheets.values()),
    }


def _key(
    arrows: list[Arrow],
    spots: list[Spot],
    setups: dict[object, set[str]],
    sides: dict[str, LocalizedText],
) -> list[dict[str, Any]]:
    """The sides the drawing shows, first side first, each with its mark and name for the key."""
    shown = {arrow.side for arrow in arrows} | {s.side for s in spots if s.side}
    shown |= {side for tinted in setups.values() for side in tinted}
    return [
        {
            "slug": side,
            "open": is_open(side),
            "mark": side_mark(side),
            "name": sides.get(side, neutral(side)),
            "tinted": any(side in tinted for tinted in setups.values()),
            "arrows": any(arrow.side == side for arrow in arrows),
        }
        for side in sorted(shown, key=lambda side: (is_open(side), side))
    ]


def _arrow_specs(entries: list[Entry], sheets: dict[object, Sheet]) -> list[Arrow]:
    """Each group of entries (sheet, edge, side, turn, zone) as one arrow, in drawing order."""
    groups: dict[tuple, None] = {}
    for entry in entries:
        if entry.sheet in sheets:
            key = (entry.sheet, entry.edge, entry.side, entry.turn, entry.hex, entry.direction)
            groups.setdefault(key, None)
    by_edge: dict[tuple, list[tuple]] = {}
    for key in groups:
        by_edge.setdefault(key[:2], []).append(key)
    arrows = []
    for (sheet_key, edge), keys in sorted(by_edge.items(), key=lambda item: str(item[0])):
        sheet = sheets[sheet_key]
        keys.sort(key=lambda k: (is_open(k[2]), k[3] or 99, k[4] or ""))
        free = [k for k in keys if _position(sheet, edge, k[4]) is None]
        for key in keys:
            arrows.append(_arrow_spec(sheet, key, free))
    return arrows


def _fitted(arrows: list[Arrow], layout: Layout, scale: float) -> list[Arrow]:
    """The arrows, those of an edge too many to stand side by side along it (half as long again
    as the box would be, or half its share of the card) labelled with the side's mark alone,
    and where even so they could not, one arrow for each side and turn: their hexes are in the
    list beside the drawing. A box stretches to hold the arrows that are left."""
    across = {"N": len(layout.widths), "W": len(layout.rows)}
    across["S"], across["E"] = across["N"], across["W"]
    edges: dict[tuple, list[Arrow]] = {}
    for arrow in arrows:
        edges.setdefault((arrow.sheet, arrow.edge), []).append(arrow)
    fitted = []
    for (key, edge), group in edges.items():
        natural = layout.sizes[key][edge in "WE"] * scale * 1.5
        room = max(natural, (MOST_MM[edge in "WE"] - 2 * QUIET) / across[edge] / 2)
        if edge in "NS" and _run(edge, group) > room:
            group = [replace(arrow, zone=None, label=side_mark(arrow.side)) for arrow in group]
        if _run(edge, group) > room:
            group = _merged(group)
        fitted += group
    return fitted


def _run(edge: str, arrows: list[Arrow]) -> float:
    """How long a run of arrows (badges and labels) is along their edge, in mm."""
    before, after = _extents(edge, arrows)
    return sum(before) + sum(after) + SPACING * max(0, len(arrows) - 1)


def _merged(arrows: list[Arrow]) -> list[Arrow]:
    """One arrow for each side and turn of an edge's arrows, midway along their places."""
    groups: dict[tuple, list[Arrow]] = {}
    for arrow in arrows:
        groups.setdefault((arrow.side, arrow.turn), []).append(arrow)
    merged = []
    for group in groups.values():
        along = sum(arrow.along for arrow in group) / len(group)
        merged.append(replace(group[0], along=along, segment=None, placed=False))
    return merged


def _arrow_spec(sheet: Sheet, key: tuple, free: list[tuple]) -> Arrow:
    """One group's arrow: where on its edge, the stretch or the zone written, its label."""
    _, edge, side, turn, hex_number, direction = key
    along = _position(sheet, edge, hex_number)
    placed, segment = along is not None, None
    if along is None:
        along = (free.index(key) + 1) / (len(free) + 1)
    elif direction in TOWARDS_END[edge]:
        end = TOWARDS_END[edge][direction]
        segment = (min(along, end), max(along, end))
    zone = None
    if hex_number and segment is None:
        pointer = {"E": "▷", "W": "◁", "S": "▽", "N": "△"}.get(direction or "", "")
        zone = f"{pointer}{hex_number}"
    mark = side_mark(side)
    label = said("card-drawing-arrow-zone", mark=pair_of(mark), zone=zone) if zone else mark
    return Arrow(sheet.key, edge, side, turn, along, segment, zone, label, placed)


def _position(sheet: Sheet, edge: str, hex_number: str | None) -> float | None:
    """Where along its edge (0 to 1) a hex stands, where the grid's size is known."""
    if hex_number is None:
        return None
    column, row = int(hex_number[:2]), int(hex_number[2:])
    if edge in ("N", "S"):
        return (column - 0.5) / sheet.columns if sheet.columns else None
    return (row - 0.5) / sheet.rows if sheet.rows else None


def _room(edge: str, arrows: Iterable[Arrow]) -> float:
    """The room, in mm outside a box edge, its arrows and their labels need (0: none)."""
    widths = [arrow.width for arrow in arrows if arrow.edge == edge]
    if not widths:
        return 0.0
    if edge in ("N", "S"):
        return BADGE_AT + BADGE_R + PAD + LABEL_MM + PAD
    widest = max(widths)
    return max(BADGE_AT + BADGE_R, BADGE_AT + widest / 2, EDGE_CLEAR + widest) + PAD


def _layout(rows: list[list[object | None]], sheets: dict[object, Sheet], arrows: list[Arrow]):
    """The layout's boxes and the room around them that the arrows on their edges need."""
    sizes = {key: _box(sheet) for key, sheet in sheets.items()}
    across = max(len(row) for row in rows)
    widths = [
        max((sizes[row[c]][0] for row in rows if c < len(row) and row[c] in sizes), default=BOX_W)
        for c in range(across)
    ]
    heights = [max((sizes[key][1] for key in row if key in sizes), default=BOX_H) for row in rows]
    where = {key: (r, c) for r, row in enumerate(rows) for c, key in enumerate(row) if key}
    rooms: dict[tuple[str, int], float] = {}
    for arrow in arrows:
        r, c = where[arrow.sheet]
        line = r if arrow.edge in ("N", "S") else c
        key = (arrow.edge, line)
        rooms[key] = max(rooms.get(key, 0.0), _room(arrow.edge, [arrow]))
    margins = {
        "N": rooms.get(("N", 0), 0.0) or QUIET,
        "S": rooms.get(("S", len(rows) - 1), 0.0) or QUIET,
        "W": rooms.get(("W", 0), 0.0) or QUIET,
        "E": rooms.get(("E", across - 1), 0.0) or QUIET,
    }
    row_gaps = [
        max(GAP, rooms.get(("S", r), 0.0) + rooms.get(("N", r + 1), 0.0))
        for r in range(len(rows) - 1)
    ]
    column_gaps = [
        max(GAP, rooms.get(("E", c), 0.0) + rooms.get(("W", c + 1), 0.0)) for c in range(across - 1)
    ]
    least = {key: _least(sheets[key], arrows) for key in sheets}
    return Layout(rows, sizes, widths, heights, margins, row_gaps, column_gaps, least)


def _least(sheet: Sheet, arrows: list[Arrow]) -> tuple[float, float]:
    """A schematic box (grid unknown) is at least as wide and tall as the arrows on its edges
    need to stand side by side; a box of a known grid keeps its proportions (0: no least)."""
    if sheet.grid_known:
        return 0.0, 0.0
    runs = {}
    for edge in INWARD:
        on_edge = [arrow for arrow in arrows if (arrow.sheet, arrow.edge) == (sheet.key, edge)]
        before, after = _extents(edge, on_edge)
        runs[edge] = sum(before) + sum(after) + SPACING * max(0, len(before) - 1) + 2 * PAD
    return max(runs["N"], runs["S"]), max(runs["W"], runs["E"])


def _extents(edge: str, arrows: list[Arrow]) -> tuple[list[float], list[float]]:
    """How far each arrow's badge and label reach before and after it along its edge: on a north
    or south edge the wider of badge and label either side, on a west or east edge the badge
    and, after it, room for a label below it."""
    if edge in ("N", "S"):
        reach = [max(BADGE_R, arrow.width / 2) for arrow in arrows]
        return reach, reach
    return [BADGE_R] * len(arrows), [BADGE_R + PAD + LABEL_MM] * len(arrows)


def _scale(layout: Layout) -> float:
    """The boards' scale, mm a layout unit: the largest that leaves the marks their room."""
    room_w = MOST_MM[0] - layout.margins["W"] - layout.margins["E"] - sum(layout.column_gaps)
    room_h = MOST_MM[1] - layout.margins["N"] - layout.margins["S"] - sum(layout.row_gaps)
    return max(0.02, min(MM_PER_UNIT, room_w / sum(layout.widths), room_h / sum(layout.heights)))


def _box(sheet: Sheet) -> tuple[float, float]:
    """A sheet's box in layout units: its grid's proportions where known, else the standard."""
    if not sheet.grid_known:
        return BOX_W, BOX_H
    size = BOX_W / (1.5 * sheet.columns + 0.5)
    return BOX_W, SQRT3 * size * (sheet.rows + 0.5)


def _lay_out(
    layout: Layout,
    sheets: dict[object, Sheet],
    arrows: list[Arrow],
    spots: list[Spot],
    setups: dict[object, set[str]],
    scale: float,
) -> dict[str, Any]:
    """Everything drawn at `scale`, in printed mm, with the view box that holds it all."""
    placed, frame = _place(layout, scale)
    boxes = [
        _drawn_box(sheets[key], rect, scale, setups.get(key, set()), spots)
        for key, rect in placed.items()
    ]
    marks = _arrow_marks(arrows, placed)
    obstacles = [Rect(b["x"], b["y"], b["x"] + b["w"], b["y"] + b["h"]) for b in boxes]
    obstacles += [Rect(*spot["bbox"]) for box in boxes for spot in box["spots"]]
    obstacles += [Rect(*mark["bbox"]) for mark in marks]
    obstacles += [Rect(*mark["bar_bbox"]) for mark in marks if mark["bar"]]
    lines = [Segment(*mark["line"]) for mark in marks]
    within = bounds([frame, *obstacles])
    for mark in marks:
        rect = _label_place(mark, within, obstacles, lines)
        mark["label_bbox"] = [round(v, 2) for v in (rect.x0, rect.y0, rect.x1, rect.y1)]
        mark["label_at"] = {"x": round((rect.x0 + rect.x1) / 2, 2), "y": _baseline(rect.y0)}
        obstacles.append(rect)
    compass = _compass(bounds([frame, *obstacles]), obstacles, lines)
    view = bounds([frame, *obstacles, Rect(*compass["bbox"])])
    view = Rect(min(0.0, view.x0 - PAD), min(0.0, view.y0 - PAD), view.x1 + PAD, view.y1 + PAD)
    width, height = view.x1 - view.x0, view.y1 - view.y0
    return {
        "view": " ".join(f"{v:.2f}" for v in (view.x0, view.y0, width, height)),
        "width": round(width, 2),
        "height": round(height, 2),
        "width_mm": round(width, 2),
        "height_mm": round(height, 2),
        "scale": round(scale, 4),
        "boxes": boxes,
        "arrows": marks,
        "compass": compass,
    }


def _place(layout: Layout, scale: float) -> tuple[dict[object, Rect], Rect]:
    """Each box's rectangle in mm, and the frame of the boxes with their margins."""
    sizes = {
        key: (max(w * scale, layout.least[key][0]), max(h * scale, layout.least[key][1]))
        for key, (w, h) in layout.sizes.items()
    }
    rows = layout.rows
    widths = [
        max((sizes[row[c]][0] for row in rows if c < len(row) and row[c] in sizes), default=0.0)
        for c in range(len(layout.widths))
    ]
    heights = [max((sizes[key][1] for key in row if key in sizes), default=0.0) for row in rows]
    placed = {}
    for r, row in enumerate(rows):
        top = layout.margins["N"] + sum(heights[:r]) + sum(layout.row_gaps[:r])
        for c, key in enumerate(row):
            if key not in sizes:
                continue
            w, h = sizes[key]
            left = layout.margins["W"] + sum(widths[:c]) + sum(layout.column_gaps[:c])
            left += (widths[c] - w) / 2
            y = top + (heights[r] - h) / 2
            placed[key] = Rect(left, y, left + w, y + h)
    width = layout.margins["W"] + sum(widths) + sum(layout.column_gaps) + layout.margins["E"]
    height = layout.margins["N"] + sum(heights) + sum(layout.row_gaps) + layout.margins["S"]
    return placed, Rect(0.0, 0.0, width, height)


def _baseline(top: float) -> float:
    """The baseline of a label whose em box starts at `top` (the font's ascent is 0.88 em)."""
    return round(top + LABEL_MM * 0.88, 2)


def _drawn_box(
    sheet: Sheet, rect: Rect, scale: float, setup_sides: set[str], spots: list[Spot]
) -> dict[str, Any]:
    """One box: its place, number or name, tints of the sides that set up on it, grid, spots."""
    tints = sorted(setup_sides, key=lambda side: (is_open(side), side))
    number_size = max(NUMBER_UNITS * scale, LABEL_MM)
    centre_y = (rect.y0 + rect.y1) / 2
    return {
        "x": round(rect.x0, 2),
        "y": round(rect.y0, 2),
        "w": round(rect.x1 - rect.x0, 2),
        "h": round(rect.y1 - rect.y0, 2),
        "cx": round((rect.x0 + rect.x1) / 2, 2),
        "number": sheet.number,
        "number_size": round(number_size, 2),
        "number_y": round(centre_y + number_size * 0.36, 2),
        "lines": None if sheet.number is not None else _name_lines(sheet.name, rect, scale),
        "tints": tints,
        "regions": _regions(tints, rect),
        "grid": _grid(sheet, rect) if sheet.grid_known else None,
        "spots": _spots(sheet, rect, spots) if sheet.grid_known else [],
    }


def _hex_size(sheet: Sheet, rect: Rect) -> float:
    """A hex's size (centre to corner) in mm on a box of the sheet's known grid."""
    return (rect.x1 - rect.x0) / (1.5 * sheet.columns + 0.5)


def _hex_centre(sheet: Sheet, rect: Rect, hex_number: str) -> tuple[float, float] | None:
    """Where a hex's centre is drawn, or None where the hex is not on the known grid."""
    column, row = int(hex_number[:2]), int(hex_number[2:])
    if not sheet.grid_known or not (1 <= column <= sheet.columns and 1 <= row <= sheet.rows):
        return None
    size = _hex_size(sheet, rect)
    lower = (column % 2 == 1) == (sheet.parity == "odd")
    return (
        rect.x0 + size + 1.5 * size * (column - 1),
        rect.y0 + SQRT3 * size * (row - 0.5) + (SQRT3 * size / 2 if lower else 0),
    )


def _grid(sheet: Sheet, rect: Rect) -> str:
    """The outlines of every hex of a known grid, as one SVG path."""
    size = _hex_size(sheet, rect)
    outlines = []
    for column in range(1, sheet.columns + 1):
        for row in range(1, sheet.rows + 1):
            cx, cy = _hex_centre(sheet, rect, f"{column:02d}{row:02d}")
            corners = [
                (cx + size * math.cos(math.radians(a)), cy + size * math.sin(math.radians(a)))
                for a in range(0, 360, 60)
            ]
            outlines.append("M" + "L".join(f"{px:.2f},{py:.2f}" for px, py in corners) + "Z")
    return "".join(outlines)


def _spots(sheet: Sheet, rect: Rect, spots: list[Spot]) -> list[dict[str, Any]]:
    """The spots at their hexes: a set-up at the hex's centre; anything else a little up and
    right of it, so that a marker on a set-up hex stays visible; never under LABEL_PT."""
    size = _hex_size(sheet, rect)
    shown = max(size * 1.3, LABEL_MM)
    drawn = []
    for spot in spots:
        centre = _hex_centre(sheet, rect, spot.hex) if spot.sheet == sheet.key else None
        if centre is None:
            continue
        shift = 0.0 if spot.kind == "setup" else size * 0.45
        x, y = centre[0] + shift, centre[1] - shift
        box = Rect.around(x, y, shown / 2, shown / 2)
        drawn.append(
            {
                "x": round(x, 2),
                "y": round(y + shown * 0.35, 2),
                "glyph": glyph(spot.kind, spot.side),
                "side": spot.side,
                "size": round(shown, 2),
                "bbox": [round(v, 2) for v in (box.x0, box.y0, box.x1, box.y1)],
            }
        )
    return drawn


def _regions(tints: list[str], rect: Rect) -> list[dict[str, Any]]:
    """Where each side that sets up on a box is tinted: the whole box, or for two sides its two
    halves, the open side's hatched as well as tinted."""
    x0, y0, x1, y1 = rect.x0, rect.y0, rect.x1, rect.y1
    if len(tints) == 1:
        shapes = [([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], (0.0, 2.0))]
    else:
        upper = [(x0, y0), (x1, y0), (x0, y1)]
        shapes = [(upper, (0.0, 1.0)), ([(x1, y0), (x1, y1), (x0, y1)], (1.0, 2.0))]
    return [
        {
            "side": side,
            "open": is_open(side),
            "points": " ".join(f"{x:.2f},{y:.2f}" for x, y in corners),
            "hatch": _hatch(rect, *span) if is_open(side) else None,
        }
        for side, (corners, span) in zip(tints, shapes, strict=False)
    ]


def _hatch(rect: Rect, low: float, high: float) -> str:
    """Lines parallel to the box's rising diagonal, HATCH mm apart, where u + v lies between `low`
    and `high` (u, v: across and down the box, 0 to 1), as one SVG path."""
    w, h = rect.x1 - rect.x0, rect.y1 - rect.y0
    step = HATCH * math.hypot(w, h) / (w * h)
    lines = []
    t = low + step / 2
    while t < high:
        if t <= 1:
            ends = (rect.x0 + t * w, rect.y0, rect.x0, rect.y0 + t * h)
        else:
            ends = (rect.x1, rect.y0 + (t - 1) * h, rect.x0 + (t - 1) * w, rect.y1)
        lines.append("M{:.2f},{:.2f}L{:.2f},{:.2f}".format(*ends))
        t += step
    return "".join(lines)


def _name_lines(name: LocalizedText, rect: Rect, scale: float) -> dict[str, list[dict]]:
    """A map's name in its box, in each language: lines of text at a size and a baseline, shrunk
    to fit but never under LABEL_PT (then broken between words); a Japanese name with the English
    in parentheses (北ドイツ平原 (North German Plain)) on two lines. Read as every printed text
    is: a pending name prints marked in a draft, and keeps back a finished edition."""
    english, japanese = name.get("en"), name.get("ja")
    base, _, aside = japanese.partition(" (")
    shown = {"en": [english], "ja": [base, f"({aside}"] if aside else [japanese]}
    room = max((rect.x1 - rect.x0) - 8 * scale, (rect.x1 - rect.x0) * 0.8)
    centre = (rect.y0 + rect.y1) / 2
    laid = {}
    for lang, lines in shown.items():
        size = min(NAME_UNITS * scale, *(room / text_ems(line) for line in lines))
        if size < LABEL_MM:
            size = LABEL_MM
            lines = [part for line in lines for part in _wrapped(line, room / LABEL_MM)]
        step = size * 1.2
        laid[lang] = [
            {
                "text": line,
                "size": round(size, 2),
                "y": round(centre + (i - (len(lines) - 1) / 2) * step + size * 0.35, 2),
            }
            for i, line in enumerate(lines)
        ]
    return laid


def _wrapped(line: str, ems: float) -> list[str]:
    """A line broken between words into lines of at most `ems` (a word longer stays whole)."""
    lines: list[str] = []
    for word in line.split(" "):
        if lines and text_ems(f"{lines[-1]} {word}") <= ems:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def _arrow_marks(arrows: list[Arrow], placed: dict[object, Rect]) -> list[dict[str, Any]]:
    """Each arrow drawn: the arrows of one edge spread along it so that no two badges (and the
    labels they carry) touch, each still pointing at its own place on the edge."""
    groups: dict[tuple, list[Arrow]] = {}
    for arrow in arrows:
        groups.setdefault((arrow.sheet, arrow.edge), []).append(arrow)
    marks = []
    for (key, edge), group in groups.items():
        rect = placed[key]
        across = edge in ("N", "S")
        start, length = (rect.x0, rect.x1 - rect.x0) if across else (rect.y0, rect.y1 - rect.y0)
        group = sorted(group, key=lambda arrow: arrow.along)
        wanted = [start + arrow.along * length for arrow in group]
        before, after = _extents(edge, group)
        places = spread(wanted, before, after, PAD, SPACING)
        for arrow, at, badge_at in zip(group, wanted, places, strict=True):
            if not arrow.placed:  # a free arrow points straight in where its badge stands
                at = min(max(badge_at, start + PAD), start + length - PAD)
            marks.append(_arrow_mark(arrow, rect, at, badge_at))
    return marks


def _arrow_mark(arrow: Arrow, rect: Rect, at: float, badge_at: float) -> dict[str, Any]:
    """An arrow pointing into the box through its edge at `at`, its badge at `badge_at` along
    the edge (where the arrows beside it leave room), a bar along a placed zone's stretch."""
    dx, dy = INWARD[arrow.edge]
    if arrow.edge in ("N", "S"):
        px, py = at, (rect.y0 if arrow.edge == "N" else rect.y1)
        bx, by = badge_at, py - dy * BADGE_AT
    else:
        px, py = (rect.x0 if arrow.edge == "W" else rect.x1), at
        bx, by = px - dx * BADGE_AT, badge_at
    tip = (px - dx * TIP, py - dy * TIP)
    base = (px - dx * (TIP + HEAD_LONG), py - dy * (TIP + HEAD_LONG))
    head = [tip, (base[0] + dy * HEAD_HALF, base[1] + dx * HEAD_HALF)]
    head.append((base[0] - dy * HEAD_HALF, base[1] - dx * HEAD_HALF))
    bar, bar_box = None, None
    if arrow.segment is not None:
        lo, hi = arrow.segment
        if arrow.edge in ("N", "S"):
            bar = (rect.x0 + lo * (rect.x1 - rect.x0), py - dy * 0.7)
            bar += (rect.x0 + hi * (rect.x1 - rect.x0), py - dy * 0.7)
        else:
            bar = (px - dx * 0.7, rect.y0 + lo * (rect.y1 - rect.y0))
            bar += (px - dx * 0.7, rect.y0 + hi * (rect.y1 - rect.y0))
        bar_box = [bar[0] - 0.3, bar[1] - 0.3, bar[2] + 0.3, bar[3] + 0.3]
    badge = Rect.around(bx, by, BADGE_R, BADGE_R)
    return {
        "side": arrow.side,
        "open": is_open(arrow.side),
        "edge": arrow.edge,
        "edge_at": round(px if arrow.edge in ("W", "E") else py, 2),
        "turn": "–" if arrow.turn is None else str(arrow.turn),
        "line": [round(v, 2) for v in (bx, by, *base)],
        "head": " ".join(f"{hx:.2f},{hy:.2f}" for hx, hy in head),
        "badge": {"x": round(bx, 2), "y": round(by, 2), "text_y": round(by + LABEL_MM * 0.35, 2)},
        "bbox": [round(v, 2) for v in (badge.x0, badge.y0, badge.x1, badge.y1)],
        "bar": [round(v, 2) for v in bar] if bar else None,
        "bar_bbox": [round(v, 2) for v in bar_box] if bar_box else None,
        "zone": arrow.zone,
        "label": arrow.label,
        "label_w": arrow.width,
    }


def _label_place(
    mark: dict[str, Any], within: Rect, obstacles: list[Rect], lines: list[Segment]
) -> Rect:
    """Where an arrow's label goes: the first of its places around the badge that touches no
    mark, label, box or arrow; the first place if none is free."""
    candidates = _label_candidates(mark)
    own = (mark["badge"]["x"], mark["badge"]["y"])
    lines = [line for line in lines if (line.x0, line.y0) != own]
    found = first_free(candidates, within, obstacles, lines, clear=0.2)
    if found is None:
        everywhere = Rect(-1e6, -1e6, 1e6, 1e6)
        found = first_free(candidates, everywhere, obstacles, lines, clear=0.2)
    return found or candidates[0]


def _label_candidates(mark: dict[str, Any]) -> list[Rect]:
    """An arrow label's places around its badge, best first: outward of the badge, then beside
    it along the edge (on a west or east edge below or above it, kept clear of the box edge)."""
    w, h = mark["label_w"], LABEL_MM
    bx, by = mark["badge"]["x"], mark["badge"]["y"]
    up, down = by - BADGE_R - PAD - h / 2, by + BADGE_R + PAD + h / 2
    right, left = bx + BADGE_R + PAD + w / 2, bx - BADGE_R - PAD - w / 2

    def at(x: float, y: float) -> Rect:
        return Rect.around(x, y, w / 2, h / 2)

    edge = mark["edge"]
    if edge == "N":
        return [at(bx, up), at(right, by), at(left, by)]
    if edge == "S":
        return [at(bx, down), at(right, by), at(left, by)]
    if edge == "W":
        x = min(bx, mark["edge_at"] - EDGE_CLEAR - w / 2)
        return [at(left, by), at(x, down), at(x, up)]
    x = max(bx, mark["edge_at"] + EDGE_CLEAR + w / 2)
    return [at(right, by), at(x, down), at(x, up)]


def _compass(frame: Rect, obstacles: list[Rect], lines: list[Segment]) -> dict[str, Any]:
    """The north arrow: top right where that corner is free, else beside the drawing's top
    right where the card has room for it, else in the first free corner; beside the top right
    where none is."""
    w, h = COMPASS_W, LABEL_MM + PAD + COMPASS_ARROW
    beside = Rect(frame.x1 + GAP / 4, frame.y0 + PAD, frame.x1 + GAP / 4 + w, frame.y0 + PAD + h)
    corners = [
        Rect(frame.x1 - PAD - w, frame.y0 + PAD, frame.x1 - PAD, frame.y0 + PAD + h),
        *([beside] if beside.x1 + PAD - frame.x0 <= MOST_MM[0] else []),
        Rect(frame.x0 + PAD, frame.y0 + PAD, frame.x0 + PAD + w, frame.y0 + PAD + h),
        Rect(frame.x1 - PAD - w, frame.y1 - PAD - h, frame.x1 - PAD, frame.y1 - PAD),
        Rect(frame.x0 + PAD, frame.y1 - PAD - h, frame.x0 + PAD + w, frame.y1 - PAD),
    ]
    within = Rect(frame.x0, frame.y0, beside.x1, frame.y1)
    rect = first_free(corners, within, obstacles, lines, clear=GAP / 4)
    rect = rect or beside
    x = (rect.x0 + rect.x1) / 2
    tip = rect.y0 + LABEL_MM + PAD
    return {
        "x": round(x, 2),
        "text_y": _baseline(rect.y0),
        "tip": round(tip, 2),
        "tail": round(rect.y1, 2),
        "head": f"{x - 0.8:.2f},{tip + 1.4:.2f} {x:.2f},{tip:.2f} {x + 0.8:.2f},{tip + 1.4:.2f}",
        "bbox": [round(v, 2) for v in (rect.x0, rect.y0, rect.x1, rect.y1)],
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
                    {"glyph": glyph(s.kind, s.side), "side": s.side, "hex": s.hex, "label": s.label}
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
