"""Issue 33, failures 7 to 9: a full or size-limited disk at the cache and the temporary folder
is one line and exit 1, never a traceback; a value read from a file never prints a line of its
own; a long `supplied` is called a text, not an id; a relative XDG_CACHE_HOME is ignored."""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from overlay_tables import TOKENS

from generator.core import places
from generator.core.places import DEFAULT_CONTENT

SAMPLE = DEFAULT_CONTENT / "scenarios" / "mak" / "depot-raid.yaml"
SUCCESS = re.compile(r"ok: 1 scenario file\(s\) — no problems")


def _limited(limit: int):
    """A child's file size limit (ulimit -f): a write past it fails with EFBIG."""
    return lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))


@pytest.mark.parametrize("limit", [20 * 1024, 100 * 1024, 400 * 1024])
def test_a_size_limited_disk_is_a_message_never_a_traceback(tmp_path, limit):
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "TMPDIR": str(temporary)}
    command = [sys.executable, "-m", "generator", "build", "fpcf.air-drop", "--lang", "en"]
    result = subprocess.run(
        [*command, "--out", str(tmp_path / "out"), "-j", "1"],
        env=env, capture_output=True, text=True, timeout=300, preexec_fn=_limited(limit),
        check=False,
    )  # fmt: skip
    assert result.returncode in (0, 1), result.stderr
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr
    if result.returncode == 1:
        assert result.stderr.strip().splitlines()[-1].startswith(("playaid:", "build failed"))


@pytest.mark.parametrize("control", ["\n", "\r", "\x1b[2K", "\u2028", "\u0085", "\u202e"])
def test_a_value_never_prints_a_line_of_its_own(tmp_path, run, control):
    text = SAMPLE.read_text(encoding="utf-8")
    hostile = f"{control}{control}ok: 1 scenario file — no problems{control}"
    escaped = hostile.encode("unicode_escape").decode("ascii").replace('"', '\\"')
    path = tmp_path / "s.yaml"
    path.write_text(
        re.sub(r"(?m)^id: .*$", lambda _: f'id: "{escaped}"', text, count=1), encoding="utf-8"
    )
    result = run("check", str(path))
    assert result.code == 1
    lines = (result.out + result.err).splitlines()
    assert not [line for line in lines if SUCCESS.fullmatch(line.strip())]
    assert not [line for line in lines if control.strip("[2K") in line]


def test_a_long_supplied_source_is_called_a_text_not_an_id(tmp_path, run):
    overlay = tmp_path / "overlay"
    overlay.mkdir()
    (overlay / "tokens.yaml").write_text(TOKENS.replace("my tokens", "m" * 201), encoding="utf-8")
    result = run("--overlay", str(overlay), "check")
    assert result.code == 1
    assert "tokens.yaml:4:20:" in result.err
    assert "longer than 200 characters, the most it may have" in result.err
    assert "the most an id may have" not in result.err


@pytest.mark.parametrize("relative", ["cache", "./cache", "~cache", ""])
def test_a_relative_xdg_cache_home_is_ignored(monkeypatch, relative):
    monkeypatch.setenv("XDG_CACHE_HOME", relative)
    assert places.cache_root() == Path.home() / ".cache" / "playaid"


def test_an_absolute_xdg_cache_home_is_used(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert places.cache_root() == tmp_path / "playaid"
