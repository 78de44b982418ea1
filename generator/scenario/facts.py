"""What a scenario check reads of the content: the validated Content, or the copy of it kept
between runs (generator.tableside.scenario_content), which a `check FILE` reads without importing
the content's models or validating every file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from generator.content.charts import ResolvedTable
    from generator.content.checks.texts import Pending
    from generator.content.model.boards import Board
    from generator.content.model.glossary import Glossary
    from generator.content.model.maps import GameMap
    from generator.content.model.options import ScenarioOption
    from generator.content.unit_catalogues import Catalogue


class ContentFacts(Protocol):
    """The charts, maps, boards, units, options, glossary and seeds a scenario is checked
    against, and where a scenario's pending translations are kept."""

    tables: Mapping[str, ResolvedTable]
    maps: Mapping[str, Mapping[str, GameMap]]
    boards: Mapping[str, Mapping[int, Board]]
    catalogues: Mapping[str, Catalogue]
    options: Mapping[str, Mapping[str, ScenarioOption]]
    glossary: Glossary | None
    pending: Pending

    @property
    def seed_ids(self) -> set[str]:
        """The ids of the seeds a source may cite."""
        ...
