"""Files from strangers: every probe that once crashed, hung or misread playaid, re-run through
playaid's main() in this process (a process's start-up was most of a probe's time; the real
process's exits and streams are tested in test_hostile_cli): exit 1, a finding naming the file,
no traceback, within a time bound, nothing written."""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from pathlib import Path

import pytest
from conftest import in_process, tree

from generator.content.load import DEFAULT_CONTENT

ROOT = Path(__file__).resolve().parents[2]
TIME_BOUND = 60  # seconds: generous for a slow machine; each probe takes about two


def playaid(
    *args: str, cwd: Path | None = None, env: dict | None = None
) -> tuple[int, str, str, float]:
    """Run playaid in this process; return exit code, stdout, stderr and wall time."""
    return in_process(list(args), cwd or ROOT, env)


@pytest.fixture
def content(tmp_path) -> Path:
    """A copy of the built-in content to plant a hostile file in."""
    folder = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, folder)
    return folder


@pytest.fixture
def planted(tmp_path) -> tuple[Path, Path]:
    """An output folder and a cache that already hold files (and a link), to compare after."""
    out, cache = tmp_path / "out", tmp_path / "cache"
    (out / "fpcf" / "en").mkdir(parents=True)
    (out / "fpcf" / "en" / "earlier.pdf").write_bytes(b"%PDF-1.7 an earlier build\n%%EOF\n")
    (out / "manifest.json").write_text('{"documents": []}\n', encoding="utf-8")
    (out / "elsewhere").symlink_to(tmp_path)
    for name in ("documents", "fonts", "content"):
        (cache / "playaid" / name).mkdir(parents=True)
        (cache / "playaid" / name / "kept.json").write_text("{}", encoding="utf-8")
    return out, cache


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
DIE_TABLE = """\
kind: table
id: fpcf.probe
title: {en: Probe, ja: プローブ, tr: none}
source: {seed: "000"}
axes:
  - {key: die, die: d6}
rows:
  - {die: "DIE", value: 1}
"""


def _choices(count: int) -> str:
    return "".join(
        f"      - {{slug: c{i}, label: {{en: C{i}, ja: C{i}, tr: none}}}}\n" for i in range(count)
    )


def _wide_table(choices: int, rows: int, text: str = "1") -> str:
    """A table whose one axis has `choices` choices and `rows` rows of `text`."""
    head = TABLE.split("axes:")[0].replace("{{", "{").replace("}}", "}")
    body = "".join(f"  - {{row: c{i % choices}, value: {text}}}\n" for i in range(rows))
    return f"{head}axes:\n  - key: row\n    choices:\n{_choices(choices)}rows:\n{body}"


def _axes(count: int) -> str:
    head = TABLE.split("axes:")[0].replace("{{", "{").replace("}}", "}")
    axes = "".join(
        f"  - key: k{i}\n    choices:\n      - {{slug: a, label: {{en: A, ja: A, tr: none}}}}\n"
        for i in range(count)
    )
    keys = ", ".join(f"k{i}: a" for i in range(count))
    return f"{head}axes:\n{axes}rows:\n  - {{{keys}, value: 1}}\n"


BOMB = 'kind: table\na: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 9)}]\n" for i in range(8)
)

