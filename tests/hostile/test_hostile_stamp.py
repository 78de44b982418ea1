"""`playaid stamp` never writes a file it cannot read back (issue 20 §1).

Over every way YAML can write a localized text (flow and block mappings, plain, quoted and block
scalars, keys in any order, comments, a value on the next line, texts deep in lists, CRLF, no
final newline): stamping gives a file that loads to the same data plus the right `from`, with
nothing else touched; stamping again changes nothing; and whatever edit stamp makes, a file it
cannot edit safely is left byte for byte as it was, with a one-line message and exit 1. It never
writes through a link, a FIFO or a device.
"""

from __future__ import annotations

import copy
import difflib
import errno
import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from generator.commands import stamping as stamp_module
from generator.content.model.base import source_hash
from generator.content.yaml_loader import parse_yaml

ROOT = Path(__file__).resolve().parents[2]
TIME_BOUND = 120  # seconds: catches a hang (a FIFO read), never a speed assertion

HEAD = """\
kind: scenario
system: mak
id: mak.probe
title: {en: P, ja: P, tr: none}
briefing: {en: P, ja: P, tr: none}
date: 2885-03
boards: {layout: [[5, 6]]}
turns: 8
first_player: strahl
attacker: strahl
set_up: {first: mercenary}
forces:
  strahl: {units: [{unit: PKA, code: "×2", deploy: "1⑤W"}]}
  mercenary: {}
victory:
"""
OTHERWISE = "  otherwise: mercenary\n"  # a tie decided: a file that passes check --strict
W = source_hash("W")  # the English source of every victory text below (tr: ja)
TEXT = ("victory", "conditions")

# Every way the one text `victory.conditions` can be written: (YAML under `victory:`).
VICTORY = {
    "flow": "  conditions: {en: W, ja: 勝利, tr: ja}\n",
    "flow-any-order": "  conditions: {tr: ja, ja: 勝利, en: W}\n",
    "flow-quoted": """  conditions: {"en": 'W', ja: "勝利", 'tr': "ja"}\n""",
    "flow-trailing-comma": "  conditions: {en: W, ja: 勝利, tr: ja,}\n",
    "flow-comments": "  conditions: {en: W,  # English\n    ja: 勝利, tr: ja  # done\n  }  # end\n",
    "flow-lines": "  conditions: {\n    en: W,\n    ja: 勝利,\n    tr: ja\n  }\n",
    "flow-tr-next-line": "  conditions: {en: W, ja: 勝利, tr:\n    ja}\n",
    "flow-from-empty": "  conditions: {en: W, ja: 勝利, tr: ja, from: }\n",
    "flow-from-no-value": "  conditions: {en: W, ja: 勝利, from, tr: ja}\n",
    "block": "  conditions:\n    en: W\n    ja: 勝利\n    tr: ja\n",
    "block-any-order": "  conditions:\n    tr: ja\n    en: W\n    ja: 勝利\n",
    "block-tr-middle": "  conditions:\n    ja: 勝利\n    tr: ja\n    en: W\n",
    "single-quoted": "  conditions:\n    en: 'W'\n    ja: '勝利'\n    tr: 'ja'\n",
    "double-quoted": '  conditions:\n    en: "W"\n    ja: "勝利"\n    tr: "ja"\n',
    "double-quoted-lines": '  conditions:\n    tr: ja\n    en: W\n    ja: "勝\n      利"\n',
    "plain-lines": "  conditions:\n    tr: ja\n    en: W\n    ja: 勝\n      利\n",
    "literal-last": "  conditions:\n    tr: ja\n    en: W\n    ja: |-\n      勝利\n",
    "folded-last": "  conditions:\n    tr: ja\n    ja: 勝利\n    en: >-\n      W\n",
    "literal-clip-blank-lines": "  conditions:\n    tr: ja\n    en: W\n    ja: |\n      勝利\n\n\n",
    "literal-keep": "  conditions:\n    tr: ja\n    en: W\n    ja: |+\n      勝利\n\n",
    "literal-then-comment": "  conditions:\n    tr: ja\n    en: W\n    ja: |-\n      勝利\n  # a note\n",
    "block-scalars-first": "  conditions:\n    en: >-\n      W\n    ja: |-\n      勝利\n    tr: ja\n",
    "tr-next-line": "  conditions:\n    en: W\n    ja: 勝利\n    tr:\n      ja\n",
    "tr-next-line-comment": "  conditions:\n    en: W\n    ja: 勝利\n    tr:  # which\n      ja  # this\n",
    "comments-after-values": "  conditions:  # c\n    en: W  # e\n    ja: 勝利  # j\n    tr: ja  # t\n",
    "comments-after-text": "  conditions:\n    en: W\n    ja: 勝利\n    tr: ja\n    # trailing\n# end\n",
    "from-empty": "  conditions:\n    en: W\n    from:\n    ja: 勝利\n    tr: ja\n",
    "from-null-comment": "  conditions:\n    en: W\n    from: null  # later\n    ja: 勝利\n    tr: ja\n",
    "from-tilde-flow": "  conditions: {en: W, from: ~, ja: 勝利, tr: ja}\n",
    "explicit-keys": "  conditions:\n    ? tr\n    : ja\n    en: W\n    ja: 勝利\n",
    "indented-deeper": "      conditions:\n          en: W\n          ja: 勝利\n          tr: ja\n",
}

