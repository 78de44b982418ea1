"""Ma.K S.F.3.D II scenario checks: each finding cites the rule it enforces.

The numbers come from content (stack points, round limits, capacities, the pilot chart, the pilot
creation chart), so an overlay with house rules changes what is enforced. A check that needs a
fact the rulebook does not print says so in an `info` finding instead of guessing.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from generator.content.chart_reads import chart_number
from generator.content.yaml_loader import Document
from generator.core.diagnostics import Issue, KeyPath, format_key_path
from generator.core.messages import text
from generator.scenario import messages  # noqa: F401  (registers the messages)
from generator.scenario.findings import Findings, shown_list
from generator.scenario.hexes import check_hex, column_row
from generator.scenario.mak.forces import (
    RULE_NOTATION,
    SIDES,
    Battery,
    Line,
    known,
    read_batteries,
    read_lines,
)
from generator.scenario.mak.pilots import rank_choice, rank_names, roster
from generator.scenario.options import check_options

if TYPE_CHECKING:
    from generator.content.model.grid import Grid
    from generator.content.unit_catalogues import Catalogue
    from generator.scenario.facts import ContentFacts
    from generator.scenario.mak.model import LandMines, MakScenario

BOARDS = range(1, 8)
STACK_LIMIT = 4
UNIT_POINTS = (1, 2)  # a unit of any type has 1 or 2 stack points [8.1]
MINE_ATTACK = (5, 13)
ABILITY_LIMIT = 4
AMU_AFTER = "2884-12"
NEUSPOTTER = "neuspotter"
ALONG = {"N": "EW", "S": "EW", "W": "NS", "E": "NS"}  # the directions that run along each edge
UNKNOWN_GRID = "unknown"
RING_SHOWN = 8  # lines of a transport ring a message names; a longer ring is shortened with …
STACK_SHOWN = 8  # units of a stack a message names; more are shortened with …


def check_mak(document: Document, scenario: MakScenario, content: ContentFacts) -> list[Issue]:
    """Every finding of one Ma.K scenario."""
    findings = Findings(document)
    catalogue = content.catalogues["mak"]
    check_options(findings, scenario.optional_rules, content, "mak")
    boards = _layout(findings, scenario)
    lines = read_lines(scenario, catalogue, findings)
    batteries = read_batteries(scenario, findings)
    _places(findings, scenario, lines, batteries, boards)
    _zones(findings, lines, content)
    _sides(findings, lines)
    _arrivals(findings, scenario, lines)
    _pilots(findings, scenario, lines, content)
    _commanders(findings, lines)
    _controllers(findings, lines)
    _stacking(findings, lines)
    _transport(findings, lines)
    _weapons(findings, lines)
    _mines(findings, scenario)
    _artillery(findings, batteries)
    _markers(findings, scenario)
    _victory(findings, scenario, lines)
    _unit_values(findings, scenario, lines, catalogue)
    return findings.items


def _layout(findings: Findings, scenario: MakScenario) -> set[int]:
    """The boards laid out; numbers outside 1–7 and boards laid twice are errors [2.1]."""
    boards: set[int] = set()
    for row, boards_in_row in enumerate(scenario.boards.layout):
        for column, board in enumerate(boards_in_row):
            if board is None:
                continue
            path = ("boards", "layout", row, column)
            if board not in BOARDS:
                findings.error(path, "mak-board-number", "mak.2.1", board=board)
            elif board in boards:
                findings.error(path, "mak-board-twice", "mak.2.1", board=board)
            boards.add(board)
    return boards


def _board(findings: Findings, path: tuple, board: int, boards: set[int], shown: str) -> None:
    """A board a code or position names: 1–7 [2.1] and laid out by this scenario (`shown`, the
    boards laid out as a message names them, worked out once)."""
    if board not in BOARDS:
        findings.error(path, "mak-board-number", "mak.2.1", board=board)
    elif board not in boards:
        findings.error(path, "mak-board-not-used", RULE_NOTATION, board=board, boards=shown)


def _places(
    findings: Findings,
    scenario: MakScenario,
    lines: list[Line],
    batteries: list[Battery],
    boards: set[int],
) -> None:
    """Every board and hex the file names is well formed and in play; a line sets up no more
    units than it has, and its id names it alone."""
    ids: dict[str, str] = {}
    shown = shown_list(sorted(boards))
    for line in lines:
        if line.entry.id is not None:
            if line.entry.id in ids:
                findings.error(
                    (*line.path, "id"),
                    "mak-line-id-twice",
                    None,
                    id=line.entry.id,
                    other=ids[line.entry.id],
                )
            ids.setdefault(line.entry.id, format_key_path(line.path))
        placed = sum(position.count for position in line.entry.setup)
        if placed > line.count:
            findings.error(
                (*line.path, "setup"),
                "mak-setup-count",
                RULE_NOTATION,
                placed=placed,
                count=line.count,
                unit=line.name,
            )
        if line.deploy:
            for board in line.deploy.boards:
                _board(findings, (*line.path, "deploy"), board, boards, shown)
            if line.deploy.hex:
                check_hex(findings, (*line.path, "deploy"), line.deploy.hex, RULE_NOTATION)
        for number, position in enumerate(line.entry.setup):
            path = (*line.path, "setup", number)
            _board(findings, (*path, "board"), position.board, boards, shown)
            check_hex(findings, (*path, "hex"), position.hex, RULE_NOTATION)
    for battery in batteries:
        path = ("forces", battery.side, "artillery", battery.index, "code")
        _board(findings, path, battery.artillery.board, boards, shown)
    for side in SIDES:
        mines = getattr(scenario.forces, side).land_mines
        for number, field in enumerate(mines.fields if mines else ()):
            path = ("forces", side, "land_mines", "fields", number)
            _board(findings, (*path, "board"), field.board, boards, shown)
            check_hex(findings, (*path, "hex"), field.hex, RULE_NOTATION)
        for number, board in enumerate(mines.zone.boards if mines and mines.zone else ()):
            path = ("forces", side, "land_mines", "zone", "boards", number)
            _board(findings, path, board, boards, shown)
    for number, marker in enumerate(scenario.markers):
        _board(findings, ("markers", number, "board"), marker.board, boards, shown)
        check_hex(findings, ("markers", number, "hex"), marker.hex, RULE_NOTATION)


def _zones(findings: Findings, lines: list[Line], content: ContentFacts) -> None:
    """An entry zone's hex lies on the edge its code names, and the zone runs along that edge."""
    grids = {number: board.grid for number, board in content.boards.get("mak", {}).items()}
    for line in lines:
        deploy = line.deploy
        if deploy is None or deploy.edge is None or deploy.hex is None:
            continue
        column, row = column_row(deploy.hex)
        if not column or not row:  # malformed: check_hex says so
            continue
        path = (*line.path, "deploy")
        shown = {"hex": deploy.hex, "edge": f"word:edge-{deploy.edge}"}
        if deploy.direction and deploy.direction not in ALONG[deploy.edge]:
            direction = f"word:edge-{deploy.direction}"
            findings.error(path, "mak-zone-direction", RULE_NOTATION, direction=direction, **shown)
        found = {b: _off_edge(deploy.edge, column, row, b, grids.get(b)) for b in deploy.boards}
        if None in found.values():  # on the edge of a board the code names
            continue
        unknown = [board for board, reason in found.items() if reason == UNKNOWN_GRID]
        if unknown:
            what = "word:grid-row" if deploy.edge == "S" else "word:grid-column"
            findings.info(
                path, "mak-zone-hex-unknown", RULE_NOTATION, board=unknown[0], line=what, **shown
            )
        else:
            reason = found[deploy.boards[0]]
            findings.error(path, "mak-zone-hex-edge", RULE_NOTATION, reason=reason, **shown)


