"""Exceptions the library raises; only the command line turns them into messages and exit codes."""

from __future__ import annotations

from generator.core.diagnostics import Issue
from generator.core.messages import text


class UserError(Exception):
    """Bad input from the person at the keyboard: a wrong table id, key or value.

    The message is a diagnostic of the catalog (generator/core/messages.py), by its code.
    """

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.message_en, self.message_ja = text(code, **params)
        super().__init__(self.message_en)

    def message(self, lang: str) -> str:
        """The message in the requested language."""
        return self.message_ja if lang == "ja" else self.message_en


class ContentError(Exception):
    """The content folder has problems; carries every issue found, not just the first."""

    def __init__(self, issues: list[Issue]) -> None:
        super().__init__(f"{len(issues)} content problem(s)")
        self.issues = issues


class InternalError(Exception):
    """A bug in playaid itself, never the user's fault."""
