"""Overlays, round two (issue 20): every value an `--overlay` can set is checked when it is loaded.

A pilot number of the wrong kind, a chart cell a procedure computes with, a source's lines out of
range, a grid or a count past its bound, a chart laid out or shaped as the code cannot read it:
each is exit 1 with `file:line:column`, the key path and a plain sentence, never a traceback (once
exit 3 from `check`, `calc`, `review` and `generate`, and a review that grew to 2.8 GB).
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from conftest import completed_in_process
from overlay_tables import TOKENS

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"


def playaid(tmp_path: Path, overlay: Path, *args: str) -> subprocess.CompletedProcess:
    """Run playaid with an overlay folder, its cache in the test's own folder, in this process
    (a process's start-up was most of a probe's time, issue 46)."""
    cache = {"XDG_CACHE_HOME": str(tmp_path / "cache")}
    return completed_in_process(["--overlay", str(overlay), *args], tmp_path, cache)


def plant(tmp_path: Path, shipped: str, old: str, new: str, mark: str | None = None):
    """A copy of a shipped content file in an overlay folder with `old` replaced by `new`; the
    folder, the file, and the line and column of `mark` (default: `new`), as `write` reads it."""
    return write(tmp_path, Path(shipped).name, _shipped(shipped, old, new), mark or new)


def _shipped(shipped: str, old: str, new: str) -> str:
    """A shipped content file's text with `old` replaced by `new` once."""
    text = (CONTENT / shipped).read_text(encoding="utf-8")
    assert old in text, (shipped, old)
    return text.replace(old, new, 1)


def write(tmp_path: Path, name: str, text: str, mark: str):
    """An overlay file holding `text`: its folder, its path and where `mark` first stands; a
    mark written `key: |value` stands where the bar is (a finding points at the value)."""
    folder = tmp_path / "overlay"
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    before, bar, after = mark.partition("|")
    index = text.index(before + after) + (len(before) if bar else 0)
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return folder, path, line, column


def assert_finding(
    result: subprocess.CompletedProcess,
    path: Path,
    line: int,
    column: int,
    code: str,
    key_path: str,
    *words: str,
) -> None:
    """Exit 1, no traceback, and the finding at `path:line:column` with its code, key path (after
    the id of the chart or case it is in) and a sentence holding `words`."""
    assert result.returncode == 1, (result.returncode, result.stderr[-2000:])
    assert "Traceback" not in result.stderr + result.stdout
    shown = f"{path.parent.name}/{path.name}"  # as a message names it, from the working folder
    where = re.compile(
        rf"{re.escape(shown)}:{line}:{column}: error\[{re.escape(code)}\]: "
        rf"(?:[a-z]+\.[\w.-]+ )?{re.escape(key_path)}: "
    )
    found = [row for row in result.stderr.splitlines() if where.match(row)]
    assert found, (where, result.stderr[-2000:])
    for word in words:
        assert word in found[0], (word, found[0])


# A pilot number of the wrong kind: `check` once crashed reading int("x").


@pytest.mark.parametrize("number", ["x", "0", "07", "100", "99999999999999", "1e3"])
def test_a_pilot_number_of_the_wrong_kind_is_a_finding(tmp_path, number):
    folder, path, line, column = plant(
        tmp_path,
        "mak/pilots.yaml",
        '{slug: "16", label: {en: No. 16',
        f'{{slug: "{number}", label: {{en: No. 16',
        f'"{number}"',
    )
    text = path.read_text(encoding="utf-8").replace('number: "16"', f'number: "{number}"')
    path.write_text(text.replace('"16"]]', f'"{number}"]]'))  # its card's group too
    result = playaid(tmp_path, folder, "check")
    assert_finding(
        result,
        path,
        line,
        column,
        "chart-slug-number",
        "axes[1].choices[15].slug",
        f"'{number}' is not a number playaid can read",
        "from 1 to 99",
    )


