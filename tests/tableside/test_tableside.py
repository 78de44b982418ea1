"""The table-side snapshot: answers equal the validated content's, and the cache is never wrong.

Every table, case, rule list and procedure example is answered from the model and from the
snapshot (through JSON, as the cache stores it) and compared; each change that must invalidate
the cache (a changed, added or removed content or overlay file, a new playaid) is made and the
next answer shown to come from the content again; corrupt, planted and unwritable caches are
ignored.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.core import fingerprint, locales
from generator.core.places import DEFAULT_CONTENT
from generator.tableside import cache
from generator.tableside.calc import calc_json, calculate, render_calc
from generator.tableside.cases import list_cases, render_rule, rule_json
from generator.tableside.encode import snapshot_data
from generator.tableside.lookup import answer_json, lookup
from generator.tableside.present import render_answer
from generator.tableside.snapshot import TableSide, table_side

ROOT = Path(__file__).resolve().parents[2]
LOOKUP = ("lookup", "fpcf.terrain-movement", "terrain=flat", "class=leg")


@pytest.fixture(scope="module")
def snapshot(content) -> TableSide:
    """The built-in content's snapshot after a round trip through JSON, as the cache holds it."""
    return TableSide(json.loads(json.dumps(snapshot_data(content), allow_nan=False)))


