"""The glossary: fixed English/Japanese pairs for terms translations must use."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from generator.content.behaviour import TermReading, reading_problem
from generator.content.model.base import Flag, LocalizedText, Model, Slug


class Term(TermReading, Model):
    """One fixed pair, with the other forms each language may take and the forms to avoid."""

    id: Slug
    en: str = Field(min_length=1)
    ja: str = Field(min_length=1)
    en_forms: tuple[str, ...] = Field(default=(), description="other English forms to look for")
    ja_forms: tuple[str, ...] = Field(default=(), description="other accepted Japanese renderings")
    ja_avoid: tuple[str, ...] = Field(
        default=(), description="forms the Japanese playaid writes must not use for this term"
    )
    avoid: tuple[str, ...] = Field(
        default=(),
        description="forms neither language prints for this term, in any text: another"
        " abbreviation a seed uses for the same thing (BR beside UK)",
    )
    ja_abbr: str | None = Field(
        default=None,
        min_length=1,
        description="the abbreviation a chart's or card's labels may print; running text spells"
        " the term out",
    )
    ja_by: Literal["seed", "playaid"] | None = Field(
        default=None,
        description="seed: the system's Japanese seed prints this word; playaid: the seeds leave"
        " it in Latin letters, so the Japanese is playaid's (a Ma.K term is playaid's: 002 is"
        " English only)",
    )
    reading: str | None = Field(
        default=None,
        min_length=1,
        description="how the Japanese reads, its kanji in hiragana (機械化ライフル:"
        " きかいかライフル): the Japanese glossary page prints it and sorts by it (五十音)",
    )
    systems: tuple[Slug, ...] = Field(default=(), description="systems it applies to; all if empty")
    common: Flag = Field(
        default=False,
        description="a common English word with other senses (side, hex, chart): the rules' English"
        " is not checked for it, only the Japanese for its forms to avoid",
    )
    note: LocalizedText | None = None

    @model_validator(mode="after")
    def _reading_reads_the_japanese(self) -> Term:
        """A reading spells the Japanese's kanji in hiragana and keeps its kana and Latin."""
        problem = reading_problem(self)
        if problem is not None:
            raise PydanticCustomError(*problem)
        return self


class Glossary(Model):
    """content/glossary.yaml."""

    kind: Literal["glossary"]
    terms: tuple[Term, ...] = Field(min_length=1)
