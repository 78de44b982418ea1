"""The optional and special rules a scenario names exist for its system."""

from __future__ import annotations

from generator.content import Content
from generator.scenario.findings import Findings


def check_options(
    findings: Findings, named: tuple[str, ...], content: Content, system: str
) -> None:
    """Every id in `optional_rules` is an option of the system."""
    options = content.options.get(system, {})
    findings.repeats(("optional_rules",), named)
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


def rules_in_use(scenario: object) -> list[str]:
    """The options a scenario uses: those it names, then those its contents imply."""
    named = list(getattr(scenario, "optional_rules", ()))
    implied: list[str] = []
    if getattr(scenario, "system", None) == "mak":
        sides = [scenario.forces.strahl, scenario.forces.mercenary]  # type: ignore[attr-defined]
        markers = {marker.marker for marker in scenario.markers}  # type: ignore[attr-defined]
        implied += ["artillery"] * any(side.artillery for side in sides)
        implied += ["land-mines"] * any(side.land_mines for side in sides)
        implied += ["pf-supply"] * ("depot" in markers)
        implied += ["defensive-positions"] * ("defensive-position" in markers)
    elif getattr(scenario, "system", None) == "fpcf":
        formations = scenario.formations  # type: ignore[attr-defined]
        implied += ["airborne-drops"] * any(formation.drops for formation in formations)
    return list(dict.fromkeys(named + implied))
