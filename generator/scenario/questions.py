"""What every scenario card must answer at the table, whatever the system: who sets up first, and
who wins when the printed conditions name no winner."""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.scenario.findings import Findings

if TYPE_CHECKING:
    from generator.scenario.reader import Scenario


def check_questions(findings: Findings, scenario: Scenario) -> None:
    """Warn where the file leaves the set-up order or an outcome to the players to argue over."""
    if scenario.set_up is None:
        findings.warning(("id",), "set-up-order-missing", None)
    if scenario.victory.otherwise is None:
        findings.warning(("victory", "conditions"), "victory-undecided", None)
