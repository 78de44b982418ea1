"""All of content/ loaded, validated and cross-checked into one set, or every problem found."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from generator.content import memo
from generator.content.charts import ResolvedTable, find_table
from generator.content.checks.avoid import document_avoid_issues, model_system
from generator.content.checks.chart_reads import chart_issues
from generator.content.checks.corrections import correction_issues
from generator.content.checks.errata import cite_errata
from generator.content.checks.glossary import glossary_issues
from generator.content.checks.notation import document_notation_issues
from generator.content.checks.rules import (
    case_id_issues,
    printed_reference_issues,
    reference_issues,
)
from generator.content.checks.schema import schema_issues
from generator.content.checks.sources import line_issues, seed_file_issues
from generator.content.checks.style import style_issues
from generator.content.checks.tables import check_table
from generator.content.checks.texts import Pending, text_issues
from generator.content.checks.units import chart_agreement_issues, collect_units, reconcile
from generator.content.joined_sources import join_sources, joined_line_counts
from generator.content.model.boards import Board
from generator.content.model.corrections import Corrections, Reason
from generator.content.model.errata import Errata, Erratum
from generator.content.model.glossary import Glossary
from generator.content.model.maps import GameMap
from generator.content.model.options import ScenarioFeature, ScenarioOption, ScenarioOptions
from generator.content.model.procedures import ProcedureDoc, ProcedureSet
from generator.content.model.project import Enums, Sources
from generator.content.model.rules import Case, RuleSet
from generator.content.model.table import ChartSlot, ChartSlots, Choice, Table
from generator.content.model.units import UnitCatalogue
from generator.content.printing import not_printing
from generator.content.unit_catalogues import Catalogue
from generator.content.yaml_loader import Document
from generator.core.diagnostics import Issue, display_path
from generator.core.errors import ContentError, UserError
from generator.core.japanese import KANJI
from generator.core.places import DEFAULT_CONTENT

KINDS: dict[str, type[BaseModel]] = {
    "sources": Sources,
    "enums": Enums,
    "table": Table,
    "rules": RuleSet,
    "glossary": Glossary,
    "corrections": Corrections,
    "errata": Errata,
    "procedures": ProcedureSet,
    "chart-slots": ChartSlots,
    "units": UnitCatalogue,
    "map": GameMap,
    "board": Board,
    "scenario-options": ScenarioOptions,
}
SCENARIO_KIND = "scenario"


@dataclass
class Content:
    """Everything under content/, validated: tables ready for lookup, rule cases by id."""

    root: Path
    sources: Sources
    tables: dict[str, ResolvedTable] = field(default_factory=dict)
    cases: dict[str, Case] = field(default_factory=dict)
    rulesets: list[RuleSet] = field(default_factory=list)
    glossary: Glossary | None = None
    reasons: dict[str, Reason] = field(default_factory=dict)
    errata: dict[str, Erratum] = field(default_factory=dict)
    procedures: dict[str, ProcedureDoc] = field(default_factory=dict)
    slots: dict[str, ChartSlot] = field(default_factory=dict)
    procedure_files: list[tuple[Document, ProcedureSet]] = field(default_factory=list)
    catalogues: dict[str, Catalogue] = field(default_factory=dict)
    maps: dict[str, dict[str, GameMap]] = field(default_factory=dict)
    overlaid_maps: set[tuple[str, str]] = field(default_factory=set)
    boards: dict[str, dict[int, Board]] = field(default_factory=dict)
    overlaid_boards: set[tuple[str, int]] = field(default_factory=set)
    overlaid_tables: set[str] = field(default_factory=set)
    options: dict[str, dict[str, ScenarioOption]] = field(default_factory=dict)
    features: dict[str, dict[str, ScenarioFeature]] = field(default_factory=dict)
    scenarios: list[Document] = field(default_factory=list)
    documents: list[Document] = field(default_factory=list)  # every other file that validated
    warnings: list[Issue] = field(default_factory=list)
    pending: Pending = field(default_factory=dict)  # a tolerated pending text's findings
    files: int = 0

    def table(self, table_id: str) -> ResolvedTable:
        """A table by id, or a UserError listing the ids there are."""
        return find_table(self.tables, self.slots, table_id)

    @property
    def seed_ids(self) -> set[str]:
        """The ids of the seeds a source may cite."""
        return {seed.id for seed in self.sources.seeds}

    def japanese_terms(self) -> tuple[str, ...]:
        """The glossary's Japanese terms, which a short text never splits across two lines."""
        terms = self.glossary.terms if self.glossary else ()
        return tuple(term.ja for term in terms)

    def pending_issues(self, met: list[tuple[Any, str]]) -> list[Issue]:
        """The findings about the pending texts a printing met (generator.content.printing)."""
        return sorted({issue for text, _ in met for issue in self.pending.get(text.key, ())})

    def proper_names(self, system: str) -> tuple[str, ...]:
        """The proper names a system's texts print (sources.yaml's `proper_names`)."""
        listed = next((s for s in self.sources.systems if s.id == system), None)
        return listed.proper_names if listed else ()

    def all_pending_issues(self) -> list[Issue]:
        """The findings about every pending text of the content (what the site would print)."""
        return sorted({issue for issues in self.pending.values() for issue in issues})

    def system_cases(self, system: str) -> Iterator[Case]:
        """A system's cases in printed order; a case an overlay replaced is the overlay's."""
        for ruleset in self.rulesets:
            if ruleset.system != system:
                continue
            for case in ruleset.cases:
                if self.cases.get(case.id) is case:
                    yield case


