"""A chart's unit counts (issue 45, §4): after 1 its singular (`1 hex`), after any other value its
plural (`3 hexes`); Japanese has one form (`1ヘクス`); a chart without `unit_one` prints `unit`
after every value, as before; the snapshot the table-side commands read keeps both forms."""

from __future__ import annotations

from dataclasses import replace

import pytest

from generator.core.places import DEFAULT_CONTENT
from generator.tableside.encode import table_data
from generator.tableside.loading import load_checked
from generator.tableside.lookup import format_value
from generator.tableside.plain import table_from_data


@pytest.fixture(scope="module")
def detection():
    return load_checked(DEFAULT_CONTENT).table("fpcf.detection")


@pytest.mark.parametrize(
    ("value", "lang", "shown"),
    [(1, "en", "1 hex"), (3, "en", "3 hexes"), (0, "en", "0 hexes"), (1, "ja", "1ヘクス")],
)
def test_a_unit_after_one_is_singular(detection, value, lang, shown):
    cell = replace(detection.cells[0], value=value, notes=(), uncertain=())
    assert format_value(detection, cell, lang) == shown
    plain = table_from_data(table_data(detection))  # what lookup reads from its snapshot
    assert format_value(plain, cell, lang) == shown


def test_a_unit_with_one_form_follows_every_value(detection):
    table = replace(detection, table=detection.table.model_copy(update={"unit_one": None}))
    cell = replace(detection.cells[0], value=1, notes=(), uncertain=())
    assert format_value(table, cell, "en") == "1 hexes"
