"""playaid generate and playaid new: files that pass check --strict, the same for the same seed,
balanced as their comment says, and a starter that explains every key in both languages."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator

from generator.content.yaml_loader import load_yaml
from generator.scenario.check import check_documents
from generator.scenario.generate import generate
from generator.scenario.mak.notation import parse_unit_code
from generator.scenario.mak.pilots import roster
from generator.scenario.schema import schema_path
from generator.scenario.starter import EXAMPLE_MARKER, starter

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


def _generated(content, system: str, seed: int, size: str) -> str:
    return generate(content, system, seed, size, "test", "../x.json")


def _assert_playable(content, system: str, seed: int, size: str, tmp_path: Path) -> None:
    """A generated file passes check --strict and the card's budget, validates against the
    schema, and names no unit the content (with its overlays) does not supply."""
    text = _generated(content, system, seed, size)
    found = _findings(content, text, tmp_path)
    assert not found, f"{system} seed {seed} {size}: {[str(issue) for issue in found]}"
    data = yaml.safe_load(text)
    if system == "mak":
        for side in data["forces"].values():
            for line in side["units"]:
                assert content.catalogues["mak"].find(line["unit"]) is not None, line
    else:  # no seed lists a Central Front counter: a generated file names none
        for formation in data["formations"]:
            assert not formation.get("units") and not formation.get("drops"), formation
            columns = (formation.get("arrives") or {}).get("columns", [])
            assert not any(column.get("units") for column in columns), formation
            assert formation.get("original_setup") or formation.get("arrives"), formation


# A handful here; PLAYAID_GENERATE_SWEEP=1 runs 200 a system, with and without the overlays.
SWEEP = 200 if os.environ.get("PLAYAID_GENERATE_SWEEP") else 6


@pytest.mark.parametrize("system", ["mak", "fpcf"])
def test_generated_files_pass_the_checker_and_the_budget(content, tmp_path, system):
    for seed in range(SWEEP):
        _assert_playable(content, system, seed * 7919 % 100003, SIZES[seed % 3], tmp_path)


@pytest.fixture
def generate_overlays(tmp_path: Path, tokens_overlay: Path) -> dict[str, list[Path]]:
    """The overlays the docs allow, by system: Ma.K extra units, extra pilots (21 a side, the
    chart's 16 and more, as [18.1.1]'s 42 pilot units allow) and the tokens; Central Front maps
    of the other group and a map of a player's own."""
    units = tmp_path / "units"
    units.mkdir()
    (units / "units.yaml").write_text(EXTRA_UNITS, encoding="utf-8")
    pilots = tmp_path / "pilots"
    pilots.mkdir()
    rows = "\n".join(
        f'  - {{number: "{n}", source: {{supplied: test}}, cells: {{mercenary: {{en: "Test M{n},'
        f' Sergeant", ja: "Test M{n}、軍曹", tr: none}}, strahl: {{en: "Test S{n}, Corporal",'
        f' ja: "Test S{n}、伍長", tr: none}}}}}}'
        for n in range(1, 22)
    )
    choices = ", ".join(
        f'{{slug: "{n}", label: {{en: "No. {n}", ja: "No. {n}", tr: none}}}}' for n in range(1, 22)
    )
    (pilots / "pilots.yaml").write_text(EXTRA_PILOTS % (choices, rows), encoding="utf-8")
    maps = tmp_path / "maps"
    maps.mkdir()
    (maps / "maps.yaml").write_text(OTHER_GROUP_MAP, encoding="utf-8")
    (maps / "own.yaml").write_text(OWN_MAP, encoding="utf-8")
    return {"mak": [units, pilots, tokens_overlay], "fpcf": [maps]}


