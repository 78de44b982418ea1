"""The Flashpoint: Central Front charts answer the public lookup contract with the seed's values."""

from __future__ import annotations

import json

import pytest
from conftest import SEEDS, assert_contract

from generator.tableside.lookup import format_value, lookup

SEED_000 = SEEDS / "000_c72f8361b479dd96.txt"

CONTRACT = {
    "fpcf.terrain-movement": {
        "terrain": "flat woods broken rough marsh high-water-dry high-water-wet town city-nato city-wp"
        " river-nato river-wp access-hexside road autobahn",
        "class": "mechanized motorized leg",
    },
    "fpcf.starting-morale": {"nation": "us uk wg fr be nl ca su eg po cz", "formation": None},
    "fpcf.troop-quality": {"die": None, "quality": "elite first-line reserve militia"},
    "fpcf.aircraft-nation": {"maps": "north south", "side": "nato wp", "die": None},
    "fpcf.aircraft-type": {"nation": "us uk wg fr be nl ca su eg po cz", "die": None},
    "fpcf.air-strike-availability": {
        "level": "wp-3 wp-2 wp-1 neutral nato-1 nato-2 nato-3",
        "nation": "su wp-other us wg uk fr be nl ca",
    },
    "fpcf.crt-terrain": {
        "terrain": "flat broken flat-woods rough marsh broken-woods town mountain impassable city"
    },
    "fpcf.air-drop": {"die": None},
    "fpcf.detection": {"target": "nato wp firing-artillery", "level": "wp neutral nato"},
    "fpcf.reaction": {"action": None},
    "fpcf.battle-size": {"size": "small medium large"},
    "fpcf.momentum-points": {"size": "small medium large", "terrain": "town-city other"},
    "fpcf.hq-capability": {
        "nation": "us uk wg fr be nl su wp-other",
        "echelon": "corps divs acr front army airborne 11th-para 4th-brigade",
        "capability": "aerial-resupply ada anti-tac-missile arty-ammo-replenish battlefield-recovery"
        " combat-engineers hq-detection jamming short-range-missile tank-transporters"
        " transport-helos hq-point-allowance",
    },
    "fpcf.hq-capability-cost": {"capability": None},
}


@pytest.mark.parametrize("table_id", sorted(CONTRACT))
def test_contract_ids_keys_and_choices(content, table_id):
    assert_contract(content, table_id, CONTRACT[table_id], exact=True)


def seed_lines(first: int, last: int) -> list[list[str]]:
    """Tab-separated cells of seed 000 lines first..last (1-based, inclusive)."""
    lines = SEED_000.read_text(encoding="utf-8").split("\n")
    return [line.split("\t") for line in lines[first - 1 : last]]


def value(content, table_id: str, lang: str = "en", **keys: str) -> str:
    table = content.table(table_id)
    answer = lookup(table, {k.replace("_", "-"): v for k, v in keys.items()})
    assert answer.single, keys
    return format_value(table, answer.cells[0], lang, marks=False)


def test_troop_quality_matches_every_seed_cell(content):
    for row in seed_lines(33, 42):
        die, *values = [cell.strip() for cell in row]
        for quality, expected in zip(
            ["elite", "first-line", "reserve", "militia"], values, strict=True
        ):
            assert value(content, "fpcf.troop-quality", die=die, quality=quality) == expected


def test_air_strike_availability_matches_every_seed_cell(content):
    nations = ["su", "wp-other", "us", "wg", "uk", "fr", "be", "nl", "ca"]
    levels = ["wp-3", "wp-2", "wp-1", "neutral", "nato-1", "nato-2", "nato-3"]
    for level, row in zip(levels, seed_lines(70, 76), strict=True):
        for nation, printed in zip(nations, row[1:], strict=True):
            got = value(content, "fpcf.air-strike-availability", level=level, nation=nation)
            assert float(got) == float(printed), (level, nation)


def test_momentum_points_match_the_seed(content):
    for size, row in zip(["small", "medium", "large"], seed_lines(155, 157), strict=True):
        assert value(content, "fpcf.momentum-points", size=size, terrain="town-city") == row[1]
        assert value(content, "fpcf.momentum-points", size=size, terrain="other") == row[2]


@pytest.mark.parametrize(
    ("first", "last", "columns"),
    [
        (
            163,
            174,
            [
                ("us", "corps"),
                ("us", "divs"),
                ("us", "acr"),
                ("wg", "corps"),
                ("wg", "divs"),
                ("uk", "corps"),
                ("uk", "divs"),
                ("be", "corps"),
                ("be", "divs"),
            ],
        ),
        (
            178,
            190,
            [
                ("nl", "corps"),
                ("nl", "divs"),
                ("fr", "corps"),
                ("fr", "divs"),
                ("fr", "11th-para"),
                ("fr", "4th-brigade"),
            ],
        ),
        (
            194,
            205,
            [
                ("su", "front"),
                ("su", "army"),
                ("su", "divs"),
                ("su", "airborne"),
                ("wp-other", "army"),
                ("wp-other", "divs"),
            ],
        ),
    ],
)
def test_hq_capability_matches_every_seed_cell(content, first, last, columns):
    capabilities = {
        axis.label.en: axis.slug
        for axis in content.table("fpcf.hq-capability").axis("capability").choices
    }
    capabilities["Tanks Transporters"] = "tank-transporters"
    for row in seed_lines(first, last):
        if not row[0].strip():
            continue
        capability = capabilities[row[0].strip()]
        for (nation, echelon), printed in zip(columns, row[1:], strict=False):
            expected = {"Ϋ́": "Y", "Υ": "Y", "": "—"}.get(printed.strip(), printed.strip())
            got = value(
                content, "fpcf.hq-capability", nation=nation, echelon=echelon, capability=capability
            )
            assert got == expected, (row[0], nation, echelon)


