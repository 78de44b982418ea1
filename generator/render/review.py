"""The reviewer's copy (`playaid review SYSTEM`): every case and chart of a system with the seed's
own lines beside the English and the Japanese (the erratum named where a text comes from one),
each text's state (from the seed or the erratum, translated by playaid, stale), its uncertain
notes and where the seed's two languages disagree, so that a bilingual player can proofread a
system in one sitting and cite exactly what to correct.

One A4 landscape PDF per system; this module makes its view, generator.builder.review renders and
writes it as a build does. The content may hold stale or unstamped translations
(`check` fails on them): the review is where they are shown. A seed file that cannot be read is
said so in each cell that cites it, never a failed document.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from markupsafe import Markup, escape

from generator.content.bilingual import lead_mark
from generator.content.checks.sources import plain_name
from generator.content.load import Content
from generator.content.model.base import LocalizedText, NoteText, Source, line_spans
from generator.content.model.project import Seed
from generator.core.errors import UserError
from generator.core.limits import SEED_BYTES, UNSAFE_CHARACTERS
from generator.core.places import seeds_for
from generator.render.booklets import anchor
from generator.render.environment import japanese_whole
from generator.tableside.loading import load_checked

# The content errors a review shows instead of stopping on: a translation whose source text has
# changed since (or that never recorded which source text it was made from).
TOLERATED = frozenset({"stale-translation", "unstamped-translation"})
FOLDER = "review"  # under the output folder: review/<system>.review.pdf
PAPER = "A4 landscape"
_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]")


def load_for_review(root: Path | None = None, overlays: list[Path] | None = None) -> Content:
    """The content as `review` reads it: validated, but stale translations kept to be shown."""
    return load_checked(root, overlays, tolerate=TOLERATED)


def review_systems(content: Content) -> list[str]:
    """The systems a review can be made of: those with rule cases or charts."""
    ids = {cid.split(".")[0] for cid in content.cases} | {
        tid.split(".")[0] for tid in content.tables
    }
    return [system.id for system in content.sources.systems if system.id in ids]


def review_path(system: str) -> str:
    """Where a system's review goes, relative to the output folder."""
    return f"{FOLDER}/{system}.review.pdf"


@dataclass(frozen=True)
class TextState:
    """One bilingual text and what a reviewer must know of it: which side playaid translated,
    and whether that translation is stale (made from an earlier source text) or unstamped."""

    text: LocalizedText

    @property
    def translated(self) -> str | None:
        """The language playaid translated (`en`, `ja`), or None when both are source text."""
        return None if self.text.tr == "none" else self.text.tr

    @property
    def recorded(self) -> str | None:
        return self.text.from_

    @property
    def expected(self) -> str | None:
        return self.text.expected_hash

    @property
    def stale(self) -> bool:
        return self.translated is not None and self.recorded not in (None, self.expected)

    @property
    def unstamped(self) -> bool:
        return self.translated is not None and self.recorded is None

    def get(self, lang: str) -> str:
        return self.text.get(lang)

    @property
    def detail(self) -> TextState | None:
        """The technical detail behind a note (seed lines, OCR forms), which only the booklet's
        notes and this copy print."""
        detail = self.text.detail if isinstance(self.text, NoteText) else None
        return TextState(detail) if detail else None


# Rough line counts at the review's type size on A4 landscape: how many ems a column holds, and
# the tallest row kept whole (about half a page).
SEED_EMS, TEXT_EMS, KEPT_LINES = 29, 28, 22


