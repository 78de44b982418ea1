"""A translator's work is never lost and an import is all or nothing (issue 42 §3, issue 45 §2):
an export onto an existing PO file merges as msgmerge does, only --force replaces it; an import
refuses what `check` would refuse, at the PO file's line, writes every file or none, finishes
a killed import and removes what it left."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest
from conftest import files_of

RULES = Path("mak") / "rules-10-13.yaml"
FIRST = Path("mak") / "rules-01-05.yaml"
OLD = "During the air war phase, both players assign"
NEW = "During the air war phase, each player assigns"
TITLE = "mak.artillery-request-type title"


def _export(run, root: Path, system: str, out: Path, *extra: str):
    result = run(
        "--content", str(root), "translations", "export", system, "--out", str(out), *extra
    )
    assert result.code == 0, result.err
    return result


def _import(run, root: Path, po: Path):
    return run("--content", str(root), "translations", "import", str(po))


def _po(tmp_path: Path, name: str, body: str) -> Path:
    path = tmp_path / name
    path.write_text(body, encoding="utf-8")
    return path


def _entry(msgstr: str, msgctxt: str = TITLE, msgid: str = "Artillery request types") -> str:
    return f'msgctxt "{msgctxt}"\nmsgid "{msgid}"\nmsgstr "{msgstr}"\n'


# --- export merges -------------------------------------------------------------------------


def test_an_export_onto_a_translators_file_keeps_their_work(run, copy, tmp_path):
    out = tmp_path / "po"
    _export(run, copy, "cf", out)
    po_path = out / "cf.ja-en.po"
    edited = po_path.read_text(encoding="utf-8").replace('msgstr "Central Front', 'msgstr "MY WORK')
    po_path.write_text(edited, encoding="utf-8")
    _export(run, copy, "cf", out, "--state", "stale")
    assert "MY WORK" in po_path.read_text(encoding="utf-8")
    _export(run, copy, "cf", out)
    assert "MY WORK" in po_path.read_text(encoding="utf-8")
    _export(run, copy, "cf", out, "--force")  # only --force replaces the file
    assert "MY WORK" not in po_path.read_text(encoding="utf-8")


def test_a_changed_source_goes_fuzzy_with_the_old_one_and_a_gone_text_obsolete(run, copy, tmp_path):
    out = tmp_path / "mak.en-ja.po"
    _export(run, copy, "mak", out)
    po = polib.pofile(str(out))
    mine = next(e for e in po if e.msgctxt == "mak.10.1.1 text")
    mine.msgstr = "訳者の作業中の訳"
    mine.tcomment = "ask the designer"
    po.append(polib.POEntry(msgctxt="mak.99.9 title", msgid="Gone", msgstr="消えた"))
    po.metadata["Last-Translator"] = "Hanako <hanako@example.com>"
    po.save(str(out))
    path = copy / RULES
    path.write_text(path.read_text(encoding="utf-8").replace(OLD, NEW, 1), encoding="utf-8")
    _export(run, copy, "mak", out)
    merged = polib.pofile(str(out))
    entry = next(e for e in merged if e.msgctxt == "mak.10.1.1 text")
    assert entry.msgid.startswith(NEW) and entry.previous_msgid.startswith(OLD)
    assert "fuzzy" in entry.flags and entry.msgstr == "訳者の作業中の訳"
    assert entry.tcomment == "ask the designer"
    gone = [e for e in merged.obsolete_entries() if e.msgctxt == "mak.99.9 title"]
    assert [e.msgstr for e in gone] == ["消えた"]
    assert '#~ msgctxt "mak.99.9 title"' in out.read_text(encoding="utf-8")
    assert merged.metadata["Last-Translator"] == "Hanako <hanako@example.com>"


@pytest.mark.parametrize(
    "standing",
    ['not a PO file\n"', _entry("x") * 2, 'msgid ""\nmsgstr "Language: en\\n"\n\n' + _entry("x")],
    ids=["not-po", "duplicates", "other-language"],
)
def test_an_export_refuses_what_it_cannot_merge_into(run, copy, tmp_path, standing):
    out = _po(tmp_path, "mak.en-ja.po", standing)
    result = run("--content", str(copy), "translations", "export", "mak", "--out", str(out))
    assert result.code == 1 and "cannot be merged into" in result.err and "--force" in result.err
    assert out.read_text(encoding="utf-8") == standing
    _export(run, copy, "mak", out, "--force")
    assert len(polib.pofile(str(out))) > 700


def test_an_export_names_a_file_that_does_not_validate(run, copy, tmp_path):
    path = copy / RULES
    source = path.read_text(encoding="utf-8")
    path.write_text(source.replace('    number: "10.0"\n', '    number: "10.0"\n    bogus: 1\n', 1))
    result = run("--content", str(copy), "translations", "export", "mak", "--out", str(tmp_path))
    assert result.code == 1
    assert "error[translations-file-invalid]" in result.err and "rules-10-13.yaml" in result.err
    assert not list(tmp_path.glob("*.po"))


def test_a_previous_that_is_not_a_folder_is_a_usage_error(run, copy, tmp_path):
    for previous in (tmp_path / "nosuch", _po(tmp_path, "file.po", "")):
        with pytest.raises(SystemExit) as exited:
            run(
                "--content", str(copy), "translations", "export", "mak", "--previous", str(previous)
            )
        assert exited.value.code == 2


# --- import refuses what check refuses ------------------------------------------------------


@pytest.mark.parametrize(
    ("msgstr", "code", "shown"),
    [
        (" ", "po-blank", ""),
        ("\\n", "po-blank", ""),
        ("砲撃\u2028要請", "po-character", "U+2028 LINE SEPARATOR"),
        ("砲撃\u200b要請", "po-undrawable", "U+200B ZERO WIDTH SPACE"),
        ("\ufeff砲撃", "po-undrawable", "U+FEFF ZERO WIDTH NO-BREAK SPACE"),
        ("砲撃🎲", "po-undrawable", "U+1F3B2 GAME DIE"),
        ("砲撃\u202e要請", "po-character", "U+202E RIGHT-TO-LEFT OVERRIDE"),
        ("砲" * 20_001, "po-too-long", "20001"),
    ],
    ids=["blank", "newline", "u2028", "u200b", "bom", "emoji", "rlo", "long"],
)
def test_an_import_refuses_what_check_refuses_at_its_line(run, copy, tmp_path, msgstr, code, shown):
    po = _po(tmp_path, "bad.po", "# a comment\n\n" + _entry(msgstr))
    before = files_of(copy)
    result = _import(run, copy, po)
    assert result.code == 1
    assert f"bad.po:3:1: error[{code}]: {TITLE}: " in result.err and shown in result.err
    assert files_of(copy) == before


def test_duplicate_entries_are_refused(run, copy, tmp_path):
    po = _po(tmp_path, "dup.po", _entry("砲撃要請") + "\n" + _entry("砲撃要請の種類"))
    before = files_of(copy)
    result = _import(run, copy, po)
    assert result.code == 1 and "dup.po:5:1: error[po-duplicate]" in result.err
    assert "another entry at line 1" in result.err
    assert files_of(copy) == before


def test_what_check_finds_beyond_the_entry_is_refused_too(run, copy, tmp_path, monkeypatch):
    from generator.content import load
    from generator.core.diagnostics import Issue

    real = load.style_issues

    def stricter(document, model, names):  # a check that refuses a word, as check would
        found = real(document, model, names)
        if "禁句" in document.path.read_text(encoding="utf-8"):
            found.append(Issue(document.shown_path, 3, 1, "title", "banned", "a banned word", "禁"))
        return found

    monkeypatch.setattr(load, "style_issues", stricter)
    before = files_of(copy)
    result = _import(run, copy, _po(tmp_path, "banned.po", "\n" + _entry("禁句の種類")))
    assert result.code == 1
    assert "banned.po:2:1: error[po-refused-by-check]: " in result.err
    assert "artillery-request-type.yaml:3: a banned word" in result.err
    assert files_of(copy) == before


def test_a_fuzzy_entry_with_a_new_translation_is_reported(run, copy, tmp_path):
    po = _po(tmp_path, "fz.po", "#, fuzzy\n" + _entry("砲撃要請の種類(改)"))
    result = _import(run, copy, po)
    assert result.code == 0
    assert f"1 fuzzy entry skipped ({TITLE}): clear the fuzzy flag to import it" in result.err


# --- a path is a path; forged lines ---------------------------------------------------------


def test_a_path_that_is_not_a_file_is_never_read_as_po_text(run, copy, tmp_path):
    before = files_of(copy)
    result = _import(run, copy, Path(" "))
    assert result.code == 1 and "there is no file" in result.err
    result = _import(run, copy, Path(_entry("書き込まれた")))
    assert result.code == 1 and "there is no file" in result.err
    result = _import(run, copy, tmp_path)
    assert result.code == 1 and "not a regular file" in result.err
    assert files_of(copy) == before


def test_a_po_file_over_the_limit_is_refused(run, copy, tmp_path, monkeypatch):
    from generator.core import limits

    monkeypatch.setattr(limits, "PO_BYTES", 100)
    result = _import(run, copy, _po(tmp_path, "big.po", _entry("砲" * 100)))
    assert result.code == 1 and "larger than 100 bytes" in result.err


def test_a_forged_line_in_an_entry_is_printed_escaped(run, copy, tmp_path):
    forged = "x\\n\\nc/mak/rules-10-13.yaml: 12 translation(s) written\\n"
    result = _import(run, copy, _po(tmp_path, "nl.po", _entry("b", forged, "a")))
    assert result.code == 1
    assert "\nc/mak/rules-10-13.yaml: 12" not in result.err + result.out
    assert "x\\u000a\\u000ac/mak/rules-10-13.yaml" in result.err


# --- all or nothing -------------------------------------------------------------------------


def _twofiles_of(copy: Path, tmp_path: Path, run) -> Path:
    """A PO file that changes a text of rules-01-05.yaml and one of rules-10-13.yaml."""
    _export(run, copy, "mak", tmp_path / "mak.po")
    po = polib.pofile(str(tmp_path / "mak.po"))
    for entry in po:
        if entry.msgctxt in ("mak.1.0 title", "mak.10.0 title"):
            entry.msgstr += "(改)"
    po.save(str(tmp_path / "two.po"))
    return tmp_path / "two.po"


def test_a_read_only_target_is_refused_and_no_file_changes(run, copy, tmp_path):
    po = _twofiles_of(copy, tmp_path, run)
    os.chmod(copy / RULES, 0o444)
    before = files_of(copy)
    result = _import(run, copy, po)
    assert result.code == 1 and "read-only" in result.err
    assert files_of(copy) == before


def test_a_file_that_cannot_be_staged_leaves_every_file_as_it_was(run, copy, tmp_path, monkeypatch):
    from generator.render import writer

    po = _twofiles_of(copy, tmp_path, run)
    real_stage = writer.Writer.stage

    def full_disk(self, relative, data, **kwargs):
        if self.staged:  # the second file: a full disk, or a folder that takes no new file
            raise OSError(28, "No space left on device")
        return real_stage(self, relative, data, **kwargs)

    monkeypatch.setattr(writer.Writer, "stage", full_disk)
    before = files_of(copy)
    result = _import(run, copy, po)
    assert result.code == 1 and "No space left on device" in result.err
    assert "no file was changed" in result.err
    after = {name: data for name, data in files_of(copy).items() if name != ".playaid.lock"}
    assert after == before and not list(copy.rglob("*.partial"))


def test_a_killed_import_is_finished_by_the_next(run, copy, tmp_path, monkeypatch):
    from generator.render import writer

    po = _twofiles_of(copy, tmp_path, run)
    real_move = writer._move_all

    def killed(root, entries, **kwargs):
        real_move(root, entries[:1], **kwargs)
        raise KeyboardInterrupt  # as if killed between the renames

    monkeypatch.setattr(writer, "_move_all", killed)
    assert _import(run, copy, po).code == 130
    monkeypatch.setattr(writer, "_move_all", real_move)
    assert (copy / writer.JOURNAL).is_file()
    abandoned = copy / "mak" / ".rules-01-05.yaml.99999999-0123456789ab.partial"
    abandoned.write_text("left by a killed import")
    result = _import(run, copy, po)  # the killed import is finished first
    assert result.code == 0, result.err
    assert "no translation needed writing" in result.out
    assert "航空ユニット(改)" in (copy / RULES).read_text(encoding="utf-8")
    assert "はじめに(改)" in (copy / FIRST).read_text(encoding="utf-8")
    assert not list(copy.rglob("*.partial")) and not (copy / writer.JOURNAL).exists()


def test_an_import_with_stdout_closed_says_by_its_code_that_it_wrote(copy, tmp_path):
    po = _po(tmp_path, "one.po", _entry("砲撃要請の種類(改)"))
    env = {**os.environ, "PYTHONPATH": str(Path.cwd())}
    command = [sys.executable, "-m", "generator", "--content", str(copy), "translations"]
    done = subprocess.run(
        f"{' '.join(command)} import {po} >&-", shell=True, env=env, capture_output=True
    )
    assert done.returncode == 0, done.stderr
    assert "砲撃要請の種類(改)" in (copy / "mak" / "artillery-request-type.yaml").read_text()


def test_a_content_folder_that_is_not_there_is_named(run, tmp_path):
    po = _po(tmp_path, "one.po", _entry("砲撃"))
    for argv in (["import", str(po)], ["export", "mak"]):
        result = run("--content", str(tmp_path / "nosuch"), "translations", *argv)
        assert result.code == 1 and "nosuch does not exist" in result.err


def test_a_read_only_scenario_file_is_refused(run, copy, tmp_path):
    scenario = tmp_path / "quarry-road.yaml"
    shutil.copy(copy / "scenarios" / "mak" / "quarry-road.yaml", scenario)
    title = "scenario:mak.quarry-road title"
    po = _po(tmp_path, "qr.po", _entry("採石場の道(改)", title, "The Quarry Road"))
    scenario.chmod(0o444)
    before = scenario.read_bytes()
    result = run("translations", "import", str(po), str(scenario))
    assert result.code == 1 and "read-only" in result.err
    assert scenario.read_bytes() == before
