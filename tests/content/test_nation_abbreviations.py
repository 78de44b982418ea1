"""One set of nation abbreviations (issue 44 §5): the glossary records US, UK, NL (and the rest of
the set), every chart heads its nations with them in both languages, the two charts whose
original says USA, BR, NE (and Soviet) list each change in 原文の訂正, `check` refuses the other set
in the content, the catalog and scenario files, and lookups still take the original's forms."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import MINIMAL_SOURCES, one_case_rules

from generator.content.checks.avoid import other_forms, terms_for
from generator.content.checks.catalog_words import catalog_avoid_issues
from generator.content.model.base import LocalizedText
from generator.content.model.walk import walk
from generator.render.corrections import system_corrections
from generator.tableside.lookup import lookup

CHOSEN = {"us": "US", "uk": "UK", "nl": "NL", "su": "SU"}
OTHER = {"us": "USA", "uk": "BR", "nl": "NE", "su": "Soviet"}
GLOSSARY = """\
kind: glossary
terms:
  - {id: nation-uk, en: UK, ja: イギリス, avoid: [BR], systems: [fpcf], common: true}
"""


def nation_axes(content) -> list[tuple[str, object]]:
    """Every chart's nation axis, resolved: (table id, axis)."""
    return [
        (table_id, axis)
        for table_id, resolved in sorted(content.tables.items())
        for axis in resolved.axes
        if axis.key == "nation"
    ]


def test_the_glossary_records_one_abbreviation_per_nation_and_keeps_out_the_other(content):
    terms = {term.id: term for term in content.glossary.terms}
    for slug, abbreviation in CHOSEN.items():
        term = terms[f"nation-{slug}"]
        assert term.en == abbreviation
        assert term.avoid == ((OTHER[slug],) if slug != "su" else ())


def test_every_chart_heads_its_nations_with_the_one_set_in_both_languages(content):
    axes = nation_axes(content)
    assert {table_id for table_id, _ in axes} >= {
        "fpcf.air-strike-availability",
        "fpcf.hq-capability",
    }
    for table_id, axis in axes:
        for choice in axis.choices:
            if choice.slug in CHOSEN:
                expected = CHOSEN[choice.slug]
                assert choice.label.en == expected, (table_id, choice.slug)
                assert choice.label.ja.endswith(f"({expected})"), (table_id, choice.slug)


def test_no_text_the_content_prints_uses_the_other_set(content):
    terms = terms_for(content.glossary, "fpcf")
    models = [*content.rulesets, *(resolved.table for resolved in content.tables.values())]
    found = [
        (form, text.get(lang)[:60])
        for model in models
        for _, text in walk(model)
        if isinstance(text, LocalizedText)
        for lang in ("en", "ja")
        for _, form in other_forms(text.get(lang), terms)
    ]
    assert found == []


def test_the_corrections_list_each_change_on_both_charts(content):
    rows = [row for group in system_corrections(content, "fpcf") for row in group.rows]
    changed = {
        (row.seed, row.printed): {place.title.en for place in row.places}
        for row in rows
        if row.reason.id == "abbreviation"
    }
    both = {"Air Strike Availability Chart", "HQ Capability Chart"}
    assert changed[("BR", "UK")] == both
    assert changed[("NE", "NL")] == both
    assert changed[("Soviet", "SU")] == both
    assert changed[("USA", "US")] >= {"HQ Capability Chart"}
    assert "Air Strike Availability Chart" in changed[("USA", "US")]
    ja_rows = [row for group in system_corrections(content, "fpcf", ("ja",)) for row in group.rows]
    assert any(row.reason.id == "abbreviation" for row in ja_rows)  # 使い方: USAの → USの


@pytest.mark.parametrize(
    ("table_id", "given", "slug"),
    [
        ("fpcf.hq-capability", "USA", "us"),
        ("fpcf.hq-capability", "BR", "uk"),
        ("fpcf.hq-capability", "NE", "nl"),
        ("fpcf.hq-capability", "Soviet", "su"),
        ("fpcf.air-strike-availability", "BR", "uk"),
        ("fpcf.air-strike-availability", "NE", "nl"),
        ("fpcf.air-strike-availability", "USA", "us"),
        ("fpcf.aircraft-type", "USA", "us"),
    ],
)
def test_lookups_still_take_the_originals_forms(content, table_id, given, slug):
    table = content.table(table_id)
    keys = {"nation": given}
    if table_id == "fpcf.air-strike-availability":
        keys["level"] = "neutral"
    assert lookup(table, keys).keys["nation"] == slug


def _found(run, make_content, rules: str) -> list[str]:
    root = make_content({"glossary.yaml": GLOSSARY, "r.yaml": rules}, sources=MINIMAL_SOURCES)
    assert run("--content", str(root), "stamp").code == 0
    result = run("--content", str(root), "check")
    return [line for line in result.err.splitlines() if "glossary-other-form" in line]


def test_check_refuses_the_other_abbreviation_in_either_language(run, make_content):
    found = _found(
        run, make_content, one_case_rules("BR units move.", "UKのユニットが動く。", "ja")
    )
    assert len(found) == 1 and "warning[glossary-other-form-original]" in found[0], found
    assert "text.en" in found[0] and "'BR'" in found[0] and "'UK'" in found[0]
    found = _found(
        run, make_content, one_case_rules("UK units move.", "BRのユニットが動く。", "ja")
    )
    assert len(found) == 1 and "warning[glossary-other-form]" in found[0], found
    assert "text.ja" in found[0]
    assert (
        _found(run, make_content, one_case_rules("UK units move.", "イギリス (UK) が動く。", "ja"))
        == []
    )
    quoted = one_case_rules("The original prints “BR”.", "原文は「BR」と書く。", "ja")
    assert _found(run, make_content, quoted) == []


def test_check_refuses_the_other_abbreviation_in_the_catalog(content, tmp_path: Path):
    path = tmp_path / "messages.po"
    head = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
    body = 'msgctxt "fpcf-x"\nmsgid "NE units"\nmsgstr "オランダ (NL) のユニット"\n'
    path.write_text(head + body, encoding="utf-8")
    found = [issue for issue in catalog_avoid_issues(content.glossary, path)]
    assert [(issue.code, issue.key_path) for issue in found] == [
        ("glossary-other-form", "msgid (msgctxt fpcf-x)")
    ]