# Texts deep in lists: a table's choice labels (axes[0].choices[N].label) and a row's cell.
TABLE = """\
kind: table
id: fpcf.other
title: {en: Other, ja: その他, tr: ja}
source: {seed: "000"}
axes:
  - key: size
    choices:
      - {slug: small, label: {en: Small, ja: 小, tr: ja}}
      - slug: large
        label:
          en: Large
          ja: 大
          tr: ja
      - slug: huge
        label: {
          ja: 巨大,  # the source here is the Japanese
          en: Huge, tr: en
        }
rows:
  - {size: small, value: 1}
  - size: large
    value:
      value: {en: Two, ja: 二, tr: ja}
  - size: huge
    value:
      value:
        tr: ja
        ja: 三
        en: >-
          Three
"""
SOURCES = """\
kind: sources
seeds:
  - {id: "000", file: 000_c72f8361b479dd96.txt, title: {en: Seed, ja: シード, tr: none}}
systems:
  - {id: fpcf, seed: "000", title: {en: Test, ja: テスト, tr: none}}
"""
TABLE_TEXTS = {
    ("title",): source_hash("Other"),
    ("axes", 0, "choices", 0, "label"): source_hash("Small"),
    ("axes", 0, "choices", 1, "label"): source_hash("Large"),
    ("axes", 0, "choices", 2, "label"): source_hash("巨大"),
    ("rows", 1, "value", "value"): source_hash("Two"),
    ("rows", 2, "value", "value"): source_hash("Three"),
}

ENDINGS = ["lf", "crlf", "lf-no-final-newline", "crlf-no-final-newline"]


def _written(text: str, ending: str) -> bytes:
    """A YAML text with the line ends and final newline of `ending`."""
    if "no-final-newline" in ending:
        text = text.rstrip("\n")
    if ending.startswith("crlf"):
        text = text.replace("\n", "\r\n")
    return text.encode("utf-8")


def _data(raw: bytes) -> object:
    document, issues = parse_yaml(raw.decode("utf-8"), Path("f.yaml"), "f.yaml")
    assert document is not None and not issues, [i.render() for i in issues]
    return document.data


def _with_hashes(data: object, hashes: dict[tuple, str]) -> object:
    expected = copy.deepcopy(data)
    for path, value in hashes.items():
        target = expected
        for key in path:
            target = target[key]
        target["from"] = value
    return expected


