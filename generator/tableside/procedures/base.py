"""What a procedure is and what it returns; the registry of all procedures."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from generator.tableside.procedures.params import Param

if TYPE_CHECKING:
    from generator.content.load import Content


@dataclass(frozen=True)
class Outcome:
    """A procedure's result, the values behind it, and the arithmetic in both languages."""

    result: Any
    details: dict[str, Any]
    explanation_en: str
    explanation_ja: str
    notes: tuple[str, ...] = field(default=())  # ids of content readings that applied


@dataclass(frozen=True)
class Procedure:
    """An executable rule: its id, the cases it implements, its parameters and its code."""

    id: str
    rules: tuple[str, ...]
    params: tuple[Param, ...]
    run: Callable[[dict[str, Any], Content], Outcome]
    readings: tuple[str, ...] = ()  # every reading its outcomes can name: content must hold them


REGISTRY: dict[str, Procedure] = {}


def procedure(
    pid: str, rules: tuple[str, ...], *params: Param, readings: tuple[str, ...] = ()
) -> Callable:
    """Register a function as the procedure `pid`, with the readings its outcomes can name."""

    def register(run: Callable[[dict[str, Any], Content], Outcome]) -> Callable:
        REGISTRY[pid] = Procedure(pid, rules, params, run, readings)
        return run

    return register


def signed(value: int) -> str:
    """+1, −2, 0 as a rulebook prints modifiers."""
    return f"+{value}" if value > 0 else (f"−{-value}" if value < 0 else "0")