def _abilities(number: str, attack: str) -> str:
    """An overlay's copy of the pilot tokens (the chart slot mak.pilot-abilities)."""
    return (
        "kind: table\nid: mak.pilot-abilities\ntitle: {en: Tokens, ja: トークン, tr: none}\n"
        "source: {supplied: my tokens}\naxes:\n  - {key: side, enum: mak.side}\n"
        f'  - key: number\n    choices:\n      - {{slug: "{number}", '
        f'label: {{en: "1", ja: "1", tr: none}}}}\n'
        "  - key: ability\n    choices:\n"
        "      - {slug: attack, label: {en: A, ja: A, tr: none}}\n"
        "      - {slug: defense, label: {en: D, ja: D, tr: none}}\n"
        "      - {slug: dogfight, label: {en: F, ja: F, tr: none}}\n"
        "columns: ability\nrows:\n"
        f'  - {{side: strahl, number: "{number}", cells: {{attack: {attack}, defense: 0, '
        "dogfight: 0}}\n"
        f'  - {{side: mercenary, number: "{number}", cells: {{attack: 0, defense: 0, '
        "dogfight: 0}}\n"
    )


def test_a_token_chart_pilot_number_of_the_wrong_kind_is_a_finding(tmp_path):
    folder, path, line, column = write(tmp_path, "tokens.yaml", _abilities("x", "1"), '"x"')
    result = playaid(tmp_path, folder, "check")
    assert_finding(
        result, path, line, column, "chart-slug-number", "axes[1].choices[0].slug", "'x'"
    )


# A chart cell a procedure or a check computes with: `calc fpcf.air-drop` once crashed on a
# modifier "+2 (house rule)"; a cell must hold the kind of number the code takes.

CELLS = [
    # shipped file, the text replaced, the new text with a bar where the finding points, its
    # key path, its code and words of its sentence
    (
        "fpcf/air-drop-modifiers.yaml",
        '{condition: broken, value: "+1"}',
        '{condition: broken, value: |"+2 (house rule)"}',
        "rows[0].value",
        "chart-number-kind",
        "the text '+2 (house rule)'",
    ),
    (
        "fpcf/air-drop-modifiers.yaml",
        '{condition: broken, value: "+1"}',
        "{condition: broken, value: |100}",
        "rows[0].value",
        "chart-number-range",
        "100 lies outside -99 to 99",
    ),
    (
        "fpcf/detection.yaml",
        "cells: {wp: 15,",
        "cells: {wp: |1.5,",
        "rows[0].cells.wp",
        "chart-number-kind",
        "the fraction 1.5",
    ),
    (
        "fpcf/detection.yaml",
        "cells: {wp: 15,",
        "cells: {wp: |null,",
        "rows[0].cells.wp",
        "chart-number-kind",
        "an empty cell",
    ),
    (
        "fpcf/detection.yaml",
        "cells: {wp: 15,",
        "cells: {wp: |-15,",
        "rows[0].cells.wp",
        "chart-number-range",
        "-15 lies outside 0 to 999",
    ),
    (
        "fpcf/air-strike-availability.yaml",
        "{level: wp-3, cells: {su: 2,",
        "{level: wp-3, cells: {su: |{en: two, ja: 二, tr: none},",
        "rows[0].cells.su",
        "chart-number-kind",
        "a number such as 1 or 1.5",
    ),
    (
        "mak/rank-vp.yaml",
        "{rank: captain, value: 4,",
        "{rank: captain, value: |x,",
        "rows[9].value",
        "chart-number-kind",
        "the text 'x'",
    ),
    (
        "mak/rank-vp.yaml",
        "{rank: captain, value: 4,",
        "{rank: captain, value: |99999999999999,",
        "rows[9].value",
        "chart-number-range",
        "99999999999999 lies outside 0 to 999",
    ),
    (
        "mak/pilot-creation.yaml",
        '{die: 6, cells: {ground: "+2"',
        '{die: 6, cells: {ground: |"+2 (x)"',
        "rows[5].cells.ground",
        "chart-number-kind",
        'such as "+1"',
    ),
    (
        "mak/stack-points.yaml",
        "{value: 1, notes: [type-i]}",
        '{value: |"x", notes: [type-i]}',
        "rows[0].value.value",
        "chart-number-kind",
        "a whole number such as 3",
    ),
    (
        "mak/weapon-rounds.yaml",
        "{unit: doll-house, weapon: rocket, value: 4,",
        "{unit: doll-house, weapon: rocket, value: |4.5,",
        "rows[0].value",
        "chart-number-kind",
        "the fraction 4.5",
    ),
    (
        "mak/transport-capacity.yaml",
        "{unit: vehicle, value: 2,",
        "{unit: vehicle, value: |100,",
        "rows[0].value",
        "chart-number-range",
        "100 lies outside 0 to 99",
    ),
]


