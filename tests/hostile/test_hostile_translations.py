"""Issue 42 §1-2 for `translations export`: an earlier version of a file (in `--previous`, or in
the content's git history) is read as every content file is: an alias bomb, deep nesting, a
FIFO or a link to /dev/zero is a warning naming it, never a hang or exit 3; and git runs with
nothing the repository configures running (signature checks, filters, textconv, external diff,
fsmonitor, hooks, pager)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from generator.commands.translations.history import folder_version, git_versions, run_git
from generator.core.places import DEFAULT_CONTENT

RULES = Path("mak") / "rules-10-13.yaml"
ALIAS_BOMB = "\n".join(
    ["a0: &a0 [{id: x}]"]
    + [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 12)]
    + ["cases: *a11", ""]
)
DICT_BOMB = "\n".join(
    ["a0: &a0 {id: x}"]
    + [
        f"a{i}: &a{i} {{" + ",".join(f"k{j}: *a{i - 1}" for j in range(10)) + "}"
        for i in range(1, 12)
    ]
    + ["cases: [*a11]", ""]
)
needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def _plant(path: Path, kind: str) -> None:
    """An earlier version of a file that would hang, exhaust memory or recurse if read plainly."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    else:
        body = {
            "alias": ALIAS_BOMB,
            "dict": DICT_BOMB,
            "deep": "[" * 20_000,
            "braces": "{a: " * 30_000,
        }
        path.write_text(body[kind], encoding="utf-8")


@pytest.mark.parametrize("kind", ["alias", "dict", "deep", "braces", "fifo", "dev-zero"])
def test_an_earlier_file_that_would_hang_is_a_finding(tmp_path, kind):
    path = tmp_path / "prev" / RULES
    _plant(path, kind)
    data, findings = folder_version(path, "prev/mak/rules-10-13.yaml")
    assert data is None
    assert [f.code for f in findings] == ["translations-earlier-unreadable"]
    assert findings[0].severity == "warning" and findings[0].file == "prev/mak/rules-10-13.yaml"


def test_export_with_a_bomb_in_previous_warns_and_writes(run, tmp_path):
    content = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    rules = content / RULES
    rules.write_text(rules.read_text(encoding="utf-8").replace("may not engage", "can not engage"))
    _plant(tmp_path / "prev" / RULES, "alias")
    result = run(
        "--content", str(content), "translations", "export", "mak", "--state", "stale",
        "--previous", str(tmp_path / "prev"), "--out", str(tmp_path / "x.po"),
    )  # fmt: skip
    assert result.code == 0, result.err
    assert "warning[translations-earlier-unreadable]" in result.err and "anchors" in result.err
    assert "1 text, 1 fuzzy" in result.out


def _git(root: Path, *args: str, stdin: bytes | None = None) -> str:
    done = subprocess.run(
        ["git", "-C", str(root), *args], input=stdin, capture_output=True, check=True
    )
    return done.stdout.decode().strip()


def _repository(tmp_path: Path) -> tuple[Path, Path]:
    """A repository holding one file in two commits, the second signed (a gpgsig header), with
    every mechanism a repository can name to run a program planted; returns (repo, marker)."""
    repo, marker = tmp_path / "repo", tmp_path / "RAN"
    (repo / "mak").mkdir(parents=True)
    program = tmp_path / "evil.sh"
    program.write_text(f'#!/bin/sh\necho "$0 $*" >> {marker}\ncat\n')
    program.chmod(0o755)
    _git(repo, "init", "-q")
    who = ("-c", "user.name=t", "-c", "user.email=t@t")
    (repo / RULES).write_text("kind: rules\ncases: [{id: mak.1.0, text: {en: One}}]\n")
    _git(repo, "add", "-A")
    _git(repo, *who, "commit", "-qm", "one")
    tree, parent = _git(repo, "write-tree"), _git(repo, "rev-parse", "HEAD")
    signed = (
        f"tree {tree}\nparent {parent}\nauthor t <t@t> 1 +0000\ncommitter t <t@t> 1 +0000\n"
        "gpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEE\n -----END PGP SIGNATURE-----\n"
        "\nsigned\n"
    )
    commit = _git(repo, "hash-object", "-t", "commit", "-w", "--stdin", stdin=signed.encode())
    _git(repo, "update-ref", "HEAD", commit)
    (repo / ".gitattributes").write_text("*.yaml filter=ev diff=ev\n")
    (repo / ".git" / "info" / "attributes").write_text("* filter=ev diff=ev\n")
    for key, value in {
        "log.showSignature": "true",
        "gpg.program": str(program),
        "filter.ev.smudge": str(program),
        "filter.ev.clean": str(program),
        "filter.ev.process": str(program),
        "diff.ev.textconv": str(program),
        "diff.external": str(program),
        "core.fsmonitor": str(program),
        "core.pager": str(program),
        "core.hooksPath": str(tmp_path / "hooks"),
    }.items():
        _git(repo, "config", key, value)
    (tmp_path / "hooks").mkdir()
    for hook in ("post-checkout", "post-index-change", "reference-transaction"):
        shutil.copy(program, tmp_path / "hooks" / hook)
    return repo, marker


@needs_git
def test_the_planted_programs_would_run_under_plain_git(tmp_path):
    repo, marker = _repository(tmp_path)
    subprocess.run(["git", "-C", str(repo), "log", "-n1"], capture_output=True, check=False)
    assert marker.exists()  # the plant is live: a plain `git log` runs gpg.program


@needs_git
def test_reading_history_runs_nothing_the_repository_configures(tmp_path):
    repo, marker = _repository(tmp_path)
    versions, findings = git_versions(repo, RULES)
    assert len(versions) == 1 and findings == []  # both commits hold the same blob: read once
    assert versions[0].read() == (
        {"kind": "rules", "cases": [{"id": "mak.1.0", "text": {"en": "One"}}]},
        [],
    )
    assert run_git(repo, "log", "-n2", "--format=%H", "--", str(RULES)) is not None
    assert not marker.exists(), marker.read_text()


@needs_git
def test_a_bomb_committed_once_is_a_finding_not_a_hang(tmp_path):
    repo = tmp_path / "repo"
    _plant(repo / RULES, "alias")
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "bomb")
    (repo / RULES).write_text("kind: rules\ncases: []\n")
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "fixed")
    versions, findings = git_versions(repo, RULES)
    assert findings == [] and len(versions) == 2  # newest first, each read when asked for
    assert versions[0].read() == ({"kind": "rules", "cases": []}, [])
    bomb, found = versions[1].read()
    assert bomb is None and [f.code for f in found] == ["translations-earlier-unreadable"]
    assert versions[1].read() == (None, [])  # a finding is given once
