"""Charts: typed axes (dice or enumerated keys) and the cells they address."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Discriminator, Field, Tag

from generator.content.bilingual import Marked
from generator.content.model.base import (
    Flag,
    LocalizedText,
    Model,
    NoteText,
    Slug,
    Source,
    TableId,
)

DieName = Literal["d6", "2d6", "d10"]


class LabelWhen(Model):
    """A choice's label in the rows where another key has one of some values."""

    key: Slug = Field(description="the other key")
    values: tuple[Slug, ...] = Field(min_length=1, description="its values that take this label")
    label: LocalizedText


class Choice(Model):
    """One value of an enumerated key: its slug, printed label and accepted aliases."""

    slug: Slug
    label: LocalizedText
    aliases: tuple[str, ...] = ()
    label_when: tuple[LabelWhen, ...] = Field(
        default=(),
        description="the label a row prints where another key's value calls for another one"
        " (the seed heads NATO rows Divisions and Warsaw Pact rows Armies)",
    )


class Axis(Model):
    """One key of a table: a die roll or an enumerated choice."""

    key: Slug
    title: LocalizedText | None = None
    die: DieName | None = None
    choices: tuple[Choice, ...] | None = None
    enum: str | None = Field(default=None, description="a shared list: <system>.<name>")
    include: tuple[Slug, ...] | None = Field(default=None, description="narrow a shared list")
    default: Slug | None = Field(
        default=None, description="the choice used when the key is omitted"
    )


class Footnote(Marked, Model):
    """A note printed under a chart; cells with the note show its mark."""

    id: Slug
    mark: str | None = None
    text: NoteText
    uncertain: NoteText | None = None
    languages_differ: Flag = Field(
        default=False,
        description="the seed prints this note in both languages and they say different things;"
        " `uncertain` states both readings and which one playaid follows",
    )


class DetailedCell(Model):
    """A cell that carries more than its value: footnotes, uncertainty, its own source."""

    value: CellValue
    notes: tuple[Slug, ...] = ()
    uncertain: NoteText | None = None
    source: Source | None = None


def _cell_kind(value: Any) -> str | None:
    """Pick the shape of a cell value from what the YAML holds; None when no shape fits."""
    if value is None:
        return "blank"
    if isinstance(value, bool):
        return "string"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, dict):
        return "detail" if "value" in value else "text"
    if isinstance(value, LocalizedText):
        return "text"
    if isinstance(value, DetailedCell):
        return "detail"
    return "string" if isinstance(value, str) else None


CellValue = Annotated[
    Annotated[None, Tag("blank")]
    | Annotated[int | float, Tag("number")]
    | Annotated[str, Tag("string"), Field(strict=True)]
    | Annotated[LocalizedText, Tag("text")]
    | Annotated["DetailedCell", Tag("detail")],
    Discriminator(_cell_kind),
]
CELL_TAGS = frozenset({"blank", "number", "string", "text", "detail"})


class Row(Model):
    """One printed row: the axis values that address it (extra keys), and its cells or value."""

    model_config = ConfigDict(extra="allow", frozen=True)

    cells: dict[str, CellValue] | None = None
    value: CellValue = None
    source: Source | None = None
    uncertain: NoteText | None = None

    @property
    def address(self) -> dict[str, Any]:
        """The axis keys and values this row names."""
        return dict(self.model_extra or {})


class Layout(Model):
    """How a card prints a table: which axes run down, which across, dice roll by roll."""

    rows: tuple[Slug, ...] | None = None
    columns: tuple[Slug, ...] | None = None
    expand_die: Flag = Field(default=False, description="one printed row per roll of the die")
    orientation: Literal["portrait", "landscape"] = "portrait"
    split: Slug | None = Field(
        default=None, description="an axis whose choices are split over cards"
    )
    groups: tuple[tuple[Slug, ...], ...] = Field(default=(), description="the choices of each card")


class Table(Model):
    """A chart of the rules: its axes, the rows as printed, and notes under it."""

    kind: Literal["table"]
    id: TableId
    title: LocalizedText
    summary: LocalizedText | None = Field(
        default=None,
        description="one line for a scenario card: what the chart changes in a game that uses it",
    )
    source: Source
    axes: tuple[Axis, ...] = Field(min_length=1)
    columns: Slug | None = Field(default=None, description="the axis spread across each row")
    complete: Flag = True
    unit: LocalizedText | None = Field(
        default=None, description="printed after numeric values (English: its plural, `hexes`)"
    )
    unit_one: LocalizedText | None = Field(
        default=None,
        description="the unit after a value of 1, where a language has a singular (English `hex`;"
        " Japanese has one form and repeats `unit`); without it `unit` follows every value",
    )
    value_title: LocalizedText | None = Field(
        default=None, description="column head of the values of a table without a column axis"
    )
    notes: tuple[Footnote, ...] = ()
    uncertain: NoteText | None = None
    languages_differ: Flag = Field(
        default=False,
        description="the seed prints the chart's notes in both languages and they say different"
        " things; `uncertain` states both readings and which one playaid follows",
    )
    rows: tuple[Row, ...] = Field(min_length=1)
    layout: Layout | None = None


DetailedCell.model_rebuild()
Row.model_rebuild()


class ChartSlot(Model):
    """A chart the rules use but the sources do not print: a user supplies it in an overlay."""

    id: TableId
    title: LocalizedText
    source: Source = Field(description="where the rules name the chart")
    keys: tuple[Slug, ...] = Field(
        default=(),
        description="axis keys a supplied table must have; none where the sources do not give the"
        " chart's layout: then it is only named, for the kit's list of what to take from the box",
    )
    description: LocalizedText


class ChartSlots(Model):
    """A file of chart slots."""

    kind: Literal["chart-slots"]
    slots: tuple[ChartSlot, ...] = Field(min_length=1)
