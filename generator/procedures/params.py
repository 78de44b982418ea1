"""Typed parameters of procedures: parse KEY=VALUE text, or say plainly what is accepted."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from generator.charts import slugify
from generator.errors import UserError


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
            listed = ", ".join(self.choices)
            return f"one of: {listed}", f"次のいずれか: {listed}"
        if self.kind == "yesno":
            return "yes or no", "yes または no"
        if self.kind == "ints":
            return (
                "a comma list of signed whole numbers, e.g. +1,-2",
                "符号付き整数のカンマ区切り(例: +1,-2)",
            )
        if self.kind == "dice":
            example = ",".join(["3"] * self.dice)
            return (
                f"{self.dice} die roll(s) from 1 to 6, comma separated, e.g. {example}",
                f"1〜6 のダイスの目 {self.dice} 個をカンマ区切りで(例: {example})",
            )
        if self.kind == "text":
            return "a value from its chart", "表にある値"
        if self.low is not None and self.high is not None:
            return (
                f"a whole number from {self.low} to {self.high}",
                f"{self.low}〜{self.high} の整数",
            )
        return "a whole number", "整数"

    def parse(self, raw: str, procedure: str) -> Any:
        """The typed value of `raw`, or a UserError naming this parameter and what it accepts."""
        value = _PARSERS[self.kind](self, raw.strip())
        if value is None:
            en, ja = self.accepted()
            raise UserError(
                f"{procedure}: {self.name}={raw} is not valid; {self.name} takes {en}",
                f"{procedure}: {self.name}={raw} は不正です。{self.name} には{ja}を指定してください",
            )
        return value


def yes_no_param(name: str, help_en: str, help_ja: str, default: bool | None = False) -> Param:
    """A yes/no parameter, optional (no) unless `default` is None."""
    return Param(name, "yesno", help_en, help_ja, default=default)


def _int(param: Param, raw: str) -> int | None:
    if not re.fullmatch(r"[+-]?\d+", raw):
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
    if not all(re.fullmatch(r"[+-]?\d+", part) for part in parts):
        return None
    return tuple(int(part) for part in parts)


def _dice(param: Param, raw: str) -> tuple[int, ...] | None:
    parts = [part.strip() for part in re.split(r"[,+ ]+", raw) if part.strip()]
    if len(parts) != param.dice or not all(
        part.isdigit() and 1 <= int(part) <= 6 for part in parts
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
            raise UserError(
                f"{procedure} has no parameter '{name}'; its parameters are: {listed}",
                f"{procedure} にパラメーター '{name}' はありません。パラメーター: {listed}",
            )
    inputs: dict[str, Any] = {}
    missing = [param for param in params if param.required and param.name not in given]
    if missing:
        lines_en = [f"{p.name} ({p.accepted()[0]})" for p in missing]
        lines_ja = [f"{p.name}({p.accepted()[1]})" for p in missing]
        raise UserError(
            f"{procedure} needs: {'; '.join(lines_en)}",
            f"{procedure} には次が必要です: {'; '.join(lines_ja)}",
        )
    for param in params:
        inputs[param.name] = (
            param.parse(given[param.name], procedure) if param.name in given else param.default
        )
    return inputs
