"""A Ma.K scenario card's view model: what a checked file means, laid out for one card.

Everything printed comes from the file, decoded by the scenario stage, and from the content: unit
names from the catalogue, pilots from the pilot chart, victory points from mak.pilot-vp, rules
with the summaries written on them. Nothing is guessed: a pilot whose modifiers neither the file
nor an overlay gives prints the rank's value, marked to add the token's modifiers.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from babel.dates import format_date

from generator.content.load import Content
from generator.content.model.base import LocalizedText
from generator.render.booklets import anchor
from generator.render.scenario.common import (
    board_numbers,
    joined,
    neutral,
    pair_of,
    rule_lines,
    said,
    side_labels,
)
from generator.render.scenario.drawing import Entry, Marks, Sheet, Spot, draw
from generator.render.scenario.track import Arrival, Record, lay_out
from generator.scenario.mak.explain import artillery_params, deployment_message, pilot_names
from generator.scenario.mak.forces import SIDES, Line, known
from generator.scenario.mak.model import MakScenario
from generator.scenario.mak.notation import Deployment, Leader, NotationError, parse_artillery
from generator.scenario.mak.pilots import (
    ABILITIES,
    rank_choice,
    rank_vp,
    roster,
    token_modifiers,
)
from generator.scenario.options import cases_in_use, printed_as
from generator.tableside.calc import calculate

ARROWS = {"E": "▷", "W": "◁", "S": "▽", "N": "△"}


def mak_card(
    scenario: MakScenario, content: Content, lines: list[Line], paper: str
) -> dict[str, Any]:
    """A Ma.K card: facts, briefing, drawing, turn track, each side's forces, rules, victory."""
    sides = side_labels(content)
    year, month = (int(part) for part in scenario.date.split("-"))
    day = date(year, month, 1)
    return {
        "scenario": scenario,
        "date": LocalizedText(
            en=format_date(day, "MMMM y", locale="en"),
            ja=format_date(day, "y年M月", locale="ja"),
            tr="none",
        ),
        "boards": joined(neutral(b) for row in scenario.boards.layout for b in row if b),
        "side_labels": sides,
        "drawing": _drawing(scenario, content, lines, sides),
        "track": _track(scenario, lines, paper, sides),
        "sides": [_side(scenario, side, lines, content, sides) for side in SIDES],
        "markers": [_marker(marker, sides) for marker in scenario.markers],
        "rules": rule_lines(content, cases_in_use(scenario, content)),
        "special_rules": scenario.special_rules,
        "victory": _victory(scenario, content, sides),
        "modifier_order": said(
            "card-modifier-order",
            **{ability: f"word:ability-{ability}" for ability in ABILITIES},
        ),
    }


def _name(line: Line) -> LocalizedText:
    return line.unit.name if line.unit else neutral(line.entry.unit)


def _cargo(carrier: Line, lines: list[Line]) -> list[Line]:
    """The lines aboard a vehicle line: its side's lines whose `aboard` names its `id`."""
    if not carrier.entry.id:
        return []
    return [
        line
        for line in lines
        if line.side == carrier.side and line.entry.aboard == carrier.entry.id
    ]


def where_code(deploy: Deployment) -> str:
    """A place of entry as the notation writes it, without the turn: `⑤W▽0105`."""
    boards = "".join(chr(0x2460 + board - 1) for board in deploy.boards)
    return f"{boards}{deploy.edge or ''}{ARROWS.get(deploy.direction or '', '')}{deploy.hex or ''}"


# The drawing


