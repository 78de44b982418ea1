"""A table's axes resolve, its rows name real choices, and its dice are covered exactly once."""

from __future__ import annotations

import itertools
import math
from typing import Any

from generator.content.charts import (
    Cell,
    ResolvedAxis,
    ResolvedTable,
    format_die_range,
    parse_die_range,
    slugify,
    unwrap,
)
from generator.content.dice import DIE_FACES
from generator.content.model.base import LocalizedText
from generator.content.model.table import Choice, Row, Table
from generator.content.yaml_loader import Document
from generator.core import limits
from generator.core.diagnostics import Issue, KeyPath


def check_table(
    document: Document, table: Table, enums: dict[str, tuple[Choice, ...]]
) -> tuple[ResolvedTable | None, list[Issue]]:
    """Resolve a table for lookup, or say everything that is wrong with it."""
    axes, issues = _resolve_axes(document, table, enums)
    issues += layout_issues(document, table, axes) if not issues else []
    if issues:
        return None, issues
    cells, issues = _cells(document, table, axes)
    if issues:
        return None, issues
    issues = _coverage(document, table, axes, cells)
    return (
        (None, issues) if issues else (ResolvedTable(table, axes, tuple(c for c, _ in cells)), [])
    )


def _resolve_axes(
    document: Document, table: Table, enums: dict[str, tuple[Choice, ...]]
) -> tuple[tuple[ResolvedAxis, ...], list[Issue]]:
    issues: list[Issue] = []
    axes: list[ResolvedAxis] = []
    seen: set[str] = set()
    for index, axis in enumerate(table.axes):
        path: KeyPath = ("axes", index)
        if axis.key in seen:
            issues.append(document.issue((*path, "key"), "duplicate-axis", key=axis.key))
        seen.add(axis.key)
        if sum(x is not None for x in (axis.die, axis.choices, axis.enum)) != 1:
            issues.append(document.issue(path, "axis-kind"))
            continue
        choices = axis.choices or ()
        if axis.enum is not None:
            if axis.enum not in enums:
                known = ", ".join(sorted(enums)) or "-"
                issues.append(
                    document.issue((*path, "enum"), "unknown-enum", enum=axis.enum, choices=known)
                )
                continue
            choices = enums[axis.enum]
            if axis.include is not None:
                by_slug = {choice.slug: choice for choice in choices}
                for position, slug in enumerate(axis.include):
                    if slug not in by_slug:
                        issues.append(
                            _unknown_choice(
                                document, (*path, "include", position), slug, axis.key, choices
                            )
                        )
                choices = tuple(by_slug[s] for s in axis.include if s in by_slug)
        issues.extend(_duplicate_names(document, path, axis.key, choices))
        if axis.default is not None and axis.default not in {c.slug for c in choices}:
            issues.append(
                document.issue((*path, "default"), "bad-default", value=axis.default, axis=axis.key)
            )
        axes.append(ResolvedAxis(axis.key, axis.title, axis.die, tuple(choices), axis.default))
    if table.columns is not None:
        column = next((axis for axis in axes if axis.key == table.columns), None)
        if column is None:
            issues.append(
                document.issue(
                    ("columns",),
                    "unknown-axis",
                    value=table.columns,
                    choices=", ".join(axis.key for axis in axes),
                )
            )
        elif column.die:
            issues.append(document.issue(("columns",), "columns-die"))
    dice = [index for index, axis in enumerate(table.axes) if axis.die]
    for index in dice[1:]:
        issues.append(
            document.issue(
                ("axes", index, "die"), "bad-value", detail="a table can roll only one die axis"
            )
        )
    return tuple(axes), issues


def layout_issues(document: Document, table: Table, axes: tuple[ResolvedAxis, ...]) -> list[Issue]:
    """A card's layout names the table's axes, each once, all of them (else one printed cell
    would stand for several), and splits only by an enumerated axis whose every choice is on
    exactly one card (issue 20: an overlay's layout crashed `build`)."""
    layout = table.layout
    if layout is None:
        return []
    keys = [axis.key for axis in axes]
    issues: list[Issue] = []
    placed: list[str] = []
    for part in ("rows", "columns"):
        for index, key in enumerate(getattr(layout, part) or ()):
            path = ("layout", part, index)
            if key not in keys:
                issues.append(
                    document.issue(path, "unknown-axis", value=key, choices=", ".join(keys))
                )
            elif key in placed:
                issues.append(document.issue(path, "layout-axis-twice", key=key))
            placed.append(key)
    if not issues:
        columns = list(layout.columns) if layout.columns is not None else [table.columns or ""]
        rows = list(layout.rows) if layout.rows else [k for k in keys if k not in columns]
        for key in (key for key in keys if key not in rows + columns):
            issues.append(document.issue(("layout",), "layout-axis-missing", key=key))
    if layout.split is not None:
        issues += _split_issues(document, layout.split, layout.groups, axes)
    return issues