@pytest.fixture
def own_cache(tmp_path, monkeypatch) -> Path:
    """An empty cache folder of the test's own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "playaid" / "content"


@pytest.fixture
def copied(tmp_path) -> Path:
    """A copy of the built-in content to change."""
    folder = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, folder)
    return folder


def test_every_table_answers_the_same_from_the_snapshot(content, snapshot):
    assert sorted(snapshot.tables) == sorted(content.tables)
    for table_id in content.tables:
        model, plain = lookup(content.table(table_id), {}), lookup(snapshot.table(table_id), {})
        for lang in ("en", "ja"):
            assert render_answer(plain, lang) == render_answer(model, lang), table_id
            assert answer_json(plain, lang) == answer_json(model, lang), table_id
        for cell in content.table(table_id).cells:
            keys = {k: str(v[0]) if isinstance(v, tuple) else v for k, v in cell.address.items()}
            one = lookup(snapshot.table(table_id), keys)
            assert render_answer(one, "ja") == render_answer(
                lookup(content.table(table_id), keys), "ja"
            )


def test_every_case_and_table_rule_reads_the_same(content, snapshot):
    assert sorted(snapshot.cases) == sorted(content.cases)
    for rule_id in [*content.cases, *content.tables]:
        model = content.cases.get(rule_id) or content.tables[rule_id]
        plain = snapshot.cases[rule_id] if rule_id in snapshot.cases else snapshot.tables[rule_id]
        for lang in ("en", "ja"):
            assert render_rule(plain, lang) == render_rule(model, lang), rule_id
            assert rule_json(plain, lang) == rule_json(model, lang), rule_id
    for system in ("cf", "fpcf", "mak"):
        for lang in ("en", "ja"):
            assert list_cases(snapshot, system, lang) == list_cases(content, system, lang)


# Calls of the procedures without worked examples, those reading charts among them.
CALLS = [
    ("fpcf.air-drop", {"die": "8", "wooded": "yes", "ada-fire": "yes"}),
    ("fpcf.air-strikes", {"level": "nato-3", "nation": "WG"}),
    ("fpcf.detection-range", {"target": "nato", "level": "wp-2", "moving": "yes"}),
    ("fpcf.air-superiority", {"level": "nato-1", "nato-strikes": "3", "wp-strikes": "2"}),
    ("cf.bridge-demolition", {"method": "remote", "die": "4"}),
    ("mak.morale-recovery", {"die": "5", "stacked": "yes"}),
    ("mak.pilot-vp", {"rank": "sergeant", "modifiers": "+1"}),
]


def test_every_worked_example_and_procedure_calculates_the_same(content, snapshot):
    examples = [
        (doc.id, example.inputs) for doc in content.procedures.values() for example in doc.examples
    ]
    assert {pid for pid, _ in examples + CALLS} >= {"fpcf.air-drop", "mak.pilot-vp"}
    for procedure_id, inputs in examples + CALLS:
        model = calculate(content, procedure_id, inputs)
        plain = calculate(snapshot, procedure_id, inputs)
        assert calc_json(plain) == calc_json(model), procedure_id
        assert render_calc(plain, "ja") == render_calc(model, "ja"), procedure_id


def test_the_second_call_answers_from_the_cache_and_prints_the_same(own_cache):
    first = table_side()
    second = table_side()
    assert (first.cached, second.cached) == (False, True)
    assert len(list(own_cache.glob("tableside-*.json"))) == 1
    table = "fpcf.terrain-movement"
    assert render_answer(lookup(second.table(table), {}), "ja") == render_answer(
        lookup(first.table(table), {}), "ja"
    )


def _flat_leg(content_folder: Path, *overlays: Path) -> str:
    table = table_side(content_folder, list(overlays)).table("fpcf.terrain-movement")
    return render_answer(lookup(table, {"terrain": "flat", "class": "leg"}), "en")


def test_a_changed_content_file_is_read_again(own_cache, copied):
    assert "→ 2" in _flat_leg(copied)
    path = copied / "fpcf" / "terrain-movement.yaml"
    path.write_text(path.read_text().replace("leg: 2}", "leg: 3}", 1))
    assert "→ 3" in _flat_leg(copied)
    assert table_side(copied).cached


def test_an_added_and_a_removed_file_change_the_key(own_cache, copied):
    before = cache.content_key([copied])
    extra = copied / "extra.yaml"
    shutil.copy(copied / "fpcf" / "terrain-movement.yaml", extra)
    assert cache.content_key([copied]) != before
    extra.unlink()
    assert cache.content_key([copied]) == before
    assert table_side(copied).cached is False
    assert table_side(copied).cached is True
    (copied / "scenarios" / "fpcf" / "weser-screen.yaml").unlink()
    assert cache.content_key([copied]) != before
    assert table_side(copied).cached is False


def test_an_overlay_added_or_changed_is_read_again(own_cache, copied, tmp_path):
    overlay = tmp_path / "overlay"
    overlay.mkdir()
    assert "→ 2" in _flat_leg(DEFAULT_CONTENT, overlay)
    table = (copied / "fpcf" / "terrain-movement.yaml").read_text()
    (overlay / "house.yaml").write_text(table.replace("leg: 2}", "leg: 4}", 1))
    assert "→ 4" in _flat_leg(DEFAULT_CONTENT, overlay)
    (overlay / "house.yaml").write_text(table.replace("leg: 2}", "leg: 5}", 1))
    assert "→ 5" in _flat_leg(DEFAULT_CONTENT, overlay)
    assert "→ 2" in _flat_leg(DEFAULT_CONTENT)


def test_a_new_playaid_misses_the_cache(own_cache, monkeypatch):
    table_side()
    assert table_side().cached
    monkeypatch.setattr(fingerprint, "__version__", "99.0")
    assert not table_side().cached
    assert table_side().cached
    monkeypatch.setattr(cache, "code_digest", lambda: "another playaid's code")
    assert not table_side().cached


def test_the_code_digest_covers_every_module_and_catalog(tmp_path, monkeypatch):
    code, locales = tmp_path / "generator", tmp_path / "locales" / "ja" / "LC_MESSAGES"
    code.mkdir()
    locales.mkdir(parents=True)
    (code / "a.py").write_text("A = 1\n")
    (locales / "messages.po").write_text('msgid "x"\nmsgstr "y"\n')
    monkeypatch.setattr(fingerprint, "CODE", code)
    monkeypatch.setattr(fingerprint, "LOCALES", locales)
    digests = {fingerprint.code_digest()}
    fingerprint._code_digest.cache_clear()  # worked out once a process: a new process
    (code / "a.py").write_text("A = 2\n")
    digests.add(fingerprint.code_digest())
    fingerprint._code_digest.cache_clear()
    (locales / "messages.po").write_text('msgid "x"\nmsgstr "z"\n')
    digests.add(fingerprint.code_digest())
    assert len(digests) == 3


@pytest.mark.parametrize(
    "planted",
    ["garbage", "json of another shape", "wrong key", "undecodable table", "fifo", "folder"],
)
def test_a_corrupt_or_planted_entry_is_ignored_and_rebuilt(own_cache, run, planted):
    first = run(*LOOKUP)
    [entry] = own_cache.glob("tableside-*.json")
    good = json.loads(entry.read_text())
    entry.unlink()
    if planted == "garbage":
        entry.write_bytes(b"\x00\xff{{not json")
    elif planted == "json of another shape":
        entry.write_text(json.dumps({"format": 1, "key": good["key"], "data": [1, 2]}))
    elif planted == "wrong key":
        entry.write_text(json.dumps({**good, "key": "0" * 64}))
    elif planted == "undecodable table":
        good["data"]["tables"]["fpcf.terrain-movement"]["axes"] = "no axes"
        entry.write_text(json.dumps(good))
    elif planted == "fifo":
        os.mkfifo(entry)
    else:
        entry.mkdir()
    again = run(*LOOKUP)
    # A folder where the entry goes is not playaid's to remove: the answer comes from the content,
    # with the one warning that the cache could not take the entry (issue 20).
    assert (again.code, again.out) == (0, first.out)
    if planted == "folder":
        assert again.err.count("\n") == 1 and "warning: cannot write to the cache" in again.err
    else:
        assert again.err == ""
    assert "→ 2" in again.out


def test_an_unwritable_cache_is_not_an_error(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder would be")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    assert not table_side().cached
    assert not table_side().cached


def _playaid(*args: str, cache_home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache_home)}
    return subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "generator", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )


def test_a_snapshot_that_fails_while_answering_is_forgotten_and_answered_afresh(tmp_path):
    first = _playaid(*LOOKUP, cache_home=tmp_path)
    [entry] = (tmp_path / "playaid" / "content").glob("tableside-*.json")
    planted = json.loads(entry.read_text())
    cells = planted["data"]["tables"]["fpcf.terrain-movement"]["cells"]
    for cell in cells:
        cell["address"] = {"nowhere": "x"}  # decodes, then fails when looked up
    entry.write_text(json.dumps(planted))
    again = _playaid(*LOOKUP, cache_home=tmp_path)
    assert (again.returncode, again.stdout) == (0, first.stdout)
    assert "Traceback" not in again.stderr
    assert json.loads(entry.read_text()) != planted


# What a warm answer never imports: the validator, the renderers, the catalogs' reader, the font
# reader (a cached verdict needs neither the font nor the validator, issue 46).
HEAVY = {
    "pydantic",
    "jinja2",
    "weasyprint",
    "babel",
    "fontTools",
    "uharfbuzz",
    "generator.content.model",
    "generator.content.load",
}


def _imported(done: subprocess.CompletedProcess[str]) -> set[str]:
    return {line.split("|")[-1].strip() for line in done.stderr.splitlines()}


@pytest.mark.parametrize(
    "command",
    [
        LOOKUP,
        ("rule", "mak.15.4.1"),
        ("calc", "mak.pilot-vp", "rank=sergeant", "modifiers=0"),
        # In Japanese, with its marks from the catalog (0〜3, ・) and its messages: the catalog is
        # read from the JSON the cold call kept, not with Babel.
        ("lookup", "fpcf.air-drop", "--lang", "ja"),
        ("lookup", "fpcf.aircraft-type", "nation=ca", "--lang", "ja"),
        ("rule", "mak.15.4.1", "--lang", "ja"),
    ],
)
def test_a_warm_table_side_command_imports_no_validator_or_renderer(tmp_path, command):
    cold = _playaid(*command, cache_home=tmp_path)
    assert cold.returncode == 0, cold.stderr
    assert "pydantic" in cold.stderr  # the cold call validated the content
    warm = _playaid(*command, cache_home=tmp_path)
    assert (warm.returncode, warm.stdout) == (0, cold.stdout)
    assert not _imported(warm) & HEAVY


def test_check_of_the_content_answers_from_the_cache_with_the_same_findings(tmp_path):
    cold = _playaid("check", cache_home=tmp_path)
    warm = _playaid("check", cache_home=tmp_path)
    assert (warm.returncode, warm.stdout) == (cold.returncode, cold.stdout)
    assert "ok:" in warm.stdout
    assert "fontTools" in _imported(cold) and "pydantic" in _imported(cold)
    assert not _imported(warm) & HEAVY
    findings = [line for line in cold.stderr.splitlines() if not line.startswith("import time")]
    again = [line for line in warm.stderr.splitlines() if not line.startswith("import time")]
    assert again == findings and findings


def _findings(done: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in done.stderr.splitlines() if not line.startswith("import time")]


def test_check_of_a_scenario_file_answers_from_the_cache_and_misses_when_it_changes(tmp_path):
    scenario = tmp_path / "screen.yaml"
    shutil.copy(DEFAULT_CONTENT / "scenarios" / "fpcf" / "weser-screen.yaml", scenario)
    cold = _playaid("check", str(scenario), cache_home=tmp_path)
    warm = _playaid("check", str(scenario), cache_home=tmp_path)
    assert (warm.returncode, warm.stdout, _findings(warm)) == (
        cold.returncode,
        cold.stdout,
        _findings(cold),
    )
    assert "info[fpcf-drop-terrain-unknown]" in "\n".join(_findings(cold))
    assert not _imported(warm) & HEAVY
    scenario.write_text(scenario.read_text() + "surprise: yes\n")
    changed = _playaid("check", str(scenario), cache_home=tmp_path)
    # Checked again (not the cached verdict), against the kept content and read light: no
    # pydantic (issue 46, generator.content.light).
    assert "generator.scenario.check" in _imported(changed)
    assert "pydantic" not in _imported(changed)
    assert changed.returncode == 1 and "surprise" in "\n".join(_findings(changed))


def test_check_of_a_scenario_file_misses_when_the_content_changes(own_cache, copied, tmp_path):
    from generator.tableside.verdict import Verdict, cached_verdict, store_verdict

    scenario = copied / "scenarios" / "mak" / "depot-raid.yaml"
    store_verdict(copied, None, Verdict([], 1, 2, 3, 1), [scenario])
    assert cached_verdict(copied, None, [scenario]) == Verdict([], 1, 2, 3, 1)
    assert cached_verdict(copied, None, []) is None  # the content alone is another check
    units = copied / "mak" / "units.yaml"
    units.write_text(units.read_text() + "\n")
    assert cached_verdict(copied, None, [scenario]) is None


def test_check_of_a_scenario_file_is_keyed_by_the_folder_it_runs_in(
    own_cache, tmp_path, monkeypatch
):
    from generator.tableside.verdict import Verdict, cached_verdict, store_verdict

    scenario = DEFAULT_CONTENT / "scenarios" / "mak" / "depot-raid.yaml"
    monkeypatch.chdir(tmp_path)
    store_verdict(None, None, Verdict([], 1, 2, 3, 1), [scenario])
    assert cached_verdict(None, None, [scenario]) is not None
    monkeypatch.chdir(ROOT)
    assert cached_verdict(None, None, [scenario]) is None


def test_the_content_key_changes_when_a_seed_file_changes(tmp_path, monkeypatch):
    """The load checks every source's line numbers against the seed files, so an answer or a
    verdict cached against other seeds is not handed out."""
    from generator.core import places
    from generator.tableside import cache

    seeds = tmp_path / "seeds"
    seeds.mkdir()
    (seeds / "000_seed.txt").write_text("one\ntwo\n", encoding="utf-8")
    monkeypatch.setattr(places, "SEEDS", seeds)
    folders = [places.DEFAULT_CONTENT]
    before = cache.content_key(folders)
    assert cache.content_key(folders) == before
    (seeds / "000_seed.txt").write_text("one\n", encoding="utf-8")
    shortened = cache.content_key(folders)
    assert shortened != before
    monkeypatch.setattr(places, "SEEDS", None)  # installed without its seeds
    assert cache.content_key(folders) not in (before, shortened, None)


CATALOG = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

msgid " · "
msgstr "{mark}"
"""


