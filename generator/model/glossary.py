"""The glossary: fixed English/Japanese pairs for terms translations must use."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from generator.model.base import LocalizedText, Model, Slug


class Term(Model):
    """One fixed pair, with the other forms each language may take in running text."""

    id: Slug
    en: str = Field(min_length=1)
    ja: str = Field(min_length=1)
    en_forms: tuple[str, ...] = Field(default=(), description="other English forms to look for")
    ja_forms: tuple[str, ...] = Field(default=(), description="other accepted Japanese renderings")
    systems: tuple[Slug, ...] = Field(default=(), description="systems it applies to; all if empty")
    note: LocalizedText | None = None


class Glossary(Model):
    """content/glossary.yaml."""

    kind: Literal["glossary"]
    terms: tuple[Term, ...] = Field(min_length=1)
