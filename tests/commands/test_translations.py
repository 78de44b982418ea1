"""`playaid translations`: the content's translations out as PO files and back (issue 32): a
round trip changes no byte, a translator's edit lands in its YAML text with the current hash, a
stale text goes out fuzzy beside the source it was made from, and an outdated entry is refused
with nothing written."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import polib
import pytest
from conftest import files_of

from generator.content.model.base import source_hash

RULES = Path("mak") / "rules-10-13.yaml"
OLD = "During the air war phase, both players assign"
NEW = "During the air war phase, each player assigns"


def _erratum(root: Path) -> None:
    """The English of mak.10.1.1 changed, its Japanese left as it was (stale)."""
    path = root / RULES
    path.write_text(path.read_text(encoding="utf-8").replace(OLD, NEW, 1), encoding="utf-8")


def _export(run, root: Path, system: str, out: Path, *extra: str):
    result = run(
        "--content", str(root), "translations", "export", system, "--out", str(out), *extra
    )
    assert result.code == 0, result.err
    return result


def test_export_then_import_changes_no_byte(run, copy, tmp_path):
    before = files_of(copy)
    for system in ("mak", "fpcf", "cf", "common"):
        _export(run, copy, system, tmp_path / "po")
    files = sorted((tmp_path / "po").glob("*.po"))
    assert [f.name for f in files] == [
        "cf.en-ja.po",
        "cf.ja-en.po",
        "common.en-ja.po",
        "fpcf.en-ja.po",
        "mak.en-ja.po",
    ]
    for po in files:
        result = run("--content", str(copy), "translations", "import", str(po))
        assert result.code == 0, result.err
        assert "no translation needed writing" in result.out
    assert files_of(copy) == before


def test_an_entry_is_addressed_by_its_case_and_says_its_rule_and_terms(run, copy, tmp_path):
    _export(run, copy, "mak", tmp_path / "mak.en-ja.po")
    po = polib.pofile(str(tmp_path / "mak.en-ja.po"))
    entry = next(e for e in po if e.msgctxt == "mak.10.1.1 text")
    assert entry.msgid.startswith(OLD) and entry.msgstr.startswith("航空投入フェイズに、両プレイヤー")
    assert entry.occurrences == [(f"content/{RULES.as_posix()}", "25")]
    assert "rule 10.1.1: Procedure" in entry.comment.splitlines()
    assert "term: Air Combat Mission = 空中戦任務" in entry.comment.splitlines()
    assert "fuzzy" not in entry.flags
    assert po.metadata["Language"] == "ja" and po.metadata["X-Source-Language"] == "en"
    assert len({e.msgctxt for e in po}) == len(po)  # every address names one text


def test_a_translators_edits_land_in_their_texts_with_the_current_hash(run, copy, tmp_path):
    _erratum(copy)
    _export(run, copy, "mak", tmp_path / "mak.en-ja.po")
    po = polib.pofile(str(tmp_path / "mak.en-ja.po"))
    stale = next(e for e in po if e.msgctxt == "mak.10.1.1 text")
    assert "fuzzy" in stale.flags
    stale.flags.remove("fuzzy")
    stale.msgstr = stale.msgstr.replace("両プレイヤーは", "各プレイヤーは", 1)
    title = next(e for e in po if e.msgctxt == "mak.10.0 title")  # a flow mapping's text
    title.msgstr = "航空ユニット(改)"
    po.save(str(tmp_path / "edited.po"))
    before = (copy / RULES).read_text(encoding="utf-8")
    result = run("--content", str(copy), "translations", "import", str(tmp_path / "edited.po"))
    assert result.code == 0, result.err
    after = (copy / RULES).read_text(encoding="utf-8")
    changed = [
        (old, new)
        for old, new in zip(before.splitlines(), after.splitlines(), strict=True)
        if old != new
    ]
    new_hash = source_hash(stale.msgid)
    assert changed == [
        (
            '    title: {en: Aeronautical unit, ja: 航空ユニット, tr: ja, from: "1cedd398"}',
            '    title: {en: Aeronautical unit, ja: "航空ユニット(改)", tr: ja, from: "1cedd398"}',
        ),
        (
            before.splitlines()[27],
            before.splitlines()[27].replace("両プレイヤー", "各プレイヤー", 1),
        ),
        ('      from: "f63222a4"', f'      from: "{new_hash}"'),
    ]
    assert run("--content", str(copy), "check").code == 0


def test_a_stale_text_goes_out_fuzzy_beside_the_source_git_holds(run, copy, tmp_path):
    def git(*args: str) -> None:
        subprocess.run(["git", "-C", str(copy), *args], check=True, capture_output=True)

    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    git("init", "-q")
    git("add", "-A")
    git("-c", "user.email=editor@example.com", "-c", "user.name=Editor", "commit", "-qm", "v1")
    _erratum(copy)
    _export(run, copy, "mak", tmp_path / "stale.po", "--state", "stale")
    po = polib.pofile(str(tmp_path / "stale.po"))
    assert [e.msgctxt for e in po] == ["mak.10.1.1 text"]
    assert "fuzzy" in po[0].flags
    assert po[0].msgid.startswith(NEW) and po[0].previous_msgid.startswith(OLD)
    assert "#| msgid" in (tmp_path / "stale.po").read_text(encoding="utf-8")


def test_a_previous_content_folder_gives_the_earlier_source_too(run, copy, tmp_path):
    earlier = tmp_path / "earlier"
    shutil.copytree(copy, earlier)
    _erratum(copy)
    _export(run, copy, "mak", tmp_path / "stale.po", "--state", "stale", "--previous", str(earlier))
    assert polib.pofile(str(tmp_path / "stale.po"))[0].previous_msgid.startswith(OLD)


def test_an_outdated_or_unknown_entry_is_refused_and_nothing_is_written(run, copy, tmp_path):
    _export(run, copy, "mak", tmp_path / "mak.en-ja.po")
    po = polib.pofile(str(tmp_path / "mak.en-ja.po"))
    good = next(e for e in po if e.msgctxt == "mak.10.0 title")
    good.msgstr = "航空ユニット(改)"
    gone = next(e for e in po if e.msgctxt == "mak.10.1 title")
    gone.msgctxt = "mak.99.9 title"
    po.save(str(tmp_path / "edited.po"))
    _erratum(copy)  # mak.10.1.1's English changed after the export
    next(e for e in po if e.msgctxt == "mak.10.1.1 text").msgstr += "。"
    po.save(str(tmp_path / "edited.po"))
    before = files_of(copy)
    result = run("--content", str(copy), "translations", "import", str(tmp_path / "edited.po"))
    assert result.code == 1
    assert "edited.po:" in result.err and "error[po-outdated-source]: mak.10.1.1 text" in result.err
    assert "error[po-unknown-address]: mak.99.9 title" in result.err
    assert files_of(copy) == before


def test_an_untranslated_text_goes_out_empty_and_comes_back(run, copy, tmp_path):
    path = copy / RULES
    source = path.read_text(encoding="utf-8")
    path.write_text(
        source.replace('ja: 航空ユニット, tr: ja, from: "1cedd398"', 'ja: "", tr: ja', 1),
        encoding="utf-8",
    )
    _export(run, copy, "mak", tmp_path / "missing.po", "--state", "missing")
    po = polib.pofile(str(tmp_path / "missing.po"))
    assert [(e.msgctxt, e.msgstr) for e in po] == [("mak.10.0 title", "")]
    po[0].msgstr = "航空ユニット"
    po.save(str(tmp_path / "done.po"))
    assert (
        run("--content", str(copy), "translations", "import", str(tmp_path / "done.po")).code == 0
    )
    # written back double-quoted, with the hash of the source it translates
    assert path.read_text(encoding="utf-8") == source.replace(
        "ja: 航空ユニット,", 'ja: "航空ユニット",', 1
    )


def test_a_file_names_one_direction_and_a_folder_both(run, copy, tmp_path):
    result = run(
        "--content", str(copy), "translations", "export", "cf", "--out", str(tmp_path / "cf.po")
    )
    assert result.code == 1 and "--out names a folder" in result.err
    result = run("--content", str(copy), "translations", "export", "nosuch")
    assert result.code == 1 and "systems: cf, common, fpcf, mak" in result.err


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="gettext's msgfmt is not installed")
def test_msgfmt_accepts_every_exported_file(run, copy, tmp_path):
    _erratum(copy)
    for system in ("mak", "fpcf", "cf", "common"):
        _export(run, copy, system, tmp_path / "po")
    for po in sorted((tmp_path / "po").glob("*.po")):
        checked = subprocess.run(
            ["msgfmt", "--check", "-o", "/dev/null", str(po)], capture_output=True, text=True
        )
        assert checked.returncode == 0, (po.name, checked.stderr)
