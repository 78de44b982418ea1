"""The pilots of each side as the content's pilot chart (mak.pilots) prints them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator.content.bilingual import Bilingual
from generator.content.chart_reads import chart_number, pilot_number
from generator.content.charts import unwrap

if TYPE_CHECKING:
    from generator.scenario.facts import ContentFacts

PILOT_CHART, RANK_CHART = "mak.pilots", "mak.rank-vp"
TOKEN_CHART = "mak.pilot-abilities"  # a chart slot: printed on the tokens, supplied by an overlay
ABILITIES = ("attack", "defense", "dogfight")


@dataclass(frozen=True)
class ChartPilot:
    """One pilot of the chart: number, name and rank in both languages, rank slug if it reads."""

    side: str
    number: int
    name: Bilingual  # a text of the chart: the model's, or the kept copy's
    rank: str | None


def roster(content: ContentFacts, side: str) -> dict[int, ChartPilot]:
    """The pilots of one side by number; empty when the content has no pilot chart."""
    table = content.tables.get(PILOT_CHART)
    if table is None:
        return {}
    pilots: dict[int, ChartPilot] = {}
    for cell in table.find({"side": side}):
        value = unwrap(cell.value)[0]
        number = pilot_number(PILOT_CHART, str(cell.address["number"]))
        if number is not None and isinstance(value, Bilingual):
            pilots[number] = ChartPilot(side, number, value, rank_of(content, value.en))
    return pilots


def rank_of(content: ContentFacts, entry: str) -> str | None:
    """The rank slug of a chart entry `Name, Rank`, matched against the rank chart's names."""
    ranks = content.tables.get(RANK_CHART)
    if ranks is None or "," not in entry:
        return None
    choice = ranks.axis("rank").match(entry.rsplit(",", 1)[1].strip())
    return choice.slug if choice else None


def rank_vp(content: ContentFacts, rank: str) -> int | None:
    """A rank's victory points by the rank chart; None where it prints no row for the rank (an
    overlay's chart `complete: false`)."""
    ranks = content.tables.get(RANK_CHART)
    cells = ranks.find({"rank": rank}) if ranks else []
    return chart_number(RANK_CHART, unwrap(cells[0].value)[0]) if cells else None


def rank_choice(content: ContentFacts, rank: str) -> str | None:
    """The rank slug a file's rank names (slug, label or alias)."""
    ranks = content.tables.get(RANK_CHART)
    choice = ranks.axis("rank").match(rank) if ranks else None
    return choice.slug if choice else None


def rank_names(content: ContentFacts) -> str:
    """The rank slugs there are, for a message."""
    ranks = content.tables.get(RANK_CHART)
    return ", ".join(choice.slug for choice in ranks.axis("rank").choices) if ranks else "-"


def token_modifiers(content: ContentFacts, side: str, number: int) -> tuple[int, int, int] | None:
    """A chart pilot's attack, defense and dog-fight modifiers as an overlay's copy of the
    tokens gives them (mak.pilot-abilities); None where it gives no whole number for one."""
    table = content.tables.get(TOKEN_CHART)
    if table is None:
        return None
    found = []
    for ability in ABILITIES:
        cells = table.find({"side": side, "number": str(number), "ability": ability})
        value = chart_number(TOKEN_CHART, unwrap(cells[0].value)[0]) if cells else None
        if value is None:
            return None
        found.append(value)
    return found[0], found[1], found[2]
