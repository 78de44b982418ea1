"""Whatever passes `check` builds, in bounded time and memory (issue 20): every date `check`
accepts prints, the card's size budget bounds every text and list a card prints, each step of
`check` stays linear in the file's size, a file's entries are counted across its nested lists, and
files that pass `check --strict` build with exit 0. Timings belong to the benchmark: each guard
here only catches a hang."""

from __future__ import annotations

import copy
import json
import os
import random
import re
import subprocess
import time
from pathlib import Path

import pytest
import yaml
from conftest import completed_in_process
from jsonschema import Draft202012Validator

from generator.content.load import load_content
from generator.content.yaml_loader import parse_yaml
from generator.core import limits
from generator.scenario import budget
from generator.scenario.check import check_paths
from generator.scenario.findings import Findings
from generator.scenario.fpcf import checks as fpcf_checks
from generator.scenario.mak import checks as mak_checks
from generator.scenario.mak.forces import read_lines
from generator.scenario.mak.model import FIRST_DATE, LAST_DATE
from generator.scenario.reader import read_file, validate

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "content" / "scenarios"
HANG = 300  # seconds: a guard that catches a hang, far above what any step here takes
CONTENT = load_content()
SEEDS = {seed.id for seed in CONTENT.sources.seeds}
MAK = yaml.safe_load((SCENARIOS / "mak" / "rehn-crossing.yaml").read_text(encoding="utf-8"))
FPCF = yaml.safe_load((SCENARIOS / "fpcf" / "weser-screen.yaml").read_text(encoding="utf-8"))
PROBE = """\
kind: scenario
system: mak
id: mak.probe
title: {en: P, ja: P, tr: none}
briefing: {en: P, ja: P, tr: none}
date: DATE
boards: {layout: [[5, 6]]}
turns: 8
first_player: strahl
attacker: strahl
set_up: {first: mercenary}
forces:
  strahl: {units: [{unit: PKA, code: "×2", deploy: "1⑤W"}]}
  mercenary: {}
victory:
  conditions: {en: W, ja: W, tr: none}
  otherwise: mercenary
"""


def playaid(
    *args: str, env: dict | None = None, timeout: int = HANG
) -> subprocess.CompletedProcess:
    """Run playaid in this process (issue 46: no real process needed); `timeout` is the most a
    probe may take, checked after it returns."""
    start = time.monotonic()
    result = completed_in_process(list(args), ROOT, env)
    assert time.monotonic() - start < timeout, f"{args} took longer than {timeout} s"
    return result


class _Plain(yaml.SafeDumper):
    """A dumper that writes a value repeated in the data out again (playaid refuses aliases)."""

    def ignore_aliases(self, data: object) -> bool:
        return True


def write(path: Path, data: dict) -> Path:
    """A scenario's data written as a YAML file."""
    text = yaml.dump(data, Dumper=_Plain, allow_unicode=True, sort_keys=False)
    path.write_text(text, encoding="utf-8")
    return path


def findings(path: Path) -> list:
    """Every finding `check` gives a file, in process."""
    return check_paths(CONTENT, [path])


def own(en: str, ja: str | None = None) -> dict:
    """A text both of whose languages are the author's own (no translation to stamp)."""
    return {"en": en, "ja": en if ja is None else ja, "tr": "none"}


# 1. Every date `check` accepts prints.


@pytest.mark.parametrize("date", ["0000-01", "0000-12"])
def test_a_date_no_card_can_print_is_a_finding_at_its_line_and_key(run, tmp_path, date):
    path = tmp_path / "d.yaml"
    path.write_text(PROBE.replace("DATE", date), encoding="utf-8")
    result = run("check", "--strict", str(path))
    assert result.code == 1
    shown = result.out + result.err
    assert f"d.yaml:6:7: error[scenario-date-range]: date: {date} is not a date" in shown
    assert "Traceback" not in shown


