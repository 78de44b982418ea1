"""Map definitions: the facts about a game map that scenario checks need and no seed prints.

Hex distance needs the grid's parity (the Grid of generator/content/model/grid.py); a drop check
needs a hex's terrain. A shipped map says where each fact comes from and is marked uncertain; a
player supplies the rest with `--overlay` from the map in front of them. A fact left `unknown` makes
the checks that need it report that they could not run.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from generator.content.model.base import LocalizedText, Model, NoteText, Slug, Source
from generator.content.model.grid import Grid

HexNumber = Annotated[str, StringConstraints(pattern=r"^(?:0[1-9]|[1-9][0-9]){2}$")]
Terrain = Literal[
    "flat", "woods", "broken", "rough", "marsh", "town", "city", "mountain", "impassable"
]


class GameMap(Model):
    """One map of a system (`kind: map`)."""

    kind: Literal["map"]
    system: Slug
    id: Slug
    title: LocalizedText
    group: Slug | None = Field(default=None, description="the map group it belongs to")
    game: LocalizedText | None = Field(
        default=None,
        description="the Central Front series game whose map it is: its counters, order of battle"
        " and set-up are the ones a scenario on this map uses",
    )
    source: Source
    uncertain: NoteText | None = None
    grid: Grid
    terrain: dict[HexNumber, Annotated[tuple[Terrain, ...], Field(min_length=1)]] = Field(
        default_factory=dict, description="the terrain of hexes that checks need"
    )
    terrain_source: Source | None = None
