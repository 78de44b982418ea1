"""Flashpoint: Central Front for `check --explain`: the pre-GT1 activation of a surprise game."""

from __future__ import annotations

from generator.core.diagnostics import format_key_path
from generator.core.messages import text
from generator.scenario import messages  # noqa: F401  (registers the messages)
from generator.scenario.fpcf.model import FpcfScenario
from generator.scenario.mak.explain import Decoded


def explain_fpcf(scenario: FpcfScenario) -> list[Decoded]:
    """A surprise game's pre-GT1 activation: who acts, in order, and playaid's reading."""
    activation = scenario.pre_game.activation
    if not scenario.surprise or not activation:
        return []
    names = {f.id: (f"{f.name.en} ({f.id})", f"{f.name.ja}({f.id})") for f in scenario.formations}
    shown = [names.get(formation_id, (formation_id, formation_id)) for formation_id in activation]
    formations = (", ".join(en for en, _ in shown), "、".join(ja for _, ja in shown))
    en, ja = text("explain-activation", formations=formations)
    path = format_key_path(("pre_game", "activation"))
    return [Decoded(path, f"[{', '.join(activation)}]", en, ja)]