@pytest.mark.parametrize("date", [FIRST_DATE, "0999-12", "2885-03", LAST_DATE])
def test_every_date_in_the_range_passes_check(run, tmp_path, date):
    path = tmp_path / "d.yaml"
    path.write_text(PROBE.replace("DATE", date), encoding="utf-8")
    assert run("check", "--strict", str(path)).code == 0


def test_the_schema_and_the_docs_state_the_dates_check_accepts():
    schema = json.loads((SCENARIOS / "mak.schema.json").read_text(encoding="utf-8"))
    date = Draft202012Validator(schema["properties"]["date"])
    for written in ("0000-01", "2885-13", "2885-00", "12885-01", "885-01"):
        assert not date.is_valid(written), written
    for written in (FIRST_DATE, "0010-06", "0999-12", "2885-03", LAST_DATE):
        assert date.is_valid(written), written
    docs = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    row = next(line for line in docs.splitlines() if line.startswith("| `date` |"))
    assert f"`{FIRST_DATE}`" in row and f"`{LAST_DATE}`" in row and "scenario-date-range" in row


# 2. The size budget bounds every text and list the card prints.

LONG = "Xx " * 6000  # 18,000 characters, under the reader's 20,000


def _mak(change) -> dict:
    data = copy.deepcopy(MAK)
    change(data)
    return data


def _fpcf(change) -> dict:
    data = copy.deepcopy(FPCF)
    change(data)
    return data


def _first_with(data: dict, key: str) -> dict:
    return next(f for f in data["formations"] if f.get(key))


PLAIN_PROBES = {
    ("author",): lambda: _mak(lambda d: d.update(author=LONG)),
    ("forces", "strahl", "units", 0, "unit"): lambda: _mak(
        lambda d: d["forces"]["strahl"]["units"][0].update(unit="PKA" + " ." * 40)
    ),
    ("forces", "strahl", "units", 0, "code"): lambda: _mak(
        lambda d: d["forces"]["strahl"]["units"][0].update(code="×2" + " " * 60)
    ),
    ("forces", "strahl", "units", 0, "deploy"): lambda: _mak(
        lambda d: d["forces"]["strahl"]["units"][0].update(deploy="1⑤W" + " " * 60)
    ),
    ("forces", "mercenary", "artillery", 0, "code"): lambda: _mak(
        lambda d: d["forces"]["mercenary"].update(
            artillery=[{"code": "Type I … ⑥N−30×2 (1)" + " " * 60}]
        )
    ),
    ("forces", "mercenary", "pilots", 0, "rank"): lambda: _mak(
        lambda d: d["forces"]["mercenary"].update(
            pilots=[{"number": 30, "created": True, "rank": "sergeant" + " " * 30}]
        )
    ),
    ("formations", 0, "units", 0, "name"): lambda: _fpcf(
        lambda d: d["formations"][0]["units"][0].update(name=LONG)
    ),
    ("formations", 3, "arrives", "columns", 0, "units", 0): lambda: _fpcf(
        lambda d: d["formations"][3]["arrives"]["columns"][0]["units"].insert(0, LONG)
    ),
    ("formations", 4, "drops", 0, "unit"): lambda: _fpcf(
        lambda d: _first_with(d, "drops")["drops"][0].update(unit="あ" * 13)
    ),
}


@pytest.mark.parametrize("path", list(PLAIN_PROBES), ids=lambda p: ".".join(map(str, p)))
def test_a_text_written_once_for_both_languages_is_within_the_budget(tmp_path, path):
    data = PLAIN_PROBES[path]()
    found = findings(write(tmp_path / "long.yaml", data))
    shown = ".".join(str(part) for part in path)
    budgeted = [f for f in found if f.code == "card-budget-plain"]
    assert budgeted, [f.code for f in found]
    key = re.sub(r"\.(\d+)", r"[\1]", shown)
    assert budgeted[0].key_path == key
    assert f"at most {budget.plain_limit(path)}" in budgeted[0].message_en


