"""A hex grid as printed on a map or board: its columns, rows and which columns stand lower.

Hexes are numbered `XXYY`: column XX counted from 01 at the west edge, row YY from 01 at the north
edge down each column. No seed prints any grid, so a shipped map or board records every fact as
`unknown`; a player supplies them with `--overlay` from the map in front of them.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from generator.content.behaviour import UNKNOWN, GridShape
from generator.content.model.base import Int, Model, NoteText, Source
from generator.core.limits import MAX_GRID

Parity = Literal["odd", "even", "unknown"]
# At most MAX_GRID: a hex number gives its column and its row two digits each (XXYY).
Count = Annotated[Int, Field(ge=1, le=MAX_GRID)] | Literal["unknown"]


class Grid(GridShape, Model):
    """How the hexes are numbered: `XXYY`, columns XX, rows YY counted down each column."""

    parity: Parity = Field(
        description="which numbered columns stand half a hex lower than their neighbours"
    )
    columns: Count = Field(
        default=UNKNOWN, description="how many hex columns, numbered 01 from the west edge"
    )
    rows: Count = Field(
        default=UNKNOWN, description="how many hex rows, numbered 01 from the north edge"
    )
    source: Source | None = None
    uncertain: NoteText | None = None