# The folders loaded in this process, with the files each held when read: a folder edited since
# is read again and replaces its older load (a `build --watch` reloads at every save).
_LOADED: dict[tuple, tuple[list, Content]] = {}
MAX_LOADED = 8


Check = Callable[["Content"], list[Issue]]


def load_content(
    root: Path | None = None,
    overlays: list[Path] | None = None,
    *,
    tolerate: frozenset[str] = frozenset(),
    checks: tuple[Check, ...] = (),
    known: list[Issue] | None = None,
    kept: Callable[[], dict[str, Document] | None] | None = None,
) -> Content:
    """Read, validate and cross-check a content folder and its overlays; raise ContentError.

    A table or case in an overlay replaces the one with the same id; overlays are read in order.
    A folder already loaded in this process, and unchanged since, is not read again. Errors
    whose code is in `tolerate` (`review` shows stale translations) do not stop the load: they
    are kept in `warnings`, still errors. `checks` are cross-checks that need more than the
    content (generator.tableside.loading gives the procedures'); their issues are reported with
    the rest. `known` are the findings of a full load of exactly these files with this playaid
    and font (generator.tableside.verdict.known_findings): the checks that only find are then
    skipped, and `known` stands for what they found. `kept` gives the files' documents as a
    load of exactly the same bytes read them (generator.tableside.kept_documents), by path: it
    is asked only when the folders are read, not when this process holds their load already.
    """
    root = (root or DEFAULT_CONTENT).resolve()
    overlays = [overlay.resolve() for overlay in overlays or []]
    for folder in [root, *overlays]:
        if not folder.is_dir():
            raise UserError("no-content-folder", folder=folder)
    files = [
        (str(path), *_stamp(path)) for folder in [root, *overlays] for path in _yaml_files(folder)
    ]
    key = (root, *overlays, tuple(sorted(tolerate)), checks, known is not None)
    loaded = _LOADED.pop(key, None)  # an edited folder's older load is let go before reading it
    if loaded is None or loaded[0] != files:
        if len(_LOADED) >= MAX_LOADED:
            _LOADED.clear()
        documents = (kept() if kept else None) or {}
        with not_printing():
            loaded = (files, _load(root, overlays, tolerate, checks, known, documents))
    _LOADED[key] = loaded
    return loaded[1]


