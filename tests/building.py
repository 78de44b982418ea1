"""A build from a test: generator.builder.pipeline.build with its request made from keywords."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.builder.pipeline import build as build_request
from generator.builder.request import BuildRequest


def build(content: Any, out: Path, targets: list[str], **options: Any) -> dict[str, Any]:
    """Build `targets` of `content` into `out` (BuildRequest's fields as keywords)."""
    if "scenarios" in options:
        options["scenarios"] = tuple(options["scenarios"])
    return build_request(BuildRequest(content, out, tuple(targets), **options))
