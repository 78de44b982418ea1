"""Map boards and hex grids: what ships as unknown, and what a player supplies with --overlay."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from generator.content.load import load_content
from generator.content.model.grid import Grid
from generator.content.model.maps import Grid as MapsGrid
from generator.core.errors import ContentError

ROOT = Path(__file__).resolve().parents[2]

# Test data only: placeholder counts, not any real board's or map's.
BOARD = """\
kind: board
system: mak
id: board-5
number: 5
title: {en: My board five, ja: 自分のマップボード5, tr: none}
source: {supplied: test data for playaid}
grid:
  parity: odd
  columns: 3
  rows: 4
"""
MAP = """\
kind: map
system: fpcf
id: baor
title: {en: My BAOR, ja: 自分のBAOR, tr: none}
group: north
source: {supplied: test data for playaid}
grid: {parity: even, columns: 5, rows: 6, source: {supplied: test data for playaid}}
"""


def overlay(tmp_path: Path, files: dict[str, str]) -> Path:
    """A folder of overlay files."""
    folder = tmp_path / "overlay"
    folder.mkdir(exist_ok=True)
    for name, body in files.items():
        (folder / name).write_text(textwrap.dedent(body), encoding="utf-8")
    return folder


def test_the_shipped_boards_are_one_to_seven_with_every_grid_fact_unknown(content):
    boards = content.boards["mak"]
    assert sorted(boards) == list(range(1, 8))
    for number, board in boards.items():
        assert board.id == f"board-{number}" and board.title.en == f"Map board {number}"
        assert board.source.seed == "002"
        grid = board.grid
        assert (grid.parity, grid.columns, grid.rows) == ("unknown", "unknown", "unknown")
        assert not grid.known and grid.unknown_facts == ("parity", "columns", "rows")
        assert grid.uncertain is not None and "columns and rows" in grid.uncertain.en
    assert not content.overlaid_boards


def test_the_shipped_maps_give_columns_and_rows_as_unknown(content):
    assert MapsGrid is Grid
    for game_map in content.maps["fpcf"].values():
        assert (game_map.grid.columns, game_map.grid.rows) == ("unknown", "unknown")
        assert not game_map.grid.size_known
        assert "columns and rows" in game_map.grid.uncertain.en


def test_the_boards_cite_the_lines_that_name_them(content):
    seed = (ROOT.parent / "shared" / "seeds" / "002_4ca9ccab7f08f55c.txt").read_text("utf-8")
    lines = seed.splitlines()
    for board in content.boards["mak"].values():
        cited = [lines[int(n) - 1] for n in board.source.lines.split(", ")]
        assert "Map Boards (1~4)" in cited[0] and "Map Boards (5~7)" in cited[0]
        assert "marked with a number from 1 to 7" in cited[1]


def test_an_overlay_board_and_map_replace_the_shipped_ones(tmp_path):
    content = load_content(overlays=[overlay(tmp_path, {"b.yaml": BOARD, "m.yaml": MAP})])
    board = content.boards["mak"][5]
    assert board.title.en == "My board five" and board.grid.known
    assert (board.grid.parity, board.grid.columns, board.grid.rows) == ("odd", 3, 4)
    assert board.grid.size == (3, 4) and content.boards["mak"][6].grid.size is None
    assert board.grid.contains("0304") and not board.grid.contains("0401")
    assert content.boards["mak"][6].grid.contains("0101") is None
    assert content.overlaid_boards == {("mak", 5)}
    game_map = content.maps["fpcf"]["baor"]
    assert (game_map.grid.parity, game_map.grid.columns, game_map.grid.rows) == ("even", 5, 6)
    assert game_map.grid.source.supplied == "test data for playaid"
    assert ("fpcf", "baor") in content.overlaid_maps


def test_the_docs_board_example_is_a_valid_overlay(tmp_path):
    text = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    [block] = [b for b in re.findall(r"```yaml\n(.*?)```", text, re.S) if "kind: board" in b]
    content = load_content(overlays=[overlay(tmp_path, {"board.yaml": block})])
    assert content.boards["mak"][5].grid.known


def errors(tmp_path: Path, body: str) -> list[str]:
    """The `file:line: code: key path` of every issue loading one overlay board raises."""
    with pytest.raises(ContentError) as raised:
        load_content(overlays=[overlay(tmp_path, {"b.yaml": body})])
    return [
        f"{Path(issue.file).name}:{issue.line}: {issue.code}: {issue.key_path}"
        for issue in raised.value.issues
    ]


@pytest.mark.parametrize(
    ("written", "codes"),
    [
        ("0", {"number-too-small"}),  # the bound says it; not also "expected one of: unknown"
        ('"12"', {"wrong-type", "bad-choice"}),
        ("12.0", {"wrong-type"}),
    ],
)
def test_a_count_that_is_not_a_whole_number_from_one_is_an_error_at_its_line(
    tmp_path, written, codes
):
    found = errors(tmp_path, BOARD.replace("columns: 3", f"columns: {written}"))
    assert {line.split(": ")[1] for line in found} == codes
    assert {line.split(": ")[0] for line in found} == {"b.yaml:9"}
    assert {line.split(": ")[2] for line in found} == {"grid.columns"}


def test_an_unknown_key_is_an_error_at_its_line(tmp_path):
    found = errors(tmp_path, BOARD.replace("  rows: 4\n", "  rows: 4\n  size: large\n"))
    assert found == ["b.yaml:11: unknown-key: grid.size"]
    found = errors(tmp_path, BOARD + "colour: green\n")
    assert found == ["b.yaml:11: unknown-key: colour"]


def test_two_shipped_boards_with_one_number_and_an_unknown_system_are_errors(make_content):
    board = BOARD.replace("source: {supplied: test data for playaid}", 'source: {seed: "000"}')
    root = make_content(
        {
            "a.yaml": board.replace("system: mak", "system: fpcf"),
            "b.yaml": board.replace("system: mak", "system: fpcf").replace("id: board-5", "id: x"),
            "c.yaml": board,
        }
    )
    with pytest.raises(ContentError) as raised:
        load_content(root)
    codes = sorted((Path(issue.file).name, issue.code) for issue in raised.value.issues)
    assert codes == [("b.yaml", "duplicate-id"), ("c.yaml", "unknown-system")]


def test_check_on_the_shipped_content_stays_clean(run):
    result = run("check")
    assert result.code == 0, result.err
    assert "boards/" not in result.err and "maps/" not in result.err


def test_a_boards_texts_get_the_checks_every_document_gets(tmp_path):
    stale = BOARD.replace(
        "title: {en: My board five, ja: 自分のマップボード5, tr: none}",
        'title: {en: My board five, ja: 自分のマップボード５, tr: ja, from: "00000000"}',
    )
    assert errors(tmp_path, stale) == [  # text and style checks, as on every kind
        "b.yaml:5: text-full-width: title.ja",
        "b.yaml:5: stale-translation: title.from",
    ]
