"""One scenario file's findings, each placed on its YAML node and citing the rule it enforces."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from generator.content.yaml_loader import Document
from generator.core.diagnostics import Issue, KeyPath, format_key_path

RULE_NUMBER = re.compile(r"^[a-z]+\.([0-9]+(?:\.[0-9]+)*)(?:-[0-9]+)?$")


@dataclass
class Findings:
    """Collects the findings of one file as checks find them."""

    document: Document
    items: list[Issue] = field(default_factory=list)

    def error(self, path: KeyPath, code: str, rule: str | None, **params: object) -> None:
        """Something the rules forbid: the file is not legal."""
        self._add("error", path, code, rule, params)

    def warning(self, path: KeyPath, code: str, rule: str | None, **params: object) -> None:
        """Something legal but probably not meant; `--strict` makes it fail."""
        self._add("warning", path, code, rule, params)

    def info(self, path: KeyPath, code: str, rule: str | None, **params: object) -> None:
        """A check that could not run, and why; never a failure."""
        self._add("info", path, code, rule, params)

    def repeats(self, path: KeyPath, values: tuple[object, ...]) -> None:
        """A warning on each item of a list that repeats an earlier one."""
        first: dict[object, int] = {}
        for index, value in enumerate(values):
            if value in first:
                earlier = format_key_path((*path, first[value]))
                self.warning((*path, index), "listed-twice", None, value=value, first=earlier)
            first.setdefault(value, index)

    def _add(self, severity: str, path: KeyPath, code: str, rule: str | None, params: dict) -> None:
        issue = self.document.issue(path, code, severity=severity, rule=rule, **params)
        self.items.append(with_rule_number(issue))


def shown_list(values: Iterable[object], most: int = 8) -> str:
    """Values for a message: each once, in the order given, the first `most` of them and `…` for
    the rest, so that no message grows with the file (a list in every one of thousands of
    findings made `check`'s output grow as the square of the file)."""
    distinct = list(dict.fromkeys(str(value) for value in values))
    shown = ", ".join(distinct[:most])
    return shown + (", …" if len(distinct) > most else "")


def printed_number(rule: str | None) -> str | None:
    """The number a rulebook prints for a numbered case id (`mak.12.1` → `12.1`, `cf.16.21-2` →
    `16.21`); None for a named case or a chart."""
    match = RULE_NUMBER.match(rule or "")
    return match.group(1) if match else None


def with_rule_number(issue: Issue) -> Issue:
    """The finding with its rule's printed number, `[12.1]`, at the end of each message that
    does not already show it, so a player can look the rule up in the book."""
    number = printed_number(issue.rule)
    if number is None:
        return issue
    mark = f"[{number}]"
    en = issue.message_en if mark in issue.message_en else f"{issue.message_en} {mark}"
    ja = issue.message_ja if mark in issue.message_ja else f"{issue.message_ja} {mark}"
    return replace(issue, message_en=en, message_ja=ja)
