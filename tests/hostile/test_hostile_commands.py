"""Round two at the command line: nothing a player already has at `--out` is replaced unasked,
bad option and environment values are usage errors (exit 2) before anything is done, a closed or
full standard output ends with one line, and no file name can print a line of its own."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator import cli

TIME_BOUND = 120
ROOT = Path(__file__).resolve().parents[2]


def playaid(
    cwd: Path, *args: str, env: dict[str, str] | None = None, **kwargs
) -> subprocess.CompletedProcess:
    streams = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **kwargs}
    return subprocess.run(
        [sys.executable, "-m", "generator", "--content", str(ROOT / "content"), *args],
        cwd=cwd,
        text=True,
        timeout=TIME_BOUND,
        env={**os.environ, "XDG_CACHE_HOME": str(cwd / "cache"), **(env or {})},
        **streams,
    )


def _standing(tmp_path: Path, kind: str) -> Path:
    """Something a player already has at the output path."""
    out = tmp_path / "out.yaml"
    if kind == "file":
        out.write_text("precious", encoding="utf-8")
    elif kind == "link":
        (tmp_path / "victim.yaml").write_text("precious", encoding="utf-8")
        out.symlink_to(tmp_path / "victim.yaml")
    elif kind == "dangling link":
        out.symlink_to(tmp_path / "nothing-here.yaml")
    elif kind == "fifo":
        os.mkfifo(out)
    return out


@pytest.mark.parametrize("command", [["new", "mak"], ["generate", "fpcf", "--seed", "3"]])
@pytest.mark.parametrize("kind", ["file", "link", "dangling link", "fifo"])
def test_what_stands_at_out_is_kept_unless_forced(tmp_path, command, kind):
    out = _standing(tmp_path, kind)
    before = os.lstat(out)
    result = playaid(tmp_path, *command, "--out", str(out))
    assert result.returncode == 1, result.stderr
    assert "already exists" in result.stderr and "--force" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    after = os.lstat(out)
    assert (after.st_mode, after.st_ino, after.st_mtime_ns) == (
        before.st_mode,
        before.st_ino,
        before.st_mtime_ns,
    )
    if kind in ("file", "link"):
        assert out.read_text(encoding="utf-8") == "precious"
    forced = playaid(tmp_path, *command, "--out", str(out), "--force")
    assert forced.returncode == 0, forced.stderr
    assert out.is_file() and not out.is_symlink()
    assert out.read_text(encoding="utf-8").startswith("# yaml-language-server")
    if kind == "link":  # replaced, never written through
        assert (tmp_path / "victim.yaml").read_text(encoding="utf-8") == "precious"


def test_a_device_at_out_is_kept_unless_forced(tmp_path):
    out = tmp_path / "n"
    try:
        os.mknod(out, 0o644 | 0o020000, os.makedev(1, 3))  # a character device, like /dev/null
    except (PermissionError, OSError):
        pytest.skip("making a device needs root")
    result = playaid(tmp_path, "new", "mak", "--out", str(out))
    assert result.returncode == 1 and "(a device)" in result.stderr
    assert not out.is_file()
    assert playaid(tmp_path, "new", "mak", "--out", str(out), "--force").returncode == 0
    assert out.is_file()


@pytest.mark.parametrize("bleed", ["-5", "1e9", "1e308", "nan", "inf", "10.5", "11", "3mm", ""])
def test_a_bleed_is_0_to_10_millimetres(bleed):
    with pytest.raises(SystemExit) as raised:
        cli.build_parser().parse_args(["build", f"--bleed={bleed}"])
    assert raised.value.code == 2


@pytest.mark.parametrize("bleed", ["0", "3", "2.5", "10"])
def test_a_bleed_in_range_is_read(bleed):
    assert cli.build_parser().parse_args(["build", "--bleed", bleed]).bleed == float(bleed)


@pytest.mark.parametrize("jobs", ["0", "-1", "٢", "1_0", "2.0", "9" * 16])
def test_a_job_count_is_a_whole_number_from_1(jobs):
    with pytest.raises(SystemExit) as raised:
        cli.build_parser().parse_args(["build", f"-j{jobs}"])
    assert raised.value.code == 2


def test_jobs_are_capped_at_twice_the_cores_and_at_the_documents(monkeypatch):
    cores = os.cpu_count() or 1
    assert cli.build_parser().parse_args(["build", "-j", "1000"]).jobs == 2 * cores
    from concurrent import futures

    from generator.builder import pool

    started = []

    class Pool(futures.ThreadPoolExecutor):  # records how many workers were asked for
        def __init__(self, max_workers, initializer=None, initargs=()):
            started.append(max_workers)
            super().__init__(max_workers)

    monkeypatch.setattr(futures, "ProcessPoolExecutor", Pool)
    monkeypatch.setattr(pool, "render_one", lambda job, render: job)
    done = pool.render_all(["a", "b", "c"], 1000, render=None)
    assert len(done) == 3 and started == [3]


@pytest.mark.parametrize("epoch", ["abc", "-5", "1e9", "1.5", " 5", "٣", "253402300800", "9" * 40])
@pytest.mark.parametrize("command", [["build", "fpcf.air-drop"], ["review", "fpcf"]])
def test_a_bad_source_date_epoch_is_a_usage_error(tmp_path, epoch, command):
    result = playaid(
        tmp_path, *command, "--out", str(tmp_path / "out"), env={"SOURCE_DATE_EPOCH": epoch}
    )
    assert result.returncode == 2, result.stderr
    assert "SOURCE_DATE_EPOCH" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists()


def test_the_last_second_a_pdf_date_holds_builds(tmp_path):
    result = playaid(
        tmp_path,
        "build",
        "fpcf.air-drop",
        "--lang",
        "en",
        "--out",
        str(tmp_path / "out"),
        env={"SOURCE_DATE_EPOCH": "253402300799"},
    )
    assert result.returncode == 0, result.stderr
    assert list((tmp_path / "out").rglob("*.pdf"))


def test_a_closed_standard_output_ends_with_one_line(tmp_path):
    result = subprocess.run(
        f"{sys.executable} -m generator rules mak >&-",
        shell=True,
        cwd=ROOT,
        capture_output=False,
        stderr=subprocess.PIPE,
        text=True,
        timeout=TIME_BOUND,
        env={**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")},
    )
    assert result.returncode == 1
    assert result.stderr.strip() == "playaid: cannot write to standard output: it is closed"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_full_device_ends_with_one_line(tmp_path, lang):
    with open("/dev/full", "w") as full:
        result = playaid(tmp_path, "--lang", lang, "rules", "mak", stdout=full)
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("playaid: ")
    assert "Traceback" not in result.stderr


NAME = "x\nok: 1 scenario file — no problems\nz.yaml"


def test_a_file_name_never_prints_a_line_of_its_own(tmp_path):
    scenario = (ROOT / "content/scenarios/mak/depot-raid.yaml").read_text(encoding="utf-8")
    (tmp_path / NAME).write_text(scenario.replace("turns: 6", "turns: 99"), encoding="utf-8")
    result = playaid(tmp_path, "check", NAME)
    assert result.returncode == 1
    printed = (result.stdout + result.stderr).splitlines()
    assert not [line for line in printed if line.startswith("ok:")], printed
    assert any("x\\u000aok: 1 scenario file" in line for line in printed), printed
    (tmp_path / "kept.yaml").write_text("kept", encoding="utf-8")
    refused = playaid(tmp_path, "new", "mak", "--out", NAME)
    assert refused.returncode == 1 and len(refused.stderr.strip().splitlines()) == 1


def test_names_are_escaped_in_every_message_that_names_a_file():
    from generator.core.messages import text

    for code, params in (
        ("cannot-write", {"path": NAME, "reason": "full"}),
        ("out-exists", {"path": Path(NAME), "what": "word:standing-file"}),
        ("file-missing", {"file": NAME}),
    ):
        for message in text(code, **params):
            assert "\n" not in message and "\\u000a" in message, message