def _assert_only_hashes_added(before: bytes, after: bytes, ending: str) -> None:
    """Everything the file held is kept: the edit only adds `from` keys (or fills an empty one),
    with the file's own line ends, and keeps its final newline or its lack of one."""
    old, new = before.decode("utf-8"), after.decode("utf-8")
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        assert tag in ("insert", "replace"), (tag, old[i1:i2], new[j1:j2])
        assert old[i1:i2].strip() in ("", "null", "~"), (old[i1:i2], new[j1:j2])
    assert new.endswith("\n") == old.endswith("\n")
    if ending.startswith("crlf"):
        assert "\n" not in new.replace("\r\n", "")
    else:
        assert "\r" not in new


def _stamp_twice(run, path: Path, hashes: dict[tuple, str], ending: str) -> None:
    before = path.read_bytes()
    result = run("stamp", str(path))
    assert result.code == 0, result.err
    counted = "translation" if len(hashes) == 1 else "translations"
    assert result.out.splitlines()[-1] == f"stamped {len(hashes)} {counted}"
    after = path.read_bytes()
    assert _data(after) == _with_hashes(_data(before), hashes)
    _assert_only_hashes_added(before, after, ending)
    again = run("stamp", str(path))
    assert again.code == 0 and again.out.splitlines()[-1] == "stamped 0 translations"
    assert path.read_bytes() == after


@pytest.mark.parametrize("ending", ENDINGS)
@pytest.mark.parametrize("case", sorted(VICTORY))
def test_every_way_of_writing_a_text_is_stamped_and_reads_back(run, tmp_path, case, ending):
    path = tmp_path / "s.yaml"
    path.write_bytes(_written(HEAD + VICTORY[case], ending))
    _stamp_twice(run, path, {TEXT: W}, ending)


@pytest.mark.parametrize("ending", ENDINGS)
def test_texts_deep_in_lists_are_stamped_and_read_back(run, tmp_path, monkeypatch, ending):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sources.yaml").write_text(SOURCES, encoding="utf-8")
    path = tmp_path / "t.yaml"
    path.write_bytes(_written(TABLE, ending))
    _stamp_twice(run, path, TABLE_TEXTS, ending)
    assert run("--content", str(tmp_path), "stamp").out.splitlines() == ["stamped 0 translations"]


def test_a_stamped_scenario_passes_check_strict(run, tmp_path):
    for case in ("block", "tr-next-line", "literal-last", "flow-comments"):
        path = tmp_path / f"{case}.yaml"
        path.write_text(HEAD + VICTORY[case] + OTHERWISE, encoding="utf-8")
        assert run("stamp", str(path)).code == 0
        result = run("check", "--strict", str(path))
        assert result.code == 0, result.err


def test_the_issue_examples_as_a_real_process(tmp_path):
    """`tr: ja` last with no final newline, and `tr:` with `ja` on the next line: both once gave
    broken YAML and exit 0."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "c")}
    examples = {
        "s.yaml": "  conditions:\n    en: W\n    ja: 勝利\n    tr: ja",
        "t.yaml": "  conditions:\n    en: W\n    ja: 勝利\n    tr:\n      ja\n",
    }
    for name, tail in examples.items():
        (tmp_path / name).write_text(HEAD + OTHERWISE + tail, encoding="utf-8")
        done = _playaid(tmp_path, env, "stamp", name)
        assert done.returncode == 0, done.stderr
        done = _playaid(tmp_path, env, "check", "--strict", name)
        assert done.returncode == 0, done.stderr


def _playaid(cwd: Path, env: dict, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "generator", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=TIME_BOUND,
    )


def _one_line_refusal(result, name: str) -> str:
    """The refusal's single line, naming the file (and the line, where there is one)."""
    assert result.code == 1, (result.out, result.err)
    lines = result.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("playaid: "), lines
    assert name in lines[0] and "Traceback" not in result.err
    return lines[0]


