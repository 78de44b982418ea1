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
        """The unit whose id, English name or alias matches `name`, case and punctuation aside."""
        wanted = slugify(name)
        for unit in self.units.values():
            if wanted in spellings(unit):
                return unit
        return None

    def choices(self) -> str:
        """The ids there are, for a message."""
        return ", ".join(sorted(self.units))


def spellings(unit: Unit) -> set[str]:
    """Every slug a scenario file may name the unit by."""
    return {unit.id, slugify(unit.name.en), *(slugify(alias) for alias in unit.aliases)}
