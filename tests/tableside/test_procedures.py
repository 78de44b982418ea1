"""Procedures: the rulebook's worked examples, the readings, and errors that name the parameter."""

from __future__ import annotations

import json

import pytest

from generator.tableside.calc import calculate, procedure_ids

ISSUE_PROCEDURES = {
    "mak.attack-target": {"attack", "defense", "modifiers", "pilot-attack", "pilot-defense"},
    "mak.attack-roll": {"target", "dice", "weapon", "infantry"},
    "mak.dogfight-losses": {"ratings", "loss"},
    "mak.breakthrough": {"own", "enemy"},
    "mak.pilot-vp": {"rank", "modifiers"},
    "mak.ogp": {"enemy-losses-vp", "artillery-vp", "scenario-vp"},
    "mak.morale-recovery": {"die", "stacked", "cover", "enemy-near", "attacked-again"},
    "mak.fire-ignition": {"dice"},
    "mak.arson": {"dice", "squads"},
    "mak.artillery-deviation": {"target", "dice", "direction"},
    "fpcf.air-superiority": {"level", "nato-strikes", "wp-strikes"},
    "fpcf.air-strikes": {"level", "nation"},
    "fpcf.detection-range": {"target", "level", "moving"},
    "fpcf.air-drop": {"die", "broken", "wooded", "ada-fire"},
    "cf.bridge-demolition": {"method", "die"},
}


def test_every_procedure_of_the_issue_exists_with_its_parameters(content):
    from generator.tableside.procedures.registry import REGISTRY

    assert set(procedure_ids()) == set(ISSUE_PROCEDURES)
    for pid, names in ISSUE_PROCEDURES.items():
        assert {param.name for param in REGISTRY[pid].params} == names
        assert pid in content.procedures, f"{pid} has no title in content"


def worked_examples(content):
    return [(doc.id, example) for doc in content.procedures.values() for example in doc.examples]


def test_every_worked_example_comes_out_as_printed(content):
    examples = worked_examples(content)
    assert {pid for pid, _ in examples} >= {
        "mak.attack-target",
        "mak.attack-roll",
        "mak.dogfight-losses",
        "mak.breakthrough",
    }
    for pid, example in examples:
        result = calculate(content, pid, dict(example.inputs))
        assert result.outcome.result == example.expect, (pid, example.id)
        for key, value in example.expect_details.items():
            assert result.outcome.details[key] == value, (pid, example.id, key)


def calc(content, pid, **inputs):
    return calculate(content, pid, {k.replace("_", "-"): str(v) for k, v in inputs.items()})


def test_attack_target_below_zero_is_ineffective(content):
    result = calc(content, "mak.attack-target", attack=3, defense=5, modifiers="-1")
    assert result.outcome.result == -3
    assert result.outcome.details["ineffective"] is True
    assert "ineffective" in result.explanation("en")


@pytest.mark.parametrize(
    ("inputs", "result", "flags"),
    [
        ({"target": 5, "dice": "1,1", "weapon": "G"}, "hit", {"automatic_d": True}),
        ({"target": 1, "dice": "1,1", "weapon": "G"}, "miss", {"automatic_d": False}),
        ({"target": 11, "dice": "6,5", "weapon": "L"}, "hit", {"laser_depleted": True}),
        ({"target": 3, "dice": "6,6", "weapon": "L"}, "miss", {"laser_depleted": True}),
        ({"target": 3, "dice": "4,6", "weapon": "L"}, "miss", {"laser_depleted": False}),
        ({"target": 12, "dice": "6,6", "weapon": "MG"}, "hit", {"mg_breakdown": True}),
        (
            {"target": 12, "dice": "6,6", "weapon": "MG", "infantry": "yes"},
            "hit",
            {"mg_breakdown": False},
        ),
        ({"target": 12, "dice": "5,6", "weapon": "MG"}, "hit", {"mg_breakdown": False}),
        ({"target": 7, "dice": "3,4", "weapon": "PF"}, "hit", {"round_expended": True}),
        ({"target": 6, "dice": "3,4", "weapon": "R"}, "miss", {"round_expended": True}),
    ],
)
def test_attack_roll(content, inputs, result, flags):
    outcome = calculate(content, "mak.attack-roll", {k: str(v) for k, v in inputs.items()}).outcome
    assert outcome.result == result
    for key, value in flags.items():
        assert outcome.details[key] is value


def test_snake_eyes_reading_is_printed(content):
    result = calc(content, "mak.attack-roll", target=1, dice="1,1", weapon="G")
    assert [r.id for r in result.readings] == ["snake-eyes"]
    assert result.explanation("en").splitlines()[-1].startswith("Reading (?): [5.1.2] makes a roll")


