"""View models of scenario sheets: what a checked scenario file means, laid out for printing.

Everything printed comes from the file, decoded by the scenario stage, and from the content: unit
names from the catalogue, pilots from the pilot chart, victory points from mak.pilot-vp, rules
from their cases. Nothing is guessed: a pilot whose modifiers the file does not give prints the
rank's value and "+ ability (see the token)".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from babel.dates import format_date

from generator.calc import calculate
from generator.catalogue import Catalogue
from generator.content import Content
from generator.loader import Document
from generator.lookup import lookup
from generator.messages import text
from generator.model.base import LocalizedText
from generator.model.rules import Case
from generator.render.booklets import anchor
from generator.render.environment import text_ems
from generator.scenario.findings import Findings
from generator.scenario.fpcf.model import Formation, FpcfScenario
from generator.scenario.mak.explain import (
    explain_artillery,
    explain_deployment,
    explain_unit_code,
    pilot_names,
)
from generator.scenario.mak.forces import SIDES, Line, read_lines
from generator.scenario.mak.model import MakScenario
from generator.scenario.mak.notation import Leader, NotationError, parse_artillery
from generator.scenario.mak.pilots import ABILITIES, rank_choice, roster, token_modifiers
from generator.scenario.options import rules_in_use

SIDE_NAMES = {
    "strahl": ("Strahl Troops", "シュトラール軍"),
    "mercenary": ("Mercenary Troops", "傭兵軍"),
}
EDGE_NAMES = {"N": ("north", "北"), "E": ("east", "東"), "S": ("south", "南"), "W": ("west", "西")}
BOARD_W, BOARD_H, BOARD_GAP, MARGIN = 60, 40, 6, 22


def pair(en: str, ja: str | None = None) -> LocalizedText:
    """A text made by playaid for a sheet, in both languages."""
    return LocalizedText(en=en, ja=ja if ja is not None else en, tr="none")


def as_text(value: tuple[str, str]) -> LocalizedText:
    """An (English, Japanese) pair as a text the templates print."""
    return pair(*value)


@dataclass(frozen=True)
class Rule:
    """A rule the sheet prints in full, with the anchor its mentions link to."""

    case: Case
    anchor: str


@dataclass
class SideView:
    """One side's forces as printed."""

    slug: str
    label: LocalizedText
    units: list[dict[str, Any]] = field(default_factory=list)
    pilots: list[dict[str, Any]] = field(default_factory=list)
    artillery: list[dict[str, Any]] = field(default_factory=list)
    mines: dict[str, Any] | None = None
    note: LocalizedText | None = None


def scenario_context(document: Document, scenario: Any, content: Content) -> dict[str, Any]:
    """The context of a scenario sheet of either system."""
    if isinstance(scenario, MakScenario):
        lines = read_lines(scenario, content.catalogues["mak"], Findings(document))
        context = mak_context(scenario, content, lines)
    else:
        context = fpcf_context(scenario, content)
    return {**context, "anchor": anchor}


def _rules(content: Content, case_ids: list[str]) -> list[Rule]:
    """Cases by id with the cases numbered under them ([18.2] brings 18.2.1 …), each once, in
    the order given."""
    chosen: list[str] = []
    for case_id in case_ids:
        case = content.cases.get(case_id)
        if case is None:
            continue
        chosen.append(case_id)
        if case.number:
            prefix = case.number.removesuffix(".0") + "."
            system = case_id.split(".")[0]
            chosen += [
                other.id
                for ruleset in content.rulesets
                if ruleset.system == system
                for other in ruleset.cases
                if other.number and other.number.startswith(prefix)
            ]
    return [Rule(content.cases[case_id], anchor(case_id)) for case_id in dict.fromkeys(chosen)]


def _option_rules(scenario: Any, content: Content) -> tuple[list[dict[str, Any]], list[str]]:
    """The optional and special rules in use, each with its title and cases."""
    options = content.options.get(scenario.system, {})
    shown, cases = [], []
    for option_id in rules_in_use(scenario):
        option = options.get(option_id)
        if option is None:
            continue
        first = content.cases.get(option.rules[0])
        title = option.title or (first.title if first and first.title else pair(option_id))
        shown.append({"id": option_id, "title": title, "rules": list(option.rules)})
        cases += option.rules
    return shown, cases


