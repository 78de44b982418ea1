"""The technical details behind a system's notes, as the booklet's notes section lists them: how
the original reads where a case's or chart's note says playaid chose a reading (seed lines, OCR
forms, code points), named as a reader knows the place (case number or title, chart title)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from generator.content.load import Content
from generator.content.model.base import LocalizedText, NoteText
from generator.content.model.walk import walk
from generator.render.corrections import Place, case_numbers


@dataclass(frozen=True)
class ReadingDetail:
    """One note's technical detail and the place whose note it explains."""

    place: Place
    detail: LocalizedText


def details_of(value: Any) -> Iterator[LocalizedText]:
    """The details of the notes of a case, a chart or any content model, each once."""
    seen: set[tuple[str, str]] = set()
    for _, text in walk(value):
        detail = text.detail if isinstance(text, NoteText) else None
        if detail and (detail.en, detail.ja) not in seen:
            seen.add((detail.en, detail.ja))
            yield detail


def reading_details(
    content: Content, system: str, href: Callable[[str], str] | None = None
) -> list[ReadingDetail]:
    """The details of a system's notes: its cases' in printed order, then its charts' by id."""
    cases = list(content.system_cases(system))
    numbers = case_numbers(cases)
    found = []
    for case in cases:
        place = Place(numbers.get(case.id), case.title, href(case.id) if href else None)
        found += [ReadingDetail(place, detail) for detail in details_of(case)]
    for table_id in sorted(content.tables):
        if table_id.split(".")[0] == system:
            table = content.tables[table_id].table
            found += [ReadingDetail(Place(None, table.title), d) for d in details_of(table)]
    return found