def _drawing(
    scenario: MakScenario, content: Content, lines: list[Line], sides: dict[str, LocalizedText]
) -> dict[str, Any]:
    boards = content.boards.get("mak", {})
    sheets = {
        number: Sheet.of(
            number, board_numbers([number]), getattr(boards.get(number), "grid", None), number
        )
        for row in scenario.boards.layout
        for number in row
        if number is not None
    }
    entries, spots, setups = [], [], {}
    for line in lines:
        for position in line.entry.setup:
            setups.setdefault(position.board, set()).add(line.side)
            spots.append(Spot(position.board, position.hex, "setup", line.side, _name(line), False))
        deploy = line.deploy
        if deploy is None:
            continue
        if deploy.edge is None and deploy.turn is None:
            for board in deploy.boards:
                setups.setdefault(board, set()).add(line.side)
            continue
        for board in deploy.boards:
            if deploy.edge:
                entries.append(
                    Entry(board, deploy.edge, line.side, deploy.turn, deploy.hex, deploy.direction)
                )
            if deploy.hex:
                what = _counted(line)
                code = "card-spot-entry" if deploy.turn else "card-spot-entry-any"
                label = said(code, turn=deploy.turn, what=pair_of(what))
                spots.append(Spot(board, deploy.hex, "entry", line.side, label))
    for side in SIDES:
        mines = getattr(scenario.forces, side).land_mines
        shown = mines.fields if mines and mines.fixed != "secret" else ()  # secret: sheet only
        for mine in shown:
            label = said("card-spot-mine", attack=mine.attack, side=pair_of(sides[side]))
            spots.append(Spot(mine.board, mine.hex, "mine", side, label))
    for marker in scenario.markers:
        spots.append(Spot(marker.board, marker.hex, *_marker_spot(marker, sides)))
    what = said("card-drawing-boards")
    return draw(scenario.boards.layout, sheets, what, Marks(entries, spots, setups, sides))


def _marker_spot(
    marker: Any, sides: dict[str, LocalizedText]
) -> tuple[str, str | None, LocalizedText]:
    """A marker's kind of spot, side and label."""
    if marker.marker == "defensive-position":
        kind, label = (
            "position",
            said("card-spot-position", rating=f"{marker.rating:+d}".replace("-", "−")),
        )
    elif marker.marker == "depot":
        kind, label = "depot", said("card-spot-depot")
    else:
        kind, label = "objective", said("card-spot-objective")
    if marker.side:
        label = said("card-spot-owned", what=pair_of(label), side=pair_of(sides[marker.side]))
    return kind, marker.side, label


def _counted(line: Line) -> LocalizedText:
    """A unit's name with its count: `NeuSpotter ×2`."""
    name = _name(line)
    if line.count == 1:
        return name
    en, ja = pair_of(name)
    return LocalizedText(en=f"{en} ×{line.count}", ja=f"{ja} ×{line.count}", tr="none")


# The turn record track


def _track(
    scenario: MakScenario, lines: list[Line], paper: str, sides: dict[str, LocalizedText]
) -> dict[str, Any]:
    """Each turn's arrivals; what sets up before play; what comes on when its player chooses;
    a row of boxes for the rounds fired by each side that has off-board artillery."""
    turns: dict[int, list[Arrival]] = {}
    setup, any_turn, choice = [], [], []
    for line in lines:
        if line.entry.aboard:
            continue  # shown with the vehicle that carries it
        cargo = tuple((_name(c), c.count) for c in _cargo(line, lines))
        deploy = line.deploy
        where = where_code(deploy) if deploy else None
        item = Arrival(line.side, _name(line), line.count, where, cargo)
        if deploy and deploy.turn is not None:
            turns.setdefault(deploy.turn, []).append(item)
        elif line.entry.setup or (deploy and deploy.edge is None):
            setup.append(Arrival(line.side, _name(line), line.count, None, cargo))
        elif deploy:
            any_turn.append(item)
        else:  # no code and no hexes: "optional for the player" (Understanding the Scenarios d)
            choice.append(item)
    records = []
    for side in SIDES:
        batteries = []
        for entry in getattr(scenario.forces, side).artillery:
            try:
                batteries.append(parse_artillery(entry.code))
            except NotationError:
                continue
        if batteries:
            per_turn = sum(battery.per_turn for battery in batteries)
            total = sum(battery.total for battery in batteries)
            label = said("card-record-rounds", side=pair_of(sides[side]), total=total)
            records.append(Record("rounds", label, side, min(per_turn, total)))
    return {**lay_out(scenario.turns, turns, records, paper, setup, any_turn), "choice": choice}


