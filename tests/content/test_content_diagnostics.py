"""Every loader and validation error names file:line:column, the key path and a plain sentence."""

from __future__ import annotations

import json

from conftest import MINIMAL_SOURCES

MINIMAL_SOURCES_WITH_MAK = (
    MINIMAL_SOURCES + '  - {id: mak, seed: "000", title: {en: Ma.K, ja: Ma.K, tr: none}}\n'
)

TABLE_HEAD = """\
kind: table
id: fpcf.test
title: {en: Test, ja: テスト, tr: none}
source: {seed: "000"}
axes:
  - {key: die, die: d10}
  - key: side
    choices:
      - {slug: nato, label: {en: NATO, ja: NATO, tr: none}}
      - {slug: wp, label: {en: WP, ja: WP, tr: none}}
columns: side
rows:
"""


def check_lines(run, root, *extra: str) -> tuple[int, list[str]]:
    result = run("--content", str(root), "check", *extra)
    return result.code, result.err.splitlines()


def test_duplicate_key_is_reported_with_both_positions(run, make_content):
    root = make_content({"t.yaml": TABLE_HEAD + "  - {die: 0-9, cells: {nato: 1, wp: 2, wp: 3}}\n"})
    code, lines = check_lines(run, root)
    assert code == 1
    assert lines == [
        "content/t.yaml:13:40: error[duplicate-key]: rows[0].cells.wp: the key 'wp' appears twice"
        " in this mapping; the first is at line 13, column 33",
        "1 problem found",
    ]


def test_unknown_key_lists_the_allowed_keys(run, make_content):
    body = TABLE_HEAD.replace("columns: side", "colour: red\ncolumns: side")
    root = make_content({"t.yaml": body + "  - {die: 0-9, cells: {nato: 1, wp: 2}}\n"})
    code, lines = check_lines(run, root)
    assert code == 1
    assert lines[0] == (
        "content/t.yaml:11:1: error[unknown-key]: fpcf.test colour: unknown key 'colour'; allowed here:"
        " kind, id, title, summary, source, axes, columns, complete, unit, unit_one, value_title,"
        " notes, uncertain, languages_differ, rows, layout"
    )


def test_wrong_types_are_named_in_plain_words(run, make_content):
    body = TABLE_HEAD.replace("{en: WP, ja: WP, tr: none}", "WP")
    root = make_content({"t.yaml": body + "  - {die: 0-9, cells: {nato: [1], wp: 2}}\n"})
    code, lines = check_lines(run, root)
    assert code == 1
    assert lines == [
        "content/t.yaml:10:27: error[wrong-type]: fpcf.test axes[1].choices[1].label: expected a text in both"
        " languages ({en: ..., ja: ..., tr: ...}), found the text 'WP'",
        "content/t.yaml:13:30: error[wrong-type]: fpcf.test rows[0].cells.nato: expected a cell value (a number,"
        " a text, {en: ..., ja: ..., tr: ...} or {value: ...}), found a list",
        "2 problems found",
    ]


def test_die_gap_and_overlap(run, make_content):
    rows = "  - {die: 0-3, cells: {nato: 1, wp: 2}}\n  - {die: 3-5, cells: {nato: 1, wp: 2}}\n"
    rows += "  - {die: 8-9, cells: {nato: 1, wp: 3}}\n"
    root = make_content({"t.yaml": TABLE_HEAD + rows})
    code, lines = check_lines(run, root)
    assert code == 1
    assert lines == [
        "content/t.yaml:14:11: error[die-overlap]: fpcf.test rows[1].die: roll 3 is covered twice: here and at"
        " line 13",
        "content/t.yaml:15:11: error[die-gap]: fpcf.test rows[2].die: d10 rolls 6-7 are not covered for"
        " side=nato: no row's die holds them",
        "content/t.yaml:15:11: error[die-gap]: fpcf.test rows[2].die: d10 rolls 6-7 are not covered for"
        " side=wp: no row's die holds them",
        "3 problems found",
    ]


