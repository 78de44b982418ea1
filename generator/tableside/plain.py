"""The table-side snapshot's plain objects: the attributes `lookup`, `rule` and `calc` read from
validated content, rebuilt from JSON data without pydantic.

Each `*_from_data` function is the inverse of the matching encoder in generator.tableside.encode;
a malformed snapshot raises KeyError, TypeError or ValueError, which the cache treats as a miss.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from generator.content.bilingual import Bilingual, Cited, Marked
from generator.content.charts import Cell, ResolvedAxis, ResolvedTable
from generator.content.dice import DIE_FACES


class CorruptSnapshot(Exception):
    """A cached snapshot held data that does not decode; the command is answered afresh."""


@dataclass(frozen=True)
class Text(Bilingual):
    """A text in English and Japanese."""

    en: str
    ja: str
    tr: str
    from_: str | None = None


NO_SEEDS: Mapping[str, Text] = MappingProxyType({})  # a snapshot's part that holds no seed titles


@dataclass(frozen=True)
class Citation(Cited):
    """Where in the seeds something comes from."""

    seed: str | None
    section: str | None = None
    lines: str | None = None
    supplied: str | None = None
    cited_erratum: tuple[str, str, str] | None = None
    seed_title: Text | None = None


@dataclass(frozen=True)
class Note(Marked):
    """A footnote under a chart."""

    id: str
    mark: str | None
    text: Text
    uncertain: Text | None = None


@dataclass(frozen=True)
class LabelWhen:
    """A choice's label in the rows where another key has one of some values."""

    key: str
    values: tuple[str, ...]
    label: Text


@dataclass(frozen=True)
class Label:
    """One choice of an axis: slug, printed label, aliases, labels by another key."""

    slug: str
    label: Text
    aliases: tuple[str, ...]
    label_when: tuple[LabelWhen, ...] = ()


@dataclass(frozen=True)
class TableFacts:
    """What the table-side commands read of a chart besides its cells."""

    id: str
    title: Text
    source: Citation
    columns: str | None
    unit: Text | None
    unit_one: Text | None
    value_title: Text | None
    notes: tuple[Note, ...]
    uncertain: Text | None


@dataclass(frozen=True)
class Reference:
    """A cross-reference of a case."""

    id: str
    external: bool


@dataclass(frozen=True)
class CaseFacts:
    """One rule case."""

    id: str
    number: str | None
    title: Text | None
    text: Text | None
    source: Citation
    references: tuple[Reference, ...]
    uncertain: Text | None


@dataclass(frozen=True)
class RuleSetFacts:
    """The cases of one rules file, in printed order."""

    system: str
    cases: tuple[CaseFacts, ...]


@dataclass(frozen=True)
class ReadingFacts:
    """How this project reads an ambiguous rule."""

    id: str
    text: Text
    uncertain: bool


@dataclass(frozen=True)
class ProcedureFacts:
    """The content side of a procedure: its title and readings."""

    id: str
    title: Text
    readings: tuple[ReadingFacts, ...]


@dataclass(frozen=True)
class SlotFacts:
    """A chart the rules name but do not print."""

    id: str
    title: Text
    source: Citation
    keys: tuple[str, ...]


def text_from_data(data: Any) -> Text:
    """A text from `{en, ja, tr, from}`."""
    return Text(_str(data["en"]), _str(data["ja"]), _str(data["tr"]), _optional_str(data["from"]))


def optional_text(data: Any) -> Text | None:
    """A text, or None."""
    return None if data is None else text_from_data(data)


def citation_from_data(data: Any, seeds: Mapping[str, Text] = NO_SEEDS) -> Citation:
    """A citation from `[seed, section, lines, supplied, erratum]`, the erratum `[title in
    English, title in Japanese, date]` or null, with its seed's title from `seeds` (where they
    hold it: the scenario checks' copy of the tables cites no title)."""
    seed, section, lines, supplied, erratum = data
    cited = None if erratum is None else (_str(erratum[0]), _str(erratum[1]), _str(erratum[2]))
    return Citation(
        _optional_str(seed),
        _optional_str(section),
        _optional_str(lines),
        _optional_str(supplied),
        cited,
        None if seed is None else seeds.get(_str(seed)),
    )


def seeds_from_data(data: Any) -> dict[str, Text]:
    """The seeds' titles by id, which the citations name."""
    return {_str(seed): text_from_data(title) for seed, title in data.items()}