# The forces


def _side(
    scenario: MakScenario,
    side: str,
    lines: list[Line],
    content: Content,
    sides: dict[str, LocalizedText],
) -> dict[str, Any]:
    forces = getattr(scenario.forces, side)
    names = _pilot_names(scenario, content, side)
    carriers = {line.entry.id: line for line in lines if line.side == side and line.entry.id}
    catalogue = content.catalogues["mak"]
    units = []
    for line in (line for line in lines if line.side == side):
        unit = line.unit
        cargo = _cargo(line, lines)
        units.append(
            {
                "name": _name(line),
                "count": line.count,
                "code": line.entry.code,
                "deploy": line.entry.deploy,
                "meaning": _meaning(line, cargo, carriers),
                "note": line.entry.note,
                "rules": [
                    {"number": content.cases[r].number, "anchor": anchor(r)}
                    for r in dict.fromkeys(
                        printed_as(scenario, rule) for rule in (unit.rules if unit else ())
                    )
                    if r in content.cases
                ],
                "overlay": bool(unit and unit.id in catalogue.overlaid),
            }
        )
    return {
        "slug": side,
        "label": sides[side],
        "note": forces.note,
        "units": units,
        "pilots": _pilots(scenario, side, lines, content, names),
        "artillery": [_battery(entry) for entry in forces.artillery],
        "mines": _mines(forces.land_mines),
    }


def _meaning(line: Line, cargo: list[Line], carriers: dict[str, Line]) -> LocalizedText | None:
    """A unit line in words: its code and deployment decoded briefly, where it sets up, what it
    carries or is aboard, its rounds and equipment."""
    entry = line.entry
    phrases = []
    if line.code:
        phrases.append(_code_meaning(line))
    elif _unmanned(line):
        phrases.append(said("card-unmanned"))
    if line.deploy:
        phrases.append(_deploy_meaning(line.deploy))
    if entry.setup:
        phrases.append(_setup(line))
    if not (line.deploy or entry.setup or entry.aboard):
        phrases.append(said("card-player-choice"))
    if cargo:
        phrases.append(said("card-carries", what=pair_of(joined(_counted(c) for c in cargo))))
    if entry.aboard in carriers:
        phrases.append(said("card-aboard", what=pair_of(_name(carriers[entry.aboard]))))
    if entry.rounds is not None:
        phrases.append(said("card-rounds", rounds=entry.rounds))
    if entry.equipment:
        shown = joined(said(f"word:equipment-{e}") for e in entry.equipment)
        phrases.append(said("card-equipment", what=pair_of(shown)))
    if not phrases:
        return None
    return said("card-sentence", text=pair_of(joined(phrases, "card-phrases")))


def _code_meaning(line: Line) -> LocalizedText:
    """A unit code in a few words: how many units, who commands, which pilots fly them."""
    code = line.code
    phrases = [
        said("card-code-one") if code.count == 1 else said("card-code-many", count=code.count)
    ]
    kinds = {1: "card-code-primary", 2: "card-code-secondary", None: "card-code-sole"}
    for leader in code.leaders:
        phrases.append(said(kinds.get(leader.rank, "card-code-primary"), pilot=leader.pilot))
    for pilot in code.pilots:
        phrases.append(
            said("card-code-pilot-one" if code.count == 1 else "card-code-pilot", pilot=pilot)
        )
    if code.controller is not None:
        pilot = code.controller.pilot if isinstance(code.controller, Leader) else code.controller
        manned = "card-code-manned" if code.count == 1 else "card-code-manned-one"
        phrases.append(said(manned if _unmanned(line) else "card-code-controller", pilot=pilot))
    elif _unmanned(line):
        phrases.append(said("card-unmanned"))
    return joined(phrases)


def _unmanned(line: Line) -> bool:
    """Whether the line's unit is one the rulebook makes unmanned, manned only where PC marks
    it [16.1.1]."""
    return bool(line.unit and known(line.unit.unmanned))


