"""Hex numbers as the maps print them: four digits, column then row, each from 01."""

from __future__ import annotations

import re

from generator.core.diagnostics import KeyPath
from generator.scenario.findings import Findings

HEX = re.compile(r"^(\d{2})(\d{2})$")


def check_hex(findings: Findings, path: KeyPath, value: str | int, rule: str | None) -> bool:
    """Whether `value` is a well-formed hex number; a finding when it is not."""
    if isinstance(value, int):
        findings.error(path, "hex-not-quoted", rule, value=value)
        return False
    match = HEX.match(value)
    if not match or "00" in match.groups():
        findings.error(path, "hex-malformed", rule, value=value)
        return False
    return True


def column_row(value: str) -> tuple[int, int]:
    """`1801` → (18, 1)."""
    return int(value[:2]), int(value[2:])
