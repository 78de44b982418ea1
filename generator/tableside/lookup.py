"""Answer `lookup` and `roll`: parse KEY=VALUE pairs against a table, print what the chart says."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

from generator.content.bilingual import Bilingual
from generator.content.charts import Cell, ResolvedAxis, ResolvedTable, format_die_range, slugify
from generator.core.errors import UserError
from generator.core.messages import message, text_in

# An uncertain reading under a looked-up cell (the catalog gives its Japanese).
message("lookup-uncertain", "(?) uncertain: {note}")

BLANK = "—"


def parse_pairs(pairs: list[str]) -> dict[str, str]:
    """`['nation=US', 'die=3']` → {'nation': 'US', 'die': '3'}; a pair without `=` is an error."""
    keys: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise UserError("not-key-value", pair=shown(pair))
        keys[slugify(name)] = value.strip()
    return keys


def resolve_keys(table: ResolvedTable, given: dict[str, str]) -> dict[str, Any]:
    """Turn user keys into axis slugs and rolls, filling defaults; name the choices on a mistake."""
    resolved: dict[str, Any] = {}
    for name, raw in given.items():
        axis = table.axis(name)
        if axis is None:
            keys = ", ".join(axis.key for axis in table.axes)
            raise UserError("unknown-table-key", table=table.id, key=name, keys=keys)
        resolved[axis.key] = _value(table, axis, raw)
    for axis in table.axes:
        if axis.key not in resolved and axis.default is not None:
            resolved[axis.key] = axis.default
    return resolved


def _value(table: ResolvedTable, axis: ResolvedAxis, raw: str) -> Any:
    if axis.die:
        low, high = axis.faces
        roll = _whole_number(raw)
        if roll is None or not low <= roll <= high:
            raise UserError(
                "not-a-roll",
                key=axis.key,
                raw=shown(raw),
                die=axis.die,
                table=table.id,
                low=low,
                high=high,
            )
        return roll
    choice = axis.match(raw)
    if choice is None:
        names = ", ".join(_choice_names(axis))
        raise UserError("not-a-choice", raw=shown(raw), key=axis.key, table=table.id, choices=names)
    return choice.slug


SHOWN_CHARACTERS = 40  # of a value typed at the command line, repeated in a message


def _whole_number(raw: str) -> int | None:
    """A roll typed at the command line: ASCII digits only (`²` and `٣` are digits to Python,
    but not rolls), at most limits.NUMBER_DIGITS of them (Python refuses to read 5,000)."""
    from generator.core.limits import NUMBER_DIGITS

    raw = raw.strip()
    if not raw.isascii() or not raw.isdigit() or len(raw) > NUMBER_DIGITS:
        return None
    return int(raw)


def shown(raw: str) -> str:
    """A typed value as a message repeats it: cut short when it is long."""
    return raw if len(raw) <= SHOWN_CHARACTERS else raw[:SHOWN_CHARACTERS] + "…"


def _choice_names(axis: ResolvedAxis) -> list[str]:
    return [
        choice.slug + (f" ({', '.join(choice.aliases)})" if choice.aliases else "")
        for choice in axis.choices
    ]


@dataclass(frozen=True)
class Answer:
    """What a lookup found: the table, the keys asked and the cells that stand there."""

    table: ResolvedTable
    keys: dict[str, Any]
    cells: list[Cell]

    @property
    def single(self) -> bool:
        """Whether the keys pin down exactly one cell."""
        return len(self.cells) == 1 and len(self.keys) >= len(self.table.axes)


def lookup(table: ResolvedTable, given: dict[str, str]) -> Answer:
    """The cells at the given keys; every key given must match some printed cell."""
    keys = resolve_keys(table, given)
    cells = table.find(keys)
    if not cells:
        raise _no_cell(table, keys)
    if len(cells) == 1 and len(keys) < len(table.axes):
        keys = {**keys, **{k: v for k, v in cells[0].address.items() if k not in keys}}
        keys = {axis.key: keys[axis.key] for axis in table.axes}
    return Answer(table, keys, cells)


def _no_cell(table: ResolvedTable, keys: dict[str, Any]) -> UserError:
    """Name the first key that leaves no cell and the values it takes given the keys before it."""
    candidates = list(table.cells)
    fixed: list[str] = []
    for axis in table.axes:
        if axis.key not in keys:
            continue
        remaining = [cell for cell in candidates if cell.holds(axis.key, keys[axis.key])]
        if not remaining:
            values = []
            for cell in candidates:
                value = cell.address[axis.key]
                shown = format_die_range(value) if isinstance(value, tuple) else value
                if shown not in values:
                    values.append(shown)
            where = " ".join(fixed)
            return UserError(
                "no-cell",
                table=table.id,
                key=axis.key,
                value=keys[axis.key],
                where=(f" for {where}", f" {where} で") if where else "",
                values=", ".join(values),
            )
        candidates = remaining
        fixed.append(f"{axis.key}={keys[axis.key]}")
    raise AssertionError("a lookup without cells must have a key that rules them out")


def format_value(table: ResolvedTable, cell: Cell, lang: str, marks: bool = True) -> str:
    """A cell as printed on the chart, in one language, with its footnote marks."""
    text = plain_value(cell.value, lang)
    if isinstance(cell.value, int | float) and table.table.unit is not None:
        one = cell.value == 1 and table.table.unit_one is not None
        unit = (table.table.unit_one if one else table.table.unit).get(lang)  # type: ignore[union-attr]
        text = f"{text}{unit}" if lang == "ja" else f"{text} {unit}"
    if marks:
        text += "".join(note.mark or "" for note in cell.notes)
        if cell.uncertain:
            text += " (?)"
    return text


def plain_value(value: Any, lang: str) -> str:
    """A value without unit or marks: numbers in their shortest form, texts in one language."""
    if value is None:
        return BLANK
    if isinstance(value, Bilingual):
        return value.get(lang)
    if isinstance(value, float):
        return format(value, "g")
    return str(value)


def json_value(value: Any, lang: str) -> Any:
    """A value for JSON: numbers stay numbers, texts are given in the chosen language."""
    if isinstance(value, Bilingual):
        return value.get(lang)
    return value


def cell_notes(cell: Cell, lang: str) -> list[str]:
    """The footnotes and uncertainty notes that belong to a cell, in one language."""
    notes = []
    for note in cell.notes:
        notes.append(f"{note.lead_mark} {note.text.get(lang)}".strip())
        if note.uncertain:
            notes.append(text_in(lang, "lookup-uncertain", note=note.uncertain.get(lang)))
    notes += [text_in(lang, "lookup-uncertain", note=mark.get(lang)) for mark in cell.uncertain]
    return notes


def cell_json(answer: Answer, cell: Cell, lang: str) -> dict[str, Any]:
    """The JSON object of one cell: table, keys, value, uncertain, note, source."""
    notes = cell_notes(cell, lang)
    keys = {
        key: (f"{value[0]}-{value[1]}" if value[0] != value[1] else value[0])
        if isinstance(value, tuple)
        else value
        for key, value in {**cell.address, **answer.keys}.items()
    }
    return {
        "table": answer.table.id,
        "keys": {axis.key: keys[axis.key] for axis in answer.table.axes if axis.key in keys},
        "value": json_value(cell.value, lang),
        "uncertain": bool(cell.uncertain),
        "note": "\n".join(notes) or None,
        "source": cell.source.describe(lang),
    }


def width(text: str) -> int:
    """Columns a string takes in a terminal: wide (Japanese) characters count two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad(text: str, columns: int) -> str:
    """Left-align `text` in `columns` terminal columns."""
    return text + " " * max(0, columns - width(text))


def answer_json(answer: Answer, lang: str) -> Any:
    """One cell's JSON object when the keys pin one down, else the list of them."""
    cells = [cell_json(answer, cell, lang) for cell in answer.cells]
    return cells[0] if answer.single else cells
