"""Every text that `check` can call stale goes through PO, where its editor looks for it (issue
45 §1): the exported texts are exactly those check finds pending, over the content and the
sample scenarios; a game's title and sources go with the game; a scenario file goes out and
comes back on its own."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import polib
import pytest

SYSTEMS = ("mak", "fpcf", "cf", "common")
HASH = re.compile(r'(, from: "[0-9a-f]{8}"|\n *from: "[0-9a-f]{8}")')


def _unstamped(root: Path, samples: bool) -> None:
    """Every translation of the content (or of the sample scenarios) unstamped: check names
    each, and export --state stale gives each."""
    for path in root.rglob("*.yaml"):
        if (root / "scenarios" in path.parents) == samples:
            path.write_text(HASH.sub("", path.read_text(encoding="utf-8")), encoding="utf-8")


def _pending(run, root: Path) -> set[tuple[str, int]]:
    """(file, line) of each text check finds pending, content and samples alike."""
    checked = run("--content", str(root), "check", "--format", "json")
    return {
        (Path(issue["file"]).resolve().relative_to(root).as_posix(), issue["line"])
        for issue in json.loads(checked.out)
        if issue["code"] == "unstamped-translation"
    }


def _exported(run, root: Path, out: Path) -> set[tuple[str, int]]:
    """(file, line) of each entry `export --state stale` writes, every system's."""
    found = set()
    for system in SYSTEMS:
        result = run(
            "--content", str(root), "translations", "export", system, "--state", "stale",
            "--out", str(out / system),
        )  # fmt: skip
        assert result.code == 0, result.err
        for po in (out / system).glob("*.po"):
            for entry in polib.pofile(str(po)):
                ((place, line),) = entry.occurrences
                found.add((Path(place).relative_to(root.name).as_posix(), int(line)))
    return found


@pytest.mark.parametrize("samples", [False, True], ids=["content", "samples"])
def test_export_holds_exactly_the_texts_check_finds_pending(run, copy, tmp_path, samples):
    _unstamped(copy, samples)
    pending = _pending(run, copy)
    assert pending and all(path.startswith("scenarios/") == samples for path, _ in pending)
    assert _exported(run, copy, tmp_path / "po") == pending


def test_a_games_title_and_sources_go_with_the_game(run, copy, tmp_path):
    sources = copy / "sources.yaml"
    text = sources.read_text(encoding="utf-8")
    sources.write_text(text.replace("en: Central Front Standard Rules,", "en: CF Standard Rules,"))
    result = run(
        "--content", str(copy), "translations", "export", "cf", "--state", "stale",
        "--out", str(tmp_path),
    )  # fmt: skip
    assert result.code == 0, result.err
    po = polib.pofile(str(tmp_path / "cf.en-ja.po"))
    assert [e.msgctxt for e in po] == ["sources.yaml#systems[1].title"]
    every = tmp_path / "all"
    run("--content", str(copy), "translations", "export", "cf", "--out", str(every))
    contexts = {e.msgctxt for po in every.glob("*.po") for e in polib.pofile(str(po))}
    assert "sources.yaml#seeds[1].title" in contexts


def test_a_scenario_file_goes_out_and_comes_back(run, copy, tmp_path):
    scenario = tmp_path / "quarry-road.yaml"
    shutil.copy(copy / "scenarios" / "mak" / "quarry-road.yaml", scenario)
    out = tmp_path / "qr.po"
    result = run("translations", "export", str(scenario), "--out", str(out))
    assert result.code == 0, result.err
    po = polib.pofile(str(out))
    assert "scenario:mak.quarry-road title" in {e.msgctxt for e in po}
    next(e for e in po if e.msgctxt == "scenario:mak.quarry-road title").msgstr = "採石場の道(改)"
    po.save(str(out))
    before = (copy / "scenarios" / "mak" / "quarry-road.yaml").read_bytes()
    result = run("translations", "import", str(out), str(scenario))
    assert result.code == 0, result.err
    assert 'ja: "採石場の道(改)"' in scenario.read_text(encoding="utf-8")
    assert (copy / "scenarios" / "mak" / "quarry-road.yaml").read_bytes() == before
    assert run("check", str(scenario)).code == 0
    po = polib.pofile(str(out))
    next(e for e in po if e.msgctxt == "scenario:mak.quarry-road title").msgstr = "採石場🎲"
    po.save(str(out))
    result = run("translations", "import", str(out), str(scenario))
    assert result.code == 1 and "error[po-undrawable]" in result.err


def test_a_sample_scenarios_text_comes_back_through_the_content(run, copy, tmp_path):
    out = tmp_path / "mak.en-ja.po"
    assert run("--content", str(copy), "translations", "export", "mak", "--out", str(out)).code == 0
    po = polib.pofile(str(out))
    next(e for e in po if e.msgctxt == "scenario:mak.quarry-road title").msgstr = "採石場の道(改)"
    po.save(str(out))
    result = run("--content", str(copy), "translations", "import", str(out))
    assert result.code == 0, result.err
    assert "quarry-road.yaml: 1 translation written" in result.out
    sample = copy / "scenarios" / "mak" / "quarry-road.yaml"
    assert 'ja: "採石場の道(改)"' in sample.read_text(encoding="utf-8")
