"""The Ma.K notation: the rulebook's own examples read as "Understanding the Scenarios" explains
them, ASCII twins read the same, and a code that does not read says where."""

from __future__ import annotations

import pytest

from generator.scenario.mak.explain import explain_artillery, explain_deployment, explain_unit_code
from generator.scenario.mak.notation import (
    Deployment,
    Leader,
    NotationError,
    parse_artillery,
    parse_deployment,
    parse_unit_code,
)


def test_the_rulebooks_deployment_example():
    deploy = parse_deployment("1⑤N▷1801")
    assert (deploy.turn, deploy.boards, deploy.edge, deploy.direction, deploy.hex) == (
        1,
        (5,),
        "N",
        "E",
        "1801",
    )
    en, ja = explain_deployment(deploy)
    assert en == (
        "Turn 1: enter map board 5 through the north edge, from hex 1801 and the hexes east of it."
    )
    assert ja == "第1ターン: マップボード5の北端の、ヘクス1801およびその東側のヘクスから登場する。"


def test_deploy_five_six_east_leaves_hexes_and_turn_to_the_player():
    deploy = parse_deployment("Deploy ⑤⑥E")
    assert (deploy.turn, deploy.boards, deploy.edge, deploy.hex) == (None, (5, 6), "E", None)
    en, _ = explain_deployment(deploy)
    assert en == (
        "Enter map boards 5 and 6 through the east edge; which hexes and which turn are up to the"
        " player."
    )


@pytest.mark.parametrize(
    ("unicode", "ascii"),
    [
        ("1⑤N▷1801", "1(5)N>1801"),
        ("2⑦W◁0405", "2(7)W<0405"),
        ("3⑥S▽1010", "3(6)Sv1010"),
        ("⑤⑥E", "(5)(6)E"),
        ("(Deploy from 1⑤N▷1801)", "(Deploy from 1(5)N>1801)"),
    ],
)
def test_ascii_deployment_codes_read_the_same(unicode, ascii):
    first, second = parse_deployment(unicode), parse_deployment(ascii)
    assert (first.turn, first.boards, first.edge, first.direction, first.hex) == (
        second.turn,
        second.boards,
        second.edge,
        second.direction,
        second.hex,
    )


def test_the_rulebooks_unit_code_example():
    code = parse_unit_code("×12 (Ld 1①) (Ld 2⑤) ⑪")
    assert (code.count, code.leaders, code.pilots, code.controller) == (
        12,
        (Leader(1, 1), Leader(2, 5)),
        (11,),
        None,
    )
    assert code.assigned == (1, 5, 11)
    en, ja = explain_unit_code(code, {1: ("Heinz Hargen, Corporal", "Heinz Hargen、伍長")})
    assert en == (
        "12 units of this kind. Primary commander: pilot No. 1 (Heinz Hargen, Corporal)."
        " Secondary commander: pilot No. 5. Pilot No. 11 is assigned to one of these units."
    )
    assert ja == (
        "同種のユニット12個。第1指揮官: パイロットNo. 1(Heinz Hargen、伍長)。第2指揮官: パイロットNo. 5。"
        "これらのユニットのうち1つにパイロットNo. 11を割り当てる。"
    )


@pytest.mark.parametrize(
    ("unicode", "ascii"),
    [
        ("×12 (Ld 1①) (Ld 2⑤) ⑪", "x12 (Ld 1(1)) (Ld 2(5)) (11)"),
        ("Ld③", "Ld(3)"),
        ("PC④", "PC(4)"),
        ("PC = Ld 2⑤", "PC = Ld 2(5)"),
    ],
)
def test_ascii_unit_codes_read_the_same(unicode, ascii):
    first, second = parse_unit_code(unicode), parse_unit_code(ascii)
    assert (first.count, first.leaders, first.pilots, first.controller) == (
        second.count,
        second.leaders,
        second.pilots,
        second.controller,
    )


def test_sole_commander_and_controllers():
    assert parse_unit_code("Ld③").leaders == (Leader(None, 3),)
    assert parse_unit_code("PC④").controller == 4
    both = parse_unit_code("PC = Ld 2⑤")
    assert (both.controller, both.assigned) == (Leader(2, 5), (5,))
    en, _ = explain_unit_code(both, {})
    assert en == "1 unit. The secondary commander, pilot No. 5, controls the unmanned unit (PC)."


