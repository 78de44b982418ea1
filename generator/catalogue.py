"""The unit catalogues made ready for scenario files: units by id, found by any printed spelling."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.charts import slugify
from generator.model.units import Unit


@dataclass
class Catalogue:
    """The units of one system, with the ids an overlay supplied."""

    system: str
    units: dict[str, Unit] = field(default_factory=dict)
    overlaid: set[str] = field(default_factory=set)

    def find(self, name: str) -> Unit | None:
        """The unit whose id, English name or alias matches `name`, case, spaces and punctuation
        aside: `P.K.40`, `pk 40` and `PK40` are one spelling."""
        wanted = compact(name)
        for unit in self.units.values():
            if wanted in spellings(unit):
                return unit
        return None

    def choices(self) -> str:
        """The ids there are, for a message."""
        return ", ".join(sorted(self.units))


def spellings(unit: Unit) -> set[str]:
    """Every spelling a scenario file may name the unit by, in compact form."""
    return {compact(unit.id), compact(unit.name.en), *(compact(alias) for alias in unit.aliases)}


def compact(name: str) -> str:
    """A name with only its letters and digits, lower-cased: what tells one unit from another."""
    return "".join(character for character in slugify(name) if character.isalnum())