def _load(
    root: Path,
    overlays: list[Path],
    tolerate: frozenset[str] = frozenset(),
    checks: tuple[Check, ...] = (),
    known: list[Issue] | None = None,
    kept: dict[str, Document] | None = None,
) -> Content:
    """The uncached load: every stage, every issue (with `known`, the stages that only find
    are skipped and `known` stands for what they found)."""
    issues: list[Issue] = []
    finding = known is None
    read = _read_all(root, overlays, issues, kept or {})
    parsed = read.documents
    sources, folders = join_sources(root, parsed["sources"], issues)
    if sources is None:
        raise ContentError(issues)
    content = Content(root=root, sources=sources, files=read.files, scenarios=read.scenarios)
    seeds = {seed.id for seed in content.sources.seeds}
    systems = {system.id for system in content.sources.systems}
    counts: dict[str, int] = {}
    if finding:
        for document, listed in folders:
            issues.extend(seed_file_issues(document, listed, Path(document.path).parent))
        counts = joined_line_counts(folders, issues)
    content.documents = [document for group in parsed.values() for document, _ in group]
    content.reasons = _reasons(parsed["corrections"], issues)
    content.errata = _listed(parsed["errata"], "errata", issues)
    titles = {seed.id: seed.title for seed in content.sources.seeds}
    for documents in parsed.values():
        for document, model in documents:
            issues.extend(cite_errata(document, model, content.errata, titles))
            issues.extend(text_issues(document, model, seeds, content.pending))
            if finding:
                issues.extend(line_issues(document, model, counts))
                issues.extend(correction_issues(document, model, set(content.reasons)))
    content.slots = {slot.id: slot for _, group in parsed["chart-slots"] for slot in group.slots}
    enums = _enums(parsed["enums"], systems, issues)
    _tables(content, parsed["table"], enums, systems, issues)
    accepted = _rules(content, parsed["rules"], systems, issues, check_refs=not read.invalid_rules)
    for document, glossary in parsed["glossary"]:
        issues.extend(_term_system_issues(document, glossary, systems))
        issues.extend(_term_reading_issues(document, glossary))
    glossaries = [model for _, model in parsed["glossary"]]
    if glossaries:
        content.glossary = glossaries[0]
        for document, rules, cases in accepted if finding else ():
            names = content.proper_names(rules.system)
            issues.extend(glossary_issues(glossaries[0], rules.system, cases, document, names))
    for _, procedure_set in parsed["procedures"]:
        content.procedures.update((doc.id, doc) for doc in procedure_set.procedures)
    content.procedure_files = parsed["procedures"]
    names = _units(content, parsed["units"], set(content.cases), issues)
    if finding:
        issues.extend(_finding_issues(content, parsed, names))
    _maps(content, parsed["map"], systems, issues)
    _boards(content, parsed["board"], systems, issues)
    _options(content, parsed["scenario-options"], set(content.cases), issues)
    for check in checks if finding else ():
        issues.extend(check(content))
    issues = sorted(set(issues if finding else [*issues, *(known or [])]))
    if any(issue.severity == "error" and issue.code not in tolerate for issue in issues):
        raise ContentError(issues)
    content.warnings = issues
    return content


def _finding_issues(
    content: Content, parsed: dict[str, list[tuple[Document, Any]]], names: list[str]
) -> list[Issue]:
    """The findings of the checks that only find: the style and notation of every text, the
    forms to avoid."""
    glossary = parsed["glossary"][0][0] if content.glossary else None
    if glossary is not None and not glossary.digest:  # read from elsewhere: nothing to key on
        context = None
    else:
        context = (tuple(names), glossary and (glossary.digest, str(glossary.path)))
    issues = []
    for kind, documents in parsed.items():
        for document, model in documents:
            find = partial(_document_findings, content, kind, document, model, names)
            issues += find() if context is None else memo.findings(document, context, find)
    return issues


def _document_findings(
    content: Content, kind: str, document: Document, model: Any, names: list[str]
) -> list[Issue]:
    """One document's findings of the checks that only find: its style and notation, and the
    forms to avoid (in every document but the glossary, which lists them)."""
    issues = [
        *style_issues(document, model, names),
        *document_notation_issues(document, model, all_texts=False),
    ]
    if content.glossary and kind != "glossary":
        system = model_system(model)
        issues += document_avoid_issues(document, model, content.glossary, system, all_texts=False)
    return issues


@dataclass
class _Read:
    """Every file of a content folder and its overlays, read: the documents that validate, by
    kind; the scenario files; how many files; whether a rules file failed to validate."""

    documents: dict[str, list[tuple[Document, Any]]]
    scenarios: list[Document]
    files: int
    invalid_rules: bool


