"""Shared building blocks: strict models, bilingual text, provenance."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    Strict,
    StringConstraints,
    model_validator,
)
from pydantic_core import PydanticCustomError

from generator.content.bilingual import Bilingual, Cited
from generator.content.bilingual import source_hash as source_hash  # where the content imports it

SLUG_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
ID_LENGTH = 64  # ids become file names (generator/core/limits.py)
Slug = Annotated[str, StringConstraints(pattern=SLUG_PATTERN, max_length=ID_LENGTH)]
# Numbers and flags are taken as written: "6", 6.0 and true are not the number 6, "false" and 0
# are not a flag (pydantic would convert them, so a typo would pass unseen).
Int = Annotated[int, Strict()]
Flag = Annotated[bool, Strict()]
SeedId = Annotated[str, StringConstraints(pattern=r"^[0-9]{3}$")]
# A rule case's id and a chart's, here rather than with their models (rules.py, table.py), so that
# a model that names them (units, options) is read without those.
CaseId = Annotated[
    str, StringConstraints(pattern=r"^[a-z]+\.[0-9a-z]+(?:[.-][0-9a-z]+)*$", max_length=ID_LENGTH)
]
TableId = Annotated[
    str, StringConstraints(pattern=r"^[a-z]+\.[a-z0-9]+(?:-[a-z0-9]+)*$", max_length=ID_LENGTH)
]


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


def _ordered_lines(lines: str) -> str:
    """Every cited line counts from 1, lies within MAX_SEED_LINE, and a range runs forwards."""
    from generator.core.limits import MAX_SEED_LINE

    for (first, last), part in zip(line_spans(lines), lines.split(","), strict=True):
        if first == 0:
            raise PydanticCustomError("source-line-zero", "lines count from 1", {})
        if last > MAX_SEED_LINE:
            shown = part.strip().rpartition("-")[2]
            shown = shown if len(shown) <= 20 else shown[:20] + "…"
            raise PydanticCustomError(
                "source-line-too-large", "line too large", {"line": shown, "limit": MAX_SEED_LINE}
            )
        if last < first:
            raise PydanticCustomError(
                "source-lines-order", "range backwards", {"range": part.strip()}
            )
    return lines


LineRange = Annotated[
    str,
    StringConstraints(pattern=r"^[0-9]+(?:-[0-9]+)?(?:, ?[0-9]+(?:-[0-9]+)?)*$"),
    AfterValidator(_ordered_lines),
]


class Model(BaseModel):
    """Base of every content model: unknown keys are errors, values never change after loading."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=False, populate_by_name=True)


class Correction(Model):
    """A place where a text copied from a seed prints something other than the seed: what the
    seed prints, what is printed instead, and why (a reason of content/corrections.yaml)."""

    lang: Literal["en", "ja"] = Field(description="the language of the text corrected")
    seed: str = Field(min_length=1, description="what the seed prints")
    printed: str = Field(min_length=1, description="what playaid prints instead")
    reason: Slug = Field(description="the id of a reason in content/corrections.yaml")


class LocalizedText(Bilingual, Model):
    """A text in English and Japanese, with which language this project translated."""

    en: str = ""
    ja: str = ""
    tr: Literal["none", "en", "ja"] = Field(
        description="which language is this project's translation; none when the seed gives both"
    )
    from_: str | None = Field(
        default=None,
        alias="from",
        pattern=r"^[0-9a-f]{8}$",
        description="source_hash() of the source text the translation was made from",
    )
    corrections: tuple[Correction, ...] = Field(
        default=(),
        description="where the source text prints a seed's error corrected, in the order made",
    )

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


class NoteText(LocalizedText):
    """A note a player reads (an uncertain reading, a chart's note), with the technical `detail`
    behind it (seed lines, OCR forms, code points) that only the booklet's notes and the
    reviewer's copy print."""

    detail: LocalizedText | None = Field(
        default=None,
        description="for the booklet's notes and the reviewer's copy: how the source reads here",
    )


# What an erratum does to the text that cites it (`source: {erratum: ..., change: ...}`); an
# edition built with `--changes-since` lists a changed case under this word
# (generator.content.changes).
ChangeKind = Literal["correction", "clarification", "addition"]


class Source(Cited, Model):
    """Where in the seeds a table, row, cell or case comes from; or an erratum of
    content/errata.yaml it comes from instead, with the kind of change that erratum makes; or, in
    an overlay, what the player supplied it from instead (the map or token in front of them),
    never a seed it is not in."""

    seed: SeedId | None = None
    section: str | None = None
    lines: LineRange | None = None
    supplied: str | None = Field(
        default=None,
        min_length=1,
        max_length=200,
        description="overlays only: where the facts come from, such as 'my copy of the BAOR map'",
    )
    erratum: Slug | None = Field(
        default=None,
        description="the id of the erratum in content/errata.yaml the text comes from, not a seed",
    )
    change: ChangeKind | None = Field(
        default=None,
        description="with `erratum`: what the erratum does to the text: correction, clarification"
        " or addition",
    )
    # The erratum `erratum` names, filled in by the loader (generator.content.load).
    _erratum: Any = PrivateAttr(default=None)

    @model_validator(mode="after")
    def _one_origin(self) -> Source:
        origins = [self.seed, self.supplied, self.erratum]
        if sum(origin is not None for origin in origins) != 1:
            raise PydanticCustomError("source-origin", "a source gives seed, erratum or supplied")
        if self.supplied is not None and self.lines is not None:
            raise PydanticCustomError("source-supplied-lines", "a supplied source has no lines")
        if self.erratum is not None and self.lines is not None:
            raise PydanticCustomError("source-erratum-lines", "an erratum source has no lines")
        if self.change is not None and self.erratum is None:
            raise PydanticCustomError("source-change-erratum", "a change names its erratum")
        return self

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

    def within(self, outer: Source) -> Source:
        """This source with the enclosing source's section filled in, when both cite one seed."""
        if self.section or self.seed != outer.seed:
            return self
        return self.model_copy(update={"section": outer.section})
