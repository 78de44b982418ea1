"""`build --watch` (issue 21): it builds again after a save, keeps the last good PDFs when a save
breaks the file, and stops cleanly on Ctrl-C. Speed is the benchmark's (bench/run.py), not this."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from watching import Watcher, edit

from generator.builder import watch
from generator.core.places import DEFAULT_CONTENT

SAMPLE = DEFAULT_CONTENT / "scenarios" / "mak" / "rehn-crossing.yaml"
SHEET = "mak/en/mak.my-crossing.sheet.a4.pdf"


@pytest.fixture
def scenario(tmp_path) -> Path:
    """A copy of a sample scenario under an id of its own."""
    text = SAMPLE.read_text(encoding="utf-8").replace(
        "id: mak.rehn-crossing", "id: mak.my-crossing"
    )
    path = tmp_path / "my.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_save_builds_again_a_bad_one_keeps_the_last_good_pdfs(tmp_path, scenario):
    """Save → new card; broken save → its finding, the card as it was; Ctrl-C → exit 0 with every
    PDF whole and no temporary file left."""
    watcher = Watcher(tmp_path, "my.yaml", "--lang", "en", "-j", "1", "--out", "out")
    try:
        assert any(line.startswith("built ") for line in watcher.until("watching "))
        first = (tmp_path / "out" / SHEET).read_bytes()
        edit(scenario, "turns: 8", "turns: 7")
        lines = watcher.until("watching ")
        assert "changed: " + str(Path("my.yaml")) in lines[0]
        assert any(line.startswith("built ") for line in lines)
        second = (tmp_path / "out" / SHEET).read_bytes()
        assert second != first
        edit(scenario, "turns: 7", "turns: seven")
        lines = watcher.until("watching ")
        assert any("my.yaml:" in line and "turns" in line for line in lines), lines
        assert "build failed; nothing was written" in lines
        assert (tmp_path / "out" / SHEET).read_bytes() == second
    finally:
        code = watcher.stop()
    assert code == 0, watcher.seen
    rest = watcher.process.stdout.read() if watcher.process.stdout else ""
    assert "Traceback" not in "\n".join(watcher.seen) + rest
    assert not [p for p in (tmp_path / "out").rglob("*") if p.name.endswith(".partial")]
    assert not (tmp_path / "out" / ".playaid-journal.json").exists()


def test_ctrl_c_during_a_build_leaves_whole_pdfs(tmp_path, scenario):
    """Ctrl-C while a rebuild renders: exit 0, the folder as the last finished build left it."""
    watcher = Watcher(tmp_path, "my.yaml", "--lang", "en", "-j", "1", "--out", "out")
    watcher.until("watching ")
    before = {p: p.read_bytes() for p in (tmp_path / "out").rglob("*.pdf")}
    edit(scenario, "turns: 8", "turns: 6")
    watcher.until("changed: ")
    assert watcher.stop() == 0
    after = {p: p.read_bytes() for p in (tmp_path / "out").rglob("*.pdf")}
    assert after.keys() == before.keys()
    assert not [p for p in (tmp_path / "out").rglob("*") if p.name.endswith(".partial")]


def test_a_snapshot_sees_every_change_and_follows_no_link(tmp_path):
    """Added, changed, removed and renamed files are changes; a link to a folder is not walked."""
    folder = tmp_path / "content"
    (folder / "deep").mkdir(parents=True)
    (folder / "deep" / "a.yaml").write_text("a: 1\n")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "x.yaml").write_text("x\n")
    (folder / "link").symlink_to(outside, target_is_directory=True)
    named = tmp_path / "my.yaml"
    named.write_text("id: x\n")
    roots = [named, folder, tmp_path / "missing"]
    first = watch.snapshot(roots)
    assert sorted(Path(p).name for p in first) == ["a.yaml", "link", "my.yaml"]
    (folder / "deep" / "a.yaml").write_text("a: 22\n")
    assert watch.changed(first, watch.snapshot(roots)) == [str(folder / "deep" / "a.yaml")]
    second = watch.snapshot(roots)
    (folder / "deep" / "a.yaml").rename(folder / "b.yaml")
    assert len(watch.changed(second, watch.snapshot(roots))) == 2
    third = watch.snapshot(roots)
    shutil.rmtree(folder / "deep")
    (outside / "x.yaml").write_text("changed outside\n")
    assert watch.changed(third, watch.snapshot(roots)) == []


def test_a_change_is_built_once_the_files_settle(tmp_path):
    """An editor writing a file in several steps gives one rebuild, after the last step."""
    path = tmp_path / "my.yaml"
    path.write_text("v0\n")
    roots = [path]
    steps = iter(["v1\n", "v1 more\n", None, None, None])
    sleeps = []

    def sleep(seconds: float) -> None:
        sleeps.append(seconds)
        step = next(steps)
        if step is not None:
            path.write_text(step)

    settled = watch.wait_for_change(roots, watch.snapshot(roots), sleep)
    assert path.read_text() == "v1 more\n"
    assert settled == watch.snapshot(roots)
    assert sleeps == [watch.POLL_SECONDS, watch.SETTLE_SECONDS, watch.SETTLE_SECONDS]