def _read_all(
    root: Path, overlays: list[Path], issues: list[Issue], kept: dict[str, Document]
) -> _Read:
    """Read and validate every YAML file of the folder and its overlays, adding what is wrong
    to `issues`; a document from an overlay is marked so; one in `kept` is not read again."""
    parsed: dict[str, list[tuple[Document, Any]]] = {kind: [] for kind in KINDS}
    invalid_rules = False
    scenarios: list[Document] = []
    paths = [path for folder in [root, *overlays] for path in _yaml_files(folder)]
    overlaid = {path for folder in overlays for path in _yaml_files(folder)}
    for path in paths:
        if path.is_symlink():  # never read through: it could point anywhere
            issues.append(_link_issue(path))
            continue
        document, problems = _document(path, kept)
        issues.extend(problems)
        if document is None or any(problem.code != "duplicate-key" for problem in problems):
            continue
        if is_scenario(document):
            scenarios.append(document)
            continue
        kind, model, problems = validate_document(document)
        issues.extend(problems)
        if model is not None:
            document.overlay = path in overlaid
            parsed[kind].append((document, model))
        invalid_rules |= kind == "rules" and model is None
    return _Read(parsed, scenarios, len(paths), invalid_rules)


def _link_issue(path: Path) -> Issue:
    """A YAML file of a content or overlay folder that is a link: a finding, never read."""
    from generator.core.messages import text

    shown = display_path(path)
    en, ja = text("file-not-regular", file=shown)
    return Issue(shown, 1, 1, "(document)", "file-not-regular", en, ja)


def _document(path: Path, kept: dict[str, Document]) -> tuple[Document | None, list[Issue]]:
    """A file's document, as kept from a load of the same bytes or read now."""
    document = kept.get(str(path.absolute()))
    return (document, []) if document is not None else memo.read_document(path, display_path(path))


def _units(
    content: Content, documents: list[tuple[Document, Any]], known: set[str], issues: list[Issue]
) -> list[str]:
    """The unit catalogues, checked against the charts that print the same numbers and
    reconciled with them; return every spelling of every unit's name."""
    catalogues, where, problems = collect_units(documents, known)
    issues.extend(problems)
    content.catalogues = catalogues
    for catalogue in catalogues.values():
        issues.extend(
            chart_agreement_issues(catalogue, where, content.tables, content.overlaid_tables)
        )
        reconcile(catalogue, content.tables, content.overlaid_tables)
    return [
        spelling
        for catalogue in catalogues.values()
        for unit in catalogue.units.values()
        for spelling in (unit.name.en, unit.name.ja, *unit.aliases)
    ]


def is_scenario(document: Document) -> bool:
    """Whether a file is a scenario, which the scenario stage reads above the content."""
    return isinstance(document.data, dict) and document.data.get("kind") == SCENARIO_KIND


def _maps(
    content: Content,
    documents: list[tuple[Document, GameMap]],
    systems: set[str],
    issues: list[Issue],
) -> None:
    """Maps by system and id; an overlay's map replaces the shipped one."""
    where: dict[tuple[str, str], str] = {}
    for document, game_map in documents:
        if game_map.system not in systems:
            issues.append(_system_issue(document, ("system",), game_map.system, systems))
        issues.extend(_group_issues(content, document, game_map))
        key = (game_map.system, game_map.id)
        if key in where and not document.overlay:
            issues.append(document.issue(("id",), "duplicate-id", id=game_map.id, other=where[key]))
            continue
        where[key] = f"{document.shown_path}:{document.position(('id',)).line}"
        content.maps.setdefault(game_map.system, {})[game_map.id] = game_map
        if document.overlay:
            content.overlaid_maps.add(key)


def _group_issues(content: Content, document: Document, game_map: GameMap) -> list[Issue]:
    """A map's group is one its system's chart of map groups prints
    (generator.content.chart_reads)."""
    from generator.content.chart_reads import MAP_GROUP_AXIS

    table_id, key = MAP_GROUP_AXIS.get(game_map.system, ("", ""))
    table = content.tables.get(table_id)
    axis = table.axis(key) if table else None
    if game_map.group is None or axis is None:
        return []
    if any(choice.slug == game_map.group for choice in axis.choices):
        return []
    choices = ", ".join(choice.slug for choice in axis.choices)
    return [
        document.issue(
            ("group",), "map-group-unknown", group=game_map.group, table=table_id, choices=choices
        )
    ]