LIST_PROBES = {
    "optional_rules": lambda: _mak(lambda d: d.update(optional_rules=["fire"] * 17)),
    "equipment": lambda: _mak(
        lambda d: d["forces"]["strahl"]["units"][0].update(equipment=["bomb"] * 7)
    ),
    "nations": lambda: _fpcf(lambda d: d.update(nations=["uk", "wg", "su"] * 4)),
    "air_strike_nations": lambda: _fpcf(lambda d: d.update(air_strike_nations=["uk"] * 12)),
    "columns": lambda: _fpcf(
        lambda d: d["formations"][3]["arrives"].update(
            columns=d["formations"][3]["arrives"]["columns"] * 3
        )
    ),
    "activation": lambda: _fpcf(
        lambda d: d.update(surprise=True, pre_game={"activation": ["su-10-gtd"] * 7})
    ),
}


@pytest.mark.parametrize("name", list(LIST_PROBES))
def test_a_list_whose_repeats_are_only_warnings_is_still_within_the_budget(tmp_path, name):
    found = findings(write(tmp_path / "many.yaml", LIST_PROBES[name]()))
    assert any(f.code == "card-budget" and f.severity == "error" for f in found), [
        (f.code, f.key_path) for f in found
    ]


def test_five_thousand_unit_lines_do_not_pass_check(tmp_path):
    lines = "".join('    - {unit: PKA, deploy: "1⑤W"}\n' for _ in range(5000))
    text = PROBE.replace("DATE", "2885-03").replace(
        '  strahl: {units: [{unit: PKA, code: "×2", deploy: "1⑤W"}]}\n',
        "  strahl:\n    units:\n" + lines.replace("    - ", "      - "),
    )
    path = tmp_path / "u5000.yaml"
    path.write_text(text, encoding="utf-8")
    found = findings(path)
    assert any(
        f.code == "card-budget" and f.key_path == "forces.strahl.units" and "5000" in f.message_en
        for f in found
    )


def test_the_docs_state_the_budget_of_texts_written_once_and_of_the_new_lists():
    docs = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    section = docs[docs.index("### The card's size budget") : docs.index("### The kit")]
    lists = {limit.what: limit.most for limit in (*budget.MAK_LIMITS, *budget.FPCF_LIMITS)}
    plain = budget.plain_limit
    stated = {
        "| entries of `optional_rules` |": budget.COMMON_LIMITS[0].most,
        "| Ma.K: equipment markers": lists["word:budget-equipment"],
        "| FP:CF: march columns": lists["word:budget-columns"],
        "| FP:CF: `nations`": f"{lists['word:budget-nations']}, "
        f"{lists['word:budget-strike-nations']}",
        "| FP:CF: formations in `pre_game.activation` |": lists["word:budget-activation"],
        "| `author` |": plain(("author",)),
        "| Ma.K: a unit line's `unit` |": plain(("forces", "strahl", "units", 0, "unit")),
        "| Ma.K: a unit line's `code`": f"{plain(('forces', 'strahl', 'units', 0, 'code'))}, "
        f"{plain(('forces', 'strahl', 'units', 0, 'deploy'))}",
        "| Ma.K: an artillery entry's `code` |": plain(
            ("forces", "strahl", "artillery", 0, "code")
        ),
        "| Ma.K: a created pilot's `rank` |": plain(("forces", "strahl", "pilots", 0, "rank")),
        "| FP:CF: a unit's `name`": plain(("formations", 0, "units", 0, "name")),
    }
    for label, most in stated.items():
        row = next(line for line in section.splitlines() if line.startswith(label))
        assert row.endswith(f"| {most} |"), (label, row)
    for path in (
        ("formations", 0, "arrives", "columns", 0, "units", 0),
        ("formations", 0, "drops", 0, "unit"),
    ):
        assert plain(path) == plain(("formations", 0, "units", 0, "name"))


# 3. Each step of `check` stays linear in the file's size.


class Scan:
    """The drop checks' units as they were kept before the index: one list, scanned whole for
    every drop (the reference the index must agree with)."""

    def __init__(self, placed) -> None:
        self.units = list(placed)

    def add(self, unit) -> None:
        self.units.append(unit)

    def at(self, map_id: str, hex_number: str) -> list:
        return [u for u in self.units if (u.map, u.hex) == (map_id, hex_number)]

    def around(self, map_id: str, hex_number: str) -> list:
        return [u for u in self.units if u.map == map_id]


