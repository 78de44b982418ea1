"""The optional and special rules a scenario of a system can put in use, with their cases."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from generator.content.model.base import CaseId, LocalizedText, Model, Slug, TableId


class ScenarioOption(Model):
    """One rule a scenario may say is in use."""

    id: Slug
    title: LocalizedText | None = Field(default=None, description="default: the first case's")
    kind: Literal["optional", "special"] = Field(
        description="optional: players agree to it; special: used where a scenario calls for it"
    )
    rules: tuple[CaseId, ...] = Field(min_length=1, description="the cases that hold the rule")
    tables: tuple[TableId, ...] = Field(
        default=(), description="charts only this rule uses: a kit leaves out their cards"
    )
    box: tuple[TableId, ...] = Field(
        default=(),
        description="charts of the game box this rule uses that playaid does not print (chart"
        " slots): a kit's first page lists them",
    )


class ScenarioFeature(Model):
    """What a scenario's contents bring into its kit: the cases that govern a feature of the file
    (an arrival, a drop, dropped AMUs) and the charts of the box it needs."""

    id: Slug = Field(description="the feature, as generator.render.scenario.features finds it")
    rules: tuple[CaseId, ...] = Field(
        default=(), description="cases the kit's rules appendix prints, each with those under it"
    )
    box: tuple[TableId, ...] = Field(
        default=(), description="charts of the game box it needs that playaid does not print"
    )


class ScenarioOptions(Model):
    """A file of scenario options (`kind: scenario-options`)."""

    kind: Literal["scenario-options"]
    system: Slug
    options: tuple[ScenarioOption, ...] = Field(min_length=1)
    features: tuple[ScenarioFeature, ...] = Field(
        default=(), description="the cases and box charts each feature of a scenario brings"
    )
