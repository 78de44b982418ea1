"""A Flashpoint: Central Front scenario file: maps, nations, formations, arrivals and drops."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from generator.content.model.base import Flag, Int, LocalizedText, Model, Slug
from generator.core.limits import MAX_BUDGET, MAX_TURNS
from generator.scenario.base import HexText, ScenarioBase
from generator.scenario.behaviour import FormationPlan

Echelon = Literal["front", "army", "corps", "division", "brigade", "regiment", "independent"]


class Place(Model):
    """A hex on a map."""

    map: Slug = Field(description="the map's id (content/fpcf/maps, or an overlay)")
    hex: HexText


class Unit(Model):
    """A unit the scenario sets up, by the name on its counter."""

    name: str = Field(description="as printed on the counter, e.g. 3/27 MR")
    map: Slug
    hex: HexText


class Column(Model):
    """A march column of a Warsaw Pact division [17.2]."""

    entry: Place | None = Field(
        default=None,
        description="the column's entry hex; none: the player picks it at the start of the turn"
        " [17.22]",
    )
    units: tuple[str, ...] = Field(
        default=(),
        description="the units in march order; none: as the original game's Exclusive Rules'"
        " March Order gives them [17.2]",
    )


class Arrival(Model):
    """When and where a formation enters as reinforcements."""

    turn: Int = Field(ge=1, le=MAX_TURNS, description="the game turn it enters")
    area: LocalizedText | None = Field(default=None, description="the entry area, in words")
    columns: tuple[Column, ...] = Field(default=(), description="march columns [17.2]")
    units: tuple[str, ...] = Field(
        default=(), description="the units that enter, where they do not come in march columns"
    )
    original_oob: Flag = Field(
        default=False,
        description="it enters with the units the original game's order of battle gives it",
    )


class Fallback(Model):
    """Where a drop goes when [15.2] bars its hex at the time: another hex, or an area in which
    its player chooses."""

    hex: HexText | None = Field(default=None, description="another hex on the same map")
    area: LocalizedText | None = Field(
        default=None, description="an area in words, in which the player chooses the hex"
    )


class Drop(Model):
    """An airborne unit's drop [15.2]."""

    unit: str = Field(description="the airborne unit, by the name on its counter")
    turn: Int = Field(ge=1, le=MAX_TURNS, description="the game turn of the drop")
    map: Slug
    hex: HexText
    fallback: Fallback | None = Field(
        default=None,
        description="where it drops when [15.2] bars its hex then (an enemy unit in the hex or"
        " next to it): another `hex`, or an `area` the player chooses in",
    )


class Formation(FormationPlan, Model):
    """A division, brigade, army or independent unit with its HQ and units."""

    id: Slug = Field(description="a name for the formation within this file")
    name: LocalizedText
    nation: Slug = Field(description="us, uk, wg, fr, be, nl, ca, su, eg, po or cz")
    echelon: Echelon
    morale: Slug | None = Field(
        default=None, description="starting morale: elite, first-line, reserve or militia"
    )
    morale_row: Slug | None = Field(
        default=None, description="the Starting Morale row, where a nation has several (5gta…)"
    )
    morale_note: LocalizedText | None = Field(
        default=None, description="why the morale differs from the Starting Morale chart"
    )
    attached_to: Slug | None = Field(
        default=None, description="the division a West German brigade is attached to"
    )
    original_setup: Flag = Field(
        default=False,
        description="its units set up as the original game's set-up places them (Set-up);"
        " they are then not listed in `units`",
    )
    hq: Place | None = Field(default=None, description="where the formation's HQ sets up")
    units: tuple[Unit, ...] = Field(default=(), description="units set up on the map")
    arrives: Arrival | None = Field(default=None, description="when it enters as reinforcements")
    drops: tuple[Drop, ...] = Field(default=(), description="airborne drops")


class PreGame(Model):
    """What happens before game turn 1."""

    nato_ops_points: Int | None = Field(
        default=None,
        ge=0,
        le=MAX_BUDGET,
        description="NATO's pre-game Ops points in a non-surprise game",
    )
    activation: tuple[Slug, ...] = Field(
        default=(),
        description="the formations of the pre-GT1 activation, in order: every Warsaw Pact"
        " formation that enters on game turn 1",
    )


class SetUp(Model):
    """Who sets up first, and whether the other side watches."""

    first: Literal["nato", "wp"] = Field(description="the side that sets up first")
    hidden: Flag = Field(
        default=False,
        description="each side sets up out of the other's sight, revealed when play begins",
    )


class Victory(Model):
    """How the game is won."""

    conditions: LocalizedText = Field(description="the victory conditions in words")
    otherwise: Literal["nato", "wp", "draw"] | None = Field(
        default=None,
        description="who wins when the conditions name no winner, a tie included (or a draw)",
    )
    hqs_count: Flag | None = Field(
        default=None, description="whether HQs count as units where the conditions count units"
    )


class FpcfScenario(ScenarioBase):
    """A Flashpoint: Central Front scenario."""

    system: Literal["fpcf"] = Field(description="always `fpcf`")
    map_group: Literal["north", "south"]
    maps: tuple[Slug, ...] = Field(min_length=1, description="the maps in play, by id")
    map_layout: tuple[tuple[Slug | None, ...], ...] | None = Field(
        default=None,
        min_length=1,
        description="how the maps lie: rows from north to south, each the maps from west to east"
        " (null: a gap); every map with its north edge up",
    )
    surprise: Flag = Field(description="a Soviet surprise game")
    air_superiority: Slug = Field(description="the starting level: wp-3 in every scenario")
    nations: tuple[Slug, ...] = Field(min_length=1, description="the nations present")
    air_strike_nations: tuple[Slug, ...] = Field(
        default=(), description="the nations that roll for air strikes"
    )
    set_up: SetUp | None = Field(default=None, description="the order of set-up")
    forces_in_play: Literal["listed", "original-game", "parts"] | None = Field(
        default=None,
        description="which forces are in play: `listed` (only the formations this file lists),"
        " `original-game` (the original game's whole set-up and order of battle, the formations"
        " listed as the file says) or `parts` (the parts of the original game's forces that"
        " `original_parts` names, and the formations listed)",
    )
    original_parts: tuple[LocalizedText, ...] = Field(
        default=(),
        description="with `forces_in_play: parts`: the parts of the original game's forces in"
        " play, in words (a corps, a division)",
    )
    pre_game: PreGame = Field(default_factory=PreGame)
    formations: tuple[Formation, ...] = Field(min_length=1)
    victory: Victory