def table_from_data(data: Any, seeds: Mapping[str, Text] = NO_SEEDS) -> ResolvedTable:
    """A table ready for lookup: facts, axes, cells."""
    facts = data["facts"]
    table = TableFacts(
        id=_str(facts["id"]),
        title=text_from_data(facts["title"]),
        source=citation_from_data(facts["source"], seeds),
        columns=_optional_str(facts["columns"]),
        unit=optional_text(facts["unit"]),
        unit_one=optional_text(facts.get("unit_one")),
        value_title=optional_text(facts["value_title"]),
        notes=tuple(_note(note) for note in facts["notes"]),
        uncertain=optional_text(facts["uncertain"]),
    )
    axes = tuple(_axis(axis) for axis in data["axes"])
    cells = tuple(_cell(cell, seeds) for cell in data["cells"])
    return ResolvedTable(table, axes, cells)  # type: ignore[arg-type]


def case_from_data(data: Any, seeds: Mapping[str, Text] = NO_SEEDS) -> CaseFacts:
    """A rule case."""
    return CaseFacts(
        id=_str(data["id"]),
        number=_optional_str(data["number"]),
        title=optional_text(data["title"]),
        text=optional_text(data["text"]),
        source=citation_from_data(data["source"], seeds),
        references=tuple(Reference(_str(i), bool(external)) for i, external in data["refs"]),
        uncertain=optional_text(data["uncertain"]),
    )


def procedure_from_data(data: Any) -> ProcedureFacts:
    """A procedure's title and readings."""
    readings = tuple(
        ReadingFacts(_str(r["id"]), text_from_data(r["text"]), bool(r["uncertain"]))
        for r in data["readings"]
    )
    return ProcedureFacts(_str(data["id"]), text_from_data(data["title"]), readings)


def slot_from_data(data: Any, seeds: Mapping[str, Text] = NO_SEEDS) -> SlotFacts:
    """A chart slot."""
    return SlotFacts(
        _str(data["id"]),
        text_from_data(data["title"]),
        citation_from_data(data["source"], seeds),
        tuple(_str(key) for key in data["keys"]),
    )


class Decoded(Mapping[str, Any]):
    """A mapping of ids to objects decoded from their data the first time they are asked for."""

    def __init__(self, data: Any, decode: Callable[[Any], Any]) -> None:
        if not isinstance(data, dict):
            raise CorruptSnapshot("a snapshot section is not a mapping")
        self._data = data
        self._decode = decode
        self._done: dict[str, Any] = {}

    def __getitem__(self, key: str) -> Any:
        if key not in self._done:
            raw = self._data[key]
            try:
                self._done[key] = self._decode(raw)
            except (KeyError, TypeError, ValueError, AttributeError) as error:
                raise CorruptSnapshot(f"{key}: {error}") from error
        return self._done[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, key: object) -> bool:
        return key in self._data


def _note(data: Any) -> Note:
    return Note(
        _str(data["id"]),
        _optional_str(data["mark"]),
        text_from_data(data["text"]),
        optional_text(data["uncertain"]),
    )


def _axis(data: Any) -> ResolvedAxis:
    choices = tuple(
        Label(
            _str(c["slug"]),
            text_from_data(c["label"]),
            tuple(_str(a) for a in c["aliases"]),
            tuple(
                LabelWhen(
                    _str(w["key"]), tuple(_str(v) for v in w["values"]), text_from_data(w["label"])
                )
                for w in c["label_when"]
            ),
        )
        for c in data["choices"]
    )
    die = _optional_str(data["die"])
    if die is not None and die not in DIE_FACES:
        raise ValueError(f"not a die: {die}")
    return ResolvedAxis(
        key=_str(data["key"]),
        title=optional_text(data["title"]),  # type: ignore[arg-type]
        die=die,
        choices=choices,  # type: ignore[arg-type]
        default=_optional_str(data["default"]),
    )


def _cell(data: Any, seeds: Mapping[str, Text] = NO_SEEDS) -> Cell:
    address = {
        _str(key): tuple(int(v) for v in value) if isinstance(value, list) else _str(value)
        for key, value in data["address"].items()
    }
    return Cell(
        address=address,
        value=_value(data["value"]),
        notes=tuple(_note(note) for note in data["notes"]),  # type: ignore[arg-type]
        uncertain=tuple(text_from_data(text) for text in data["uncertain"]),  # type: ignore[arg-type]
        source=citation_from_data(data["source"], seeds),  # type: ignore[arg-type]
    )


def _value(data: Any) -> Any:
    """A cell's value: blank, a number, a string, or a text (the only mapping)."""
    if isinstance(data, dict):
        return text_from_data(data)
    if data is None or (isinstance(data, int | float | str) and not isinstance(data, bool)):
        return data
    raise TypeError(f"not a cell value: {type(data).__name__}")


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected a string, got {type(value).__name__}")
    return value


def _optional_str(value: Any) -> str | None:
    return None if value is None else _str(value)