def _random_drops(rng: random.Random) -> dict:
    """The Weser sample with units and drops of both sides crowded into a few hexes."""
    data = copy.deepcopy(FPCF)

    def spot() -> str:
        return f"{rng.randint(10, 14):02d}{rng.randint(10, 14):02d}"

    for formation in data["formations"]:
        formation.pop("hq", None)
        formation["units"] = [
            {"name": f"U{n}", "map": "baor", "hex": spot()} for n in range(rng.randint(0, 4))
        ]
        if formation.get("arrives"):
            formation.pop("units")
    nato, wp = data["formations"][0], data["formations"][-1]
    for formation in (nato, wp):
        formation["drops"] = [
            {"unit": f"D{n}", "turn": rng.randint(1, 6), "map": "baor", "hex": spot()}
            for n in range(rng.randint(1, 5))
        ]
    return data


@pytest.mark.parametrize("parity", ["odd", "even", "unknown"])
def test_the_indexed_drop_checks_give_the_findings_a_scan_of_every_unit_gave(
    tmp_path, monkeypatch, parity
):
    monkeypatch.setattr(fpcf_checks, "_parity", lambda content, map_id: parity)
    rng = random.Random(f"drops:{parity}")
    compared = 0
    for case in range(40):
        document, _ = read_file(write(tmp_path / f"d{case}.yaml", _random_drops(rng)))
        scenario, problems = validate(document, SEEDS)
        assert scenario is not None, problems
        indexed = fpcf_checks.check_fpcf(document, scenario, CONTENT)
        with monkeypatch.context() as scanned:
            scanned.setattr(fpcf_checks, "Standing", Scan)
            reference = fpcf_checks.check_fpcf(document, scenario, CONTENT)
        assert indexed == reference
        compared += any(f.code in ("fpcf-drop-zoc", "fpcf-drop-enemy") for f in indexed)
    assert compared >= 5  # the cases do put drops next to and onto enemy units


def _counting(monkeypatch, module, name: str) -> list[int]:
    """Count the calls of a module's function."""
    calls = [0]
    original = getattr(module, name)

    def counted(*args, **kwargs):
        calls[0] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


def _hexes():
    for column in range(1, 100):
        for row in range(1, 100):
            yield f"{column:02d}{row:02d}"


def test_a_drop_is_measured_against_the_units_next_to_it_not_against_every_unit(
    tmp_path, monkeypatch
):
    data = copy.deepcopy(FPCF)
    hexes = _hexes()
    data["formations"][0]["units"] = [
        {"name": f"U{n}", "map": "baor", "hex": next(hexes)} for n in range(1500)
    ]
    _first_with(data, "drops")["drops"] = [
        {"unit": f"D{n}", "turn": 2, "map": "baor", "hex": next(hexes)} for n in range(1500)
    ]
    document, _ = read_file(write(tmp_path / "drops.yaml", data))
    scenario, _ = validate(document, SEEDS)
    calls = _counting(monkeypatch, fpcf_checks, "distances")
    fpcf_checks.check_fpcf(document, scenario, CONTENT)
    assert calls[0] < 20 * 1500  # a scan of every unit for every drop made 2,250,000


def test_march_columns_and_headquarters_are_measured_in_a_line(tmp_path, monkeypatch):
    data = copy.deepcopy(FPCF)
    arrives = data["formations"][3]["arrives"]
    arrives["columns"] = [
        {"entry": {"map": "baor", "hex": f"{n % 90 + 1:02d}01"}, "units": []} for n in range(1500)
    ]
    base = data["formations"][0]
    data["formations"] += [
        {**copy.deepcopy(base), "id": f"uk-{n}", "units": base["units"][:1]} for n in range(400)
    ]
    document, _ = read_file(write(tmp_path / "columns.yaml", data))
    scenario, _ = validate(document, SEEDS)
    calls = _counting(monkeypatch, fpcf_checks, "distances")
    walked = [0]

    class Placed(list):
        def __iter__(self):
            walked[0] += 1
            return super().__iter__()

    placed = fpcf_checks._placed
    monkeypatch.setattr(fpcf_checks, "_placed", lambda *args: Placed(placed(*args)))
    fpcf_checks.check_fpcf(document, scenario, CONTENT)
    assert calls[0] < 10 * (1500 + 400)  # all pairs of columns made 1,124,250
    assert walked[0] < 10  # each division's HQ once walked every unit set up


