"""Printed references from sources.yaml's templates (generator/content/references.py): what they
match, how fast, and what the model refuses, at file:line:column."""

from __future__ import annotations

import re
import time

import pytest
from conftest import MINIMAL_SOURCES

from generator.content.references import number, reference_pattern

# The patterns mak and cf had in code before they became templates in content/sources.yaml.
BEFORE = {
    "mak": re.compile(r"\[(?:Section )?(\d+(?:\.\d+)+)\]"),
    "cf": re.compile(r"[(（](\d+\.\d+)"),
}


def found(pattern: re.Pattern[str] | None, text: str) -> list[tuple[tuple[int, int], str]]:
    return [(match.span(), number(match)) for match in pattern.finditer(text)] if pattern else []


def test_the_shipped_templates_match_what_the_code_matched(content):
    """Every text of every case, both languages: the same places, the same numbers."""
    compared = 0
    for system, before in BEFORE.items():
        pattern = content.sources.reference_pattern(system)
        for case in content.system_cases(system):
            for text in (case.text.en, case.text.ja) if case.text else ():
                expected = [(m.span(), m.group(1)) for m in before.finditer(text)]
                assert found(pattern, text) == expected, case.id
                compared += len(expected)
    assert compared == 94  # the Japanese of mak [5.1.2], [11.1.1], [11.1.3], [11.4.1] cite none
    assert (
        content.sources.reference_pattern("fpcf").pattern
        == reference_pattern(("[{number}]",)).pattern
    )  # fpcf gives none: the default, which finds nothing in its texts


def test_a_template_is_literal_text_around_one_number():
    pattern = reference_pattern(("[{number}]", "[Section {number}]", "(*{number})"))
    text = "See [8.1], [Section 14.2.1], (*3.5), [8] and [a.b] and (.*3.5)."
    assert [number for _, number in found(pattern, text)] == ["8.1", "14.2.1", "3.5"]
    assert found(reference_pattern(()), text) == []


@pytest.mark.parametrize(
    "text", ["[1." * 6000, "[" + "1." * 10000, "1." * 10000, "[Section [" * 2000, "（1" * 9000]
)
def test_a_hostile_text_is_matched_in_linear_time(text):
    pattern = reference_pattern(("[{number}]", "[Section {number}]", "（{number}", "a{number}]"))
    start = time.perf_counter()
    list(pattern.finditer(text * 2))
    assert time.perf_counter() - start < 0.5


def test_bad_templates_are_refused_where_they_stand(run, make_content):
    sources = MINIMAL_SOURCES.replace(
        "title: {en: Test, ja: テスト, tr: none}}",
        "title: {en: Test, ja: テスト, tr: none},\n"
        '     references: ["{number}]", "[8.{number}]", "[{number}{number}]", "[{number}1]",'
        f' "{"x" * 40}{{number}}"]}}',
    )
    root = make_content({}, sources=sources)
    result = run("check", "--content", str(root))
    assert result.code == 1
    assert result.err.splitlines()[:5] == [
        "content/sources.yaml:6:19: error[reference-template-before]: systems[0].references[0]:"
        " a reference template starts with the text printed before the number, and that text"
        " does not end in a digit or a dot, such as the [ of [{number}]",
        "content/sources.yaml:6:32: error[reference-template-before]: systems[0].references[1]:"
        " a reference template starts with the text printed before the number, and that text"
        " does not end in a digit or a dot, such as the [ of [{number}]",
        "content/sources.yaml:6:48: error[reference-template-number]: systems[0].references[2]:"
        " a reference template holds {number} exactly once, where the case number is printed,"
        " such as [{number}]",
        "content/sources.yaml:6:70: error[reference-template-after]: systems[0].references[3]:"
        " the text after {number} cannot start with a digit: the number takes every digit there",
        "content/sources.yaml:6:85: error[reference-template-too-long]: systems[0].references[4]:"
        " a reference template has at most 40 characters",
    ]


def test_at_most_eight_templates(run, make_content):
    templates = ", ".join(f'"[{i}-{{number}}]"' for i in range(9))
    sources = MINIMAL_SOURCES.replace(
        "title: {en: Test, ja: テスト, tr: none}}",
        f"title: {{en: Test, ja: テスト, tr: none}},\n     references: [{templates}]}}",
    )
    result = run("check", "--content", str(make_content({}, sources=sources)))
    assert "error[list-too-long]: systems[0].references:" in result.err
