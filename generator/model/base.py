"""Shared building blocks: strict models, bilingual text, provenance."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, Strict, StringConstraints, model_validator
from pydantic_core import PydanticCustomError

from generator.bilingual import Bilingual, Cited

SLUG_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
ID_LENGTH = 64  # ids become file names (generator/limits.py)
Slug = Annotated[str, StringConstraints(pattern=SLUG_PATTERN, max_length=ID_LENGTH)]
# Numbers and flags are taken as written: "6", 6.0 and true are not the number 6, "false" and 0
# are not a flag (pydantic would convert them, so a typo would pass unseen).
Int = Annotated[int, Strict()]
Flag = Annotated[bool, Strict()]
SeedId = Annotated[str, StringConstraints(pattern=r"^[0-9]{3}$")]
LineRange = Annotated[
    str, StringConstraints(pattern=r"^[0-9]+(?:-[0-9]+)?(?:, ?[0-9]+(?:-[0-9]+)?)*$")
]


class Model(BaseModel):
    """Base of every content model: unknown keys are errors, values never change after loading."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=False, populate_by_name=True)


def normalize_for_hash(value: str) -> str:
    """Unicode NFC with every run of white space folded to one space, stripped."""
    return re.sub(r"\s+", " ", unicodedata.normalize("NFC", value)).strip()


def source_hash(value: str) -> str:
    """The 8-hex-digit fingerprint of a source text that a translation records in `from`."""
    return hashlib.sha256(normalize_for_hash(value).encode("utf-8")).hexdigest()[:8]


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

    @property
    def expected_hash(self) -> str | None:
        """The hash the translation should record, computed from today's source text."""
        language = self.source_language
        return source_hash(self.get(language)) if language else None


class Source(Cited, Model):
    """Where in the seeds a table, row, cell or case comes from; in an overlay, what the player
    supplied it from instead (the map or token in front of them), never a seed it is not in."""

    seed: SeedId | None = None
    section: str | None = None
    lines: LineRange | None = None
    supplied: str | None = Field(
        default=None,
        min_length=1,
        max_length=200,
        description="overlays only: where the facts come from, such as 'my copy of the BAOR map'",
    )

    @model_validator(mode="after")
    def _one_origin(self) -> Source:
        if (self.seed is None) == (self.supplied is None):
            raise PydanticCustomError("source-origin", "a source gives either seed or supplied")
        return self

    def within(self, outer: Source) -> Source:
        """This source with the enclosing source's section filled in, when both cite one seed."""
        if self.section or self.seed != outer.seed:
            return self
        return self.model_copy(update={"section": outer.section})
