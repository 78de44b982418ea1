"""A Ma.K S.F.3.D II scenario file: date, boards, turns, sides, forces in the rulebook's codes."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field, StringConstraints
from pydantic_core import PydanticCustomError

from generator.content.model.base import Flag, Int, LocalizedText, Model, Slug
from generator.core.limits import MAX_BUDGET, MAX_COUNT, MAX_ROUNDS
from generator.scenario.base import HexText, ScenarioBase
from generator.scenario.behaviour import FIRST_DATE as FIRST_DATE
from generator.scenario.behaviour import LAST_DATE as LAST_DATE
from generator.scenario.behaviour import year_problem

Side = Literal["strahl", "mercenary"]
MAX_BOARDS = 7  # the map boards [2.1]
MAX_UNIT_VALUES = 14  # a unit value a kind of unit in play, at most 7 lines a side (the budget)
PRINTABLE_DATE = r"^(?:000[1-9]|00[1-9][0-9]|0[1-9][0-9]{2}|[1-9][0-9]{3})-(?:0[1-9]|1[0-2])$"


def _printable_year(value: str) -> str:
    """A year and month the card can print (generator.scenario.behaviour.year_problem)."""
    problem = year_problem(value)
    if problem is not None:
        raise PydanticCustomError(*problem)
    return value


YearMonth = Annotated[
    str,
    StringConstraints(pattern=r"^[0-9]{4}-(?:0[1-9]|1[0-2])$"),
    AfterValidator(_printable_year),
]


class Boards(Model):
    """The map boards in play and how they lie."""

    layout: tuple[tuple[Int | None, ...], ...] = Field(
        min_length=1,
        description="rows from north to south, each the boards from west to east (null: a gap);"
        " every board lies with its north edge up",
    )


class Position(Model):
    """A hex on a board where the scenario fixes a unit."""

    board: Int = Field(description="the board number, 1 to 7")
    hex: HexText
    count: Int = Field(
        default=1, ge=1, le=MAX_COUNT, description="how many of the entry's units stand here"
    )


class Entry(Model):
    """One line of a side's forces: a kind of unit, how many, their pilots, where they come on."""

    id: Slug | None = Field(default=None, description="a name for this line, for `aboard`")
    unit: str = Field(description="the unit, by its id or name in the unit catalogue")
    code: str | None = Field(
        default=None,
        description="the unit code as the rulebook prints it: ×12 (Ld 1①) (Ld 2⑤) ⑪, Ld③, PC④;"
        " none means one unit with no pilot named",
    )
    deploy: str | None = Field(
        default=None,
        description="the deployment code: 1⑤N▷1801 (turn, board, edge, direction, hex) or ⑤⑥E;"
        " a code without an edge letter (⑤) sets up on those boards",
    )
    setup: tuple[Position, ...] = Field(
        default=(), description="hexes where the scenario sets these units up"
    )
    aboard: Slug | None = Field(
        default=None, description="the id of the vehicle line that transports these units"
    )
    rounds: Int | None = Field(
        default=None, ge=0, le=MAX_ROUNDS, description="rocket or PF rounds carried"
    )
    equipment: tuple[Literal["bomb", "missile", "laser"], ...] = Field(
        default=(), description="equipment markers of an aeronautical unit [11.4]"
    )
    note: LocalizedText | None = None


class Pilot(Model):
    """A pilot the scenario says more about: ability modifiers, or a pilot it creates [18.3]."""

    number: Int = Field(ge=1, le=MAX_COUNT, description="the pilot number in the codes")
    attack: Int | None = Field(default=None, description="attack modifier from the token")
    defense: Int | None = Field(default=None, description="defense modifier from the token")
    dogfight: Int | None = Field(default=None, description="dog-fight modifier from the token")
    created: Flag = Field(default=False, description="a pilot created under [18.3]")
    name: LocalizedText | None = Field(default=None, description="a created pilot's name")
    rank: str | None = Field(default=None, description="a created pilot's rank (mak.rank-vp)")


class ArtilleryEntry(Model):
    """Off-board artillery of one side."""

    code: str = Field(description="as the rulebook prints it: Type II … ⑥W−80×5 (2)")
    vp_per_round: Int | None = Field(
        default=None,
        ge=-MAX_BUDGET,
        le=MAX_BUDGET,
        description="victory points each round fired costs (O.G.P. ②)",
    )
    note: LocalizedText | None = None


class Minefield(Model):
    """A hex mined at set-up."""

    board: Int
    hex: HexText
    attack: Int = Field(description="the attack value of the mines in this hex, 5 to 13 [19.1.1]")