@pytest.mark.parametrize(("shipped", "old", "new", "key_path", "code", "words"), CELLS)
def test_a_chart_cell_the_code_computes_with_is_checked_on_loading(
    tmp_path, shipped, old, new, key_path, code, words
):
    folder, path, line, column = plant(tmp_path, shipped, old, new.replace("|", ""), new)
    result = playaid(tmp_path, folder, "check")
    assert_finding(
        result, path, line, column, code, key_path, "playaid computes with this cell", words
    )


@pytest.mark.parametrize(("attack", "words"), [('"x"', "the text 'x'"), ("1.5", "fraction")])
def test_a_token_modifier_of_the_wrong_kind_is_a_finding(tmp_path, attack, words):
    folder, path, line, column = write(
        tmp_path, "tokens.yaml", _abilities("1", attack), f"attack: |{attack}"
    )
    result = playaid(tmp_path, folder, "check")
    assert_finding(result, path, line, column, "chart-number-kind", "rows[0].cells.attack", words)


# A source's lines: `review` once counted out 99,999,999,999,219 line numbers.

LINES = [
    ('lines: "0"', "source-line-zero", "there is no line 0"),
    ('lines: "782-700"', "source-lines-order", "782-700 ends before it starts"),
    ('lines: "782-99999999999999"', "source-line-too-large", "line 99999999999999 is past"),
    ('lines: "782-821"', "source-line-beyond", "seed 002 has 820 lines: line 821"),
    ('lines: "1, 9999999"', "source-line-too-large", "up to 1000000"),
]


@pytest.mark.parametrize(("lines", "code", "words"), LINES)
def test_source_lines_out_of_range_or_backwards_are_findings(tmp_path, lines, code, words):
    old = 'section: "Victory points for rank", lines: "782"}'
    new = f'section: "Victory points for rank", {lines}}}'
    mark = lines.replace("lines: ", "lines: |")
    folder, path, line, column = plant(tmp_path, "mak/rank-vp.yaml", old, new, mark)
    result = playaid(tmp_path, folder, "check")
    assert_finding(result, path, line, column, code, "source.lines", words)


def test_a_supplied_source_cites_no_seed_lines(tmp_path):
    text = _abilities("1", "1").replace(
        "{supplied: my tokens}", '{supplied: my tokens, lines: "3"}'
    )
    folder, path, line, column = write(tmp_path, "tokens.yaml", text, "{supplied: my tokens,")
    result = playaid(tmp_path, folder, "check")
    assert_finding(result, path, line, column, "source-supplied-lines", "source", "remove `lines`")


# Other numbers an overlay sets: grids, board numbers, a unit's facts, printed case numbers.


def _units(stack: str = "1", count: str = "2", capacity: str = "2") -> str:
    """An overlay's unit catalogue replacing one shipped unit."""
    return (
        "kind: units\nsystem: mak\ntitle: {en: Mine, ja: 私の, tr: none}\n"
        "source: {supplied: my tokens}\nunits:\n  - id: afs\n"
        "    name: {en: AFS, ja: AFS, tr: none}\n    named: {supplied: my tokens}\n"
        "    side: unknown\n    type: {value: i, source: {supplied: my tokens}}\n"
        f"    stack_points: {{value: {stack}, source: {{supplied: my tokens}}}}\n"
        "    category: {value: ground, source: {supplied: my tokens}}\n    unmanned: unknown\n"
        f"    rounds: {{weapon: pf, count: {count}, source: {{supplied: my tokens}}}}\n"
        f"    transport: {{capacity: {capacity}, carries: [type-i], "
        "source: {supplied: my tokens}}\n"
    )


