"""A Flashpoint: Central Front scenario card's view model: maps, formations, arrivals, drops and
the pre-game, laid out for one card."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from generator.content.load import Content
from generator.content.model.base import LocalizedText
from generator.render.scenario.common import (
    choices,
    joined,
    neutral,
    pair_of,
    rule_lines,
    said,
)
from generator.render.scenario.drawing import Entry, Marks, Sheet, Spot, draw
from generator.render.scenario.fpcf_facts import (
    chart_morale,
    forces_in_play,
    strike_nations,
    uses_original,
)
from generator.render.scenario.questions import side_names
from generator.render.scenario.track import Arrival, Record, lay_out
from generator.scenario.fpcf.checks import WARSAW_PACT
from generator.scenario.fpcf.model import Drop, Formation, FpcfScenario, Place
from generator.scenario.options import cases_in_use

SIDES = ("nato", "wp")
SETUP = "fpcf.setup"


def side_of(formation: Formation) -> str:
    """`wp` for a Warsaw Pact nation's formation, else `nato`."""
    return "wp" if formation.nation in WARSAW_PACT else "nato"


def fpcf_card(scenario: FpcfScenario, content: Content, paper: str) -> dict[str, Any]:
    """A Flashpoint: Central Front card: facts, briefing, maps, track, formations, rules."""
    nations = choices(content, "fpcf.starting-morale", "nation")
    levels = choices(content, "fpcf.air-strike-availability", "level")
    maps = content.maps.get("fpcf", {})
    formations = {f.id: f for f in scenario.formations}
    return {
        "scenario": scenario,
        "level": levels.get(scenario.air_superiority) or neutral(scenario.air_superiority),
        "nations": joined(nations.get(n) or neutral(n) for n in scenario.nations),
        "strike_nations": strike_nations(scenario, nations),
        "strike_note": said("card-strike-reroll") if scenario.air_strike_nations else None,
        "superiority_note": said("card-superiority-reading") if _drops(scenario) else None,
        "drop_timing_note": said("card-drop-timing") if _drops(scenario) else None,
        "games": _games(scenario, content) if uses_original(scenario) else None,
        "in_play": forces_in_play(scenario),
        "maps": [
            {"id": map_id, "title": maps[map_id].title if map_id in maps else neutral(map_id)}
            for map_id in scenario.maps
        ],
        "drawing": _drawing(scenario, content),
        "track": _track(scenario, content, paper),
        "pre_game": {
            "ops": scenario.pre_game.nato_ops_points,
            "activation": _activation_names(scenario),
        },
        "sides": [
            {
                "slug": side,
                "formations": [
                    _formation(f, nations, formations, content, len(scenario.maps) > 1)
                    for f in scenario.formations
                    if side_of(f) == side
                ],
            }
            for side in SIDES
        ],
        "rules": _rules(scenario, content),
        "special_rules": scenario.special_rules,
        "victory": {
            "conditions": scenario.victory.conditions,
            "hqs": _hqs_count(scenario.victory.hqs_count),
            "ogp": False,
            "points": [],
            "amu": False,
        },
    }


def _games(scenario: FpcfScenario, content: Content) -> LocalizedText | None:
    """The Central Front games of the maps in play, whose counters and set-up the scenario uses."""
    maps = content.maps.get("fpcf", {})
    games = [maps[m].game for m in scenario.maps if m in maps and maps[m].game is not None]
    unique = list({(game.en, game.ja): game for game in games}.values())
    return said("card-original-game", games=pair_of(joined(unique))) if unique else None


def _hqs_count(hqs_count: bool | None) -> LocalizedText | None:
    if hqs_count is None:
        return None
    return said("card-victory-hqs-count" if hqs_count else "card-victory-hqs-not")


def _rules(scenario: FpcfScenario, content: Content) -> list[Any]:
    """The rules in use; Set-up's summary says that the card's own set-up hexes come first."""
    lines = rule_lines(content, cases_in_use(scenario, content))
    if not any(f.hq or f.units for f in scenario.formations):
        return lines
    own = "card-setup-except" if uses_original(scenario) else "card-setup-all"
    return [
        replace(line, summary=_sentences(line.summary, said(own)))
        if line.case_id == SETUP and line.summary
        else line
        for line in lines
    ]