def _boards(
    content: Content,
    documents: list[tuple[Document, Board]],
    systems: set[str],
    issues: list[Issue],
) -> None:
    """Boards by system and number; an overlay's board replaces the shipped one."""
    where: dict[tuple[str, int], str] = {}
    for document, board in documents:
        if board.system not in systems:
            issues.append(_system_issue(document, ("system",), board.system, systems))
        key = (board.system, board.number)
        if key in where and not document.overlay:
            issue = document.issue(("number",), "duplicate-id", id=board.number, other=where[key])
            issues.append(issue)
            continue
        where[key] = f"{document.shown_path}:{document.position(('number',)).line}"
        content.boards.setdefault(board.system, {})[board.number] = board
        if document.overlay:
            content.overlaid_boards.add(key)


def _options(
    content: Content,
    documents: list[tuple[Document, ScenarioOptions]],
    known_cases: set[str],
    issues: list[Issue],
) -> None:
    """The rules a scenario may put in use, and what its features bring, by system; every case,
    chart and chart slot they name exists."""
    for document, model in documents:
        options = content.options.setdefault(model.system, {})
        features = content.features.setdefault(model.system, {})
        for key, entries in (("options", model.options), ("features", model.features)):
            for index, entry in enumerate(entries):
                named = [("rules", rule, known_cases) for rule in entry.rules]
                named += [("tables", t, content.tables) for t in getattr(entry, "tables", ())]
                named += [("box", slot, content.slots) for slot in entry.box]
                for field_name, ref, known in named:
                    if ref not in known:
                        items = getattr(entry, field_name)
                        path = (key, index, field_name, items.index(ref))
                        issues.append(document.issue(path, "unresolved-ref", ref=ref))
        options.update((option.id, option) for option in model.options)
        features.update((feature.id, feature) for feature in model.features)


def _stamp(path: Path) -> tuple[int, int]:
    """When a file last changed and its size; (-1, -1) for one that cannot be looked at (a
    dangling link), which the reader then reports."""
    try:
        status = path.stat()
    except OSError:
        return (-1, -1)
    return (status.st_mtime_ns, status.st_size)


def _yaml_files(folder: Path) -> list[Path]:
    """The YAML files below a folder, walked without recursion and never through a link to a
    folder; a folder deeper than limits.FOLDER_DEPTH is a finding (generator.core.fingerprint)."""
    from generator.core import limits
    from generator.core.fingerprint import yaml_files
    from generator.core.messages import text

    paths, too_deep = yaml_files(folder)
    if too_deep:
        issues = []
        for deep in too_deep[:10]:
            en, ja = text("folder-too-deep", limit=limits.FOLDER_DEPTH)
            issues.append(Issue(display_path(deep), 1, 1, "(folder)", "folder-too-deep", en, ja))
        raise ContentError(issues)
    return paths


def validate_document(document: Document) -> tuple[str, Any, list[Issue]]:
    """Pick the model by `kind` and validate the document against it."""
    data = document.data
    if not isinstance(data, dict):
        return "", None, [document.issue((), "not-a-mapping")]
    choices = ", ".join([*KINDS, SCENARIO_KIND])
    if "kind" not in data:
        return "", None, [document.issue((), "missing-kind", choices=choices)]
    kind = data["kind"]
    if kind not in KINDS:
        return "", None, [document.issue(("kind",), "unknown-kind", kind=kind, choices=choices)]
    model = KINDS[kind]
    try:
        return kind, model.model_validate(data), []
    except ValidationError as error:
        return kind, None, schema_issues(document, model, error)


def _reasons(
    documents: list[tuple[Document, Corrections]], issues: list[Issue]
) -> dict[str, Reason]:
    """The reasons a correction may give, by id; a reason listed twice is a finding."""
    return _listed(documents, "reasons", issues)


def _listed(documents: list[tuple[Document, Any]], key: str, issues: list[Issue]) -> dict:
    """The entries of lists of things with ids (the reasons of corrections.yaml, the errata of
    errata.yaml), by id; an id listed twice is a finding."""
    found: dict[str, Any] = {}
    where: dict[str, str] = {}
    for document, model in documents:
        for index, entry in enumerate(getattr(model, key)):
            if entry.id in where:
                path, other = (key, index, "id"), where[entry.id]
                issues.append(document.issue(path, "duplicate-id", id=entry.id, other=other))
                continue
            line = document.position((key, index, "id")).line
            where[entry.id] = f"{document.shown_path}:{line}"
            found[entry.id] = entry
    return found


