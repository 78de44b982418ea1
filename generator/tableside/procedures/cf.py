"""Central Front standard-rules procedures."""

from __future__ import annotations

from typing import Any

from generator.tableside.procedures.base import Outcome, procedure
from generator.tableside.procedures.params import Param


@procedure(
    "cf.bridge-demolition",
    ("cf.16.11", "cf.16.12"),
    Param(
        "method",
        "choice",
        "adjacent or remote demolition",
        "隣接破壊または遠隔破壊",
        choices=("adjacent", "remote"),
    ),
    Param("die", "int", "the die rolled", "ダイスの目", low=1, high=6),
)
def bridge_demolition(inputs: dict[str, Any], content: Any) -> Outcome:
    """Adjacent demolition destroys the bridge on 1-5, remote demolition on 1."""
    method, die = inputs["method"], inputs["die"]
    needed = 5 if method == "adjacent" else 1
    destroyed = die <= needed
    if method == "adjacent":
        en = f"Adjacent demolition, die {die}: " + (
            "destroyed (1-5) [16.11]." if destroyed else "the bridge stands (6) [16.11]."
        )
        ja = f"隣接破壊、ダイス {die}: " + (
            "破壊(1〜5)[16.11]。" if destroyed else "橋は残る(6)[16.11]。"
        )
    else:
        en = f"Remote demolition, die {die}: " + (
            "destroyed (1) [16.12]." if destroyed else "the bridge stands (2-6) [16.12]."
        )
        ja = f"遠隔破壊、ダイス {die}: " + (
            "破壊(1)[16.12]。" if destroyed else "橋は残る(2〜6)[16.12]。"
        )
    return Outcome("destroyed" if destroyed else "intact", {"needed": needed}, en, ja)
