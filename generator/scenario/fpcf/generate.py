"""A generated Flashpoint: Central Front scenario: one map of a group, formations named by nation
and echelon, and everything the file cannot know left to the original game.

No seed lists the counters, so a generated file names none: its NATO divisions set up as the
original game's set-up places them (`original_setup`, the Set-up rule, seed 000 l.209), its Warsaw
Pact divisions enter where that game brings them on, on the turn the seed draws. The nations are
the map group's (the Air Strike Aircraft Type tables), less the US on BAOR (l.78). The balance is
each formation's starting morale from the Starting Morale chart: elite 4, 1st line 3, reserve 2,
militia 1.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from string import ascii_uppercase

from generator.content.charts import unwrap
from generator.content.load import Content
from generator.core.errors import UserError
from generator.core.messages import REGISTRY, text
from generator.scenario import generated_words  # noqa: F401  (registers the words)
from generator.scenario.budget import FPCF_FORMATIONS
from generator.scenario.fpcf.checks import PRE_GAME_OPS, WARSAW_PACT
from generator.scenario.writing import localized, translated
from generator.tableside.lookup import lookup

SIZES = {"small": (3, 4), "medium": (6, 6), "large": (9, 8)}  # (morale to reach a side, turns)
QUALITY_WEIGHT = {"elite": 4, "first-line": 3, "reserve": 2, "militia": 1}
NOT_ON_MAP = {"baor": frozenset({"us"})}  # l.78: "on the BAOR map there are no USA aircraft"
BRIGADE_MAPS = frozenset({"baor"})  # l.211: West German brigades attached to divisions, "see BAOR"
MAP_GROUPS = ("north", "south")  # in the order a seed picks one: the shipped maps have both
LATEST_ARRIVAL = 3  # Warsaw Pact divisions after the first enter by this turn, while there is play


@dataclass
class _Formation:
    """One formation being drawn up."""

    id: str
    nation: str
    echelon: str
    name: tuple[str, str]
    morale: str | None = None
    attached_to: str | None = None
    turn: int | None = None  # the turn it enters; None: it sets up as the original game places it


@dataclass
class _Forces:
    """Both sides' formations and their measured morale."""

    formations: list[_Formation] = field(default_factory=list)
    weights: dict[str, int] = field(default_factory=lambda: {"nato": 0, "wp": 0})

    def count(self, side: str) -> int:
        return sum(1 for f in self.formations if _side(f.nation) == side)

    def letter(self) -> str:
        return ascii_uppercase[len(self.formations)]


def fpcf_scenario(content: Content, rng: random.Random, seed: int, size: str, command: str) -> str:
    """The body of a generated Flashpoint: Central Front scenario file (without its schema line)."""
    goal, turns = SIZES[size]
    maps = content.maps.get("fpcf", {})
    group, game_map = _map(content, rng)
    surprise = rng.random() < 0.5
    nations = _nations(content, group, game_map)
    for side, found in nations.items():
        if not found:  # an overlay's charts name no nation the morale chart knows
            raise UserError("generate-no-nation", side=f"word:side-{side}", group=group)
    brigade = game_map in BRIGADE_MAPS and "wg" in nations["nato"]
    most = {"nato": FPCF_FORMATIONS - brigade, "wp": FPCF_FORMATIONS}
    forces = _Forces()
    weights = forces.weights
    while min(weights.values()) < goal or abs(weights["nato"] - weights["wp"]) > 1:
        side = min(weights, key=lambda s: (weights[s], s))
        if forces.count(side) >= most[side]:
            break  # the card's budget: no side gets more formations than a card prints
        formation = _division(content, rng, forces, side, rng.choice(nations[side]), turns)
        forces.formations.append(formation)
        weights[side] += QUALITY_WEIGHT.get(formation.morale or "", 0)
    division = next((f for f in forces.formations if f.nation == "wg"), None)
    if brigade and division is not None:
        letter = forces.letter()
        forces.formations.append(
            _Formation(
                f"wg-{letter.lower()}",
                "wg",
                "brigade",
                _name("generated-fpcf-brigade", "wg", letter),
                morale=division.morale,  # the chart lists no brigades: its division's
                attached_to=division.id,
            )
        )
    activation = [f.id for f in forces.formations if f.turn == 1] if surprise else []
    present = list(dict.fromkeys(f.nation for f in forces.formations))
    title = maps[game_map].title
    shown = (title.en, title.ja.split(" (")[0])  # ホーフ・ギャップ, without the English it adds
    kind = "word:game-surprise" if surprise else "word:game-non-surprise"
    lines = _balance_comment(command, forces)
    lines += [
        "kind: scenario",
        "system: fpcf",
        f"id: fpcf.generated-{seed}-{size}",
        "title: "
        + localized(
            "generated-fpcf-title-surprise" if surprise else "generated-fpcf-title",
            map=shown,
            seed=seed,
        ),
        "briefing: " + localized("generated-fpcf-briefing", kind=kind, turns=turns, map=shown),
        "author: playaid generate",
        f"map_group: {group}",
        f"maps: [{game_map}]",
        f"surprise: {'true' if surprise else 'false'}",
        f"turns: {turns}",
        "set_up: {first: nato}",
        "forces_in_play: listed",
        "air_superiority: wp-3",
        f"nations: [{', '.join(present)}]",
        f"air_strike_nations: [{', '.join(present)}]",
    ]
    if surprise:
        lines.append(f"pre_game: {{activation: [{', '.join(activation)}]}}")
    else:
        lines.append(f"pre_game: {{nato_ops_points: {rng.randint(0, PRE_GAME_OPS)}}}")
    lines.append("formations:")
    for formation in forces.formations:
        lines += _formation_lines(formation)
    lines.append("victory:")
    lines.append(f"  conditions: {localized('generated-fpcf-conditions', turns=turns)}")
    lines += ["  otherwise: nato", "  hqs_count: true"]
    return "\n".join(lines) + "\n"