@pytest.fixture
def own_catalog(tmp_path, monkeypatch) -> Path:
    """A Japanese catalog of the test's own, read afresh (the process reads one once)."""
    monkeypatch.setattr(locales, "LOCALES", tmp_path / "locales")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    po = locales.po_path("ja")
    po.parent.mkdir(parents=True)
    caches = (locales._catalog, locales._entries, locales._plural_entries)
    for read in caches:
        read.cache_clear()
    yield po
    for read in caches:
        read.cache_clear()  # the next test reads the real catalog again


def _read_again(*, babel: bool, monkeypatch) -> str:
    """The catalog's mark between facts, read as a new process would, with or without Babel."""
    for read in (locales._catalog, locales._entries, locales._plural_entries):
        read.cache_clear()
    with monkeypatch.context() as patch:
        if not babel:
            patch.setitem(sys.modules, "babel.messages.pofile", None)  # importing it fails
        shown = locales.translate("ja", " · ")
    locales.keep_catalogs()  # as a command does once its content has loaded
    return shown


def test_the_catalog_is_kept_as_json_and_read_again_when_it_changes(own_catalog, monkeypatch):
    own_catalog.write_text(CATALOG.format(mark="・"), encoding="utf-8")
    assert _read_again(babel=True, monkeypatch=monkeypatch) == "・"
    [kept] = (own_catalog.parents[3] / "cache" / "playaid" / "content").glob("catalog-ja-*.json")
    assert _read_again(babel=False, monkeypatch=monkeypatch) == "・"  # from the JSON alone
    kept.write_bytes(b"\x00{not json")  # damaged: read with Babel again, and kept anew
    assert _read_again(babel=True, monkeypatch=monkeypatch) == "・"
    assert _read_again(babel=False, monkeypatch=monkeypatch) == "・"
    own_catalog.write_text(CATALOG.format(mark="/"), encoding="utf-8")
    assert _read_again(babel=True, monkeypatch=monkeypatch) == "/"  # a changed catalog: its own