def test_a_text_stamp_cannot_edit_safely_leaves_the_file_untouched(run, tmp_path):
    """`? from` with no value: adding the hash would make it a mapping key, not `from`."""
    path = tmp_path / "s.yaml"
    path.write_bytes(
        _written(HEAD + VICTORY["explicit-keys"].replace("? tr", "? from\n    ? tr"), "crlf")
    )
    before = path.read_bytes()
    line = _one_line_refusal(run("stamp", str(path)), "s.yaml")
    assert re.search(r"s\.yaml:17:5: victory\.conditions: adding `from: \"[0-9a-f]{8}\"`", line)
    assert "changed no file" in line
    assert path.read_bytes() == before


def _break_at(offset: int, insertion: str):
    """A `from_edit` that makes one particular (often wrong) insertion instead of the right one."""

    def edit(document, source, starts, path, expected):
        at = min(offset, len(source))
        return stamp_module.Edit(at, at, insertion.format(h=expected), path, expected)

    return edit


def _legacy(document, source, starts, path, expected):
    """The edit stamp made before issue 20: a line before the line after `tr`, or `, from`
    before the last `}` (broke `tr: ja` with no final newline and `tr:` above its value)."""
    mapping = document.spans[path]
    if mapping.flow:
        end = starts[mapping.end_line - 1] + mapping.end_column - 1
        brace = source.rindex("}", 0, end)
        return stamp_module.Edit(brace, brace, f', from: "{expected}"', path, expected)
    key = document.key_spans[(*path, "tr")]
    at = starts[key.line] if key.line < len(starts) else len(source)
    text = f'{" " * (key.column - 1)}from: "{expected}"\n'
    return stamp_module.Edit(at, at, text, path, expected)


@pytest.mark.parametrize("ending", ["lf", "crlf-no-final-newline"])
@pytest.mark.parametrize("case", sorted(VICTORY))
def test_whatever_edit_is_made_the_file_is_stamped_right_or_left_untouched(
    run, tmp_path, monkeypatch, case, ending
):
    """The guard, not the editor, keeps the promise: with the old editor and with insertions at
    many places of the file, each result either reads back as the data plus the right `from`
    (and is written) or is refused with exit 1 and the file left byte for byte as it was."""
    path = tmp_path / "s.yaml"
    original = _written(HEAD + VICTORY[case], ending)
    size = len(original.decode("utf-8"))
    editors = [_legacy] + [
        _break_at(offset, insertion)
        for offset in range(len(HEAD) - 1, size + 1, 7)
        for insertion in ('from: "{h}"', '\n    from: "{h}"', ', from: "{h}"')
    ]
    refused = 0
    for editor in editors:
        path.write_bytes(original)
        monkeypatch.setattr(stamp_module, "from_edit", editor)
        result = run("stamp", str(path))
        if result.code == 0:
            assert _data(path.read_bytes()) == _with_hashes(_data(original), {TEXT: W})
        else:
            _one_line_refusal(result, "s.yaml")
            assert path.read_bytes() == original
            refused += 1
    assert refused  # most of these insertions are wrong, and each was caught


def test_a_link_is_never_written_through_or_replaced(run, tmp_path):
    target, link = tmp_path / "real.yaml", tmp_path / "link.yaml"
    target.write_text(HEAD + VICTORY["block"], encoding="utf-8")
    link.symlink_to(target)
    before = target.read_bytes()
    line = _one_line_refusal(run("stamp", str(link)), "link.yaml")
    assert "not a regular file" in line
    assert link.is_symlink() and target.read_bytes() == before
    assert run("stamp", str(target)).code == 0  # the file itself is stamped


