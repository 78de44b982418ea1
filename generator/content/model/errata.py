"""content/errata.yaml: the errata a text may come from instead of a seed."""

from __future__ import annotations

import datetime
from typing import Annotated, Literal

from pydantic import BeforeValidator, Field
from pydantic_core import PydanticCustomError

from generator.content.behaviour import calendar_date
from generator.content.model.base import LocalizedText, Model, Slug


def _calendar_date(value: object) -> datetime.date:
    """A calendar date written YYYY-MM-DD (generator.content.behaviour.calendar_date)."""
    found = calendar_date(value)
    if found is None:
        raise PydanticCustomError("calendar-date", "not a calendar date", {})
    return found


CalendarDate = Annotated[datetime.date, BeforeValidator(_calendar_date)]


class Erratum(Model):
    """One published erratum (a magazine's errata page, a publisher's errata file): its id, its
    name in both languages and the date it was published."""

    id: Slug
    title: LocalizedText = Field(description="the erratum's name, such as Tactics 2025-03")
    date: CalendarDate = Field(description="when the erratum was published, as YYYY-MM-DD")


class Errata(Model):
    """The errata a source (`source: {erratum: ...}`) may name, each listed once."""

    kind: Literal["errata"]
    errata: tuple[Erratum, ...] = Field(min_length=1)