def _division(
    content: Content, rng: random.Random, forces: _Forces, side: str, nation: str, turns: int
) -> _Formation:
    """A division of a nation: NATO's set up as the original game places them, the Warsaw Pact's
    enter, the first on turn 1 and the others by turn 3."""
    letter = forces.letter()
    formation = _Formation(
        f"{nation}-{letter.lower()}",
        nation,
        "division",
        _name("generated-fpcf-division", nation, letter),
        morale=_starting_morale(content, nation),
    )
    if side == "wp":
        first = forces.count("wp") == 0
        latest = min(LATEST_ARRIVAL, turns)
        formation.turn = 1 if first or rng.random() < 0.5 else rng.randint(2, latest)
    return formation


def _formation_lines(formation: _Formation) -> list[str]:
    """One formation of the file's `formations`."""
    lines = [
        f"  - id: {formation.id}",
        f"    name: {translated(*formation.name)}",
        f"    nation: {formation.nation}",
        f"    echelon: {formation.echelon}",
    ]
    if formation.morale:
        lines.append(f"    morale: {formation.morale}")
    if formation.attached_to:
        lines.append(f"    attached_to: {formation.attached_to}")
    if formation.turn is None:
        lines.append("    original_setup: true")
    else:
        area = localized("generated-fpcf-arrival-area")
        lines += ["    arrives:", f"      turn: {formation.turn}", f"      area: {area}"]
        lines.append("      columns: [{}, {}]")  # in the original game's March Order [17.2]
    return lines


def _balance_comment(command: str, forces: _Forces) -> list[str]:
    """The file's opening comment: the command, and what the balance measured and found."""
    nato, wp = forces.weights["nato"], forces.weights["wp"]
    lines = [
        f"# Generated by `{command}`; playaid generate writes the same file for the same seed.",
        "# Balance, measured as each division's starting morale on the Starting Morale chart"
        " (elite 4, 1st line 3, reserve 2, militia 1):",
        f"#   NATO {nato}, Warsaw Pact {wp}, difference {abs(nato - wp)}",
    ]
    if any(f.echelon == "brigade" for f in forces.formations):
        lines.append("#   The West German brigade has no row on the chart and is not weighed.")
    return lines


def _map(content: Content, rng: random.Random) -> tuple[str, str]:
    """A map group, and a map of it: the other group where an overlay left one without maps."""
    maps = content.maps.get("fpcf", {})
    first = rng.choice(MAP_GROUPS)
    for group in (first, *(other for other in MAP_GROUPS if other != first)):
        found = sorted(map_id for map_id, m in maps.items() if m.group == group)
        if found:
            return group, rng.choice(found)
    raise UserError("generate-no-map", groups=", ".join(MAP_GROUPS))


def _name(code: str, nation: str, letter: str) -> tuple[str, str]:
    """A formation's name: its nation's forces, its echelon and its letter (Soviet division B);
    a nation an overlay added, by its slug."""
    word = f"word:forces-{nation}"
    return text(code, nation=word if word in REGISTRY else nation.upper(), letter=letter)


def _nations(content: Content, group: str, game_map: str) -> dict[str, list[str]]:
    """The NATO and Warsaw Pact nations of a map group (Air Strike Aircraft Type tables), less
    those the seed says are not on the map."""
    table = content.tables["fpcf.aircraft-nation"]
    morale = content.tables["fpcf.starting-morale"].axis("nation")
    absent = NOT_ON_MAP.get(game_map, frozenset())
    found: dict[str, list[str]] = {"nato": [], "wp": []}
    for cell in table.find({"maps": group}):
        choice = morale.match(str(unwrap(cell.value)[0]))
        side = cell.address["side"]
        if choice and choice.slug not in found[side] and choice.slug not in absent:
            found[side].append(choice.slug)
    return found


def _starting_morale(content: Content, nation: str) -> str | None:
    """A nation's divisions' starting morale, as a troop quality slug (Starting Morale chart)."""
    cell = lookup(content.tables["fpcf.starting-morale"], {"nation": nation}).cells[0]
    value = unwrap(cell.value)[0]
    axis = content.tables["fpcf.troop-quality"].axis("quality")
    choice = axis.match(value.en if hasattr(value, "en") else str(value))
    return choice.slug if choice else None


def _side(nation: str) -> str:
    return "wp" if nation in WARSAW_PACT else "nato"