class MineZone(Model):
    """Where a side records the mines the file leaves to it, as both players know [19.1.1]."""

    boards: tuple[Int, ...] = Field(
        min_length=1,
        max_length=MAX_BOARDS,
        description="the map boards the side's mines lie on: the fixed fields and the rest",
    )
    note: LocalizedText | None = Field(
        default=None, description="words that narrow the zone, printed after the boards"
    )


class LandMines(Model):
    """The mines a side distributes [19.1]."""

    budget: Int = Field(
        ge=0, le=MAX_BUDGET, description="the total attack value the side may distribute"
    )
    fields: tuple[Minefield, ...] = Field(
        default=(), description="hexes the scenario fixes (the rest the player records secretly)"
    )
    fixed: Literal["open", "secret"] | None = Field(
        default=None,
        description="the fixed fields: `open`, on the card for both players, or `secret`, only"
        " on the side's Minefield Record Sheet [19.1.1]",
    )
    zone: MineZone | None = Field(
        default=None, description="where the mines left to record secretly lie [19.1.1]"
    )


class Forces(Model):
    """One side's units, pilots, artillery and mines."""

    units: tuple[Entry, ...] = Field(default=(), description="the side's units, line by line")
    pilots: tuple[Pilot, ...] = Field(
        default=(), description="pilot ability modifiers, created pilots"
    )
    artillery: tuple[ArtilleryEntry, ...] = Field(default=(), description="off-board artillery")
    land_mines: LandMines | None = None
    note: LocalizedText | None = None


class Sides(Model):
    """Both sides."""

    strahl: Forces
    mercenary: Forces


class Marker(Model):
    """A marker the scenario places: a depot [11.3], a defensive position [12.3], an objective."""

    marker: Literal["depot", "defensive-position", "objective"]
    side: Side | None = Field(default=None, description="whose it is, where that matters")
    board: Int
    hex: HexText
    rating: Int | None = Field(default=None, description="a defensive position's rating, −1 or −2")


class ScenarioPoints(Model):
    """Additional victory points the scenario designates (③ of O.G.P.)."""

    side: Side = Field(description="who scores them")
    vp: Int = Field(ge=-MAX_BUDGET, le=MAX_BUDGET, description="the points; may be negative")
    what: LocalizedText = Field(description="what earns them")


class UnitValue(Model):
    """The victory points a unit is worth in ① of O.G.P., as the scenario gives them."""

    unit: str = Field(description="the unit, by its id or name in the unit catalogue")
    vp: Int = Field(ge=0, le=MAX_BUDGET, description="its victory points")


class Victory(Model):
    """How the game is won."""

    ogp: Flag = Field(default=False, description="the sides compare O.G.P. = ① + ③ − ②")
    unit_values: (
        Literal["counter"]
        | Annotated[tuple[UnitValue, ...], Field(min_length=1, max_length=MAX_UNIT_VALUES)]
        | None
    ) = Field(
        default=None,
        description="where ① of O.G.P. takes each unit's victory points from: `counter`, the"
        " value printed on its token, or a list of {unit, vp}",
    )
    amu: Flag = Field(default=False, description="dropped AMUs score [16.2.2]")
    scenario_points: tuple[ScenarioPoints, ...] = Field(default=(), description="③ of O.G.P.")
    conditions: LocalizedText = Field(description="the victory conditions in words")
    otherwise: Literal["strahl", "mercenary", "draw"] | None = Field(
        default=None,
        description="who wins when the conditions name no winner, a tie included (or a draw)",
    )


class SetUp(Model):
    """Who sets up first, and whether the other side watches."""

    first: Side = Field(description="the side that sets up first")
    hidden: Flag = Field(
        default=False,
        description="each side sets up out of the other's sight, revealed when play begins",
    )


class MakScenario(ScenarioBase):
    """A Ma.K S.F.3.D II scenario."""

    system: Literal["mak"] = Field(description="always `mak`")
    date: YearMonth = Field(
        description="year and month of the battle, YYYY-MM from 0001-01 to 9999-12, e.g. 2885-03",
        json_schema_extra={"pattern": PRINTABLE_DATE},
    )
    boards: Boards
    first_player: Side = Field(description="whose phase comes first each turn")
    attacker: Side = Field(
        description="the attacking side; wins ties of dog-fight ratings [10.2.1]"
    )
    set_up: SetUp | None = Field(default=None, description="the order of set-up")
    forces: Sides
    markers: tuple[Marker, ...] = Field(default=(), description="depots, positions, objectives")
    victory: Victory