def _off_edge(
    edge: str, column: int, row: int, board: int, grid: Grid | None
) -> tuple[str, str] | str | None:
    """Why a hex cannot be on a board's edge (a message pair), "unknown", or None where it is."""
    if edge == "N":
        return None if row == 1 else text("word:zone-north", row=f"{row:02d}")
    if edge == "W":
        return None if column == 1 else text("word:zone-west", column=f"{column:02d}")
    size = (grid.rows if edge == "S" else grid.columns) if grid else UNKNOWN_GRID
    place = row if edge == "S" else column
    if isinstance(size, int):
        if place == size:
            return None
        if edge == "S":
            return text("word:zone-south", board=board, rows=size, row=f"{row:02d}")
        return text("word:zone-east", board=board, columns=size, column=f"{column:02d}")
    if place == 1:
        return text("word:zone-row-01" if edge == "S" else "word:zone-column-01")
    return UNKNOWN_GRID


def _sides(findings: Findings, lines: list[Line]) -> None:
    """A unit on the side the rulebook does not give it to: legal in a scenario of captured
    machines, more often a slip, so a warning naming where the book shows its side."""
    for line in lines:
        fact = line.unit.side if line.unit else None
        side = known(fact)
        if side is None or side in ("both", line.side):
            continue
        findings.warning(
            (*line.path, "unit"),
            "mak-unit-side",
            None,
            unit=line.name,
            side=f"word:side-{line.side}",
            book=f"word:side-{side}",
            where=(fact.source.describe("en"), fact.source.describe("ja")),  # type: ignore[union-attr]
        )


