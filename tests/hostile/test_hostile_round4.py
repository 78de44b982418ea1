"""Issue 42 §2 and §4: names the system cannot take (too long, not UTF-8) are plain messages, never
a traceback; a request is never quietly ignored (`--changes-since ""`, `build site --draft`); an
erratum's date is a calendar date, never a number; a HOME that is empty or relative is ignored
as an unset one is, with one warning."""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pytest

from generator.commands import rules
from generator.content.load import validate_document
from generator.content.yaml_loader import load_yaml
from generator.core import places
from generator.core.places import DEFAULT_CONTENT

GAME = Path(__file__).resolve().parent.parent / "games" / "tg"
SAMPLE = DEFAULT_CONTENT / "scenarios" / "mak" / "depot-raid.yaml"
SHIFT_JIS = os.fsdecode(b"\x83V\x83i")  # シナ in Shift_JIS, as a Japanese zip names it
LONG = "x" * 300


def _plain(result, code: int = 1) -> None:
    """A plain message and the exit code, never a traceback."""
    assert result.code == code, (result.out, result.err)
    assert "Traceback" not in result.err and "internal error" not in result.err


def test_a_content_folder_named_in_shift_jis_is_read(run, tmp_path):
    folder = tmp_path / SHIFT_JIS
    shutil.copytree(GAME, folder)
    _plain(run("--content", str(folder), "check"), 0)


def test_an_overlay_folder_named_in_shift_jis_is_read(run, tmp_path):
    overlay = tmp_path / SHIFT_JIS
    overlay.mkdir()
    _plain(run("--content", str(GAME), "--overlay", str(overlay), "check"), 0)


def test_a_scenario_file_named_in_shift_jis_is_checked(run, tmp_path):
    path = tmp_path / f"{SHIFT_JIS}.yaml"
    shutil.copy(SAMPLE, path)
    _plain(run("check", str(path)), 0)


@pytest.mark.parametrize(
    "argv",
    [
        ("--content", f"/tmp/{LONG}", "check"),
        ("--overlay", f"/tmp/{LONG}", "check"),
        ("check", f"/tmp/{LONG}.yaml"),
        ("new", "mak", "--out", f"/tmp/{LONG}/s.yaml"),
        ("new", "mak", "--out", f"/tmp/{LONG}"),
        ("generate", "mak", "--out", f"/tmp/{LONG}"),
        ("review", "mak", "--out", f"/tmp/{LONG}"),
        ("review", "mak", "--seeds", f"/tmp/{LONG}"),
        ("build", "mak.stack-points", "--no-site", "--out", f"/tmp/{LONG}"),
    ],
    ids=lambda argv: "-".join(word for word in argv if LONG not in word),
)
def test_a_name_too_long_for_the_file_system_is_a_message(run, argv):
    result = run(*argv)
    _plain(result)
    assert "longer than a file system holds (255 bytes)" in result.err
    assert len(result.err.splitlines()) == 1


def test_a_name_too_long_found_inside_a_folder_is_a_message(run, monkeypatch):
    def refuse(args, lang):
        raise OSError(errno.ENAMETOOLONG, os.strerror(errno.ENAMETOOLONG), f"/tmp/{LONG}")

    monkeypatch.setitem(__import__("generator.cli").cli.COMMANDS, "rules", _command(refuse))
    result = run("rules", "mak")
    _plain(result)
    assert "File name too long" in result.err


def _command(run):
    """The `rules` command with another body."""
    command = rules.COMMANDS[0]
    return type(command)(command.name, command.help, command.add_arguments, run)


@pytest.mark.parametrize(
    "argv", [("build", "mak.stack-points", "--changes-since", ""), ("build", "site", "--draft")]
)
def test_a_request_that_would_be_ignored_is_a_usage_error(run, argv, capsys):
    with pytest.raises(SystemExit) as raised:
        run(*argv)
    assert raised.value.code == 2
    err = capsys.readouterr().err
    assert "--changes-since" in err or "--draft" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "written", ["-86400", '"1740787200"', "1740787200000", "86400.0", "20250301", '"2025-3-1"']
)
def test_an_erratum_date_that_is_a_number_is_refused(tmp_path, written):
    path = tmp_path / "errata.yaml"
    path.write_text(
        "kind: errata\nerrata:\n  - id: t\n    title: {en: T, ja: T, tr: none}\n"
        f"    date: {written}\n",
        encoding="utf-8",
    )
    document, problems = load_yaml(path, "errata.yaml")
    assert document is not None and not problems
    _, model, issues = validate_document(document)
    assert model is None
    assert [(issue.code, issue.line, issue.key_path) for issue in issues] == [
        ("calendar-date", 5, "errata[0].date")
    ]
    assert "YYYY-MM-DD" in issues[0].message_en


@pytest.mark.parametrize("written", ["2025-03-01", '"2025-03-01"'])
def test_an_erratum_date_written_as_a_date_is_read(tmp_path, written):
    path = tmp_path / "errata.yaml"
    path.write_text(
        "kind: errata\nerrata:\n  - id: t\n    title: {en: T, ja: T, tr: none}\n"
        f"    date: {written}\n",
        encoding="utf-8",
    )
    document, _ = load_yaml(path, "errata.yaml")
    _, model, issues = validate_document(document)
    assert not issues and model.errata[0].date.isoformat() == "2025-03-01"


class _Account:
    def __init__(self, home: Path) -> None:
        self.pw_dir = str(home)


@pytest.mark.parametrize("home", ["", "relative/home"])
def test_a_home_that_is_empty_or_relative_is_ignored_with_one_warning(
    run, tmp_path, monkeypatch, home
):
    import pwd

    account = tmp_path / "account"
    monkeypatch.setattr(pwd, "getpwuid", lambda uid: _Account(account))
    monkeypatch.setenv("HOME", home)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.chdir(tmp_path)
    assert places.cache_root() == account / ".cache" / "playaid"
    result = run("rules", "mak")
    assert result.code == 0
    warnings = [line for line in result.err.splitlines() if "HOME" in line]
    assert len(warnings) == 1 and "not an absolute path" in warnings[0]
    assert not (tmp_path / "relative").exists() and not (tmp_path / ".cache").exists()


def test_a_home_that_is_absolute_is_used_without_a_word(run, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    assert places.cache_root() == tmp_path / ".cache" / "playaid"
    assert "HOME" not in run("rules", "mak").err


def test_an_erratum_title_never_prints_a_line_of_its_own(run, tmp_path):
    from changed_content import copy_content, edit

    root = edit(copy_content(tmp_path / "content"))
    errata = root / "errata.yaml"
    forged = '"Tactics\\nok: 1 scenario file(s) — no problems"'
    errata.write_text(
        errata.read_text(encoding="utf-8").replace("en: Tactics 2025-03", f"en: {forged}"),
        encoding="utf-8",
    )
    result = run("--content", str(root), "rule", "mak.2.1")
    assert result.code == 0, result.err
    assert "source: erratum Tactics\\u000aok: 1 scenario file(s)" in result.out
    assert not [line for line in result.out.splitlines() if line.startswith("ok: ")]
