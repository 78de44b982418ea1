"""Issue 42 §1 and §2: git run on a stranger's folder executes nothing the folder configures
(filters, textconv, external diff, fsmonitor, hooks, pager, gpg.program), and `--changes-since`
checks every file's size before reading it, reads no link and leaves no scratch folder behind."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from changed_content import copy_content

from generator.content import revision
from generator.content.revision import load_earlier
from generator.core import git
from generator.core.errors import UserError
from generator.core.limits import FILE_BYTES

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
GIT = ["git", "-c", "user.name=t", "-c", "user.email=t@t"]


def _git(root: Path, *args: str) -> str:
    done = subprocess.run([*GIT, "-C", str(root), *args], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _marker_program(marker: Path) -> str:
    """A program that leaves a line in `marker` whenever it runs and passes its input on."""
    program = marker.with_name("evil.sh")
    program.write_text(f"#!/bin/sh\necho ran >> '{marker}'\ncat\n", encoding="utf-8")
    program.chmod(0o755)
    return str(program)


def _repository(tmp_path: Path) -> tuple[Path, Path]:
    """A repository whose content folder `c` holds two YAML files, committed twice (so a log and
    a diff have something to show); and the marker file nothing may write."""
    root = tmp_path / "repo"
    content = root / "c"
    content.mkdir(parents=True)
    (content / "a.yaml").write_text("kind: x\n", encoding="utf-8")
    (content / "b.yml").write_text("kind: y\n", encoding="utf-8")
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "one")
    (content / "a.yaml").write_text("kind: z\n", encoding="utf-8")
    _git(root, "commit", "-qam", "two")
    return root, tmp_path / "PWNED"


def _plant(root: Path, marker: Path) -> None:
    """Every mechanism by which a folder's configuration makes git run a program."""
    program = _marker_program(marker)
    hooks = root / "hooks"
    hooks.mkdir()
    for name in ("post-checkout", "pre-commit", "reference-transaction", "post-index-change"):
        hook = hooks / name
        hook.write_text(f"#!/bin/sh\necho ran >> {marker}\n", encoding="utf-8")
        hook.chmod(0o755)
        shutil.copy2(hook, root / ".git" / "hooks" / name)
    settings = {
        "filter.ev.smudge": program,
        "filter.ev.clean": program,
        "filter.ev.required": "true",
        "filter.pr.process": program,
        "diff.tc.textconv": program,
        "diff.external": program,
        "core.fsmonitor": program,
        "core.hooksPath": str(hooks),
        "core.pager": program,
        "pager.log": program,
        "pager.show": program,
        "log.showSignature": "true",
        "gpg.program": program,
        "gpg.format": "openpgp",
    }
    for key, value in settings.items():
        _git(root, "config", key, value)
    (root / ".gitattributes").write_text("*.yaml filter=ev diff=tc\n", encoding="utf-8")
    (root / ".git" / "info" / "attributes").write_text("*.yml filter=pr diff=tc\n", "utf-8")


def _signed_commit(root: Path) -> str:
    """A commit carrying a (fake) signature, made HEAD: `git log` with log.showSignature asks
    gpg.program to verify it."""
    head = _git(root, "cat-file", "commit", "HEAD")
    header, _, body = head.partition("\n\n")
    signature = "gpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEz\n -----END PGP SIGNATURE-----"
    forged = f"{header}\n{signature}\n\n{body}"
    done = subprocess.run(
        ["git", "-C", str(root), "hash-object", "-t", "commit", "-w", "--stdin"],
        input=forged, capture_output=True, text=True, check=True,
    )  # fmt: skip
    name = done.stdout.strip()
    _git(root, "update-ref", "HEAD", name)
    return name


def test_the_planted_mechanisms_do_run_in_plain_git(tmp_path):
    """The fixture is real: git as playaid once ran it (archive, log) runs the planted programs."""
    root, marker = _repository(tmp_path)
    _plant(root, marker)
    _signed_commit(root)
    marker.unlink(missing_ok=True)  # the hooks of the set-up's own commands
    subprocess.run(["git", "-C", str(root / "c"), "archive", "HEAD"], capture_output=True)
    assert marker.exists()
    marker.unlink()
    subprocess.run(["git", "-C", str(root), "log", "-n1"], capture_output=True)
    assert marker.exists()


def test_no_git_command_playaid_runs_executes_what_the_folder_configures(tmp_path):
    root, marker = _repository(tmp_path)
    _plant(root, marker)
    commit = _signed_commit(root)
    marker.unlink(missing_ok=True)  # the hooks of the set-up's own commands
    content = root / "c"
    assert git.run_git(content, "rev-parse", "--verify", "--quiet", "HEAD^{commit}")
    log = git.run_git(content, "log", "-n5", "--format=%H", "--", "a.yaml")
    assert log is not None and commit.encode() in log
    entries = git.tree(content, commit)
    assert entries is not None
    assert sorted(entry.path for entry in entries) == [b"a.yaml", b"b.yml"]
    for entry in entries:
        assert git.blob(content, entry.object, FILE_BYTES) in (b"kind: z\n", b"kind: y\n")
    assert git.file_at(content, "HEAD~1", "a.yaml", FILE_BYTES) == b"kind: x\n"
    patches = git.run_git(content, "log", "-p", "-n2", "--format=%H")
    assert patches is not None and b"+kind: z" in patches
    assert not marker.exists(), marker.read_text()


