"""One consistent Japanese and English: each class of slip the issue found is caught by a check,
and the content as shipped has none of them."""

from __future__ import annotations

import pytest

from generator.checks.style import english_words

SOURCES_CF = """\
kind: sources
seeds:
  - {id: "001", file: seed.txt, title: {en: Seed, ja: シード, tr: none}}
systems:
  - {id: cf, seed: "001", title: {en: Test, ja: テスト, tr: none}}
"""
GLOSSARY = """\
kind: glossary
terms:
  - {id: motorized-rifle, en: motorized rifle, ja: 機械化ライフル, ja_forms: [機械化], systems: [cf]}
"""


def _rules(en: str, ja: str, tr: str) -> str:
    return f"""\
kind: rules
system: cf
source: {{seed: "001"}}
cases:
  - id: cf.15.5
    text: {{en: "{en}", ja: "{ja}", tr: {tr}}}
    source: {{seed: "001"}}
"""


def _warnings(run, make_content, rules: str) -> list[str]:
    root = make_content({"glossary.yaml": GLOSSARY, "r.yaml": rules}, sources=SOURCES_CF)
    result = run("--content", str(root), "stamp")
    assert result.code == 0, result.err
    result = run("--content", str(root), "check")
    return [line for line in result.err.splitlines() if "warning[" in line]


def test_a_source_term_rendered_another_way_is_caught(run, make_content):
    # cf.15.5 said "mechanized" for the 機械化 units that [15.52] calls motorized rifle.
    found = _warnings(
        run, make_content, _rules("For mechanized units.", "機械化のユニット。", "en")
    )
    assert any(
        "warning[glossary-term-en]" in line and "'motorized rifle'" in line for line in found
    )
    fixed = _warnings(
        run, make_content, _rules("For motorized rifle units.", "機械化のユニット。", "en")
    )
    assert fixed == []


def test_english_left_inside_this_projects_japanese_is_caught(run, make_content):
    # fpcf.air-drop-modifiers printed "broken 地形" and "wooded ヘクス".
    found = _warnings(run, make_content, _rules("On broken terrain.", "broken 地形で。", "ja"))
    assert any("warning[english-in-japanese]" in line and "'broken'" in line for line in found)
    quoted = _warnings(run, make_content, _rules("On broken terrain.", "「broken」地形で。", "ja"))
    assert quoted == []


def test_full_width_brackets_and_digits_in_this_projects_text_are_caught(run, make_content):
    found = _warnings(run, make_content, _rules("A (B) 1.", "A（B）１。", "ja"))
    assert sum("warning[text-full-width]" in line for line in found) == 3
    assert _warnings(run, make_content, _rules("A (B) 1.", "A(B)1。", "ja")) == []


def test_seed_text_stays_as_printed(run, make_content):
    # tr: none: both languages are the seed's, full-width or English words and all.
    assert _warnings(run, make_content, _rules("A (B).", "broken（B）。", "none")) == []


@pytest.mark.parametrize(
    ("japanese", "words"),
    [
        ("broken 地形", ["broken"]),
        ("NeuSpotterとAFSとSph69-p", []),
        ("Schmitt von Siegfried、中尉", []),
        ("「Early printings of may have」と印刷", []),
        ("空中機動(Air Mobile)ユニット", []),
        ("手順 mak.artillery-deviation で", []),
        ("D. house と印刷", []),
        ("the unit と the die", ["the", "unit", "die"]),
    ],
)
def test_which_english_words_count_as_left_in_japanese(japanese, words):
    assert english_words(japanese, ["D. house"]) == words


def test_the_shipped_content_has_no_style_or_glossary_warnings(content):
    codes = {"glossary-term", "glossary-term-en", "english-in-japanese", "text-full-width"}
    assert [issue.render() for issue in content.warnings if issue.code in codes] == []
