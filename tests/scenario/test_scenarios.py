"""Scenario checks: for every check, a file that breaks it is caught with its code and rule id, and
a file that keeps it is not; the whole output of both is golden, in English and Japanese."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.scenario.findings import printed_number

CASES = Path(__file__).resolve().parents[1] / "scenarios"
OVERLAY = {"fpcf": ["--overlay", str(CASES / "fpcf" / "overlay")], "mak": []}

# (code, rule) findings the fail file of each case must give; the pass file gives none of them.
EXPECTED: dict[tuple[str, str], set[tuple[str, str | None]]] = {
    ("mak", "deploy-code"): {("mak-code-unreadable", "mak.scenarios")},
    ("mak", "deploy-zone"): {
        ("mak-zone-hex-edge", "mak.scenarios"),
        ("mak-zone-direction", "mak.scenarios"),
    },
    ("mak", "unit-code"): {("mak-code-unreadable", "mak.scenarios")},
    ("mak", "artillery-code"): {("mak-code-unreadable", "mak.scenarios")},
    ("mak", "board-number"): {("mak-board-number", "mak.2.1")},
    ("mak", "board-twice"): {("mak-board-twice", "mak.2.1")},
    ("mak", "board-not-used"): {("mak-board-not-used", "mak.scenarios")},
    ("mak", "hex-number"): {
        ("hex-not-quoted", "mak.scenarios"),
        ("hex-malformed", "mak.scenarios"),
    },
    ("mak", "turn-after-end"): {("turn-after-end", "mak.12.1")},
    ("mak", "unknown-unit"): {("mak-unknown-unit", "mak.2.2")},
    ("mak", "pilot-unknown"): {("mak-pilot-unknown", "mak.pilots")},
    ("mak", "pilot-twice"): {
        ("mak-pilot-twice", "mak.18.1.3"),
        ("mak-pilot-twice-in-code", "mak.18.1.3"),
    },
    ("mak", "pilot-count"): {("mak-count-pilots", "mak.18.1.3")},
    ("mak", "unit-side"): {("mak-unit-side", None)},
    ("mak", "setup-lines"): {("mak-setup-count", "mak.scenarios"), ("mak-line-id-twice", None)},
    ("mak", "pilot-details"): {
        ("mak-pilot-described-twice", None),
        ("mak-pilot-chart-name", "mak.pilots"),
        ("mak-pilot-unknown", "mak.pilots"),
    },
    ("mak", "commanders"): {
        ("mak-leader-twice", "mak.scenarios"),
        ("mak-leader-rank", "mak.scenarios"),
        ("mak-sole-and-secondary", "mak.scenarios"),
    },
    ("mak", "commander-secondary"): {
        ("mak-secondary-alone", "mak.scenarios"),
        ("mak-leader-twice", "mak.scenarios"),
    },
    ("mak", "pc"): {("mak-pc-without-unmanned", "mak.16.1.1")},
    ("mak", "stacking"): {("mak-stack-limit", "mak.8.2")},
    ("mak", "stacking-flying"): {("mak-stack-limit", "mak.8.2")},
    ("mak", "neuspotters"): {("mak-neuspotter-pair", "mak.8.2.3")},
    ("mak", "transport-kind"): {("mak-cargo-kind", "mak.13.1.1")},
    ("mak", "transport-sph69"): {("mak-cargo-kind", "mak.13.1.5")},
    ("mak", "transport-capacity"): {("mak-transport-capacity", "mak.13.1.5")},
    ("mak", "transport-carrier"): {
        ("mak-carrier-not-vehicle", "mak.13.1.1"),
        ("mak-aboard-unknown", "mak.13.1"),
    },
    ("mak", "transport-position"): {("mak-aboard-position", "mak.13.1.2")},
    ("mak", "transport-ring"): {("mak-aboard-ring", "mak.13.1")},
    ("mak", "rounds"): {("mak-rounds-limit", "mak.11.2.4")},
    ("mak", "equipment"): {("mak-equipment-not-aeronautical", "mak.11.4")},
    ("mak", "mines"): {
        ("mak-mine-attack", "mak.19.1.1"),
        ("mak-mine-budget", "mak.19.1"),
        ("mak-mine-hex-total", "mak.19.1.1"),
    },
    ("mak", "artillery"): {("mak-artillery-per-turn", "mak.scenarios")},
    ("mak", "amu"): {("mak-amu-date", "mak.16.2.2")},
    ("mak", "card-budget"): {("card-budget", None), ("card-budget-text", None)},
    ("fpcf", "card-budget"): {("card-budget", None)},
    ("mak", "created-pilot"): {
        ("mak-created-pilot-option", "mak.18.3"),
        ("mak-created-pilot-on-chart", "mak.18.3"),
        ("mak-created-pilot-range", "mak.18.3.1"),
        ("mak-pilot-rank", "mak.rank-vp"),
    },
    ("mak", "ability-limit"): {("mak-ability-limit", "mak.18.3.3")},
    ("mak", "markers"): {
        ("mak-position-rating", "mak.12.3"),
        ("mak-rating-not-position", "mak.12.3"),
        ("mak-position-no-rating", "mak.12.3"),
    },
    ("mak", "options"): {("unknown-option", None)},
    ("mak", "scenario-points"): {("mak-points-without-ogp", "mak.ogp")},
    ("mak", "unit-values"): {("mak-unit-values-missing", "mak.ogp")},
    ("mak", "unit-values-list"): {
        ("mak-unit-value-unlisted", "mak.ogp"),
        ("mak-unit-value-twice", None),
        ("mak-unknown-unit", "mak.2.2"),
    },
    ("mak", "mines-zone"): {
        ("mak-mines-fixed-missing", "mak.19.1.1"),
        ("mak-mines-zone-missing", "mak.19.1.1"),
        ("mak-mine-outside-zone", "mak.19.1.1"),
    },
    ("mak", "unknown-facts"): {
        ("mak-equipment-unknown", "mak.11.4"),
        ("mak-rounds-unknown", "mak.11.2.4"),
        ("mak-stack-unknown", "mak.8.1"),
        ("mak-carrier-unknown", "mak.13.1.1"),
    },
    ("fpcf", "start-level"): {("fpcf-start-level", "fpcf.air-strike-availability")},
    ("fpcf", "strike-nations"): {("fpcf-strike-nation-absent", "fpcf.air-strike-availability")},
    ("fpcf", "hq-distance"): {("fpcf-hq-distance", "fpcf.setup")},
    ("fpcf", "hq-distance-parity"): {
        ("fpcf-distance-unknown", "fpcf.setup"),
        ("fpcf-hq-distance", "fpcf.setup"),
    },
    ("fpcf", "morale"): {("fpcf-morale-chart", "fpcf.starting-morale")},
    ("fpcf", "morale-row"): {("fpcf-morale-row", "fpcf.starting-morale")},
    ("fpcf", "drop-terrain"): {("fpcf-drop-terrain", "cf.15.2")},
    ("fpcf", "drop-occupied"): {("fpcf-drop-enemy", "cf.15.2"), ("fpcf-drop-friendly", "cf.15.2")},
    ("fpcf", "drop-zoc"): {("fpcf-drop-zoc", "cf.15.2")},
    ("fpcf", "drop-twice"): {("fpcf-drop-twice", "cf.15.2")},
    ("fpcf", "columns"): {("fpcf-columns-apart", "cf.17.21"), ("fpcf-columns-count", "cf.17.2")},
    ("fpcf", "west-german-brigades"): {
        ("fpcf-brigade-division-absent", "fpcf.west-german-brigades"),
    },
    ("fpcf", "brigade-unattached"): {("fpcf-brigade-unattached", "fpcf.west-german-brigades")},
    ("fpcf", "original-setup"): {("fpcf-original-setup-twice", "fpcf.setup")},
    ("fpcf", "non-surprise"): {
        ("fpcf-nato-ops", "fpcf.non-surprise-scenario"),
        ("fpcf-activation-not-surprise", "fpcf.soviet-surprise-phase"),
    },
    ("fpcf", "surprise"): {
        ("fpcf-surprise-activation", "fpcf.soviet-surprise-phase"),
        ("fpcf-surprise-ops", "fpcf.non-surprise-scenario"),
    },
    ("fpcf", "surprise-activation"): {
        ("fpcf-activation-unknown", "fpcf.soviet-surprise-phase"),
        ("fpcf-activation-not-gt1", "fpcf.soviet-surprise-phase"),
    },
    ("fpcf", "maps"): {
        ("fpcf-map-group", "fpcf.aircraft-nation"),
        ("fpcf-map-unknown", None),
        ("fpcf-map-not-used", None),
    },
    ("fpcf", "nations"): {("fpcf-nation-unknown", None), ("fpcf-nation-not-listed", None)},
    ("fpcf", "turns"): {("turn-after-end", "cf.17.0"), ("turn-after-end", "cf.15.0")},
    ("fpcf", "strike-nations-no-units"): {
        ("fpcf-strike-nation-absent", "fpcf.air-strike-availability")
    },
    ("fpcf", "columns-one"): {("fpcf-columns-count", "cf.17.2"), ("fpcf-columns-nato", "cf.17.2")},
    ("fpcf", "drop-after-drop"): {("fpcf-drop-zoc", "cf.15.2"), ("fpcf-drop-twice", "cf.15.2")},
    ("fpcf", "hq-distance-maps"): {("fpcf-distance-maps", "fpcf.setup")},
    ("fpcf", "surprise-gt1"): {("fpcf-activation-missing", "fpcf.soviet-surprise-phase")},
    ("fpcf", "surprise-warsaw-pact"): {("fpcf-activation-missing", "fpcf.soviet-surprise-phase")},
    ("fpcf", "brigade-attachment"): {
        ("fpcf-brigade-division-enemy", "fpcf.west-german-brigades"),
        ("fpcf-attached-not-wg-brigade", "fpcf.west-german-brigades"),
    },
    ("fpcf", "arrivals"): {
        ("fpcf-columns-missing", "cf.17.2"),
        ("fpcf-arrival-units-missing", "cf.17.0"),
    },
    ("fpcf", "morale-needed"): {
        ("fpcf-morale-missing", "fpcf.starting-morale"),
        ("fpcf-morale-drop", "fpcf.air-drop"),
    },
    ("fpcf", "victory-terms"): {
        ("fpcf-victory-hqs", None),
        ("victory-undecided", None),
        ("set-up-order-missing", None),
    },
    ("fpcf", "options"): {("unknown-option", None)},
    ("fpcf", "forces-in-play"): {("fpcf-forces-open", "fpcf.setup")},
    ("fpcf", "forces-parts"): {("fpcf-parts-missing", "fpcf.setup")},
    ("fpcf", "arrival-twice"): {("fpcf-arrival-twice", "cf.17.0")},
    ("fpcf", "arrival-area"): {("fpcf-arrival-area-missing", "cf.17.0")},
    ("fpcf", "drop-reach"): {("fpcf-drop-reachable", "cf.15.2")},
    ("mak", "artillery-vp"): {("mak-artillery-vp-without-ogp", "mak.ogp")},
    ("mak", "concealment"): {("mak-concealment-in-view", "mak.15.0")},
    ("mak", "victory-conditions"): {("victory-conditions-missing", "mak.ogp")},
    ("fpcf", "listed-twice"): {("listed-twice", None)},
    ("fpcf", "map-layout"): {
        ("fpcf-layout-map-missing", None),
        ("fpcf-layout-map-twice", None),
        ("fpcf-layout-map-not-used", None),
    },
}


def _cases() -> list[tuple[str, str]]:
    return sorted(
        (system.name, case.name)
        for system in CASES.iterdir()
        if system.is_dir()
        for case in system.iterdir()
        if (case / "fail.yaml").exists()
    )


def _check(run, system: str, case: str, variant: str, *options: str) -> list[dict]:
    path = CASES / system / case / f"{variant}.yaml"
    result = run(*OVERLAY[system], "check", "--format", "json", *options, str(path))
    return json.loads(result.out)


def _text(run, system: str, case: str, variant: str) -> str:
    path = CASES / system / case / f"{variant}.yaml"
    shown = f"tests/scenarios/{system}/{case}/{variant}.yaml"
    output = []
    for lang in ("en", "ja"):
        result = run(*OVERLAY[system], "check", "--lang", lang, str(path))
        output.append(f"--- {lang} (exit {result.code}) ---")
        output.append(result.err.replace(str(path), shown).rstrip("\n"))
        output.append(result.out.rstrip("\n"))
    return "\n".join(line for line in output if line) + "\n"


def test_every_case_directory_has_its_expected_findings():
    assert set(_cases()) == set(EXPECTED)


@pytest.mark.parametrize(("system", "case"), _cases())
def test_a_file_that_breaks_the_rule_is_caught_with_the_rule_id(run, golden, system, case):
    findings = _check(run, system, case, "fail")
    found = {(finding["code"], finding["rule"]) for finding in findings}
    assert EXPECTED[(system, case)] <= found
    assert all(
        finding["file"].endswith("fail.yaml") and finding["line"] > 0 for finding in findings
    )
    for finding in findings:  # a rule the book numbers is named by its number in the message
        number = printed_number(finding["rule"])
        assert number is None or f"[{number}]" in finding["message"], finding
    golden(f"scenarios/{system}/{case}.fail.txt", _text(run, system, case, "fail"))


@pytest.mark.parametrize(("system", "case"), _cases())
def test_a_file_that_keeps_the_rule_passes(run, golden, system, case):
    findings = _check(run, system, case, "pass", "--strict")
    codes = {finding["code"] for finding in findings}
    assert not codes & {code for code, _ in EXPECTED[(system, case)]}
    assert {finding["severity"] for finding in findings} <= {"info"}
    golden(f"scenarios/{system}/{case}.pass.txt", _text(run, system, case, "pass"))


def test_a_rule_a_finding_cites_is_one_playaid_rule_prints(run, content):
    from generator.tableside.cases import is_rule

    rules = {rule for expected in EXPECTED.values() for _, rule in expected if rule}
    assert all(is_rule(content, rule) for rule in rules)
    result = run("rule", "fpcf.air-strike-availability")
    assert result.code == 0
    assert "All scenarios start at WP level 3" in result.out


def test_strict_fails_on_warnings_only(run):
    path = str(CASES / "fpcf" / "morale" / "fail.yaml")
    plain = run(*OVERLAY["fpcf"], "check", path)
    strict = run(*OVERLAY["fpcf"], "check", "--strict", path)
    assert (plain.code, strict.code) == (0, 1)
    assert "warning[fpcf-morale-chart]" in strict.err


def _board_6(tmp_path: Path, columns: int, rows: int) -> Path:
    """An overlay folder that supplies board 6's grid."""
    overlay = tmp_path / f"boards-{columns}-{rows}"
    overlay.mkdir()
    (overlay / "board-6.yaml").write_text(
        "kind: board\nsystem: mak\nid: board-6\nnumber: 6\n"
        "title: {en: Map board 6, ja: マップボード6, tr: none}\n"
        "source: {supplied: a test board}\n"
        f"grid: {{columns: {columns}, rows: {rows}, parity: even}}\n",
        encoding="utf-8",
    )
    return overlay


