"""PO files as gettext writes them (issue 45 §2): msgcat and msgmerge change no line of an
exported file, CJK included; msgfmt --check finds nothing to warn of; the header is gettext's
full one, the translator's fields kept across a re-export; a template (POT) on request."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import polib
import pytest

RULES = Path("mak") / "rules-10-13.yaml"
OLD = "During the air war phase, both players assign"
NEW = "During the air war phase, each player assigns"
SYSTEMS = ("mak", "fpcf", "cf", "common")
needs_gettext = pytest.mark.skipif(
    any(shutil.which(tool) is None for tool in ("msgcat", "msgmerge", "msgfmt")),
    reason="gettext's tools are not installed",
)


def _export(run, root: Path, out: Path, system: str, *extra: str) -> None:
    result = run(
        "--content", str(root), "translations", "export", system, "--out", str(out), *extra
    )
    assert result.code == 0, result.err


def _tool(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, capture_output=True, text=True, check=False)


def _edited_and_stale(run, copy: Path, out: Path) -> None:
    """Every system exported; then a translator's edit and an entry whose text is gone in the
    mak file, an English text changed, and mak exported onto it again (fuzzy, `#|`, `#~`)."""
    for system in SYSTEMS:
        _export(run, copy, out, system)
    po = polib.pofile(str(out / "mak.en-ja.po"))
    next(e for e in po if e.msgctxt == "mak.10.1.1 text").msgstr = "作業中の訳、“引用”と\\記号"
    po.append(polib.POEntry(msgctxt="mak.99.9 title", msgid='Gone "quoted" ' * 8, msgstr="消えた"))
    po.save(str(out / "mak.en-ja.po"))
    path = copy / RULES
    path.write_text(path.read_text(encoding="utf-8").replace(OLD, NEW, 1), encoding="utf-8")
    _export(run, copy, out, "mak")


@needs_gettext
def test_msgcat_msgmerge_and_msgfmt_change_and_warn_of_nothing(run, copy, tmp_path):
    out = tmp_path / "po"
    _edited_and_stale(run, copy, out)
    text = (out / "mak.en-ja.po").read_text(encoding="utf-8")
    assert "#| msgid" in text and "#~ msgctxt" in text and "#, fuzzy" in text
    files = sorted(out.glob("*.po"))
    assert len(files) == 5
    for po in files:
        written = po.read_text(encoding="utf-8")
        catted = _tool("msgcat", str(po), "-o", "-")
        assert catted.returncode == 0 and catted.stdout == written, po.name
        merged = _tool("msgmerge", "-q", "--previous", "-o", "-", str(po), str(po))
        assert merged.returncode == 0 and merged.stdout == written, po.name
        checked = _tool("msgfmt", "--check", "-o", "/dev/null", str(po))
        assert checked.returncode == 0 and checked.stderr == "", (po.name, checked.stderr)
        assert max(len(line) for line in written.splitlines()) < 100  # Japanese wrapped too


def test_the_header_is_gettexts_and_keeps_the_translators_fields(run, copy, tmp_path):
    out = tmp_path / "cf.ja-en.po"
    _export(run, copy, tmp_path, "cf", "--state", "missing")
    po = polib.pofile(str(out))
    for field in (
        "Project-Id-Version", "Report-Msgid-Bugs-To", "POT-Creation-Date", "PO-Revision-Date",
        "Last-Translator", "Language-Team", "Language", "MIME-Version", "Content-Type",
        "Content-Transfer-Encoding", "Plural-Forms",
    ):  # fmt: skip
        assert field in po.metadata, field
    assert po.metadata["Language"] == "en" and po.metadata["Plural-Forms"].startswith("nplurals=2")
    first = out.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# ") and "cf" in first
    mine = {
        "Last-Translator": "Hanako <hanako@example.com>",
        "Language-Team": "English <en@example.com>",
        "PO-Revision-Date": "2026-01-02 03:04+0900",
    }
    po.metadata.update(mine)
    po.save(str(out))
    _export(run, copy, tmp_path, "cf", "--state", "missing")
    again = polib.pofile(str(out)).metadata
    assert {key: again[key] for key in mine} == mine


def test_exporting_unchanged_content_again_changes_no_byte(run, copy, tmp_path):
    _export(run, copy, tmp_path / "a.po", "fpcf")
    first = (tmp_path / "a.po").read_bytes()
    _export(run, copy, tmp_path / "a.po", "fpcf")
    assert (tmp_path / "a.po").read_bytes() == first


def test_a_template_has_every_source_and_no_translation(run, copy, tmp_path):
    _export(run, copy, tmp_path, "cf", "--pot")
    assert sorted(p.name for p in tmp_path.glob("*.pot")) == ["cf.en-ja.pot", "cf.ja-en.pot"]
    pot = polib.pofile(str(tmp_path / "cf.ja-en.pot"))
    _export(run, copy, tmp_path / "po", "cf")
    exported = polib.pofile(str(tmp_path / "po" / "cf.ja-en.po"))
    assert len(pot) == len(exported) > 0  # every text the PO export holds, as a template
    assert all(e.msgstr == "" and not e.flags for e in pot)
    assert pot.metadata_is_fuzzy and pot.metadata["X-Source-Language"] == "ja"


def test_strings_wrap_at_spaces_without_libunistring(monkeypatch):
    from generator.commands.translations import po_write

    monkeypatch.setattr(po_write, "_unistring", lambda: None)
    lines = po_write.wrap("", "msgid", "word " * 40)
    assert lines[0] == 'msgid ""' and all(len(line) <= 79 for line in lines)
    assert "".join(line.strip('"') for line in lines[1:]) == "word " * 40