NUMBERS = [
    # the overlay file's name and text, where the finding points, its code, key path and words
    (
        lambda: (
            "board-1.yaml",
            _shipped("mak/boards/board-1.yaml", "columns: unknown", "columns: 100"),
        ),
        "columns: |100",
        "number-too-large",
        "grid.columns",
        "the most allowed is 99",
    ),
    (
        lambda: ("board-1.yaml", _shipped("mak/boards/board-1.yaml", "number: 1", "number: 1000")),
        "number: |1000",
        "number-too-large",
        "number",
        "the most allowed is 99",
    ),
    (
        lambda: ("baor.yaml", _shipped("fpcf/maps/baor.yaml", "rows: unknown", "rows: 100")),
        "rows: |100",
        "number-too-large",
        "grid.rows",
        "the most allowed is 99",
    ),
    (
        lambda: ("units.yaml", _units(stack="100")),
        "stack_points: {value: |100",
        "number-too-large",
        "units[0].stack_points.value",
        "the most allowed is 99",
    ),
    (
        lambda: ("units.yaml", _units(count="1000")),
        "count: |1000",
        "number-too-large",
        "units[0].rounds.count",
        "the most allowed is 99",
    ),
    (
        lambda: ("units.yaml", _units(capacity="100")),
        "capacity: |100",
        "number-too-large",
        "units[0].transport.capacity",
        "the most allowed is 99",
    ),
    (
        lambda: (
            "rules.yaml",
            _shipped("mak/rules-01-05.yaml", 'number: "1.0"', f'number: "{"1" * 40}"'),
        ),
        'number: |"1111',
        "bad-pattern",
        "mak.1.0 number",  # a case is named by its id
        "printed case number",
    ),
]


@pytest.mark.parametrize(("make", "mark", "code", "key_path", "words"), NUMBERS)
def test_every_other_number_an_overlay_sets_is_bounded(tmp_path, make, mark, code, key_path, words):
    name, text = make()
    folder, path, line, column = write(tmp_path, name, text, mark)
    result = playaid(tmp_path, folder, "check")
    assert_finding(result, path, line, column, code, key_path, words)
    assert "expected one of: unknown" not in result.stderr  # the number's bound says it all


# A chart shaped as the code cannot read it: its axes, die, choices, layout, a map's group, a
# procedure's readings.

_BANDS = [
    f"{{slug: {band}, label: {{en: {band}, ja: {band}, tr: none}}}}"
    for band in ("0-3", "4-6", "7-9")
]
SHAPES = [
    # shipped file, texts replaced (each everywhere), where the finding points, its code, key path and words
    (
        "mak/rank-vp.yaml",
        [
            ("key: rank", "key: grade"),
            ("{rank: ", "{grade: "),
            ("- rank: ", "- grade: "),
            ("split: rank,", "split: grade,"),
        ],
        "axes:\n  |- key: grade",
        "chart-axes",
        "axes",
        "looks mak.rank-vp up by the axes rank; this table has grade",
    ),
    (
        "fpcf/air-drop.yaml",
        [("{key: die, die: d10,", "{key: die, choices: [" + ", ".join(_BANDS) + "],")],
        "{key: die, choices",
        "chart-axis-die",
        "axes[0]",
        "give it `die:`",
    ),
    (
        "mak/weapon-rounds.yaml",
        [("slug: pf,", "slug: laser,"), ("weapon: pf,", "weapon: laser,")],
        "{slug: |laser,",
        "chart-choice-unknown",
        "axes[1].choices[1].slug",
        "'laser' is not a weapon playaid knows",
    ),
    (
        "fpcf/air-drop-modifiers.yaml",
        [("slug: ada-fire,", "slug: flak,"), ("condition: ada-fire,", "condition: flak,")],
        "  - |key: condition",
        "chart-choice-needed",
        "axes[0]",
        "needs the condition choices ada-fire",
    ),
    (
        "mak/pilots.yaml",
        [("layout: {rows: [number],", "layout: {rows: [nothing],")],
        "layout: {rows: [|nothing]",
        "unknown-axis",
        "layout.rows[0]",
        "'nothing' is not an axis of this table",
    ),
    (
        "mak/pilots.yaml",
        [(', ["9", "10", "11", "12", "13", "14", "15", "16"]]}', "]}")],
        'groups: |[["1"',
        "layout-groups-missing",
        "layout.groups",
        "leave out 9, 10, 11, 12, 13, 14, 15, 16 of 'number'",
    ),
    (
        "fpcf/aircraft-type.yaml",
        [("layout: {rows: [die], columns: [nation],", "layout: {rows: [die], columns: [],")],
        "layout: |{rows: [die], columns: []",
        "layout-axis-missing",
        "layout",
        "no row or column for the axis 'nation'",
    ),
    (
        "fpcf/maps/baor.yaml",
        [("group: north", "group: east")],
        "group: |east",
        "map-group-unknown",
        "group",
        "'east' is not a map group of fpcf.aircraft-nation",
    ),
]


