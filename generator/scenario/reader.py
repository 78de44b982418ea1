"""Read scenario files: YAML with positions, then the model of the file's system, every problem."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ValidationError

from generator.content.checks.schema import schema_issues
from generator.content.checks.texts import Pending
from generator.content.yaml_loader import Document, load_yaml
from generator.core.diagnostics import Issue, display_path
from generator.core.messages import text
from generator.scenario import messages  # noqa: F401  (registers the messages)
from generator.scenario.fpcf.model import FpcfScenario
from generator.scenario.light import model_issues
from generator.scenario.mak.model import MakScenario

MODELS: dict[str, type[BaseModel]] = {"mak": MakScenario, "fpcf": FpcfScenario}
Scenario = MakScenario | FpcfScenario


def read_file(path: Path) -> tuple[Document | None, list[Issue]]:
    """Load one file a user named; a missing or unreadable file is a finding, not a crash."""
    return load_yaml(path, display_path(path))


def validate(
    document: Document,
    seeds: set[str],
    reported: set[str] = frozenset(),
    pending: Pending | None = None,
) -> tuple[Scenario | None, list[Issue]]:
    """The scenario model of a loaded file, or the problems that keep it from being one; a
    schema finding at a key the reader already `reported` is left out, as it says the same.
    Each pending translation's findings are also kept in `pending` by its text."""
    data = document.data
    if not isinstance(data, dict) or data.get("kind") != "scenario":
        return None, [document.issue(("kind",), "not-a-scenario")]
    system = data.get("system")
    if system not in MODELS:
        choices = ", ".join(MODELS)
        return None, [
            document.issue(("system",), "scenario-system", system=system, choices=choices)
        ]
    model = MODELS[str(system)]
    try:
        scenario = model.model_validate(data)
    except ValidationError as error:
        issues = [_named(document, str(system), i) for i in schema_issues(document, model, error)]
        return None, [issue for issue in issues if issue.key_path not in reported]
    return scenario, model_issues(document, str(system), scenario, seeds, pending)


VICTORY_RULES = {"mak": "mak.ogp", "fpcf": None}  # the rule a scenario's victory conditions read


def _named(document: Document, system: str, issue: Issue) -> Issue:
    """Missing victory conditions said as what to write there, citing the rule they read; any
    other finding as the schema gave it."""
    if issue.code != "missing-key" or issue.key_path != "victory":
        return issue
    if issue.message_en != text("missing-key", key="conditions")[0]:
        return issue
    rule = VICTORY_RULES.get(system)
    return document.issue(("victory",), "victory-conditions-missing", rule=rule)
