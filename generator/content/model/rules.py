"""Rule cases: numbered text in two languages with structured cross-references."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from generator.content.model.base import (
    CaseId,
    Flag,
    LocalizedText,
    Model,
    NoteText,
    Slug,
    Source,
)

# A printed case number, `17.21` or `18.3.1`: cards sort cases by its parts as numbers (issue 20).
CaseNumber = Annotated[str, StringConstraints(pattern=r"^[0-9]{1,4}(?:\.[0-9]{1,4}){0,7}$")]


class Reference(Model):
    """A cross-reference to another case; external when the sources do not contain it."""

    id: CaseId
    external: Flag = False


class Case(Model):
    """One rule case as printed, with its number, text and references."""

    id: CaseId
    number: CaseNumber | None = None
    title: LocalizedText | None = None
    text: LocalizedText | None = Field(
        default=None, description="absent only for a heading the seed prints without text"
    )
    summary: LocalizedText | None = Field(
        default=None,
        description="one line for a scenario card: what the rule changes in a game that uses it",
    )
    source: Source
    refs: tuple[CaseId | Reference, ...] = ()
    uncertain: NoteText | None = None
    languages_differ: Flag = Field(
        default=False,
        description="the seed prints this case in both languages and they say different things;"
        " `uncertain` states both readings and which one playaid follows",
    )

    @property
    def references(self) -> tuple[Reference, ...]:
        """Every reference in its full form."""
        return tuple(ref if isinstance(ref, Reference) else Reference(id=ref) for ref in self.refs)


class RuleSet(Model):
    """A file of rule cases belonging to one game system."""

    kind: Literal["rules"]
    system: Slug
    title: LocalizedText | None = None
    source: Source
    cases: tuple[Case, ...] = Field(min_length=1)
