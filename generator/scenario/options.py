"""The optional and special rules a scenario names exist for its system."""

from __future__ import annotations

from generator.content import Content
from generator.scenario.findings import Findings


def check_options(
    findings: Findings, named: tuple[str, ...], content: Content, system: str
) -> None:
    """Every id in `optional_rules` is an option of the system."""
    options = content.options.get(system, {})
    for index, option in enumerate(named):
        if option not in options:
            findings.error(
                ("optional_rules", index),
                "unknown-option",
                None,
                option=option,
                system=system,
                choices=", ".join(options) or "-",
            )
