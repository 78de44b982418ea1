"""Writes stay in their folders and never land half-done: planted links are replaced, never
followed; a failing write changes nothing; caches and manifests are checked when read; a missing
template, font or catalog is a clear error at the start."""

from __future__ import annotations

import errno
import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator import build as build_module
from generator.build import BuildError, build
from generator.content import load_content
from generator.errors import UserError

ROOT = Path(__file__).resolve().parents[2]
TARGET = ["fpcf.air-drop"]
PDF = "fpcf/en/fpcf.air-drop.card.a5.pdf"


def _build(out: Path) -> dict:
    return build(load_content(), out, TARGET, editions=("en",))


def test_links_planted_at_outputs_are_replaced_not_followed(tmp_path):
    out, victim = tmp_path / "out", tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    (out / "fpcf" / "en").mkdir(parents=True)
    (out / PDF).symlink_to(victim)
    (out / "manifest.json").symlink_to(victim)
    (out / f"fpcf/en/.fpcf.air-drop.card.a5.pdf{'.partial'}").symlink_to(victim)
    _build(out)
    assert victim.read_text(encoding="utf-8") == "precious"
    assert not (out / PDF).is_symlink() and len(PdfReader(out / PDF).pages) == 1
    assert not (out / "manifest.json").is_symlink()
    assert not list(out.rglob("*.partial"))


def test_a_linked_folder_inside_the_output_is_replaced_not_written_through(tmp_path):
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    elsewhere.mkdir()
    out.mkdir()
    (out / "fpcf").symlink_to(elsewhere, target_is_directory=True)
    _build(out)
    assert not any(elsewhere.iterdir())
    assert (out / PDF).is_file() and not (out / "fpcf").is_symlink()


def test_a_failing_write_changes_nothing(tmp_path, monkeypatch):
    out = tmp_path / "out"
    _build(out)
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    real = build_module.Writer.stage
    calls = {"n": 0}

    def full_disk(self, relative, data):
        calls["n"] += 1
        if calls["n"] == 2:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(self, relative, data)

    monkeypatch.setattr(build_module.Writer, "stage", full_disk)
    with pytest.raises(BuildError) as raised:
        build(load_content(), out, ["fpcf.air-drop", "fpcf.reaction"], editions=("en",))
    assert raised.value.problems == [f"{out}: No space left on device; nothing was changed"]
    after = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert after == before


def test_a_corrupt_cached_font_is_rebuilt(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    _build(tmp_path / "first")
    fonts = list((tmp_path / "cache" / "playaid" / "fonts").glob("*.otf"))
    assert fonts
    for font in fonts:
        font.write_bytes(b"not a font at all")
    _build(tmp_path / "second")
    assert len(PdfReader(tmp_path / "second" / PDF).pages) == 1


def test_an_untrusted_manifest_is_ignored(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "manifest.json").write_text(
        json.dumps({"documents": [{"path": "../../etc/passwd"}, "junk"]}), encoding="utf-8"
    )
    manifest = _build(out)
    assert [entry["path"] for entry in manifest["documents"]] == [PDF]


def test_a_missing_template_is_a_clear_error_at_the_start(tmp_path, monkeypatch):
    empty = tmp_path / "templates"
    empty.mkdir()
    monkeypatch.setattr(build_module, "TEMPLATES", empty)
    with pytest.raises(UserError) as raised:
        _build(tmp_path / "out")
    assert raised.value.code == "missing-resource"
    assert "base.html" in raised.value.message_en
    assert not (tmp_path / "out").exists()


def test_a_missing_catalog_is_a_clear_error_at_the_start(run, tmp_path, monkeypatch):
    monkeypatch.setattr("generator.catalog.LOCALES", tmp_path)
    result = run("check")
    assert result.code == 1
    assert "cannot read" in result.err and "messages.po" in result.err


def test_dependency_floors_are_above_their_last_advisories():
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    for package, floor in (
        ("weasyprint", "70"),
        ("jinja2", "3.1.6"),
        ("fonttools", "4.43"),
        ("pypdf", "6.14.2"),
    ):
        line = re.search(rf'"{package}>=([0-9.]+)",\s*#\s*(.+)', pyproject)
        assert line, f"{package} needs a floor with the reason beside it"
        assert [int(p) for p in line.group(1).split(".")] >= [int(p) for p in floor.split(".")]