def _height(text: str, ems: float) -> int:
    """About how many lines a text takes in a column `ems` wide (each line break kept)."""
    from generator.render.environment import text_ems

    return sum(max(1, -(-int(text_ems(part)) // int(ems))) for part in text.split("\n"))


def _state(text: LocalizedText | None) -> TextState | None:
    return None if text is None else TextState(text)


@dataclass(frozen=True)
class SeedLine:
    """One line of a seed file as printed there: its number, its text (characters the font
    cannot draw shown by code point, as [U+E000]), its language, and whether lines were
    skipped before it."""

    number: int
    text: Markup
    lang: str
    after_gap: bool


@dataclass(frozen=True)
class Excerpt:
    """The seed lines a source cites, or why they cannot be shown (`problem`)."""

    seed: str | None
    section: str | None
    lines: tuple[SeedLine, ...] = ()
    # missing: the seed file is not there or unreadable; no-lines: the source cites none;
    # supplied: an overlay's fact from the player; erratum: the text comes from an erratum of
    # content/errata.yaml, not a seed; beyond: some lines are past the file's end;
    # blank: every line cited is blank
    problem: str | None = None
    file: str | None = None
    beyond: tuple[str, ...] = ()  # the lines or ranges cited past the file's end
    supplied: str | None = None
    erratum: Any = None  # the Erratum the source names (problem "erratum")


def cited_lines(lines: str, count: int) -> tuple[list[int], list[str]]:
    """`209, 235` or `30-46` as the line numbers a file of `count` lines holds, in the order
    cited, each once; and the parts cited past its end (`900-950`), never counted out one by
    one, so that no range, however long, is spelt out in memory."""
    numbers: dict[int, None] = {}
    beyond: list[str] = []
    for first, last in line_spans(lines):
        numbers.update(dict.fromkeys(range(first, min(last, count) + 1)))
        if last > count:
            start = max(first, count + 1)
            beyond.append(str(start) if start == last else f"{start}-{last}")
    return list(numbers), beyond


class SeedFiles:
    """The seed files of a content, each read once; a file that is not there, not a regular file,
    too large or not named as a plain file name in `seeds_folder` counts as not available."""

    def __init__(self, content: Content, folder: Path) -> None:
        self.folder = folder
        self.seeds = {seed.id: seed for seed in content.sources.seeds}
        self.undrawable: set[str] = set()  # of the files read, what the font cannot draw
        self._lines: dict[str, list[str] | None] = {}

    def lines(self, seed_id: str) -> list[str] | None:
        """The lines of a seed file, or None when it is not available."""
        if seed_id not in self._lines:
            self._lines[seed_id] = self._read(seed_id)
        return self._lines[seed_id]

    def _read(self, seed_id: str) -> list[str] | None:
        from generator.core.fingerprint import read_seed

        seed = self.seeds.get(seed_id)
        if seed is None or not plain_name(seed.file):
            return None
        raw = read_seed(self.folder / seed.file, SEED_BYTES)
        if raw is None:
            return None
        text = raw.decode("utf-8", errors="replace")
        self.undrawable |= _undrawable(text)
        return [line.removesuffix("\r") for line in text.removesuffix("\n").split("\n")]

    def available(self, seed_id: str) -> bool:
        return self.lines(seed_id) is not None

    def excerpt(self, source: Source) -> Excerpt:
        """The lines a source cites, numbered, or the reason they cannot be shown."""
        if source.supplied:
            return Excerpt(None, None, problem="supplied", supplied=source.supplied)
        if source.erratum:
            return Excerpt(None, source.section, problem="erratum", erratum=source.erratum_entry)
        seed = self.seeds.get(source.seed or "")
        file = seed.file if seed else None
        if not source.lines:
            return Excerpt(source.seed, source.section, problem="no-lines", file=file)
        lines = self.lines(source.seed or "")
        if lines is None:
            return Excerpt(source.seed, source.section, problem="missing", file=file)
        shown, previous = [], None
        numbers, beyond = cited_lines(source.lines, len(lines))
        for number in numbers:
            text = lines[number - 1]
            gap = previous is not None and number != previous + 1
            previous = number
            if text.strip():  # blank lines are left out: their numbers are skipped
                shown.append(SeedLine(number, self._printable(text), _language(text), gap))
        problem = "beyond" if beyond else None if shown else "blank"
        return Excerpt(source.seed, source.section, tuple(shown), problem, file, tuple(beyond))

    def _printable(self, text: str) -> Markup:
        """A seed line escaped, a tab shown as →, control and bidi characters and characters the
        font cannot draw shown as their code points, so that every character is accounted for."""
        pieces = []
        for run in re.finditer(r"(.)\1*", text, flags=re.DOTALL):
            character, count = run.group(1), len(run.group())
            if character == "\t":  # the seeds' tables separate their cells with tabs
                pieces.append(Markup('<span class="tab">→</span>') * count)
            elif UNSAFE_CHARACTERS.match(character) or character in self.undrawable:
                times = f"×{count}" if count > 1 else ""
                pieces.append(
                    Markup('<span class="codepoint">[U+{:04X}]{}</span>').format(
                        ord(character), times
                    )
                )
            else:
                pieces.append(escape(run.group()))
        return Markup("").join(pieces)


def _undrawable(text: str) -> set[str]:
    """The characters of a text the Japanese font has no glyph for."""
    from generator.render.fonts import japanese_font
    from generator.render.subset import missing_characters

    return missing_characters(japanese_font().regular, text)


def _language(line: str) -> str:
    """`ja` for a seed line with any Japanese in it, else `en` (the seeds print both)."""
    return "ja" if _JAPANESE.search(line) else "en"


@dataclass(frozen=True)
class Reference:
    """A case a case refers to: linked when the review prints it."""

    id: str
    external: bool
    printed: bool


@dataclass(frozen=True)
class NoteRow:
    """A chart's footnote, with its own uncertain note."""

    mark: str | None
    text: TextState
    uncertain: TextState | None
    languages_differ: bool

    @property
    def lead_mark(self) -> str:
        """The mark to print before the note's text (none where the text begins with it)."""
        return lead_mark(self.mark, self.text.text)


@dataclass(frozen=True)
class UncertainRow:
    """An uncertain note: the entry's own, or one that marks `cells` of a chart."""

    text: TextState
    cells: int = 0


@dataclass(frozen=True)
class Entry:
    """A case or a chart as the review prints it."""

    kind: str  # case, chart
    id: str
    number: str | None
    title: TextState | None
    text: TextState | None
    excerpt: Excerpt
    source: Source
    anchor: str
    notes: tuple[NoteRow, ...] = ()
    uncertain: tuple[UncertainRow, ...] = ()
    languages_differ: bool = False
    references: tuple[Reference, ...] = ()
    unit: TextState | None = None
    labels: tuple[TextState, ...] = ()  # a chart's headings that print the seed's words corrected
    values: tuple[TextState, ...] = ()  # a chart's cell values that print the seed's corrected

    @property
    def states(self) -> list[TextState]:
        """Every text of the entry, the notes playaid wrote included."""
        found = [self.title, self.text, self.unit]
        for note in self.notes:
            found += [note.text, note.uncertain]
        found += [row.text for row in self.uncertain]
        found += [state.detail for state in found if state is not None]
        return [state for state in found if state is not None]

    @property
    def printed_states(self) -> list[TextState]:
        """The texts that come from the seed (titles, texts, footnotes), not playaid's notes."""
        found = [self.title, self.text, self.unit, *(note.text for note in self.notes)]
        return [state for state in found if state is not None]

    @property
    def main(self) -> TextState | None:
        """The text whose state the state line gives: the text, else the title."""
        return self.text or self.title

    @property
    def title_differs(self) -> bool:
        """Whether the title's side translated is not the text's (the state line says both)."""
        return bool(self.title and self.text and self.title.text.tr != self.text.text.tr)

    @property
    def translated(self) -> bool:
        return any(state.translated for state in self.printed_states)

    @property
    def stale(self) -> bool:
        return any(state.stale for state in self.states)

    @property
    def unstamped(self) -> bool:
        return any(state.unstamped for state in self.states)

    @property
    def has_uncertain(self) -> bool:
        return bool(self.uncertain) or any(note.uncertain for note in self.notes)

    @property
    def differ(self) -> bool:
        return self.languages_differ or any(note.languages_differ for note in self.notes)

    @property
    def cite(self) -> Markup:
        """The seed and section a column header cites, each run of Japanese kept whole (a header
        never splits a Japanese word) and tagged with its language."""
        parts = [self.source.seed or "", self.source.section or ""]
        return japanese_whole(" · ".join(part for part in parts if part), ' lang="ja"')

    @property
    def keep(self) -> bool:
        """Whether the main row is short enough to keep on one page (a longer one runs on, so
        that a long case never leaves its heading alone at the foot of an empty page)."""
        seed = sum(_height(str(line.text), SEED_EMS) for line in self.excerpt.lines)
        texts = [state for state in (self.title, self.unit, self.text) if state]
        sides = [
            sum(_height(state.get(lang), TEXT_EMS) for state in texts) for lang in ("en", "ja")
        ]
        return max([seed, *sides]) <= KEPT_LINES

    @property
    def label(self) -> str:
        """The bookmark and running head: number, id and English title."""
        parts = [f"[{self.number}]" if self.number else "", self.id]
        if self.title:
            parts.append(self.title.get("en"))
        return " ".join(part for part in parts if part)


@dataclass
class Counts:
    """How many entries of a kind there are, and how many need a reviewer's eye."""

    total: int = 0
    translated: int = 0
    from_seed: int = 0
    stale: int = 0
    unstamped: int = 0
    uncertain: int = 0
    differ: int = 0

    @classmethod
    def of(cls, entries: Iterable[Entry]) -> Counts:
        counts = cls()
        for entry in entries:
            counts.total += 1
            counts.translated += entry.translated
            counts.from_seed += not entry.translated
            counts.stale += entry.stale
            counts.unstamped += entry.unstamped
            counts.uncertain += entry.has_uncertain
            counts.differ += entry.differ
        return counts


@dataclass(frozen=True)
class SeedSummary:
    """A seed the review cites, and whether its file could be read."""

    seed: Seed
    available: bool
    lines: int


@dataclass
class Review:
    """Everything review.html prints."""

    system: Any
    cases: list[Entry]
    charts: list[Entry]
    seeds: list[SeedSummary]
    date: str
    counts: dict[str, Counts] = field(default_factory=dict)

    @property
    def entries(self) -> list[Entry]:
        return self.cases + self.charts

    def marked(self, what: str) -> list[Entry]:
        """The entries with stale translations, unstamped ones, uncertain notes or disagreeing
        languages (`stale`, `unstamped`, `has_uncertain`, `differ`)."""
        return [entry for entry in self.entries if getattr(entry, what)]


def case_entries(content: Content, system: str, seeds: SeedFiles) -> list[Entry]:
    """Every case of a system in printed order (a case an overlay replaced: the overlay's)."""
    entries = []
    for case in content.system_cases(system):
        references = tuple(
            Reference(ref.id, ref.external, _printed(content, ref.id, ref.external, system))
            for ref in case.references
        )
        entries.append(
            Entry(
                "case",
                case.id,
                case.number,
                _state(case.title),
                _state(case.text),
                seeds.excerpt(case.source),
                case.source,
                anchor(case.id),
                uncertain=(UncertainRow(TextState(case.uncertain)),) if case.uncertain else (),
                languages_differ=case.languages_differ,
                references=references,
            )
        )
    return entries


def _printed(content: Content, case_id: str, external: bool, system: str) -> bool:
    """Whether a referenced case is in this review (so that the reference links to it)."""
    return not external and case_id in content.cases and case_id.split(".")[0] == system


def chart_entries(content: Content, system: str, seeds: SeedFiles) -> list[Entry]:
    """Every chart of a system, in the order of the seed's lines: title, unit, footnotes,
    uncertain notes (the table's own, then each one its cells carry, with how many) and the
    headings that print the seed's words corrected."""
    entries = []
    for table_id, resolved in content.tables.items():
        if table_id.split(".")[0] != system:
            continue
        table = resolved.table
        marked: dict[str, tuple[LocalizedText, int]] = {}
        for cell in resolved.cells:
            for note in cell.uncertain:
                if note != table.uncertain:
                    seen = marked.get(note.en)
                    marked[note.en] = (note, (seen[1] if seen else 0) + 1)
        uncertain = ([UncertainRow(TextState(table.uncertain))] if table.uncertain else []) + [
            UncertainRow(TextState(note), count) for note, count in marked.values()
        ]
        notes = tuple(
            NoteRow(note.mark, TextState(note.text), _state(note.uncertain), note.languages_differ)
            for note in table.notes
        )
        labels = tuple(
            TextState(choice.label)
            for axis in resolved.axes
            for choice in axis.choices
            if choice.label.corrections
        )
        corrected = {
            cell.value.key: cell.value
            for cell in resolved.cells
            if isinstance(cell.value, LocalizedText) and cell.value.corrections
        }
        entries.append(
            Entry(
                "chart",
                table_id,
                None,
                TextState(table.title),
                None,
                seeds.excerpt(table.source),
                table.source,
                "chart-" + re.sub(r"[^a-z0-9]+", "-", table_id),
                notes=notes,
                uncertain=tuple(uncertain),
                languages_differ=table.languages_differ,
                unit=_state(table.unit),
                labels=labels,
                values=tuple(TextState(value) for value in corrected.values()),
            )
        )
    return sorted(entries, key=_seed_order)


def _seed_order(entry: Entry) -> tuple:
    """Charts in the order the seed prints them: by seed, then first line, then id."""
    lines = entry.source.lines
    return (entry.source.seed or "", line_spans(lines)[0][0] if lines else 0, entry.id)


def printed_date() -> str:
    """The review's date (ISO): SOURCE_DATE_EPOCH's, so that a review can be made again byte for
    byte, else today's (UTC)."""
    import os

    from generator.core.limits import source_date_epoch

    epoch = source_date_epoch(os.environ.get("SOURCE_DATE_EPOCH"))
    moment = datetime.fromtimestamp(epoch, tz=UTC) if epoch is not None else datetime.now(tz=UTC)
    return moment.strftime("%Y-%m-%d")


def seeds_folder_to_read(given: Path | None, content: Path) -> Path:
    """The folder of seed files a review reads: the one given, else the content folder's own
    `seeds/`, else ../shared/seeds beside a checkout (places.seeds_for); a UserError that says
    where playaid looked when there is no such folder."""
    folder = given or seeds_for(content)
    if folder is None:
        raise UserError("review-seeds-not-installed")
    if not folder.is_dir():
        raise UserError("review-no-seeds", folder=folder)
    return folder


def review(content: Content, system: str, seeds_folder: Path | None = None) -> Review:
    """The view model of one system's review; a UserError listing the systems for another."""
    systems = review_systems(content)
    if system not in systems:
        raise UserError("no-rules-for-system", system=system, choices=", ".join(systems))
    seeds = SeedFiles(content, seeds_folder_to_read(seeds_folder, content.root))
    cases = case_entries(content, system, seeds)
    charts = chart_entries(content, system, seeds)
    cited = sorted({e.source.seed for e in cases + charts if e.source.seed})
    summaries = [
        SeedSummary(seeds.seeds[sid], seeds.available(sid), len(seeds.lines(sid) or ()))
        for sid in cited
        if sid in seeds.seeds
    ]
    found = next(s for s in content.sources.systems if s.id == system)
    result = Review(found, cases, charts, summaries, printed_date())
    result.counts = {"cases": Counts.of(cases), "charts": Counts.of(charts)}
    return result


def review_context(content: Content, system: str, seeds_folder: Path | None = None) -> dict:
    """Everything review.html needs."""
    view = review(content, system, seeds_folder)
    cited = {summary.seed.id for summary in view.seeds}
    system_seed = next((s for s in content.sources.seeds if s.id == view.system.seed), None)
    return {
        "review": view,
        "system": view.system,
        "seed": view.seeds[0].seed if view.seeds else system_seed,
        "cited_seeds": cited,
        "anchor": anchor,
        "paper": PAPER,
        "reasons": content.reasons,
    }
