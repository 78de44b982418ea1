"""`check --format github` and `check --format sarif` (issue 46): findings as GitHub Actions
workflow commands and as a SARIF 2.1.0 log, each against a golden file; exit codes as for text."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from generator.commands.annotations import artifact_uri, github_line
from generator.core.diagnostics import Issue
from generator.core.places import DEFAULT_CONTENT

TESTS = Path(__file__).resolve().parents[1]
# A name with a comma and a colon, which a workflow command's properties escape.
BAD = "mines, zone:1.yaml"


@pytest.fixture
def scenarios(tmp_path, monkeypatch) -> list[str]:
    """A file with an error and two warnings, and one with an info finding, in the working folder."""
    shutil.copy(TESTS / "scenarios" / "mak" / "mines-zone" / "fail.yaml", tmp_path / BAD)
    shutil.copy(DEFAULT_CONTENT / "scenarios" / "fpcf" / "weser-screen.yaml", tmp_path / "w.yaml")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return [BAD, "w.yaml"]


def test_github_format_prints_one_workflow_command_a_finding(run, golden, scenarios):
    result = run("check", "--format", "github", *scenarios)
    assert result.code == 1
    lines = result.out.splitlines()
    assert [line.split(" ", 1)[0] for line in lines] == [
        "::warning",
        "::warning",
        "::error",
        "::notice",
    ]
    assert "file=mines%2C zone%3A1.yaml,line=27,col=60,title=mak-mine-outside-zone::" in lines[2]
    golden("check/annotations.github.txt", result.out)
    again = run("check", "--format", "github", *scenarios)  # from the cached verdict
    assert (again.code, again.out) == (result.code, result.out)


def test_github_format_passes_with_only_a_notice(run, scenarios):
    result = run("check", "--format", "github", "w.yaml")
    assert result.code == 0
    drop = _line_of(Path("w.yaml"), "- unit: 1/345 Abn")  # formations[4].drops[0]
    assert result.out.startswith(f"::notice file=w.yaml,line={drop},col=9,title=")
    assert run("check", "--format", "github", "--strict", BAD).code == 1


def _line_of(path: Path, text: str) -> int:
    """The 1-based number of the first line of PATH that holds TEXT."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, 1) if text in line)


def test_github_format_escapes_as_githubs_toolkit_does():
    issue = Issue("a,b:c%\r\n.yaml", 3, 4, "k", "some-code", "50% of\r\nit", "-", "warning")
    assert github_line(issue, "en") == (
        "::warning file=a%2Cb%3Ac%25%0D%0A.yaml,line=3,col=4,title=some-code::k: 50%25 of%0D%0Ait"
    )


def test_sarif_format_writes_a_sarif_2_1_0_log(run, golden, scenarios):
    result = run("check", "--format", "sarif", *scenarios)
    assert result.code == 1
    log = json.loads(result.out)
    assert log["version"] == "2.1.0" and log["$schema"].endswith("sarif-2.1.0.json")
    [only] = log["runs"]
    driver = only["tool"]["driver"]
    assert driver["name"] == "playaid" and driver["version"]
    rule_ids = [rule["id"] for rule in driver["rules"]]
    assert [r["level"] for r in only["results"]] == ["warning", "warning", "error", "note"]
    for found in only["results"]:
        assert rule_ids[found["ruleIndex"]] == found["ruleId"]
        [place] = found["locations"]
        assert place["physicalLocation"]["artifactLocation"]["uri"] in (
            "mines%2C%20zone%3A1.yaml",
            "w.yaml",
        )
        assert place["physicalLocation"]["region"]["startLine"] >= 1
    golden("check/annotations.sarif.json", result.out)


def test_a_content_that_fails_to_load_is_annotated_too(run, tmp_path, monkeypatch):
    content = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    (content / "glossary.yaml").write_text("kind: glossary\nterms: 7\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    result = run("--content", "content", "check", "--format", "github")
    assert result.code == 1
    assert result.out.startswith("::error file=content/glossary.yaml,line=2,")
    sarif = run("--content", "content", "check", "--format", "sarif")
    assert sarif.code == 1 and json.loads(sarif.out)["runs"][0]["results"][0]["level"] == "error"


def test_an_absolute_file_is_a_file_uri():
    assert artifact_uri("/tmp/a b.yaml") == "file:///tmp/a%20b.yaml"
    assert artifact_uri("sub/a.yaml") == "sub/a.yaml"
