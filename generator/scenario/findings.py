"""One scenario file's findings, each placed on its YAML node and citing the rule it enforces."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.diagnostics import Issue, KeyPath, format_key_path
from generator.loader import Document


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
        self.items.append(self.document.issue(path, code, severity=severity, rule=rule, **params))
