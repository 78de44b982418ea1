"""Typed parameters of procedures: parse KEY=VALUE text, or say plainly what is accepted."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from generator.content.charts import slugify
from generator.core.errors import UserError
from generator.core.limits import NUMBER_DIGITS
from generator.core.messages import text


@dataclass(frozen=True)
class Param:
    """One named input of a procedure."""

    name: str
    kind: str  # int, ints, dice, choice, yesno, text
    help_en: str
    help_ja: str
    choices: tuple[str, ...] = ()
    default: Any = None
    dice: int = 2
    low: int | None = None
    high: int | None = None

    @property
    def required(self) -> bool:
        return self.default is None

    def accepted(self) -> tuple[str, str]:
        """What values are accepted, in both languages."""
        if self.kind == "choice":
            return text("word:accepts-choice", choices=", ".join(self.choices))
        if self.kind == "dice":
            example = ",".join(["3"] * self.dice)
            return text("word:accepts-dice", dice=self.dice, example=example)
        if self.kind == "int" and self.low is not None and self.high is not None:
            return text("word:accepts-range", low=self.low, high=self.high)
        return text(f"word:accepts-{self.kind}")

    def parse(self, raw: str, procedure: str) -> Any:
        """The typed value of `raw`, or a UserError naming this parameter and what it accepts."""
        value = _PARSERS[self.kind](self, raw.strip())
        if value is None:
            en, ja = self.accepted()
            shown = raw if len(raw) <= 40 else raw[:40] + "…"
            raise UserError(
                "bad-parameter", procedure=procedure, name=self.name, raw=shown, accepted=(en, ja)
            )
        return value


def yes_no_param(name: str, help_en: str, help_ja: str, default: bool | None = False) -> Param:
    """A yes/no parameter, optional (no) unless `default` is None."""
    return Param(name, "yesno", help_en, help_ja, default=default)


# A whole number typed at the command line: ASCII digits (`²` and `٣` are digits to Python),
# at most limits.NUMBER_DIGITS of them (Python refuses to read an integer of 5,000 digits).
WHOLE = re.compile(rf"[+-]?[0-9]{{1,{NUMBER_DIGITS}}}")


def _int(param: Param, raw: str) -> int | None:
    if not WHOLE.fullmatch(raw):
        return None
    value = int(raw)
    if (param.low is not None and value < param.low) or (
        param.high is not None and value > param.high
    ):
        return None
    return value


def _ints(param: Param, raw: str) -> tuple[int, ...] | None:
    if raw in ("", "none", "-"):
        return ()
    parts = [part.strip() for part in raw.split(",")]
    if not all(WHOLE.fullmatch(part) for part in parts):
        return None
    return tuple(int(part) for part in parts)


def _dice(param: Param, raw: str) -> tuple[int, ...] | None:
    parts = [part.strip() for part in re.split(r"[,+ ]+", raw) if part.strip()]
    if len(parts) != param.dice or not all(
        WHOLE.fullmatch(part) and part.isdigit() and 1 <= int(part) <= 6 for part in parts
    ):
        return None
    return tuple(int(part) for part in parts)


def _choice(param: Param, raw: str) -> str | None:
    wanted = slugify(raw)
    return next((choice for choice in param.choices if slugify(choice) == wanted), None)


def _yesno(param: Param, raw: str) -> bool | None:
    return {
        "yes": True,
        "y": True,
        "true": True,
        "1": True,
        "no": False,
        "n": False,
        "false": False,
        "0": False,
    }.get(raw.lower())


def _text(param: Param, raw: str) -> str | None:
    return raw or None


_PARSERS = {
    "int": _int,
    "ints": _ints,
    "dice": _dice,
    "choice": _choice,
    "yesno": _yesno,
    "text": _text,
}


def parse_inputs(
    procedure: str, params: tuple[Param, ...], given: dict[str, str]
) -> dict[str, Any]:
    """Every parameter parsed, defaults filled; unknown or missing ones are errors that list them."""
    names = {param.name for param in params}
    for name in given:
        if name not in names:
            listed = ", ".join(param.name for param in params)
            raise UserError("unknown-parameter", procedure=procedure, name=name, choices=listed)
    inputs: dict[str, Any] = {}
    missing = [param for param in params if param.required and param.name not in given]
    if missing:
        lines_en = [f"{p.name} ({p.accepted()[0]})" for p in missing]
        lines_ja = [f"{p.name}({p.accepted()[1]})" for p in missing]
        raise UserError(
            "missing-parameters",
            procedure=procedure,
            needed=("; ".join(lines_en), "; ".join(lines_ja)),
        )
    for param in params:
        inputs[param.name] = (
            param.parse(given[param.name], procedure) if param.name in given else param.default
        )
    return inputs