def _sentences(first: LocalizedText, second: LocalizedText) -> LocalizedText:
    """Two sentences as one text, as each language sets them."""
    return said("card-two-sentences", first=pair_of(first), second=pair_of(second))


def _activation_names(scenario: FpcfScenario) -> list[LocalizedText]:
    """The formations of the pre-GT1 activation in its order, by name (an unknown id as written)."""
    formations = {f.id: f for f in scenario.formations}
    return [
        formations[f].name if f in formations else neutral(f) for f in scenario.pre_game.activation
    ]


def _map_name(content: Content, map_id: str) -> LocalizedText:
    maps = content.maps.get("fpcf", {})
    return maps[map_id].title if map_id in maps else neutral(map_id)


def _edge(sheet: Sheet, hex_number: str) -> str | None:
    """The edge a hex lies on: row 01 is the north edge and column 01 the west edge of every map;
    the east and south edges are known only where the grid's size is."""
    column, row = int(hex_number[:2]), int(hex_number[2:])
    if row == 1:
        return "N"
    if column == 1:
        return "W"
    if sheet.columns and column == sheet.columns:
        return "E"
    if sheet.rows and row == sheet.rows:
        return "S"
    return None


def _drawing(scenario: FpcfScenario, content: Content) -> dict[str, Any] | None:
    """The maps as `map_layout` lays them (or the one map), with the Warsaw Pact's columns on
    their edges, the drops and entry hexes listed, and where each side sets up tinted. None where
    several maps are in play and the file does not say how they lie."""
    rows = scenario.map_layout or ([list(scenario.maps)] if len(scenario.maps) == 1 else None)
    if rows is None:
        return None
    maps = content.maps.get("fpcf", {})
    sheets = {
        map_id: Sheet.of(
            map_id, _map_name(content, map_id), getattr(maps.get(map_id), "grid", None)
        )
        for row in rows
        for map_id in row
        if map_id is not None
    }
    entries, spots, setups = [], [], {}
    for formation in scenario.formations:
        side = side_of(formation)
        places = ([formation.hq] if formation.hq else []) + list(formation.units)
        for place in places:
            setups.setdefault(place.map, set()).add(side)
            spots.append(Spot(place.map, place.hex, "setup", side, formation.name, False))
        arrives = formation.arrives
        for number, column in enumerate(arrives.columns if arrives else (), 1):
            entry = column.entry
            if entry is None:
                continue
            what = said("card-column-of", formation=pair_of(formation.name), number=number)
            spots.append(
                Spot(
                    entry.map,
                    entry.hex,
                    "entry",
                    side,
                    said("card-spot-entry", turn=arrives.turn, what=pair_of(what)),
                )
            )
            edge = _edge(sheets[entry.map], entry.hex) if entry.map in sheets else None
            if edge:
                entries.append(Entry(entry.map, edge, side, arrives.turn, entry.hex))
        for drop in formation.drops:
            label = said("card-spot-drop", turn=drop.turn, what=pair_of(neutral(drop.unit)))
            spots.append(Spot(drop.map, drop.hex, "drop", side, label))
    sides = side_names(scenario, content)
    return draw(rows, sheets, said("card-drawing-maps"), Marks(entries, spots, setups, sides))


def _track(scenario: FpcfScenario, content: Content, paper: str) -> dict[str, Any]:
    """Each turn's arriving formations and drops, what sets up before play, and a box a turn for
    the air superiority level."""
    turns: dict[int, list[Arrival]] = {}
    setup = []
    early = _activated(scenario)
    for formation in scenario.formations:
        side = side_of(formation)
        arrives = formation.arrives
        if arrives:
            entries = ", ".join(str(c.entry.hex) for c in arrives.columns if c.entry) or None
            turn = 0 if formation.id in early and arrives.turn == 1 else arrives.turn
            turns.setdefault(turn, []).append(Arrival(side, formation.name, 1, entries))
        elif formation.sets_up:
            setup.append(Arrival(side, formation.name))
        for drop in formation.drops:
            turns.setdefault(drop.turn, []).append(Arrival(side, neutral(drop.unit), drop=drop.hex))
    if early:  # the pre-GT1 activation, in its order: who enters then, with their entry hexes
        entering = {item.name.en: item for item in turns.get(0, [])}
        turns[0] = [
            entering.get(name.en) or Arrival("wp", name) for name in _activation_names(scenario)
        ]
    levels = choices(content, "fpcf.air-strike-availability", "level")
    level = levels.get(scenario.air_superiority) or neutral(scenario.air_superiority)
    record = Record("air", said("card-record-air", level=pair_of(level)))
    return {**lay_out(scenario.turns, turns, [record], paper, setup), "choice": []}


