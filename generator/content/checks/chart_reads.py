"""A chart the code reads (generator.content.chart_reads.READS) has the axes, the choices and the
whole numbers the code computes with: checked when the content and its overlays are loaded, each
problem placed on its cell, choice or axis (issue 20)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from generator.content.chart_reads import READS, Reads, Whole, cell_number, slug_number
from generator.content.charts import ResolvedAxis, ResolvedTable
from generator.content.model.base import LocalizedText
from generator.content.model.table import DetailedCell, Table
from generator.content.yaml_loader import Document
from generator.core.diagnostics import Issue, KeyPath

SHOWN = 40  # characters of a cell's text a message repeats


def chart_issues(document: Document, resolved: ResolvedTable) -> list[Issue]:
    """Everything about a chart that the code reading it could not compute with."""
    reads = READS.get(resolved.id)
    if reads is None:
        return []
    issues = _axis_issues(document, resolved, reads)
    for axis in resolved.axes:
        issues += _choice_issues(document, resolved, reads, axis)
    if reads.cells is not None:
        issues += _cell_issues(document, resolved.table, reads, reads.cells)
    return issues


def _axis_issues(document: Document, resolved: ResolvedTable, reads: Reads) -> list[Issue]:
    """The axes the code looks the chart up by, and the one it rolls a die on."""
    keys = [axis.key for axis in resolved.axes]
    missing = [key for key in reads.axes if key not in keys]
    extra = [key for key in keys if key not in reads.axes] if reads.exact and reads.axes else []
    if missing or extra:
        shown = ", ".join(reads.axes)
        return [
            document.issue(
                ("axes",), "chart-axes", table=resolved.id, keys=shown, found=", ".join(keys)
            )
        ]
    die = resolved.axis(reads.die) if reads.die else None
    if die is not None and not die.die:
        path = ("axes", keys.index(die.key))
        return [document.issue(path, "chart-axis-die", table=resolved.id, axis=die.key)]
    return []


def _choice_issues(
    document: Document, resolved: ResolvedTable, reads: Reads, axis: ResolvedAxis
) -> list[Issue]:
    """Choice slugs the code reads as numbers, or knows by name."""
    issues: list[Issue] = []
    kind = reads.numbered.get(axis.key)
    known = reads.within.get(axis.key)
    for choice in axis.choices:
        path = _choice_path(resolved.table, axis.key, choice.slug)
        if kind is not None and slug_number(choice.slug, kind) is None:
            issues.append(
                document.issue(
                    path,
                    "chart-slug-number",
                    table=resolved.id,
                    axis=axis.key,
                    slug=choice.slug,
                    low=kind.low,
                    high=kind.high,
                )
            )
        if known is not None and choice.slug not in known:
            choices = ", ".join(sorted(known))
            issues.append(
                document.issue(
                    path,
                    "chart-choice-unknown",
                    table=resolved.id,
                    axis=axis.key,
                    slug=choice.slug,
                    choices=choices,
                )
            )
    needed = sorted(reads.needs.get(axis.key, frozenset()) - {c.slug for c in axis.choices})
    if needed:
        path = _choice_path(resolved.table, axis.key, None)
        issues.append(
            document.issue(
                path,
                "chart-choice-needed",
                table=resolved.id,
                axis=axis.key,
                choices=", ".join(needed),
            )
        )
    return issues


def _choice_path(table: Table, key: str, slug: str | None) -> KeyPath:
    """Where a choice is written in the chart's file: its slug, or the axis (a shared list's)."""
    for index, axis in enumerate(table.axes):
        if axis.key != key:
            continue
        for position, choice in enumerate(axis.choices or ()):
            if choice.slug == slug:
                return ("axes", index, "choices", position, "slug")
        return ("axes", index)
    return ("axes",)


def _cell_issues(document: Document, table: Table, reads: Reads, kind: Whole) -> list[Issue]:
    """Each cell the code computes with holds a whole number of the kind it takes."""
    issues: list[Issue] = []
    for path, address, raw in _cells(table):
        if any(address.get(key) not in slugs for key, slugs in reads.where.items()):
            continue
        value = raw.value if isinstance(raw, DetailedCell) else raw
        where = (*path, "value") if isinstance(raw, DetailedCell) else path
        if (value is None and kind.blank) or cell_number(value, kind) is not None:
            continue
        issues.append(_number_issue(document, where, table.id, value, kind))
    return issues


def _cells(table: Table) -> Iterator[tuple[KeyPath, dict[str, Any], Any]]:
    """Every cell as written: its path, the axis slugs that address it, its raw value."""
    for index, row in enumerate(table.rows):
        if row.cells is not None and table.columns is not None:
            for slug, raw in row.cells.items():
                yield ("rows", index, "cells", slug), {**row.address, table.columns: slug}, raw
        elif row.cells is None:
            yield ("rows", index, "value"), row.address, row.value


def _number_issue(document: Document, path: KeyPath, table: str, value: Any, kind: Whole) -> Issue:
    """A cell that is not a number of the kind the code takes, or one outside the bounds."""
    relaxed = Whole(-(10**6), 10**6, text=kind.text, fraction=kind.fraction)
    number = cell_number(value, relaxed)
    if number is not None or (isinstance(value, int) and not isinstance(value, bool)):
        shown = value if isinstance(value, int | float) else str(value).strip()
        return document.issue(
            path, "chart-number-range", table=table, value=shown, low=kind.low, high=kind.high
        )
    accepts = _accepts(kind)
    return document.issue(
        path, "chart-number-kind", table=table, accepts=accepts, found=_found(value)
    )


def _accepts(kind: Whole) -> str:
    """What a cell of this kind may hold, as a registered word."""
    if kind.fraction:
        return "word:chart-fraction"
    return "word:chart-signed" if kind.text else "word:chart-whole"


def _found(value: Any) -> tuple[str, str]:
    """What a cell holds, in both languages."""
    if value is None:
        return "an empty cell", "空のセル"
    if isinstance(value, bool):
        return f"the flag {str(value).lower()}", f"真偽値 {str(value).lower()}"
    if isinstance(value, float):
        return f"the fraction {value}", f"小数 {value}"
    if isinstance(value, LocalizedText):
        return "a text in both languages", "2言語のテキスト"
    shown = str(value) if len(str(value)) <= SHOWN else str(value)[:SHOWN] + "…"
    return f"the text '{shown}'", f"テキスト '{shown}'"