@pytest.mark.parametrize(("shipped", "changes", "mark", "code", "key_path", "words"), SHAPES)
def test_a_chart_the_code_reads_has_the_shape_it_reads(
    tmp_path, shipped, changes, mark, code, key_path, words
):
    text = (CONTENT / shipped).read_text(encoding="utf-8")
    for old, new in changes:  # every occurrence: a renamed slug is renamed in every row
        assert old in text, old
        text = text.replace(old, new)
    folder, path, line, column = write(tmp_path, Path(shipped).name, text, mark)
    result = playaid(tmp_path, folder, "check")
    assert_finding(result, path, line, column, code, key_path, words)


SLOT = """\
kind: chart-slots
slots:
  - id: mak.pilot-abilities
    title: {en: Tokens, ja: トークン, tr: none}
    source: {supplied: my tokens}
    keys: [token]
    description: {en: Mine, ja: 私の, tr: none}
"""


def test_a_slot_an_overlay_redefines_still_gives_the_axes_the_code_reads(tmp_path):
    """An overlay's slot with other keys let a token chart without `side` or `number` in."""
    write(tmp_path, "slots.yaml", SLOT, "slots:")
    folder, path, line, column = write(tmp_path, "tokens.yaml", TOKENS, "  |- key: token")
    result = playaid(tmp_path, folder, "generate", "mak", "--seed", "1", "--out", "-")
    assert_finding(
        result,
        path,
        line,
        column,
        "chart-axes",
        "axes",
        "looks mak.pilot-abilities up by the axes side, number, ability; this table has token",
    )


PROCEDURES = """\
kind: procedures
system: fpcf
procedures:
  - id: fpcf.air-drop
    title: {en: Air drop, ja: 空挺降下, tr: none}
"""


def test_a_procedure_entry_keeps_the_readings_its_results_print(tmp_path):
    """An overlay's entry without the reading `calc` prints above the table made it exit 3."""
    folder, path, line, column = write(tmp_path, "procedures.yaml", PROCEDURES, "fpcf.air-drop")
    result = playaid(tmp_path, folder, "calc", "fpcf.air-drop", "die=9", "broken=yes")
    assert_finding(
        result,
        path,
        line,
        column,
        "procedure-reading-missing",
        "procedures[0].id",
        "reading 'air-drop-above-table'",
    )


def test_every_reading_a_procedure_prints_is_declared():
    """The registry's readings are the shipped ones, so the load checks what `calc` prints."""
    from generator.content.load import load_content
    from generator.tableside.procedures.registry import REGISTRY

    content = load_content()
    for pid, procedure in REGISTRY.items():
        shipped = {reading.id for reading in content.procedures[pid].readings}
        assert set(procedure.readings) == shipped, pid


# What a loaded chart may leave out (`complete: false`) never crashes what reads it.


def test_a_transport_chart_without_its_vehicle_row_is_read_without_a_crash(tmp_path):
    text = _shipped("mak/transport-capacity.yaml", "rows:", "complete: false\nrows:")
    text = "\n".join(row for row in text.split("\n") if "{unit: vehicle," not in row)
    folder, _, _, _ = write(tmp_path, "transport.yaml", text, "rows:")
    result = playaid(tmp_path, folder, "check")
    assert result.returncode == 0, result.stderr[-2000:]


def test_a_rank_chart_without_a_rank_still_generates(tmp_path):
    text = _shipped("mak/rank-vp.yaml", "rows:", "complete: false\nrows:")
    text = "\n".join(row for row in text.split("\n") if "{rank: captain," not in row)
    folder, _, _, _ = write(tmp_path, "rank-vp.yaml", text, "rows:")
    for seed in ("1", "2", "3"):
        result = playaid(tmp_path, folder, "generate", "mak", "--seed", seed, "--out", "-")
        assert result.returncode == 0, result.stderr[-2000:]
    result = playaid(tmp_path, folder, "calc", "mak.pilot-vp", "rank=captain", "modifiers=none")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "mak.rank-vp has no cell at rank=captain" in result.stderr


