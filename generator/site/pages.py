"""Every HTML page of the site, rendered from templates/site/ with the content's own values."""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from generator import __version__
from generator.content.load import Content
from generator.content.yaml_loader import Document
from generator.core.limits import source_date_epoch
from generator.render.typeset.kept import typeset_kept
from generator.site.charts import chart_page, row_die
from generator.site.environment import site_environment
from generator.site.rules import rules_context, rules_page_path, rules_systems, search_index
from generator.site.scenarios import card_environments, scenario_cards, scenario_page_path

REVISION_TOKEN = "playaidsiterevisiontoken"  # a Latin word, replaced by the whole site's digest
# (in each page's head and the service worker, not on the page: players compare the edition mark)


@dataclass(frozen=True)
class Link:
    """A page as the home page lists it."""

    path: str
    title: Any
    system: Any = None


def edition_date() -> str | None:
    """The build's date (YYYY-MM-DD) where SOURCE_DATE_EPOCH pins one, for the footer's edition
    mark; none otherwise, so that the same content gives the same site."""
    epoch = source_date_epoch(os.environ.get("SOURCE_DATE_EPOCH"))
    return None if epoch is None else datetime.fromtimestamp(epoch, tz=UTC).strftime("%Y-%m-%d")


def chart_page_path(table_id: str) -> str:
    """Where a chart's page is, from the site's root."""
    return f"charts/{table_id}.html"


def render_pages(content: Content, scenarios: list[tuple[Document, Any]]) -> dict[str, str]:
    """Every page by its path from the site's root, with REVISION_TOKEN where the site's revision
    goes (it is the digest of everything written, so it is filled in last)."""
    env = site_environment()
    words = content.japanese_terms()
    systems = {system.id: system for system in content.sources.systems}
    common = {"version": __version__, "revision": REVISION_TOKEN, "edition_date": edition_date()}
    charts = [
        Link(chart_page_path(tid), content.tables[tid].table.title, systems[tid.split(".")[0]])
        for tid in sorted(content.tables)
    ]
    rules = [Link(rules_page_path(s), systems[s].title, systems[s]) for s in rules_systems(content)]
    cards = [
        Link(scenario_page_path(scenario.id), scenario.title, systems[scenario.system])
        for _, scenario in scenarios
    ]

    def page(path: str, template: str, kind: str, **context: Any) -> tuple[str, str]:
        root = "../" * path.count("/")
        values = {**common, "root": root, "page": kind, "path": path, **context}
        return path, typeset_kept(env.get_template(f"site/{template}").render(**values), words)

    pages = [
        page(
            "index.html",
            "home.html",
            "home",
            systems=list(systems.values()),
            charts=charts,
            rules=rules,
            cards=cards,
        ),
        page("search.html", "search.html", "search", index=search_index(content)),
        page("glossary.html", "glossary.html", "glossary", terms=_terms(content)),
    ]
    for link in charts:
        table = content.tables[link.path.removeprefix("charts/").removesuffix(".html")]
        seed_id = table.table.source.seed or link.system.seed
        pages.append(
            page(
                link.path,
                "chart.html",
                "chart",
                chart=chart_page(content, table),
                table=table.table,
                system=link.system,
                seed=_seed(content, seed_id),
                row_die=row_die,
                seeds={seed.id: seed for seed in content.sources.seeds},
            )
        )
    for link in rules:
        context = rules_context(content, link.system.id)
        pages.append(page(link.path, "rules.html", "rules", system=link.system, **context))
    environments = card_environments(content)
    for (document, scenario), link in zip(scenarios, cards, strict=True):
        shown = scenario_cards(content, document, scenario, common, environments)
        pages.append(
            page(
                link.path,
                "scenario.html",
                "scenario",
                scenario=scenario,
                system=link.system,
                cards=shown,
            )
        )
    return dict(pages)


def _seed(content: Content, seed_id: str) -> Any:
    """A seed by id."""
    return next(seed for seed in content.sources.seeds if seed.id == seed_id)


def _terms(content: Content) -> list[Any]:
    """The glossary's terms in English alphabetical order."""
    terms = content.glossary.terms if content.glossary else ()
    return sorted(terms, key=lambda term: term.en.lower())
