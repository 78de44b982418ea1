"""Validated content written out as the table-side snapshot's plain data (JSON-ready).

Only what `lookup`, `roll`, `rule`, `rules`, `calc` and `tables` read goes in; each encoder is
the inverse of a `*_from_data` function in generator.tableside.plain.
"""

from __future__ import annotations

import dataclasses
import os
from typing import TYPE_CHECKING, Any

from generator.core.diagnostics import Issue

if TYPE_CHECKING:
    from generator.content.charts import Cell, ResolvedAxis, ResolvedTable
    from generator.content.load import Content
    from generator.content.model.base import LocalizedText, Source
    from generator.content.model.procedures import ProcedureDoc
    from generator.content.model.rules import Case
    from generator.content.model.table import ChartSlot, Footnote


def snapshot_data(content: Content) -> dict[str, Any]:
    """The sections of a snapshot: the seeds' titles (which a player's copy cites), tables,
    slots, cases, rule sets, procedures, pending translations, and who translated each system
    that credits a translator."""
    return {
        "seeds": {seed.id: text_data(seed.title) for seed in content.sources.seeds},
        "tables": {tid: table_data(table) for tid, table in content.tables.items()},
        "slots": {sid: slot_data(slot) for sid, slot in content.slots.items()},
        "cases": {cid: case_data(case) for cid, case in content.cases.items()},
        "rulesets": [
            {"system": rules.system, "cases": [case.id for case in rules.cases]}
            for rules in content.rulesets
        ],
        "procedures": {pid: procedure_data(doc) for pid, doc in content.procedures.items()},
        "pending": [
            [list(key), [pending_issue_data(issue) for issue in issues]]
            for key, issues in content.pending.items()
        ],
        "translators": {
            system.id: {"en": system.translator.en, "ja": system.translator.ja}
            for system in content.sources.systems
            if system.translator
        },
    }


def pending_issue_data(issue: Issue) -> dict[str, Any]:
    """A finding about a pending translation, its file absolute (the snapshot outlives the
    folder it was made from being the working one)."""
    return dataclasses.asdict(issue) | {"file": os.path.abspath(issue.file)}


def text_data(text: LocalizedText | None) -> dict[str, Any] | None:
    """`{en, ja, tr, from}`, or None."""
    if text is None:
        return None
    return {"en": text.en, "ja": text.ja, "tr": text.tr, "from": text.from_}


def citation_data(source: Source) -> list[str | None]:
    """`[seed, section, lines, supplied, erratum]`, the erratum `[title in English, title in
    Japanese, date]` or None."""
    erratum = list(source.cited_erratum) if source.cited_erratum else None
    return [source.seed, source.section, source.lines, source.supplied, erratum]


def table_data(resolved: ResolvedTable) -> dict[str, Any]:
    """A table's facts, resolved axes and cells."""
    table = resolved.table
    facts = {
        "id": table.id,
        "title": text_data(table.title),
        "source": citation_data(table.source),
        "columns": table.columns,
        "unit": text_data(table.unit),
        "unit_one": text_data(table.unit_one),
        "value_title": text_data(table.value_title),
        "notes": [_note(note) for note in table.notes],
        "uncertain": text_data(table.uncertain),
    }
    return {
        "facts": facts,
        "axes": [_axis(axis) for axis in resolved.axes],
        "cells": [_cell(cell) for cell in resolved.cells],
    }


def case_data(case: Case) -> dict[str, Any]:
    """A case with its references in full form."""
    return {
        "id": case.id,
        "number": case.number,
        "title": text_data(case.title),
        "text": text_data(case.text),
        "source": citation_data(case.source),
        "refs": [[ref.id, ref.external] for ref in case.references],
        "uncertain": text_data(case.uncertain),
    }


def procedure_data(doc: ProcedureDoc) -> dict[str, Any]:
    """A procedure's title and readings."""
    readings = [
        {"id": r.id, "text": text_data(r.text), "uncertain": r.uncertain} for r in doc.readings
    ]
    return {"id": doc.id, "title": text_data(doc.title), "readings": readings}


def slot_data(slot: ChartSlot) -> dict[str, Any]:
    """A chart slot."""
    return {
        "id": slot.id,
        "title": text_data(slot.title),
        "source": citation_data(slot.source),
        "keys": list(slot.keys),
    }


def _note(note: Footnote) -> dict[str, Any]:
    return {
        "id": note.id,
        "mark": note.mark,
        "text": text_data(note.text),
        "uncertain": text_data(note.uncertain),
    }


def _axis(axis: ResolvedAxis) -> dict[str, Any]:
    return {
        "key": axis.key,
        "title": text_data(axis.title),
        "die": axis.die,
        "choices": [
            {
                "slug": c.slug,
                "label": text_data(c.label),
                "aliases": list(c.aliases),
                "label_when": [
                    {"key": w.key, "values": list(w.values), "label": text_data(w.label)}
                    for w in c.label_when
                ],
            }
            for c in axis.choices
        ],
        "default": axis.default,
    }


def _cell(cell: Cell) -> dict[str, Any]:
    value = cell.value
    plain = value is None or isinstance(value, int | float | str)
    return {
        "address": {k: list(v) if isinstance(v, tuple) else v for k, v in cell.address.items()},
        "value": value if plain else text_data(value),
        "notes": [_note(note) for note in cell.notes],
        "uncertain": [text_data(text) for text in cell.uncertain],
        "source": citation_data(cell.source),
    }
