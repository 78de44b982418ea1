"""A Flashpoint: Central Front card's head facts worked out from the file: which forces are in
play, whether a game supplies counters, each nation's first air strike roll, and the morale the
Starting Morale chart gives a formation the file gives none."""

from __future__ import annotations

from generator.content.charts import unwrap
from generator.content.load import Content
from generator.content.model.base import LocalizedText
from generator.render.scenario.common import joined, neutral, pair_of, said
from generator.scenario.fpcf.model import Formation, FpcfScenario

MORALE, QUALITY = "fpcf.starting-morale", "fpcf.troop-quality"
CHART_ECHELONS = ("division", "army")


def uses_original(scenario: FpcfScenario) -> bool:
    """Whether the file takes any units from an original game: its whole set-up or parts of it,
    a formation it sets up, an order of battle, or a march column's March Order."""
    if scenario.forces_in_play in ("original-game", "parts"):
        return True
    for formation in scenario.formations:
        arrives = formation.arrives
        if formation.original_setup or (arrives and arrives.original_oob):
            return True
        if arrives and any(not column.units for column in arrives.columns):
            return True
    return False


def forces_in_play(scenario: FpcfScenario) -> LocalizedText | None:
    """What the card says is in play (`forces_in_play`)."""
    in_play = scenario.forces_in_play
    if in_play == "listed":
        return said("card-in-play-listed" if uses_original(scenario) else "card-in-play-only")
    if in_play == "original-game":
        return said("card-in-play-original")
    if in_play == "parts":
        return said("card-in-play-parts", parts=pair_of(joined(scenario.original_parts)))
    return None


def strike_nations(
    scenario: FpcfScenario, nations: dict[str, LocalizedText]
) -> LocalizedText | None:
    """The nations that roll for air strikes, grouped by the first turn that starts with their
    land units on the map (000 l.78: a nation rolls only while its land units are on the board):
    "US, SU from turn 1; CZ from turn 3"."""
    entered = _entry_turns(scenario)
    groups: dict[int | None, list[LocalizedText]] = {}
    for nation in scenario.air_strike_nations:
        entry = entered.get(nation)
        first = None if entry is None else min(entry + 1, scenario.turns + 1)
        groups.setdefault(first, []).append(nations.get(nation) or neutral(nation))
    shown = []
    for first in sorted(groups, key=lambda turn: (turn is None, turn or 0)):
        names = pair_of(joined(groups[first]))
        if first is None:
            shown.append(joined(groups[first]))
        elif first > scenario.turns:
            shown.append(said("card-strike-never", nation=names))
        else:
            shown.append(said("card-strike-from", nation=names, turn=first))
    return joined(shown, "card-phrases") if shown else None


def _entry_turns(scenario: FpcfScenario) -> dict[str, int]:
    """The turn during which each nation's first land units come on the map: 0 for a set-up or
    the pre-GT1 activation of a surprise game, before game turn 1, so that it rolls from turn 1."""
    early = set(scenario.pre_game.activation) if scenario.surprise else set()
    first: dict[str, int] = {}
    for formation in scenario.formations:
        turns = [0] if formation.sets_up else []
        turns += [drop.turn for drop in formation.drops]
        turns += [formation.arrives.turn] if formation.arrives else []
        turns = [0 if turn == 1 and formation.id in early else turn for turn in turns]
        if turns:
            first[formation.nation] = min(first.get(formation.nation, min(turns)), *turns)
    return first


def chart_morale(content: Content, formation: Formation) -> str | None:
    """The troop quality the Starting Morale chart gives a division or army, as a slug."""
    table, quality = content.tables.get(MORALE), content.tables.get(QUALITY)
    if table is None or quality is None or formation.echelon not in CHART_ECHELONS:
        return None
    if not table.axis("nation").match(formation.nation):
        return None
    cells = table.find({"nation": formation.nation, "formation": formation.morale_row or "all"})
    if not cells:
        return None
    value = unwrap(cells[0].value)[0]
    label = value.en if isinstance(value, LocalizedText) else str(value)
    choice = quality.axis("quality").match(label)
    return choice.slug if choice else None