@pytest.mark.parametrize(
    ("own", "enemy", "expected"), [(6, 3, 3), (5, 3, 0), (4, 0, 4), (0, 0, 0), (2, 1, 1)]
)
def test_breakthrough(content, own, enemy, expected):
    assert calc(content, "mak.breakthrough", own=own, enemy=enemy).outcome.result == expected


def test_ogp_formula(content):
    result = calc(content, "mak.ogp", enemy_losses_vp=12, artillery_vp=3, scenario_vp=-2)
    assert result.outcome.result == 7
    assert result.explanation("en") == "O.G.P. = ① + ③ − ② = 12 + (-2) − 3 = 7."


@pytest.mark.parametrize(
    ("inputs", "modified", "result"),
    [
        ({"die": 4}, 4, "recovered"),
        ({"die": 5}, 5, "broken"),
        ({"die": 6, "cover": "forest"}, 4, "recovered"),
        ({"die": 5, "cover": "defensive-position"}, 4, "recovered"),
        ({"die": 4, "enemy-near": "yes", "attacked-again": "yes"}, 6, "broken"),
        ({"die": 6, "stacked": "yes", "cover": "building"}, 3, "recovered"),
    ],
)
def test_morale_recovery(content, inputs, modified, result):
    outcome = calculate(
        content, "mak.morale-recovery", {k: str(v) for k, v in inputs.items()}
    ).outcome
    assert (outcome.details["modified"], outcome.result) == (modified, result)


@pytest.mark.parametrize(("dice", "result"), [("2,2", "fire"), ("3,2", "no-fire")])
def test_fire_ignition(content, dice, result):
    assert calc(content, "mak.fire-ignition", dice=dice).outcome.result == result


@pytest.mark.parametrize(
    ("dice", "squads", "modified", "result"),
    [
        ("3,2", 1, 5, "fire"),
        ("3,3", 1, 6, "no-fire"),
        ("4,3", 2, 5, "fire"),
        ("4,4", 3, 5, "fire"),
        ("6,4", 4, 6, "no-fire"),
    ],
)
def test_arson(content, dice, squads, modified, result):
    outcome = calc(content, "mak.arson", dice=dice, squads=squads).outcome
    assert (outcome.details["modified"], outcome.result) == (modified, result)


@pytest.mark.parametrize(
    ("target", "dice", "result", "reading"),
    [
        (7, "3,3", "on-target", False),
        (7, "3,4", "on-target", True),
        (7, "4,4", "adjacent", False),
        (7, "4,5", "adjacent", False),
        (7, "5,5", "failed", False),
    ],
)
def test_artillery_deviation(content, target, dice, result, reading):
    calculation = calc(content, "mak.artillery-deviation", target=target, dice=dice)
    assert calculation.outcome.result == result
    assert bool(calculation.readings) is reading


@pytest.mark.parametrize(
    ("level", "nato", "wp", "after"),
    [
        ("wp-3", 4, 2, "wp-2"),
        ("WP level 3", 2, 2, "wp-3"),
        ("neutral", 1, 3, "neutral"),
        ("nato-3", 5, 0, "nato-3"),
        ("nato-1", 3, 2, "nato-2"),
    ],
)
def test_air_superiority(content, level, nato, wp, after):
    result = calc(content, "fpcf.air-superiority", level=level, nato_strikes=nato, wp_strikes=wp)
    assert result.outcome.result == after
    assert [r.id for r in result.readings] == ["air-superiority-one-way"]


def test_air_strikes_read_the_chart(content):
    assert calc(content, "fpcf.air-strikes", level="wp-3", nation="USA").outcome.result == 0.5
    assert calc(content, "fpcf.air-strikes", level="nato-3", nation="WG").outcome.result == 3


@pytest.mark.parametrize(
    ("target", "level", "moving", "expected"),
    [
        ("nato", "wp-2", "yes", 15),
        ("nato", "wp-2", "no", 7),
        ("wp", "nato-1", "no", 15),
        ("firing-artillery", "neutral", "no", 3),
    ],
)
def test_detection_range(content, target, level, moving, expected):
    result = calc(content, "fpcf.detection-range", target=target, level=level, moving=moving)
    assert result.outcome.result == expected


@pytest.mark.parametrize(
    ("inputs", "modified", "loss", "above"),
    [
        ({"die": 3}, 3, "none", False),
        ({"die": 3, "broken": "yes"}, 4, "1 level", False),
        ({"die": 8, "wooded": "yes", "ada-fire": "yes"}, 10, "2 levels", True),
    ],
)
def test_air_drop(content, inputs, modified, loss, above):
    result = calculate(content, "fpcf.air-drop", {k: str(v) for k, v in inputs.items()})
    assert (result.outcome.details["modified"], result.outcome.result) == (modified, loss)
    assert bool(result.readings) is above