def _activated(scenario: FpcfScenario) -> set[str]:
    """The formations of a surprise game's pre-GT1 activation: those arriving on GT1 enter then,
    before game turn 1, and the track shows them there, not again under turn 1."""
    return set(scenario.pre_game.activation) if scenario.surprise else set()


def _formation(
    formation: Formation,
    nations: dict[str, LocalizedText],
    formations: dict[str, Formation],
    content: Content,
    several_maps: bool,
) -> dict[str, Any]:
    qualities = choices(content, "fpcf.troop-quality", "quality")
    arrives = formation.arrives

    def place(where: Any) -> LocalizedText:
        """A hex, with its map's name where the scenario has several maps."""
        if not several_maps:
            return neutral(where.hex)
        en, ja = pair_of(_map_name(content, where.map))
        ja = ja.split(" (")[0]  # 北ドイツ平原, without the English the map's name adds
        return LocalizedText(en=f"{en} {where.hex}", ja=f"{ja} {where.hex}", tr="none")

    return {
        "name": formation.name,
        "nation": nations.get(formation.nation) or neutral(formation.nation),
        "echelon": formation.echelon,
        "morale": qualities.get(formation.morale or chart_morale(content, formation) or ""),
        "morale_note": formation.morale_note,
        "attached_to": formations[formation.attached_to].name
        if formation.attached_to in formations
        else None,
        "original_setup": formation.original_setup,
        "hq": place(formation.hq) if formation.hq else None,
        "units": [{"name": unit.name, "where": place(unit)} for unit in formation.units],
        "arrives": _arrival(formation, place) if arrives else [],
        "drops": [_drop(drop, place) for drop in formation.drops],
    }


def _drop(drop: Drop, place: Any) -> LocalizedText:
    """A drop in words, with where it goes when [15.2] bars its hex then (`fallback`)."""
    where = pair_of(place(drop))
    fallback = drop.fallback
    if fallback and fallback.hex is not None:
        spot = pair_of(place(Place(map=drop.map, hex=fallback.hex)))
        return said(
            "card-drop-fallback-hex", unit=drop.unit, where=where, turn=drop.turn, fallback=spot
        )
    if fallback and fallback.area is not None:
        area = pair_of(fallback.area)
        return said(
            "card-drop-fallback-area", unit=drop.unit, where=where, turn=drop.turn, area=area
        )
    return said("card-drop", unit=drop.unit, where=where, turn=drop.turn)


def _arrival(formation: Formation, place: Any) -> list[dict[str, Any]]:
    """A formation's arrival in words: the turn and area, its units (or the original game's order
    of battle), then each march column's units in march order and entry hex [17.2]."""
    arrives = formation.arrives
    lines = [
        said("card-arrives-area", turn=arrives.turn, area=pair_of(arrives.area))
        if arrives.area
        else said("card-arrives", turn=arrives.turn)
    ]
    if arrives.original_oob:
        lines.append(said("card-arrives-oob"))
    elif arrives.units:
        lines.append(said("card-arrives-units", units=", ".join(arrives.units)))
    shown = [{"text": line, "rule": None} for line in lines]
    for number, column in enumerate(arrives.columns, 1):
        units = neutral(", ".join(column.units)) if column.units else said("card-march-order")
        parts = [units]
        if column.entry:
            parts.append(said("card-entry-hex", hex=pair_of(place(column.entry))))
        what = joined(parts, "card-phrases")
        line = said("card-march-column", number=number, what=pair_of(what))
        shown.append({"text": line, "rule": "17.2"})
    if any(column.entry is None for column in arrives.columns):
        shown.append({"text": said("card-entry-pick"), "rule": "17.22"})
    return shown


def _drops(scenario: FpcfScenario) -> bool:
    """Whether any formation drops by air, which the side's Air Superiority allows."""
    return any(formation.drops for formation in scenario.formations)
