"""An interrupted build loses nothing: a real build killed while rendering, staging, between its
moves and before its manifest leaves only complete PDFs (old or new) and the earlier ones; the next
command finishes or clears it, leaving no temporary file and a manifest that matches the folder.
Two builds into one folder at once lose no manifest entry."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parents[2]
EARLIER = ["fpcf.air-drop", "fpcf.reaction"]
LATER = ["fpcf.air-drop", "fpcf.reaction", "fpcf.battle-size"]

# Run a build in a process that kills itself with SIGKILL at the n-th call of a chosen step.
KILLER = """
import os, signal, sys
point, nth = sys.argv[1], int(sys.argv[2])
sent = signal.SIGINT if point.startswith("ctrl-c ") else signal.SIGKILL
point = point.removeprefix("ctrl-c ")
calls = [0]
def dies(original, counts=lambda *a, **k: True):
    def step(*args, **kwargs):
        if counts(*args, **kwargs):
            calls[0] += 1
            if calls[0] == nth:
                os.kill(os.getpid(), sent)
        return original(*args, **kwargs)
    return step
import generator.render.pdf as pdf
import generator.render.writer as writer
if point == "render":
    pdf.render_pdf = dies(pdf.render_pdf)
elif point == "stage":
    writer.Writer.stage = dies(writer.Writer.stage)
elif point == "move":  # the moves into the output folder, not the document cache's writes
    cache = os.environ["XDG_CACHE_HOME"]
    os.replace = dies(
        os.replace,
        lambda source, target: str(target).endswith(".pdf") and not str(target).startswith(cache),
    )
elif point == "manifest":
    os.replace = dies(os.replace, lambda source, target: str(target).endswith("manifest.json"))
from generator.cli import main
sys.exit(main(sys.argv[3:]))
"""


def _env(cache: Path) -> dict:
    return {**os.environ, "XDG_CACHE_HOME": str(cache)}


def _build(out: Path, targets: list[str], cache: Path, *extra: str) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "generator", "build", *targets, "--lang", "en", "-j", "1"]
    return subprocess.run(
        [*command, "--out", str(out), *extra],
        cwd=ROOT,
        env=_env(cache),
        capture_output=True,
        text=True,
        timeout=600,
    )


def _stopped_build(point: str, nth: int, out: Path, cache: Path) -> subprocess.CompletedProcess:
    """The later build (new bytes: a bleed), stopped at the n-th call of `point`."""
    command = ["build", *LATER, "--lang", "en", "--bleed", "2", "-j", "1", "--out", str(out)]
    return subprocess.run(
        [sys.executable, "-c", KILLER, point, str(nth), *command],
        cwd=ROOT,
        env=_env(cache),
        capture_output=True,
        text=True,
        timeout=600,
    )


def _pdfs(out: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(out)): path.read_bytes()
        for path in out.rglob("*.pdf")
        if not path.name.startswith(".")
    }


def _complete(data: bytes) -> bool:
    import io

    return data.rstrip().endswith(b"%%EOF") and len(PdfReader(io.BytesIO(data)).pages) >= 1


@pytest.fixture(scope="module")
def earlier(tmp_path_factory) -> tuple[Path, dict[str, bytes]]:
    """A folder holding an earlier good build, copied for each kill."""
    out = tmp_path_factory.mktemp("earlier") / "out"
    assert _build(out, EARLIER, _warm_cache(tmp_path_factory)).returncode == 0
    return out, _pdfs(out)


def _warm_cache(tmp_path_factory) -> Path:
    """The cache of the earlier build: its content and fonts kept, as a player's cache is."""
    return tmp_path_factory.getbasetemp() / "earlier-cache"


def _cache_of(tmp_path_factory, tmp_path: Path) -> Path:
    """A test's own copy of the earlier build's cache (its scratch folder empty), so each killed
    build starts as a player's does, not from a cold cache (issue 46: a cold start each)."""
    import shutil

    cache = tmp_path / "cache"
    shutil.copytree(_warm_cache(tmp_path_factory), cache, symlinks=True)
    return cache


