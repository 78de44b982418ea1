"""Map boards (`kind: board`): the numbered boards a scenario lays out, with their hex grids.

The Ma.K rulebook names boards 1 to 7 ([2.1]) and prints nothing of their grids, so a shipped
board records its grid as `unknown` and says so; a player supplies it with `--overlay`, where a
board of the same system and number replaces the shipped one.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from generator.content.model.base import Int, LocalizedText, Model, NoteText, Slug, Source
from generator.content.model.grid import Grid
from generator.core.limits import MAX_COUNT


class Board(Model):
    """One numbered map board of a system."""

    kind: Literal["board"]
    system: Slug
    id: Slug
    number: Int = Field(ge=1, le=MAX_COUNT, description="the number printed on the board")
    title: LocalizedText
    source: Source = Field(description="where the seed names the board")
    uncertain: NoteText | None = None
    grid: Grid
