"""Flashpoint: Central Front scenario checks: each finding cites the rule it enforces.

Distances use the map definitions; where a map does not give its grid's parity and the two
parities disagree, the check reports that it could not run. The Starting Morale chart, the nations
and the air superiority levels come from content.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator.content.bilingual import Bilingual
from generator.content.charts import unwrap
from generator.content.yaml_loader import Document
from generator.core.diagnostics import Issue, KeyPath
from generator.core.messages import text
from generator.scenario import messages  # noqa: F401  (registers the messages)
from generator.scenario.findings import Findings, shown_list
from generator.scenario.fpcf.hexgrid import distances
from generator.scenario.hexes import check_hex, column_row
from generator.scenario.options import check_options

if TYPE_CHECKING:
    from generator.scenario.facts import ContentFacts
    from generator.scenario.fpcf.model import Formation, FpcfScenario

NATO = frozenset({"us", "uk", "wg", "fr", "be", "nl", "ca"})
WARSAW_PACT = frozenset({"su", "eg", "po", "cz"})
START_LEVEL = "wp-3"
HQ_RANGE = 2
COLUMNS_APART = 7
MARCH_COLUMNS = 2
PRE_GAME_OPS = 4
NO_DROP = ("city", "rough")
STRIKES, MORALE = "fpcf.air-strike-availability", "fpcf.starting-morale"


@dataclass(frozen=True)
class Maps:
    """The maps a file names (`maps`) and those of them that exist, each a set looked up once."""

    named: frozenset[str]
    good: frozenset[str]
    shown: str  # the maps named, for a message


@dataclass(frozen=True)
class Placed:
    """A unit or HQ set up on a map, with its side and where it stands in the file."""

    name: str
    formation: Formation
    side: str
    map: str
    hex: str
    path: KeyPath


class Standing:
    """The units standing on the maps, in the order they were placed, indexed by hex: finding
    who stands in a hex or next to it looks at nine hexes, never at every unit (issue 20)."""

    def __init__(self, placed: list[Placed]) -> None:
        self.by_hex: dict[tuple[str, str], list[Placed]] = defaultdict(list)
        self.by_cell: dict[tuple[str, int, int], list[tuple[int, Placed]]] = defaultdict(list)
        self.count = 0
        for unit in placed:
            self.add(unit)

    def add(self, unit: Placed) -> None:
        """One more unit standing, after those already there."""
        self.by_hex[(unit.map, unit.hex)].append(unit)
        column, row = column_row(unit.hex)
        self.by_cell[(unit.map, column, row)].append((self.count, unit))
        self.count += 1

    def at(self, map_id: str, hex_number: str) -> list[Placed]:
        """The units in a hex, as written, in the order they were placed."""
        return self.by_hex.get((map_id, hex_number), [])

    def around(self, map_id: str, hex_number: str) -> list[Placed]:
        """The units that may stand next to a hex under either parity, in the order they were
        placed: a neighbour is at most one column and one row away."""
        column, row = column_row(hex_number)
        near = [
            member
            for across in (-1, 0, 1)
            for down in (-1, 0, 1)
            for member in self.by_cell.get((map_id, column + across, row + down), ())
        ]
        return [unit for _, unit in sorted(near, key=lambda member: member[0])]


def check_fpcf(document: Document, scenario: FpcfScenario, content: ContentFacts) -> list[Issue]:
    """Every finding of one Flashpoint: Central Front scenario."""
    findings = Findings(document)
    check_options(findings, scenario.optional_rules, content, "fpcf")
    maps = _maps(findings, scenario, content)
    _nations(findings, scenario, content)
    placed = _placed(findings, scenario, maps)
    _level(findings, scenario, content)
    _strike_nations(findings, scenario)
    _turns(findings, scenario)
    _original_setup(findings, scenario)
    _headquarters(findings, scenario, placed, content)
    _morale(findings, scenario, content)
    _drops(findings, scenario, placed, maps, content)
    _columns(findings, scenario, maps, content)
    _brigades(findings, scenario)
    _pre_game(findings, scenario)
    return findings.items


def _maps(findings: Findings, scenario: FpcfScenario, content: ContentFacts) -> Maps:
    """The maps in play exist and belong to the scenario's map group."""
    known = content.maps.get("fpcf", {})
    findings.repeats(("maps",), scenario.maps)
    _map_layout(findings, scenario)
    good = set()
    for index, map_id in enumerate(scenario.maps):
        path = ("maps", index)
        game_map = known.get(map_id)
        if game_map is None:
            findings.error(
                path, "fpcf-map-unknown", None, map=map_id, choices=", ".join(sorted(known))
            )
            continue
        good.add(map_id)
        if game_map.group and game_map.group != scenario.map_group:
            findings.error(
                path,
                "fpcf-map-group",
                "fpcf.aircraft-nation",
                map=map_id,
                group=game_map.group,
                map_group=scenario.map_group,
            )
    return Maps(frozenset(scenario.maps), frozenset(good), shown_list(scenario.maps))


