"""Errata provenance in `rule`, and what `build --changes-since` compares with: a git revision of
the content or an earlier folder; a name that is neither is a plain error (issue 32, item 3)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from changed_content import (
    ERRATUM_DATE,
    ERRATUM_TITLE_EN,
    ERRATUM_TITLE_JA,
    MARKED,
    REMOVED,
    copy_content,
    edit,
)

from generator.content.changes import compare
from generator.content.load import load_content
from generator.content.revision import load_earlier
from generator.core.errors import UserError


@pytest.fixture(scope="module")
def edited(tmp_path_factory) -> Path:
    """A copy of content/ with the edits of tests/changed_content.py."""
    return edit(copy_content(tmp_path_factory.mktemp("edited") / "content"))


def test_rule_cites_the_erratum_not_the_seed(run, edited):
    shown = run("rule", "mak.2.1", "--content", str(edited))
    assert shown.code == 0, shown.err
    assert f"source: erratum {ERRATUM_TITLE_EN}, {ERRATUM_DATE}" in shown.out
    assert "seed 002" not in shown.out
    japanese = run("rule", "mak.2.4", "--content", str(edited), "--lang", "ja")
    assert f"出典: エラッタ {ERRATUM_TITLE_JA}, {ERRATUM_DATE}" in japanese.out


def test_rule_json_cites_the_erratum(run, edited):
    shown = run("rule", "mak.2.4", "--content", str(edited), "--json")
    assert f'"erratum {ERRATUM_TITLE_EN}, {ERRATUM_DATE}"' in shown.out


def test_an_erratum_not_listed_is_a_finding_at_its_place(run, edited, tmp_path):
    copy = copy_content(tmp_path / "content")
    rules = copy / "mak" / "rules-01-05.yaml"
    text = rules.read_text(encoding="utf-8")
    line = 'source: {seed: "002", section: 2.1 Map Boards, lines: "210"}'
    rules.write_text(text.replace(line, "source: {erratum: nowhere}"), encoding="utf-8")
    shown = run("check", "--content", str(copy))
    assert shown.code == 1
    assert "rules-01-05.yaml:" in shown.out + shown.err
    assert "unknown-erratum" in shown.out + shown.err
    assert "Traceback" not in shown.err


def test_changes_since_a_git_revision(edited, tmp_path):
    """The content committed, then edited: HEAD is the original."""
    root = copy_content(tmp_path / "content")
    git = ["git", "-C", str(tmp_path), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "content"], check=True)
    subprocess.run([*git, "commit", "-qm", "original"], check=True)
    edit(root)
    earlier, since = load_earlier("HEAD", root)
    assert since.startswith("HEAD (")
    changes = compare(earlier, load_content(root), since)
    listed = {entry.number: entry.kind for entry in changes.entries}
    assert listed == {**MARKED, **dict.fromkeys(REMOVED, "removed")}
    assert [entry.id for entry in changes.entries if entry.what == "chart"] == []


def test_changes_since_an_earlier_folder(edited, content):
    changes = compare(content, load_content(edited), "original")
    assert {entry.number: entry.kind for entry in changes.entries} == {
        **MARKED,
        **dict.fromkeys(REMOVED, "removed"),
    }
    assert changes.case("mak.2.3") is None  # removed: nothing in the edition to mark
    assert changes.case("mak.2.1").kind == "correction"


@pytest.mark.parametrize("since", ["no-such-revision", "-x", "HEAD~100000"])
def test_a_bad_revision_is_a_plain_error(run, since):
    shown = run("build", "mak.rules", "--lang", "en", "--no-site", f"--changes-since={since}")
    assert shown.code == 1
    assert "neither a content folder nor a git revision" in shown.err
    assert "Traceback" not in shown.err


def test_an_earlier_content_that_does_not_load_is_a_plain_error(tmp_path):
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "sources.yaml").write_text("kind: sources\n", encoding="utf-8")
    with pytest.raises(UserError) as raised:
        load_earlier(str(broken), tmp_path)
    assert "does not load with this playaid" in raised.value.message("en")
