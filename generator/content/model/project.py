"""Project-wide documents: the seeds and game systems, and shared choice lists."""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import AfterValidator, Field
from pydantic_core import PydanticCustomError

from generator.content.model.base import LocalizedText, Model, SeedId, Slug
from generator.content.model.table import Choice
from generator.content.references import DEFAULT_REFERENCES, reference_pattern, template_problem
from generator.core.limits import REFERENCE_CHARACTERS, REFERENCE_TEMPLATES


class Seed(Model):
    """A source document under ../shared/seeds."""

    id: SeedId
    file: str
    title: LocalizedText


def _template(template: str) -> str:
    """A printed-reference template: `{number}` once, after literal text (references.py)."""
    if len(template) > REFERENCE_CHARACTERS:
        raise PydanticCustomError(
            "reference-template-too-long", "too long", {"limit": REFERENCE_CHARACTERS}
        )
    problem = template_problem(template)
    if problem:
        raise PydanticCustomError(problem, "bad template", {})
    return template


ReferenceTemplate = Annotated[str, AfterValidator(_template)]


class GameSystem(Model):
    """A game system whose charts and rules playaid carries."""

    id: Slug
    title: LocalizedText
    seed: SeedId = Field(description="the seed that carries this system's rules and charts")
    proper_names: tuple[str, ...] = Field(
        default=(),
        max_length=100,
        description="names the system's texts print that are not glossary terms though spelt"
        " like one (the game's own name: Bridgehead), matched as whole words with their capitals",
    )
    translator: LocalizedText | None = Field(
        default=None,
        description="who translated the system's texts the seed does not give in both languages"
        " (a booklet's notes credit them beside ◇); without it, playaid",
    )
    references: tuple[ReferenceTemplate, ...] = Field(
        default=DEFAULT_REFERENCES,
        max_length=REFERENCE_TEMPLATES,
        description=(
            "how this system's rules print a reference to another case: literal text with one "
            "{number} where the case number stands (digits with at least one dot-part, 8.1 or "
            "14.2.1), such as [{number}] or ({number}; the text before {number} may not end in "
            "a digit or a dot. Such references in a case's source-language text must be in its "
            "refs, and the booklet and the site link them. Default: [{number}]; [] for none"
        ),
    )


class Sources(Model):
    """content/sources.yaml: the seeds content may cite and the systems it covers."""

    kind: Literal["sources"]
    seeds: tuple[Seed, ...] = Field(min_length=1)
    systems: tuple[GameSystem, ...] = Field(min_length=1)

    def reference_pattern(self, system: str) -> re.Pattern[str] | None:
        """How a system's rules print a reference to a case, compiled from its templates; None
        when they print none or the system is not listed."""
        entry = next((listed for listed in self.systems if listed.id == system), None)
        return reference_pattern(entry.references) if entry else None


class Enums(Model):
    """Named choice lists shared by several tables of one system (`<system>.<name>`)."""

    kind: Literal["enums"]
    system: Slug
    enums: dict[Slug, tuple[Choice, ...]]