# Maschinen Krieger


def mak_context(scenario: MakScenario, content: Content, lines: list[Line]) -> dict[str, Any]:
    """A Ma.K scenario laid out: boards, turn track, forces, pilots, artillery, rules, victory."""
    catalogue = content.catalogues["mak"]
    options, option_cases = _option_rules(scenario, content)
    unit_cases = [rule for line in lines if line.unit for rule in line.unit.rules]
    victory_cases = ["mak.ogp"] if scenario.victory.ogp else []
    victory_cases += ["mak.16.2.2"] if scenario.victory.amu else []
    year, month = (int(part) for part in scenario.date.split("-"))
    sides = side_labels(content)
    boards = sorted(b for row in scenario.boards.layout for b in row if b is not None)
    return {
        "scenario": scenario,
        "date": pair(
            format_date(date(year, month, 1), "MMMM y", locale="en"),
            format_date(date(year, month, 1), "y年M月", locale="ja"),
        ),
        "boards": ", ".join(str(board) for board in boards),
        "side_labels": sides,
        "options": options,
        "drawing": board_drawing(scenario, lines),
        "track": _mak_track(scenario, lines),
        "sides": [_mak_side(scenario, side, lines, content, catalogue, sides) for side in SIDES],
        "markers": _markers(scenario, sides),
        "rules": _rules(content, option_cases + unit_cases + victory_cases),
        "special_rules": scenario.special_rules,
        "victory": _mak_victory(scenario, content),
    }


def side_labels(content: Content) -> dict[str, LocalizedText]:
    """The sides' names as the content's pilot chart prints them."""
    return _choices(content, "mak.pilots", "side")


def _sheets_drawn(rows: Any, label: Any) -> tuple[list[dict[str, Any]], dict, float, float]:
    """Rectangles for the boards or maps of a layout (rows north to south, west to east), each
    with its label; where each stands; the drawing's width and height."""
    across = max(len(row) for row in rows)
    width = 2 * MARGIN + across * BOARD_W + (across - 1) * BOARD_GAP
    height = 2 * MARGIN + len(rows) * BOARD_H + (len(rows) - 1) * BOARD_GAP
    boards, where = [], {}
    for r, row in enumerate(rows):
        for c, board in enumerate(row):
            if board is None:
                continue
            x = MARGIN + c * (BOARD_W + BOARD_GAP)
            y = MARGIN + r * (BOARD_H + BOARD_GAP)
            boards.append({**label(board), "x": x, "y": y, "w": BOARD_W, "h": BOARD_H})
            where[board] = (x, y)
    return boards, where, width, height


def _frame(width: float, height: float) -> dict[str, Any]:
    """The compass arrow and the edge letters around a drawing."""
    return {
        "compass": {"x": width - 10, "y": 12},
        "edges": {
            "N": (width / 2, 9),
            "S": (width / 2, height - 3),
            "W": (6, height / 2),
            "E": (width - 6, height / 2),
        },
    }


def map_drawing(scenario: FpcfScenario, content: Content) -> dict[str, Any] | None:
    """The maps as `map_layout` places them, north up, each named; a scenario of one map needs
    no layout. None where several maps are in play and the file does not say how they lie."""
    rows = scenario.map_layout or ([list(scenario.maps)] if len(scenario.maps) == 1 else None)
    if rows is None:
        return None
    maps = content.maps.get("fpcf", {})

    def label(map_id: str) -> dict[str, Any]:
        title = maps[map_id].title if map_id in maps else pair(map_id)
        return {"number": None, "lines": _map_label(title)}

    boards, _, width, height = _sheets_drawn(rows, label)
    names = [
        [maps[map_id].title if map_id in maps else pair(map_id) for map_id in row if map_id]
        for row in rows
    ]
    return {
        "width": width,
        "height": height,
        "rows": names,
        "boards": boards,
        "marks": [],
        **_frame(width, height),
    }


LABEL_SIZE, LABEL_ROOM = 6.0, BOARD_W - 8  # a map's name: its largest size, the width it may take


