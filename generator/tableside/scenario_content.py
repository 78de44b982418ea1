"""The content as a scenario check reads it (generator.scenario.facts), kept as plain JSON in the
content cache, so that `check FILE` after an edit of that file checks it against the content
without importing the content's models or validating every file again (issue 46).

A copy is made after a full load that passed, under the content cache's key (every content,
overlay and seed file's bytes, playaid's code), the font's identity and the tolerated codes,
except that the files that say `kind: scenario` count by their names only
(cache.scenario_aside_key): the load reads a scenario file only as a document, so what a scenario
is checked against does not depend on one. So that a stale copy is never served, the copy is made
only when every file counted so was a scenario file of that load, and keeps each one's digest; a
later check takes it only where each such file still has that digest, or reads, without a
finding, as a scenario file (`accepts`), as the files it checks must.

Charts are kept as the table-side snapshot keeps them (plain objects, no pydantic); maps, boards,
units, options, the glossary and the errata their sources cite are kept as their models dump them
and read again, each kind when first asked for. With them are kept the specs of those models and
of the scenario files' (generator.scenario.light), so that they and the files checked are read
without pydantic (generator.content.light); where the light reader declines, the model validates.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.content.light import MODELS, Declined, Reader
from generator.core.diagnostics import Issue
from generator.core.places import DEFAULT_CONTENT
from generator.tableside import cache

if TYPE_CHECKING:
    from generator.content.charts import ResolvedTable
    from generator.content.checks.texts import Pending
    from generator.content.load import Content
    from generator.content.model.boards import Board
    from generator.content.model.glossary import Glossary
    from generator.content.model.maps import GameMap
    from generator.content.model.options import ScenarioOption
    from generator.content.unit_catalogues import Catalogue
    from generator.content.yaml_loader import Document

KIND = "scenario-content"
# The content folder, the overlays, the tolerated codes and the font's identity.
Where = tuple[Path | None, list[Path] | None, frozenset[str], str]


def aside_key(where: Where) -> tuple[str, dict[str, str]] | None:
    """The key of a kept copy of this content, and the digests of its scenario files; None when
    a file cannot be read (the full load reports it)."""
    root, overlays, tolerate, font = where
    folders = [(root or DEFAULT_CONTENT).resolve(), *(o.resolve() for o in overlays or [])]
    found = cache.scenario_aside_key(folders)
    if found is None:
        return None
    key, aside = found
    seasoned = f"{key}\nfont {font}\ntolerate {sorted(tolerate)}\n"
    return hashlib.sha256(seasoned.encode()).hexdigest(), aside


def keep(
    before: tuple[str, dict[str, str]] | None,
    content: Content,
    specs: dict[str, Any] | None = None,
    *,
    replace: bool = False,
) -> None:
    """Keep what a full load that passed gives a scenario check, under the key taken before it
    read the files, when every file that key counts by name was one of its scenario files; a
    copy kept with other scenario files is replaced, to answer for these, and so is any copy
    when `replace` (a check answered from it failed, and was answered afresh)."""
    if before is None:
        return
    key, aside = before
    scenarios = {str(document.path) for document in content.scenarios}
    if not set(aside) <= scenarios:
        return
    found = None if replace else cache.read(KIND, key)
    if isinstance(found, dict) and found.get("aside") == aside:
        return  # kept already, with these scenario files as they are
    cache.write(KIND, key, {"aside": aside, "content": content_data(content, specs)})


def kept(where: Where, files: Sequence[Path]) -> KeptContent | None:
    """The copy kept for this content, or None; the scenario files it was made with that have
    changed since, and those among `files`, must still read as scenario files
    (KeptContent.accepts)."""
    found = aside_key(where)
    data = None if found is None else cache.read(KIND, found[0])
    if found is None or not isinstance(data, dict):
        return None
    aside = data.get("aside")
    if not isinstance(aside, dict) or aside.keys() != found[1].keys():
        return None
    named = {os.path.abspath(path) for path in files} & set(aside)
    changed = {path for path, digest in found[1].items() if aside[path] != digest}
    try:
        return KeptContent(data["content"], named | changed)
    except (KeyError, TypeError, ValueError):
        return None


@dataclass
class KeptContent:
    """The kept copy, decoded as a check asks for each part (generator.scenario.facts)."""

    data: dict[str, Any]
    must_read: set[str]  # scenario files named or changed since: each must still read as one
    pending: Pending = field(default_factory=dict)

    def __post_init__(self) -> None:
        from generator.tableside.plain import CorruptSnapshot, Decoded, table_from_data

        try:
            self.tables: Mapping[str, ResolvedTable] = Decoded(self.data["tables"], table_from_data)
        except CorruptSnapshot as error:
            raise ValueError(str(error)) from error
        files, tables, cases = self.data["counts"]
        self.counts = (int(files), int(tables), int(cases))
        specs = self.data.get("light") or {}
        self.light: dict[str, Reader] = {kind: Reader(spec) for kind, spec in specs.items()}

    @property
    def seed_ids(self) -> set[str]:
        """The ids of the seeds a source may cite."""
        return {str(seed) for seed in self.data["seeds"]}

    @cached_property
    def maps(self) -> dict[str, dict[str, GameMap]]:
        """Maps by system and id."""
        found = self._models("maps")
        return {system: {m.id: m for m in items} for system, items in found.items()}

    @cached_property
    def boards(self) -> dict[str, dict[int, Board]]:
        """Boards by system and number."""
        found = self._models("boards")
        return {system: {b.number: b for b in items} for system, items in found.items()}

    @cached_property
    def catalogues(self) -> dict[str, Catalogue]:
        """The unit catalogues by system, with the ids an overlay supplied."""
        from generator.content.unit_catalogues import Catalogue

        units = self.data["units"]
        found = self._models("units", {s: entry["units"] for s, entry in units.items()})
        return {
            system: Catalogue(
                system, {unit.id: unit for unit in items}, set(units[system]["overlaid"])
            )
            for system, items in found.items()
        }

    @cached_property
    def options(self) -> dict[str, dict[str, ScenarioOption]]:
        """The scenario options by system and id."""
        found = self._models("options")
        return {system: {o.id: o for o in items} for system, items in found.items()}

    @cached_property
    def glossary(self) -> Glossary | None:
        """The glossary, if the content has one."""
        if self.data["glossary"] is None:
            return None
        return self._models("glossary", {"": [self.data["glossary"]]})[""][0]

    @cached_property
    def _errata(self) -> dict[str, Any]:
        """The errata the kept models' sources cite, by id."""
        if not self.data["errata"]:
            return {}
        found = _models({"": self.data["errata"]}, *self._reading("errata"), {})[""]
        return {erratum.id: erratum for erratum in found}

    def _models(self, kind: str, data: dict[str, list[Any]] | None = None) -> dict[str, list]:
        """Each system's models of one kind read again from their dumps."""
        return _models(
            self.data[kind] if data is None else data, *self._reading(kind), self._errata
        )

    def _reading(self, kind: str) -> tuple[Any, Reader | None]:
        """The model of a kind (by its module, imported only when the light reader declines)
        and its light reader, if one was kept."""
        return MODELS[kind], self.light.get(kind)

    def accepts(self, documents: Iterable[Document], issues: Iterable[Issue]) -> bool:
        """Whether each file in `must_read` reads, without a finding, as a scenario file (the
        content it is checked against is then the one kept): those among the files checked as
        they were read (`documents`, with the reader's `issues`), the others read here."""
        from generator.content.yaml_loader import load_yaml

        read = {str(document.path.absolute()): document for document in documents}
        found = {issue.file for issue in issues}
        for path in sorted(self.must_read):
            if path in read:
                document, clean = read[path], read[path].shown_path not in found
            else:
                document, problems = load_yaml(Path(path), path)
                clean = not problems
            if document is None or not clean or os.path.islink(path):
                return False
            if not isinstance(document.data, dict) or document.data.get("kind") != "scenario":
                return False
        return True