EXTRA_UNITS = """\
kind: units
system: mak
title: {en: House units, ja: ハウスユニット, tr: none}
source: {supplied: test}
units:
  - id: test-walker
    name: {en: "Test Walker", ja: "Test Walker", tr: none}
    named: {supplied: test}
    side: {value: strahl, source: {supplied: test}}
    type: {value: "ii", source: {supplied: test}}
    stack_points: {value: 3, source: {supplied: test}}
    category: {value: ground, source: {supplied: test}}
    unmanned: {value: false, source: {supplied: test}}
"""
EXTRA_PILOTS = """\
kind: table
id: mak.pilots
title: {en: Pilot Names and Numbers Chart, ja: パイロット名・番号表, tr: none}
source: {supplied: test}
value_title: {en: "Name, rank", ja: 氏名、階級, tr: none}
axes:
  - key: side
    enum: mak.side
  - key: number
    choices: [%s]
columns: side
rows:
%s
"""
OTHER_GROUP_MAP = """\
kind: map
system: fpcf
id: baor
title: {en: BAOR, ja: BAOR, tr: none}
group: south
source: {supplied: "test: a map moved to the other group"}
grid:
  parity: odd
  columns: 40
  rows: 30
"""
OWN_MAP = """\
kind: map
system: fpcf
id: donau-front
title: {en: Donau Front, ja: ドナウ戦線, tr: none}
group: north
source: {supplied: test}
grid:
  parity: even
"""


@pytest.mark.parametrize("system", ["mak", "fpcf"])
def test_generated_files_pass_with_the_overlays_the_docs_allow(tmp_path, generate_overlays, system):
    from generator.content.load import load_content

    content = load_content(None, generate_overlays[system])
    for seed in range(SWEEP):
        _assert_playable(content, system, seed, SIZES[(seed + 1) % 3], tmp_path)


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


JAPANESE = re.compile(r"[ぁ-んァ-ヶ一-龯]")
EXPLANATION = re.compile(r"^\s*# ([a-z_]+(?:, [a-z_]+)*): (.*)$")


def _schema_keys(system: str) -> set[str]:
    """Every property name of the system's schema, at the top level and in every $defs entry."""
    schema = json.loads(schema_path(system).read_text(encoding="utf-8"))
    keys = set(schema["properties"])
    for definition in schema["$defs"].values():
        keys |= set(definition.get("properties", {}))
    return keys


def _uncommented(text: str) -> str:
    """The starter with the example marker deleted from every example line, as a user would."""
    return re.sub(rf"^(\s*){re.escape(EXAMPLE_MARKER)}", r"\1", text, flags=re.M)


def _mapping_keys(data: object) -> set[str]:
    if isinstance(data, dict):
        return set(data).union(*(_mapping_keys(value) for value in data.values()))
    if isinstance(data, list):
        return set().union(*(_mapping_keys(item) for item in data))
    return set()


@pytest.mark.parametrize("system", ["mak", "fpcf"])
def test_the_starter_has_every_schema_key_live_or_as_an_example(tmp_path, system):
    path = tmp_path / "starter.yaml"
    path.write_text(_uncommented(starter(system, "../x.json")), encoding="utf-8")
    document, problems = load_yaml(path, str(path))
    assert not problems and document is not None
    missing = _schema_keys(system) - _mapping_keys(document.data)
    assert not missing, f"schema keys neither live nor an example in the starter: {sorted(missing)}"


@pytest.mark.parametrize("system", ["mak", "fpcf"])
def test_the_starter_explains_every_schema_key_in_english_and_japanese(system):
    lines = starter(system, "../x.json").splitlines()
    explained: dict[str, list[str]] = {}
    for number, line in enumerate(lines):
        match = EXPLANATION.match(line)
        if not match:
            continue
        # The explanation: the `# key: English.` line and the `#   ` lines under it.
        block = [match.group(2)]
        for following in lines[number + 1 :]:
            if not re.match(r"^\s*#   ", following):
                break
            block.append(following.strip()[1:])
        for key in match.group(1).split(", "):
            explained.setdefault(key, []).extend(block)
    for key in sorted(_schema_keys(system)):
        assert key in explained, f"no `# {key}: …` comment explains {key}"
        words = " ".join(explained[key])
        assert JAPANESE.search(words), f"the explanation of {key} has no Japanese: {words}"
        assert re.search(r"[A-Za-z]{3,}", JAPANESE.sub("", words)), f"{key}: no English"
        english = [part for part in explained[key] if not JAPANESE.search(part)]
        japanese = [part for part in explained[key] if JAPANESE.search(part)]
        assert _references(english) == _references(japanese), f"{key}: rule references differ"