def _map_label(title: LocalizedText) -> dict[str, list[tuple[str, float]]]:
    """A map's name as its rectangle prints it in each edition: lines of (text, font size), each
    size shrunk until the line fits. The bilingual edition's Japanese line leaves out an English
    name in parentheses (北ドイツ平原 (North German Plain)), which the English line gives."""
    japanese_alone = title.ja.split(" (")[0] if title.en in title.ja else title.ja
    name, _, aside = title.ja.partition(" (")
    texts = {
        "en": [title.en],
        "ja": [name, f"({aside}"] if aside else [title.ja],
        "both": [title.en] if title.en == title.ja else [title.en, japanese_alone],
    }
    return {
        edition: [(text, min(LABEL_SIZE, LABEL_ROOM / text_ems(text))) for text in shown]
        for edition, shown in texts.items()
    }


def board_drawing(scenario: MakScenario, lines: list[Line]) -> dict[str, Any]:
    """The boards as the layout places them, north up, with the edges each side enters by."""
    boards, where, width, height = _sheets_drawn(
        scenario.boards.layout, lambda board: {"number": board, "lines": None}
    )
    entries: dict[tuple[str, int, str], int] = {}
    for line in lines:
        if line.deploy and line.deploy.edge:
            # Units aboard the line come on with it, through the same edge [13.1.2].
            count = line.count + sum(cargo.count for cargo in _cargo(line, lines))
            for board in line.deploy.boards:
                key = (line.side, board, line.deploy.edge)
                entries[key] = entries.get(key, 0) + count
    marks = []
    for (side, board, edge), count in sorted(entries.items()):
        if board not in where:
            continue
        x, y = where[board]
        offset = -8 if side == "strahl" else 8
        mx, my = {
            "N": (x + BOARD_W / 2 + offset, y - 4),
            "S": (x + BOARD_W / 2 + offset, y + BOARD_H + 4),
            "W": (x - 4, y + BOARD_H / 2 + offset / 2),
            "E": (x + BOARD_W + 4, y + BOARD_H / 2 + offset / 2),
        }[edge]
        marks.append({"side": side, "x": mx, "y": my, "count": count, "edge": edge, "board": board})
    layout = scenario.boards.layout
    names = [[pair(str(board)) for board in row if board is not None] for row in layout]
    return {
        "width": width,
        "height": height,
        "rows": names,
        "boards": boards,
        "marks": marks,
        **_frame(width, height),
    }


def _mak_track(scenario: MakScenario, lines: list[Line]) -> dict[str, Any]:
    """Each turn with what arrives on it; what sets up before play; what arrives when chosen."""
    turns: dict[int, list[dict[str, Any]]] = {turn: [] for turn in range(1, scenario.turns + 1)}
    setup, any_turn = [], []
    for line in lines:
        if line.entry.aboard:
            continue  # shown with the vehicle that carries it
        item = {
            "side": line.side,
            "name": _unit_name(line),
            "count": line.count,
            "aboard": [
                {"name": _unit_name(cargo), "count": cargo.count} for cargo in _cargo(line, lines)
            ],
        }
        deploy = line.deploy
        if deploy and deploy.turn is not None and deploy.turn in turns:
            item["where"] = _where(deploy)
            turns[deploy.turn].append(item)
        elif line.entry.setup or (deploy and deploy.edge is None):
            setup.append(item)
        elif deploy:
            item["where"] = _where(deploy)
            any_turn.append(item)
    return {"turns": turns, "setup": setup, "any_turn": any_turn}


def _where(deploy: Any) -> str:
    """A short place of entry: `5N▷1801`."""
    boards = "".join(chr(0x2460 + board - 1) for board in deploy.boards)
    arrow = {"E": "▷", "W": "◁", "S": "▽", "N": "△"}.get(deploy.direction or "", "")
    return f"{boards}{deploy.edge or ''}{arrow}{deploy.hex or ''}"


def _cargo(carrier: Line, lines: list[Line]) -> list[Line]:
    """The lines aboard a vehicle line: its side's lines whose `aboard` names its `id`."""
    if not carrier.entry.id:
        return []
    return [
        line
        for line in lines
        if line.side == carrier.side and line.entry.aboard == carrier.entry.id
    ]


def _unit_name(line: Line) -> LocalizedText:
    return line.unit.name if line.unit else pair(line.entry.unit)