def _system_issue(document: Document, path: tuple, system: str, systems: set[str]) -> Issue:
    return document.issue(path, "unknown-system", system=system, choices=", ".join(sorted(systems)))


def _term_system_issues(document: Document, glossary: Glossary, systems: set[str]) -> list[Issue]:
    """A glossary term's `systems` names only systems sources.yaml lists."""
    return [
        _system_issue(document, ("terms", index, "systems", place), system, systems)
        for index, term in enumerate(glossary.terms)
        for place, system in enumerate(term.systems)
        if system not in systems
    ]


def _term_reading_issues(document: Document, glossary: Glossary) -> list[Issue]:
    """A term whose Japanese holds kanji gives its reading, by which the Japanese glossary page
    sorts it (an info: without one it only sorts by its kanji's code points)."""
    return [
        document.issue(
            ("terms", index, "ja"), "glossary-reading-missing", severity="info", ja=term.ja
        )
        for index, term in enumerate(glossary.terms)
        if term.reading is None and KANJI.search(term.ja)
    ]


def _enums(
    documents: list[tuple[Document, Enums]], systems: set[str], issues: list[Issue]
) -> dict[str, tuple[Choice, ...]]:
    enums: dict[str, tuple[Choice, ...]] = {}
    for document, model in documents:
        if model.system not in systems:
            issues.append(_system_issue(document, ("system",), model.system, systems))
        for name, choices in model.enums.items():
            enums[f"{model.system}.{name}"] = choices
    return enums


def _tables(
    content: Content,
    documents: list[tuple[Document, Table]],
    enums: dict[str, tuple[Choice, ...]],
    systems: set[str],
    issues: list[Issue],
) -> None:
    where: dict[str, str] = {}
    for document, table in documents:
        system = table.id.split(".")[0]
        if system not in systems:
            issues.append(_system_issue(document, ("id",), system, systems))
        if table.id in where and not document.overlay:
            issues.append(
                document.issue(("id",), "duplicate-id", id=table.id, other=where[table.id])
            )
            continue
        slot = content.slots.get(table.id)
        keyed = slot is None or tuple(axis.key for axis in table.axes) == slot.keys
        if not keyed:
            issues.append(_slot_issue(document, table.id, slot))
        where[table.id] = f"{document.shown_path}:{document.position(('id',)).line}"
        resolved, problems = check_table(document, table, enums)
        issues.extend(problems)
        if resolved is not None:
            issues.extend(chart_issues(document, resolved) if keyed else [])
            content.tables[table.id] = resolved
            if document.overlay:
                content.overlaid_tables.add(table.id)


def _slot_issue(document: Document, table_id: str, slot: ChartSlot) -> Issue:
    """A supplied table whose keys are not its slot's, or that fills a slot no table can."""
    if not slot.keys:
        return document.issue(("id",), "slot-layout-unknown", id=table_id)
    return document.issue(("axes",), "slot-keys", id=table_id, keys=", ".join(slot.keys))


def _rules(
    content: Content,
    documents: list[tuple[Document, RuleSet]],
    systems: set[str],
    issues: list[Issue],
    check_refs: bool,
) -> list[tuple[Document, RuleSet, list[tuple[Case, int]]]]:
    """Collect the cases; resolve references only when every rules file could be read,
    so that one broken file does not make references into it look unresolved."""
    seen: dict[str, str] = {}
    accepted: list[tuple[Document, RuleSet, list[tuple[Case, int]]]] = []
    for document, rules in documents:
        if rules.system not in systems:
            issues.append(_system_issue(document, ("system",), rules.system, systems))
        cases, problems = case_id_issues(document, rules, seen)
        issues.extend(problems)
        accepted.append((document, rules, cases))
        content.rulesets.append(rules)
        content.cases.update((case.id, case) for case, _ in cases)
    for document, rules, cases in accepted if check_refs else ():
        issues.extend(reference_issues(document, cases, seen))
        pattern = content.sources.reference_pattern(rules.system)
        issues.extend(printed_reference_issues(document, pattern, cases, seen))
    return accepted
