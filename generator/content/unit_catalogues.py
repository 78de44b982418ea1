"""The unit catalogues made ready for scenario files: units by id, found by any printed spelling."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from generator.content.charts import slugify

if TYPE_CHECKING:
    from generator.content.model.units import Unit


@dataclass
class Catalogue:
    """The units of one system, with the ids an overlay supplied."""

    system: str
    units: dict[str, Unit] = field(default_factory=dict)
    overlaid: set[str] = field(default_factory=set)
    # Each unit's spellings, worked out once a unit (by id(), the unit kept beside them so that a
    # unit an overlay replaces is never taken for another): a file of thousands of lines is
    # looked up in a set a unit, not re-spelt.
    _spelt: dict[int, tuple[Unit, frozenset[str]]] = field(
        default_factory=dict, repr=False, compare=False
    )

    def find(self, name: str) -> Unit | None:
        """The unit whose id, English name or alias matches `name`, case, spaces and punctuation
        aside: `P.K.40`, `pk 40` and `PK40` are one spelling."""
        wanted = compact(name)
        for unit in self.units.values():
            if wanted in self._spellings(unit):
                return unit
        return None

    def _spellings(self, unit: Unit) -> frozenset[str]:
        """A unit's spellings, from the cache when it holds this very unit."""
        kept = self._spelt.get(id(unit))
        if kept is None or kept[0] is not unit:
            kept = (unit, frozenset(spellings(unit)))
            self._spelt[id(unit)] = kept
        return kept[1]

    def choices(self) -> str:
        """The ids there are, for a message."""
        return ", ".join(sorted(self.units))


def spellings(unit: Unit) -> set[str]:
    """Every spelling a scenario file may name the unit by, in compact form."""
    return {compact(unit.id), compact(unit.name.en), *(compact(alias) for alias in unit.aliases)}


def compact(name: str) -> str:
    """A name with only its letters and digits, lower-cased: what tells one unit from another."""
    return "".join(character for character in slugify(name) if character.isalnum())