def _mak_side(
    scenario: MakScenario,
    side: str,
    lines: list[Line],
    content: Content,
    catalogue: Catalogue,
    labels: dict[str, LocalizedText],
) -> SideView:
    forces = getattr(scenario.forces, side)
    view = SideView(side, labels[side], note=forces.note)
    names = pilot_names(scenario, content, side)
    carriers = {line.entry.id: line for line in lines if line.side == side and line.entry.id}
    for line in (line for line in lines if line.side == side):
        unit = line.unit
        view.units.append(
            {
                "name": _unit_name(line),
                "count": line.count,
                "code": line.entry.code,
                "code_meaning": as_text(explain_unit_code(line.code, names)) if line.code else None,
                "deploy": line.entry.deploy,
                "deploy_meaning": as_text(explain_deployment(line.deploy)) if line.deploy else None,
                "setup": [
                    f"{p.board}:{p.hex}" + (f" ×{p.count}" if p.count > 1 else "")
                    for p in line.entry.setup
                ],
                "aboard": _unit_name(carriers[line.entry.aboard])
                if line.entry.aboard in carriers
                else None,
                "rounds": line.entry.rounds,
                "equipment": list(line.entry.equipment),
                "rules": [anchor(rule) for rule in unit.rules] if unit else [],
                "rule_numbers": [content.cases[r].number for r in unit.rules if r in content.cases]
                if unit
                else [],
                "overlay": bool(unit and unit.id in catalogue.overlaid),
                "note": line.entry.note,
            }
        )
    view.pilots = _pilots(scenario, side, lines, content, names)
    for entry in forces.artillery:
        try:
            meaning = as_text(explain_artillery(parse_artillery(entry.code)))
        except NotationError:
            meaning = None
        view.artillery.append(
            {"code": entry.code, "meaning": meaning, "vp": entry.vp_per_round, "note": entry.note}
        )
    if forces.land_mines:
        mines = forces.land_mines
        view.mines = {
            "budget": mines.budget,
            "fields": [f"{f.board}:{f.hex} — {f.attack}" for f in mines.fields],
            "left": mines.budget - sum(f.attack for f in mines.fields),
        }
    return view