def _references(parts: list[str]) -> list[str]:
    return sorted(re.findall(r"\[[0-9.]+\]", " ".join(parts)))


@pytest.mark.parametrize("system", ["mak", "fpcf"])
def test_every_comment_of_the_starter_has_its_japanese(system):
    lines = starter(system, "../x.json").splitlines()
    for number, line in enumerate(lines[1:], start=1):  # line 0 is the schema line
        body = line.strip()
        if body.startswith(EXAMPLE_MARKER.strip()):
            body = body[len(EXAMPLE_MARKER.strip()) :].strip()
        if body.startswith("#"):
            following = lines[number + 1].strip() if number + 1 < len(lines) else ""
            explains = following.startswith("#") and not following.startswith(EXAMPLE_MARKER)
            paired = explains and JAPANESE.search(following)
            assert JAPANESE.search(body) or paired, f"line {number + 1} has no Japanese: {line}"
        elif " # " in body:
            comment = body.split(" # ", 1)[1]
            assert JAPANESE.search(comment), f"line {number + 1} has no Japanese: {line}"
            assert " / " in comment, f"line {number + 1}: `English / 日本語` expected: {line}"
            english, japanese = comment.split(" / ", 1)
            assert _references([english]) == _references([japanese]), line


@pytest.mark.parametrize("system", ["mak", "fpcf"])
def test_the_starter_with_every_example_uncommented_still_passes(content, tmp_path, system):
    text = starter(system, "../x.json")
    examples = [line for line in text.splitlines() if line.lstrip().startswith(EXAMPLE_MARKER)]
    assert examples, "the starter has examples"
    found = _findings(content, _uncommented(text), tmp_path)
    if system == "fpcf":
        # The surprise game's activation and original_parts are the examples that need a live key
        # changed, as their comments say: each fails on its own, and passes once the game is a
        # surprise game and forces_in_play is `parts`.
        assert [issue.code for issue in found] == [
            "fpcf-activation-not-surprise",
            "fpcf-parts-unused",
        ]
        surprise = re.sub(r"^surprise: false$", "surprise: true", _uncommented(text), flags=re.M)
        surprise = re.sub(r"^  nato_ops_points: 4\n", "", surprise, flags=re.M)
        surprise = re.sub(
            r"^forces_in_play: listed$", "forces_in_play: parts", surprise, flags=re.M
        )
        found = _findings(content, surprise, tmp_path)
    assert not found, [str(issue) for issue in found]


def test_token_modifiers_from_an_overlay_count_in_the_pilots_vp(tokens_overlay):
    from generator.content.load import load_content

    plain = generate(load_content(), "mak", 3, "medium", "test", "../x.json")
    assert "(rank only)" in plain and "table mak.pilot-abilities" in plain
    content = load_content(None, [tokens_overlay])
    text = generate(content, "mak", 3, "medium", "test", "../x.json")
    assert "(rank + the token modifiers an overlay supplied)" in text
    assert "table mak.pilot-abilities" not in text
    pilots = len(re.findall(r"[①-⑳]", text.split("forces:")[1].split("victory:")[0]))
    stated = [int(vp) for vp in re.findall(r"\+ (\d+) pilot VP", text)]
    plain_stated = [int(vp) for vp in re.findall(r"\+ (\d+) pilot VP", plain)]
    assert pilots and sum(stated) > sum(plain_stated)


def test_each_side_s_artillery_stands_off_its_own_edge(content):
    for seed in range(10):
        text = generate(content, "mak", seed, "medium", "test", "../x.json")
        attacker = re.search(r"^attacker: (\w+)", text, re.M).group(1)
        edges = dict(
            re.findall(r"^  (\w+):\n(?:.*\n)*?      - \{code: \"Type II … .([NESW])", text, re.M)
        )
        entry = re.search(rf"^  {attacker}:\n(?:.*\n)*?.*deploy: \"\d+.([NESW])\"", text, re.M)
        assert edges[attacker] == entry.group(1), seed
        assert len(set(edges.values())) == 2, seed