@pytest.mark.parametrize("text", ["Type II … ⑥W−80×5 (2)", "Type II ... (6)W-80x5 (2)"])
def test_the_rulebooks_artillery_example(text):
    artillery = parse_artillery(text)
    assert (
        artillery.type,
        artillery.board,
        artillery.edge,
        artillery.distance,
        artillery.total,
        artillery.per_turn,
    ) == ("II", 6, "W", 80, 5, 2)
    en, ja = explain_artillery(artillery)
    assert en == (
        "Type II artillery, 80 hexes west of map board 6: 5 rounds in all, at most 2 a turn."
    )
    assert ja == "タイプIIの砲兵。マップボード6の西方80ヘクスにある。総弾数5発、1ターンに2発まで。"


@pytest.mark.parametrize(
    ("parser", "text", "position", "expected"),
    [
        (parse_deployment, "1⑤Q", 2, "board-or-edge"),
        (parse_deployment, "1⑤N▷18", 4, "hex"),
        (parse_deployment, "N▷1801", 0, "board"),
        (parse_unit_code, "×", 1, "count"),
        (parse_unit_code, "×2 (Ld)", 6, "ld-pilot"),
        (parse_unit_code, "×2 Q", 3, "pilot-item"),
        (parse_artillery, "Type II ⑥W−80×5", 15, "per-turn"),
        (parse_artillery, "II ⑥W−80×5 (2)", 0, "type-word"),
        (parse_deployment, "0⑤W", 0, "turn-from-1"),
        (parse_deployment, "0(5)W", 0, "turn-from-1"),
        (parse_unit_code, "×0 (Ld 1⑥)", 1, "count-from-1"),
        (parse_unit_code, "x0", 1, "count-from-1"),
        (parse_unit_code, "×100", 1, "count-from-1"),
        (parse_unit_code, "×" + "9" * 5000, 1, "count-from-1"),
        (parse_deployment, "100⑤W", 0, "turn-from-1"),
        (parse_artillery, "Type II ⑥W−80×100 (2)", 14, "total"),
        (parse_artillery, "Type II ⑥W−0×5 (2)", 11, "distance"),
        (parse_artillery, "Type II ⑥W−80×0 (2)", 14, "total"),
        (parse_artillery, "Type II ⑥W−80×5 (0)", 17, "per-turn"),
    ],
)
def test_a_code_that_does_not_read_says_where(parser, text, position, expected):
    with pytest.raises(NotationError) as caught:
        parser(text)
    assert (caught.value.position, caught.value.expected) == (position, expected)


def test_a_code_without_an_edge_is_initial_deployment():
    assert parse_deployment("⑤") == Deployment("⑤", None, (5,), None, None, None)
    en, ja = explain_deployment(parse_deployment("⑤"))
    assert en == "Set up on map board 5 before play (initial deployment)."
    assert ja == "ゲーム開始前にマップボード5に配置する(初期配置)。"


@pytest.mark.parametrize(
    ("text", "twice"),
    [
        ("×3 ① ①", (1,)),
        ("×3 (Ld 1①) ①", (1,)),
        ("×3 (Ld 1①) (Ld 2①)", (1,)),
        ("x2 (3) (3)", (3,)),
        ("×2 ⑤ PC⑤", (5,)),
        ("×12 (Ld 1①) (Ld 2⑤) ⑪", ()),
        ("×2 PC = Ld 2⑤", ()),
        ("×2 (Ld 2⑤) PC = Ld 2⑤", ()),
    ],
)
def test_a_pilot_written_twice_in_one_code_is_found(text, twice):
    assert parse_unit_code(text).written_twice == twice


@pytest.mark.parametrize("text", ["×2 PC④", "×2 (PC④)", "×2 (PC ④)", "x2 (PC(4))"])
def test_pc_reads_with_or_without_the_parentheses_of_16_1_1(text):
    assert parse_unit_code(text).controller == 4