def test_a_link_in_the_content_folder_stops_the_stamp_before_any_write(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    content, outside = tmp_path / "content", tmp_path / "outside.yaml"
    content.mkdir()
    (content / "sources.yaml").write_text(SOURCES, encoding="utf-8")
    (content / "a.yaml").write_text(TABLE, encoding="utf-8")
    outside.write_text(TABLE.replace("fpcf.other", "fpcf.elsewhere"), encoding="utf-8")
    (content / "z.yaml").symlink_to(outside)
    snapshot = {p: p.read_bytes() for p in (content / "a.yaml", outside)}
    _one_line_refusal(run("--content", str(content), "stamp"), "z.yaml")
    assert {p: p.read_bytes() for p in snapshot} == snapshot and (content / "z.yaml").is_symlink()


def test_a_fifo_or_a_device_is_refused_without_blocking_or_writing(tmp_path):
    os.mkfifo(tmp_path / "f.yaml")
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "c")}
    for name in ("f.yaml", os.devnull):
        done = _playaid(tmp_path, env, "stamp", name)  # a FIFO opened for reading would block
        assert done.returncode == 1 and "Traceback" not in done.stderr
        assert len(done.stderr.splitlines()) == 1 and "not a regular file" in done.stderr
    assert stat.S_ISFIFO(os.lstat(tmp_path / "f.yaml").st_mode)
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


def test_a_fifo_in_the_content_folder_never_blocks_stamp(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sources.yaml").write_text(SOURCES, encoding="utf-8")
    os.mkfifo(tmp_path / "pipe.yaml")
    result = run("--content", str(tmp_path), "stamp")
    assert result.code == 0 and stat.S_ISFIFO(os.lstat(tmp_path / "pipe.yaml").st_mode)


def test_no_file_is_written_when_one_named_file_cannot_be_stamped(run, tmp_path):
    good, bad = tmp_path / "good.yaml", tmp_path / "bad.yaml"
    good.write_text(HEAD + VICTORY["block"], encoding="utf-8")
    bad.write_text(HEAD + VICTORY["explicit-keys"].replace("? tr", "? from\n    ? tr"), "utf-8")
    before = (good.read_bytes(), bad.read_bytes())
    _one_line_refusal(run("stamp", str(good), str(bad)), "bad.yaml")
    assert (good.read_bytes(), bad.read_bytes()) == before


def test_permissions_are_kept_and_a_read_only_file_is_refused(run, tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(HEAD + VICTORY["block"], encoding="utf-8")
    path.chmod(0o600)
    assert run("stamp", str(path)).code == 0
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    locked = tmp_path / "r.yaml"
    locked.write_text(HEAD + VICTORY["block"], encoding="utf-8")
    locked.chmod(0o444)
    before = locked.read_bytes()
    assert "read-only" in _one_line_refusal(run("stamp", str(locked)), "r.yaml")
    assert locked.read_bytes() == before


def test_a_failing_write_leaves_the_file_and_no_temporary_behind(run, tmp_path, monkeypatch):
    path = tmp_path / "s.yaml"
    path.write_text(HEAD + VICTORY["block"], encoding="utf-8")
    before = path.read_bytes()
    real = os.replace

    def full(source, target, *args, **kwargs):
        if str(target).endswith("s.yaml"):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(source, target, *args, **kwargs)

    monkeypatch.setattr(os, "replace", full)
    line = _one_line_refusal(run("stamp", str(path)), "s.yaml")
    assert "No space left on device" in line
    assert path.read_bytes() == before and sorted(os.listdir(tmp_path)) == ["s.yaml"]


def test_a_file_changed_while_stamping_is_left_as_it_now_is(run, tmp_path, monkeypatch):
    path = tmp_path / "s.yaml"
    path.write_text(HEAD + VICTORY["block"], encoding="utf-8")
    real = stamp_module.plan_file

    def meanwhile(target):
        plan = real(target)
        target.write_text(HEAD + VICTORY["flow"], encoding="utf-8")  # an editor saves
        return plan

    monkeypatch.setattr(stamp_module, "plan_file", meanwhile)
    _one_line_refusal(run("stamp", str(path)), "s.yaml")
    assert path.read_text(encoding="utf-8") == HEAD + VICTORY["flow"]