def test_a_south_or_east_zone_hex_is_checked_where_the_board_grid_is_known(run, tmp_path):
    path = str(CASES / "mak" / "deploy-zone" / "pass.yaml")  # 1⑥S▷0909 and 1⑥E△1204
    unknown = json.loads(run("check", "--format", "json", path).out)
    assert [f["code"] for f in unknown] == ["mak-zone-hex-unknown"] * 2
    fits = run("--overlay", str(_board_6(tmp_path, 12, 9)), "check", "--format", "json", path)
    assert json.loads(fits.out) == []
    overlay = _board_6(tmp_path, 11, 10)
    off = json.loads(run("--overlay", str(overlay), "check", "--format", "json", path).out)
    assert [(f["code"], f["severity"]) for f in off] == [("mak-zone-hex-edge", "error")] * 2
    assert (
        "the south edge of board 6 is its last row, 10, and the hex is in row 09"
        in (off[0]["message"])
    )
    assert (
        "the east edge of board 6 is its last column, 11, and the hex is in column 12"
        in (off[1]["message"])
    )


def test_a_ring_of_transports_is_reported_and_never_followed_forever(run, content, tmp_path):
    """A aboard B aboard A (and a longer ring) is an error citing [13.1]; `check --explain`
    ends, `build` prints no card for the file, and the card's view model, had it been asked,
    shows the ring's lines with no turn rather than looping."""
    from generator.render.scenario import scenario_context
    from generator.scenario.check import check_documents, read_documents

    path = CASES / "mak" / "transport-ring" / "fail.yaml"
    explained = run("check", "--explain", str(path))
    assert explained.code == 1
    assert explained.err.count("error[mak-aboard-ring]") == 5
    out = tmp_path / "out"
    assert run("build", str(path), "--out", str(out)).code == 1
    assert not list(out.rglob("*.pdf"))
    documents, _ = read_documents([path])
    _, checked = check_documents(content, documents)
    assert len(checked) == 1
    for document, scenario in checked:
        track = scenario_context(document, scenario, content)["track"]
        assert [row for row in track["rows"] if row] and track["setup"] == []


def test_missing_victory_conditions_name_the_rule_and_explain_says_what_to_write(run):
    path = str(CASES / "mak" / "victory-conditions" / "fail.yaml")
    plain = run("check", path)
    assert "error[victory-conditions-missing]" in plain.err
    assert "write `victory.conditions`" in plain.err and "(rule: mak.ogp)" in plain.err
    explained = run("check", "--explain", path)
    assert explained.code == 1
    assert "victory-conditions-missing" in explained.out
    assert "For example: `conditions: {en: The Mercenary Troops win" in explained.out