def _arrivals(findings: Findings, scenario: MakScenario, lines: list[Line]) -> None:
    """Every unit arrives within the game's turns [12.1]."""
    for line in lines:
        if line.deploy and line.deploy.turn is not None and line.deploy.turn > scenario.turns:
            findings.error(
                (*line.path, "deploy"),
                "turn-after-end",
                "mak.12.1",
                what="word:arrival-units",
                turn=line.deploy.turn,
                turns=scenario.turns,
            )


class Roster(NamedTuple):
    """A side and the pilots its chart prints, by number."""

    side: str
    chart: Any


def _pilots(
    findings: Findings, scenario: MakScenario, lines: list[Line], content: ContentFacts
) -> None:
    """Pilots exist on their side's chart or are created [18.3]; none is assigned twice."""
    for side in SIDES:
        chart = Roster(side, roster(content, side))
        forces = getattr(scenario.forces, side)
        created = {pilot.number for pilot in forces.pilots if pilot.created}
        coded = [line for line in lines if line.side == side and line.code]
        assigned = _assigned_pilots(findings, coded, chart, created)
        described: dict[int, str] = {}
        for index, pilot in enumerate(forces.pilots):
            path = ("forces", side, "pilots", index)
            if pilot.number in described:
                findings.error(
                    (*path, "number"),
                    "mak-pilot-described-twice",
                    None,
                    number=pilot.number,
                    other=described[pilot.number],
                )
            described.setdefault(pilot.number, format_key_path(path))
            _described_pilot(findings, pilot, path, chart, assigned)
            if pilot.created:
                _created_pilot(findings, scenario, pilot, path, chart, content)


def _assigned_pilots(
    findings: Findings, lines: list[Line], chart: Roster, created: set[int]
) -> dict[int, str]:
    """The pilots a side's unit codes assign, each where it is first assigned: each on the chart
    or created, none twice, no more than the line's units."""
    assigned: dict[int, str] = {}
    for line in lines:
        path = (*line.path, "code")
        pilots = line.code.assigned
        for number in line.code.written_twice:
            findings.error(
                path, "mak-pilot-twice-in-code", "mak.18.1.3", number=number, written=line.code.text
            )
        if len(pilots) > line.count:
            findings.error(
                path, "mak-count-pilots", "mak.18.1.3", pilots=len(pilots), count=line.count
            )
        for number in pilots:
            if number not in chart.chart and number not in created:
                _unknown_pilot(findings, path, number, chart)
            if number in assigned:
                findings.error(
                    path, "mak-pilot-twice", "mak.18.1.3", number=number, other=assigned[number]
                )
            else:
                assigned[number] = format_key_path(path)
    return assigned


def _unknown_pilot(findings: Findings, path: KeyPath, number: int, chart: Roster) -> None:
    """A pilot number that is not on the side's chart."""
    findings.error(
        path,
        "mak-pilot-unknown",
        "mak.pilots",
        number=number,
        side=f"word:side-{chart.side}",
        last=max(chart.chart, default=0),
    )


