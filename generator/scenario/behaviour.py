"""What the scenario models do beyond holding their fields, and the checks their validators make,
kept apart from pydantic as generator.content.behaviour keeps the content's: each model and its
light twin (generator.content.light) share them. The classes here declare no fields."""

from __future__ import annotations

from generator.content.behaviour import Problem

# The years a card prints: 0001 to 9999, what a four-digit year holds and what the calendar that
# writes the card's date (Python's and Babel's) knows; there is no year 0000. The rulebook's
# battles are fought in the 2880s. The schema's pattern says the same, so an editor flags 0000.
FIRST_DATE, LAST_DATE = "0001-01", "9999-12"


def year_problem(value: str) -> Problem | None:
    """A year and month the card can print: from FIRST_DATE to LAST_DATE."""
    if not FIRST_DATE <= value <= LAST_DATE:
        context = {"date": value, "first": FIRST_DATE, "last": LAST_DATE}
        return ("scenario-date-range", "no such year", context)
    return None


class FormationPlan:
    """An FPCF formation (Formation: `hq`, `units`, `original_setup`, `arrives`, `drops`) and
    whether it is on the map before play or puts anything on the board."""

    @property
    def sets_up(self) -> bool:
        """Whether it is on the map before play: an HQ, units, or the original game's set-up."""
        return bool(self.hq or self.units or self.original_setup)  # type: ignore[attr-defined]

    @property
    def has_land_units(self) -> bool:
        """Whether it puts anything on the board: a set-up, an arrival or a drop."""
        return bool(self.sets_up or self.arrives or self.drops)  # type: ignore[attr-defined]
