"""A Ma.K scenario's forces read once: each line's unit from the catalogue and its codes parsed.

Checks and sheets work from these lines, never from the raw strings.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator.content.behaviour import UNKNOWN
from generator.core.diagnostics import KeyPath
from generator.scenario.findings import Findings
from generator.scenario.mak.notation import (
    Artillery,
    Deployment,
    NotationError,
    UnitCode,
    parse_artillery,
    parse_deployment,
    parse_unit_code,
)

if TYPE_CHECKING:
    from generator.content.model.units import UNKNOWN, Unit
    from generator.content.unit_catalogues import Catalogue
    from generator.scenario.mak.model import Entry, MakScenario

SIDES = ("strahl", "mercenary")
RULE_NOTATION = "mak.scenarios"


@dataclass(frozen=True)
class Line:
    """One line of a side's forces with what the file's strings mean."""

    side: str
    index: int
    entry: Entry
    unit: Unit | None
    code: UnitCode | None
    deploy: Deployment | None

    @property
    def path(self) -> KeyPath:
        """Where the line stands in the file."""
        return ("forces", self.side, "units", self.index)

    @property
    def count(self) -> int:
        """How many units the line puts on the table."""
        return self.code.count if self.code else 1

    @property
    def name(self) -> str:
        """The unit's English name, for messages."""
        return self.unit.name.en if self.unit else self.entry.unit


@dataclass(frozen=True)
class Battery:
    """One off-board artillery entry with its code parsed."""

    side: str
    index: int
    artillery: Artillery


def read_lines(scenario: MakScenario, catalogue: Catalogue, findings: Findings) -> list[Line]:
    """Every line of both sides; unknown units and unreadable codes become findings."""
    lines = []
    for side in SIDES:
        for index, entry in enumerate(getattr(scenario.forces, side).units):
            path = ("forces", side, "units", index)
            unit = catalogue.find(entry.unit)
            if unit is None:
                findings.error(
                    (*path, "unit"),
                    "mak-unknown-unit",
                    "mak.2.2",
                    unit=entry.unit,
                    choices=catalogue.choices(),
                )
            code = _parse(entry.code, parse_unit_code, (*path, "code"), "unit", findings)
            deploy = _parse(entry.deploy, parse_deployment, (*path, "deploy"), "deploy", findings)
            lines.append(Line(side, index, entry, unit, code, deploy))
    return lines


def read_batteries(scenario: MakScenario, findings: Findings) -> list[Battery]:
    """Every off-board artillery entry whose code reads."""
    batteries = []
    for side in SIDES:
        for index, entry in enumerate(getattr(scenario.forces, side).artillery):
            path = ("forces", side, "artillery", index, "code")
            parsed = _parse(entry.code, parse_artillery, path, "artillery", findings)
            if parsed:
                batteries.append(Battery(side, index, parsed))
    return batteries


def _parse(text, parser, path: KeyPath, what: str, findings: Findings):
    """A parsed code, or None with a finding that says where it stops reading."""
    if text is None:
        return None
    try:
        return parser(text)
    except NotationError as error:
        findings.error(
            path,
            "mak-code-unreadable",
            RULE_NOTATION,
            written=text,
            what=f"word:code-{what}",
            at=error.position + 1,
            expected=f"word:expected-{error.expected}",
            found=error.found or "word:end-of-code",
        )
        return None


def known(fact: object) -> object | None:
    """A fact's value, or None where the rulebook does not print it."""
    return None if fact == UNKNOWN or fact is None else fact.value  # type: ignore[attr-defined]
