"""Ma.K scenario checks for what the table would argue about: artillery charged in victory points
that no O.G.P. counts, and concealment markers placed while the other side watches."""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.scenario.findings import Findings

if TYPE_CHECKING:
    from generator.scenario.mak.model import MakScenario

SIDES = ("strahl", "mercenary")


def check_mak_questions(findings: Findings, scenario: MakScenario) -> None:
    """Warn where the file leaves the players a question the card cannot answer."""
    if not scenario.victory.ogp:
        for side in SIDES:
            for number, battery in enumerate(getattr(scenario.forces, side).artillery):
                if battery.vp_per_round is not None:
                    findings.warning(
                        ("forces", side, "artillery", number, "vp_per_round"),
                        "mak-artillery-vp-without-ogp",
                        "mak.ogp",
                    )
    hidden = scenario.set_up is not None and scenario.set_up.hidden
    if "concealment" in scenario.optional_rules and not hidden:
        index = scenario.optional_rules.index("concealment")
        findings.warning(("optional_rules", index), "mak-concealment-in-view", "mak.15.0")
