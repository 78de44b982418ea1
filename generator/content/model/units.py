"""The unit catalogue: every unit a rulebook names, with the facts it prints about each.

A fact the rulebook does not print is recorded as `unknown`, never guessed; checks that need it
say they could not run. Each printed fact carries the lines it comes from.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from generator.content.model.base import (
    CaseId,
    Flag,
    Int,
    LocalizedText,
    Model,
    NoteText,
    Slug,
    Source,
)
from generator.core.limits import MAX_COUNT, MAX_ROUNDS

Unknown = Literal["unknown"]
UNKNOWN = "unknown"
UnitType = Literal["i", "ii", "iii"]
Side = Literal["strahl", "mercenary", "both"]
Category = Literal["aeronautical", "vehicle", "infantry", "ground", "pilot"]
Cargo = Literal["type-i", "infantry", "pilot"]


class Fact(Model):
    """Where the rulebook prints a fact, and the reading chosen where it is not plain."""

    source: Source
    uncertain: NoteText | None = None


class SideFact(Fact):
    """The side whose units the rulebook lists it among."""

    value: Side


class TypeFact(Fact):
    """Type I, II or III ([2.2]), which decides stacking."""

    value: UnitType


class StackPointsFact(Fact):
    """The unit's stack points ([8.1], [18.2.4])."""

    value: Int = Field(ge=0, le=MAX_COUNT)


class CategoryFact(Fact):
    """Aeronautical, vehicle, infantry, another ground unit, or a pilot."""

    value: Category


class UnmannedFact(Fact):
    """Whether the unit is normally unmanned ([16.1])."""

    value: Flag


class Rounds(Fact):
    """The rocket or PanzerFaust rounds the unit carries ([11.2.4])."""

    weapon: Literal["rocket", "pf"]
    count: Annotated[Int, Field(ge=0, le=MAX_ROUNDS)] | Unknown = Field(
        description="rounds carried, or unknown where not printed"
    )


class Transport(Fact):
    """What a vehicle may carry and how much ([13.1.1], [13.1.5])."""

    capacity: Int = Field(
        ge=0, le=MAX_COUNT, description="stack points each vehicle of this kind carries"
    )
    carries: tuple[Cargo, ...] = Field(min_length=1)


class Unit(Model):
    """One unit the rulebook names."""

    id: Slug
    name: LocalizedText
    aliases: tuple[str, ...] = Field(default=(), description="other spellings the rules print")
    named: Source = Field(description="where the rulebook names the unit")
    side: SideFact | Unknown
    type: TypeFact | Unknown
    stack_points: StackPointsFact | Unknown
    category: CategoryFact | Unknown
    unmanned: UnmannedFact | Unknown
    rounds: Rounds | None = Field(default=None, description="absent: the rules print no rounds")
    transport: Transport | None = Field(default=None, description="absent: not a transport")
    rules: tuple[CaseId, ...] = Field(default=(), description="special rules about this unit")
    note: LocalizedText | None = None


class UnitCatalogue(Model):
    """A file of units of one system (`kind: units`)."""

    kind: Literal["units"]
    system: Slug
    title: LocalizedText
    source: Source
    units: tuple[Unit, ...] = Field(min_length=1)