PROBES = {
    # name: (file name, text or a maker, the code of the finding, its line or None)
    "alias bomb": ("bomb.yaml", BOMB, "yaml-alias", 2),
    "nesting 600 deep": (
        "deep.yaml",
        "kind: table\nx: " + "[" * 600 + "]" * 600 + "\n",
        "yaml-depth",
        2,
    ),
    "sexagesimal 1:30": ("n1.yaml", TABLE.format(value="1:30"), "yaml-number", 10),
    "octal 012": ("n2.yaml", TABLE.format(value="012"), "yaml-number", 10),
    "hex 0x1F": ("n3.yaml", TABLE.format(value="0x1F"), "yaml-number", 10),
    "underscores 1_000": ("n4.yaml", TABLE.format(value="1_000"), "yaml-number", 10),
    "not a number .nan": ("n5.yaml", TABLE.format(value=".nan"), "yaml-number", 10),
    "infinity .inf": ("n6.yaml", TABLE.format(value=".inf"), "yaml-number", 10),
    "an integer of 401 digits": (
        "n7.yaml",
        TABLE.format(value="1" + "0" * 400),
        "yaml-number-too-large",
        10,
    ),
    "an integer of 5,000 digits": (
        "n8.yaml",
        TABLE.format(value="9" * 5000),
        "yaml-number-too-large",
        10,
    ),
    "a float of 10^300": ("n9.yaml", TABLE.format(value="1.0e+300"), "yaml-number-too-large", 10),
    "a quoted die roll of 5,000 digits": (
        "roll.yaml",
        DIE_TABLE.replace("DIE", "9" * 5000),
        "bad-die-range",
        8,
    ),
    "64 MB string": (
        "big.yaml",
        lambda: "kind: table\nx: " + "a" * (64 * 1024 * 1024) + "\n",
        "file-too-large",
        1,
    ),
    "64 MB of rows": (
        "rows.yaml",
        lambda: TABLE.format(value=1) + "  - {row: a, value: 1}\n" * 3_000_000,
        "file-too-large",
        1,
    ),
    "id of 240 characters": (
        "long.yaml",
        TABLE.format(value=1).replace("fpcf.probe", "fpcf." + "x" * 240),
        "too-long",
        2,
    ),
    "escape sequence in text": (
        "esc.yaml",
        TABLE.format(value='{en: "a\\x1b[31mred", ja: あ, tr: none}'),
        "text-control",
        10,
    ),
    "bell in text": (
        "bel.yaml",
        TABLE.format(value='{en: "ring\\a", ja: あ, tr: none}'),
        "text-control",
        10,
    ),
    "right-to-left override": (
        "bidi.yaml",
        TABLE.format(value='{en: "\u202eevil", ja: あ, tr: none}'),
        "text-control",
        10,
    ),
    "right-to-left override in a comment": (
        "comment.yaml",
        TABLE.format(value=1).replace("kind: table", "kind: table  # reviewed \u202e 1 level"),
        "text-control",
        1,
    ),
    "a lone carriage return in a text": (
        "cr.yaml",
        TABLE.format(value='{en: "eliminated\\rnone      ", ja: あ, tr: none}'),
        "text-control",
        10,
    ),
    "a bare carriage return in the file": (
        "rawcr.yaml",
        TABLE.format(value=1).replace("kind: table", "kind: table  # a\rid: spoofed"),
        "text-control",
        1,
    ),
    "an escape in a mapping key": (
        "key.yaml",
        TABLE.format(value=1).replace("kind: table", 'kind: table\n"bad\\x1bkey": 1'),
        "text-control",
        2,
    ),
    "more than 5,000 entries": (
        "list.yaml",
        "kind: table\nx: [" + "1, " * 5_001 + "1]\n",
        "yaml-long-list",
        2,
    ),
    "a 1 MiB list of 500,000 entries": (
        "flow.yaml",
        "kind: table\nx: [" + "1," * 500_000 + "1]\n",
        "yaml-long-list",
        2,
    ),
    "a text of 20,001 characters": (
        "text.yaml",
        "kind: table\nx: " + "a" * 20_001 + "\n",
        "yaml-long-text",
        2,
    ),
    "a table of 1,001 cells": (
        "cells.yaml",
        lambda: _wide_table(91, 1_001),
        "table-too-many-cells",
        100,
    ),
    "an axis of 101 choices": (
        "choices.yaml",
        lambda: _wide_table(101, 101),
        "too-many-choices",
        8,
    ),
    "a table of 100,001 characters": (
        "chars.yaml",
        lambda: _wide_table(11, 11, '"' + "lorem ipsum " * 800 + '"'),
        "table-too-much-text",
        1,
    ),
    "a table of 5 axes": ("axes.yaml", _axes(5), "table-too-many-axes", 6),
    "a shared list of 101 choices": (
        "enums.yaml",
        "kind: enums\nsystem: fpcf\nenums:\n  probe:\n" + _choices(101).replace("      ", "    "),
        "too-many-choices",
        5,
    ),
}
HUGE = {"64 MB string", "64 MB of rows"}  # written once, in the content folder only


@pytest.mark.parametrize(
    ("name", "where"),
    [(name, "content") for name in PROBES]
    + [(name, "overlay") for name in PROBES if name not in HUGE],
)
def test_a_hostile_file_is_a_finding_and_nothing_is_written(
    content, planted, name, where, tmp_path
):
    """A build given the file, in the content folder or an overlay, stops with exit 1 and the
    finding at the file and line, no traceback, in bounded time, and leaves the output folder and
    the cache exactly as they were."""
    file_name, body, code, line = PROBES[name]
    folder = content if where == "content" else tmp_path / "overlay"
    folder.mkdir(exist_ok=True)
    (folder / file_name).write_text(body() if callable(body) else body, encoding="utf-8")
    out, cache = planted
    before = (tree(out), tree(cache))
    chosen = ["--content", str(content)] if where == "content" else ["--overlay", str(folder)]
    exit_code, out_text, err, took = playaid(
        *chosen,
        "build",
        "fpcf.air-drop",
        "--lang",
        "en",
        "-j",
        "1",
        "--out",
        str(out),
        cwd=tmp_path,
        env={"XDG_CACHE_HOME": str(cache)},
    )
    assert exit_code == 1, err
    found = re.search(rf"{re.escape(file_name)}:(\d+):(\d+): error\[{re.escape(code)}\]", err)
    assert found, err[:2000]
    if line is not None:
        assert int(found.group(1)) == line, err[:2000]
    assert "Traceback" not in err + out_text
    assert took < TIME_BOUND
    assert (tree(out), tree(cache)) == before, "the build wrote something"


