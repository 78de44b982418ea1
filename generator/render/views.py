"""View models: a table laid out as the printed grid of a player-aid card."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace
from typing import Any

from generator.content.charts import Cell, DieRange, ResolvedAxis, ResolvedTable
from generator.content.model.base import LocalizedText
from generator.content.model.table import Footnote
from generator.core.messages import DIE_RANGE, text
from generator.tableside.lookup import format_value

PROSE_WORDS = 4  # a column with a cell of this many words or more holds text, not values


@dataclass(frozen=True)
class GridCell:
    """One printed cell: its text in each language, marks, and whether it is uncertain."""

    text: dict[str, str]
    marks: str = ""
    uncertain: bool = False
    blank: bool = False
    index: int | None = None  # the cell's place in ResolvedTable.cells, which the site looks up
    prose: bool = False  # in a column of sentences or names, not values: set flush left

    def shown(self, lang: str) -> str:
        return self.text.get(lang, self.text["en"])


@dataclass
class Grid:
    """Headers, row labels and cells of a chart as it is printed."""

    corner: list[Any]
    columns: list[list[tuple[Any, int]]]  # per column level: (label, columns it spans)
    rows: list[tuple[list[Any], list[GridCell]]]
    notes: list[Footnote] = field(default_factory=list)
    uncertain_notes: list[LocalizedText] = field(default_factory=list)
    # Each row's values on its row axes (a die roll, or a die range, as the content gives it),
    # keyed by axis: the site highlights the row a roll lands on.
    row_values: list[dict[str, Any]] = field(default_factory=list)

    @property
    def width(self) -> int:
        return len(self.corner) + sum(span for _, span in self.columns[-1])


def _title(axis: ResolvedAxis) -> Any:
    return axis.title if axis.title is not None else (axis.die or axis.key)


def _combos(cells: list[Cell], axes: list[ResolvedAxis], expand_die: bool) -> list[tuple]:
    """Every combination of these axes' values that some cell stands at, in printed order:
    enumerated values in the order the content first prints them, dice by roll."""
    seen: dict[tuple, None] = {}
    first: dict[str, dict[Any, int]] = {axis.key: {} for axis in axes}
    for cell in cells:
        parts = []
        for axis in axes:
            value = cell.address[axis.key]
            first[axis.key].setdefault(value, len(first[axis.key]))
            if axis.die and expand_die:
                parts.append(list(range(value[0], value[1] + 1)))
            else:
                parts.append([value])
        for combo in itertools.product(*parts):
            seen.setdefault(combo, None)

    def key(combo: tuple) -> tuple:
        return tuple(
            (value[0] if isinstance(value, tuple) else value)
            if axis.die
            else first[axis.key][value]
            for axis, value in zip(axes, combo, strict=True)
        )

    return sorted(seen, key=key)


def _spans(axis: ResolvedAxis, level: int, combos: list[tuple]) -> list[tuple[Any, int]]:
    """Header cells of one column level: consecutive columns sharing the level's prefix merge."""
    spans: list[tuple[Any, int]] = []
    previous: tuple | None = None
    for combo in combos:
        prefix = combo[: level + 1]
        if prefix == previous:
            spans[-1] = (spans[-1][0], spans[-1][1] + 1)
        else:
            spans.append((_label(axis, combo[level]), 1))
        previous = prefix
    return spans


def die_label(value: DieRange | int | str) -> LocalizedText:
    """A die roll or range as a chart prints it: `3`; `0–3` in English, `0〜3` in Japanese."""
    low, high = value if isinstance(value, tuple) else (value, value)
    if low == high:
        return LocalizedText(en=str(low), ja=str(low), tr="none")
    en, ja = text(DIE_RANGE, low=low, high=high)
    return LocalizedText(en=en, ja=ja, tr="none")


def _label(axis: ResolvedAxis, value: Any) -> Any:
    if axis.die:
        return die_label(value)
    return axis.choice(value).label


def build_grid(table: ResolvedTable, languages: tuple[str, ...], group: int | None = None) -> Grid:
    """Lay a table out as its card prints it, following its layout hints.

    With `group`, only the cells of that group of the layout's split axis are laid out.
    """
    layout = table.table.layout
    cells = list(table.cells)
    if group is not None and layout and layout.split:
        chosen = set(layout.groups[group])
        cells = [cell for cell in cells if cell.address[layout.split] in chosen]
    column_keys = (
        list(layout.columns)
        if layout and layout.columns is not None
        else ([table.table.columns] if table.table.columns else [])
    )
    row_keys = (
        list(layout.rows)
        if layout and layout.rows
        else [axis.key for axis in table.axes if axis.key not in column_keys]
    )
    expand = bool(layout and layout.expand_die)
    row_axes = [table.axis(key) for key in row_keys]
    column_axes = [table.axis(key) for key in column_keys]
    row_combos = _combos(cells, row_axes, expand)
    column_combos = _combos(cells, column_axes, expand) if column_axes else [()]
    columns = (
        [_spans(axis, i, column_combos) for i, axis in enumerate(column_axes)]
        if column_axes
        else [[(table.table.value_title or LocalizedText(en="", ja="", tr="none"), 1)]]
    )
    uncertain: dict[str, LocalizedText] = {}
    places = {id(cell): index for index, cell in enumerate(table.cells)}
    shown: set[int] = set()  # the cells printed, by identity
    rows = []
    for row in row_combos:
        printed = []
        for column in column_combos:
            wanted = dict(zip(row_keys, row, strict=True)) | dict(
                zip(column_keys, column, strict=True)
            )
            found = [cell for cell in cells if all(cell.holds(k, v) for k, v in wanted.items())]
            first = found[0] if found else None
            shown.update([id(first)] if first else [])
            cell = _grid_cell(table, first, languages, uncertain)
            printed.append(cell if first is None else replace(cell, index=places.get(id(first))))
        address = dict(zip(row_keys, row, strict=True))
        labels = [
            die_label(value) if axis.die else axis.label_at(value, address)
            for axis, value in zip(row_axes, row, strict=True)
        ]
        rows.append((labels, printed))
    rows = _prose_columns(rows)
    footnotes = table.notes_under(cell for cell in table.cells if id(cell) in shown)
    return Grid(
        [_title(axis) for axis in row_axes],
        columns,
        rows,
        footnotes,
        list(uncertain.values()),
        [dict(zip(row_keys, row, strict=True)) for row in row_combos],
    )


def _prose_columns(rows: list[tuple[list, list[GridCell]]]) -> list[tuple[list, list[GridCell]]]:
    """The rows with each cell of a column of text (any cell of PROSE_WORDS words or more)
    marked as prose, so that the whole column reads flush left."""
    columns = max((len(cells) for _, cells in rows), default=0)
    prose = {
        index
        for index in range(columns)
        if any(len(cells[index].text["en"].split()) >= PROSE_WORDS for _, cells in rows)
    }
    return [
        (labels, [replace(cell, prose=index in prose) for index, cell in enumerate(cells)])
        for labels, cells in rows
    ]


def _grid_cell(
    table: ResolvedTable,
    cell: Cell | None,
    languages: tuple[str, ...],
    uncertain: dict[str, LocalizedText],
) -> GridCell:
    if cell is None:
        return GridCell({"en": "", "ja": ""}, blank=True)
    for mark in cell.uncertain:
        uncertain.setdefault(mark.en, mark)
    text = {lang: format_value(table, cell, lang, marks=False) for lang in ("en", "ja")}
    marks = "".join(note.mark or "" for note in cell.notes)
    return GridCell(text, marks, bool(cell.uncertain), blank=cell.value is None)
