"""What changed between two loaded contents: the cases and charts an edition built with
`--changes-since` marks and lists, each with the kind of change the content records.

A case has changed when its number, its title, its text or its references differ; a chart when
its titles, axes, cells or notes do. The validated models are compared, never the YAML: white
space inside a text, the YAML's layout, a translation's `from` stamp, the `corrections` records,
the source cited and playaid's own notes (`uncertain`, `summary`) are not changes.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from generator.content.bilingual import normalize_for_hash
from generator.content.load import Content
from generator.content.model.base import LocalizedText, Source
from generator.content.model.rules import Case

# What a list prints for a change the content gives no kind for: a new case or chart is an
# addition; a changed one is listed as changed; one the newer content lacks, as removed.
CHANGED = "changed"
REMOVED = "removed"
ADDITION = "addition"
_UNCOMPARED = frozenset(
    {"from_", "from", "corrections", "source", "uncertain", "summary", "detail"}
)


@dataclass(frozen=True)
class Change:
    """One case or chart new, changed or removed: what the lists print of it (`number` and
    `title` from the newer content, or the older one for a removed case) and its kind."""

    id: str
    what: str  # case, chart
    system: str
    kind: str  # correction, clarification, addition, changed, removed
    number: str | None
    title: LocalizedText | None

    @property
    def removed(self) -> bool:
        """Whether the newer content lacks it (nothing in the edition to mark)."""
        return self.kind == REMOVED


@dataclass(frozen=True)
class Changes:
    """Every change since an earlier content (`since` names it, as the lists print it)."""

    since: str
    entries: tuple[Change, ...]

    def case(self, case_id: str) -> Change | None:
        """The change to a case the edition prints, or None."""
        return self._marked("case", case_id)

    def chart(self, table_id: str) -> Change | None:
        """The change to a chart a card prints, or None."""
        return self._marked("chart", table_id)

    def of_system(self, system: str) -> list[Change]:
        """The changes of one system, cases first, in the order the lists print them."""
        return [entry for entry in self.entries if entry.system == system]

    def key(self) -> str:
        """A fingerprint of everything the marks and lists print: a document's cache key."""
        shown = [self.since] + [
            [e.id, e.what, e.kind, e.number, e.title and [e.title.en, e.title.ja]]
            for e in self.entries
        ]
        return hashlib.sha256(json.dumps(shown, ensure_ascii=False).encode()).hexdigest()[:16]

    def _marked(self, what: str, item_id: str) -> Change | None:
        for entry in self.entries:
            if entry.what == what and entry.id == item_id and not entry.removed:
                return entry
        return None


def compare(old: Content, new: Content, since: str) -> Changes:
    """The cases and charts of `new` that are new or changed since `old`, and those removed."""
    entries: list[Change] = []
    for system in [s.id for s in new.sources.systems]:
        entries += _case_changes(old, new, system)
    entries += _chart_changes(old, new)
    return Changes(since, tuple(entries))


def _case_changes(old: Content, new: Content, system: str) -> list[Change]:
    """A system's new and changed cases in printed order, then its removed ones."""
    found = []
    for case in new.system_cases(system):
        before = old.cases.get(case.id)
        if before is None or _case_form(before) != _case_form(case):
            kind = _kind(case.source, ADDITION if before is None else CHANGED)
            title = case_title(new, system, case)
            found.append(Change(case.id, "case", system, kind, case.number, title))
    for case in old.system_cases(system):
        if case.id not in new.cases:
            title = case_title(old, system, case)
            found.append(Change(case.id, "case", system, REMOVED, case.number, title))
    return found


def case_title(content: Content, system: str, case: Case) -> LocalizedText | None:
    """A case's title, or, for a case without one (`10.1.3`), the title of the nearest case
    above it that has one (`10.1 Procedure`, else `10.0 …`)."""
    if case.title is not None or not case.number:
        return case.title
    titled = {c.number: c.title for c in content.system_cases(system) if c.number and c.title}
    number = case.number.strip("[]").split(" ")[0]
    while "." in number:
        number = number.rsplit(".", 1)[0]
        for shown in (number, f"{number}.0", f"[{number}]"):
            if shown in titled:
                return titled[shown]
    return None


def _chart_changes(old: Content, new: Content) -> list[Change]:
    """The new and changed charts, then the removed ones."""
    found = []
    for table_id, resolved in new.tables.items():
        before = old.tables.get(table_id)
        if before is None or _chart_form(before) != _chart_form(resolved):
            kind = _kind(resolved.table.source, ADDITION if before is None else CHANGED)
            found.append(_chart(table_id, kind, resolved))
    for table_id, resolved in old.tables.items():
        if table_id not in new.tables:
            found.append(_chart(table_id, REMOVED, resolved))
    return found


def _chart(table_id: str, kind: str, resolved: Any) -> Change:
    return Change(table_id, "chart", table_id.split(".")[0], kind, None, resolved.table.title)


def _kind(source: Source, default: str) -> str:
    """The kind of change the source records (`change:` beside its erratum), else `default`."""
    return source.change or default


def _case_form(case: Case) -> Any:
    """What a case prints that counts as a change: number, title, text and references."""
    refs = sorted((ref.id, ref.external) for ref in case.references)
    return _plain([case.number, _text(case.title), _text(case.text), refs])


def _chart_form(resolved: Any) -> Any:
    """What a chart prints that counts as a change: its titles, axes, cells and notes."""
    axes = [[choice.model_dump() for choice in axis.choices] for axis in resolved.axes]
    return _plain([resolved.table.model_dump(), axes])


def _text(text: LocalizedText | None) -> list[str] | None:
    return None if text is None else [text.en, text.ja]


def _plain(value: Any) -> Any:
    """A dumped model without what is not compared, every string's white space folded."""
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items() if key not in _UNCOMPARED}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    if isinstance(value, str):
        return normalize_for_hash(value)
    return value
