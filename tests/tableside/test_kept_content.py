"""A scenario edit does not load the content cold (issue 46, item 2): what a full load of the
content found, its files as read and the font's character map are kept, each under a key that
any change to the content, an overlay, a seed file, the font or playaid's code changes; a load
from them finds what a full load finds, and a stale one is never served."""

from __future__ import annotations

import os
import re
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


# What `check FILE` against the kept content never imports: pydantic (the file and the content's
# models are read light, generator.content.light), the content's load, the font reader and the
# renderers (a finding's Japanese is read from the catalog, with
# Babel's reader).
LIGHT_NEVER = {
    "pydantic",
    "pydantic_core",
    "generator.content.load",
    "generator.content.model.table",
    "generator.content.model.rules",
    "fontTools",
    "uharfbuzz",
    "jinja2",
    "weasyprint",
}


def _findings(done: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in done.stderr.splitlines() if not line.startswith("import time")]


def _check(*args: str, cache_home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache_home)}
    return subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "generator", *args],
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
    # A sample inside the content edited: checked against the content kept, no model of it
    # imported, no font read (issue 46); test_a_scenario_finds_the_same_against_the_kept_content
    # holds its findings to a full load's.
    sample = folder / "scenarios" / "mak" / "depot-raid.yaml"
    written = re.sub(r"(?m)^turns: .*$", "turns: 99", sample.read_text(encoding="utf-8"))
    sample.write_text(written, encoding="utf-8")
    inside = _check("--content", str(folder), "check", str(sample), cache_home=tmp_path)
    assert not LIGHT_NEVER & {line.split("|")[-1].strip() for line in inside.stderr.splitlines()}
    assert inside.returncode == 1 and "error[card-budget]: turns: 99" in inside.stderr
    glossary = folder / "glossary.yaml"
    text = glossary.read_text(encoding="utf-8")
    glossary.write_text(text.replace("en: ", "en: \U0001f600", 1), encoding="utf-8")
    changed = _check("--content", str(folder), "check", str(scenario), cache_home=tmp_path)
    assert changed.returncode == 1
    assert "undrawable" in changed.stderr and "glossary.yaml" in changed.stderr
    assert "generator.content.load" in changed.stderr  # the content checked again


# What a scenario check reads of the content, kept so that an edit of a scenario file, even one
# inside the content folder, checks that file alone (generator.tableside.scenario_content).

CASES = ROOT / "tests" / "scenarios"


def test_a_scenario_finds_the_same_against_the_kept_content(content):
    """The samples and every failing case of tests/scenarios, against the loaded content and
    against the copy of it kept through JSON, as the cache holds it."""
    import json

    from generator.render.fonts import typeface
    from generator.scenario.check import check_documents, read_documents
    from generator.scenario.light import specs
    from generator.tableside.scenario_content import KeptContent, content_data

    data = json.loads(json.dumps(content_data(content, specs()), allow_nan=False))
    copy = KeptContent(data, set())
    assert copy.counts == (content.files, len(content.tables), len(content.cases))
    documents, read = read_documents(sorted(CASES.glob("*/*/fail.yaml")))
    documents += content.scenarios
    face = typeface()
    found, _ = check_documents(content, documents, read, face)
    assert copy.light  # the files and the content's models read light (generator.content.light)
    assert sorted(check_documents(copy, documents, read, face)[0]) == sorted(found)
    heavy = KeptContent({**data, "light": None}, set())  # every model validated by pydantic
    assert sorted(check_documents(heavy, documents, read, face)[0]) == sorted(found)
    assert len({issue.file for issue in found}) > 60
    assert len(documents) > 60


@pytest.fixture
def kept_with(own_cache, copied, monkeypatch):
    """Keep a stand-in copy for the content folder as a load that read these scenario files
    would: what is kept is not looked at here, only whether it is served."""
    from types import SimpleNamespace

    from generator.tableside import scenario_content

    monkeypatch.setattr(scenario_content, "content_data", lambda content, specs=None: STAND_IN)

    def keep(where: tuple, scenarios: list[Path]) -> None:
        before = scenario_content.aside_key(where)
        loaded = SimpleNamespace(scenarios=[SimpleNamespace(path=path) for path in scenarios])
        scenario_content.keep(before, loaded)

    return keep


STAND_IN = {"tables": {}, "counts": [1, 2, 3], "seeds": []}


def _samples(content: Path) -> list[Path]:
    return sorted((content / "scenarios").rglob("*.yaml"))


def _served(where: tuple, named: list[Path]):
    from generator.tableside.scenario_content import kept

    return kept(where, named)