def _map_layout(findings: Findings, scenario: FpcfScenario) -> None:
    """The layout places each map in play once, and only maps in play."""
    if scenario.map_layout is None:
        return
    placed: set[str] = set()
    in_play, shown = set(scenario.maps), shown_list(scenario.maps)
    for row, maps_in_row in enumerate(scenario.map_layout):
        for column, map_id in enumerate(maps_in_row):
            path = ("map_layout", row, column)
            if map_id is None:
                continue
            if map_id not in in_play:
                findings.error(path, "fpcf-layout-map-not-used", None, map=map_id, maps=shown)
            elif map_id in placed:
                findings.error(path, "fpcf-layout-map-twice", None, map=map_id)
            placed.add(map_id)
    for index, map_id in enumerate(scenario.maps):
        if map_id not in placed:
            findings.error(("maps", index), "fpcf-layout-map-missing", None, map=map_id)


def _nations(findings: Findings, scenario: FpcfScenario, content: ContentFacts) -> None:
    """Every nation named is a nation; formations belong to listed nations."""
    choices = {choice.slug for choice in _nation_choices(content)} - {"wp-other"}
    findings.repeats(("nations",), scenario.nations)
    findings.repeats(("air_strike_nations",), scenario.air_strike_nations)
    findings.repeats(("pre_game", "activation"), scenario.pre_game.activation)
    listed = set()
    for index, nation in enumerate(scenario.nations):
        if nation not in choices:
            findings.error(
                ("nations", index),
                "fpcf-nation-unknown",
                None,
                nation=nation,
                choices=", ".join(sorted(choices)),
            )
        listed.add(nation)
    ids: set[str] = set()
    with_formations = set()
    shown = shown_list(scenario.nations)
    for index, formation in enumerate(scenario.formations):
        path = ("formations", index)
        if formation.id in ids:
            findings.error((*path, "id"), "fpcf-formation-twice", None, id=formation.id)
        ids.add(formation.id)
        with_formations.add(formation.nation)
        if formation.nation not in choices:
            findings.error(
                (*path, "nation"),
                "fpcf-nation-unknown",
                None,
                nation=formation.nation,
                choices=", ".join(sorted(choices)),
            )
        elif formation.nation not in listed:
            findings.error(
                (*path, "nation"),
                "fpcf-nation-not-listed",
                None,
                nation=formation.nation,
                nations=shown,
            )
    for index, nation in enumerate(scenario.nations):
        if nation in choices and nation not in with_formations:
            findings.warning(
                ("nations", index), "fpcf-nation-without-formation", None, nation=nation
            )


def _nation_choices(content: ContentFacts) -> tuple:
    table = content.tables.get(MORALE) or content.tables.get(STRIKES)
    axis = table.axis("nation") if table else None
    return axis.choices if axis else ()


def _side(nation: str) -> str:
    return "wp" if nation in WARSAW_PACT else "nato"


def _placed(findings: Findings, scenario: FpcfScenario, maps: Maps) -> list[Placed]:
    """Every HQ and unit set up on a map in play, with well-formed hexes."""
    placed = []
    for index, formation in enumerate(scenario.formations):
        base = ("formations", index)
        spots = [("HQ", formation.hq, (*base, "hq"))] if formation.hq else []
        spots += [(u.name, u, (*base, "units", n)) for n, u in enumerate(formation.units)]
        for name, spot, path in spots:
            if _on_map(findings, path, spot.map, spot.hex, maps):
                side = _side(formation.nation)
                placed.append(Placed(name, formation, side, spot.map, str(spot.hex), path))
    return placed