def _deploy_meaning(deploy: Deployment) -> LocalizedText:
    """A deployment code in a few words: the turn, the boards, the edge and its zone."""
    code, params = deployment_message(deploy, "card-deploy", pair_of(board_numbers(deploy.boards)))
    return said(code, **params)


def _setup(line: Line) -> LocalizedText:
    """Where the scenario sets the line's units up: `sets up at 6:0804 ×2, 6:1006`."""
    hexes = [
        neutral(f"{p.board}:{p.hex}" + (f" ×{p.count}" if p.count > 1 else ""))
        for p in line.entry.setup
    ]
    return said("card-setup", hexes=pair_of(joined(hexes)))


def _battery(entry: Any) -> dict[str, Any]:
    try:
        artillery = parse_artillery(entry.code)
    except NotationError:
        meaning = None
    else:
        meaning = said("card-artillery", **artillery_params(artillery))
    parts = [meaning] if meaning else []
    if entry.vp_per_round is not None:
        parts.append(said("card-artillery-vp", vp=entry.vp_per_round))
    shown = joined(parts, "card-phrases") if parts else None
    return {"code": entry.code, "meaning": shown, "note": entry.note}


def _mines(mines: Any) -> LocalizedText | None:
    """A side's land mines: the attack value to distribute, the fields the file fixes (known to
    both players, or only that they are set, where they are secret) and where the rest is
    recorded secretly [19.1], [19.1.1]."""
    if not mines:
        return None
    phrases = [said("card-mines", budget=mines.budget)]
    fixed = sum(f.attack for f in mines.fields)
    if mines.fields and mines.fixed == "secret":
        phrases.append(said("card-mines-secret", attack=fixed))
    elif mines.fields:
        fields = joined(neutral(f"{f.board}:{f.hex} ({f.attack})") for f in mines.fields)
        code = "card-mines-open" if mines.fixed == "open" else "card-mines-set"
        phrases.append(said(code, fields=pair_of(fields)))
    left = mines.budget - fixed
    if left > 0 and mines.zone is not None:
        where = pair_of(mine_zone(mines.zone))
        if mines.fields:
            phrases.append(said("card-mines-rest-zone", left=left, where=where))
        else:
            phrases.append(said("card-mines-zone", where=where))
    elif left > 0 and mines.fields:
        phrases.append(said("card-mines-rest", left=left))
    line = joined(phrases, "card-phrases")
    return said("card-phrases-closed", text=pair_of(line)) if len(phrases) > 1 else line


def mine_zone(zone: Any) -> LocalizedText:
    """Where a side's secret mines lie: `board 6`, with the file's words after it."""
    boards = board_numbers(sorted(set(zone.boards)))
    if zone.note is None:
        return boards
    return said("card-mines-zone-where", boards=pair_of(boards), note=pair_of(zone.note))


def _marker(marker: Any, sides: dict[str, LocalizedText]) -> dict[str, Any]:
    kind, side, label = _marker_spot(marker, sides)
    return {"kind": kind, "where": f"{marker.board}:{marker.hex}", "label": label, "side": side}


# Pilots


def _pilot_names(scenario: MakScenario, content: Content, side: str) -> dict[int, LocalizedText]:
    """Each pilot's name and rank: the chart's entry, or a created pilot's own name and rank."""
    return {
        number: LocalizedText(en=en, ja=ja, tr="none")
        for number, (en, ja) in pilot_names(scenario, content, side).items()
    }