def _old_ring(line, carriers) -> str | None:
    """The ring check as it was (walking each chain from each line): the reference."""
    chain = [line]
    while (carrier := carriers.get((line.side, chain[-1].entry.aboard or ""))) is not None:
        if carrier is line:
            return " → ".join(str(member.entry.id) for member in (*chain, line))
        if any(carrier is member for member in chain):
            return None
        chain.append(carrier)
    return None


def test_rings_of_transports_are_found_as_the_walk_from_each_line_found_them(tmp_path):
    rng = random.Random("rings")
    for case in range(60):
        size = rng.randint(1, mak_checks.RING_SHOWN)
        ids = [f"l{n}" for n in range(size)]
        units = []
        for _ in range(size):
            unit = {"id": rng.choice(ids), "unit": "Truck"}
            if rng.random() < 0.8:
                unit["aboard"] = rng.choice(ids)
            units.append(unit)
        data = copy.deepcopy(MAK)
        data["forces"]["strahl"]["units"] = units
        document, _ = read_file(write(tmp_path / f"r{case}.yaml", data))
        scenario, _ = validate(document, SEEDS)
        lines = read_lines(scenario, CONTENT.catalogues["mak"], Findings(document))
        carriers = {(ln.side, ln.entry.id): ln for ln in lines if ln.entry.id}
        rings = mak_checks._rings(lines, carriers)
        for line in lines:
            carrier = carriers.get((line.side, line.entry.aboard or ""))
            skipped = carrier is None or carrier is line  # mak-aboard-unknown instead
            expected = None if skipped else _old_ring(line, carriers)
            assert rings.get(id(line)) == expected, (units, line.index)


def _chain(size: int, ring: bool) -> dict:
    data = copy.deepcopy(MAK)
    data["forces"]["strahl"]["units"] = [
        {"id": f"l{n}", "unit": "Truck", "aboard": f"l{(n + 1) % size if ring else n + 1}"}
        for n in range(size)
    ]
    return data


@pytest.mark.parametrize("ring", [False, True], ids=["chain", "ring"])
def test_a_long_chain_of_transports_checks_under_a_hang_guard(tmp_path, ring):
    # Walking the chain from each of 4,000 lines took time as the cube of their number (hours).
    path = write(tmp_path / "chain.yaml", _chain(4000, ring))
    result = playaid("check", str(path), timeout=120)
    assert result.returncode == 1, result.stderr[-2000:]
    assert "Traceback" not in result.stderr
    if ring:
        shown = result.stdout + result.stderr
        ring_lines = [ln for ln in shown.splitlines() if "mak-aboard-ring" in ln]
        assert len(ring_lines) == 4000
        assert max(len(ln) for ln in ring_lines) < 600  # a ring's message never lists it all


def test_unmanned_units_are_counted_once_a_side_not_once_a_controller(tmp_path, monkeypatch):
    data = copy.deepcopy(MAK)
    data["forces"]["strahl"]["units"] = [{"unit": "PKA", "code": "PC①"} for _ in range(1500)]
    document, _ = read_file(write(tmp_path / "pc.yaml", data))
    scenario, _ = validate(document, SEEDS)
    calls = _counting(monkeypatch, mak_checks, "known")
    mak_checks.check_mak(document, scenario, CONTENT)
    assert calls[0] < 40 * 1500  # every controller looked at every line: 2,250,000


