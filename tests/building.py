"""A build from a test: generator.build.pipeline.build with its request made from keywords."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.build.pipeline import build as build_request
from generator.build.request import BuildRequest


def build(content: Any, out: Path, targets: list[str], **options: Any) -> dict[str, Any]:
    """Build `targets` of `content` into `out` (BuildRequest's fields as keywords)."""
    if "scenarios" in options:
        options["scenarios"] = tuple(options["scenarios"])
    return build_request(BuildRequest(content, out, tuple(targets), **options))
