"""A hex grid as printed on a map or board: its columns, rows and which columns stand lower.

Hexes are numbered `XXYY`: column XX counted from 01 at the west edge, row YY from 01 at the north
edge down each column. No seed prints any grid, so a shipped map or board records every fact as
`unknown`; a player supplies them with `--overlay` from the map in front of them.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from generator.content.model.base import Int, Model, NoteText, Source
from generator.core.limits import MAX_GRID

UNKNOWN = "unknown"
Parity = Literal["odd", "even", "unknown"]
# At most MAX_GRID: a hex number gives its column and its row two digits each (XXYY).
Count = Annotated[Int, Field(ge=1, le=MAX_GRID)] | Literal["unknown"]


class Grid(Model):
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

    @property
    def size(self) -> tuple[int, int] | None:
        """(columns, rows) where both are given, else None."""
        if isinstance(self.columns, int) and isinstance(self.rows, int):
            return self.columns, self.rows
        return None

    @property
    def size_known(self) -> bool:
        """Whether both the number of columns and the number of rows are given."""
        return self.size is not None

    @property
    def known(self) -> bool:
        """Whether the whole grid is given: columns, rows and parity."""
        return self.size_known and self.parity != UNKNOWN

    @property
    def unknown_facts(self) -> tuple[str, ...]:
        """The names of the facts still `unknown`, in the order a file writes them."""
        facts = {"parity": self.parity, "columns": self.columns, "rows": self.rows}
        return tuple(name for name, value in facts.items() if value == UNKNOWN)

    def contains(self, hex_number: str) -> bool | None:
        """Whether a `XXYY` hex lies on the grid; None while its size is unknown."""
        if self.size is None:
            return None
        columns, rows = self.size
        column, row = int(hex_number[:2]), int(hex_number[2:])
        return 1 <= column <= columns and 1 <= row <= rows
