"""What a scenario card answers at the table for either system: who sets up first, and who wins
when the printed conditions name no winner."""

from __future__ import annotations

from typing import Any

from generator.content.load import Content
from generator.content.model.base import LocalizedText
from generator.render.scenario.common import pair_of, said, side_labels


def side_names(scenario: Any, content: Content) -> dict[str, LocalizedText]:
    """Each side's name as the card prints it."""
    if scenario.system == "mak":
        return side_labels(content)
    return {"nato": said("word:side-nato"), "wp": said("word:side-wp")}


def table_answers(scenario: Any, content: Content) -> dict[str, LocalizedText | None]:
    """The set-up order and the outcome the conditions leave, as the card's sentences."""
    names = side_names(scenario, content)
    return {"set_up": _set_up(scenario.set_up, names), "otherwise": _otherwise(scenario, names)}


def _set_up(set_up: Any, names: dict[str, LocalizedText]) -> LocalizedText | None:
    if set_up is None:
        return None
    code = "card-setup-first-hidden" if set_up.hidden else "card-setup-first"
    return said(code, side=pair_of(names[set_up.first]))


def _otherwise(scenario: Any, names: dict[str, LocalizedText]) -> LocalizedText | None:
    winner = scenario.victory.otherwise
    if winner is None:
        return None
    # "A tie included" only where the sides compare points (Ma.K O.G.P.): a yes/no condition
    # cannot end in a tie (read5, 1.1).
    points = bool(getattr(scenario.victory, "ogp", False))
    if winner == "draw":
        return said("card-victory-draw" if points else "card-victory-draw-any")
    code = "card-victory-otherwise" if points else "card-victory-otherwise-any"
    return said(code, side=pair_of(names[winner]))