def test_git_environment_variables_are_not_passed_on(tmp_path, monkeypatch):
    root, marker = _repository(tmp_path)
    monkeypatch.setenv("GIT_EXTERNAL_DIFF", _marker_program(marker))
    monkeypatch.setenv("GIT_PAGER", _marker_program(marker))
    monkeypatch.setenv("GIT_CONFIG_COUNT", "1")
    monkeypatch.setenv("GIT_CONFIG_KEY_0", "core.fsmonitor")
    monkeypatch.setenv("GIT_CONFIG_VALUE_0", _marker_program(marker))
    assert git.run_git(root / "c", "log", "-p", "-n2") is not None
    assert not marker.exists()


@pytest.mark.parametrize("porcelain", ["diff", "show", "archive", "status", "checkout"])
def test_a_command_that_applies_attributes_is_never_run(porcelain):
    with pytest.raises(ValueError):
        git.command(Path("."), porcelain, "HEAD")


@pytest.fixture(scope="module")
def committed(tmp_path_factory) -> Path:
    """The shipped content committed in a repository, with every mechanism planted."""
    top = tmp_path_factory.mktemp("committed")
    root = top / "repo"
    content = copy_content(root / "content")
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "original")
    _plant(root, top / "PWNED")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "attributes")
    return content


def test_changes_since_runs_no_filter_of_the_folder(committed):
    marker = committed.parent.parent / "PWNED"
    marker.unlink(missing_ok=True)  # the hooks of the set-up's own commands
    earlier, since = load_earlier("HEAD", committed)
    assert since.startswith("HEAD (")
    assert earlier.cases
    assert not marker.exists()


def _commit_file(content: Path, name: str, data: bytes | None = None, link: str = "") -> str:
    """Commit one more file (or link) in the content folder; return the commit."""
    path = content / name
    if link:
        path.symlink_to(link)
    else:
        path.write_bytes(data or b"")
    root = content.parent
    _git(root, "add", "-f", "--", str(path))
    _git(root, "commit", "-qm", name)
    commit = _git(root, "rev-parse", "HEAD").strip()
    _git(root, "reset", "-q", "--hard", "HEAD~1")
    return commit


def test_a_blob_over_the_limit_is_refused_before_it_is_read(committed, monkeypatch):
    commit = _commit_file(committed, "big.yaml", b"# " + b"x" * FILE_BYTES + b"\n")
    asked: list[tuple[str, ...]] = []
    real = git.run_git

    def spy(root: Path, *args: str, **kwargs):
        asked.append(args)
        return real(root, *args, **kwargs)

    monkeypatch.setattr(git, "run_git", spy)
    with pytest.raises(UserError) as refused:
        load_earlier(commit, committed)
    assert "big.yaml" in refused.value.message_en
    assert str(FILE_BYTES) in refused.value.message_en
    assert not [args for args in asked if args[:2] == ("cat-file", "blob")]


def test_a_committed_link_out_of_the_tree_is_a_message(committed):
    commit = _commit_file(committed, "house.yaml", link="/etc/passwd")
    with pytest.raises(UserError) as refused:
        load_earlier(commit, committed)
    assert "house.yaml" in refused.value.message_en
    assert "link" in refused.value.message_en


def test_a_committed_name_too_long_for_the_disk_is_a_message(committed):
    root = committed.parent
    blob = subprocess.run(
        ["git", "-C", str(root), "hash-object", "-w", "--stdin"],
        input=b"kind: sources\n", capture_output=True, check=True,
    ).stdout.decode().strip()  # fmt: skip
    long = "y" * 300 + ".yaml"
    _git(root, "update-index", "--add", "--cacheinfo", f"100644,{blob},content/{long}")
    _git(root, "commit", "-qm", "long")
    commit = _git(root, "rev-parse", "HEAD").strip()
    _git(root, "reset", "-q", "--hard", "HEAD~1")
    with pytest.raises(UserError) as refused:
        load_earlier(commit, committed)
    assert long[:40] in refused.value.message_en
    assert refused.value.code == "since-unwritable"


def test_a_revision_name_too_long_for_the_system_is_a_message(committed):
    with pytest.raises(UserError) as refused:
        load_earlier("v" + "x" * 256, committed)
    assert refused.value.code == "since-unknown"


def test_a_killed_comparison_leaves_nothing_a_later_one_keeps(committed, tmp_path, monkeypatch):
    monkeypatch.setattr(revision, "SYSTEM_TEMP", str(tmp_path))
    dead = subprocess.Popen(["true"])
    dead.wait()
    abandoned = tmp_path / f"playaid-since-{dead.pid}-abc123"
    (abandoned / "mak").mkdir(parents=True)
    (abandoned / "mak" / "rules.yaml").write_text("kind: rules\n", encoding="utf-8")
    running = tmp_path / f"playaid-since-{os.getppid()}-def456"
    running.mkdir()
    other = tmp_path / "playaid-since-notes"
    other.mkdir()
    load_earlier("HEAD", committed)
    assert not abandoned.exists()
    assert running.exists() and other.exists()
    mine = f"playaid-since-{os.getpid()}-"
    assert not [path for path in tmp_path.iterdir() if path.name.startswith(mine)]