def test_the_kept_content_serves_an_edit_of_the_scenario_file_checked(kept_with, copied):
    where = (copied, None, NONE, "font-a")
    raid, screen = copied / "scenarios" / "mak" / "depot-raid.yaml", _samples(copied)[0]
    kept_with(where, _samples(copied))
    raid.write_text(raid.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    served = _served(where, [raid])
    assert served is not None and served.must_read == {str(raid)}
    assert served.counts == (1, 2, 3)
    assert _served(where, [screen]).must_read == {str(raid), str(screen)}  # raid read too
    assert _served((copied, None, NONE, "font-b"), [raid]) is None
    assert _served((copied, None, frozenset({"stale-translation"}), "font-a"), [raid]) is None


def test_the_kept_content_misses_when_anything_but_a_scenario_file_changes(
    kept_with, copied, overlay, monkeypatch
):
    where = (copied, [overlay], NONE, "font-a")
    raid = copied / "scenarios" / "mak" / "depot-raid.yaml"
    kept_with(where, _samples(copied))
    assert _served(where, [raid]) is not None
    units = copied / "mak" / "units.yaml"
    units.write_text(units.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert _served(where, [raid]) is None
    units.write_text(units.read_text(encoding="utf-8")[:-1], encoding="utf-8")
    assert _served(where, [raid]) is not None
    (overlay / "note.yaml").write_text("kind: glossary # edited\n", encoding="utf-8")
    assert _served(where, [raid]) is None
    (overlay / "note.yaml").write_text("kind: glossary\n", encoding="utf-8")
    seed = sorted((copied / "seeds").iterdir())[0]
    kept = seed.read_bytes()
    seed.write_bytes(kept + b"a line more\n")
    assert _served(where, [raid]) is None
    seed.write_bytes(kept)
    assert _served(where, [raid]) is not None
    with monkeypatch.context() as patched:
        patched.setattr(cache, "code_digest", lambda: "another playaid")
        assert _served(where, [raid]) is None
    assert _served(where, [raid]) is not None
    (copied / "mak" / "more.yaml").write_text("kind: scenario\n", encoding="utf-8")
    assert _served(where, [raid]) is None  # a file more, even one that says it is a scenario


def test_the_kept_content_is_made_only_when_every_file_set_aside_was_a_scenario(kept_with, copied):
    """A file with a `kind: scenario` line the load did not take for a scenario (the line in a
    block of text, say) counts with its bytes: such a copy is not kept."""
    where = (copied, None, NONE, "font-a")
    raid = copied / "scenarios" / "mak" / "depot-raid.yaml"
    kept_with(where, [path for path in _samples(copied) if path != raid])
    assert _served(where, []) is None


def test_a_named_file_must_read_as_a_scenario_for_the_kept_content_to_answer(kept_with, copied):
    from generator.scenario.check import read_documents

    where = (copied, None, NONE, "font-a")
    raid = copied / "scenarios" / "mak" / "depot-raid.yaml"
    kept_with(where, _samples(copied))
    served = _served(where, [raid])
    assert served.accepts(*read_documents([raid]))
    raid.write_text("kind: scenario\nkind: table\n", encoding="utf-8")  # a key twice
    assert not _served(where, [raid]).accepts(*read_documents([raid]))
    screen = _samples(copied)[0]
    assert not _served(where, [screen]).accepts(*read_documents([screen]))  # raid, not named
    raid.write_text("kind: table\n# kind: scenario\n", encoding="utf-8")
    assert _served(where, [raid]) is None  # no longer set aside: its bytes count
    raid.write_text("kind: scenario\nid: [\n", encoding="utf-8")  # no YAML
    assert not _served(where, [raid]).accepts(*read_documents([raid]))


def test_whether_a_font_file_reads_is_kept_by_its_path_size_and_time(
    own_cache, tmp_path, monkeypatch
):
    """A no-op build need not read the CJK font's map to know the font reads (issue 46): the
    answer is kept once the content has loaded, and a file of another size or time reads again."""
    from generator.render import fonts, kept_typeface

    read: list[Path] = []
    monkeypatch.setattr(fonts, "_read_map", lambda path: read.append(path) or False)
    monkeypatch.setattr(fonts, "_READS", {})
    face = tmp_path / "face.otf"
    face.write_bytes(b"not a font")
    assert fonts._reads(face) is False and read == [face]
    key = (str(face), face.stat().st_size, face.stat().st_mtime_ns)
    assert kept_typeface.kept_reads(key) is None  # not before the content has loaded
    fonts.keep_typeface()
    assert kept_typeface.kept_reads(key) is False
    fonts._READS.clear()  # another process
    assert fonts._reads(face) is False and read == [face]
    face.write_bytes(b"not a font either")
    assert fonts._reads(face) is False and read == [face, face]
