"""What is typed at the command line is untrusted too: values that once crashed playaid (a
superscript digit, 5,000 digits, an output file that is a folder or in no folder) are exit 1 with
a clear message, and a reader that stops reading ends the command quietly, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import completed_in_process

ROOT = Path(__file__).resolve().parents[2]
TIME_BOUND = 60
MANY_DIGITS = "9" * 5000


def typed(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    """The command line answered by main() in this process, for what needs no process of its own
    (no pipe or signal): a process's start-up was most of each probe's time (issue 46)."""
    return completed_in_process(list(args), cwd)


VALUES = {
    # name: (arguments, words of the message); each is exit 1
    "a superscript digit as a roll": (
        ["lookup", "fpcf.air-drop", "die=²"],
        "die=² is not a d10 roll of fpcf.air-drop",
    ),
    "an Arabic-Indic digit as a roll": (
        ["lookup", "fpcf.air-drop", "die=٣"],
        "is not a d10 roll of fpcf.air-drop",
    ),
    "a roll of 5,000 digits": (
        ["lookup", "fpcf.air-drop", f"die={MANY_DIGITS}"],
        "is not a d10 roll of fpcf.air-drop",
    ),
    "a parameter of 5,000 digits": (
        ["calc", "mak.morale-recovery", f"die={MANY_DIGITS}"],
        "mak.morale-recovery: die=",
    ),
    "a superscript digit as a parameter": (
        ["calc", "mak.morale-recovery", "die=²"],
        "mak.morale-recovery: die=² is not valid",
    ),
}


@pytest.mark.parametrize("name", list(VALUES))
def test_a_hostile_value_is_a_clear_error(tmp_path, name):
    args, words = VALUES[name]
    result = typed(tmp_path, *args)
    assert result.returncode == 1, result.stderr
    assert words in result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    assert MANY_DIGITS not in result.stderr  # a long value is cut short in the message


@pytest.mark.parametrize("command", [["new", "mak"], ["generate", "mak"]])
@pytest.mark.parametrize("where", ["a folder", "a folder that does not exist", "a link"])
def test_an_output_file_that_cannot_be_written_is_a_clear_error(tmp_path, command, where):
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "kept.yaml").write_text("kept", encoding="utf-8")
    victim = tmp_path / "victim.yaml"
    victim.write_text("precious", encoding="utf-8")
    if where == "a folder":
        out = folder
    elif where == "a folder that does not exist":
        out = tmp_path / "nowhere" / "x.yaml"
    else:
        out = folder / "link.yaml"
        out.symlink_to(victim)
    result = typed(tmp_path, *command, "--out", str(out))
    assert "Traceback" not in result.stderr
    assert not [p for p in tmp_path.rglob("*") if p.name.endswith(".partial")]
    assert victim.read_text(encoding="utf-8") == "precious"
    if where == "a link":  # left alone unasked; with --force replaced, never written through
        assert result.returncode == 1, result.stderr
        assert "already exists (a link)" in result.stderr and out.is_symlink()
        result = typed(tmp_path, *command, "--out", str(out), "--force")
        assert result.returncode == 0, result.stderr
        assert victim.read_text(encoding="utf-8") == "precious"
        assert not out.is_symlink() and out.read_text(encoding="utf-8").startswith("#")
        return
    assert result.returncode == 1, result.stderr
    assert f"cannot write {out}" in result.stderr
    assert sorted(p.name for p in folder.iterdir()) == ["kept.yaml"]
    assert not (tmp_path / "nowhere").exists()


@pytest.mark.parametrize(
    "args",
    [
        ["rules", "mak"],
        ["check", "--explain"],
        ["tables"],
        ["schema", "scenario", "--system", "mak"],
    ],
)
def test_a_reader_that_stops_reading_ends_the_command_quietly(tmp_path, args):
    """`playaid rules mak | head -1` gave a traceback and exit 3: the pipe is closed before
    playaid writes anything, so every write finds it closed."""
    reader, writer = os.pipe()
    os.close(reader)  # the reader has gone before the first line
    try:
        result = subprocess.run(
            [sys.executable, "-m", "generator", *args],
            cwd=tmp_path,
            stdout=writer,
            stderr=subprocess.PIPE,
            text=True,
            timeout=TIME_BOUND,
        )
    finally:
        os.close(writer)
    assert result.returncode == 141, result.stderr
    assert "Traceback" not in result.stderr and "BrokenPipeError" not in result.stderr
    assert "Exception ignored" not in result.stderr


def test_head_on_a_long_listing_gives_no_traceback(tmp_path):
    """The shape of the audit's probe: a real pipe into a reader that takes one line."""
    shell = f"{sys.executable} -m generator rules mak | head -1"
    result = subprocess.run(
        ["bash", "-o", "pipefail", "-c", shell],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=TIME_BOUND,
    )
    assert len(result.stdout.splitlines()) == 1
    assert result.returncode in (0, 141), result.stderr
    assert "Traceback" not in result.stderr