def _described_pilot(
    findings: Findings, pilot: Any, path: KeyPath, chart: Roster, assigned: dict[int, str]
) -> None:
    """A pilot the file describes: on the chart unless created, named only when created, used
    by a unit code, its abilities within the limit [18.3.3]."""
    if not pilot.created and pilot.number not in chart.chart:
        _unknown_pilot(findings, (*path, "number"), pilot.number, chart)
    elif not pilot.created and (pilot.name is not None or pilot.rank is not None):
        findings.error(
            (*path, "name" if pilot.name is not None else "rank"),
            "mak-pilot-chart-name",
            "mak.pilots",
            number=pilot.number,
        )
    if pilot.number not in assigned:
        findings.warning(
            (*path, "number"), "mak-pilot-details-unused", "mak.18.1.3", number=pilot.number
        )
    for ability in ("attack", "defense", "dogfight"):
        value = getattr(pilot, ability)
        if value is not None and value > ABILITY_LIMIT:
            findings.error(
                (*path, ability),
                "mak-ability-limit",
                "mak.18.3.3",
                number=pilot.number,
                ability=f"word:ability-{ability}",
                value=value,
            )


def _created_pilot(
    findings: Findings,
    scenario: MakScenario,
    pilot: Any,
    path: KeyPath,
    chart: Roster,
    content: ContentFacts,
) -> None:
    """A pilot the file creates: the option is in use, a free number, a full record [18.3]."""
    if "pilot-creation" not in scenario.optional_rules:
        findings.error(path, "mak-created-pilot-option", "mak.18.3", number=pilot.number)
    if pilot.number in chart.chart:
        findings.error(
            (*path, "number"),
            "mak-created-pilot-on-chart",
            "mak.18.3",
            number=pilot.number,
            side=f"word:side-{chart.side}",
        )
    abilities = (pilot.attack, pilot.defense, pilot.dogfight)
    if pilot.name is None or pilot.rank is None or None in abilities:
        findings.error(path, "mak-created-pilot-incomplete", "mak.18.3.1")
    if pilot.rank is not None and rank_choice(content, pilot.rank) is None:
        findings.error(
            (*path, "rank"),
            "mak-pilot-rank",
            "mak.rank-vp",
            rank=pilot.rank,
            choices=rank_names(content),
        )
    creation = content.tables.get("mak.pilot-creation")
    if creation is None or None in abilities:
        return
    for ability, value, column in (
        ("ground", pilot.attack + pilot.defense, "ground"),
        ("dogfight", pilot.dogfight, "dogfight"),
    ):
        read = [chart_number(creation.id, cell.value) for cell in creation.find({"column": column})]
        values = sorted({value for value in read if value is not None})
        if value not in values:
            findings.error(
                (*path, "attack" if ability == "ground" else "dogfight"),
                "mak-created-pilot-range",
                "mak.18.3.1",
                ability=f"word:ability-{ability}",
                values=", ".join(f"{v:+d}" if v else "0" for v in values),
                value=value,
            )


def _commanders(findings: Findings, lines: list[Line]) -> None:
    """At most one primary and one secondary commander a side; a secondary needs a primary."""
    for side in SIDES:
        primary: list[tuple[int, tuple]] = []
        secondary: list[tuple[int, tuple]] = []
        sole: list[tuple[int, tuple]] = []
        for line in (line for line in lines if line.side == side and line.code):
            path = (*line.path, "code")
            leaders = list(line.code.leaders)
            controller = line.code.controller
            if controller is not None and not isinstance(controller, int):
                leaders.append(controller)
            for leader in leaders:
                if leader.rank not in (None, 1, 2):
                    findings.error(path, "mak-leader-rank", RULE_NOTATION, rank=leader.rank)
                    continue
                group = {None: sole, 1: primary, 2: secondary}[leader.rank]
                if all(pilot != leader.pilot for pilot, _ in group):
                    group.append((leader.pilot, path))
        firsts = primary + sole
        for which, group in (("primary", firsts), ("secondary", secondary)):
            if len(group) > 1:
                (first, _), (second, path) = group[0], group[1]
                findings.error(
                    path,
                    "mak-leader-twice",
                    RULE_NOTATION,
                    side=f"word:side-{side}",
                    which=f"word:commander-{which}",
                    first=first,
                    second=second,
                )
        for pilot, path in secondary[:1]:
            if not firsts:
                findings.error(
                    path,
                    "mak-secondary-alone",
                    RULE_NOTATION,
                    pilot=pilot,
                    side=f"word:side-{side}",
                )
        for pilot, path in sole[:1]:
            if secondary:
                findings.error(
                    path,
                    "mak-sole-and-secondary",
                    RULE_NOTATION,
                    pilot=pilot,
                    side=f"word:side-{side}",
                )


