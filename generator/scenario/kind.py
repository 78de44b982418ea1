"""Whether a YAML file a tool hands `check` is a scenario file (`kind: scenario`), read without
the validator: pre-commit hands `check --scenarios-only` every staged YAML file of a collection."""

from __future__ import annotations

import re
from pathlib import Path

from generator.content.yaml_loader import parse_yaml, read_text

# A top-level `kind: scenario` line, for a file that does not read as YAML: a scenario with a
# syntax error is still checked (and its error reported), not passed over.
KIND_LINE = re.compile(r"""^kind:[ \t]*(["']?)scenario\1[ \t]*(#.*)?$""", re.MULTILINE)


def is_scenario_file(path: Path) -> bool:
    """Whether a file is a scenario: its YAML's `kind` is `scenario`, or, when it does not read
    as YAML, a top-level line says so. A file that cannot be read at all is one (its finding is
    the reader's to report)."""
    source, _ = read_text(path, str(path))
    if source is None:
        return True
    document, _ = parse_yaml(source, path, str(path))
    if document is not None:
        return isinstance(document.data, dict) and document.data.get("kind") == "scenario"
    return KIND_LINE.search(source) is not None
