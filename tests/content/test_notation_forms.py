"""One notation per language, checked by machine (issue 44, item 5): a range, a minus sign and an
example's marker are written one way in the texts playaid writes (content, scenario files, the
UI catalog, the templates); `check` warns at the place of any other form."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.content.checks.catalog_words import catalog_notation_issues
from generator.content.checks.notation import notation_findings

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
    ],
)
def test_the_one_notation_and_codes_are_not_findings(text, lang):
    assert list(notation_findings(text, lang)) == []


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