def _controllers(findings: Findings, lines: list[Line]) -> None:
    """PC marks an unmanned unit manned, or a unit guiding one of its side's [16.1.1]."""
    facts: dict[str, list[object]] = {side: [] for side in SIDES}
    for other in lines:
        if other.unit:
            facts[other.side].append(known(other.unit.unmanned))
    # per side, worked out once: whether it has an unmanned unit, and whether any is not known
    has_unmanned = {side: any(values) for side, values in facts.items()}
    any_unknown = {side: None in values for side, values in facts.items()}
    for line in lines:
        if not line.code or line.code.controller is None or line.unit is None:
            continue
        unmanned = known(line.unit.unmanned)
        if unmanned:
            continue
        path = (*line.path, "code")
        if has_unmanned[line.side]:
            continue
        if unmanned is None or any_unknown[line.side]:
            findings.info(
                path, "mak-pc-unknown", "mak.16.1", unit=line.name, side=f"word:side-{line.side}"
            )
        else:
            findings.error(
                path,
                "mak-pc-without-unmanned",
                "mak.16.1.1",
                unit=line.name,
                side=f"word:side-{line.side}",
            )


def _stacking(findings: Findings, lines: list[Line]) -> None:
    """At set-up, at most 4 stack points a hex a side, flying units counted apart [8.2]."""
    stacks: dict[tuple[str, str, int, str], list[tuple[Line, int, tuple]]] = defaultdict(list)
    for line in lines:
        if line.entry.aboard:
            continue
        for number, position in enumerate(line.entry.setup):
            layer = "flying" if _flying(line) else "ground"
            key = (line.side, layer, position.board, str(position.hex))
            stacks[key].append((line, position.count, (*line.path, "setup", number)))
    for (side, layer, board, hex_number), members in stacks.items():
        path = members[-1][2]
        points = 0
        unknown: list[str] = []
        unknown_units = 0
        for line, count, _ in members:
            value = known(line.unit.stack_points) if line.unit else None
            if value is None:
                unknown.append(line.name)
                unknown_units += count
            else:
                points += value * count
        place = {"board": board, "hex": hex_number}
        least = points + unknown_units * UNIT_POINTS[0]
        most = points + unknown_units * UNIT_POINTS[1]
        if least > STACK_LIMIT:
            findings.error(
                path,
                "mak-stack-limit",
                "mak.8.2",
                layer=f"word:layer-{layer}",
                side=f"word:side-{side}",
                points=least if least == most else text("word:at-least", value=least),
                limit=STACK_LIMIT,
                units=_stack_members(members),  # only for a message: it reads the catalog
                **place,
            )
        elif most > STACK_LIMIT:
            findings.info(path, "mak-stack-unknown", "mak.8.1", units=", ".join(unknown), **place)
        if layer == "ground":
            _neuspotters(findings, members, path, place)


def _stack_members(members: list[tuple[Line, int, tuple]]) -> tuple[str, str]:
    """The units a stack's total counts, each with how many and its stack points (English and
    Japanese): the first STACK_SHOWN of them and `…` for the rest, so that no message grows with
    the file."""
    shown = []
    for line, count, _ in members[:STACK_SHOWN]:
        value = known(line.unit.stack_points) if line.unit else None
        if value is None:
            shown.append(text("word:stack-member-unknown", unit=line.name, count=count))
        else:
            shown.append(text("word:stack-member", unit=line.name, count=count, points=value))
    more = ["…"] if len(members) > STACK_SHOWN else []
    return ", ".join([en for en, _ in shown] + more), "、".join([ja for _, ja in shown] + more)


def _flying(line: Line) -> bool:
    """Whether a line's units count against the flying stack [8.2.4]."""
    if line.unit is None:
        return False
    return known(line.unit.category) == "aeronautical" or known(line.unit.type) == "iii"


def _neuspotters(findings: Findings, members: list, path: tuple, place: dict) -> None:
    """Two NeuSpotters in a hex need a Type II unit with them [8.2.3]."""
    spotters = sum(count for line, count, _ in members if line.unit and line.unit.id == NEUSPOTTER)
    if spotters < 2:
        return
    types = [known(line.unit.type) if line.unit else None for line, _, _ in members]
    if "ii" in types:
        return
    unknown = [line.name for (line, _, _), kind in zip(members, types, strict=True) if kind is None]
    if unknown:
        findings.info(
            path, "mak-neuspotter-unknown", "mak.8.2.3", units=", ".join(unknown), **place
        )
    else:
        findings.error(path, "mak-neuspotter-pair", "mak.8.2.3", **place)


