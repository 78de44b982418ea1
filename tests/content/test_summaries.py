"""One-line summaries a scenario card prints beside each rule in use (docs/content-format.md)."""

from __future__ import annotations

import re
import unicodedata

import pytest

from generator.content.load import Content
from generator.content.model.base import LocalizedText, source_hash

# The rules a printed scenario card lists; each must say in one line what it changes.
LISTED = [
    "mak.7.3",
    "mak.8.2.3",
    "mak.10.6",
    "mak.11.1.2",
    "mak.11.1.3",
    "mak.11.3",
    "mak.11.3.1",
    "mak.12.2",
    "mak.12.3",
    "mak.14.4.1",
    "mak.14.4.2",
    "mak.14.4.4",
    "mak.15.0",
    "mak.16.1",
    "mak.16.2",
    "mak.16.2.2",
    "mak.17.0",
    "mak.17.1.2",
    "mak.18.2",
    "mak.18.3",
    "mak.19.1",
    "mak.19.2",
    "mak.19.3",
    "mak.19.4",
    "mak.19.5.1",
    "mak.19.5.2",
    "mak.19.5.3",
    "mak.ogp",
    "fpcf.setup",
    "fpcf.soviet-surprise-phase",
    "fpcf.non-surprise-scenario",
    "fpcf.west-german-brigades",
    "fpcf.airborne-units",
    "fpcf.engineer-units",
    "fpcf.major-training-areas",
    "fpcf.paralysis",
    "cf.15.2",
    "cf.17.2",
    "cf.17.21",
]

EN_LIMIT = 110  # characters
JA_LIMIT = 55  # full-width characters; a half-width letter, digit or mark counts half
DIGITS = re.compile(r"[0-9]+")
REFERENCE = re.compile(r"\[[^\]]*\]")


def ja_width(text: str) -> float:
    """The printed width of a Japanese line in full-width characters."""
    return sum(1 if unicodedata.east_asian_width(c) in "WF" else 0.5 for c in text)


def summaries(content: Content) -> dict[str, LocalizedText]:
    """Every summary in the content, by case or table id."""
    found = {cid: case.summary for cid, case in content.cases.items() if case.summary}
    for loaded in content.tables.values():
        if loaded.table.summary:
            found[loaded.table.id] = loaded.table.summary
    return found


def test_every_listed_rule_has_a_summary(content):
    assert [cid for cid in LISTED if cid in content.cases] == LISTED
    assert [cid for cid in LISTED if content.cases[cid].summary is None] == []


def test_every_rule_a_scenario_option_puts_in_use_has_a_summary(content):
    named = {
        (system, option.id, rule)
        for system, options in content.options.items()
        for option in options.values()
        for rule in option.rules
    }
    assert named
    assert sorted(item for item in named if content.cases[item[2]].summary is None) == []


def test_every_rule_a_unit_names_has_a_summary(content):
    named = {
        (unit.id, rule) for unit in content.catalogues["mak"].units.values() for rule in unit.rules
    }
    assert named
    assert sorted(item for item in named if content.cases[item[1]].summary is None) == []


def test_summaries_keep_numbers_and_references_in_both_languages(content):
    for key, text in summaries(content).items():
        assert set(DIGITS.findall(text.en)) == set(DIGITS.findall(text.ja)), key
        assert set(REFERENCE.findall(text.en)) == set(REFERENCE.findall(text.ja)), key


@pytest.mark.parametrize("key", LISTED)
def test_a_summary_is_one_short_line(content, key):
    text = content.cases[key].summary
    assert text is not None
    assert text.tr == "ja" and "\n" not in text.en + text.ja
    assert len(text.en) <= EN_LIMIT and text.en.endswith("."), (len(text.en), text.en)
    assert ja_width(text.ja) <= JA_LIMIT and text.ja.endswith("。"), (ja_width(text.ja), text.ja)
    assert not re.search(r"[。、]\s", text.ja), text.ja


def test_every_summary_is_one_short_line(content):
    for key, text in summaries(content).items():
        assert len(text.en) <= EN_LIMIT, key
        assert ja_width(text.ja) <= JA_LIMIT, key


SOURCES_CF = """\
kind: sources
seeds:
  - {id: "001", file: 001_ad280b7930f0b777.txt, title: {en: Seed, ja: シード, tr: none}}
systems:
  - {id: cf, seed: "001", title: {en: Test, ja: テスト, tr: none}}
"""
GLOSSARY = """\
kind: glossary
terms:
  - {id: march-order, en: March Order, ja: 行軍序列}
"""


def _summary_warnings(run, make_content, en: str, ja: str) -> list[str]:
    rules = f"""\
kind: rules
system: cf
source: {{seed: "001"}}
cases:
  - id: cf.17.2
    text: {{en: "Order.", ja: "順番。", tr: en, from: "{source_hash("順番。")}"}}
    summary: {{en: "{en}", ja: "{ja}", tr: ja, from: "{source_hash(en)}"}}
    source: {{seed: "001"}}
"""
    root = make_content({"glossary.yaml": GLOSSARY, "r.yaml": rules}, sources=SOURCES_CF)
    result = run("--content", str(root), "check")
    assert result.code == 0, result.err
    return [line for line in result.err.splitlines() if "warning[" in line]


def test_a_summary_is_checked_like_any_rule_text(run, make_content):
    found = _summary_warnings(run, make_content, "In March Order.", "順番どおり。")
    assert any("warning[glossary-term]" in line and "summary" in line for line in found)
    assert _summary_warnings(run, make_content, "In March Order.", "行軍序列どおり。") == []
