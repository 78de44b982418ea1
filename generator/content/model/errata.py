"""content/errata.yaml: the errata a text may come from instead of a seed."""

from __future__ import annotations

import datetime
from typing import Literal

from pydantic import Field

from generator.content.model.base import LocalizedText, Model, Slug


class Erratum(Model):
    """One published erratum (a magazine's errata page, a publisher's errata file): its id, its
    name in both languages and the date it was published."""

    id: Slug
    title: LocalizedText = Field(description="the erratum's name, such as Tactics 2025-03")
    date: datetime.date = Field(description="when the erratum was published, as YYYY-MM-DD")


class Errata(Model):
    """The errata a source (`source: {erratum: ...}`) may name, each listed once."""

    kind: Literal["errata"]
    errata: tuple[Erratum, ...] = Field(min_length=1)