def _transport(findings: Findings, lines: list[Line]) -> None:
    """Carried units are Type I, infantry or pilots and fit their carriers [13.1]."""
    cargo: dict[tuple[str, str], list[Line]] = defaultdict(list)
    carriers = {(line.side, line.entry.id): line for line in lines if line.entry.id}
    rings = _rings(lines, carriers)
    for line in lines:
        aboard = line.entry.aboard
        if aboard is None:
            continue
        path = (*line.path, "aboard")
        carrier = carriers.get((line.side, aboard))
        if carrier is None or carrier is line:
            findings.error(path, "mak-aboard-unknown", "mak.13.1", aboard=aboard)
            continue
        if line.entry.deploy or line.entry.setup:
            where = "deploy" if line.entry.deploy else "setup"
            findings.error((*line.path, where), "mak-aboard-position", "mak.13.1.2")
        cargo[(line.side, aboard)].append(line)
        if id(line) in rings:
            findings.error(
                path,
                "mak-aboard-ring",
                "mak.13.1",
                unit=line.name,
                aboard=aboard,
                ring=rings[id(line)],
            )
    for key, loads in cargo.items():
        _load(findings, carriers[key], loads)


def _rings(lines: list[Line], carriers: dict[tuple[str, str], Line]) -> dict[int, str]:
    """Each line in a ring of transports (A aboard B aboard C aboard A), by id(), with the ring as
    its message shows it, from that line round to it again [13.1]. Each line is followed once:
    every line has at most one carrier, so a walk that meets a line walked before stops there."""

    def carrier_of(line: Line) -> Line | None:
        carrier = carriers.get((line.side, line.entry.aboard or ""))
        return None if carrier is line else carrier  # aboard itself: mak-aboard-unknown

    rings: dict[int, str] = {}
    done: set[int] = set()
    for start in lines:
        walk: list[Line] = []
        at: dict[int, int] = {}  # id of each line of this walk → its place in the walk
        line: Line | None = start
        while line is not None and id(line) not in done and id(line) not in at:
            at[id(line)] = len(walk)
            walk.append(line)
            line = carrier_of(line)
        if line is not None and id(line) in at:  # the walk came round: a ring
            ring = walk[at[id(line)] :]
            for place, member in enumerate(ring):
                rings[id(member)] = _ring_shown(ring, place)
        done.update(at)
    return rings


def _ring_shown(ring: list[Line], place: int) -> str:
    """A ring from its line at `place` round to it again, `a → b → c → a`; a ring of more than
    RING_SHOWN lines is shortened with `…`, so that no message grows with the file."""
    size = len(ring)
    ids = [str(ring[(place + step) % size].entry.id) for step in range(min(size, RING_SHOWN))]
    if size > RING_SHOWN:
        ids[-2:] = ["…", str(ring[(place - 1) % size].entry.id)]
    return " → ".join([*ids, str(ring[place].entry.id)])


def _load(findings: Findings, carrier: Line, loads: list[Line]) -> None:
    """One carrier line and everything aboard it."""
    if carrier.unit is None:
        return
    category = known(carrier.unit.category)
    transport = carrier.unit.transport
    first = (*loads[0].path, "aboard")
    if transport is None:
        if category is None:
            findings.info(first, "mak-carrier-unknown", "mak.13.1.1", carrier=carrier.name)
        else:
            findings.error(first, "mak-carrier-not-vehicle", "mak.13.1.1", carrier=carrier.name)
        return
    sizes: list[int] = []
    for line in loads:
        if line.unit is None:
            continue
        kinds = _cargo_kinds(line)
        path = (*line.path, "aboard")
        if kinds is None:  # its kind is not printed; it still takes room if it may ride
            findings.info(
                path, "mak-cargo-unknown", "mak.13.1.1", carrier=carrier.name, unit=line.name
            )
            sizes += [known(line.unit.stack_points) or 0] * line.count
            continue
        if not kinds & set(transport.carries):
            findings.error(
                path,
                "mak-cargo-kind",
                "mak.13.1.5" if transport.carries == ("type-i",) else "mak.13.1.1",
                carrier=carrier.name,
                cargo=_words(transport.carries),
                unit=line.name,
            )
            continue
        points = known(line.unit.stack_points)
        if points is None:
            findings.info(path, "mak-stack-unknown-cargo", "mak.13.1.5", unit=line.name)
            continue
        sizes += [points] * line.count
    if not _fits(sizes, carrier.count, transport.capacity):
        findings.error(
            first,
            "mak-transport-capacity",
            "mak.13.1.5",
            count=carrier.count,
            carrier=carrier.name,
            capacity=transport.capacity,
            needed=sum(sizes),
        )