@pytest.mark.parametrize(
    ("method", "die", "result"),
    [
        ("adjacent", 5, "destroyed"),
        ("adjacent", 6, "intact"),
        ("remote", 1, "destroyed"),
        ("remote", 2, "intact"),
    ],
)
def test_bridge_demolition(content, method, die, result):
    assert calc(content, "cf.bridge-demolition", method=method, die=die).outcome.result == result


def test_calc_json_shape(run):
    data = json.loads(run("calc", "mak.breakthrough", "own=6", "enemy=3", "--json").out)
    assert set(data) == {"procedure", "inputs", "result", "details", "explanation", "rules"}
    assert data["result"] == 3 and data["rules"] == ["mak.10.3"]
    assert data["explanation"]["ja"].startswith(
        "6 は 3 の2倍以上: 6 − 3 = 3 ユニットが突破できる。"
    )


def test_missing_input_names_the_parameter_and_values(run):
    result = run("calc", "mak.attack-roll", "target=5", "dice=2,3")
    assert result.code == 1
    assert result.err == "playaid: mak.attack-roll needs: weapon (one of: L, G, MG, R, PF)\n"


def test_bad_input_names_the_parameter_in_japanese(run):
    result = run("calc", "cf.bridge-demolition", "method=adjacent", "die=7", "--lang", "ja")
    assert result.code == 1
    assert result.err == (
        "playaid: cf.bridge-demolition: die=7 は不正です。die には1〜6 の整数を指定してください\n"
    )


def test_unknown_parameter_and_procedure(run):
    assert run("calc", "mak.ogp", "colour=1").err.startswith(
        "playaid: mak.ogp has no parameter 'colour'; its parameters are: enemy-losses-vp"
    )
    assert run("calc", "mak.nope").err.startswith("playaid: there is no procedure 'mak.nope'")


def test_calc_without_procedure_lists_them(run):
    lines = run("calc").out.splitlines()
    assert len(lines) == len(ISSUE_PROCEDURES)
    assert "mak.breakthrough\tBreakthrough\t突破" in lines


SAMPLE_INPUTS = {
    "mak.attack-target": {"attack": "8", "defense": "2"},
    "mak.attack-roll": {"target": "5", "dice": "2,3", "weapon": "L"},
    "mak.dogfight-losses": {"ratings": "2,3", "loss": "3"},
    "mak.breakthrough": {"own": "6", "enemy": "3"},
    "mak.pilot-vp": {"rank": "captain", "modifiers": "1,-1"},
    "mak.ogp": {"enemy-losses-vp": "5", "artillery-vp": "1"},
    "mak.morale-recovery": {"die": "3"},
    "mak.fire-ignition": {"dice": "1,2"},
    "mak.arson": {"dice": "2,2"},
    "mak.artillery-deviation": {"target": "7", "dice": "4,4", "direction": "2"},
    "fpcf.air-superiority": {"level": "wp-3", "nato-strikes": "3", "wp-strikes": "1"},
    "fpcf.air-strikes": {"level": "neutral", "nation": "uk"},
    "fpcf.detection-range": {"target": "wp", "level": "wp", "moving": "yes"},
    "fpcf.air-drop": {"die": "4"},
    "cf.bridge-demolition": {"method": "remote", "die": "1"},
}


def test_every_procedure_answers_in_both_languages(run, content):
    assert set(SAMPLE_INPUTS) == set(ISSUE_PROCEDURES)
    for pid, inputs in SAMPLE_INPUTS.items():
        pairs = [f"{k}={v}" for k, v in inputs.items()]
        data = json.loads(run("calc", pid, *pairs, "--json").out)
        assert data["explanation"]["en"] and data["explanation"]["ja"], pid
        assert data["explanation"]["en"] != data["explanation"]["ja"], pid
        title = content.procedures[pid].title.ja
        assert run("calc", pid, *pairs, "--lang", "ja").out.startswith(f"{title} ({pid}) → "), pid


def test_pilot_vp_asks_for_the_modifiers_instead_of_assuming_none(run):
    missing = run("calc", "mak.pilot-vp", "rank=captain")
    assert missing.code == 1
    assert "mak.pilot-vp needs: modifiers" in missing.err
    none = run("calc", "mak.pilot-vp", "rank=captain", "modifiers=none", "--json")
    assert json.loads(none.out)["result"] == 4
