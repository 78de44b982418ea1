"""Project-wide documents: the seeds and game systems, and shared choice lists."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from generator.content.model.base import LocalizedText, Model, SeedId, Slug
from generator.content.model.table import Choice


class Seed(Model):
    """A source document under ../shared/seeds."""

    id: SeedId
    file: str
    title: LocalizedText


class GameSystem(Model):
    """A game system whose charts and rules playaid carries."""

    id: Slug
    title: LocalizedText
    seed: SeedId = Field(description="the seed that carries this system's rules and charts")


class Sources(Model):
    """content/sources.yaml: the seeds content may cite and the systems it covers."""

    kind: Literal["sources"]
    seeds: tuple[Seed, ...] = Field(min_length=1)
    systems: tuple[GameSystem, ...] = Field(min_length=1)


class Enums(Model):
    """Named choice lists shared by several tables of one system (`<system>.<name>`)."""

    kind: Literal["enums"]
    system: Slug
    enums: dict[Slug, tuple[Choice, ...]]