def test_missing_stale_and_unstamped_translations(run, make_content):
    table = """\
    kind: table
    id: fpcf.other
    title: {en: Other, ja: その他, tr: ja, from: "00000000"}
    source: {seed: "000"}
    axes:
      - key: size
        choices:
          - {slug: small, label: {en: Small, ja: "", tr: ja}}
          - {slug: large, label: {en: Large, ja: 大, tr: ja}}
    rows:
      - {size: small, value: 1}
      - {size: large, value: 3}
    """
    root = make_content({"u.yaml": table})
    code, lines = check_lines(run, root)
    assert code == 1
    assert lines == [
        "content/u.yaml:3:43: error[stale-translation]: fpcf.other title.from: the Japanese translation is"
        " stale: it was made from source text 00000000, but the English source text is now"
        ' f97e9da0; update the translation, then set `from: "f97e9da0"`',
        "content/u.yaml:8:46: error[missing-translation]: fpcf.other axes[0].choices[0].label.ja: the Japanese"
        " text is missing",
        "content/u.yaml:9:30: error[unstamped-translation]: fpcf.other axes[0].choices[1].label: the Japanese"
        " translation does not record which source text it was made from; once it is checked, add"
        ' `from: "ab80540d"` (or run `playaid stamp`)',
        "3 problems found",
    ]


def test_unknown_choice_seed_and_missing_cell(run, make_content):
    table = """\
    kind: table
    id: fpcf.other
    title: {en: Other, ja: その他, tr: none}
    source: {seed: "009"}
    axes:
      - key: size
        choices:
          - {slug: small, label: {en: Small, ja: 小, tr: none}}
          - {slug: large, label: {en: Large, ja: 大, tr: none}}
    rows:
      - {size: small, value: 1}
      - {size: huge, value: 3}
    """
    root = make_content({"u.yaml": table})
    code, lines = check_lines(run, root)
    assert code == 1
    assert lines == [
        "content/u.yaml:4:16: error[unknown-seed]: fpcf.other source.seed: seed '009' is not listed in"
        " sources.yaml; known seeds: 000",
        "content/u.yaml:12:12: error[unknown-choice]: fpcf.other rows[1].size: 'huge' is not a choice of"
        " 'size'; choices: small, large",
        "2 problems found",
    ]
    fixed = make_content({"u.yaml": table.replace("009", "000").replace("huge", "small")})
    code, lines = check_lines(run, fixed)
    assert lines == [
        "content/u.yaml:11:3: error[missing-cell]: fpcf.other rows: no cell for size=large; mark the table"
        " `complete: false` if the chart has none",
        "content/u.yaml:12:26: error[duplicate-cell]: fpcf.other rows[1].value: the cell size=small is given"
        " twice; the first is at line 11",
        "2 problems found",
    ]


def test_references_resolve_or_are_external(run, make_content):
    rules = """\
    kind: rules
    system: fpcf
    source: {seed: "000"}
    cases:
      - id: fpcf.one
        text: {en: "See [two].", ja: 「二」を参照。, tr: none}
        source: {seed: "000"}
        refs: [fpcf.two, {id: fpcf.one, external: true}]
    """
    root = make_content({"r.yaml": rules})
    code, lines = check_lines(run, root)
    assert code == 1
    assert lines == [
        "content/r.yaml:8:12: error[unresolved-ref]: fpcf.one refs[0]: the reference 'fpcf.two'"
        " names no case; mark it `external: true` if the sources do not contain it",
        "content/r.yaml:8:22: error[external-ref-exists]: fpcf.one refs[1]: the reference"
        " 'fpcf.one' is marked external, but the case exists in content/r.yaml:5",
        "2 problems found",
    ]


def test_syntax_error_has_a_position_and_no_traceback(run, make_content):
    root = make_content({"bad.yaml": "kind: table\nid: [unclosed\n"})
    result = run("--content", str(root), "check")
    assert result.code == 1
    assert result.err.startswith("content/bad.yaml:3:1: error[yaml-syntax]: (document): the file")
    assert "Traceback" not in result.err


def test_messages_in_japanese(run, make_content):
    root = make_content({"t.yaml": TABLE_HEAD + "  - {die: 0-9, cells: {nato: 1, wp: 2, wp: 3}}\n"})
    _, lines = check_lines(run, root, "--lang", "ja")
    assert lines == [
        "content/t.yaml:13:40: error[duplicate-key]: rows[0].cells.wp: キー 'wp' がこのマッピングに"
        "2回あります。最初は 13 行 33 列です",
        "1 件の問題があります",
    ]


def test_json_format_lists_every_issue(run, make_content):
    rows = "  - {die: 0-3, cells: {nato: 1, wp: 2}}\n  - {die: 3-9, cells: {nato: 1, wp: 2}}\n"
    root = make_content({"t.yaml": TABLE_HEAD + rows})
    result = run("--content", str(root), "check", "--format", "json")
    assert result.code == 1
    assert json.loads(result.out) == [
        {
            "file": "content/t.yaml",
            "line": 14,
            "column": 11,
            "key_path": "rows[1].die",
            "code": "die-overlap",
            "severity": "error",
            "rule": "fpcf.test",  # the chart the finding is about, named by its id (issue 32)
            "id": "fpcf.test",
            "message": "roll 3 is covered twice: here and at line 13",
        }
    ]


