"""Plain-text presentation of lookups, rolls and whole tables for the terminal."""

from __future__ import annotations

from typing import Any

from generator.content.charts import Cell, ResolvedAxis, ResolvedTable
from generator.core.messages import DIE_RANGE, between_facts, message, text_in
from generator.tableside.lookup import Answer, cell_notes, format_value, pad, width

# The words a lookup prints around the chart's own (the catalog gives their Japanese).
message("lookup-source", "source: {source}")
message("lookup-value", "value")


def describe_keys(table: ResolvedTable, keys: dict[str, object], lang: str) -> str:
    """`die 4 · Elite` (`ダイス 4・精鋭`): the keys as the chart prints them."""
    parts = []
    for axis in table.axes:
        if axis.key not in keys:
            continue
        value = keys[axis.key]
        if axis.die:
            parts.append(f"{_axis_title(axis, lang)} {die_label(value, lang)}")
        else:
            parts.append(axis.label_at(str(value), keys).get(lang))
    return between_facts(lang).join(parts)


def die_label(value: Any, lang: str) -> str:
    """A roll or a die range as the charts print it: `3`; `0–3` in English, `0〜3` in Japanese
    (what a player types stays `die=0-3`)."""
    low, high = value if isinstance(value, tuple) else (value, value)
    return str(low) if low == high else text_in(lang, DIE_RANGE, low=low, high=high)


def render_cell(answer: Answer, cell: Cell, lang: str) -> str:
    """One cell: title and keys, the value as printed, notes, source."""
    table = answer.table
    keys = {**{k: v for k, v in cell.address.items() if not isinstance(v, tuple)}, **answer.keys}
    lines = [
        f"{table.table.title.get(lang)} ({table.id}): {describe_keys(table, keys, lang)}",
        f"  → {format_value(table, cell, lang)}",
    ]
    lines += [f"  {note}" for note in cell_notes(cell, lang)]
    lines.append("  " + text_in(lang, "lookup-source", source=cell.source.cite(lang)))
    return "\n".join(lines)


def _row_label(axis: ResolvedAxis, value: Any, address: dict[str, Any], lang: str) -> str:
    """A row's label for one of its keys in one language: a die range in the language's mark."""
    if axis.die:
        return die_label(value, lang)
    return axis.label_at(value, address).get(lang)


def render_grid(answer: Answer, lang: str) -> str:
    """Many cells as a grid: one line per row of the chart, one column per column choice."""
    table = answer.table
    column_key = table.table.columns
    column = table.axis(column_key) if column_key else None
    row_axes = [axis for axis in table.axes if axis.key != column_key]
    rows: dict[tuple, dict[str, Cell]] = {}
    for cell in answer.cells:
        row_key = tuple(cell.address[axis.key] for axis in row_axes)
        rows.setdefault(row_key, {})[cell.address[column_key] if column else ""] = cell
    column_slugs = [
        choice.slug
        for choice in (column.choices if column else ())
        if any(choice.slug in cells for cells in rows.values())
    ] or [""]
    header = [_axis_title(axis, lang) for axis in row_axes] + [
        column.choice(slug).label.get(lang) if column else _value_title(table, lang)
        for slug in column_slugs
    ]
    body = []
    for row_key, cells in _ordered(table, row_axes, rows):
        address = {axis.key: value for axis, value in zip(row_axes, row_key, strict=True)}
        labels = [
            _row_label(axis, value, address, lang)
            for axis, value in zip(row_axes, row_key, strict=True)
        ]
        values = [format_value(table, cells[s], lang) if s in cells else "" for s in column_slugs]
        body.append(labels + values)
    widths = [max(width(line[i]) for line in [header, *body]) for i in range(len(header))]
    out = [f"{table.table.title.get(lang)} ({table.id})"]
    for line in [header, *body]:
        out.append("  ".join(pad(text, widths[i]) for i, text in enumerate(line)).rstrip())
    notes = []
    for note in table.notes_under(answer.cells):
        notes.append(f"{note.lead_mark} {note.text.get(lang)}".strip())
        if note.uncertain:
            notes.append(text_in(lang, "lookup-uncertain", note=note.uncertain.get(lang)))
    for cell in answer.cells:
        for note in cell_notes(cell, lang):
            if note not in notes:
                notes.append(note)
    out += notes
    out.append(text_in(lang, "lookup-source", source=table.table.source.cite(lang)))
    return "\n".join(out)


def _axis_title(axis: ResolvedAxis, lang: str) -> str:
    if axis.title is not None:
        return axis.title.get(lang)
    return axis.die or axis.key


def _ordered(
    table: ResolvedTable, row_axes: list[ResolvedAxis], rows: dict[tuple, dict[str, Cell]]
) -> list[tuple[tuple, dict[str, Cell]]]:
    """Rows in the order the content prints them (first appearance)."""
    order = {}
    for cell in table.cells:
        row_key = tuple(cell.address[axis.key] for axis in row_axes)
        order.setdefault(row_key, len(order))
    return sorted(rows.items(), key=lambda item: order.get(item[0], 0))


def _value_title(table: ResolvedTable, lang: str) -> str:
    if table.table.value_title is not None:
        return table.table.value_title.get(lang)
    return text_in(lang, "lookup-value")


def render_answer(answer: Answer, lang: str) -> str:
    """One cell as a card of text, or the cells left open as a grid."""
    return (
        render_cell(answer, answer.cells[0], lang) if answer.single else render_grid(answer, lang)
    )
