"""What the content's models do beyond holding their fields, and the checks their validators make,
kept apart from pydantic: each model (generator.content.model) and its light twin
(generator.content.light), which a scenario check reads without importing pydantic, share them.
The classes here declare no fields: pydantic would take an annotation of a base for a field of
the model, in the base's order.

A check here returns its problem as (code, message, context), which a model's validator raises as
pydantic's error and the light reading takes as a reason to leave the file to pydantic.
"""

from __future__ import annotations

import datetime
import re
from typing import Any

from generator.content.bilingual import Bilingual, Cited, source_hash

Problem = tuple[str, str, dict[str, Any] | None]  # an error's code, message and context
UNKNOWN = "unknown"  # a grid's fact, or a unit's, that no seed gives
ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class Localized(Bilingual):
    """A text in English and Japanese as the content writes it (LocalizedText): with the
    corrections it prints and the hash its translation should record."""

    def seed_text(self, lang: str) -> str:
        """The text in one language as the seed prints it: every correction undone, last first."""
        text = self.get(lang)
        for correction in reversed(self.corrections):
            if correction.lang == lang:
                text = text.replace(correction.printed, correction.seed)
        return text

    @property
    def expected_hash(self) -> str | None:
        """The hash the translation should record, computed from today's source text."""
        language = self.source_language
        return source_hash(self.get(language)) if language else None


class Noted(Localized):
    """A note a player reads (NoteText), with the technical `detail` behind it."""


class Sourced(Cited):
    """Where a text comes from (Source), with the erratum the loader found for it (`_erratum`)
    and the title of the seed it cites (`_seed_title`)."""

    @property
    def seed_title(self) -> Any:
        """The title of the seed this source cites (sources.yaml), once the loader has found it."""
        return self._seed_title

    @property
    def erratum_entry(self) -> Any:
        """The erratum of content/errata.yaml this source names, once the loader has found it."""
        return self._erratum

    @property
    def cited_erratum(self) -> tuple[str, str, str] | None:
        """The erratum's title in English and Japanese, and its date (once the loader found it)."""
        found = self._erratum
        if found is None:
            return None
        return (found.title.en, found.title.ja, found.date.isoformat())


class GridShape:
    """How a grid's hexes are numbered (Grid: `parity`, `columns`, `rows`), and what is known."""

    @property
    def size(self) -> tuple[int, int] | None:
        """(columns, rows) where both are given, else None."""
        if isinstance(self.columns, int) and isinstance(self.rows, int):
            return self.columns, self.rows
        return None

    @property
    def size_known(self) -> bool:
        """Whether both the number of columns and the number of rows are given."""
        return self.size is not None

    @property
    def known(self) -> bool:
        """Whether the whole grid is given: columns, rows and parity."""
        return self.size_known and self.parity != UNKNOWN

    @property
    def unknown_facts(self) -> tuple[str, ...]:
        """The names of the facts still `unknown`, in the order a file writes them."""
        facts = {"parity": self.parity, "columns": self.columns, "rows": self.rows}
        return tuple(name for name, value in facts.items() if value == UNKNOWN)

    def contains(self, hex_number: str) -> bool | None:
        """Whether a `XXYY` hex lies on the grid; None while its size is unknown."""
        if self.size is None:
            return None
        columns, rows = self.size
        column, row = int(hex_number[:2]), int(hex_number[2:])
        return 1 <= column <= columns and 1 <= row <= rows


class TermReading:
    """A glossary term (Term: `ja`, `reading`) and what the Japanese glossary sorts it by."""

    @property
    def sort_reading(self) -> str:
        """What the Japanese glossary sorts the term by: its reading, else its Japanese."""
        return self.reading or self.ja


def line_spans(lines: str) -> list[tuple[int, int]]:
    """`209, 235` or `30-46` as (first, last) pairs, in the order cited; a line number too long
    to be any seed's counts as past MAX_SEED_LINE, never read as a number (issue 20)."""
    spans = []
    for part in lines.split(","):
        first, _, last = part.strip().partition("-")
        numbers = [_line_number(text) for text in (first, last or first)]
        spans.append((numbers[0], numbers[1]))
    return spans


def _line_number(text: str) -> int:
    """One cited line number, capped just past MAX_SEED_LINE."""
    from generator.core.limits import MAX_SEED_LINE

    digits = text.strip().lstrip("0") or "0"
    return MAX_SEED_LINE + 1 if len(digits) > len(str(MAX_SEED_LINE)) else int(digits)


def lines_problem(lines: str) -> Problem | None:
    """Every cited line counts from 1, lies within MAX_SEED_LINE, and a range runs forwards."""
    from generator.core.limits import MAX_SEED_LINE

    for (first, last), part in zip(line_spans(lines), lines.split(","), strict=True):
        if first == 0:
            return ("source-line-zero", "lines count from 1", {})
        if last > MAX_SEED_LINE:
            shown = part.strip().rpartition("-")[2]
            shown = shown if len(shown) <= 20 else shown[:20] + "…"
            return (
                "source-line-too-large",
                "line too large",
                {"line": shown, "limit": MAX_SEED_LINE},
            )
        if last < first:
            return ("source-lines-order", "range backwards", {"range": part.strip()})
    return None


def origin_problem(source: Any) -> Problem | None:
    """A source gives one origin (a seed, an erratum or what a player supplied), lines only with
    a seed, and a kind of change only with an erratum."""
    origins = [source.seed, source.supplied, source.erratum]
    if sum(origin is not None for origin in origins) != 1:
        return ("source-origin", "a source gives seed, erratum or supplied", None)
    if source.supplied is not None and source.lines is not None:
        return ("source-supplied-lines", "a supplied source has no lines", None)
    if source.erratum is not None and source.lines is not None:
        return ("source-erratum-lines", "an erratum source has no lines", None)
    if source.change is not None and source.erratum is None:
        return ("source-change-erratum", "a change names its erratum", None)
    return None


def reading_problem(term: Any) -> Problem | None:
    """A reading spells the Japanese's kanji in hiragana and keeps its kana and Latin."""
    from generator.core.japanese import reads

    if term.reading is not None and not reads(term.reading, term.ja):
        return ("glossary-reading", "reading", {"reading": term.reading, "ja": term.ja})
    return None


def calendar_date(value: object) -> datetime.date | None:
    """A calendar date written YYYY-MM-DD (as YAML reads it, or quoted), else None: a number is
    never read as a Unix timestamp, as pydantic would (`-86400` as 1969-12-31)."""
    if isinstance(value, datetime.date) and not isinstance(value, datetime.datetime):
        return value
    if isinstance(value, str) and ISO_DATE.fullmatch(value):
        try:
            return datetime.date.fromisoformat(value)
        except ValueError:
            pass
    return None
