"""content/errata.yaml: the errata a text may come from instead of a seed."""

from __future__ import annotations

import datetime
import re
from typing import Annotated, Literal

from pydantic import BeforeValidator, Field
from pydantic_core import PydanticCustomError

from generator.content.model.base import LocalizedText, Model, Slug

ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def _calendar_date(value: object) -> datetime.date:
    """A calendar date written YYYY-MM-DD (as YAML reads it, or quoted), nothing else: a number
    is never read as a Unix timestamp, as pydantic would (`-86400` as 1969-12-31)."""
    if isinstance(value, datetime.date) and not isinstance(value, datetime.datetime):
        return value
    if isinstance(value, str) and ISO_DATE.fullmatch(value):
        try:
            return datetime.date.fromisoformat(value)
        except ValueError:
            pass
    raise PydanticCustomError("calendar-date", "not a calendar date", {})


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