def _words(kinds: Iterable[str]) -> tuple[str, str]:
    """Cargo kinds joined in each language."""
    english = [text(f"word:cargo-{kind}")[0] for kind in kinds]
    japanese = [text(f"word:cargo-{kind}")[1] for kind in kinds]
    return " or ".join(english), "・".join(japanese)


def _cargo_kinds(line: Line) -> set[str] | None:
    """What a transported line counts as: Type I, infantry, pilot; None where not printed."""
    category, kind = known(line.unit.category), known(line.unit.type)
    kinds = set()
    if kind == "i":
        kinds.add("type-i")
    if category in ("infantry", "pilot"):
        kinds.add(category)
    if kinds:
        return kinds
    return None if kind is None or category is None else kinds


def _fits(sizes: list[int], bins: int, capacity: int) -> bool:
    """Whether units of these stack points fit `bins` vehicles of `capacity` (first fit)."""
    free = [capacity] * bins
    for size in sorted(sizes, reverse=True):
        for index, room in enumerate(free):
            if size <= room:
                free[index] -= size
                break
        else:
            return False
    return True


def _weapons(findings: Findings, lines: list[Line]) -> None:
    """Rocket and PF rounds within [11.2.4]; equipment only on aeronautical units [11.4]."""
    for line in lines:
        if line.unit is None:
            continue
        rounds = line.entry.rounds
        if rounds is not None:
            limit = line.unit.rounds
            path = (*line.path, "rounds")
            if limit is None or limit.count == "unknown":
                findings.info(path, "mak-rounds-unknown", "mak.11.2.4", unit=line.name)
            elif rounds > limit.count:
                findings.error(
                    path,
                    "mak-rounds-limit",
                    "mak.11.2.4",
                    unit=line.name,
                    limit=limit.count,
                    weapon=f"word:weapon-{limit.weapon}",
                    rounds=rounds,
                )
        if line.entry.equipment:
            category = known(line.unit.category)
            path = (*line.path, "equipment")
            if category is None:
                findings.info(path, "mak-equipment-unknown", "mak.11.4", unit=line.name)
            elif category != "aeronautical":
                findings.error(path, "mak-equipment-not-aeronautical", "mak.11.4", unit=line.name)


def _mines(findings: Findings, scenario: MakScenario) -> None:
    """Minefields set up at 5 to 13 a hex [19.1.1], within the side's budget [19.1]."""
    low, high = MINE_ATTACK
    per_hex: dict[tuple[int, str], list[int]] = {}
    totals: dict[tuple[int, str], int] = defaultdict(int)
    for side in SIDES:
        mines = getattr(scenario.forces, side).land_mines
        if mines is None:
            continue
        for number, field in enumerate(mines.fields):
            path = ("forces", side, "land_mines", "fields", number, "attack")
            if not low <= field.attack <= high:
                findings.error(path, "mak-mine-attack", "mak.19.1.1", attack=field.attack)
            here = per_hex.setdefault((field.board, str(field.hex)), [])
            here.append(field.attack)
            totals[(field.board, str(field.hex))] += field.attack
            total = totals[(field.board, str(field.hex))]
            if len(here) > 1 and total > high:
                findings.error(
                    path,
                    "mak-mine-hex-total",
                    "mak.19.1.1",
                    board=field.board,
                    hex=field.hex,
                    attacks=_attacks_shown(here),
                    total=total,
                )
        total = sum(field.attack for field in mines.fields)
        if total > mines.budget:
            path = ("forces", side, "land_mines", "budget")
            findings.error(path, "mak-mine-budget", "mak.19.1", total=total, budget=mines.budget)
        _mine_zone(findings, side, mines)


