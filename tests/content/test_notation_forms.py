"""One notation per language, checked by machine (issue 44, item 5): a range, a minus sign and an
example's marker are written one way in the texts playaid writes (content, scenario files, the
UI catalog, the templates); `check` warns at the place of any other form."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import one_case_rules

from generator.content.checks.catalog_words import catalog_notation_issues
from generator.content.checks.notation import notation_findings, original_range_findings

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("text", "lang", "code", "form"),
    [
        ("マップボード (1~4)", "ja", "notation-range", "~"),
        ("シナリオNo. 1 – 10は", "ja", "notation-range", " – "),
        ("1ヘクスあたり5–13", "ja", "notation-range", "–"),
        ("Boards 1~4", "en", "notation-range", "~"),
        ("出目は7-9までだが", "ja", "notation-range", "-"),
        ("WP 1-3", "ja", "notation-range", "-"),
        ("1/4-1/5", "ja", "notation-range", "-"),
        ("On a die roll of 1-5, the bridge", "en", "notation-range", "-"),
        ("hexes 0105-0108", "en", "notation-range", "-"),
        ("Scenarios No. 1 – 10 only use", "en", "notation-range", " – "),
        ("Scenarios No.17 – 21 require", "en", "notation-range", " – "),
        ("17, p72-3 … S.F.3.D Writeup", "en", "notation-range", "-"),
        ("Map Boards (5 ~ 7) 3", "en", "notation-range", " ~ "),
        ("range increments: 1 - 8, attack 15", "en", "notation-range", " - "),
        ("スタックで-2、2個超は1個ごと-1。", "ja", "notation-minus", "-"),
        ("一律に–3の修正", "ja", "notation-minus", "–"),
        ("(9 – 4 = 5)", "ja", "notation-minus", "–"),
        ("他のユニットとスタックしている。-1", "ja", "notation-minus", "-"),
        ("stack -2, -1 per squad", "en", "notation-minus", "-"),
        ("–例– A.F.S.が", "ja", "notation-example", "–例–"),
        ("-例", "ja", "notation-example", "-例"),
    ],
)
def test_each_other_form_is_found(text, lang, code, form):
    assert (code, form) in {(c, f) for c, f, _ in notation_findings(text, lang)}


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("1ヘクスあたり5〜13。−2ではなく−1。【例】", "ja"),
        ("5–13 per hex; −2, not −1", "en"),
        ("e-1, Sph69-p, hexes 0105–0108, 1–3 on the die, R36S3", "en"),
        ("After 2884-12 a destroyed NeuSpotter", "en"),
        ("2885-03 の戦い", "ja"),
        ("(attack ability – defense ability)", "en"),
        ("the result is (10−1) – (5+1) = 3.", "en"),
        ("13–100, attack 13; Scenarios No. 1–10", "en"),
        ("戦力比 2-1 の列、1-1 で攻撃", "ja"),  # odds, not ranges
    ],
)
def test_the_one_notation_and_codes_are_not_findings(text, lang):
    assert list(notation_findings(text, lang)) == []


@pytest.mark.parametrize(
    "text",
    [
        "After 2884-12, a destroyed NeuSpotter",  # a year and month
        "see [9.3.2] and [17.21]-[17.26] (p.12)",  # case references
        "a modifier of -2, or 3 -1 per squad",  # minus signs, the seed's own
        "J40(S) tokens 29 and 30; hex 0101; F-boot 03",  # ids and codes
        "the result is (10-1) – (5+1) = 3. (9 – 4 = 5)",  # subtractions
        "Map Boards (1–4) 4; Scenarios No. 1–10",  # the one form
        "odds 1-1, 2-1 and 3-1: roll on the 3-1 column",  # a combat table's odds go down
    ],
)
def test_a_seeds_text_has_no_range_finding_in_what_is_not_a_range(text):
    assert list(original_range_findings(text, "en")) == []


def test_a_seeds_own_range_in_another_form_asks_for_a_correction(run, make_content):
    """A seed's English printing a range with ~, a hyphen or a spaced dash is a warning that
    names the correction to record; once recorded, the text prints the one form and is clean."""
    rules = one_case_rules("Map Boards (1~4) 4; Scenarios No. 1 – 10.", "マップボード1〜4。", "ja")
    root = make_content({"r.yaml": rules})
    assert run("--content", str(root), "stamp").code == 0
    out = run("--content", str(root), "check")
    found = [line for line in out.err.splitlines() if "notation-range" in line]
    assert len(found) == 2, found  # the ~ and the spaced dash
    assert all("warning[notation-range-original]: fpcf.x text.en:" in line for line in found)
    assert all("record a correction (reason notation)" in line for line in found)
    corrected = one_case_rules(
        "Map Boards (1–4) 4; Scenarios No. 1–10.", "マップボード1〜4。", "ja"
    )
    corrections = (
        'corrections: [{lang: en, seed: "(1~4)", printed: "(1–4)", reason: notation},'
        ' {lang: en, seed: "No. 1 – 10", printed: "No. 1–10", reason: notation}]'
    )
    reasons = """\
kind: corrections
reasons:
  - {id: notation, text: {en: One range mark., ja: 一つの範囲記号。, tr: none}}
"""
    root = make_content(
        {
            "r.yaml": corrected.replace("tr: ja}", f"tr: ja, {corrections}}}"),
            "corrections.yaml": reasons,
        }
    )
    assert run("--content", str(root), "stamp").code == 0
    out = run("--content", str(root), "check")
    assert out.code == 0 and "notation-range" not in out.out + out.err, out.err


def test_a_diagnostic_may_quote_the_file_syntax_of_a_range():
    assert list(notation_findings("a die range such as 3 or 0-2", "en", hyphens=False)) == []


def test_the_shipped_content_scenarios_and_catalog_keep_the_notation(run):
    files = sorted(str(path) for path in (ROOT / "content" / "scenarios").glob("*/*.yaml"))
    result = run("check", *files)
    assert "notation-" not in result.out + result.err
    result = run("check")
    assert "notation-" not in result.out + result.err
    assert catalog_notation_issues() == []


def test_a_finding_names_the_file_line_and_column(run, make_content):
    rules = """\
    kind: rules
    system: fpcf
    source: {seed: "000"}
    cases:
      - id: fpcf.x
        text: {en: "A rule.", ja: "ルール。", tr: none}
        summary: {en: "Roll 1~4.", ja: "1~4を振る。", tr: ja, from: "ef36551c"}
        source: {seed: "000"}
    """
    result = run("--content", str(make_content({"r.yaml": rules})), "check")
    assert "r.yaml:7:19: warning[notation-range]: fpcf.x summary.en:" in result.out + result.err
    assert "warning[notation-range]: fpcf.x summary.ja:" in result.out + result.err


def test_the_templates_write_no_range_mark_of_their_own():
    for path in (ROOT / "templates").rglob("*.html"):
        text = re.sub(r"<[^>]+>", "", path.read_text(encoding="utf-8"))  # what is printed
        assert not re.findall(r"}}[~〜～–—-]{{", text), path
