"""Shared by the scenario card tests: the view models of scenario files, and map boards with a
supplied grid (the seeds give none) to draw spots at their hexes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.content.load import Content
from generator.scenario.check import check_documents, read_documents


def contexts(content: Content, paths: list[Path]) -> dict[str, dict[str, Any]]:
    """Each checked scenario file's card view model, by scenario id."""
    from generator.render.scenario import scenario_context

    documents, _ = read_documents(paths)
    _, checked = check_documents(content, documents)
    return {scenario.id: scenario_context(d, scenario, content) for d, scenario in checked}


def grid_boards(folder: Path, numbers: tuple[int, ...]) -> Path:
    """An overlay folder of Ma.K map boards, each with a 16 x 12 test grid."""
    folder.mkdir()
    for number in numbers:
        (folder / f"board-{number}.yaml").write_text(
            f"kind: board\nsystem: mak\nid: board-{number}\nnumber: {number}\n"
            f"title: {{en: Map board {number}, ja: マップボード{number}, tr: none}}\n"
            "source: {supplied: test grid}\ngrid: {columns: 16, rows: 12, parity: even}\n",
            encoding="utf-8",
        )
    return folder
