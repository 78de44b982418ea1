"""The rules pages (every case of a system, as its booklet prints it) and the search index."""

from __future__ import annotations

from typing import Any

from generator.content.load import Content
from generator.content.model.base import LocalizedText
from generator.render.booklets import anchor, booklet_context
from generator.render.corrections import case_numbers
from generator.site.environment import LANGUAGES


def rules_systems(content: Content) -> list[str]:
    """The systems that have rules, in the order content/sources.yaml gives them."""
    with_rules = {ruleset.system for ruleset in content.rulesets}
    return [system.id for system in content.sources.systems if system.id in with_rules]


def rules_page_path(system: str) -> str:
    """Where a system's rules page is, from the site's root."""
    return f"rules/{system}.html"


def case_path(case_id: str) -> str:
    """A case's address from the site's root: its system's page and its anchor."""
    return f"{rules_page_path(case_id.split('.')[0])}#{anchor(case_id)}"


def rules_context(content: Content, system: str) -> dict[str, Any]:
    """A rules page: the booklet's entries and chapters, each reference linked to its page."""

    def href(case_id: str) -> str:
        target = case_id.split(".")[0]
        page = "" if target == system else f"{target}.html"
        return f"{page}#{anchor(case_id)}"

    return booklet_context(content, system, ("en", "ja"), href)


def search_index(content: Content) -> list[dict[str, Any]]:
    """Every case, in printed order, with what the search box looks through (its id and number,
    its title and text in each language) and what a result shows (its printed number, `[16.21]
    (2/3)` where the seed numbers cases alike, its system, its address)."""
    index = []
    titles = {system.id: system.title for system in content.sources.systems}
    for system in rules_systems(content):
        labels = case_numbers(list(content.system_cases(system)))
        for case in content.system_cases(system):
            index.append(
                {
                    "id": case.id,
                    "number": case.number,
                    "label": labels.get(case.id),
                    "title": {lang: _text_in(case.title, lang) for lang in LANGUAGES},
                    "text": {lang: _text_in(case.text, lang) for lang in LANGUAGES},
                    "href": case_path(case.id),
                    "system": {lang: titles[system].get(lang) for lang in LANGUAGES},
                }
            )
    return index


def _text_in(text: LocalizedText | None, lang: str) -> str:
    """One language of a text, or nothing."""
    return text.get(lang) if text is not None else ""