def _split_issues(
    document: Document,
    split: str,
    groups: tuple[tuple[str, ...], ...],
    axes: tuple[ResolvedAxis, ...],
) -> list[Issue]:
    """The split axis is an enumerated axis, and its groups put each choice on one card."""
    axis = next((axis for axis in axes if axis.key == split and not axis.die), None)
    if axis is None:
        choices = ", ".join(axis.key for axis in axes if not axis.die)
        return [document.issue(("layout", "split"), "layout-split", value=split, choices=choices)]
    slugs = [choice.slug for choice in axis.choices]
    issues: list[Issue] = []
    seen: set[str] = set()
    for index, group in enumerate(groups):
        path = ("layout", "groups", index)
        if not group:
            issues.append(document.issue(path, "layout-group-empty", number=index + 1))
        for position, slug in enumerate(group):
            if slug not in slugs:
                issues.append(
                    _unknown_choice(document, (*path, position), slug, split, axis.choices)
                )
            elif slug in seen:
                issues.append(
                    document.issue((*path, position), "layout-group-twice", value=slug, axis=split)
                )
            seen.add(slug)
    left = [slug for slug in slugs if slug not in seen]
    if left:
        path = ("layout", "groups") if groups else ("layout", "split")
        issues.append(
            document.issue(path, "layout-groups-missing", choices=", ".join(left), axis=split)
        )
    return issues


def _duplicate_names(
    document: Document, path: KeyPath, key: str, choices: tuple[Choice, ...]
) -> list[Issue]:
    issues = []
    owners: dict[str, str] = {}
    for index, choice in enumerate(choices):
        for name in (choice.slug, *(slugify(alias) for alias in choice.aliases)):
            if owners.get(name, choice.slug) != choice.slug:
                issues.append(
                    document.issue(
                        (*path, "choices", index), "duplicate-choice", value=name, axis=key
                    )
                )
            owners.setdefault(name, choice.slug)
    return issues


def _unknown_choice(
    document: Document, path: KeyPath, value: Any, axis: str, choices: tuple[Choice, ...]
) -> Issue:
    names = ", ".join(choice.slug for choice in choices)
    return document.issue(path, "unknown-choice", value=value, axis=axis, choices=names)


def _cells(
    document: Document, table: Table, axes: tuple[ResolvedAxis, ...]
) -> tuple[list[tuple[Cell, KeyPath]], list[Issue]]:
    """Every cell of every row, with the path that places it in the YAML."""
    issues: list[Issue] = []
    cells: list[tuple[Cell, KeyPath]] = []
    row_axes = [axis for axis in axes if axis.key != table.columns]
    column = next((axis for axis in axes if axis.key == table.columns), None)
    notes = {note.id for note in table.notes}
    allowed = ", ".join(
        [axis.key for axis in row_axes] + ["cells" if column else "value", "source", "uncertain"]
    )
    for index, row in enumerate(table.rows):
        path: KeyPath = ("rows", index)
        address, row_issues = _address(document, path, row, row_axes, allowed)
        issues.extend(row_issues)
        if column is not None:
            if row.cells is None or "value" in row.model_fields_set:
                issues.append(document.issue(path, "cells-needed", axis=column.key))
                continue
            entries = [
                ((*path, "cells", slug), {column.key: slug}, value)
                for slug, value in row.cells.items()
            ]
        else:
            if row.cells is not None or "value" not in row.model_fields_set:
                issues.append(document.issue(path, "value-needed"))
                continue
            entries = [((*path, "value"), {}, row.value)]
        for cell_path, extra, raw in entries:
            if column is not None and extra[column.key] not in {c.slug for c in column.choices}:
                issues.append(
                    _unknown_choice(
                        document, cell_path, extra[column.key], column.key, column.choices
                    )
                )
                continue
            value, note_ids, uncertain, source = unwrap(raw)
            for note in note_ids:
                if note not in notes:
                    issues.append(
                        document.issue(
                            cell_path,
                            "unknown-note",
                            note=note,
                            choices=", ".join(sorted(notes)) or "-",
                        )
                    )
            marks: list[LocalizedText] = [
                u for u in (uncertain, row.uncertain, table.uncertain) if u
            ]
            cell = Cell(
                address={**address, **extra},
                value=value,
                notes=tuple(note for note in table.notes if note.id in note_ids),
                uncertain=tuple(marks),
                source=(source or row.source or table.source).within(table.source),
            )
            cells.append((cell, cell_path))
    return cells, issues


