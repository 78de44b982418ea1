"""A scenario file read without pydantic (issue 46): by the specs of its system's model and of
the content's models a check reads (generator.content.light), kept with the content a scenario
check reads (generator.tableside.scenario_content). A file the light reader cannot vouch for is
validated by the model (generator.scenario.reader), which finds and words every error."""

from __future__ import annotations

from typing import Any

from generator.content.checks.corrections import scenario_correction_issues
from generator.content.checks.texts import Pending, text_issues
from generator.content.light import MODELS, Declined, Reader
from generator.content.yaml_loader import Document
from generator.core.diagnostics import Issue


def specs() -> dict[str, Any] | None:
    """Every model's spec, in a process that has loaded the content (pydantic imported); None
    when one has a part the light reader does not know (every file is then validated)."""
    import importlib

    from generator.content.light import Unsupported, spec_of

    found = {}
    for kind, name in MODELS.items():
        module, _, model = name.partition(":")
        try:
            found[kind] = spec_of(getattr(importlib.import_module(module), model))
        except Unsupported:
            return None
    return found


def validate_light(
    document: Document, readers: dict[str, Reader], seeds: set[str], pending: Pending
) -> tuple[Any, list[Issue]] | None:
    """A scenario file's light model and its findings, as generator.scenario.reader.validate
    gives them; None where the light reader cannot vouch for the file."""
    data = document.data
    if not isinstance(data, dict) or data.get("kind") != "scenario":
        return None
    system = data.get("system")
    if system not in ("mak", "fpcf") or system not in readers:
        return None
    try:
        scenario = readers[system].read(data)
    except Declined:
        return None
    return scenario, model_issues(document, str(system), scenario, seeds, pending)


def model_issues(
    document: Document, system: str, scenario: Any, seeds: set[str], pending: Pending | None
) -> list[Issue]:
    """What a scenario model's texts, sources and corrections say, and an id of another
    system: found alike on the model and on its light twin."""
    issues = text_issues(document, scenario, seeds, pending)
    issues += scenario_correction_issues(document, scenario)
    if not scenario.id.startswith(f"{system}."):
        issues.append(document.issue(("id",), "scenario-id-system", id=scenario.id, system=system))
    return issues