def test_a_control_character_in_a_key_is_reported_at_the_key(content, tmp_path):
    (content / "key.yaml").write_text(PROBES["an escape in a mapping key"][1], encoding="utf-8")
    (content / "deep.yaml").write_text(
        TABLE.format(value=1).replace("fpcf.probe", "fpcf.probe2")
        + '  - {row: a, "x\\u202ey": 2}\n',
        encoding="utf-8",
    )
    _, _, err, _ = playaid("--content", str(content), "check", cwd=tmp_path)
    assert "key.yaml:2:1: error[text-control]: bad\\u001bkey:" in err
    assert "deep.yaml:11:14: error[text-control]: rows[1].x\\u202ey:" in err


def test_a_long_list_is_refused_while_it_is_read_in_bounded_memory(tmp_path):
    """A 1 MiB list of 500,000 entries once took 20 s and 360 MB before it was refused; counted
    while it is composed, it is refused at its 5,001st entry."""
    import tracemalloc

    from generator.content.yaml_loader import load_yaml

    path = tmp_path / "flow.yaml"
    path.write_text("kind: table\nx: [" + "1," * 500_000 + "1]\n", encoding="utf-8")
    tracemalloc.start()
    try:
        document, problems = load_yaml(path, "flow.yaml")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert document is None and [p.code for p in problems] == ["yaml-long-list"]
    assert peak < 48 * 1024 * 1024, f"{peak / 1e6:.0f} MB"


def test_folders_deeper_than_the_limit_are_a_finding_never_a_crash(tmp_path):
    """An overlay 1,500 folders deep crashed every command with RecursionError."""
    overlay = tmp_path / "overlay"
    overlay.mkdir()
    deep = overlay
    for _ in range(1_500):  # in a loop: os.makedirs and shutil.rmtree recurse too
        deep = deep / "d"
        deep.mkdir()
    (deep / "x.yaml").write_text(TABLE.format(value=1), encoding="utf-8")
    (overlay / "loop").symlink_to(overlay, target_is_directory=True)  # never entered
    try:
        for command in (["check"], ["lookup", "fpcf.air-drop", "die=3"], ["tables"]):
            exit_code, out, err, took = playaid("--overlay", str(overlay), *command, cwd=tmp_path)
            assert exit_code == 1, (command, err[:500])
            assert "error[folder-too-deep]" in err and "Traceback" not in err + out
            assert took < TIME_BOUND
    finally:
        (deep / "x.yaml").unlink()
        while deep != overlay:
            deep.rmdir()
            deep = deep.parent
    shallow = tmp_path / "shallow"
    (shallow / "a" / "b").mkdir(parents=True)
    (shallow / "loop").symlink_to(shallow, target_is_directory=True)
    exit_code, _, err, _ = playaid("--overlay", str(shallow), "check", cwd=tmp_path)
    assert exit_code == 0, err


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
    exit_code, _out, err, _ = playaid("lookup", "fpcf.reaction", "action=gone\rspoof", cwd=tmp_path)
    assert exit_code == 1
    assert "\r" not in err and "gone\\u000dspoof" in err


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


def test_shared_lists_cannot_multiply_a_table_past_its_cells(run, make_content):
    # Four axes of 100 shared choices each would make 100^4 combinations to walk.
    choices = "".join(
        f"    - {{slug: c{i}, label: {{en: C{i}, ja: C{i}, tr: none}}}}\n" for i in range(100)
    )
    enums = "kind: enums\nsystem: fpcf\nenums:\n" + "".join(f"  l{n}:\n{choices}" for n in range(4))
    axes = "".join(f"  - {{key: k{n}, enum: fpcf.l{n}}}\n" for n in range(4))
    table = (
        'kind: table\nid: fpcf.big\ntitle: {en: T, ja: T, tr: none}\nsource: {seed: "000"}\n'
        f"axes:\n{axes}rows:\n  - {{k0: c0, k1: c0, k2: c0, k3: c0, value: 1}}\n"
    )
    root = make_content({"enums.yaml": enums, "t.yaml": table})
    started = time.monotonic()
    result = run("--content", str(root), "check")
    assert time.monotonic() - started < 60
    assert result.code == 1
    assert (
        "error[table-combinations]: fpcf.big axes: the axes' choices make 100000000" in result.err
    )
