"""A sample scenario's page: its card in English and in Japanese, from the very template and
view model the scenario card PDFs print (templates/scenario-card.html), the bilingual edition
being the English card followed by the Japanese one, as the PDF binds them back to back."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from jinja2 import Environment
from markupsafe import Markup

from generator.content.load import Content
from generator.content.yaml_loader import Document
from generator.render.booklets import anchor
from generator.render.scenario import scenario_context
from generator.site.environment import LANGUAGES, card_environment
from generator.site.rules import case_path

CARD_PAPER = "a4"  # the drawing is laid out for the card's paper; A4 and Letter draw it alike


def scenario_page_path(scenario_id: str) -> str:
    """Where a scenario's page is, from the site's root."""
    return f"scenarios/{scenario_id}.html"


def card_links(content: Content) -> Callable[[str], str]:
    """Where a card's rule link goes from a scenario page: the case on its rules page."""
    cases = {anchor(case_id): case_id for case_id in content.cases}

    def href(target: str) -> str:
        return "../" + case_path(cases[target]) if target in cases else "#" + target

    return href


def card_environments(content: Content) -> dict[str, Environment]:
    """The cards' environments, one a language, made once for every scenario page."""
    href = card_links(content)
    return {lang: card_environment(lang, href) for lang in LANGUAGES}


def scenario_cards(
    content: Content,
    document: Document,
    scenario: Any,
    common: dict[str, Any],
    environments: dict[str, Environment],
) -> dict[str, Markup]:
    """The card's body in each language. `common` holds what every card prints besides the
    scenario (playaid's version, the revision)."""
    context = scenario_context(document, scenario, content, CARD_PAPER)
    system = next(s for s in content.sources.systems if s.id == scenario.system)
    seed = context.get("seed") or next(s for s in content.sources.seeds if s.id == system.seed)
    values = {**common, **context, "system": system, "seed": seed}
    return {
        lang: Markup(environments[lang].get_template("scenario-card.html").render(**values))
        for lang in LANGUAGES
    }
