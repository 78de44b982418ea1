"""Files from strangers: every probe that once crashed, hung or misread playaid, re-run as a real
process with a time bound: exit 1, a finding naming the file, no traceback, nothing written."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.content import DEFAULT_CONTENT

ROOT = Path(__file__).resolve().parents[2]
TIME_BOUND = 60  # seconds: generous for a slow machine; each probe takes about two


def playaid(
    *args: str, cwd: Path | None = None, env: dict | None = None
) -> tuple[int, str, str, float]:
    """Run playaid as a process; return exit code, stdout, stderr and wall time."""
    start = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-m", "generator", *args],
        capture_output=True,
        text=True,
        timeout=TIME_BOUND,
        cwd=cwd or ROOT,
        env={**os.environ, **(env or {})},
    )
    return result.returncode, result.stdout, result.stderr, time.monotonic() - start


@pytest.fixture
def content(tmp_path) -> Path:
    """A copy of the built-in content to plant a hostile file in."""
    folder = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, folder)
    return folder


TABLE = """\
kind: table
id: fpcf.probe
title: {{en: Probe, ja: プローブ, tr: none}}
source: {{seed: "000"}}
axes:
  - key: row
    choices:
      - {{slug: a, label: {{en: A, ja: A, tr: none}}}}
rows:
  - {{row: a, value: {value}}}
"""

BOMB = 'kind: table\na: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 9)}]\n" for i in range(8)
)

PROBES = {
    # name: (file name, text or a maker, the code of the finding)
    "alias bomb": ("bomb.yaml", BOMB, "yaml-alias"),
    "nesting 600 deep": (
        "deep.yaml",
        "kind: table\nx: " + "[" * 600 + "]" * 600 + "\n",
        "yaml-depth",
    ),
    "sexagesimal 1:30": ("n1.yaml", TABLE.format(value="1:30"), "yaml-number"),
    "octal 012": ("n2.yaml", TABLE.format(value="012"), "yaml-number"),
    "hex 0x1F": ("n3.yaml", TABLE.format(value="0x1F"), "yaml-number"),
    "underscores 1_000": ("n4.yaml", TABLE.format(value="1_000"), "yaml-number"),
    "not a number .nan": ("n5.yaml", TABLE.format(value=".nan"), "yaml-number"),
    "infinity .inf": ("n6.yaml", TABLE.format(value=".inf"), "yaml-number"),
    "64 MB string": (
        "big.yaml",
        lambda: "kind: table\nx: " + "a" * (64 * 1024 * 1024) + "\n",
        "file-too-large",
    ),
    "64 MB of rows": (
        "rows.yaml",
        lambda: TABLE.format(value=1) + "  - {row: a, value: 1}\n" * 3_000_000,
        "file-too-large",
    ),
    "id of 240 characters": (
        "long.yaml",
        TABLE.format(value=1).replace("fpcf.probe", "fpcf." + "x" * 240),
        "too-long",
    ),
    "escape sequence in text": (
        "esc.yaml",
        TABLE.format(value='{en: "a\\x1b[31mred", ja: あ, tr: none}'),
        "text-control",
    ),
    "bell in text": (
        "bel.yaml",
        TABLE.format(value='{en: "ring\\a", ja: あ, tr: none}'),
        "text-control",
    ),
    "right-to-left override": (
        "bidi.yaml",
        TABLE.format(value='{en: "\u202eevil", ja: あ, tr: none}'),
        "text-control",
    ),
    "more than 5,000 entries": (
        "list.yaml",
        "kind: table\nx: [" + "1, " * 5_001 + "1]\n",
        "yaml-long-list",
    ),
    "a text of 20,001 characters": (
        "text.yaml",
        "kind: table\nx: " + "a" * 20_001 + "\n",
        "yaml-long-text",
    ),
}


@pytest.mark.parametrize("name", list(PROBES))
def test_a_hostile_content_file_is_a_finding(content, name, tmp_path):
    file_name, body, code = PROBES[name]
    (content / file_name).write_text(body() if callable(body) else body, encoding="utf-8")
    exit_code, out, err, took = playaid("--content", str(content), "check", cwd=tmp_path)
    assert exit_code == 1
    assert f"{file_name}:" in err and f"error[{code}]" in err
    assert "Traceback" not in err + out
    assert took < TIME_BOUND


@pytest.mark.parametrize("kind", ["directory", "dangling link", "fifo"])
def test_only_regular_files_are_read(content, kind, tmp_path):
    path = content / "odd.yaml"
    if kind == "directory":
        path.mkdir()
    elif kind == "dangling link":
        path.symlink_to(tmp_path / "nowhere.yaml")
    else:
        os.mkfifo(path)
    exit_code, _, err, _took = playaid("--content", str(content), "check", cwd=tmp_path)
    assert exit_code == 1
    assert "odd.yaml" in err and "error[file-not-regular]" in err
    assert "Traceback" not in err


def test_a_hostile_scenario_file_goes_through_the_same_reader(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(BOMB.replace("kind: table", "kind: scenario"), encoding="utf-8")
    exit_code, out, err, _ = playaid("check", "--format", "json", str(path), cwd=tmp_path)
    assert exit_code == 1
    assert [finding["code"] for finding in json.loads(out)] == ["yaml-alias"]
    os.mkfifo(tmp_path / "pipe.yaml")
    exit_code, _, err, _ = playaid("check", str(tmp_path / "pipe.yaml"), cwd=tmp_path)
    assert exit_code == 1 and "error[file-not-regular]" in err


def test_a_long_id_is_caught_by_check_before_build(content, tmp_path):
    (content / "long.yaml").write_text(
        TABLE.format(value=1).replace("fpcf.probe", "fpcf." + "x" * 240), encoding="utf-8"
    )
    out = tmp_path / "out"
    exit_code, _, err, _ = playaid(
        "--content", str(content), "build", "fpcf", "--out", str(out), cwd=tmp_path
    )
    assert exit_code == 1
    assert "error[too-long]" in err and "Traceback" not in err
    assert not out.exists()


def test_terminal_output_is_sanitized(tmp_path):
    exit_code, _out, err, _ = playaid(
        "lookup", "fpcf.reaction", "action=\x1b[31m\u202ered", cwd=tmp_path
    )
    assert exit_code == 1
    assert "\x1b" not in err and "\u202e" not in err
    assert "\\u001b[31m\\u202ered" in err


def test_json_output_is_always_valid_json(tmp_path):
    def refuse(constant: str) -> None:
        raise ValueError(constant)

    for args in (
        ("lookup", "fpcf.air-strike-availability", "--json"),
        ("check", "--format", "json"),
        ("calc", "fpcf.air-strikes", "level=neutral", "nation=uk", "--json"),
    ):
        exit_code, out, _, _ = playaid(*args, cwd=tmp_path)
        assert exit_code == 0
        json.loads(out, parse_constant=refuse)
