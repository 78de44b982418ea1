"""A chart's page: the grids its cards print, and what its lookup offers and answers.

Every value comes from the same resolved table the cards print (generator.render.views and
generator.tableside.lookup); the page only arranges it. The lookup's keys are the axes `playaid
lookup` takes, matched the same way (slug, alias, then printed label).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.content.charts import (
    Cell,
    ResolvedAxis,
    ResolvedTable,
    format_die_range,
    label_slugs,
    slugify,
)
from generator.content.dice import DICE_COUNT, one_die
from generator.content.load import Content
from generator.content.model.base import LocalizedText, Source
from generator.content.model.table import Footnote
from generator.render.cards import card_groups
from generator.render.views import Grid, build_grid
from generator.tableside.lookup import format_value


@dataclass(frozen=True)
class KeyChoice:
    """One value a lookup key takes: what the address holds, and how it is printed."""

    value: str
    label: LocalizedText | str


@dataclass(frozen=True)
class LookupKey:
    """One key of the lookup: an axis of the table, with its choices (a die: its faces)."""

    key: str
    title: LocalizedText | str
    die: str | None
    choices: list[KeyChoice]
    default: str | None

    @property
    def shows_key(self) -> bool:
        """Whether the key is worth printing beside its title: not when the title says it
        (`Nation` for nation); the lookup's command line names every key anyway."""
        title = self.title.en if isinstance(self.title, LocalizedText) else self.title
        return slugify(title) != self.key


@dataclass(frozen=True)
class CellAnswer:
    """One cell as the lookup shows it: its address, its value as printed, its notes and
    uncertain readings, and where the seed prints it."""

    index: int
    address: dict[str, str]
    text: dict[str, str]
    marks: str
    uncertain: tuple[LocalizedText, ...]
    notes: tuple[Footnote, ...]
    source: Source
    blank: bool


@dataclass(frozen=True)
class ChartPage:
    """Everything a chart's page shows."""

    table: ResolvedTable
    grids: list[Grid]
    keys: list[LookupKey]
    answers: list[CellAnswer]
    die_key: str | None
    data: dict[str, Any]
    notes: list[Footnote]  # the notes its cards print, each once
    uncertain_notes: list[LocalizedText]


def _address(value: Any) -> str:
    """A cell's place on one axis as the page writes it: a slug, or a die range `lo-hi`."""
    if isinstance(value, tuple):
        return f"{value[0]}-{value[1]}"
    return str(value)


def _lookup_key(axis: ResolvedAxis) -> LookupKey:
    """An axis as the lookup offers it."""
    title: LocalizedText | str = axis.title if axis.title is not None else (axis.die or axis.key)
    if axis.die:
        low, high = axis.faces
        faces = [KeyChoice(str(face), str(face)) for face in range(low, high + 1)]
        return LookupKey(axis.key, title, axis.die, faces, None)
    choices = [KeyChoice(choice.slug, choice.label) for choice in axis.choices]
    return LookupKey(axis.key, title, None, choices, axis.default)


def _matching(axis: ResolvedAxis) -> dict[str, Any]:
    """What the page's script needs to read a key from the address (`?nation=USA&die=3`) as
    `playaid lookup` reads it: slugs and aliases first, then printed labels."""
    if axis.die:
        low, high = axis.faces
        face_low, face_high = one_die(axis.die)
        return {
            "key": axis.key,
            "die": axis.die,
            "low": low,
            "high": high,
            "dice": DICE_COUNT[axis.die],
            "faces": [face_low, face_high],
        }
    return {
        "key": axis.key,
        "die": None,
        "choices": [
            {
                "slug": choice.slug,
                "names": [choice.slug, *choice.aliases],
                "labels": sorted(label_slugs(choice.label.en)),
                "ja": [part.strip() for part in choice.label.ja.split("/")],
            }
            for choice in axis.choices
        ],
    }


def _answer(table: ResolvedTable, index: int, cell: Cell) -> CellAnswer:
    """One cell, as printed on the card (value, unit, marks) with its notes."""
    return CellAnswer(
        index=index,
        address={key: _address(value) for key, value in cell.address.items()},
        text={lang: format_value(table, cell, lang, marks=False) for lang in ("en", "ja")},
        marks="".join(note.mark or "" for note in cell.notes),
        uncertain=cell.uncertain,
        notes=cell.notes,
        source=cell.source,
        blank=cell.value is None,
    )


def chart_page(content: Content, table: ResolvedTable) -> ChartPage:
    """A chart's page: its card grids (one per card when the chart is split), its lookup."""
    del content
    grids = [build_grid(table, ("en", "ja"), group) for group in card_groups(table)]
    die = table.die_axis
    printed = {note.id for grid in grids for note in grid.notes}
    return ChartPage(
        table=table,
        grids=grids,
        keys=[_lookup_key(axis) for axis in table.axes],
        answers=[_answer(table, index, cell) for index, cell in enumerate(table.cells)],
        die_key=die.key if die else None,
        data={"table": table.id, "axes": [_matching(axis) for axis in table.axes]},
        notes=[note for note in table.table.notes if note.id in printed],
        uncertain_notes=list(
            {note.en: note for grid in grids for note in grid.uncertain_notes}.values()
        ),
    )


def row_die(grid: Grid, row: int, die_key: str | None) -> str | None:
    """The die range a grid row stands for (`3`, `0-2`), when the die is one of its row keys."""
    if die_key is None or row >= len(grid.row_values) or die_key not in grid.row_values[row]:
        return None
    value = grid.row_values[row][die_key]
    return format_die_range(value if isinstance(value, tuple) else (value, value))
