"""The Ma.K charts the rulebook prints answer the lookup contract with the seed's values."""

from __future__ import annotations

import re

import pytest
from conftest import SEEDS, assert_contract

from generator.content.charts import slugify
from generator.tableside.lookup import format_value, lookup

SEED_002 = (SEEDS / "002_4ca9ccab7f08f55c.txt").read_text(encoding="utf-8").split("\n")

CONTRACT = {
    "mak.weapon-rounds": {
        "unit": "doll-house sphinx oscar goblin gladiator pka gustav konrad krachen-vogel",
        "weapon": None,
    },
    "mak.stack-points": {"type": "i ii iii"},
    "mak.rank-vp": {
        "rank": "private lance-corporal corporal sergeant sergeant-major warrant-officer"
        " second-lieutenant first-lieutenant captain major lieutenant-colonel colonel"
    },
    "mak.pilots": {"side": "mercenary strahl", "number": " ".join(str(n) for n in range(1, 17))},
    "mak.pilot-creation": {"die": None, "column": "ground dogfight"},
    "mak.artillery-request-type": {"type": "a b c d e"},
    "mak.transport-capacity": {"unit": None},
    "mak.smoke-units": {"unit": None},
    "mak.unit-errata": {"item": None},
}


@pytest.mark.parametrize("table_id", sorted(CONTRACT))
def test_contract_ids_keys_and_choices(content, table_id):
    assert_contract(content, table_id, CONTRACT[table_id], exact=False)


def value(content, table_id, lang="en", **keys):
    table = content.table(table_id)
    answer = lookup(table, keys)
    assert answer.single, keys
    return format_value(table, answer.cells[0], lang, marks=False)


def test_every_pilot_matches_the_seed_chart(content):
    line = SEED_002[779]
    assert line.startswith("Pilot Names and Numbers Chart")
    entries = re.findall(r"No\.( ?)(\d+) (.+?)(?= No\.| ?$)", line)
    assert len(entries) == 32
    for space, number, printed in entries:
        side = "strahl" if space else "mercenary"
        assert value(content, "mak.pilots", side=side, number=number) == printed


def test_every_rank_title_matches_the_seed_chart(content):
    line = SEED_002[781]
    entries = re.findall(r"([A-Z][A-Za-z ,/()\-12]+?)\.{2,} ?(\d+)", line.split("rank ", 1)[1])
    assert len(entries) == 14
    for titles, points in entries:
        for title in titles.split(" / "):
            title = re.sub(r" \(e-\d\)", "", title).strip()
            assert value(content, "mak.rank-vp", rank=title) == f"{points} VP", title


@pytest.mark.parametrize(
    ("unit", "rounds"),
    [
        ("doll-house", 4),
        ("sphinx", 5),
        ("oscar", 2),
        ("goblin", 3),
        ("gladiator", 3),
        ("pka", 2),
        ("gustav", 2),
        ("konrad", 2),
        ("krachen-vogel", 6),
    ],
)
def test_weapon_rounds_match_11_2_4(content, unit, rounds):
    assert value(content, "mak.weapon-rounds", unit=unit) == f"{rounds} rounds"


@pytest.mark.parametrize(
    ("keys", "en", "ja"),
    [
        ({"type": "I"}, "1", "1"),
        ({"type": "type-ii"}, "2", "2"),
        ({"die": "6", "column": "dogfight"}, "+2", "+2"),
        ({"die": "2", "column": "ground"}, "−1", "−1"),  # one minus, U+2212 (issue 44)
        ({"unit": "green-buffalo"}, "10 stack points", None),
        ({"type": "e"}, "A unit in group 3 observes and requests.", None),
    ],
)
def test_pinned_cells(content, keys, en, ja):
    table_id = {
        "type": "mak.stack-points"
        if keys.get("type", "").lower() in ("i", "type-ii")
        else "mak.artillery-request-type",
        "die": "mak.pilot-creation",
        "unit": "mak.transport-capacity",
    }[next(iter(keys))]
    assert value(content, table_id, **keys) == en
    if ja is not None:
        assert value(content, table_id, "ja", **keys) == ja


def test_smoke_units_are_the_units_of_19_2_1(content):
    text = content.cases["mak.19.2.1"].text.en
    table = content.table("mak.smoke-units")
    for choice in table.axis("unit").choices:
        names = (choice.label.en, *choice.aliases)
        assert any(slugify(name) in slugify(text) for name in names), names


@pytest.mark.parametrize(
    ("written", "slug"),
    [
        ("Private, Second Class (e-1)", "private"),
        ("Private, First Class (e-2)", "private"),
        ("Sgt Major", "sergeant-major"),
        ("Master Sgt / Sgt Major", "sergeant-major"),
        ("軍曹", "sergeant"),
        ("Lt Jr Grade", "first-lieutenant"),
    ],
)
def test_a_rank_is_found_as_the_chart_prints_it_in_either_language(content, written, slug):
    choice = content.table("mak.rank-vp").axis("rank").match(written)
    assert choice is not None and choice.slug == slug