def _pilots(
    scenario: MakScenario, side: str, lines: list[Line], content: Content, names: dict
) -> list[dict[str, Any]]:
    """Every pilot the codes assign: name, rank, role, unit, victory points [18.2.5]."""
    details = {pilot.number: pilot for pilot in getattr(scenario.forces, side).pilots}
    chart = roster(content, side)
    ranks = content.tables["mak.rank-vp"]
    rows = []
    for line in (line for line in lines if line.side == side and line.code):
        roles = _roles(line)
        for number in line.code.assigned:
            pilot = details.get(number)
            rank = chart[number].rank if number in chart else None
            if pilot and pilot.created and pilot.rank:
                rank = rank_choice(content, pilot.rank)
            modifiers, supplied = _pilot_modifiers(content, side, number, pilot)
            rows.append(
                {
                    "number": number,
                    "name": as_text(names[number]) if number in names else pair(f"No. {number}"),
                    "unit": _unit_name(line),
                    "roles": roles.get(number, []),
                    "rank": ranks.axis("rank").choice(rank).label if rank else None,
                    "vp": _pilot_vp(content, rank, modifiers),
                    "modifiers": _modifiers(modifiers),
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


def _pilot_modifiers(
    content: Content, side: str, number: int, pilot: Any
) -> tuple[tuple[int, int, int] | None, bool]:
    """A pilot's attack, defense and dog-fight modifiers: as the scenario file gives them, else
    as an overlay's copy of the tokens does (and whether it was the overlay), else None."""
    given = tuple(getattr(pilot, name) for name in ABILITIES) if pilot else ()
    if given and None not in given:
        return given, False  # type: ignore[return-value]
    supplied = token_modifiers(content, side, number)
    return supplied, supplied is not None


def _modifiers(modifiers: tuple[int, int, int] | None) -> str | None:
    if modifiers is None:
        return None
    return " / ".join(f"{value:+d}" if value else "0" for value in modifiers)


def _pilot_vp(
    content: Content, rank: str | None, modifiers: tuple[int, int, int] | None
) -> dict[str, Any]:
    """The pilot's victory points by mak.pilot-vp when the token's modifiers are known (from the
    file or an overlay); otherwise the rank's value alone, the modifiers still to be added."""
    if rank is None:
        return {"value": None, "complete": False}
    if modifiers is not None:
        given = ",".join(str(value) for value in modifiers)
        result = calculate(content, "mak.pilot-vp", {"rank": rank, "modifiers": given})
        return {"value": result.outcome.result, "complete": True}
    value = lookup(content.table("mak.rank-vp"), {"rank": rank}).cells[0].value
    return {"value": value, "complete": False}


def _markers(scenario: MakScenario, sides: dict[str, LocalizedText]) -> list[dict[str, Any]]:
    return [
        {
            "marker": marker.marker,
            "side": sides[marker.side] if marker.side else None,
            "where": f"{marker.board}:{marker.hex}",
            "rating": marker.rating,
        }
        for marker in scenario.markers
    ]


def _mak_victory(scenario: MakScenario, content: Content) -> dict[str, Any]:
    victory = scenario.victory
    return {
        "conditions": victory.conditions,
        "ogp": content.cases.get("mak.ogp") if victory.ogp else None,
        "ogp_anchor": anchor("mak.ogp"),
        "amu": victory.amu,
        "amu_anchor": anchor("mak.16.2.2"),
        "points": [
            {"side": side_labels(content)[p.side], "vp": p.vp, "what": p.what}
            for p in victory.scenario_points
        ],
    }


# Flashpoint: Central Front


def fpcf_context(scenario: FpcfScenario, content: Content) -> dict[str, Any]:
    """A Flashpoint: Central Front scenario laid out: maps, track, formations, rules, victory."""
    from generator.scenario.fpcf.checks import WARSAW_PACT

    options, option_cases = _option_rules(scenario, content)
    nations = _choices(content, "fpcf.starting-morale", "nation")
    levels = _choices(content, "fpcf.air-strike-availability", "level")
    maps = content.maps.get("fpcf", {})
    formations = {f.id: f for f in scenario.formations}
    cases = ["fpcf.setup"]
    cases += ["fpcf.soviet-surprise-phase"] if scenario.surprise else ["fpcf.non-surprise-scenario"]
    if any(f.nation == "wg" and f.echelon == "brigade" for f in scenario.formations):
        cases.append("fpcf.west-german-brigades")
    if any(f.drops for f in scenario.formations):
        cases += ["fpcf.airborne-units", "cf.15.2"]
    if any(f.arrives and f.arrives.columns for f in scenario.formations):
        cases += ["cf.17.2", "cf.17.21"]
    sides = []
    for side in ("nato", "wp"):
        members = [f for f in scenario.formations if (f.nation in WARSAW_PACT) == (side == "wp")]
        sides.append(
            {
                "slug": side,
                "formations": [_formation(f, nations, formations, content) for f in members],
            }
        )
    return {
        "scenario": scenario,
        "level": levels.get(scenario.air_superiority) or pair(scenario.air_superiority),
        "nations": _join_labels([nations.get(n) or pair(n) for n in scenario.nations]),
        "strike_nations": _join_labels(
            [nations.get(n) or pair(n) for n in scenario.air_strike_nations]
        ),
        "maps": [
            {
                "id": map_id,
                "title": maps[map_id].title if map_id in maps else pair(map_id),
                "group": maps[map_id].group if map_id in maps else None,
            }
            for map_id in scenario.maps
        ],
        "pre_game": {
            "ops": scenario.pre_game.nato_ops_points,
            "activation": [
                formations[f].name if f in formations else pair(f)
                for f in scenario.pre_game.activation
            ],
        },
        "options": options,
        "track": _fpcf_track(scenario),
        "drawing": map_drawing(scenario, content),
        "sides": sides,
        "rules": _rules(content, cases + option_cases),
        "special_rules": scenario.special_rules,
        "victory": {
            "conditions": scenario.victory.conditions,
            "ogp": None,
            "points": [],
            "amu": False,
        },
    }


def _choices(content: Content, table_id: str, key: str) -> dict[str, LocalizedText]:
    table = content.tables.get(table_id)
    axis = table.axis(key) if table else None
    return {choice.slug: choice.label for choice in axis.choices} if axis else {}


def _join_labels(labels: list[LocalizedText]) -> LocalizedText:
    return pair(", ".join(label.en for label in labels), "、".join(label.ja for label in labels))


def _formation(
    formation: Formation, nations: dict, formations: dict, content: Content
) -> dict[str, Any]:
    qualities = _choices(content, "fpcf.troop-quality", "quality")
    arrives = formation.arrives
    return {
        "name": formation.name,
        "nation": nations.get(formation.nation) or pair(formation.nation),
        "echelon": formation.echelon,
        "morale": qualities.get(formation.morale or "") if formation.morale else None,
        "morale_note": formation.morale_note,
        "attached_to": formations[formation.attached_to].name
        if formation.attached_to in formations
        else None,
        "hq": f"{formation.hq.map} {formation.hq.hex}" if formation.hq else None,
        "units": [f"{unit.name} — {unit.map} {unit.hex}" for unit in formation.units],
        "arrives": {
            "turn": arrives.turn,
            "area": arrives.area,
            "columns": [
                {"entry": f"{c.entry.map} {c.entry.hex}", "units": ", ".join(c.units)}
                for c in arrives.columns
            ],
        }
        if arrives
        else None,
        "drops": [f"{d.unit} — {d.map} {d.hex} ({d.turn})" for d in formation.drops],
    }


def _fpcf_track(scenario: FpcfScenario) -> dict[str, Any]:
    from generator.scenario.fpcf.checks import WARSAW_PACT

    turns: dict[int, list[dict[str, Any]]] = {turn: [] for turn in range(1, scenario.turns + 1)}
    setup = []
    for formation in scenario.formations:
        side = "wp" if formation.nation in WARSAW_PACT else "nato"
        if formation.arrives and formation.arrives.turn in turns:
            turns[formation.arrives.turn].append({"side": side, "name": formation.name, "count": 1})
        elif formation.units or formation.hq:
            setup.append({"side": side, "name": formation.name, "count": 1})
        for drop in formation.drops:
            if drop.turn in turns:
                turns[drop.turn].append(
                    {
                        "side": side,
                        "name": pair(
                            f"{drop.unit} (drop {drop.map} {drop.hex})",
                            f"{drop.unit}(降下 {drop.map} {drop.hex})",
                        ),
                        "count": 1,
                    }
                )
    return {"turns": turns, "setup": setup, "any_turn": []}


# What a kit fills in on the record sheets.


def kit_batteries(scenario: MakScenario, content: Content) -> list[dict[str, Any]]:
    """Each side's off-board artillery for the head of the Artillery Request Record Sheet."""
    sides = side_labels(content)
    batteries = []
    for side in SIDES:
        for entry in getattr(scenario.forces, side).artillery:
            artillery = parse_artillery(entry.code)
            batteries.append(
                {
                    "side": sides[side],
                    "type": artillery.type,
                    "board": artillery.board,
                    "direction": as_text(text(f"word:edge-{artillery.edge}")),
                    "distance": artillery.distance,
                    "per_turn": artillery.per_turn,
                    "total": artillery.total,
                    "code": entry.code,
                }
            )
    return batteries


def kit_aircraft(
    document: Document, scenario: MakScenario, content: Content
) -> dict[str, list[dict[str, Any]]]:
    """Each side's aeronautical units, with their pilots and turn of arrival, for its card."""
    lines = read_lines(scenario, content.catalogues["mak"], Findings(document))
    aircraft: dict[str, list[dict[str, Any]]] = {side: [] for side in SIDES}
    for line in lines:
        unit = line.unit
        flying = unit and (
            (unit.category != "unknown" and unit.category.value == "aeronautical")
            or (unit.type != "unknown" and unit.type.value == "iii")
        )
        if not flying:
            continue
        assigned = list(line.code.assigned) if line.code else []
        turn = line.deploy.turn if line.deploy else None
        aircraft[line.side].append(
            {
                "name": _unit_name(line),
                "count": line.count,
                "pilots": ", ".join(f"No. {n}" for n in assigned),
                "pilot_count": len(assigned),
                "turn": turn,
            }
        )
    return aircraft


def has_aircraft(document: Document, scenario: Any, content: Content) -> bool:
    """Whether a Ma.K scenario fields aeronautical units (and so needs Air Commitment Cards)."""
    return isinstance(scenario, MakScenario) and any(
        kit_aircraft(document, scenario, content).values()
    )
