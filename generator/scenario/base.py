"""What every scenario file has, whatever its system: kind, system, id, title, briefing, turns."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from generator.content.model.base import ID_LENGTH, Int, LocalizedText, Model, Slug
from generator.core.limits import MAX_TURNS

ScenarioId = Annotated[
    str, StringConstraints(pattern=r"^[a-z]+\.[a-z0-9]+(?:-[a-z0-9]+)*$", max_length=ID_LENGTH)
]
HexText = Annotated[
    str | int,
    Field(description='a hex number as printed on the map, XXYY, in quotes: "1801"'),
]


class ScenarioBase(Model):
    """The keys every scenario file shares."""

    kind: Literal["scenario"] = Field(description="always `scenario`")
    id: ScenarioId = Field(description="`<system>.<slug>`, unique among scenarios, e.g. mak.ford")
    title: LocalizedText = Field(description="the scenario's name in both languages")
    briefing: LocalizedText = Field(description="the situation, as the players read it")
    author: str | None = Field(default=None, description="who wrote the scenario")
    turns: Int = Field(ge=1, le=MAX_TURNS, description="the number of game turns")
    optional_rules: tuple[Slug, ...] = Field(
        default=(),
        description="optional and special rules in use, by id (see `docs/scenarios.md`)",
    )
    special_rules: LocalizedText | None = Field(
        default=None, description="rules of this scenario only, in words"
    )
