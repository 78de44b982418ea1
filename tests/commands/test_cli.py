"""The command line: exit codes, choices listed on mistakes, JSON shapes, dice."""

from __future__ import annotations

import json
import random
import re

import pytest

from generator.content.dice import roll_die


def test_check_built_in_content_is_clean(run):
    result = run("check")
    assert result.code == 0
    summary, differ = result.out.splitlines()
    assert re.fullmatch(
        r"ok: \d+ files, \d+ tables, \d+ rule cases, \d+ scenarios — (no problems|\d+ info)",
        summary,
    )
    assert differ.startswith("the seed's English and Japanese say different things in 7 passages")


def test_check_json_on_clean_content_has_no_error_or_warning(run):
    result = run("check", "--format", "json")
    assert result.code == 0
    assert {finding["severity"] for finding in json.loads(result.out)} <= {"info"}


def test_tables_lists_ids_with_both_titles(run, content):
    lines = run("tables").out.splitlines()
    unprinted = sorted(set(content.slots) - set(content.tables))
    assert [line.split("\t")[0] for line in lines] == sorted(content.tables) + unprinted
    assert "fpcf.air-drop\tAir Drop Table\t空挺降下表" in lines


def test_lookup_one_cell_in_japanese(run):
    result = run("lookup", "fpcf.aircraft-type", "nation=USA", "die=9", "--lang", "ja")
    assert result.out.splitlines()[:2] == [
        "航空攻撃機種表: 機種 (fpcf.aircraft-type): アメリカ (US)・ダイス 9",
        "  → F-15",
    ]


def test_lookup_prints_die_ranges_and_marks_as_the_charts_do(run):
    """A die range in each language's mark from the catalog (0–9, 0〜9), as the cards print it,
    and the keys joined by · or ・; the JSON keeps its keys as they were (`0-9`)."""
    english = run("lookup", "fpcf.aircraft-type", "nation=CA").out.splitlines()
    japanese = run("lookup", "fpcf.aircraft-type", "nation=CA", "--lang", "ja").out.splitlines()
    assert english[0].endswith("(fpcf.aircraft-type): CA · Die 0–9")
    assert japanese[0].endswith("(fpcf.aircraft-type): カナダ (CA)・ダイス 0〜9")
    grid = run("lookup", "fpcf.air-drop", "--lang", "ja").out.splitlines()
    assert grid[1:3] == ["ダイス  士気低下", "0〜3    なし"]
    assert run("lookup", "fpcf.air-drop").out.splitlines()[2] == "0–3  none"
    data = json.loads(run("lookup", "fpcf.aircraft-type", "nation=CA", "--json").out)
    assert data["keys"] == {"nation": "ca", "die": "0-9"}


def test_lookup_json_has_the_contract_keys(run):
    result = run("lookup", "fpcf.detection", "target=firing-artillery", "level=WP", "--json")
    assert json.loads(result.out) == {
        "table": "fpcf.detection",
        "keys": {"target": "firing-artillery", "level": "wp"},
        "value": 7,
        "uncertain": False,
        "note": "(a) means only artillery units can detect firing artillery units",
        "source": "seed 000, Detection Table: Detecting Ground Units, line 125",
    }


def test_lookup_uncertain_cell_in_json(run):
    data = json.loads(run("lookup", "fpcf.troop-quality-independent", "nation=fr", "--json").out)
    assert data["uncertain"] is True and data["value"] == 6
    assert data["note"].startswith(
        "(?) uncertain: This part of the original is hard to read: the independent-units lines"
    )


def test_unknown_table_lists_the_tables(run, content):
    result = run("lookup", "fpcf.nope")
    assert result.code == 1
    assert (
        result.err
        == f"playaid: there is no table 'fpcf.nope'; tables: {', '.join(sorted(content.tables))}\n"
    )


def test_unknown_key_lists_the_keys(run):
    result = run("lookup", "fpcf.momentum-points", "colour=red")
    assert (result.code, result.err) == (
        1,
        "playaid: the table fpcf.momentum-points has no key 'colour'; its keys are: size, terrain\n",
    )


def test_unknown_value_lists_choices_with_aliases(run):
    result = run("lookup", "fpcf.aircraft-type", "nation=XX", "die=1")
    assert result.code == 1
    assert result.err == (
        "playaid: 'XX' is not a nation of fpcf.aircraft-type; choices: us (USA), uk (BR), wg, fr,"
        " su (Soviet), be, nl (NE), ca, po, cz, eg\n"
    )


