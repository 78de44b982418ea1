"""A scenario edit does not load the content cold (issue 46, item 2): what a full load of the
content found, its files as read and the font's character map are kept, each under a key that
any change to the content, an overlay, a seed file, the font or playaid's code changes; a load
from them finds what a full load finds, and a stale one is never served."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.core import places
from generator.core.diagnostics import Issue
from generator.core.places import DEFAULT_CONTENT, SEEDS
from generator.tableside import cache, kept_documents
from generator.tableside.verdict import keep_findings, known_findings

ROOT = Path(__file__).resolve().parents[2]
NONE: frozenset[str] = frozenset()
FOUND = Issue("x.yaml", 1, 1, "a", "style-x", "a finding", "所見", "warning")


@pytest.fixture
def own_cache(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "playaid" / "content"


@pytest.fixture
def copied(tmp_path) -> Path:
    folder = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, folder)
    shutil.copytree(SEEDS, folder / "seeds")  # the content's own seeds, to change
    return folder


@pytest.fixture
def overlay(tmp_path) -> Path:
    folder = tmp_path / "overlay"
    folder.mkdir()
    (folder / "note.yaml").write_text("kind: glossary\n", encoding="utf-8")
    return folder


def _kept(content: Path, overlay: Path, font: str = "font-a") -> list[Issue] | None:
    return known_findings(content, [overlay], NONE, font)


def _keep(content: Path, overlay: Path) -> None:
    keep_findings(content, [overlay], NONE, "font-a", [FOUND])
    assert _kept(content, overlay) == [FOUND]


def test_the_kept_findings_miss_when_a_content_file_changes(own_cache, copied, overlay):
    _keep(copied, overlay)
    units = copied / "mak" / "units.yaml"
    units.write_text(units.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert _kept(copied, overlay) is None


def test_the_kept_findings_miss_when_an_overlay_file_changes(own_cache, copied, overlay):
    _keep(copied, overlay)
    (overlay / "note.yaml").write_text("kind: glossary # edited\n", encoding="utf-8")
    assert _kept(copied, overlay) is None
    (overlay / "more.yaml").write_text("kind: glossary\n", encoding="utf-8")
    assert _kept(copied, overlay) is None


def test_the_kept_findings_miss_when_a_seed_file_changes(own_cache, copied, overlay):
    _keep(copied, overlay)
    seed = sorted((copied / "seeds").iterdir())[0]
    seed.write_text(seed.read_text(encoding="utf-8") + "a line more\n", encoding="utf-8")
    assert places.seeds_for(copied) == copied / "seeds"
    assert _kept(copied, overlay) is None


def test_the_kept_findings_miss_when_the_font_changes(own_cache, copied, overlay):
    _keep(copied, overlay)
    assert _kept(copied, overlay, font="font-b") is None


def test_the_kept_findings_miss_when_playaid_changes(own_cache, copied, overlay, monkeypatch):
    _keep(copied, overlay)
    monkeypatch.setattr(cache, "code_digest", lambda: "another playaid")
    assert _kept(copied, overlay) is None


def test_the_kept_findings_are_per_tolerated_codes(own_cache, copied, overlay):
    _keep(copied, overlay)
    assert known_findings(copied, [overlay], frozenset({"stale"}), "font-a") is None


def test_a_load_from_what_was_kept_finds_what_a_full_load_finds(own_cache, tmp_path):
    from generator.content.load import _LOADED
    from generator.tableside.loading import load_checked

    folder = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, folder)
    full = load_checked(folder)
    key = cache.content_key([folder.resolve()])
    kept = kept_documents.kept(key)
    assert kept is not None and len(kept) > 50
    with_findings = {issue.file for issue in full.warnings}
    assert not any(document.shown_path in with_findings for document in kept.values())
    _LOADED.clear()
    again = load_checked(folder, known=full.warnings)
    assert again.warnings == full.warnings
    assert sorted(again.tables) == sorted(full.tables) and again.cases.keys() == full.cases.keys()
    for document in again.documents:
        twin = next(d for d in full.documents if d.path == document.path)
        assert (document.data, document.spans, document.key_spans) == (
            twin.data,
            twin.spans,
            twin.key_spans,
        )


def test_a_document_whose_values_json_would_change_is_not_kept(own_cache):
    from generator.content.yaml_loader import Document

    dated = Document(Path("/x/a.yaml"), "a.yaml", {"kind": "x", "when": {1: "a number as a key"}})
    kept_documents.keep("0" * 64, [dated])
    assert kept_documents.kept("0" * 64) is None
    plain = Document(Path("/x/a.yaml"), "a.yaml", {"kind": "x", "n": 1, "f": 1.0, "b": True})
    kept_documents.keep("1" * 64, [plain])
    [back] = kept_documents.kept("1" * 64).values()
    assert [type(v) for v in back.data.values()] == [str, int, float, bool]


def test_the_kept_typeface_is_the_one_read_from_the_font():
    from generator.core.glyphs import read_typeface
    from generator.render import kept_typeface
    from generator.render.fonts import japanese_font

    font = japanese_font()
    face = read_typeface(font.describe(), [font.regular, *([font.bold] if font.bold else [])])
    back = kept_typeface.decode(kept_typeface.encode(face))
    assert (back.name, back.identity, back.drawable) == (face.name, face.identity, face.drawable)
    assert back.advances == face.advances
    assert back.lacking_capitals == face.lacking_capitals


def _check(*args: str, cache_home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache_home)}
    return subprocess.run(
        [sys.executable, "-m", "generator", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=300,
    )


def test_a_scenario_check_never_passes_content_changed_since_it_was_kept(tmp_path):
    """The check that only finds (here, a character the font cannot draw) is skipped only for
    exactly the content that passed it: once the content changes, it runs again."""
    folder = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, folder)
    scenario = tmp_path / "raid.yaml"
    shutil.copy(DEFAULT_CONTENT / "scenarios" / "mak" / "depot-raid.yaml", scenario)
    first = _check("--content", str(folder), "check", str(scenario), cache_home=tmp_path)
    assert first.returncode == 0, first.stderr
    scenario.write_text(scenario.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    edited = _check("--content", str(folder), "check", str(scenario), cache_home=tmp_path)
    assert (edited.returncode, edited.stdout) == (0, first.stdout)
    glossary = folder / "glossary.yaml"
    text = glossary.read_text(encoding="utf-8")
    glossary.write_text(text.replace("en: ", "en: \U0001f600", 1), encoding="utf-8")
    changed = _check("--content", str(folder), "check", str(scenario), cache_home=tmp_path)
    assert changed.returncode == 1
    assert "undrawable" in changed.stderr and "glossary.yaml" in changed.stderr