def _on_map(findings: Findings, path: KeyPath, map_id: str, hex_number: object, maps: Maps) -> bool:
    """Whether a place names a map in play and a well-formed hex."""
    good = check_hex(findings, (*path, "hex"), hex_number, None)
    if map_id not in maps.named:
        findings.error((*path, "map"), "fpcf-map-not-used", None, map=map_id, maps=maps.shown)
        return False
    return good and map_id in maps.good


def _level(findings: Findings, scenario: FpcfScenario, content: ContentFacts) -> None:
    """Every scenario starts at WP level 3 (the Air Strike Availability Chart's note)."""
    table = content.tables.get(STRIKES)
    axis = table.axis("level") if table else None
    choice = axis.match(scenario.air_superiority) if axis else None
    if axis and choice is None:
        choices = ", ".join(c.slug for c in axis.choices)
        findings.error(
            ("air_superiority",),
            "fpcf-level-unknown",
            None,
            level=scenario.air_superiority,
            choices=choices,
        )
    elif choice and choice.slug != START_LEVEL:
        findings.error(("air_superiority",), "fpcf-start-level", STRIKES, level=choice.label.en)


def _original_setup(findings: Findings, scenario: FpcfScenario) -> None:
    """A formation the original game sets up (Set-up) lists no units of its own and does not
    also arrive: the file would say two things of the same counters."""
    for index, formation in enumerate(scenario.formations):
        if not formation.original_setup:
            continue
        path = ("formations", index)
        for key, what in (("units", "word:what-lists-units"), ("arrives", "word:what-arrives")):
            if getattr(formation, key):
                findings.error(
                    (*path, key),
                    "fpcf-original-setup-twice",
                    "fpcf.setup",
                    formation=formation.id,
                    what=what,
                )


def _strike_nations(findings: Findings, scenario: FpcfScenario) -> None:
    """A nation rolls for air strikes only when its land units are on the board."""
    nations = {f.nation for f in scenario.formations if f.has_land_units}
    for index, nation in enumerate(scenario.air_strike_nations):
        if nation not in nations:
            findings.error(
                ("air_strike_nations", index), "fpcf-strike-nation-absent", STRIKES, nation=nation
            )


def _turns(findings: Findings, scenario: FpcfScenario) -> None:
    """Arrivals and drops fall within the game's turns."""
    for index, formation in enumerate(scenario.formations):
        base = ("formations", index)
        if formation.arrives and formation.arrives.turn > scenario.turns:
            findings.error(
                (*base, "arrives", "turn"),
                "turn-after-end",
                "cf.17.0",
                what="word:arrival-units",
                turn=formation.arrives.turn,
                turns=scenario.turns,
            )
        for number, drop in enumerate(formation.drops):
            if drop.turn > scenario.turns:
                findings.error(
                    (*base, "drops", number, "turn"),
                    "turn-after-end",
                    "cf.15.0",
                    what="word:arrival-drop",
                    turn=drop.turn,
                    turns=scenario.turns,
                )


def _parity(content: ContentFacts, map_id: str) -> str:
    game_map = content.maps.get("fpcf", {}).get(map_id)
    return game_map.grid.parity if game_map else "unknown"


def _headquarters(
    findings: Findings, scenario: FpcfScenario, placed: list[Placed], content: ContentFacts
) -> None:
    """A division's HQ sets up within 2 hexes of a unit of its division (Set-up)."""
    by_formation: dict[int, list[Placed]] = defaultdict(list)
    for spot in placed:
        by_formation[id(spot.formation)].append(spot)
    for index, formation in enumerate(scenario.formations):
        if formation.echelon != "division" or formation.hq is None:
            continue
        path = ("formations", index, "hq")
        own = by_formation.get(id(formation), [])
        hq = next((p for p in own if p.name == "HQ"), None)
        units = [p for p in own if p.name != "HQ"]
        if hq is None:
            continue
        if not units and formation.original_setup:
            findings.info(path, "fpcf-hq-original-setup", "fpcf.setup", formation=formation.id)
            continue
        if not units:
            findings.warning(path, "fpcf-hq-no-units", "fpcf.setup", formation=formation.id)
            continue
        same_map = [u for u in units if u.map == hq.map]
        parity = _parity(content, hq.map)
        options = [distances(hq.hex, unit.hex, parity) for unit in same_map]
        if any(max(d) <= HQ_RANGE for d in options):
            continue
        if len(same_map) < len(units):  # a unit on another map may stand within range
            maps = ", ".join(sorted({hq.map, *(u.map for u in units)}))
            findings.info(path, "fpcf-distance-maps", "fpcf.setup", what="word:what-hq", maps=maps)
            continue
        nearest = min(min(d) for d in options)
        if nearest > HQ_RANGE:
            findings.error(
                path,
                "fpcf-hq-distance",
                "fpcf.setup",
                formation=formation.id,
                distance=_shown_distance(options),
            )
        else:
            findings.info(
                path, "fpcf-distance-unknown", "fpcf.setup", what="word:what-hq", map=hq.map
            )