@pytest.mark.parametrize(
    ("point", "nth"), [("render", 2), ("stage", 2), ("move", 2), ("manifest", 1)]
)
def test_a_killed_build_leaves_complete_files_and_the_next_command_tidies_up(
    earlier, tmp_path, tmp_path_factory, point, nth
):
    import shutil

    source, before = earlier
    out, cache = tmp_path / "out", _cache_of(tmp_path_factory, tmp_path)
    shutil.copytree(source, out)
    killed = subprocess.run(
        [
            sys.executable,
            "-c",
            KILLER,
            point,
            str(nth),
            "build",
            *LATER,
            "--lang",
            "en",
            "--bleed",
            "2",
            "-j",
            "1",
            "--out",
            str(out),
        ],
        cwd=ROOT,
        env=_env(cache),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    now = _pdfs(out)
    assert set(before) <= set(now), "an earlier PDF is gone"
    assert all(_complete(data) for data in now.values()), "a torn PDF"
    leftovers = [
        p
        for p in out.rglob("*")
        if p.name.endswith(".partial") or p.name.startswith(".playaid-journal")
    ]
    if point in ("render",):
        assert not leftovers and now == before
    next_command = _build(out, ["fpcf.momentum-points"], cache)
    assert next_command.returncode == 0, next_command.stderr
    assert not [p for p in out.rglob("*") if p.name.endswith(".partial")]
    assert not (out / ".playaid-journal.json").exists()
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["documents"]
    on_disk = _pdfs(out)
    assert {entry["path"] for entry in manifest} == set(on_disk)
    for entry in manifest:
        assert hashlib.sha256(on_disk[entry["path"]]).hexdigest() == entry["sha256"]
    scratch = cache / "playaid" / "tmp"
    assert not scratch.exists() or not any(scratch.iterdir()), "a killed build's scratch folder"


@pytest.mark.parametrize("point", ["stage", "move"])
def test_ctrl_c_while_writing_leaves_a_consistent_folder_at_once(
    earlier, tmp_path, tmp_path_factory, point
):
    import shutil

    source, before = earlier
    out, cache = tmp_path / "out", _cache_of(tmp_path_factory, tmp_path)
    shutil.copytree(source, out)
    stopped = subprocess.run(
        [
            sys.executable,
            "-c",
            KILLER,
            f"ctrl-c {point}",
            "2",
            "build",
            *LATER,
            "--lang",
            "en",
            "--bleed",
            "2",
            "-j",
            "1",
            "--out",
            str(out),
        ],
        cwd=ROOT,
        env=_env(cache),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert stopped.returncode == 130 and "interrupted" in stopped.stderr
    assert "Traceback" not in stopped.stderr
    assert not [p for p in out.rglob("*") if p.name.endswith(".partial")]
    assert not (out / ".playaid-journal.json").exists()
    now = _pdfs(out)
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["documents"]
    assert {entry["path"] for entry in manifest} == set(now)
    if point == "stage":
        assert now == before  # nothing moved: the earlier build stands
    else:
        assert len(now) == len(LATER) and now != before  # the moves were let finish


def test_two_builds_into_one_folder_lose_no_manifest_entry(tmp_path):
    out, cache = tmp_path / "out", tmp_path / "cache"
    command = [
        sys.executable,
        "-m",
        "generator",
        "build",
        "--lang",
        "en",
        "-j",
        "1",
        "--out",
        str(out),
    ]
    first = subprocess.Popen(
        [*command, "fpcf.air-drop", "fpcf.reaction"], cwd=ROOT, env=_env(cache)
    )
    second = subprocess.Popen(
        [*command, "fpcf.battle-size", "fpcf.momentum-points"], cwd=ROOT, env=_env(cache)
    )
    assert first.wait(timeout=600) == 0 and second.wait(timeout=600) == 0
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["documents"]
    assert {entry["id"] for entry in manifest} == {
        "fpcf.air-drop.card",
        "fpcf.reaction.card",
        "fpcf.battle-size.card",
        "fpcf.momentum-points.card",
    }
    assert {entry["path"] for entry in manifest} == set(_pdfs(out))


def _children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (Linux /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(entry))
    return found


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc to find the workers")
def test_a_parallel_build_killed_with_sigkill_leaves_no_worker_running(tmp_path):
    """SIGKILL to a `-j 2` build while its workers render: they once kept running for good."""
    import time

    out, cache = tmp_path / "out", tmp_path / "cache"
    command = [sys.executable, "-m", "generator", "build", *LATER, "fpcf.momentum-points"]
    parent = subprocess.Popen(
        [*command, "--lang", "en", "-j", "2", "--no-cache", "--out", str(out)],
        cwd=ROOT,
        env=_env(cache),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 300
        while len(workers) < 2 and time.monotonic() < deadline and parent.poll() is None:
            workers = _children(parent.pid)
            time.sleep(0.05)
        assert len(workers) >= 2, "the build never started two rendering processes"
        time.sleep(0.3)
        parent.kill()
        parent.wait(timeout=60)
        deadline = time.monotonic() + 20
        while any(_running(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [pid for pid in workers if _running(pid)], "a worker outlived its build"
    finally:
        if parent.poll() is None:
            parent.kill()
        for pid in workers:
            if _running(pid):
                os.kill(pid, signal.SIGKILL)


# Kill a build right after a subset font's temporary file is written, before it is renamed.
FONT_KILLER = """
import os, signal, sys
real = os.replace
def replace(source, target, *args, **kwargs):
    if str(target).endswith(".otf"):
        os.kill(os.getpid(), signal.SIGKILL)
    return real(source, target, *args, **kwargs)
os.replace = replace
from generator.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_a_build_killed_while_saving_a_font_leaves_no_temporary_file_for_good(tmp_path):
    out, cache = tmp_path / "out", tmp_path / "cache"
    command = ["build", "fpcf.air-drop", "--lang", "en", "-j", "1", "--out", str(out)]
    killed = subprocess.run(
        [sys.executable, "-c", FONT_KILLER, *command],
        cwd=ROOT,
        env=_env(cache),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    fonts = cache / "playaid" / "fonts"
    assert [p for p in fonts.iterdir() if p.name.endswith(".partial")], "the kill came too late"
    again = _build(out, ["fpcf.air-drop"], cache)
    assert again.returncode == 0, again.stderr
    left = [p.name for p in fonts.iterdir() if p.name.endswith((".partial", ".tmp"))]
    assert left == []