def test_die_out_of_range(run):
    result = run("lookup", "fpcf.air-drop", "die=10", "--lang", "ja")
    assert (result.code, result.err) == (
        1,
        "playaid: die=10 は fpcf.air-drop の d10 の出目ではありません。出目は 0 から 9 です\n",
    )


def test_malformed_pair(run):
    result = run("lookup", "fpcf.air-drop", "die")
    assert result.code == 1
    assert result.err == "playaid: 'die' is not KEY=VALUE (for example nation=US or die=3)\n"


def test_roll_is_repeatable_with_a_seed_and_agrees_with_lookup(run):
    first = run("roll", "fpcf.aircraft-type", "nation=wg", "--seed", "7", "--json")
    again = run("roll", "fpcf.aircraft-type", "nation=wg", "--seed", "7", "--json")
    assert first.out == again.out
    data = json.loads(first.out)
    assert data["roll"] == roll_die("d10", random.Random(7))[1]
    looked_up = json.loads(
        run("lookup", "fpcf.aircraft-type", "nation=wg", f"die={data['roll']}", "--json").out
    )
    assert data["result"] == looked_up


def test_roll_needs_a_die(run):
    result = run("roll", "fpcf.reaction")
    assert result.code == 1
    assert "has no die to roll" in result.err


def test_roll_dice_stay_on_their_faces():
    rng = random.Random(0)
    for die, (low, high) in {"d6": (1, 6), "2d6": (2, 12), "d10": (0, 9)}.items():
        totals = {roll_die(die, rng)[1] for _ in range(2000)}
        assert totals == set(range(low, high + 1))


def test_global_content_option_and_missing_folder(run, tmp_path):
    result = run("--content", str(tmp_path / "missing"), "check")
    assert result.code == 1
    assert (
        result.err
        == f"playaid: the content or overlay folder {tmp_path / 'missing'} does not exist\n"
    )


def test_build_writes_the_target_and_says_what_it_did(run, tmp_path):
    result = run("build", "fpcf.reaction", "--lang", "en", "--out", str(tmp_path))
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[0].startswith("Japanese font: Noto Sans CJK JP")
    assert lines[1] == "[1/1] fpcf/en/fpcf.reaction.card.a5.pdf"
    assert lines[-2] == (
        f"built 1 document (1 page) in {tmp_path}; manifest: {tmp_path / 'manifest.json'}"
    )
    assert lines[-1] in (
        "rendered 1, reused 0 from the cache",
        "rendered 0, reused 1 from the cache",
    )
    assert (tmp_path / "fpcf/en/fpcf.reaction.card.a5.pdf").is_file()


def test_usage_error_exits_2(run, capsys):
    import pytest

    with pytest.raises(SystemExit) as raised:
        run("lookup")
    assert raised.value.code == 2


@pytest.mark.parametrize(
    "seed", ["٧", "1_0", "1" * 16, "7" * 44, "-1", "+3", " 3", "0x10", "3.0", ""]
)
def test_a_seed_is_at_most_15_ascii_digits(capsys, tmp_path, seed):
    from generator.cli import main

    out = tmp_path / "x.yaml"
    with pytest.raises(SystemExit) as raised:
        main(["generate", "fpcf", f"--seed={seed}", "--out", str(out)])
    assert raised.value.code == 2
    assert "at most 15 digits" in capsys.readouterr().err
    assert not out.exists()


def test_new_and_schema_name_the_systems_with_scenarios(run):
    """A system is checked after parsing (no argparse choices): cf has rules but no scenarios."""
    for argv in (("new", "cf"), ("schema", "scenario", "--system", "cf")):
        result = run(*argv)
        assert result.code == 1
        assert result.err == (
            "playaid: playaid has no scenarios for 'cf'; systems with scenarios: mak, fpcf\n"
        )
    assert run("new", "MAK").out.startswith("#")


def test_counted_messages_use_the_catalogs_plural_forms():
    from generator.core.messages import text

    assert text("outcome:problems", count=1) == ("1 problem found", "1 件の問題があります")
    assert text("outcome:problems", count=3) == ("3 problems found", "3 件の問題があります")
    assert text("outcome:count-warning", count=1)[0] == "1 warning"
    assert text("outcome:check-files", scenarios=2)[0] == "2 scenario files"
    assert text("too-short", min=1)[0] == "this list needs at least 1 item"