def _shown_distance(options: list[set[int]]) -> object:
    """The least of some distances, as "at least N" where the grid's parity could make it more."""
    nearest = min(min(possible) for possible in options)
    if all(len(possible) == 1 for possible in options):
        return nearest
    return text("word:at-least", value=nearest)


def _morale(findings: Findings, scenario: FpcfScenario, content: ContentFacts) -> None:
    """A division's or army's starting morale is the chart's, or the file says why not."""
    table = content.tables.get(MORALE)
    if table is None:
        return
    qualities = _qualities(content)
    for index, formation in enumerate(scenario.formations):
        path = ("formations", index)
        if formation.morale is not None and formation.morale not in qualities:
            findings.error(
                (*path, "morale"),
                "fpcf-morale-unknown",
                None,
                morale=formation.morale,
                choices=", ".join(qualities),
            )
            continue
        known_nation = table.axis("nation").match(formation.nation)
        if (
            formation.echelon not in ("division", "army")
            or not formation.morale
            or not known_nation
        ):
            continue
        row = formation.morale_row or "all"
        cells = table.find({"nation": formation.nation, "formation": row})
        if not cells:
            rows = sorted(
                {c.address["formation"] for c in table.find({"nation": formation.nation})}
            )
            findings.error(
                (*path, "morale_row"),
                "fpcf-morale-row",
                MORALE,
                row=row,
                nation=formation.nation,
                choices=", ".join(rows) or "-",
            )
            continue
        expected = unwrap(cells[0].value)[0]
        expected_slug = _quality_slug(content, expected)
        if expected_slug != formation.morale and formation.morale_note is None:
            findings.warning(
                (*path, "morale"),
                "fpcf-morale-chart",
                MORALE,
                formation=formation.id,
                morale=formation.morale,
                expected=(expected.en, expected.ja)
                if isinstance(expected, Bilingual)
                else expected,
            )


def _qualities(content: ContentFacts) -> list[str]:
    table = content.tables.get("fpcf.troop-quality")
    axis = table.axis("quality") if table else None
    return [choice.slug for choice in axis.choices] if axis else []


def _quality_slug(content: ContentFacts, value: object) -> str | None:
    """The troop quality a chart cell names, by its English label."""
    table = content.tables.get("fpcf.troop-quality")
    axis = table.axis("quality") if table else None
    label = value.en if isinstance(value, Bilingual) else str(value)
    choice = axis.match(label) if axis else None
    return choice.slug if choice else None


def _drops(
    findings: Findings,
    scenario: FpcfScenario,
    placed: list[Placed],
    maps: Maps,
    content: ContentFacts,
) -> None:
    """Drop hexes are not City or Rough, not occupied, not in an enemy ZOC, not dropped into
    already ([15.2]; the Air Drop notes of seed 000)."""
    dropped: dict[tuple[str, str], str] = {}
    standing = Standing(placed)  # the units set up, then each unit as it drops
    ordered = sorted(
        (
            (drop.turn, index, number, formation, drop)
            for index, formation in enumerate(scenario.formations)
            for number, drop in enumerate(formation.drops)
        ),
        key=lambda item: item[:3],
    )
    for _, index, number, formation, drop in ordered:
        path = ("formations", index, "drops", number)
        if not _on_map(findings, path, drop.map, drop.hex, maps):
            continue
        hex_number, side = str(drop.hex), _side(formation.nation)
        place = (drop.map, hex_number)
        _drop_terrain(findings, path, drop.map, hex_number, content)
        here = standing.at(*place)
        enemy = [p for p in here if p.side != side]
        friendly = [p for p in here if p.side == side]
        if place in dropped:
            findings.error(path, "fpcf-drop-twice", "cf.15.2", hex=hex_number, unit=dropped[place])
        elif enemy:
            findings.error(path, "fpcf-drop-enemy", "cf.15.2", hex=hex_number, unit=enemy[0].name)
        elif friendly:
            findings.error(
                path, "fpcf-drop-friendly", "cf.15.2", hex=hex_number, unit=friendly[0].name
            )
        if place not in dropped and not enemy:
            _drop_zoc(findings, path, place, side, standing, content)
        dropped.setdefault(place, drop.unit)
        standing.add(Placed(drop.unit, formation, side, drop.map, hex_number, path))


