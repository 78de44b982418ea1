"""The pre-commit hook `playaid-check` (issue 46), run by pre-commit itself as a scenario
collection would run it: `pre-commit try-repo` on this checkout (its HEAD with the uncommitted
changes) installs playaid in an environment of its own and checks the staged files. Slow-ish: the
first run installs playaid's dependencies from the package index."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from generator.core.places import DEFAULT_CONTENT

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"


def test_the_hook_is_declared_as_a_collection_uses_it():
    [hook] = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert hook["id"] == "playaid-check" and hook["language"] == "python"
    assert hook["entry"] == "playaid check --scenarios-only"
    assert hook["files"] == r"\.ya?ml$"


def _git(folder: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args],
        cwd=folder,
        check=True,
        capture_output=True,
    )


def test_scenarios_only_passes_over_yaml_that_is_no_scenario(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    (tmp_path / "workflow.yml").write_text("on: push\njobs: {}\n", "utf-8")
    (tmp_path / "notes.yaml").write_text("kind: glossary\n: not even YAML [\n", "utf-8")
    none = run("check", "--scenarios-only", "workflow.yml", "notes.yaml")
    assert (none.code, none.out) == (0, "ok: 0 scenario files — no problems\n")
    # A scenario that does not read as YAML is still a scenario, and its error is reported.
    (tmp_path / "broken.yaml").write_text("kind: scenario\nsystem: mak\nid: [open\n", "utf-8")
    broken = run("check", "--scenarios-only", "workflow.yml", "broken.yaml")
    assert broken.code == 1 and "broken.yaml:" in broken.err and "workflow" not in broken.err
    quoted = tmp_path / "quoted.yaml"
    quoted.write_text("kind: 'scenario'  # a comment\nsystem: [\n", "utf-8")
    assert run("check", "--scenarios-only", "quoted.yaml").code == 1


@pytest.mark.slow
@pytest.mark.skipif(
    shutil.which("pre-commit") is None or shutil.which("git") is None,
    reason="pre-commit (the test extra) and git are needed",
)
def test_pre_commit_checks_only_the_scenario_files_and_fails_on_a_bad_one(tmp_path):
    collection = tmp_path / "collection"
    collection.mkdir()
    _git(collection, "init", "-q")
    shutil.copy(DEFAULT_CONTENT / "scenarios" / "mak" / "depot-raid.yaml", collection / "good.yaml")
    shutil.copy(TESTS / "scenarios" / "mak" / "amu" / "fail.yaml", collection / "bad.yaml")
    # YAML that is no scenario (a workflow, a note) is passed over, whatever it holds.
    (collection / "other.yaml").write_text("kind: glossary\nterms: not checked\n", "utf-8")
    _git(collection, "add", ".")
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    env |= {
        "PRE_COMMIT_HOME": str(tmp_path / "pre-commit"),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),  # playaid's cache, the test's own
        "PIP_CACHE_DIR": str(Path.home() / ".cache" / "pip"),  # wheels kept between runs
    }
    command = [sys.executable, "-m", "pre_commit", "try-repo", str(ROOT), "playaid-check"]

    def hook(*files: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*command, "--files", *files],
            cwd=collection,
            env=env,
            capture_output=True,
            text=True,
            timeout=1500,
        )

    failed = hook("good.yaml", "bad.yaml", "other.yaml")
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert "bad.yaml:24:8: error[mak-amu-date]" in failed.stdout
    assert "good.yaml" not in failed.stdout and "other.yaml" not in failed.stdout
    assert "Traceback" not in failed.stdout
    passed = hook("good.yaml", "other.yaml")
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "Passed" in passed.stdout
