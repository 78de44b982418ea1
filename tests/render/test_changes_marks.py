"""An edition built with --changes-since, in HTML: the Japanese booklet's marks and list, a card's
mark for a changed chart, what counts as a chart's change, and the reviewer's copy printing a
text's erratum (issue 32, item 3)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from changed_content import ERRATUM_DATE, ERRATUM_TITLE_EN, copy_content, edit

from generator import __version__
from generator.builder.html import FONT_TOKENS, Templater
from generator.builder.plan import plan
from generator.builder.request import BuildRequest
from generator.content.changes import compare
from generator.content.load import load_content
from generator.content.model.base import Source
from generator.render.environment import make_environment
from generator.render.review import review_context


@pytest.fixture(scope="module")
def edited(tmp_path_factory):
    """The edited copy of content/ (tests/changed_content.py), loaded."""
    return load_content(edit(copy_content(tmp_path_factory.mktemp("edited") / "content")))


def page(content, changes, document: str, edition: str) -> str:
    """A document's HTML in an edition, as the build makes it."""
    request = BuildRequest(content, Path("out"), (document,), changes=changes)
    spec = next(spec for spec in plan(content, "a4") if spec.id == document)
    return Templater(request, [spec]).html(spec, edition)[0]


def text(html: str) -> str:
    return re.sub(r"\s+", "", re.sub(r"<[^>]+>", "", html))


def marks(html: str) -> dict[str, str]:
    """The text of each heading's change mark, by the case number after it."""
    found = re.findall(r'<span class="change-mark">(.*?)<span class="number">\[([0-9.]+)\]', html)
    return {number: text(mark) for mark, number in found}


def test_the_japanese_booklet_marks_and_lists_the_changes(edited, content):
    html = page(edited, compare(content, edited, "v1.0"), "mak.rules", "ja")
    shown = text(html)
    assert "v1.0からの変更" in shown
    assert "2.1マップボード訂正" in shown
    assert f"2.3{content.cases['mak.2.3'].title.ja}削除" in shown
    assert marks(html) == {"2.1": "Δ訂正", "2.2": "Δ変更", "2.4": "Δ追加"}


def test_an_edition_without_changes_prints_no_mark(edited):
    html = page(edited, None, "mak.rules", "en")
    assert "change-mark" not in html and "Changes since" not in html


def test_a_changed_chart_is_marked_on_its_card(content):
    table = content.tables["mak.rank-vp"]
    title = table.table.title.model_copy(update={"en": table.table.title.en + " (revised)"})
    changed = dataclasses.replace(table, table=table.table.model_copy(update={"title": title}))
    newer = dataclasses.replace(content, tables={**content.tables, "mak.rank-vp": changed})
    changes = compare(content, newer, "v1.0")
    assert [(entry.id, entry.kind) for entry in changes.entries] == [("mak.rank-vp", "changed")]
    for edition, word in (("en", "changed"), ("ja", "変更")):
        card = page(newer, changes, "mak.rank-vp.card.2", edition)
        kicker = card[card.index('class="kicker"') :]
        kicker = kicker[: kicker.index("</p>")]
        assert f"Δ{word}" in text(kicker)
    other = page(newer, changes, "mak.pilot-creation.card", "en")
    assert "change-mark" not in other


def test_a_chart_from_an_erratum_lists_its_kind_and_cites_it(content, edited):
    table = content.tables["mak.rank-vp"]
    source = Source(erratum="tactics-2025-03", change="clarification")
    source._erratum = edited.errata["tactics-2025-03"]
    title = table.table.title.model_copy(update={"en": table.table.title.en + " (revised)"})
    update = {"title": title, "source": source}
    changed = dataclasses.replace(table, table=table.table.model_copy(update=update))
    newer = dataclasses.replace(content, tables={**content.tables, "mak.rank-vp": changed})
    changes = compare(content, newer, "v1.0")
    assert [(entry.id, entry.kind) for entry in changes.entries] == [
        ("mak.rank-vp", "clarification")
    ]
    card = text(page(newer, changes, "mak.rank-vp.card.2", "en"))
    assert "Δclarification" in card
    assert f"Source:Erratum{ERRATUM_TITLE_EN},{ERRATUM_DATE}".replace(" ", "") in card


def test_white_space_alone_is_no_change(content):
    case = content.cases["mak.2.1"]
    spaced = case.text.model_copy(update={"en": "  " + case.text.en.replace(" ", "\n ") + "\n"})
    newer = dataclasses.replace(
        content, cases={**content.cases, "mak.2.1": case.model_copy(update={"text": spaced})}
    )
    assert compare(content, newer, "v1.0").entries == ()


def test_the_reviewers_copy_prints_the_erratum(edited):
    html = (
        make_environment("both")
        .get_template("review.html")
        .render(
            version=__version__,
            created=None,
            revision="r",
            fonts=FONT_TOKENS,
            **review_context(edited, "mak"),
        )
    )
    entry = html[html.index('id="case-mak-2-4"') :]
    entry = entry[: entry.index("</section>")]
    assert "From an erratum, not the seed" in entry
    assert ERRATUM_TITLE_EN in entry and ERRATUM_DATE in entry
    assert "both from the erratum" in entry
    assert "from the seed" not in entry
