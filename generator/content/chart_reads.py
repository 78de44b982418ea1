"""What playaid's code reads from a chart: the axes it looks a chart up by, the choices it names,
and the cells and choice slugs it computes with as whole numbers (issue 20).

A chart may come from an overlay, so `check` holds every chart with an id below to this when the
content is loaded (generator.content.checks.chart_reads), and the code that computes with a cell
reads it through `chart_number`, which accepts exactly what the check accepts: a value that passed
the load is never a surprise to the arithmetic, and one that did not never reaches it.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

from generator.core.limits import MAX_BUDGET, MAX_COUNT, MAX_DISTANCE, MAX_MODIFIER, MAX_ROUNDS

# A modifier printed as text: `+1`, `-2`, `−2` (the minus sign), `0`; at most a few digits.
_SIGNED_TEXT = re.compile(r"([+\-\u2212]?)([0-9]{1,6})")
_PLAIN_SLUG = re.compile(r"[1-9][0-9]{0,5}")


@dataclass(frozen=True)
class Whole:
    """A whole number from `low` to `high`; `text`: also written as a signed text (`+1`), as the
    rulebooks print modifiers; `blank`: the cell may be empty (the code says it has no value);
    `fraction`: a decimal such as 1.5 is a number of this kind too."""

    low: int
    high: int
    text: bool = False
    blank: bool = False
    fraction: bool = False


@dataclass(frozen=True)
class Reads:
    """What the code reads from one chart."""

    axes: tuple[str, ...] = ()  # the axis keys it looks the chart up by
    exact: bool = True  # no other axes: a lookup by `axes` pins down one cell
    die: str | None = None  # the axis it rolls a die on
    cells: Whole | None = None  # the cells it computes with
    where: dict[str, frozenset[str]] = field(default_factory=dict)  # … only the cells at these
    numbered: dict[str, Whole] = field(default_factory=dict)  # axes whose slugs are numbers
    within: dict[str, frozenset[str]] = field(default_factory=dict)  # slugs it knows, no others
    needs: dict[str, frozenset[str]] = field(default_factory=dict)  # slugs it looks up by name


MAP_GROUPS = frozenset({"north", "south"})
# A map's `group` is a choice of this axis of this chart, per system (the groups the Air Strike
# Aircraft Type Tables print; `generate` and the scenario checks look maps up by it).
MAP_GROUP_AXIS = {"fpcf": ("fpcf.aircraft-nation", "maps")}
MODIFIER = Whole(-MAX_MODIFIER, MAX_MODIFIER, text=True)
PILOT_NUMBER = Whole(1, MAX_COUNT)
ABILITIES = frozenset({"attack", "defense", "dogfight"})

READS: dict[str, Reads] = {
    "fpcf.air-drop": Reads(("die",), die="die"),
    "fpcf.air-drop-modifiers": Reads(
        ("condition",),
        cells=MODIFIER,
        needs={"condition": frozenset({"broken", "wooded", "ada-fire"})},
    ),
    "fpcf.air-strike-availability": Reads(  # fpcf.air-strikes returns the cell as its result
        ("level", "nation"), cells=Whole(0, MAX_COUNT, fraction=True)
    ),
    "fpcf.aircraft-nation": Reads(  # a scenario's map_group is north or south
        ("maps", "side", "die"),
        die="die",
        within={"side": frozenset({"nato", "wp"}), "maps": MAP_GROUPS},
    ),
    "fpcf.detection": Reads(("target", "level"), cells=Whole(0, MAX_DISTANCE)),
    "fpcf.starting-morale": Reads(("nation", "formation")),
    "fpcf.troop-quality": Reads(("quality",), exact=False),
    "mak.artillery-request-type": Reads(("type",)),
    "mak.pilot-abilities": Reads(  # a chart slot, whose keys an overlay's slot could change
        ("side", "number", "ability"),
        cells=Whole(-MAX_MODIFIER, MAX_MODIFIER, text=True, blank=True),
        where={"ability": ABILITIES},
        numbered={"number": PILOT_NUMBER},
    ),
    "mak.pilot-creation": Reads(("die", "column"), die="die", cells=MODIFIER),
    "mak.pilots": Reads(
        ("side", "number"),
        numbered={"number": PILOT_NUMBER},
        needs={"side": frozenset({"strahl", "mercenary"})},
    ),
    "mak.rank-vp": Reads(("rank",), cells=Whole(0, MAX_BUDGET)),
    "mak.stack-points": Reads(("type",), cells=Whole(0, MAX_COUNT)),
    "mak.transport-capacity": Reads(  # a vehicle the chart does not name carries as `vehicle`
        ("unit",), cells=Whole(0, MAX_COUNT), needs={"unit": frozenset({"vehicle"})}
    ),
    "mak.unit-ability": Reads(  # a chart slot
        ("unit", "ability"),
        cells=Whole(0, MAX_COUNT, blank=True),
        where={"ability": frozenset({"attack", "defense"})},
    ),
    "mak.weapon-rounds": Reads(
        ("unit", "weapon"),
        cells=Whole(0, MAX_ROUNDS),
        within={"weapon": frozenset({"rocket", "pf"})},
    ),
}


def whole_value(value: Any, kind: Whole) -> int | None:
    """A cell's value as the whole number `kind` takes, or None: a number (never a flag, never a
    fraction) or, where `kind.text`, a signed text, within the bounds."""
    number: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, str) and kind.text:
        match = _SIGNED_TEXT.fullmatch(value.strip())
        if match:
            sign, digits = match.groups()
            number = -int(digits) if sign in ("-", "\u2212") else int(digits)
    if number is None or not kind.low <= number <= kind.high:
        return None
    return number


def cell_number(value: Any, kind: Whole) -> int | float | None:
    """A cell's value as the number `kind` takes, a fraction included where it takes one."""
    if kind.fraction and isinstance(value, float) and math.isfinite(value):
        return value if kind.low <= value <= kind.high else None
    return whole_value(value, kind)


def slug_number(slug: str, kind: Whole) -> int | None:
    """A choice slug as the whole number it names (`7`, never `07` or `x`), within the bounds."""
    if not _PLAIN_SLUG.fullmatch(slug):
        return None
    number = int(slug)
    return number if kind.low <= number <= kind.high else None


def chart_number(table_id: str, value: Any) -> int | None:
    """A cell of a chart the code computes with, read as the load checked it; None for a blank
    cell (or, in a chart not checked against READS, a value of the wrong kind)."""
    kind = READS[table_id].cells
    return None if kind is None else whole_value(value, kind)


def pilot_number(table_id: str, slug: str) -> int | None:
    """A pilot number slug of a chart, read as the load checked it."""
    return slug_number(slug, READS[table_id].numbered["number"])


def needed_number(procedure: str, table_id: str, cell: Any) -> int:
    """A cell a procedure computes with, as a whole number; a UserError naming the cell when it
    holds none (the load refuses such a chart, so this only guards the arithmetic)."""
    from generator.content.charts import format_die_range
    from generator.core.errors import UserError

    number = chart_number(table_id, cell.value)
    if number is None:
        where = ", ".join(
            f"{key}={format_die_range(value) if isinstance(value, tuple) else value}"
            for key, value in cell.address.items()
        )
        raise UserError("chart-cell-not-number", table=table_id, where=where, procedure=procedure)
    return number