def test_generate_fpcf_takes_the_map_group_an_overlay_left_maps_in(tmp_path):
    for shipped in sorted((CONTENT / "fpcf" / "maps").glob("*.yaml")):
        text = re.sub(r"(?m)^group: .*$", "group: south", shipped.read_text(encoding="utf-8"))
        folder, _, _, _ = write(tmp_path, shipped.name, text, "group:")
    for seed in ("1", "4"):
        result = playaid(tmp_path, folder, "generate", "fpcf", "--seed", seed, "--out", "-")
        assert result.returncode == 0, result.stderr[-2000:]
        assert "map_group: south" in result.stdout


def test_generate_fpcf_without_nations_is_a_plain_error(tmp_path):
    text = re.sub(
        r"value: (US|BE|WG|NL|UK|CA|FR), source",
        "value: XX, source",
        (CONTENT / "fpcf" / "aircraft-nation.yaml").read_text(encoding="utf-8"),
    )
    folder, _, _, _ = write(tmp_path, "aircraft-nation.yaml", text, "rows:")
    result = playaid(tmp_path, folder, "generate", "fpcf", "--seed", "1", "--out", "-")
    assert result.returncode == 1, result.stderr[-2000:]
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("playaid: fpcf.aircraft-nation names no NATO nation")


# The three examples of the issue, end to end.


def test_issue_example_pilot_number_x_in_check(tmp_path):
    folder, path, line, column = plant(
        tmp_path, "mak/pilots.yaml", '{slug: "16", label:', '{slug: "x", label:', '"x"'
    )
    text = path.read_text(encoding="utf-8").replace('number: "16"', 'number: "x"')
    path.write_text(text.replace('"16"]]', '"x"]]'))  # its card's group too
    result = playaid(tmp_path, folder, "check")
    assert_finding(
        result, path, line, column, "chart-slug-number", "axes[1].choices[15].slug", "'x'"
    )


def test_issue_example_house_rule_modifier_in_calc(tmp_path):
    folder, path, line, column = plant(
        tmp_path,
        "fpcf/air-drop-modifiers.yaml",
        '{condition: broken, value: "+1"}',
        '{condition: broken, value: "+2 (house rule)"}',
        '"+2 (house rule)"',
    )
    result = playaid(tmp_path, folder, "calc", "fpcf.air-drop", "die=3", "broken=yes")
    assert_finding(
        result,
        path,
        line,
        column,
        "chart-number-kind",
        "rows[0].value",
        "playaid computes with this cell of fpcf.air-drop-modifiers",
    )
    signed = plant(
        tmp_path,
        "fpcf/air-drop-modifiers.yaml",
        '{condition: broken, value: "+1"}',
        '{condition: broken, value: "+2"}',
    )
    result = playaid(tmp_path, signed[0], "calc", "fpcf.air-drop", "die=3", "broken=yes")
    assert result.returncode == 0, result.stderr
    assert "Die 3 +2 (broken) = 5" in result.stdout  # the house rule's modifier, not +1


def test_issue_example_huge_line_range_in_review(tmp_path):
    folder, path, line, column = plant(
        tmp_path,
        "mak/rank-vp.yaml",
        'section: "Victory points for rank", lines: "782"}',
        'section: "Victory points for rank", lines: "782-99999999999999"}',
        '"782-99999999999999"',
    )
    result = playaid(tmp_path, folder, "review", "mak", "--out", str(tmp_path / "out"))
    assert_finding(
        result, path, line, column, "source-line-too-large", "source.lines", "99999999999999"
    )
    assert not (tmp_path / "out").exists()


def test_review_never_counts_out_a_range_past_the_seed():
    """`cited_lines` stops at the file's end: a range past it is named, not spelt out."""
    from generator.content.model.base import line_spans
    from generator.render.review import cited_lines

    assert line_spans("209, 235") == [(209, 209), (235, 235)]
    assert line_spans("782-99999999999999") == [(782, 1_000_001)]
    assert cited_lines("818-1000000, 3", 820) == ([818, 819, 820, 3], ["821-1000000"])
