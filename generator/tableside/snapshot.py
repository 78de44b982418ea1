"""What the table-side commands (`lookup`, `roll`, `rule`, `rules`, `calc`, `tables`) answer from.

A snapshot of the validated content in plain data, kept in the content cache, so that a question
asked at the table reads one JSON file instead of importing pydantic and validating every file.
The first call after any change to the content, an overlay or playaid validates in full (and
reports every problem, as `check` would) and writes the snapshot; the answer always comes from
the snapshot, so a cached answer and a fresh one are the same by construction.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import Any

from generator.content.charts import ResolvedTable, find_table
from generator.core.diagnostics import Issue, display_path
from generator.core.errors import UserError
from generator.core.places import DEFAULT_CONTENT
from generator.tableside import cache
from generator.tableside.plain import (
    CaseFacts,
    CorruptSnapshot,
    Decoded,
    RuleSetFacts,
    case_from_data,
    procedure_from_data,
    seeds_from_data,
    slot_from_data,
    table_from_data,
)

KIND = "tableside"


class TableSide:
    """The content as the table-side commands read it: tables, slots, cases, rule sets,
    procedures, each decoded when first asked for."""

    def __init__(self, data: Any, *, cached: bool = False) -> None:
        self.cached = cached  # read from the cache rather than validated in this process
        try:
            seeds = seeds_from_data(data["seeds"])
            self.tables: Mapping[str, ResolvedTable] = Decoded(
                data["tables"], partial(table_from_data, seeds=seeds)
            )
            self.slots: Mapping[str, Any] = Decoded(
                data["slots"], partial(slot_from_data, seeds=seeds)
            )
            self.cases: Mapping[str, CaseFacts] = Decoded(
                data["cases"], partial(case_from_data, seeds=seeds)
            )
            self.procedures: Mapping[str, Any] = Decoded(data["procedures"], procedure_from_data)
            self._rulesets = [(str(r["system"]), list(r["cases"])) for r in data["rulesets"]]
            self.pending = {tuple(key): issues for key, issues in data["pending"]}
            self._translators = {
                str(system): {str(lang): str(name) for lang, name in names.items()}
                for system, names in data["translators"].items()
            }
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise CorruptSnapshot(str(error)) from error

    def translator(self, system: str, lang: str) -> str:
        """Who translated a system's texts into `lang`, as sources.yaml credits them: playaid
        where it credits no one."""
        return self._translators.get(system, {}).get(lang, "playaid")

    @property
    def rulesets(self) -> list[RuleSetFacts]:
        """The rule sets in the order the content gives them."""
        if any(cid not in self.cases for _, ids in self._rulesets for cid in ids):
            raise CorruptSnapshot("a rule set names a case the snapshot does not hold")
        return [
            RuleSetFacts(system, tuple(self.cases[cid] for cid in ids))
            for system, ids in self._rulesets
        ]

    def pending_issues(self, met: list[tuple[Any, str]]) -> list[Issue]:
        """The findings about the pending texts an answer met (generator.content.printing)."""
        try:
            found = {
                Issue(**(data | {"file": display_path(Path(data["file"]))}))
                for text, _ in met
                for data in self.pending.get(text.key, ())
            }
        except (KeyError, TypeError, ValueError) as error:
            raise CorruptSnapshot(str(error)) from error
        return sorted(found)

    def table(self, table_id: str) -> ResolvedTable:
        """A table by id, or a UserError listing the ids there are."""
        return find_table(self.tables, self.slots, table_id)


def table_side(
    root: Path | None = None, overlays: list[Path] | None = None, *, fresh: bool = False
) -> TableSide:
    """The snapshot of a content folder and its overlays: from the cache when it holds this
    exact content, else validated afresh (raising ContentError) and cached. `fresh` reads no
    cache."""
    root = (root or DEFAULT_CONTENT).resolve()
    folders = [root, *(overlay.resolve() for overlay in overlays or [])]
    for folder in folders:
        if not folder.is_dir():
            raise UserError("no-content-folder", folder=folder)
    key = cache.content_key(folders)
    if key is not None and not fresh:
        data = cache.read(KIND, key)
        if data is not None:
            try:
                return TableSide(data, cached=True)
            except CorruptSnapshot:
                pass
    from generator.content.checks.texts import PENDING_CODES
    from generator.tableside.encode import snapshot_data
    from generator.tableside.loading import load_checked

    data = snapshot_data(load_checked(root, folders[1:], tolerate=PENDING_CODES))
    if key is not None:
        cache.write(KIND, key, data)
    return TableSide(data)


def forget(root: Path | None = None, overlays: list[Path] | None = None) -> None:
    """Remove the cached snapshot of this content (after it was found corrupt)."""
    root = (root or DEFAULT_CONTENT).resolve()
    key = cache.content_key([root, *(overlay.resolve() for overlay in overlays or [])])
    if key is not None:
        (cache.folder() / f"{KIND}-{key}.json").unlink(missing_ok=True)
