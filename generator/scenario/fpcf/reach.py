"""Whether NATO's pre-game movement can bar a Warsaw Pact drop hex before play: in a non-surprise
game NATO moves up to 4 Ops points first (000 l.229), and [15.2] forbids a drop into an enemy unit's
hex or its zone of control (001 l.15–18). A file that says where the drop goes then (`fallback`)
answers the question; one that does not is warned."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import TYPE_CHECKING

from generator.content.charts import unwrap
from generator.scenario.findings import Findings
from generator.scenario.fpcf.checks import PRE_GAME_OPS, WARSAW_PACT
from generator.scenario.fpcf.hexgrid import distances
from generator.scenario.hexes import check_hex

if TYPE_CHECKING:
    from generator.scenario.facts import ContentFacts
    from generator.scenario.fpcf.model import Drop, FpcfScenario

TERRAIN, PRE_GAME, DROP = "fpcf.terrain-movement", "fpcf.non-surprise-scenario", "cf.15.2"
ZOC = 1  # a unit next to the drop hex bars it as surely as one in it
RATE = re.compile(r"^\d+(?:/\d+)?$")


def check_drop_reach(findings: Findings, scenario: FpcfScenario, content: ContentFacts) -> None:
    """Warn on each Warsaw Pact drop without a fallback that a NATO unit can bar before play."""
    for index, formation in enumerate(scenario.formations):
        for number, drop in enumerate(formation.drops):
            if drop.fallback and drop.fallback.hex is not None:
                path = ("formations", index, "drops", number, "fallback", "hex")
                check_hex(findings, path, drop.fallback.hex, None)
    if scenario.surprise:
        return
    points = scenario.pre_game.nato_ops_points
    points = PRE_GAME_OPS if points is None else points
    rate = cheapest_rate(content)
    if not points or rate is None:
        return
    reach = int(points / rate) + ZOC
    maps = content.maps.get("fpcf", {})
    for index, formation in enumerate(scenario.formations):
        if formation.nation not in WARSAW_PACT:
            continue
        for number, drop in enumerate(formation.drops):
            if drop.fallback and (drop.fallback.hex or drop.fallback.area):
                continue
            parity = maps[drop.map].grid.parity if drop.map in maps else "unknown"
            near = _nearest_nato(scenario, drop, parity, reach)
            if near:
                findings.warning(
                    ("formations", index, "drops", number),
                    "fpcf-drop-reachable",
                    DROP,
                    unit=near,
                    hex=str(drop.hex),
                    points=points,
                    reach=reach,
                )


def _nearest_nato(scenario: FpcfScenario, drop: Drop, parity: str, reach: int) -> str | None:
    """The first NATO unit set up that may stand within `reach` of the drop hex (an original
    game's set-up, whose hexes the file does not give, may be anywhere); None where none can, or
    where one already stands in the hex or next to it, which the set-up's own check reports."""
    found = None
    for formation in scenario.formations:
        if formation.nation in WARSAW_PACT:
            continue
        if formation.original_setup:
            found = found or formation.id
            continue
        places = ([("HQ", formation.hq)] if formation.hq else []) + [
            (unit.name, unit) for unit in formation.units
        ]
        for name, place in places:
            if place.map != drop.map or not _hexes(place.hex, drop.hex):
                continue
            possible = distances(str(place.hex), str(drop.hex), parity)
            if max(possible) <= ZOC:
                return None  # barred at set-up already: [15.2]'s own check reports it
            if min(possible) <= reach:
                found = found or f"{name} ({formation.id})"
    return found


def _hexes(*numbers: object) -> bool:
    return all(isinstance(n, str) and len(n) == 4 and n.isdigit() for n in numbers)


def _english(value: object) -> str:
    """A cell's value as its English prints it (`1/4 or 1/5`)."""
    return str(getattr(value, "en", value))


def cheapest_rate(content: ContentFacts) -> Fraction | None:
    """The fewest Ops points a hex costs on the Terrain movement chart (Autobahn at 1/5, with
    strategic road travel's lower rate); None without the chart."""
    table = content.tables.get(TERRAIN)
    if table is None:
        return None
    rates = [
        Fraction(part)
        for cell in table.find({})
        for part in re.split("[-–]| or ", _english(unwrap(cell.value)[0]))
        if RATE.match(part.strip())
    ]
    return min((r for r in rates if r > 0), default=None)