@pytest.mark.parametrize(
    ("table_id", "keys", "en", "ja"),
    [
        ("fpcf.terrain-movement", {"terrain": "rough", "class": "motorized"}, "5", "5"),
        ("fpcf.terrain-movement", {"terrain": "river-wp", "class": "leg"}, "+3", "+3"),
        ("fpcf.terrain-movement", {"terrain": "town", "class": "leg"}, "other", "その他"),
        (
            "fpcf.terrain-movement",
            {"terrain": "autobahn", "class": "mech"},
            "1/4 or 1/5",
            "1/4または1/5",
        ),
        ("fpcf.starting-morale", {"nation": "CA"}, "Elite", "精鋭"),
        ("fpcf.starting-morale", {"nation": "EG"}, "1st Line", "第一線"),
        ("fpcf.starting-morale", {"nation": "SU", "formation": "7TA"}, "Reserve", "予備"),
        ("fpcf.starting-morale", {"nation": "NE"}, "Reserve", "予備"),
        ("fpcf.troop-quality-independent", {"nation": "EG"}, "7", "7"),
        ("fpcf.aircraft-nation", {"maps": "north", "side": "nato", "die": "7"}, "UK", "UK"),
        ("fpcf.aircraft-nation", {"maps": "south", "side": "nato", "die": "2"}, "CA", "CA"),
        ("fpcf.aircraft-nation", {"maps": "south", "side": "wp", "die": "5"}, "SU", "SU"),
        ("fpcf.aircraft-type", {"nation": "USA", "die": "3"}, "F-111", "F-111"),
        ("fpcf.aircraft-type", {"nation": "BR", "die": "9"}, "Buccaneer", "Buccaneer"),
        ("fpcf.aircraft-type", {"nation": "fr", "die": "3"}, "Mir 2000", "Mir 2000"),
        ("fpcf.aircraft-type", {"nation": "su", "die": "4"}, "Su-24", "Su-24"),
        ("fpcf.aircraft-type", {"nation": "ca", "die": "0"}, "CF-18", "CF-18"),
        ("fpcf.aircraft-type", {"nation": "eg", "die": "6"}, "MiG-29", "MiG-29"),
        ("fpcf.aircraft-type", {"nation": "cz", "die": "9"}, "Su-25", "Su-25"),
        ("fpcf.aircraft-type", {"nation": "po", "die": "9"}, "MiG-17", "MiG-17"),
        ("fpcf.aircraft-type", {"nation": "NE", "die": "2"}, "NF-5", "NF-5"),
        ("fpcf.crt-terrain", {"terrain": "broken-woods"}, "Hill/ Tel", "丘/テル (Hill/Tel)"),
        ("fpcf.crt-terrain", {"terrain": "impassable"}, "Rough/woods", "険阻地/森林 (Rough/woods)"),
        ("fpcf.air-drop", {"die": "5"}, "1 level", "1レベル"),
        ("fpcf.air-drop", {"die": "9"}, "2 levels", "2レベル"),
        ("fpcf.air-drop-modifiers", {"condition": "ada"}, "+1", "+1"),
        ("fpcf.detection", {"target": "nato", "level": "wp-2"}, "15 hexes", "15ヘクス"),
        ("fpcf.detection", {"target": "wp", "level": "neutral"}, "15 hexes", "15ヘクス"),
        ("fpcf.detection", {"target": "firing-artillery", "level": "nato"}, "7 hexes", "7ヘクス"),
        ("fpcf.detection-hq", {"target": "srbm-strike", "capability": "atbm"}, "R", "R"),
        ("fpcf.reaction", {"action": "srbm-strike"}, "ATBM Fire", "ATBM 射撃"),
        (
            "fpcf.battle-size",
            {"size": "medium"},
            "2 brigades (or equivalent) Set-Piece Battle",
            "2個旅団(または同等)の準備攻撃(Set-Piece Battle)",
        ),
        (
            "fpcf.hq-capability-cost",
            {"capability": "arty-ammo-replenish"},
            "1 per Bn",
            "大隊ごとに1",
        ),
        ("fpcf.hq-capability-cost", {"capability": "jamming"}, "1", "1"),
        (
            "fpcf.hq-capability",
            {"nation": "PO", "echelon": "army", "capability": "jamming"},
            "R12",
            "R12",
        ),
    ],
)
def test_pinned_cells_read_off_the_seed(content, table_id, keys, en, ja):
    table = content.table(table_id)
    answer = lookup(table, keys)
    assert answer.single
    assert format_value(table, answer.cells[0], "en", marks=False) == en
    assert format_value(table, answer.cells[0], "ja", marks=False) == ja


def test_independent_units_are_marked_uncertain(content):
    for nation in ("ca", "us", "fr", "be"):
        cell = lookup(content.table("fpcf.troop-quality-independent"), {"nation": nation}).cells[0]
        assert cell.uncertain
    assert (
        lookup(content.table("fpcf.troop-quality-independent"), {"nation": "uk"}).cells[0].value
        is None
    )


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_table_prints_as_its_golden_file(run, content, golden, lang):
    for table_id in sorted(content.tables):
        result = run("lookup", table_id, "--lang", lang)
        assert result.code == 0, result.err
        golden(f"tables/{table_id}.{lang}.txt", result.out)


def test_every_table_answers_lookup_json_in_both_languages(run, content):
    for table_id in sorted(content.tables):
        for lang in ("en", "ja"):
            result = run("lookup", table_id, "--json", "--lang", lang)
            cells = json.loads(result.out)
            assert cells and all(
                set(c) == {"table", "keys", "value", "uncertain", "note", "source"} for c in cells
            )
