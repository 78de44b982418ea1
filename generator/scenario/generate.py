"""`playaid generate`: new, complete scenario files that pass `check --strict`, balanced by a
documented measure, the same file byte for byte for the same seed.

Ma.K forces are weighed by stack points and the pilots' rank victory points (the tokens' ability
modifiers are not printed anywhere, so they are not counted), plus attack and defense when an
overlay supplies the unit ability chart. Flashpoint: Central Front forces are weighed by their
formations' starting morale: elite 4, 1st line 3, reserve 2, militia 1 for each formation.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from generator.charts import unwrap
from generator.content import Content
from generator.errors import UserError
from generator.lookup import lookup
from generator.model.base import source_hash
from generator.model.units import UNKNOWN, Unit
from generator.scenario.budget import MAK_LIMITS
from generator.scenario.fpcf.checks import WARSAW_PACT
from generator.scenario.mak.pilots import roster, token_modifiers

SIZES = ("small", "medium", "large")
BALANCING_REACH = 6  # how near the goal a side draws the line that balances, not a random one
MAK_LINES = next(limit.most for limit in MAK_LIMITS if limit.what == "word:budget-unit-lines")
MAK_SIZES = {"small": (1, (5, 7), 6), "medium": (2, (6, 9), 10), "large": (3, (8, 12), 16)}
FPCF_SIZES = {"small": (1, 4), "medium": (2, 6), "large": (3, 8)}
QUALITY_WEIGHT = {"elite": 4, "first-line": 3, "reserve": 2, "militia": 1}
MONTHS_EN = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


def generate(content: Content, system: str, seed: int, size: str, command: str, schema: str) -> str:
    """The text of a new scenario file of `system`, its schema line pointing at `schema`."""
    if system not in ("mak", "fpcf"):
        raise UserError("scenario-system", system=system, choices="mak, fpcf")
    rng = random.Random(f"{system}:{seed}:{size}")
    maker = _mak if system == "mak" else _fpcf
    text = maker(content, rng, seed, size, command)
    return f"# yaml-language-server: $schema={schema}\n" + text


def _q(value: object) -> str:
    """A YAML scalar: JSON quoting is valid YAML and keeps every character as written."""
    return json.dumps(value, ensure_ascii=False)


def _text(en: str, ja: str) -> str:
    """A localized text this project wrote in English and translated into Japanese."""
    return f"{{en: {_q(en)}, ja: {_q(ja)}, tr: ja, from: {_q(source_hash(en))}}}"


# Maschinen Krieger


@dataclass
class _Side:
    """One side being drawn up."""

    slug: str
    lines: list[dict[str, Any]] = field(default_factory=list)
    points: int = 0
    pilot_vp: int = 0
    ability: int = 0
    free_pilots: list[int] = field(default_factory=list)
    leaders: int = 0

    @property
    def measure(self) -> int:
        return self.points + self.pilot_vp + self.ability


def _known(fact: Any) -> Any:
    return None if fact == UNKNOWN else fact.value


def _mak_pool(content: Content, side: str) -> list[Unit]:
    """Units a side may field: stack points and category printed, its side or no side known."""
    pool = []
    for unit in content.catalogues["mak"].units.values():
        if unit.id in ("pilot", "eddy-amzel", "pk41"):
            continue
        points, category = _known(unit.stack_points), _known(unit.category)
        owner = _known(unit.side)
        if points is None or category is None or owner not in (None, side, "both"):
            continue
        pool.append(unit)
    return sorted(pool, key=lambda unit: unit.id)


def _unit_ability(content: Content, unit: Unit) -> tuple[int, bool]:
    """Attack plus defense from a unit ability chart an overlay supplied, and whether one did."""
    table = content.tables.get("mak.unit-ability")
    if table is None or not table.axis("unit") or not table.axis("unit").match(unit.id):
        return 0, table is not None
    total = 0
    for ability in ("attack", "defense"):
        if table.axis("ability") and table.axis("ability").match(ability):
            cells = table.find({"unit": unit.id, "ability": ability})
            value = unwrap(cells[0].value)[0] if cells else None
            total += value if isinstance(value, int) else 0
    return total, True


def _mak(content: Content, rng: random.Random, seed: int, size: str, command: str) -> str:
    board_count, (low, high), target = MAK_SIZES[size]
    boards = sorted(rng.sample(range(1, 8), board_count))
    turns = rng.randint(low, high)
    year, month = rng.choice((2883, 2884, 2885, 2886)), rng.randint(1, 12)
    attacker = rng.choice(("strahl", "mercenary"))
    defender = "mercenary" if attacker == "strahl" else "strahl"
    sides = {slug: _Side(slug) for slug in ("strahl", "mercenary")}
    for side in sides.values():
        side.free_pilots = sorted(roster(content, side.slug))
        rng.shuffle(side.free_pilots)
    used_ability = False
    abilities: dict[str, int] = {}  # the unit ability chart's attack + defense, by unit, as used
    tokens = False  # whether an overlay gave the pilots' token modifiers
    edge = rng.choice("NESW")
    opposite = {"N": "S", "S": "N", "E": "W", "W": "E"}[edge]
    while (
        min(side.measure for side in sides.values()) < target
        or abs(sides["strahl"].measure - sides["mercenary"].measure) > 1
    ):
        side = min(sides.values(), key=lambda s: (s.measure, s.slug))
        if len(side.lines) >= MAK_LINES:
            break  # the card's budget: no side gets more lines than a card prints
        pool = _mak_pool(content, side.slug)
        unit = rng.choice(pool)
        count = rng.randint(1, 2)
        other = next(s for s in sides.values() if s is not side)
        wanted = max(target, other.measure)
        # Near the goal, and on the last lines a card allows, the line that balances the sides.
        if len(side.lines) >= MAK_LINES - 2 or side.measure + BALANCING_REACH >= wanted:
            unit, count = _closest(content, rng, side, pool, wanted)
        ability, supplied = _unit_ability(content, unit)
        used_ability |= supplied
        if supplied:
            abilities[unit.name.en] = ability
        side.points += _known(unit.stack_points) * count
        side.ability += ability * count
        line: dict[str, Any] = {"unit": unit.name.en, "count": count}
        if _known(unit.category) in ("aeronautical", "ground") and side.free_pilots:
            number = side.free_pilots.pop()
            pilot = roster(content, side.slug)[number]
            side.pilot_vp += _rank_vp(content, pilot.rank)
            modifiers = token_modifiers(content, side.slug, number)
            if modifiers is not None:  # [18.2.5]: +1 a positive, -1 a negative ability point
                side.pilot_vp += sum(modifiers)
                tokens = True
            if side.leaders < 2:
                side.leaders += 1
                line["pilot"] = f"(Ld {side.leaders}{_circled(number)})"
            else:
                line["pilot"] = _circled(number)
        if unit.rounds and unit.rounds.count != UNKNOWN:
            line["rounds"] = unit.rounds.count
        arriving = side.slug == attacker or rng.random() < 0.3
        if arriving:
            turn = 1 if not side.lines or rng.random() < 0.6 else rng.randint(2, max(2, turns - 2))
            board = rng.choice(boards)
            line["deploy"] = f"{turn}{_circled(board)}{edge if side.slug == attacker else opposite}"
        else:
            line["deploy"] = "".join(_circled(board) for board in boards)
        side.lines.append(line)
    behind = {attacker: edge, defender: opposite}  # each side's guns stand off its own edge
    batteries = {slug: f"Type II … {_circled(boards[0])}{behind[slug]}−60×4 (2)" for slug in sides}
    battery_size = size != "small"
    strahl_has_spotter = any(line["unit"] == "NeuSpotter" for line in sides["strahl"].lines)
    amu = year * 100 + month > 288412 and strahl_has_spotter
    names = {
        "strahl": ("Strahl Troops", "シュトラール軍"),
        "mercenary": ("Mercenary Troops", "傭兵軍"),
    }
    att_en, att_ja = names[attacker]
    def_en, def_ja = names[defender]
    place = rng.choice(("Rehn", "Faserei", "Kalmar", "Norden", "Sudeck", "Weiss"))
    title = (f"Probe at {place} ({seed})", f"{place}への威力偵察 ({seed})")
    briefing = (
        f"{MONTHS_EN[month - 1]} {year}. The {att_en} push onto"
        f" {_boards_en(boards)} from the {_edge_en(edge)}; the {def_en} hold it. {turns} turns.",
        f"{year}年{month}月。{att_ja}が{_edge_ja(edge)}からマップボード"
        f"{'・'.join(str(b) for b in boards)}に進出し、{def_ja}がこれを守る。{turns}ターン。",
    )
    lines = [
        f"# Generated by `{command}`; playaid generate writes the same file for the same seed.",
        "# Balance, measured as stack points [8.1] + the pilots' victory points [18.2.5]"
        + (" (rank + the token modifiers an overlay supplied)" if tokens else " (rank only)")
        + (
            " + attack and defense from the unit ability chart an overlay supplied"
            if used_ability
            else ""
        )
        + ":",
    ]
    for side in sides.values():
        lines.append(
            f"#   {names[side.slug][0]}: {side.measure}"
            f" = {side.points} stack points + {side.pilot_vp} pilot VP"
            + (f" + {side.ability} attack and defense" if used_ability else "")
        )
    if abilities:
        used = ", ".join(f"{name} {value}" for name, value in sorted(abilities.items()))
        lines.append(f"#   attack + defense taken from the overlay's mak.unit-ability: {used}")
    gap = abs(sides["strahl"].measure - sides["mercenary"].measure)
    lines.append(f"#   difference {gap} ({100 * gap // max(sides['strahl'].measure, 1)}%)")
    if not used_ability:
        lines.append(
            "# The unit ability chart is not printed in the sources, so attack and defense are not"
            " weighed;"
        )
        lines.append("# give it with --overlay (table mak.unit-ability) to weigh them too.")
    if not tokens:
        lines.append(
            "# The pilots' token modifiers are not printed in the sources either; give them with"
            " --overlay"
        )
        lines.append("# (table mak.pilot-abilities) to count them in the pilots' victory points.")
    lines += [
        "kind: scenario",
        "system: mak",
        f"id: mak.generated-{seed}-{size}",
        f"title: {_text(*title)}",
        f"briefing: {_text(*briefing)}",
        "author: playaid generate",
        f"date: {year}-{month:02d}",
        "boards:",
        f"  layout: [[{', '.join(str(board) for board in boards)}]]",
        f"turns: {turns}",
        f"first_player: {attacker}",
        f"attacker: {attacker}",
        "forces:",
    ]
    for side in sides.values():
        lines.append(f"  {side.slug}:")
        lines.append("    units:")
        for line in side.lines:
            code = f"×{line['count']}" + (f" {line['pilot']}" if "pilot" in line else "")
            fields = [
                f"unit: {_q(line['unit'])}",
                f"code: {_q(code)}",
                f"deploy: {_q(line['deploy'])}",
            ]
            if "rounds" in line:
                fields.append(f"rounds: {line['rounds']}")
            lines.append(f"      - {{{', '.join(fields)}}}")
        if battery_size:
            lines.append("    artillery:")
            lines.append(f"      - {{code: {_q(batteries[side.slug])}, vp_per_round: 1}}")
    lines += [
        "victory:",
        "  ogp: true",
        f"  amu: {'true' if amu else 'false'}",
        "  conditions: "
        + _text(
            f"At the end of turn {turns} each side computes its O.G.P.; the higher wins, and the"
            f" {def_en} win a tie.",
            f"第{turns}ターン終了時に両軍がO.G.P.を計算し、高いほうが勝利する。同点なら{def_ja}の勝利。",
        ),
    ]
    return "\n".join(lines) + "\n"


def _closest(
    content: Content, rng: random.Random, side: _Side, pool: list[Unit], wanted: int
) -> tuple[Unit, int]:
    """The unit and count (1 or 2) whose line brings a side's measure closest to `wanted`,
    counting the pilot it would take (one of the closest, drawn with the seed's generator)."""
    pilot_vp = 0
    if side.free_pilots:
        number = side.free_pilots[-1]
        pilot_vp = _rank_vp(content, roster(content, side.slug)[number].rank)
        modifiers = token_modifiers(content, side.slug, number)
        pilot_vp += sum(modifiers) if modifiers else 0
    scored = []
    for unit in pool:
        for count in (1, 2):
            ability = _unit_ability(content, unit)[0]
            flies = _known(unit.category) in ("aeronautical", "ground") and side.free_pilots
            gain = (_known(unit.stack_points) + ability) * count + (pilot_vp if flies else 0)
            scored.append((abs(side.measure + gain - wanted), unit.id, count, unit))
    best = min(score for score, *_ in scored)
    return rng.choice([(unit, count) for score, _, count, unit in scored if score == best])


def _rank_vp(content: Content, rank: str | None) -> int:
    if rank is None:
        return 0
    value = lookup(content.table("mak.rank-vp"), {"rank": rank}).cells[0].value
    return value if isinstance(value, int) else 0


def _boards_en(boards: list[int]) -> str:
    numbers = [str(board) for board in boards]
    if len(numbers) == 1:
        return f"map board {numbers[0]}"
    return f"map boards {', '.join(numbers[:-1])} and {numbers[-1]}"


def _circled(number: int) -> str:
    return chr(0x2460 + number - 1)


def _edge_en(edge: str) -> str:
    return {"N": "north", "E": "east", "S": "south", "W": "west"}[edge]


def _edge_ja(edge: str) -> str:
    return {"N": "北端", "E": "東端", "S": "南端", "W": "西端"}[edge]


# Flashpoint: Central Front


def _fpcf(content: Content, rng: random.Random, seed: int, size: str, command: str) -> str:
    per_side, turns = FPCF_SIZES[size]
    group = rng.choice(("north", "south"))
    maps = sorted(
        map_id
        for map_id, game_map in content.maps.get("fpcf", {}).items()
        if game_map.group == group
    )
    game_map = rng.choice(maps)
    shown = content.maps["fpcf"][game_map].title
    surprise = rng.random() < 0.5
    nations = _group_nations(content, group)
    morale = content.tables["fpcf.starting-morale"]
    formations: list[dict[str, Any]] = []
    weights = {"nato": 0, "wp": 0}
    used: set[str] = set()
    nato_column, wp_column = 6, 30
    while min(weights.values()) < per_side * 3 or abs(weights["nato"] - weights["wp"]) > 1:
        side = min(weights, key=lambda s: (weights[s], s))
        nation = rng.choice(nations[side])
        cell = lookup(morale, {"nation": nation}).cells[0]
        quality = _quality(content, unwrap(cell.value)[0])
        number = len(formations) + 1
        formation: dict[str, Any] = {
            "id": f"{nation}-{number}",
            "nation": nation,
            "morale": quality,
            "name": (f"{nation.upper()} division {number}", f"{nation.upper()} 第{number}師団"),
        }
        if side == "nato":
            row = 4 + 5 * sum(1 for f in formations if f["nation"] not in WARSAW_PACT)
            formation["hq"] = f"{nato_column:02d}{row:02d}"
            formation["units"] = [
                f"{nato_column:02d}{row + 1:02d}",
                f"{nato_column:02d}{row + 2:02d}",
            ]
        else:
            first = wp_column + 2 * sum(1 for f in formations if f["nation"] in WARSAW_PACT)
            formation["turn"] = 1 if nation == "su" or rng.random() < 0.5 else 2
            formation["columns"] = [f"{first:02d}01", f"{first + 2 * rng.randint(1, 3):02d}01"]
        formations.append(formation)
        weights[side] += QUALITY_WEIGHT.get(quality or "", 0)
        used.add(nation)
        if len(formations) > 20:
            break
    if "wg" in used:
        division = next(f for f in formations if f["nation"] == "wg")
        row = 4 + 5 * sum(1 for f in formations if f["nation"] not in WARSAW_PACT)
        formations.append(
            {
                "id": "wg-brigade",
                "nation": "wg",
                "brigade": division["id"],
                "name": ("West German panzer brigade", "西ドイツ軍装甲旅団"),
                "units": [f"{nato_column + 4:02d}{row:02d}"],
            }
        )
    soviets = [f for f in formations if f["nation"] == "su"]
    if surprise and not soviets:
        surprise = False
    for formation in soviets:
        formation["turn"] = 1 if surprise else formation["turn"]
    present = [n for n in dict.fromkeys(f["nation"] for f in formations)]
    lines = [
        f"# Generated by `{command}`; playaid generate writes the same file for the same seed.",
        "# Balance, measured as each formation's starting morale (elite 4, 1st line 3, reserve 2,"
        " militia 1):",
        f"#   NATO {weights['nato']}, Warsaw Pact {weights['wp']}, difference"
        f" {abs(weights['nato'] - weights['wp'])}",
        "kind: scenario",
        "system: fpcf",
        f"id: fpcf.generated-{seed}-{size}",
        "title: "
        + _text(
            f"{'Surprise on' if surprise else 'Battle for'} the {shown.en} map ({seed})",
            f"{shown.ja}マップの{'奇襲' if surprise else '戦い'} ({seed})",
        ),
        "briefing: "
        + _text(
            f"A generated {'surprise' if surprise else 'non-surprise'} game of {turns} turns"
            f" on the {shown.en} map.",
            f"{shown.ja}での{turns}ターンの{'奇襲' if surprise else '非奇襲'}ゲーム(自動生成)。",
        ),
        "author: playaid generate",
        f"map_group: {group}",
        f"maps: [{game_map}]",
        f"surprise: {'true' if surprise else 'false'}",
        f"turns: {turns}",
        "air_superiority: wp-3",
        f"nations: [{', '.join(present)}]",
        f"air_strike_nations: [{', '.join(present)}]",
    ]
    if surprise:
        lines.append(f"pre_game: {{activation: [{', '.join(f['id'] for f in soviets)}]}}")
    else:
        lines.append(f"pre_game: {{nato_ops_points: {rng.randint(0, 4)}}}")
    lines.append("formations:")
    for formation in formations:
        lines += [
            f"  - id: {formation['id']}",
            f"    name: {_text(*formation['name'])}",
            f"    nation: {formation['nation']}",
            f"    echelon: {'brigade' if 'brigade' in formation else 'division'}",
        ]
        if formation.get("morale"):
            lines.append(f"    morale: {formation['morale']}")
        if "brigade" in formation:
            lines.append(f"    attached_to: {formation['brigade']}")
        if "hq" in formation:
            lines.append(f"    hq: {{map: {game_map}, hex: {_q(formation['hq'])}}}")
        if "units" in formation:
            lines.append("    units:")
            for number, hex_number in enumerate(formation["units"], 1):
                name = f"{formation['id']}/{number}"
                lines.append(
                    f"      - {{name: {_q(name)}, map: {game_map}, hex: {_q(hex_number)}}}"
                )
        if "columns" in formation:
            lines += ["    arrives:", f"      turn: {formation['turn']}", "      columns:"]
            for hex_number in formation["columns"]:
                lines.append(f"        - entry: {{map: {game_map}, hex: {_q(hex_number)}}}")
    lines.append(
        "victory:\n  conditions: "
        + _text(
            "The side with more formations on the map at the end wins; NATO wins a tie.",
            "終了時にマップ上の部隊が多い側の勝利。同数ならNATO軍の勝利。",
        )
    )
    return "\n".join(lines) + "\n"


def _group_nations(content: Content, group: str) -> dict[str, list[str]]:
    """The NATO and Warsaw Pact nations of a map group (Air Strike Aircraft Type Tables)."""
    table = content.tables["fpcf.aircraft-nation"]
    morale = content.tables["fpcf.starting-morale"].axis("nation")
    found: dict[str, list[str]] = {"nato": [], "wp": []}
    for cell in table.find({"maps": group}):
        choice = morale.match(str(unwrap(cell.value)[0]))
        if choice and choice.slug not in found[cell.address["side"]]:
            found[cell.address["side"]].append(choice.slug)
    return found


def _quality(content: Content, value: object) -> str | None:
    axis = content.tables["fpcf.troop-quality"].axis("quality")
    choice = axis.match(value.en if hasattr(value, "en") else str(value))
    return choice.slug if choice else None
