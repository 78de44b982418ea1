"""Procedures as content: titles, the readings chosen where a rule is ambiguous, worked examples."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, StringConstraints

from generator.content.model.base import Flag, LocalizedText, Model, Slug, Source

ProcedureId = Annotated[str, StringConstraints(pattern=r"^[a-z]+\.[a-z0-9]+(?:-[a-z0-9]+)*$")]


class Reading(Model):
    """How this project reads an ambiguous rule; printed with every result it affects."""

    id: Slug
    text: LocalizedText
    uncertain: Flag = True


class Example(Model):
    """A worked example printed in a rulebook, with the inputs and the result it shows."""

    id: Slug
    title: LocalizedText
    text: LocalizedText
    source: Source
    inputs: dict[str, str | int]
    expect: str | int | float
    expect_details: dict[str, Any] = Field(default_factory=dict)


class ProcedureDoc(Model):
    """The content side of one procedure."""

    id: ProcedureId
    title: LocalizedText
    readings: tuple[Reading, ...] = ()
    examples: tuple[Example, ...] = ()


class ProcedureSet(Model):
    """A file of procedures of one system."""

    kind: Literal["procedures"]
    system: Slug
    procedures: tuple[ProcedureDoc, ...] = Field(min_length=1)
