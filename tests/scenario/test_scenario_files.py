"""Scenario files as a whole: the committed schemas are current, the samples are legal under
--strict, every complete example in docs/scenarios.md loads and passes, and codes decode."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from generator.content.load import DEFAULT_CONTENT
from generator.content.yaml_loader import load_yaml
from generator.scenario.reader import MODELS
from generator.scenario.schema import schema_path, schema_text

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((DEFAULT_CONTENT / "scenarios").rglob("*.yaml"))
DOCS = ROOT / "docs" / "scenarios.md"


@pytest.mark.parametrize("system", sorted(MODELS))
def test_committed_schema_is_not_stale(system, content):
    assert schema_path(system).read_text(encoding="utf-8") == schema_text(system, content), (
        f"run: playaid schema scenario --system {system} > {schema_path(system)}"
    )


@pytest.mark.parametrize("system", sorted(MODELS))
def test_schema_command_prints_the_committed_schema(run, system):
    result = run("schema", "scenario", "--system", system)
    assert result.code == 0
    assert json.loads(result.out) == json.loads(schema_path(system).read_text(encoding="utf-8"))


def _schema_errors(system: str, data: object) -> list[str]:
    schema = json.loads(schema_path(system).read_text(encoding="utf-8"))
    return [
        f"{'.'.join(map(str, error.absolute_path))}: {error.message}"
        for error in Draft202012Validator(schema).iter_errors(data)
    ]


def test_every_legal_file_we_ship_or_write_meets_the_schema(run, tmp_path):
    files = list(SAMPLES)
    for number, block in enumerate(_doc_examples()):
        files.append(tmp_path / f"doc-{number}.yaml")
        files[-1].write_text(block, encoding="utf-8")
    for system in sorted(MODELS):
        files.append(tmp_path / f"new-{system}.yaml")
        assert run("new", system, "--out", str(files[-1])).code == 0
    for path in files:
        document, problems = load_yaml(path, path.name)
        assert not problems
        assert _schema_errors(document.data["system"], document.data) == [], path.name


def test_the_schema_flags_what_an_editor_should(tmp_path):
    sample = DEFAULT_CONTENT / "scenarios" / "fpcf" / "weser-screen.yaml"
    data = load_yaml(sample, "weser-screen.yaml")[0].data
    data["nations"] = [*data["nations"], data["nations"][0], "xx"]
    data["title"] = {"en": "Only English", "tr": "ja"}
    data["formations"][0]["hq"]["hex"] = 1812
    data["surprise"] = "no"
    found = "\n".join(_schema_errors("fpcf", data))
    assert "nations: " in found and "has non-unique elements" in found
    assert "nations.4: 'xx' is not one of" in found
    assert "title: 'ja' is a required property" in found
    assert "formations.0.hq: {'map': 'baor', 'hex': 1812} is not valid" in found
    assert "surprise: 'no' is not of type 'boolean'" in found


def test_there_are_at_least_two_samples_per_system():
    systems = [path.parent.name for path in SAMPLES]
    assert all(systems.count(system) >= 2 for system in MODELS)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda path: path.name)
def test_sample_points_editors_at_its_schema_and_passes_strict(run, path):
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first == f"# yaml-language-server: $schema=../{path.parent.name}.schema.json"
    result = run("check", "--strict", str(path))
    assert result.code == 0, result.err
    assert "error[" not in result.err and "warning[" not in result.err


def test_check_without_files_checks_the_samples(run, tmp_path):
    broken = tmp_path / "content"
    broken.mkdir()
    for path in DEFAULT_CONTENT.rglob("*"):
        if path.is_file():
            target = broken / path.relative_to(DEFAULT_CONTENT)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(path.read_bytes())
    sample = broken / "scenarios" / "mak" / "rehn-crossing.yaml"
    sample.write_text(sample.read_text(encoding="utf-8").replace("turns: 8", "turns: 2"))
    result = run("--content", str(broken), "check")
    assert result.code == 1
    assert "error[turn-after-end]" in result.err
    assert "(rule: mak.12.1)" in result.err


def _doc_examples() -> list[str]:
    text = DOCS.read_text(encoding="utf-8")
    blocks = re.findall(r"```ya?ml\n(.*?)```", text, re.S)
    return [block for block in blocks if re.search(r"^kind: *scenario", block, re.M)]


def test_docs_have_a_complete_example_per_system():
    systems = {re.search(r"^system: *(\w+)", block, re.M).group(1) for block in _doc_examples()}
    assert systems == set(MODELS)


@pytest.mark.parametrize("number", range(2))
def test_a_complete_example_from_the_docs_passes_strict(run, tmp_path, number):
    path = tmp_path / f"example-{number}.yaml"
    path.write_text(_doc_examples()[number], encoding="utf-8")
    result = run("check", "--strict", str(path))
    assert result.code == 0, result.err


def test_the_docs_map_in_an_overlay_lets_the_drop_terrain_check_run(run, tmp_path):
    text = DOCS.read_text(encoding="utf-8")
    [map_block] = [b for b in re.findall(r"```yaml\n(.*?)```", text, re.S) if "kind: map" in b]
    overlay = tmp_path / "my-maps" / "fpcf"
    overlay.mkdir(parents=True)
    (overlay / "baor.yaml").write_text(map_block, encoding="utf-8")
    fpcf = next(b for b in _doc_examples() if "system: fpcf" in b)
    assert 'hex: "2408"' in fpcf
    scenario = tmp_path / "drop.yaml"
    scenario.write_text(fpcf.replace('hex: "2408"', 'hex: "2020"'), encoding="utf-8")
    before = run("check", str(scenario))
    assert before.code == 0 and "info[fpcf-drop-terrain-unknown]" in before.err
    after = run("--overlay", str(tmp_path / "my-maps"), "check", str(scenario))
    assert after.code == 1, after.err
    assert "error[fpcf-drop-terrain]" in after.err and "is City" in after.err


def test_every_key_of_the_models_is_documented():
    text = DOCS.read_text(encoding="utf-8")
    keys: set[str] = set()
    for model in MODELS.values():
        _collect(model.model_json_schema(by_alias=True), keys)
    missing = sorted(key for key in keys if f"`{key}`" not in text)
    assert not missing, f"undocumented keys: {missing}"


def _collect(schema: dict, keys: set[str]) -> None:
    for name in schema.get("properties", {}):
        keys.add(name)
    for definition in schema.get("$defs", {}).values():
        _collect(definition, keys)


def test_explain_decodes_every_code_of_a_sample(run, golden):
    result = run(
        "check", "--explain", str(DEFAULT_CONTENT / "scenarios" / "mak" / "quarry-road.yaml")
    )
    assert result.code == 0
    shown = result.out.replace(str(DEFAULT_CONTENT), "content")
    golden("scenarios/explain.quarry-road.txt", shown)


def test_explain_states_who_acts_in_the_pre_gt1_activation(run, golden):
    """A surprise game's activation, in its order, with the reading of the Soviet Surprise
    Phase playaid follows (seed 000 l.213 English, l.239 Japanese)."""
    sample = DEFAULT_CONTENT / "scenarios" / "fpcf" / "hof-gap-dawn.yaml"
    result = run("check", "--explain", str(sample))
    assert result.code == 0
    shown = result.out.replace(str(DEFAULT_CONTENT), "content")
    assert "every Warsaw Pact formation that enters on game turn 1" in shown
    assert "すべてのソビエト軍ユニット" in shown
    golden("scenarios/explain.hof-gap-dawn.txt", shown)


def test_a_missing_or_unreadable_file_is_a_finding_not_a_crash(run, tmp_path):
    missing = run("check", str(tmp_path / "nowhere.yaml"))
    assert missing.code == 1
    assert "error[file-missing]" in missing.err
    folder = run("check", str(tmp_path))
    assert "error[file-not-regular]" in folder.err
    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: scenario\nsystem: mak\nid: [unclosed\n", encoding="utf-8")
    broken = run("check", "--format", "json", str(bad))
    assert broken.code == 1
    assert [finding["code"] for finding in json.loads(broken.out)] == ["yaml-syntax"]
    latin = tmp_path / "latin.yaml"
    latin.write_bytes(b"kind: scenario\nsystem: mak\nid: mak.x\ntitle: caf\xe9\n")
    result = run("check", str(latin))
    assert (
        f"{latin}:4:11: error[not-utf8]: (document): the file is not UTF-8 text: the byte 0xe9"
        in (result.err)
    )


def test_a_map_of_your_own_names_its_hexes_as_the_map_prints_them(run, tmp_path):
    overlay = tmp_path / "maps"
    overlay.mkdir()
    (overlay / "m.yaml").write_text(
        "kind: map\nsystem: fpcf\nid: baor\ntitle: {en: BAOR, ja: BAOR, tr: none}\n"
        "source: {supplied: mine}\ngrid: {parity: odd}\n"
        'terrain:\n  "21": [city]\n  2121: [rough]\n  "0000": [city]\n  "0101": []\n',
        encoding="utf-8",
    )
    result = run("--overlay", str(overlay), "check")
    assert result.code == 1
    found = [line.split(": ", 1)[1] for line in result.err.splitlines() if "m.yaml" in line]
    assert found == [
        "error[bad-pattern]: terrain.21: '21' is not a valid hex number (four digits, column then"
        " row, such as 1801)",
        'error[key-not-quoted]: terrain[2121]: write this key in quotes, as "2121": YAML reads a'
        " key without quotes as a number",
        "error[bad-pattern]: terrain.0000: '0000' is not a valid hex number (four digits, column"
        " then row, such as 1801)",
        "error[too-short]: terrain.0101: this list needs at least 1 item",
    ]


def test_unknown_and_duplicated_keys_are_reported_all_at_once(run, tmp_path):
    path = tmp_path / "s.yaml"
    sample = (DEFAULT_CONTENT / "scenarios" / "mak" / "rehn-crossing.yaml").read_text(
        encoding="utf-8"
    )
    sample = sample.replace("turns: 8", "turns: 8\nturns: 9\ncolour: red")
    sample = sample.replace("first_player: strahl", "first_player: blue")
    path.write_text(sample, encoding="utf-8")
    result = run("check", str(path))
    assert result.code == 1
    assert "error[duplicate-key]: turns:" in result.err
    path.write_text(sample.replace("turns: 9\n", ""), encoding="utf-8")
    result = run("check", str(path))
    assert "error[unknown-key]: colour: unknown key 'colour'" in result.err
    assert "error[bad-choice]: first_player: 'blue' is not allowed" in result.err


def test_numbers_and_flags_are_taken_as_written_never_converted(run, tmp_path):
    sample = (DEFAULT_CONTENT / "scenarios" / "fpcf" / "weser-screen.yaml").read_text(
        encoding="utf-8"
    )
    assert "turns: 6\n" in sample and "surprise: false\n" in sample
    cases = {
        'turns: "6"': "expected a whole number, found the text '6'",
        "turns: 6.0": "expected a whole number, found the number 6.0",
        "turns: true": "expected a whole number, found the boolean true",
        'turns: !!int "6"': "the tag !!int is not allowed",
        "turns: 100": "100 is too large: the most allowed is 99",
    }
    for written, expected in cases.items():
        path = tmp_path / "s.yaml"
        path.write_text(sample.replace("turns: 6\n", written + "\n"), encoding="utf-8")
        result = run("check", str(path))
        assert result.code == 1, written
        assert f"turns: {expected}" in result.err, written
    for written in ('surprise: "false"', "surprise: 0"):
        path.write_text(sample.replace("surprise: false", written), encoding="utf-8")
        result = run("check", str(path))
        assert result.code == 1 and "error[wrong-type]: surprise: expected" in result.err, written


def test_an_overlay_with_house_rules_changes_what_is_enforced(run, tmp_path):
    cases = Path(__file__).resolve().parents[1] / "scenarios" / "mak"
    rounds = str(cases / "rounds" / "fail.yaml")
    shipped = run("check", "--format", "json", rounds)
    assert {f["key_path"] for f in json.loads(shipped.out)} == {
        "forces.mercenary.units[0].rounds",
        "forces.strahl.units[1].rounds",
    }
    overlay = tmp_path / "house"
    overlay.mkdir()
    chart = (DEFAULT_CONTENT / "mak" / "weapon-rounds.yaml").read_text(encoding="utf-8")
    chart = chart.replace(
        "weapon: rocket, value: {value: 3, notes: [dagger]}", "weapon: rocket, value: 4"
    )
    assert "goblin, weapon: rocket, value: 4" in chart
    (overlay / "weapon-rounds.yaml").write_text(chart, encoding="utf-8")
    housed = run("--overlay", str(overlay), "check", "--format", "json", rounds)
    assert [f["key_path"] for f in json.loads(housed.out)] == ["forces.strahl.units[1].rounds"]


def test_an_overlay_supplies_a_fact_the_rulebook_does_not_print(run, tmp_path):
    unknown = str(
        Path(__file__).resolve().parents[1] / "scenarios" / "mak" / "unknown-facts" / "fail.yaml"
    )
    before = {f["code"] for f in json.loads(run("check", "--format", "json", unknown).out)}
    assert "mak-stack-unknown" in before
    overlay = tmp_path / "tokens"
    overlay.mkdir()
    (overlay / "units.yaml").write_text(
        """\