def _many(kind: str) -> dict:
    """A file whose findings each once listed everything of one kind in the file."""
    if kind == "mines":
        return _mak(
            lambda d: d["forces"]["strahl"].update(
                land_mines={
                    "budget": 999,
                    "fields": [{"board": 5, "hex": "0805", "attack": 5}] * 2000,
                }
            )
        )
    if kind == "boards":

        def boards(d):
            d["boards"]["layout"] = [[5, 6, *range(8, 2008)]]
            d["forces"]["strahl"]["units"] = [
                {"unit": "PKA", "setup": [{"board": 3, "hex": "0101"}]}
            ] * 2000

        return _mak(boards)
    if kind == "ring":
        return _chain(2000, ring=True)
    if kind == "maps":

        def maps(d):
            d["maps"] = [f"m{n}" for n in range(2000)]
            d["map_layout"] = [[f"x{n}" for n in range(2000)]]
            d["formations"][0]["units"] = [
                {"name": f"U{n}", "map": "nowhere", "hex": "0101"} for n in range(2000)
            ]

        return _fpcf(maps)

    def nations(d):
        d["nations"] = [f"n{n}" for n in range(2000)]
        base = d["formations"][0]
        d["formations"] = [{**base, "id": f"f{n}", "nation": "uk"} for n in range(500)]

    return _fpcf(nations)


@pytest.mark.parametrize("kind", ["mines", "boards", "ring", "maps", "nations"])
def test_no_message_grows_with_the_file(tmp_path, kind):
    found = findings(write(tmp_path / f"{kind}.yaml", _many(kind)))
    assert len(found) > 500
    longest = max(found, key=lambda f: len(f.message_en))
    assert len(longest.message_en) < 600, (longest.code, longest.message_en[:300])


# 4. A file's entries are counted across its nested lists.


def _grid(rows: int, columns: int) -> str:
    return "layout:\n" + "".join(f"  - [{', '.join(['null'] * columns)}]\n" for _ in range(rows))


def test_entries_are_counted_per_file_across_nested_lists():
    rows = limits.FILE_ENTRIES // 100  # rows of 100 nulls, each row an entry too
    document, problems = parse_yaml(_grid(rows, 100), Path("grid.yaml"), "grid.yaml")
    assert document is None
    assert [p.code for p in problems] == ["yaml-many-entries"]
    assert problems[0].file == "grid.yaml" and problems[0].line > 1
    assert f"more than {limits.FILE_ENTRIES} entries" in problems[0].message_en
    fits = limits.FILE_ENTRIES // 101 - 1  # 1 (layout) + rows × 101 entries, within the limit
    document, problems = parse_yaml(_grid(fits, 100), Path("grid.yaml"), "grid.yaml")
    assert document is not None and not problems


def test_entries_of_nested_mappings_count_too():
    text = "".join(
        f"k{outer}:\n" + "".join(f"  v{inner}: 1\n" for inner in range(150)) for outer in range(150)
    )
    document, problems = parse_yaml(text, Path("maps.yaml"), "maps.yaml")
    assert document is None and [p.code for p in problems] == ["yaml-many-entries"]


def test_a_board_layout_of_700_by_700_nulls_is_refused_naming_the_file_and_the_limit(tmp_path):
    rows = "".join("    - [" + ",".join(["~"] * 700) + "]\n" for _ in range(700))  # ~ is null
    text = PROBE.replace("DATE", "2885-03").replace(
        "boards: {layout: [[5, 6]]}\n", "boards:\n  layout:\n" + rows + "    - [5, 6]\n"
    )
    path = tmp_path / "layout.yaml"
    path.write_text(text, encoding="utf-8")
    assert path.stat().st_size > 900_000
    result = playaid("check", str(path), timeout=120)
    assert result.returncode == 1
    shown = result.stdout + result.stderr
    assert re.search(r"layout\.yaml:\d+:\d+: error\[yaml-many-entries\]", shown)
    assert f"{limits.FILE_ENTRIES}" in shown and "Traceback" not in shown