def _mine_zone(findings: Findings, side: str, mines: LandMines) -> None:
    """The file says whether the other side knows its fixed fields; the attack value left to
    record secretly has a zone both players know, and the fixed fields lie in it [19.1.1]."""
    path = ("forces", side, "land_mines")
    if mines.fields and mines.fixed is None:
        findings.warning((*path, "fields"), "mak-mines-fixed-missing", "mak.19.1.1")
    left = mines.budget - sum(field.attack for field in mines.fields)
    if mines.zone is None:
        if left > 0:
            findings.warning((*path, "budget"), "mak-mines-zone-missing", "mak.19.1.1", left=left)
        return
    zone = set(mines.zone.boards)
    shown = shown_list(sorted(zone))
    for number, field in enumerate(mines.fields):
        if field.board not in zone:
            findings.error(
                (*path, "fields", number, "board"),
                "mak-mine-outside-zone",
                "mak.19.1.1",
                board=field.board,
                boards=shown,
            )


def _attacks_shown(attacks: list[int]) -> str:
    """The mines' attacks in one hex added up, `5 + 9`; past RING_SHOWN of them the middle is
    shortened to `…`, so that no message grows with the file."""
    if len(attacks) > RING_SHOWN:
        attacks = [*attacks[: RING_SHOWN - 2], "…", attacks[-1]]  # type: ignore[list-item]
    return " + ".join(str(attack) for attack in attacks)


def _artillery(findings: Findings, batteries: list[Battery]) -> None:
    """No battery fires more a turn than it has in all."""
    for battery in batteries:
        if battery.artillery.per_turn > battery.artillery.total:
            findings.error(
                ("forces", battery.side, "artillery", battery.index, "code"),
                "mak-artillery-per-turn",
                RULE_NOTATION,
                per_turn=battery.artillery.per_turn,
                total=battery.artillery.total,
            )


def _markers(findings: Findings, scenario: MakScenario) -> None:
    """A defensive position is rated −1 or −2, as its markers print [12.3]."""
    for number, marker in enumerate(scenario.markers):
        path = ("markers", number, "rating")
        if marker.marker == "defensive-position":
            if marker.rating is None:
                findings.error(path[:-1], "mak-position-no-rating", "mak.12.3")
            elif marker.rating not in (-1, -2):
                findings.error(path, "mak-position-rating", "mak.12.3", rating=marker.rating)
        elif marker.rating is not None:
            findings.error(path, "mak-rating-not-position", "mak.12.3")


def _victory(findings: Findings, scenario: MakScenario, lines: list[Line]) -> None:
    """AMUs score only after December 2884 [16.2.2]; ③ only counts in O.G.P."""
    victory = scenario.victory
    if victory.amu:
        if scenario.date <= AMU_AFTER:
            findings.error(("victory", "amu"), "mak-amu-date", "mak.16.2.2", date=scenario.date)
        if not any(line.unit and line.unit.id == NEUSPOTTER for line in lines):
            findings.warning(("victory", "amu"), "mak-amu-no-neuspotter", "mak.16.2.1")
    if victory.scenario_points and not victory.ogp:
        findings.warning(("victory", "scenario_points"), "mak-points-without-ogp", "mak.ogp")


def _unit_values(
    findings: Findings, scenario: MakScenario, lines: list[Line], catalogue: Catalogue
) -> None:
    """O.G.P. says where ① takes each unit's victory points from; a list of them names units of
    the catalogue, each once, and every unit in play but the pilots, whose value [18.2.5] gives."""
    values = scenario.victory.unit_values
    if values is None:
        if scenario.victory.ogp:
            findings.warning(("victory", "ogp"), "mak-unit-values-missing", "mak.ogp")
        return
    if values == "counter":
        return
    given: dict[str, str] = {}
    for number, value in enumerate(values):
        path = ("victory", "unit_values", number, "unit")
        unit = catalogue.find(value.unit)
        if unit is None:
            findings.error(
                path, "mak-unknown-unit", "mak.2.2", unit=value.unit, choices=catalogue.choices()
            )
        elif unit.id in given:
            findings.error(
                path, "mak-unit-value-twice", None, unit=unit.name.en, other=given[unit.id]
            )
        else:
            given[unit.id] = format_key_path(path[:-1])
    for line in lines:
        unit = line.unit
        if unit is None or unit.id in given or known(unit.category) == "pilot":
            continue
        given[unit.id] = format_key_path(line.path)  # each unit named once
        findings.warning((*line.path, "unit"), "mak-unit-value-unlisted", "mak.ogp", unit=line.name)