def _drop_terrain(
    findings: Findings, path: KeyPath, map_id: str, hex_number: str, content: ContentFacts
) -> None:
    game_map = content.maps.get("fpcf", {}).get(map_id)
    terrain = game_map.terrain.get(hex_number) if game_map else None
    if terrain is None:
        findings.info(path, "fpcf-drop-terrain-unknown", "cf.15.2", hex=hex_number, map=map_id)
        return
    for kind in NO_DROP:
        if kind in terrain:
            findings.error(
                path, "fpcf-drop-terrain", "cf.15.2", hex=hex_number, terrain=f"word:terrain-{kind}"
            )


def _drop_zoc(
    findings: Findings,
    path: KeyPath,
    place: tuple[str, str],
    side: str,
    standing: Standing,
    content: ContentFacts,
) -> None:
    """An enemy unit next to the drop hex (`place`: map and hex) puts it in that unit's zone of
    control."""
    map_id, hex_number = place
    parity = _parity(content, map_id)
    unsure = False
    for unit in (p for p in standing.around(map_id, hex_number) if p.side != side):
        possible = distances(hex_number, unit.hex, parity)
        if possible == {1}:
            findings.error(path, "fpcf-drop-zoc", "cf.15.2", hex=hex_number, unit=unit.name)
            return
        unsure |= 1 in possible
    if unsure:
        findings.info(path, "fpcf-distance-unknown", "cf.15.2", what="word:what-zoc", map=map_id)


def _columns(findings: Findings, scenario: FpcfScenario, maps: Maps, content: ContentFacts) -> None:
    """A Warsaw Pact division enters in two columns whose entry hexes are at most 7 apart
    ([17.2], [17.21])."""
    for index, formation in enumerate(scenario.formations):
        arrives = formation.arrives
        if arrives is None or not arrives.columns:
            continue
        path = ("formations", index, "arrives", "columns")
        if formation.nation not in WARSAW_PACT:
            findings.warning(path, "fpcf-columns-nato", "cf.17.2", formation=formation.id)
        elif len(arrives.columns) != MARCH_COLUMNS:
            findings.error(
                path,
                "fpcf-columns-count",
                "cf.17.2",
                formation=formation.id,
                count=len(arrives.columns),
            )
        entries = []
        for number, column in enumerate(arrives.columns):
            entry = column.entry
            if entry is None:
                continue
            if _on_map(findings, (*path, number, "entry"), entry.map, entry.hex, maps):
                entries.append((entry.map, str(entry.hex)))
        if formation.nation not in WARSAW_PACT:
            continue
        for map_a, hex_a, map_b, hex_b in _column_pairs(entries):
            if map_a != map_b:
                findings.info(
                    path,
                    "fpcf-distance-maps",
                    "cf.17.21",
                    what="word:what-columns",
                    maps=f"{map_a}, {map_b}",
                )
                continue
            possible = distances(hex_a, hex_b, _parity(content, map_a))
            if min(possible) > COLUMNS_APART:
                findings.error(
                    path,
                    "fpcf-columns-apart",
                    "cf.17.21",
                    formation=formation.id,
                    distance=_shown_distance([possible]),
                )
            elif max(possible) > COLUMNS_APART:
                findings.info(
                    path,
                    "fpcf-distance-unknown",
                    "cf.17.21",
                    what="word:what-columns",
                    map=map_a,
                )


