"""`playaid check --explain`: every code of the checked scenarios, decoded in both languages."""

from __future__ import annotations

from collections.abc import Sequence

from generator.content.load import Content
from generator.content.yaml_loader import Document
from generator.core.diagnostics import Issue
from generator.core.messages import REGISTRY, text
from generator.scenario.fpcf.explain import explain_fpcf
from generator.scenario.fpcf.model import FpcfScenario
from generator.scenario.mak.explain import explain_scenario
from generator.scenario.mak.model import MakScenario
from generator.scenario.reader import Scenario


def explain_lines(
    checked: list[tuple[Document, Scenario]], content: Content, issues: Sequence[Issue] = ()
) -> list[str]:
    """For each file: its path, then each code with where it stands and what it means; then each
    finding that has more to say (what to write where a required key is missing)."""
    lines = []
    for document, scenario in checked:
        lines.append(f"{document.shown_path} ({scenario.id})")
        decoded = []
        if isinstance(scenario, MakScenario):
            decoded = explain_scenario(scenario, content)
        elif isinstance(scenario, FpcfScenario):
            decoded = explain_fpcf(scenario)
        for item in decoded:
            lines += [f"  {item.key_path}: {item.code}", f"    en: {item.en}", f"    ja: {item.ja}"]
        if not decoded:
            lines.append("  (no codes in the rulebook's notation / 規定の記法による記号なし)")
    for issue in issues:
        if f"explain:{issue.code}" in REGISTRY:
            en, ja = text(f"explain:{issue.code}")
            lines.append(f"{issue.file}:{issue.line}:{issue.column}: {issue.code}")
            lines += [f"    en: {en}", f"    ja: {ja}"]
    return lines
