"""The JSON Schema of each system's scenario files, generated from the models.

The schemas are committed as content/scenarios/<system>.schema.json (JSON, so no content loader
takes them for content); sample files point editors at them with a `yaml-language-server` line,
and a test fails when a committed schema is stale.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from generator.content import DEFAULT_CONTENT
from generator.scenario.reader import MODELS

SCHEMA_DRAFT = "https://json-schema.org/draft/2020-12/schema"
TITLES = {
    "mak": "playaid scenario: Maschinen Krieger S.F.3.D II",
    "fpcf": "playaid scenario: Flashpoint: Central Front",
}


def scenario_schema(system: str) -> dict[str, Any]:
    """The schema of one system's scenario files."""
    schema = MODELS[system].model_json_schema(by_alias=True)
    return {
        "$schema": SCHEMA_DRAFT,
        "title": TITLES[system],
        **{key: value for key, value in schema.items() if key != "title"},
    }


def schema_text(system: str) -> str:
    """The schema as the committed file holds it."""
    return json.dumps(scenario_schema(system), ensure_ascii=False, indent=2) + "\n"


def schema_path(system: str, root: Path = DEFAULT_CONTENT) -> Path:
    """Where the committed schema of a system lives."""
    return root / "scenarios" / f"{system}.schema.json"