def _pilots(
    scenario: MakScenario,
    side: str,
    lines: list[Line],
    content: Content,
    names: dict[int, LocalizedText],
) -> list[dict[str, Any]]:
    """Every pilot the codes assign: number, name and rank, unit, roles, victory points."""
    details = {pilot.number: pilot for pilot in getattr(scenario.forces, side).pilots}
    chart = roster(content, side)
    rows = []
    for line in (line for line in lines if line.side == side and line.code):
        roles = _roles(line)
        for number in line.code.assigned:
            pilot = details.get(number)
            rank = chart[number].rank if number in chart else None
            if pilot and pilot.created and pilot.rank:
                rank = rank_choice(content, pilot.rank)
            modifiers, supplied = _modifiers(content, side, number, pilot)
            rows.append(
                {
                    "number": number,
                    "name": names.get(number, neutral(f"No. {number}")),
                    "unit": _name(line),
                    "roles": roles.get(number, []),
                    "vp": _pilot_vp(content, rank, modifiers),
                    "modifiers": " / ".join(
                        f"{v:+d}".replace("-", "−") if v else "0" for v in modifiers
                    )
                    if modifiers
                    else None,
                    "overlay": supplied,
                }
            )
    return sorted(rows, key=lambda row: row["number"])


def _roles(line: Line) -> dict[int, list[str]]:
    """Which pilots of a line command (`ld1`, `ld2`, `ld`) or control an unmanned unit (`pc`)."""
    kinds = {1: "ld1", 2: "ld2"}
    roles: dict[int, list[str]] = {}
    for leader in line.code.leaders:
        roles.setdefault(leader.pilot, []).append(kinds.get(leader.rank, "ld"))
    controller = line.code.controller
    if isinstance(controller, Leader):
        roles.setdefault(controller.pilot, []).append(kinds.get(controller.rank, "ld"))
        roles[controller.pilot].append("pc")
    elif controller is not None:
        roles.setdefault(controller, []).append("pc")
    return {pilot: list(dict.fromkeys(found)) for pilot, found in roles.items()}


def _modifiers(
    content: Content, side: str, number: int, pilot: Any
) -> tuple[tuple[int, int, int] | None, bool]:
    """A pilot's attack, defense and dog-fight modifiers: as the file gives them, else as an
    overlay's copy of the tokens does (and whether it was the overlay), else None."""
    given = tuple(getattr(pilot, name) for name in ABILITIES) if pilot else ()
    if given and None not in given:
        return given, False  # type: ignore[return-value]
    supplied = token_modifiers(content, side, number)
    return supplied, supplied is not None


def _pilot_vp(
    content: Content, rank: str | None, modifiers: tuple[int, int, int] | None
) -> dict[str, Any]:
    """The pilot's victory points by mak.pilot-vp when the token's modifiers are known; otherwise
    the rank's value alone, the modifiers still to be added [18.2.5]."""
    value = rank_vp(content, rank) if rank is not None else None
    if value is None:  # no rank, or one an overlay's rank chart leaves out
        return {"value": None, "complete": False}
    if modifiers is not None:
        given = ",".join(str(value) for value in modifiers)
        result = calculate(content, "mak.pilot-vp", {"rank": rank, "modifiers": given})
        return {"value": result.outcome.result, "complete": True}
    return {"value": value, "complete": False}


# Victory


def _victory(
    scenario: MakScenario, content: Content, sides: dict[str, LocalizedText]
) -> dict[str, Any]:
    victory = scenario.victory
    return {
        "conditions": victory.conditions,
        "ogp": victory.ogp,
        "unit_values": _unit_values(scenario, content),
        "ogp_anchor": anchor("mak.ogp"),
        "amu": victory.amu,
        "amu_anchor": anchor("mak.16.2.2"),
        "points": [
            {"side": sides[p.side], "slug": p.side, "vp": p.vp, "what": p.what}
            for p in victory.scenario_points
        ],
    }


def _unit_values(scenario: MakScenario, content: Content) -> LocalizedText | None:
    """Where ① of O.G.P. takes each unit's victory points from, as the file says: the tokens,
    or the values it lists (the catalogue's name for each unit)."""
    values = scenario.victory.unit_values
    if values is None:
        return None
    if values == "counter":
        return said("card-unit-values-counter")
    catalogue = content.catalogues["mak"]
    shown = []
    for value in values:
        unit = catalogue.find(value.unit)
        name = unit.name if unit else neutral(value.unit)
        shown.append(said("card-unit-value", unit=pair_of(name), vp=value.vp))
    return said("card-unit-values-list", values=pair_of(joined(shown)))
