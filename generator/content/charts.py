"""Tables made ready for lookup: resolved axes, one cell per printed position, key matching.

The same shapes hold a validated table and the table-side snapshot's plain copy of it
(generator.tableside.snapshot), so nothing here imports the model at run time.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from generator.content.dice import DIE_FACES
from generator.core.errors import UserError

if TYPE_CHECKING:
    from generator.content.model.base import LocalizedText, Source
    from generator.content.model.table import Choice, Footnote, Table

DieRange = tuple[int, int]


def slugify(value: object) -> str:
    """Lower case, every run of other characters turned into one hyphen: `1st Line` → `1st-line`."""
    return re.sub(r"[^a-z0-9]+", "-", str(value).lower()).strip("-")


def label_slugs(label: str) -> set[str]:
    """A printed label's slug, whole and for each part between slashes."""
    return {slugify(label), *(slugify(part) for part in label.split("/"))} - {""}


def parse_die_range(value: object) -> DieRange | None:
    """`3` → (3, 3), `0-2` → (0, 2); None when it is not a range (ASCII digits only, at most
    limits.NUMBER_DIGITS of them: a quoted 5,000-digit roll is not one, never a crash)."""
    from generator.core.limits import NUMBER_DIGITS

    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return (value, value)
    number = f"([0-9]{{1,{NUMBER_DIGITS}}})"
    match = re.fullmatch(rf"\s*{number}\s*(?:-\s*{number}\s*)?", str(value))
    if not match:
        return None
    low = int(match.group(1))
    high = int(match.group(2)) if match.group(2) else low
    return (low, high) if low <= high else None


def format_die_range(value: DieRange) -> str:
    """(0, 2) → `0-2`, (3, 3) → `3`."""
    return str(value[0]) if value[0] == value[1] else f"{value[0]}-{value[1]}"


@dataclass(frozen=True)
class ResolvedAxis:
    """An axis with its choices looked up (shared lists included)."""

    key: str
    title: LocalizedText | None
    die: str | None
    choices: tuple[Choice, ...]
    default: str | None

    @property
    def faces(self) -> DieRange:
        """The lowest and highest roll of this axis's die."""
        return DIE_FACES[self.die or "d6"]

    def match(self, raw: object) -> Choice | None:
        """The choice whose slug or alias matches `raw`, ignoring case and punctuation; else the
        one whose printed label does, whole or any part of it between slashes, in English or
        Japanese (`Private, Second Class (e-1)`, `Sgt Major`, `軍曹`)."""
        wanted = slugify(raw)
        for choice in self.choices:
            if wanted == choice.slug or wanted in (slugify(alias) for alias in choice.aliases):
                return choice
        written = str(raw).strip()
        for choice in self.choices:
            if wanted and wanted in label_slugs(choice.label.en):
                return choice
            if written and written in {part.strip() for part in choice.label.ja.split("/")}:
                return choice
        return None

    def choice(self, slug: str) -> Choice:
        """The choice with this exact slug."""
        return next(choice for choice in self.choices if choice.slug == slug)

    def label(self, value: str | DieRange, lang: str) -> str:
        """How a value of this axis is printed."""
        if self.die:
            return format_die_range(value)  # type: ignore[arg-type]
        return self.choice(str(value)).label.get(lang)

    def label_at(self, value: Any, address: dict[str, Any]) -> Any:
        """The label a row at `address` prints for a value: the choice's own, or the one its
        `label_when` gives for the row's other keys; a die range as printed."""
        if self.die:
            return format_die_range(value) if isinstance(value, tuple) else str(value)
        choice = self.choice(str(value))
        for when in choice.label_when:
            if address.get(when.key) in when.values:
                return when.label
        return choice.label


@dataclass(frozen=True)
class Cell:
    """One printed cell: where it stands on every axis and what it says."""

    address: dict[str, Any]
    value: Any
    notes: tuple[Footnote, ...]
    uncertain: tuple[LocalizedText, ...]
    source: Source

    def holds(self, key: str, wanted: Any) -> bool:
        """Whether this cell stands at `wanted` on axis `key`: a roll inside its die range, the
        same die range, or the same choice."""
        here = self.address[key]
        if isinstance(here, tuple) and not isinstance(wanted, tuple):
            return here[0] <= int(wanted) <= here[1]
        return here == wanted


@dataclass(frozen=True)
class ResolvedTable:
    """A validated table with its axes resolved and its cells laid out one by one."""

    table: Table
    axes: tuple[ResolvedAxis, ...]
    cells: tuple[Cell, ...]

    @property
    def id(self) -> str:
        return self.table.id

    def axis(self, key: str) -> ResolvedAxis | None:
        """The axis with this key."""
        return next((axis for axis in self.axes if axis.key == key), None)

    @property
    def die_axis(self) -> ResolvedAxis | None:
        """The axis rolled with a die, when the table has one."""
        return next((axis for axis in self.axes if axis.die), None)

    def notes_under(self, cells: Iterable[Cell]) -> list[Any]:
        """The chart's notes printed under some of its cells, in the chart's order: those the
        cells point at, and those no cell of the chart points at (notes on the whole chart)."""
        pointed = {note.id for cell in self.cells for note in cell.notes}
        shown = {note.id for cell in cells for note in cell.notes}
        return [note for note in self.table.notes if note.id in shown or note.id not in pointed]

    def find(self, keys: dict[str, Any]) -> list[Cell]:
        """The cells standing at every given key (slugs, or a roll for the die axis)."""
        return [cell for cell in self.cells if all(cell.holds(k, v) for k, v in keys.items())]


def unwrap(value: Any) -> tuple[Any, tuple[str, ...], LocalizedText | None, Source | None]:
    """A cell's plain value, note ids, uncertainty and source, whether detailed or not.
    Where the table model was never imported no cell can be detailed (the kept copies of
    generator.tableside hold plain values), so it is not imported for them."""
    model = sys.modules.get("generator.content.model.table")
    if model is not None and isinstance(value, model.DetailedCell):
        return value.value, value.notes, value.uncertain, value.source
    return value, (), None, None


def find_table(
    tables: Mapping[str, ResolvedTable], slots: Mapping[str, Any], table_id: str
) -> ResolvedTable:
    """A table by id; a UserError saying a slot's chart is not printed, or listing the ids."""
    if table_id in tables:
        return tables[table_id]
    if table_id in slots:
        slot = slots[table_id]
        raise UserError(
            "chart-not-printed" if slot.keys else "chart-from-box",
            id=table_id,
            title=(slot.title.en, slot.title.ja),
            where=(slot.source.cite("en"), slot.source.cite("ja")),
            keys=", ".join(slot.keys),
        )
    raise UserError("unknown-table", table=table_id, choices=", ".join(sorted(tables)))
