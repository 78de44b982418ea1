"""Every note the seed prints under a chart reaches its card, with its mark printed once
(issue 29: the Detection Table card dropped note (b) and printed "(a) (a) means …")."""

from __future__ import annotations

import re

import pytest
from conftest import SEEDS

from generator.content.model.base import line_spans
from generator.render.cards import card_groups
from generator.render.views import build_grid

NOTE_LINE = re.compile(r"^(\([a-z]\)|\*+|†)\s+\w")  # a mark, then words: a note, not a row label


def seed_lines(seed: str) -> list[str]:
    """One seed's lines, numbered from 1 (index 0 is unused)."""
    path = next(SEEDS.glob(f"{seed}_*.txt"))
    return ["", *path.read_text(encoding="utf-8").splitlines()]


def cited_note_marks(table) -> set[str]:
    """The marks of the note lines inside a chart's cited seed lines."""
    source = table.table.source
    if not source.seed or not source.lines:
        return set()
    lines = seed_lines(source.seed)
    marks = set()
    for first, last in line_spans(source.lines):
        for line in lines[first : last + 1]:
            found = NOTE_LINE.match(line.strip())
            if found and "\t" not in line:
                marks.add(found.group(1))
    return marks


def printed_notes(table):
    """Every note the chart's cards print, over all of its cards."""
    notes = {}
    for group in card_groups(table):
        for note in build_grid(table, ("en", "ja"), group).notes:
            notes[note.id] = note
    return list(notes.values())


def test_every_note_in_a_charts_cited_lines_is_printed_on_its_card(content):
    checked = 0
    for table_id, table in content.tables.items():
        marks = cited_note_marks(table)
        printed = {note.mark for note in printed_notes(table)}
        assert marks <= printed, (table_id, marks - printed)
        checked += len(marks)
    assert checked >= 2  # the Detection Table's (a) and (b) at least


def test_the_detection_card_prints_note_b_and_each_mark_once(content):
    notes = printed_notes(content.tables["fpcf.detection"])
    assert [note.mark for note in notes] == ["(a)", "(b)"]
    shown = [f"{note.lead_mark} {note.text.en}".strip() for note in notes]
    assert shown[0] == "(a) means only artillery units can detect firing artillery units"
    assert shown[1].startswith("(b) The ranges apply only to moving units.")


@pytest.mark.parametrize(
    "mark, text, shown", [("(a)", "(a) means x", ""), ("*", "use the lower", "*")]
)
def test_a_mark_the_text_begins_with_is_not_printed_again(content, mark, text, shown):
    from generator.content.model.table import Footnote

    note = Footnote.model_validate(
        {"id": "n", "mark": mark, "text": {"en": text, "ja": text, "tr": "none"}}
    )
    assert note.lead_mark == shown