kind: units
system: mak
title: {en: Our tokens, ja: 手元のトークン, tr: none}
source: {seed: "002"}
units:
  - id: pka
    name: {en: PKA, ja: PKA, tr: none}
    named: {seed: "002", lines: "372"}
    side: unknown
    type: {value: i, source: {seed: "002", lines: "212"}, uncertain: {en: Read from our tokens., ja: 手元のトークンから読んだ。, tr: none}}
    stack_points: {value: 1, source: {seed: "002", lines: "490"}}
    category: {value: ground, source: {seed: "002", lines: "580"}}
    unmanned: unknown
    rounds: {weapon: pf, count: 2, source: {seed: "002", lines: "612"}}
""",
        encoding="utf-8",
    )
    after = run("--overlay", str(overlay), "check", "--format", "json", unknown)
    assert "mak-stack-unknown" not in {f["code"] for f in json.loads(after.out)}


def test_a_unit_is_found_by_any_spelling_case_spaces_and_punctuation_aside(content):
    catalogue = content.catalogues["mak"]
    for spelling, unit in [
        ("P.K.40", "pk40"),
        ("pk 40", "pk40"),
        ("PK-40", "pk40"),
        ("InfSQ", "inf-sq"),
        ("inf.sq", "inf-sq"),
        ("Sph69p", "sph69-p"),
        ("N.Spotter", "neuspotter"),
        ("Neu Spotter", "neuspotter"),
    ]:
        found = catalogue.find(spelling)
        assert found is not None and found.id == unit, spelling
    assert catalogue.find("Panzerkampfwagen") is None


def test_every_problem_of_form_comes_at_once_and_none_twice(run, tmp_path):
    path = tmp_path / "many.yaml"
    path.write_text(
        "kind: scenario\nsystem: mak\nid: mak.x\nturns: 012\nturns: 3\ndate: 2885-03-01\n"
        "first_player: blue\nbogus: 1\nattacker: !!str strahl\n",
        encoding="utf-8",
    )
    result = run("check", "--format", "json", str(path))
    found = [(f["line"], f["code"], f["message"]) for f in json.loads(result.out) if f["line"] > 1]
    assert found == [
        (4, "yaml-number", found[0][2]),
        (5, "duplicate-key", found[1][2]),
        (
            6,
            "date-not-year-month",
            "2885-03-01 is a full date; write the year and month only, such as 2885-03",
        ),
        (7, "bad-choice", "'blue' is not allowed; expected one of: strahl, mercenary"),
        (8, "unknown-key", found[4][2]),
        (9, "yaml-tag", found[5][2]),
    ]


def test_explain_with_json_keeps_the_json_valid(run):
    sample = str(DEFAULT_CONTENT / "scenarios" / "mak" / "quarry-road.yaml")
    result = run("check", "--explain", "--format", "json", sample)
    assert result.code == 0
    assert isinstance(json.loads(result.out), list)
    assert "Turn" in result.err


def test_each_complete_example_in_the_docs_is_its_sample_byte_for_byte():
    for block in _doc_examples():
        system = re.search(r"^system: *(\w+)", block, re.M).group(1)
        name = re.search(r"^id: *\w+\.(\S+)", block, re.M).group(1)
        sample = DEFAULT_CONTENT / "scenarios" / system / f"{name}.yaml"
        assert block == sample.read_text(encoding="utf-8"), f"docs example of {name}"


def test_every_translation_the_docs_show_records_the_right_source_hash():
    from generator.content.model.base import source_hash

    text = DOCS.read_text(encoding="utf-8")
    shown = re.findall(r"\{en: ([^,{}]+), ja: [^{}]+?, tr: ja, from: \"([0-9a-f]{8})\"\}", text)
    assert shown
    for english, recorded in shown:
        assert source_hash(english.strip().strip('"')) == recorded, english


def test_the_schema_flags_the_bounds_the_rules_set():
    sample = DEFAULT_CONTENT / "scenarios" / "mak" / "rehn-crossing.yaml"
    data = load_yaml(sample, "rehn-crossing.yaml")[0].data
    data["id"] = "fpcf.rehn-crossing"
    data["forces"]["mercenary"]["land_mines"]["fields"][0]["attack"] = 14
    found = "\n".join(_schema_errors("mak", data))
    assert "id: 'fpcf.rehn-crossing' does not match '^mak" in found
    assert (
        "land_mines: {'budget': 24, 'fields': [{'board': 6, 'hex': '0703', 'attack': 14}], 'fixed':"
        " 'open', 'zone': {'boards': [6]}} is not valid" in found
    )