def test_a_flashpoint_title_names_its_map_and_kind_of_game(content):
    text = generate(content, "fpcf", 7, "medium", "test", "../x.json")
    title = re.search(r"^title: \{en: \"([^\"]+)\"", text, re.M).group(1)
    surprise = "surprise: true" in text
    assert title.startswith("Surprise on the " if surprise else "Battle for the ")
    assert re.search(r"the (BAOR|North German Plain|Fifth Corps|Hof Gap)", title), title


def test_a_flashpoint_balance_comment_tells_the_truth(content):
    morale = {"elite": 4, "first-line": 3, "reserve": 2, "militia": 1}  # as docs/scenarios.md says
    for seed in range(6):
        text = _generated(content, "fpcf", seed, SIZES[seed % 3])
        nato, wp = map(int, re.search(r"^#   NATO (\d+), Warsaw Pact (\d+)", text, re.M).groups())
        counted = {"nato": 0, "wp": 0}
        for formation in yaml.safe_load(text)["formations"]:
            if formation["echelon"] != "division":
                continue
            chart = content.table("fpcf.starting-morale").find({"nation": formation["nation"]})
            quality = content.tables["fpcf.troop-quality"].axis("quality")
            value = chart[0].value
            value = getattr(value, "value", value)
            expected = quality.match(value.en).slug
            assert formation["morale"] == expected, formation
            side = "wp" if formation["nation"] in ("su", "eg", "po", "cz") else "nato"
            counted[side] += morale[expected]
        assert (nato, wp) == (counted["nato"], counted["wp"]), seed


def test_a_surprise_game_activates_every_warsaw_pact_formation_entering_on_gt1(content):
    surprises = 0
    for seed in range(12):
        data = yaml.safe_load(_generated(content, "fpcf", seed, "large"))
        first = [
            f["id"]
            for f in data["formations"]
            if f["nation"] in ("su", "eg", "po", "cz") and (f.get("arrives") or {}).get("turn") == 1
        ]
        if data["surprise"]:
            surprises += 1
            assert data["pre_game"]["activation"] == first, seed
        else:
            assert "activation" not in data["pre_game"]
    assert surprises, "no surprise game among the seeds: pick others"


def test_the_generated_texts_are_in_both_languages(content):
    for system in ("mak", "fpcf"):
        data = yaml.safe_load(_generated(content, system, 5, "medium"))
        texts = [data["title"], data["briefing"], data["victory"]["conditions"]]
        texts += [f["name"] for f in data.get("formations", [])]
        for value in texts:
            assert value["tr"] == "ja" and value["en"] != value["ja"], value
            assert JAPANESE.search(value["ja"]), value


def test_the_largest_seed_makes_a_file_check_accepts(run, tmp_path):
    for system in ("mak", "fpcf"):
        out = tmp_path / f"{system}.yaml"
        assert (
            run("generate", system, "--seed", "9" * 15, "--size", "large", "--out", str(out)).code
            == 0
        )
        assert run("check", "--strict", str(out)).code == 0


def test_generate_writes_nothing_when_its_file_would_not_pass(run, tmp_path, monkeypatch):
    from generator.scenario import generate as module

    made = module.MAKERS["fpcf"]

    def too_long(*args):  # a generator gone wrong: more turns than a card prints
        return re.sub(r"^turns: \d+$", "turns: 40", made(*args), flags=re.M)

    monkeypatch.setitem(module.MAKERS, "fpcf", too_long)
    out = tmp_path / "x.yaml"
    result = run("generate", "fpcf", "--seed", "3", "--out", str(out))
    assert result.code == 1
    assert not out.exists()
    assert "would not pass check --strict" in result.err
    assert "card-budget (turns)" in result.err
    japanese = run("--lang", "ja", "generate", "fpcf", "--seed", "3", "--out", str(out))
    assert japanese.code == 1 and JAPANESE.search(japanese.err) and not out.exists()
