"""Diagnostics: one problem in the content, where it is and what is wrong, in two languages."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from generator.core.limits import shown_name

KeyPath = tuple[str | int, ...]


def format_key_path(path: KeyPath) -> str:
    """Render ('axes', 0, 'label', 'ja') as 'axes[0].label.ja'."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(document)"


@dataclass(frozen=True, order=True)
class Issue:
    """One problem in one content file."""

    file: str
    line: int
    column: int
    key_path: str
    code: str
    message_en: str
    message_ja: str
    severity: str = "error"
    rule: str | None = None
    # The case or table the problem is in (`mak.10.1.1`), and where in it (`text.from`).
    subject: str | None = None
    subject_path: str = ""

    def message(self, lang: str) -> str:
        """The message in the requested language."""
        return self.message_ja if lang == "ja" else self.message_en

    def render(self, lang: str = "en") -> str:
        """The one-line form `path:line:col: error[CODE]: key.path: message (rule: ID)`; a
        problem in a case or table is placed by its id (`mak.10.1.1 text.from:`)."""
        place = f"{self.file}:{self.line}:{self.column}"
        return f"{place}: {self.severity}[{self.code}]: {self.said(lang)}"

    def said(self, lang: str = "en") -> str:
        """What the problem is, where in the file, and the rule it cites: `key.path: message
        (rule: ID)`, as the one-line form ends (a CI annotation's message)."""
        cited = self.rule if self.rule != self.subject else None
        rule = f" ({'ルール' if lang == 'ja' else 'rule'}: {cited})" if cited else ""
        return f"{self.where}: {self.message(lang)}{rule}"

    @property
    def where(self) -> str:
        """Where in the file: the case or table id and the path in it, else the key path."""
        if self.subject is None:
            return self.key_path
        return f"{self.subject} {self.subject_path}".rstrip()

    def as_json(self, lang: str = "en") -> dict[str, object]:
        """The JSON form promised by `playaid check --format json`."""
        return {
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "key_path": self.key_path,
            "code": self.code,
            "severity": self.severity,
            "rule": self.rule or self.subject,
            "id": self.subject,
            "message": self.message(lang),
        }


def display_path(path: Path) -> str:
    """A path relative to the working directory when it lies below it, else absolute; links are
    shown as named, not followed."""
    absolute = Path(os.path.abspath(path))
    try:
        return shown_name(absolute.relative_to(Path(os.path.abspath(Path.cwd()))))
    except ValueError:
        return shown_name(path)