def test_the_security_docs_list_the_entries_of_a_file():
    docs = (ROOT / "docs" / "security.md").read_text(encoding="utf-8")
    row = next(line for line in docs.splitlines() if line.startswith("| entries of one file |"))
    assert f"{limits.FILE_ENTRIES:,}" in row


# 5. Files that pass `check --strict` build with exit 0.


def _at_the_dates(data: dict, date: str) -> dict:
    """A Ma.K file dated `date`: AMUs score only after 2884 [16.2.2], so not before."""
    data = {**copy.deepcopy(data), "date": date}
    if date <= mak_checks.AMU_AFTER:
        data["victory"]["amu"] = False
    return data


def _texts_at_the_budget(data: dict, japanese: bool) -> dict:
    """A file's head texts as long as the budget allows, in words."""
    data = copy.deepcopy(data)
    words = "夜明けまでに渡河点を確保せよ。" if japanese else "Hold the crossing until dawn. "
    for key in ("title", "briefing", "special_rules"):
        most = budget.text_limit((key,))
        text = (words * most)[: most // 2 if japanese else most].strip()
        data[key] = own("Hold the crossing until dawn.", text) if japanese else own(text)
    data["author"] = ("Player " * 20)[: budget.plain_limit(("author",))].strip()
    return data


def _mutations() -> list[tuple[str, dict]]:
    """The samples changed in small legal ways."""
    cases = [
        ("mak-first-date", _at_the_dates(MAK, FIRST_DATE)),
        ("mak-last-date-ja", _texts_at_the_budget(_at_the_dates(MAK, LAST_DATE), True)),
        ("fpcf-texts", _texts_at_the_budget(FPCF, False)),
    ]
    if os.environ.get("PLAYAID_BOUNDS_SWEEP"):
        for path in sorted(SCENARIOS.glob("*/*.yaml")):
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            for japanese in (False, True):
                changed = _texts_at_the_budget(data, japanese)
                cases.append((f"{path.stem}-{'ja' if japanese else 'en'}", changed))
            if data["system"] == "mak":
                for date in (FIRST_DATE, "0999-12", LAST_DATE):
                    cases.append((f"{path.stem}-{date}", _at_the_dates(data, date)))
    return cases


GENERATED = [("mak", 3, "medium"), ("fpcf", 4, "large")]
if os.environ.get("PLAYAID_BOUNDS_SWEEP"):
    GENERATED = [
        (system, seed, size)
        for system in ("mak", "fpcf")
        for seed in range(8)
        for size in ("small", "medium", "large")
    ]


@pytest.fixture(scope="module")
def cache(tmp_path_factory) -> Path:
    """One cache for the module's builds (fonts subset once), in a temporary folder."""
    return tmp_path_factory.mktemp("cache")


def _builds(path: Path, cache: Path, out: Path) -> None:
    """A file that passes `check --strict` builds with exit 0, each step under the hang guard."""
    env = {"XDG_CACHE_HOME": str(cache)}
    checked = playaid("check", "--strict", str(path), env=env)
    assert checked.returncode == 0, checked.stdout[-3000:] + checked.stderr[-2000:]
    built = playaid("build", str(path), "--lang", "en", "--out", str(out), env=env)
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-3000:]
    assert (out / "manifest.json").is_file()


@pytest.mark.parametrize("name,data", _mutations(), ids=[name for name, _ in _mutations()])
def test_a_mutated_sample_that_passes_check_builds(tmp_path, cache, name, data):
    _builds(write(tmp_path / f"{name}.yaml", data), cache, tmp_path / "out")


@pytest.mark.parametrize("system,seed,size", GENERATED)
def test_a_generated_file_builds(tmp_path, cache, system, seed, size):
    path = tmp_path / f"{system}-{seed}-{size}.yaml"
    made = playaid(
        "generate",
        system,
        "--seed",
        str(seed),
        "--size",
        size,
        "--out",
        str(path),
        env={"XDG_CACHE_HOME": str(cache)},
    )
    assert made.returncode == 0, made.stderr[-2000:]
    _builds(path, cache, tmp_path / "out")
