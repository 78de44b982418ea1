"""content/corrections.yaml: why a text copied from a seed may print the seed's words corrected."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from generator.content.model.base import Flag, LocalizedText, Model, Slug


class Reason(Model):
    """One reason a correction may give, as the booklet's notes and the reviewer's copy print it."""

    id: Slug
    text: LocalizedText = Field(description="why the printed form differs from the original's")
    translation: Flag = Field(
        default=False,
        description="the printed form is playaid's translation of words the seed left untranslated",
    )
    every_edition: Flag = Field(
        default=False,
        description="the change prints alike in both languages (a nation's abbreviation): every"
        " edition's notes list it, whichever language's text it is recorded on",
    )


class Corrections(Model):
    """The reasons a correction (`corrections:` on a text) may give, each listed once."""

    kind: Literal["corrections"]
    reasons: tuple[Reason, ...] = Field(min_length=1)
