"""playaid generate and playaid new: files that pass check --strict, the same for the same seed,
balanced as their comment says, and a starter that explains every key in both languages."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from generator.loader import load_yaml
from generator.scenario.check import check_documents
from generator.scenario.generate import generate
from generator.scenario.mak.notation import parse_unit_code
from generator.scenario.mak.pilots import roster
from generator.scenario.schema import schema_path

SIZES = ("small", "medium", "large")


def _findings(content, text: str, tmp_path: Path) -> list:
    path = tmp_path / "generated.yaml"
    path.write_text(text, encoding="utf-8")
    document, problems = load_yaml(path, str(path))
    issues, _ = check_documents(content, [document])
    system = document.data["system"]
    schema = json.loads(schema_path(system).read_text(encoding="utf-8"))
    problems += [
        f"schema: {'.'.join(map(str, error.absolute_path))}: {error.message}"
        for error in Draft202012Validator(schema).iter_errors(document.data)
    ]
    return [i for i in problems + issues if isinstance(i, str) or i.severity != "info"]


@pytest.mark.parametrize("system", ["mak", "fpcf"])
def test_fifty_seeds_pass_the_checker(content, tmp_path, system):
    for seed in range(50):
        text = generate(content, system, seed, SIZES[seed % 3], "test", "../x.json")
        found = _findings(content, text, tmp_path)
        assert not found, f"seed {seed}: {[str(issue) for issue in found]}"


@pytest.mark.parametrize("system", ["mak", "fpcf"])
def test_the_same_seed_gives_the_same_file_byte_for_byte(run, tmp_path, system):
    first, second, other = (tmp_path / name for name in ("a.yaml", "b.yaml", "c.yaml"))
    for path, seed in ((first, "4"), (second, "4"), (other, "5")):
        assert run("generate", system, "--seed", seed, "--out", str(path)).code == 0
    assert first.read_bytes() == second.read_bytes()
    assert first.read_bytes() != other.read_bytes()
    assert run("check", "--strict", str(first)).code == 0


def test_mak_balance_comment_tells_the_truth(content):
    for seed in range(10):
        text = generate(content, "mak", seed, "medium", "test", "../x.json")
        stated = {
            side: (int(total), int(points), int(vp))
            for side, total, points, vp in re.findall(
                r"^#   (\w+) Troops: (\d+) = (\d+) stack points \+ (\d+) pilot VP", text, re.M
            )
        }
        counted = {"Strahl": [0, 0], "Mercenary": [0, 0]}
        side = None
        charts = {name: roster(content, name.lower()) for name in counted}
        for line in text.splitlines():
            if line.strip() in ("strahl:", "mercenary:"):
                side = line.strip()[:-1].capitalize()
            match = re.search(r'unit: "([^"]+)", code: "([^"]+)"', line)
            if match and side:
                unit = content.catalogues["mak"].find(match.group(1))
                code = parse_unit_code(match.group(2))
                counted[side][0] += unit.stack_points.value * code.count
                for number in code.assigned:
                    rank = charts[side][number].rank
                    counted[side][1] += content.table("mak.rank-vp").find({"rank": rank})[0].value
        for side, (total, points, vp) in stated.items():
            assert (points, vp) == tuple(counted[side])
            assert total == points + vp
        assert abs(stated["Strahl"][0] - stated["Mercenary"][0]) <= 1


def test_an_overlaid_unit_ability_chart_is_weighed_and_named(run, tmp_path):
    overlay = tmp_path / "abilities"
    overlay.mkdir()
    (overlay / "unit-ability.yaml").write_text(
        """\
kind: table
id: mak.unit-ability
title: {en: Unit Ability Table, ja: ユニット能力表, tr: none}
source: {seed: "002", section: our reference card}
complete: false
axes:
  - key: unit
    choices:
      - {slug: afs, label: {en: AFS, ja: AFS, tr: none}}
  - key: ability
    choices:
      - {slug: attack, label: {en: Attack, ja: 攻撃力, tr: none}}
      - {slug: defense, label: {en: Defense, ja: 防御力, tr: none}}
columns: ability
rows:
  - {unit: afs, cells: {attack: 8, defense: 4}}
""",
        encoding="utf-8",
    )
    result = run("--overlay", str(overlay), "generate", "mak", "--seed", "2")
    assert result.code == 0
    assert "attack and defense from the unit ability chart an overlay supplied" in result.out
    plain = run("generate", "mak", "--seed", "2")
    assert "give it with --overlay (table mak.unit-ability)" in plain.out


@pytest.mark.parametrize("system", ["mak", "fpcf"])
def test_new_writes_a_commented_starter_that_passes(run, tmp_path, system):
    path = tmp_path / f"{system}.yaml"
    assert run("new", system, "--out", str(path)).code == 0
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=")
    assert (Path(tmp_path) / text.splitlines()[0].split("=", 1)[1]).resolve().is_file()
    assert re.search(r"^# .*[ぁ-んァ-ン一-龯]", text, re.M), "comments in Japanese too"
    result = run("check", "--strict", str(path))
    assert result.code == 0, result.err