def _column_pairs(entries: list[tuple[str, str]]) -> list[tuple[str, str, str, str]]:
    """The entry hexes measured against each other: every pair of up to three columns (a third
    is already an error), and beyond that each column against the first, so that a formation of
    thousands of columns is measured in a line, not in pairs of all of them."""
    if len(entries) <= MARCH_COLUMNS + 1:
        pairs = [(a, b) for first, a in enumerate(entries) for b in entries[first + 1 :]]
    else:
        pairs = [(entries[0], other) for other in entries[1:]]
    return [(*a, *b) for a, b in pairs]


def _brigades(findings: Findings, scenario: FpcfScenario) -> None:
    """A West German brigade names a NATO division of the file it is attached to, or else the
    overall HQ activates it or it acts as an independent unit; `attached_to` is for it only."""
    divisions = {f.id: f for f in scenario.formations if f.echelon == "division"}
    for index, formation in enumerate(scenario.formations):
        path = ("formations", index)
        if formation.nation != "wg" or formation.echelon != "brigade":
            if formation.attached_to is not None:
                findings.warning(
                    (*path, "attached_to"),
                    "fpcf-attached-not-wg-brigade",
                    "fpcf.west-german-brigades",
                    formation=formation.id,
                )
            continue
        if formation.attached_to is None:
            findings.warning(
                path,
                "fpcf-brigade-unattached",
                "fpcf.west-german-brigades",
                formation=formation.id,
            )
        elif formation.attached_to not in divisions:
            findings.error(
                (*path, "attached_to"),
                "fpcf-brigade-division-absent",
                "fpcf.west-german-brigades",
                formation=formation.id,
                division=formation.attached_to,
            )
        elif _side(divisions[formation.attached_to].nation) != "nato":
            findings.error(
                (*path, "attached_to"),
                "fpcf-brigade-division-enemy",
                "fpcf.west-german-brigades",
                formation=formation.id,
                division=formation.attached_to,
            )


def _enters_on_gt1(formation: Formation) -> bool:
    """Whether a formation enters the map on game turn 1, by arrival or by airdrop."""
    arrives_first = formation.arrives is not None and formation.arrives.turn == 1
    return arrives_first or any(drop.turn == 1 for drop in formation.drops)


def _pre_game(findings: Findings, scenario: FpcfScenario) -> None:
    """Non-surprise: NATO moves at most 4 Ops points first. Surprise: the pre-GT1 activation of
    every Warsaw Pact formation entering on GT1, drops included (the seed's English "all units")."""
    pre = scenario.pre_game
    if scenario.surprise:
        if pre.nato_ops_points is not None:
            findings.error(
                ("pre_game", "nato_ops_points"), "fpcf-surprise-ops", "fpcf.non-surprise-scenario"
            )
        if not pre.activation:
            findings.error(("surprise",), "fpcf-surprise-activation", "fpcf.soviet-surprise-phase")
        formations = {f.id: f for f in scenario.formations}
        for index, formation_id in enumerate(pre.activation):
            path = ("pre_game", "activation", index)
            formation = formations.get(formation_id)
            if formation is None or formation.nation not in WARSAW_PACT:
                findings.error(
                    path,
                    "fpcf-activation-unknown",
                    "fpcf.soviet-surprise-phase",
                    formation=formation_id,
                )
            elif not _enters_on_gt1(formation):
                findings.warning(
                    path,
                    "fpcf-activation-not-gt1",
                    "fpcf.soviet-surprise-phase",
                    formation=formation_id,
                )
        if pre.activation:
            activated = set(pre.activation)
            for index, formation in enumerate(scenario.formations):
                missing = formation.id not in activated
                if missing and formation.nation in WARSAW_PACT and _enters_on_gt1(formation):
                    findings.error(
                        ("formations", index, "id"),
                        "fpcf-activation-missing",
                        "fpcf.soviet-surprise-phase",
                        formation=formation.id,
                    )
        return
    if pre.activation:
        findings.error(
            ("pre_game", "activation"), "fpcf-activation-not-surprise", "fpcf.soviet-surprise-phase"
        )
    if pre.nato_ops_points is not None and pre.nato_ops_points > PRE_GAME_OPS:
        findings.error(
            ("pre_game", "nato_ops_points"),
            "fpcf-nato-ops",
            "fpcf.non-surprise-scenario",
            points=pre.nato_ops_points,
        )
