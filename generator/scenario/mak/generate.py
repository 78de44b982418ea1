"""A generated Maschinen Krieger scenario: two sides drawn up from the unit catalogue and the
pilot charts until their measures meet, on boards, turns and a date the seed draws.

The measure is stack points [8.1] plus the pilots' rank victory points [18.2.5] (and their token
modifiers where an overlay supplies them), plus attack and defense where an overlay supplies the
unit ability chart; neither is printed in the sources.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from generator.content.chart_reads import chart_number
from generator.content.charts import unwrap
from generator.content.load import Content
from generator.content.model.units import UNKNOWN, Unit
from generator.core.messages import text
from generator.scenario import generated_words  # noqa: F401  (registers the words)
from generator.scenario.budget import MAK_LIMITS
from generator.scenario.mak.notation import CIRCLED
from generator.scenario.mak.pilots import rank_vp, roster, token_modifiers
from generator.scenario.writing import localized, scalar

BALANCING_REACH = 6  # how near the goal a side draws the line that balances, not a random one
MAK_LINES = next(limit.most for limit in MAK_LIMITS if limit.what == "word:budget-unit-lines")
SIZES = {"small": (1, (5, 7), 6), "medium": (2, (6, 9), 10), "large": (3, (8, 12), 16)}
YEARS = (2883, 2884, 2885, 2886)
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
NOT_DRAWN = ("pilot", "eddy-amzel", "pk41")  # not a fighting unit a side fields on its own
# The numbers a code can hold, each written as the notation first writes it (① … ㊿).
WRITTEN = {value: char for char, value in reversed(CIRCLED.items())}


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


@dataclass
class _Weighing:
    """What the balance measured beyond stack points and rank, for the file's comment."""

    abilities: dict[str, int] = field(default_factory=dict)
    ability_chart: bool = False
    tokens: bool = False


def mak_scenario(content: Content, rng: random.Random, seed: int, size: str, command: str) -> str:
    """The body of a generated Ma.K scenario file (without its schema line)."""
    board_count, (low, high), target = SIZES[size]
    boards = sorted(rng.sample(range(1, 8), board_count))
    turns = rng.randint(low, high)
    year, month = rng.choice(YEARS), rng.randint(1, 12)
    attacker = rng.choice(("strahl", "mercenary"))
    defender = "mercenary" if attacker == "strahl" else "strahl"
    edge = rng.choice("NESW")
    sides = {slug: _Side(slug) for slug in ("strahl", "mercenary")}
    for side in sides.values():
        side.free_pilots = sorted(n for n in roster(content, side.slug) if n in WRITTEN)
        rng.shuffle(side.free_pilots)
    weighing = _Weighing()
    while (
        min(side.measure for side in sides.values()) < target
        or abs(sides["strahl"].measure - sides["mercenary"].measure) > 1
    ):
        side = min(sides.values(), key=lambda s: (s.measure, s.slug))
        if len(side.lines) >= MAK_LINES:
            break  # the card's budget: no side gets more lines than a card prints
        arriving_edge = edge if side.slug == attacker else OPPOSITE[edge]
        line = _draw_line(content, rng, sides, side, target, weighing)
        if side.slug == attacker or rng.random() < 0.3:
            first = not side.lines or rng.random() < 0.6
            turn = 1 if first else rng.randint(2, max(2, turns - 2))
            line["deploy"] = f"{turn}{_circled(rng.choice(boards))}{arriving_edge}"
        else:
            line["deploy"] = "".join(_circled(board) for board in boards)
        side.lines.append(line)
    behind = {attacker: edge, defender: OPPOSITE[edge]}  # each side's guns stand off its own edge
    has_spotter = any(line["unit"] == "NeuSpotter" for line in sides["strahl"].lines)
    amu = year * 100 + month > 288412 and has_spotter
    shown_boards = _boards(boards)
    lines = [*_balance_comment(command, sides, weighing)]
    lines += [
        "kind: scenario",
        "system: mak",
        f"id: mak.generated-{seed}-{size}",
        f"title: {localized('generated-mak-title', boards=shown_boards, seed=seed)}",
        "briefing: "
        + localized(
            "generated-mak-briefing",
            date=_date(year, month),
            attacker=f"word:side-{attacker}",
            defender=f"word:side-{defender}",
            boards=shown_boards,
            edge=f"word:edge-{edge}",
            turns=turns,
        ),
        "author: playaid generate",
        f"date: {year}-{month:02d}",
        "boards:",
        f"  layout: [[{', '.join(str(board) for board in boards)}]]",
        f"turns: {turns}",
        f"first_player: {attacker}",
        f"attacker: {attacker}",
        f"set_up: {{first: {defender}}}",
        "forces:",
    ]
    for side in sides.values():
        lines += [f"  {side.slug}:", "    units:", *map(_unit_line, side.lines)]
        if size != "small":
            battery = f"Type II … {_circled(boards[0])}{behind[side.slug]}−60×4 (2)"
            lines += ["    artillery:", f"      - {{code: {scalar(battery)}, vp_per_round: 1}}"]
    conditions = localized(
        "generated-mak-conditions", turns=turns, defender=f"word:side-{defender}"
    )
    lines += [
        "victory:",
        "  ogp: true",
        "  unit_values: counter",
        f"  amu: {'true' if amu else 'false'}",
        f"  conditions: {conditions}",
        f"  otherwise: {defender}",
    ]
    return "\n".join(lines) + "\n"