def _address(
    document: Document, path: KeyPath, row: Row, axes: list[ResolvedAxis], allowed: str
) -> tuple[dict[str, Any], list[Issue]]:
    issues: list[Issue] = []
    address: dict[str, Any] = {}
    given = row.address
    known = {axis.key for axis in axes}
    for key in given:
        if key not in known:
            issues.append(
                document.issue(
                    (*path, key), "row-unknown-key", at_key=True, key=key, allowed=allowed
                )
            )
    for axis in axes:
        if axis.key not in given:
            issues.append(document.issue(path, "row-missing-key", key=axis.key))
            continue
        raw = given[axis.key]
        if axis.die:
            bounds = parse_die_range(raw)
            low, high = DIE_FACES[axis.die]
            if bounds is None:
                issues.append(document.issue((*path, axis.key), "bad-die-range", value=raw))
            elif bounds[0] < low or bounds[1] > high:
                issues.append(
                    document.issue(
                        (*path, axis.key),
                        "die-out-of-range",
                        value=raw,
                        die=axis.die,
                        low=low,
                        high=high,
                    )
                )
            else:
                address[axis.key] = bounds
        elif raw not in {choice.slug for choice in axis.choices}:
            issues.append(_unknown_choice(document, (*path, axis.key), raw, axis.key, axis.choices))
        else:
            address[axis.key] = raw
    return address, issues


def _coverage(
    document: Document,
    table: Table,
    axes: tuple[ResolvedAxis, ...],
    cells: list[tuple[Cell, KeyPath]],
) -> list[Issue]:
    """Each die roll once per combination; each combination once; all of them when complete."""
    issues: list[Issue] = []
    die = next((axis for axis in axes if axis.die), None)
    enum_axes = [axis for axis in axes if not axis.die]
    groups: dict[tuple[str, ...], list[tuple[Cell, KeyPath]]] = {}
    for cell, path in cells:
        groups.setdefault(tuple(cell.address[a.key] for a in enum_axes), []).append((cell, path))
    for combination, members in groups.items():
        if die is None:
            first_path = members[0][1]
            for _, path in members[1:]:
                issues.append(
                    document.issue(
                        path,
                        "duplicate-cell",
                        combination=_describe(enum_axes, combination),
                        line=document.position(first_path).line,
                    )
                )
            continue
        issues.extend(_die_coverage(document, die, enum_axes, combination, members))
    combinations = math.prod(len(axis.choices) for axis in enum_axes)
    if table.complete and combinations > limits.TABLE_CELLS:  # shared lists can multiply past it
        issues.append(
            document.issue(
                ("axes",), "table-combinations", count=combinations, limit=limits.TABLE_CELLS
            )
        )
    elif table.complete:
        for combination in itertools.product(*[[c.slug for c in a.choices] for a in enum_axes]):
            if combination not in groups:
                issues.append(
                    document.issue(
                        ("rows",), "missing-cell", combination=_describe(enum_axes, combination)
                    )
                )
    return issues


def _die_coverage(
    document: Document,
    die: ResolvedAxis,
    enum_axes: list[ResolvedAxis],
    combination: tuple[str, ...],
    members: list[tuple[Cell, KeyPath]],
) -> list[Issue]:
    issues: list[Issue] = []
    owner: dict[int, KeyPath] = {}
    for cell, path in members:
        low, high = cell.address[die.key]
        row_path = path[:2]
        overlap = next((roll for roll in range(low, high + 1) if roll in owner), None)
        if overlap is not None:
            first_line = document.position((*owner[overlap], die.key)).line
            issues.append(
                document.issue((*row_path, die.key), "die-overlap", roll=overlap, line=first_line)
            )
        for roll in range(low, high + 1):
            owner.setdefault(roll, row_path)
    low, high = die.faces
    missing = [roll for roll in range(low, high + 1) if roll not in owner]
    if missing:
        described = _describe(enum_axes, combination)
        where = (f" for {described}", f"({described})") if enum_axes else ""
        place = _beside_gap(die.key, missing[0], members)
        shown = {"die": die.die, "rolls": _ranges(missing), "count": len(missing)}
        issues.append(document.issue(place, "die-gap", **shown, where=where, key=die.key))
    return issues


def _beside_gap(key: str, roll: int, members: list[tuple[Cell, KeyPath]]) -> KeyPath:
    """Where a missing roll is reported: the die range of the row just after it, else of the
    last row before it."""
    rows = sorted(((cell.address[key][0], path[:2]) for cell, path in members), key=lambda r: r[0])
    after = [path for start, path in rows if start > roll]
    return (*(after[0] if after else rows[-1][1]), key)


def _ranges(rolls: list[int]) -> str:
    """[0, 1, 2, 5] → `0-2, 5`."""
    spans: list[tuple[int, int]] = []
    for roll in rolls:
        if spans and spans[-1][1] == roll - 1:
            spans[-1] = (spans[-1][0], roll)
        else:
            spans.append((roll, roll))
    return ", ".join(format_die_range(span) for span in spans)


def _describe(axes: list[ResolvedAxis], combination: tuple[str, ...]) -> str:
    return " ".join(f"{axis.key}={value}" for axis, value in zip(axes, combination, strict=True))
