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

from generator.content.behaviour import Localized, Noted, Sourced, lines_problem, origin_problem
from generator.content.behaviour import line_spans as line_spans  # where the content imports it
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


def _ordered_lines(lines: str) -> str:
    """Every cited line counts from 1, lies within MAX_SEED_LINE, and a range runs forwards."""
    problem = lines_problem(lines)
    if problem is not None:
        raise PydanticCustomError(*problem)
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


class LocalizedText(Localized, Model):
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


class NoteText(LocalizedText, Noted):
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


class Source(Sourced, Model):
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
    # The title of the seed `seed` names (sources.yaml), filled in by the loader.
    _seed_title: Any = PrivateAttr(default=None)

    @model_validator(mode="after")
    def _one_origin(self) -> Source:
        problem = origin_problem(self)
        if problem is not None:
            raise PydanticCustomError(*problem)
        return self

    def within(self, outer: Source) -> Source:
        """This source with the enclosing source's section filled in, when both cite one seed."""
        if self.section or self.seed != outer.seed:
            return self
        return self.model_copy(update={"section": outer.section})