def _models(
    data: dict[str, list[Any]], model: str, reader: Reader | None, errata: dict[str, Any]
) -> dict[str, list]:
    """Each system's models read again from their dumps, by the light reader (their light
    twins) or, where it declines, validated by the model (module:class); their sources given
    the errata they cite (as the load gives them, generator.content.checks.errata)."""
    found = None
    if reader is not None:
        try:
            found = {system: [reader.read(i) for i in items] for system, items in data.items()}
        except Declined:
            found = None
    if found is None:
        import importlib

        module, _, name = model.partition(":")
        validate = getattr(importlib.import_module(module), name).model_validate
        found = {system: [validate(item) for item in items] for system, items in data.items()}
    if errata:
        from generator.content.behaviour import Sourced
        from generator.content.model.walk import walk

        for _, value in walk(list(found.values())):
            if isinstance(value, Sourced) and value.erratum is not None:
                value._erratum = errata[value.erratum]
    return found


def content_data(content: Content, specs: dict[str, Any] | None = None) -> dict[str, Any]:
    """What a scenario check reads of loaded content, as plain data, with the models' specs
    (generator.scenario.light.specs) when given."""
    from generator.tableside.encode import table_data

    groups = {
        "maps": {system: list(maps.values()) for system, maps in content.maps.items()},
        "boards": {system: list(boards.values()) for system, boards in content.boards.items()},
        "options": {system: list(found.values()) for system, found in content.options.items()},
        "units": {system: list(c.units.values()) for system, c in content.catalogues.items()},
    }
    glossary = [content.glossary] if content.glossary else []
    data = {
        name: {s: _dumps(models) for s, models in group.items()} for name, group in groups.items()
    }
    data["units"] = {
        system: {"units": units, "overlaid": sorted(content.catalogues[system].overlaid)}
        for system, units in data["units"].items()
    }
    cited = sorted(_cited([groups, glossary]))
    return {
        **data,
        "tables": {tid: table_data(table) for tid, table in content.tables.items()},
        "glossary": _dumps(glossary)[0] if glossary else None,
        "errata": _dumps(content.errata[erratum] for erratum in cited),
        "seeds": sorted(content.seed_ids),
        "counts": [content.files, len(content.tables), len(content.cases)],
        "light": specs,
    }


def _dumps(models: Iterable[Any]) -> list[Any]:
    """Models as plain data their own validation reads back."""
    return [model.model_dump(mode="json", by_alias=True) for model in models]


def _cited(models: Any) -> set[str]:
    """The errata the sources below some models cite."""
    from generator.content.model.base import Source
    from generator.content.model.walk import walk

    return {
        value.erratum
        for _, value in walk(models)
        if isinstance(value, Source) and value.erratum is not None
    }