def _draw_line(
    content: Content,
    rng: random.Random,
    sides: dict[str, _Side],
    side: _Side,
    target: int,
    weighing: _Weighing,
) -> dict[str, Any]:
    """The next line of a side's units, its pilot taken and its measure counted."""
    pool = _pool(content, side.slug)
    unit, count = rng.choice(pool), rng.randint(1, 2)
    other = next(s for s in sides.values() if s is not side)
    wanted = max(target, other.measure)
    # Near the goal, and on the last lines a card allows, the line that balances the sides.
    if len(side.lines) >= MAK_LINES - 2 or side.measure + BALANCING_REACH >= wanted:
        unit, count = _closest(content, rng, side, pool, wanted)
    ability, supplied = _unit_ability(content, unit)
    weighing.ability_chart |= supplied
    if supplied:
        weighing.abilities[unit.name.en] = ability
    side.points += _known(unit.stack_points) * count
    side.ability += ability * count
    line: dict[str, Any] = {"unit": unit.name.en, "count": count}
    if _known(unit.category) in ("aeronautical", "ground") and side.free_pilots:
        number = side.free_pilots.pop()
        side.pilot_vp += _rank_vp(content, roster(content, side.slug)[number].rank)
        modifiers = token_modifiers(content, side.slug, number)
        if modifiers is not None:  # [18.2.5]: +1 a positive, -1 a negative ability point
            side.pilot_vp += sum(modifiers)
            weighing.tokens = True
        if side.leaders < 2:
            side.leaders += 1
            line["pilot"] = f"(Ld {side.leaders}{_circled(number)})"
        else:
            line["pilot"] = _circled(number)
    if unit.rounds and unit.rounds.count != UNKNOWN:
        line["rounds"] = unit.rounds.count
    return line


def _unit_line(line: dict[str, Any]) -> str:
    """One line of a side's `units`, in flow style."""
    code = f"×{line['count']}" + (f" {line['pilot']}" if "pilot" in line else "")
    fields = [
        f"unit: {scalar(line['unit'])}",
        f"code: {scalar(code)}",
        f"deploy: {scalar(line['deploy'])}",
    ]
    if "rounds" in line:
        fields.append(f"rounds: {line['rounds']}")
    return f"      - {{{', '.join(fields)}}}"


def _balance_comment(command: str, sides: dict[str, _Side], weighing: _Weighing) -> list[str]:
    """The file's opening comment: the command, and what the balance measured and found."""
    lines = [
        f"# Generated by `{command}`; playaid generate writes the same file for the same seed.",
        "# Balance, measured as stack points [8.1] + the pilots' victory points [18.2.5]"
        + (" (rank + the token modifiers an overlay supplied)" if weighing.tokens else "")
        + ("" if weighing.tokens else " (rank only)")
        + (
            " + attack and defense from the unit ability chart an overlay supplied"
            if weighing.ability_chart
            else ""
        )
        + ":",
    ]
    for side in sides.values():
        lines.append(
            f"#   {text(f'word:side-{side.slug}')[0]}: {side.measure}"
            f" = {side.points} stack points + {side.pilot_vp} pilot VP"
            + (f" + {side.ability} attack and defense" if weighing.ability_chart else "")
        )
    if weighing.abilities:
        used = ", ".join(f"{name} {value}" for name, value in sorted(weighing.abilities.items()))
        lines.append(f"#   attack + defense taken from the overlay's mak.unit-ability: {used}")
    gap = abs(sides["strahl"].measure - sides["mercenary"].measure)
    lines.append(f"#   difference {gap} ({100 * gap // max(sides['strahl'].measure, 1)}%)")
    if not weighing.ability_chart:
        lines.append(
            "# The unit ability chart is not printed in the sources, so attack and defense are not"
            " weighed;"
        )
        lines.append("# give it with --overlay (table mak.unit-ability) to weigh them too.")
    if not weighing.tokens:
        lines.append(
            "# The pilots' token modifiers are not printed in the sources either; give them with"
            " --overlay"
        )
        lines.append("# (table mak.pilot-abilities) to count them in the pilots' victory points.")
    return lines


def _known(fact: Any) -> Any:
    return None if fact == UNKNOWN else fact.value


def _pool(content: Content, side: str) -> list[Unit]:
    """Units a side may field: stack points and category printed, its side or no side known."""
    pool = []
    for unit in content.catalogues["mak"].units.values():
        if unit.id in NOT_DRAWN:
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
            value = chart_number(table.id, unwrap(cells[0].value)[0]) if cells else None
            total += value or 0
    return total, True


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
    return rank_vp(content, rank) or 0


def _boards(boards: list[int]) -> tuple[str, str]:
    """The boards in words: `map board 3`, `map boards 2, 5 and 7` (マップボード2・5・7)."""
    if len(boards) == 1:
        return text("generated-board", number=boards[0])
    numbers = ([str(board) for board in boards[:-1]],) * 2
    return text(
        "generated-boards", numbers=(", ".join(numbers[0]), "・".join(numbers[1])), last=boards[-1]
    )


def _date(year: int, month: int) -> tuple[str, str]:
    """The month and year, `March 2885` (2885年3月)."""
    return text("generated-date", month=f"word:month-{month}", year=year)


def _circled(number: int) -> str:
    return WRITTEN[number]