def test_yaml_tags_are_refused(run, make_content):
    root = make_content({"tag.yaml": "kind: table\nid: !!python/object:os.system {}\n"})
    code, lines = check_lines(run, root)
    assert code == 1
    assert lines == [
        "content/tag.yaml:2:5: error[yaml-tag]: id: the tag !!python/object:os.system"
        " is not allowed; content is plain YAML",
        "1 problem found",
    ]


def test_a_printed_reference_must_be_listed_in_refs(run, make_content):
    sources = MINIMAL_SOURCES_WITH_MAK
    rules = """\
    kind: rules
    system: mak
    source: {seed: "000"}
    cases:
      - id: mak.1.0
        text: {en: "See [2.1] and [3.0].", ja: "[2.1] と [3.0] を参照。", tr: none}
        source: {seed: "000"}
        refs: [{id: mak.2.1, external: true}]
    """
    root = make_content({"r.yaml": rules}, sources=sources)
    code, lines = check_lines(run, root)
    assert code == 1
    assert lines == [
        "content/r.yaml:8:11: error[unlinked-ref]: mak.1.0 refs: the text cites [3.0], but refs does"
        " not list it; add mak.3.0 to refs (or mark it external)",
        "1 problem found",
    ]


def test_a_finding_in_a_case_names_the_case_in_text_and_json(run, make_content):
    """Issue 32: an editor's two stale translations are named by their rules, not by the place
    of the case in its file (`cases[1].text.from`)."""
    rules = """\
    kind: rules
    system: fpcf
    source: {seed: "000"}
    cases:
      - id: fpcf.one
        text: {en: One., ja: 一。, tr: ja, from: "00000000"}
        source: {seed: "000"}
      - id: fpcf.two
        text: {en: Two., ja: 二。, tr: ja, from: "00000000"}
        source: {seed: "000"}
    """
    root = make_content({"r.yaml": rules})
    code, lines = check_lines(run, root)
    assert code == 1
    assert [line.split(": the Japanese")[0] for line in lines[:2]] == [
        "content/r.yaml:6:44: error[stale-translation]: fpcf.one text.from",
        "content/r.yaml:9:44: error[stale-translation]: fpcf.two text.from",
    ]
    found = json.loads(run("--content", str(root), "check", "--format", "json").out)
    assert [(f["id"], f["rule"], f["key_path"]) for f in found] == [
        ("fpcf.one", "fpcf.one", "cases[0].text.from"),
        ("fpcf.two", "fpcf.two", "cases[1].text.from"),
    ]


def test_a_missing_roll_is_named_and_placed_beside_its_gap(run, make_content):
    rows = "  - {die: 0-4, cells: {nato: 1, wp: 2}}\n  - {die: 6-9, cells: {nato: 1, wp: 2}}\n"
    code, lines = check_lines(run, make_content({"t.yaml": TABLE_HEAD + rows}))
    assert code == 1
    assert lines[0] == (
        "content/t.yaml:14:11: error[die-gap]: fpcf.test rows[1].die: d10 roll 5 is not covered for"
        " side=nato: no row's die holds it"
    )


def test_a_file_without_kind_is_told_so(run, make_content):
    root = make_content({"k.yaml": "id: fpcf.test\ntitle: {en: T, ja: T, tr: none}\n"})
    code, lines = check_lines(run, root)
    assert code == 1
    assert lines[0].startswith(
        "content/k.yaml:1:1: error[missing-kind]: (document): the file has no 'kind'"
    )
    assert "not-a-mapping" not in "\n".join(lines)


def test_a_case_id_that_says_another_number_is_refused(run, make_content):
    rules = """\
    kind: rules
    system: mak
    source: {seed: "000"}
    cases:
      - id: mak.3.1
        number: "3.2"
        text: {en: "A rule.", ja: "ルール。", tr: none}
        source: {seed: "000"}
    """
    root = make_content({"r.yaml": rules}, sources=MINIMAL_SOURCES_WITH_MAK)
    code, lines = check_lines(run, root)
    assert code == 1
    assert lines[0].startswith(
        "content/r.yaml:6:13: error[id-number]: mak.3.1 number: the id mak.3.1"
    )
