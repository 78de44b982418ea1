"""Writes stay in their folders and never land half-done: planted links are replaced, never
followed (at the targets, at the very temporary names, in the caches); a failing write (the
journal's too) changes nothing; journals, caches and manifests are checked when read; a hostile
output folder is a clear error; a missing template, style sheet, font or catalog is a clear error
at the start, and a system font that is not a font is passed over."""

from __future__ import annotations

import errno
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from building import build
from conftest import completed_in_process, tree
from pypdf import PdfReader

from generator.builder import plan as plan_module
from generator.builder.request import BuildError
from generator.content.load import load_content
from generator.core import files as files_module
from generator.core.errors import UserError
from generator.render import fonts as fonts_module
from generator.render import writer as writer_module
from generator.render.writer import Writer

ROOT = Path(__file__).resolve().parents[2]
TARGET = ["fpcf.air-drop"]
PDF = "fpcf/en/fpcf.air-drop.card.a5.pdf"


def _build(out: Path) -> dict:
    return build(load_content(), out, TARGET, editions=("en",))


def _cli(cwd: Path, *args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    """playaid's main() in this process, as a command line runs it: what these probes test needs
    no process of its own (no signal, pipe or capability), and a process's start-up was most of
    each probe's time (issue 46)."""
    return completed_in_process(list(args), cwd, env)


def test_links_planted_at_outputs_are_replaced_not_followed(tmp_path):
    out, victim = tmp_path / "out", tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    (out / "fpcf" / "en").mkdir(parents=True)
    (out / PDF).symlink_to(victim)
    (out / "manifest.json").symlink_to(victim)
    _build(out)
    assert victim.read_text(encoding="utf-8") == "precious"
    assert not (out / PDF).is_symlink() and len(PdfReader(out / PDF).pages) == 1
    assert not (out / "manifest.json").is_symlink()
    assert not list(out.rglob("*.partial"))


@pytest.mark.parametrize("planted", ["link", "fifo"])
def test_something_planted_at_the_very_temporary_name_is_never_followed(
    tmp_path, monkeypatch, planted
):
    """Every temporary file the writer creates (documents, manifest, journal, cached documents and
    subset fonts) finds a link (or a FIFO) already standing at the name it chose, as if planted
    there the instant before: each is removed, never written through, and another name is taken."""
    out, cache, victim = tmp_path / "out", tmp_path / "cache", tmp_path / "victim.txt"
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    victim.write_text("precious", encoding="utf-8")
    real_token = files_module.secrets.token_hex
    planted_at: list[Path] = []
    last = {"planted": False}

    def token(nbytes: int = 6) -> str:
        if last["planted"]:  # the writer's second try after finding the plant
            last["planted"] = False
            return real_token(nbytes)
        caller = sys._getframe(1).f_locals
        chosen = "0" * (2 * nbytes)
        path = caller["folder"] / f".{caller['name']}.{os.getpid()}-{chosen}.partial"
        if planted == "link":
            path.symlink_to(victim)
        else:
            os.mkfifo(path)
        planted_at.append(path)
        last["planted"] = True
        return chosen

    monkeypatch.setattr(files_module.secrets, "token_hex", token)
    build(load_content(), out, TARGET, editions=("en",), fresh=True)
    assert victim.read_text(encoding="utf-8") == "precious"
    names = [path.name for path in planted_at]
    for start in (".fpcf.air-drop.card.a5.pdf.", ".manifest.json.", "..playaid-journal.json."):
        assert any(name.startswith(start) for name in names), (start, names)  # the output's
    assert any(path.parent.name == "fonts" for path in planted_at)  # the subset fonts
    assert any(path.parent.name == "documents" for path in planted_at)  # the document cache
    assert not any(os.path.lexists(path) for path in planted_at)
    assert len(PdfReader(out / PDF).pages) == 1
    assert not [p for p in [*out.rglob("*"), *cache.rglob("*")] if p.name.endswith(".partial")]


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
    real = Writer.stage
    calls = {"n": 0}

    def full_disk(self, relative, data):
        calls["n"] += 1
        if calls["n"] == 2:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(self, relative, data)

    monkeypatch.setattr(Writer, "stage", full_disk)
    with pytest.raises(BuildError) as raised:
        build(load_content(), out, ["fpcf.air-drop", "fpcf.reaction"], editions=("en",))
    assert raised.value.problems == [f"{out}: No space left on device; nothing was changed"]
    after = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert after == before


def test_a_journal_that_cannot_be_written_changes_nothing(tmp_path, monkeypatch):
    """A full disk while the journal is written: every staged file is removed (the disk is not
    left full of them) and the build fails with a clear error; the folder is as it was."""
    out = tmp_path / "out"
    _build(out)
    before = tree(out)
    real = writer_module.write_atomically

    def full_disk(path, data, **options):
        if path.name == writer_module.JOURNAL:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(path, data, **options)

    monkeypatch.setattr(writer_module, "write_atomically", full_disk)
    with pytest.raises(BuildError) as raised:
        build(load_content(), out, ["fpcf.air-drop", "fpcf.reaction"], editions=("en",))
    assert raised.value.problems == [f"{out}: No space left on device; nothing was changed"]
    assert tree(out) == before


def test_a_journal_failure_is_exit_1_from_the_command_line(tmp_path, monkeypatch, run):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    out = tmp_path / "out"

    def full_disk(path, data, **options):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(writer_module, "write_atomically", full_disk)
    result = run("build", *TARGET, "--lang", "en", "-j", "1", "--out", str(out))
    assert result.code == 1, result.err
    assert "No space left on device; nothing was changed" in result.err
    assert "Traceback" not in result.err
    assert not [p for p in out.rglob("*") if p.name.endswith(".partial")]
    assert not (out / "fpcf").exists() or not list((out / "fpcf").rglob("*.pdf"))


HOSTILE_OUTPUTS = {
    # name: (what to plant in the output folder, exit code, words of the message)
    "a folder named like the journal": (
        lambda out: (out / ".playaid-journal.json").mkdir(),
        1,
        ".playaid-journal.json is a folder",
    ),
    "a folder named like the lock": (
        lambda out: (out / ".playaid.lock").mkdir(),
        1,
        ".playaid.lock is a folder",
    ),
    "a journal whose moves are a text": (
        lambda out: (out / ".playaid-journal.json").write_text('{"moves": "x"}'),
        0,
        "is not a journal playaid wrote",
    ),
    "a journal whose paths are numbers": (
        lambda out: (out / ".playaid-journal.json").write_text(
            '{"moves": [{"temporary": 1, "target": 2}]}'
        ),
        0,
        "is not a journal playaid wrote",
    ),
    "a journal moving a file that is not a temporary one": (
        lambda out: (out / ".playaid-journal.json").write_text(
            '{"moves": [{"temporary": "manifest.json", "target": "stolen.json"}]}'
        ),
        0,
        "is not a journal playaid wrote",
    ),
    "a journal nested 100,000 deep": (
        lambda out: (out / ".playaid-journal.json").write_text("[" * 100_000 + "]" * 100_000),
        0,
        "",
    ),
    "a journal that is a FIFO": (lambda out: os.mkfifo(out / ".playaid-journal.json"), 0, ""),
    "a lock that is a link": (
        lambda out: (out / ".playaid.lock").symlink_to(out.parent / "victim.txt"),
        0,
        "",
    ),
}


@pytest.mark.parametrize("name", list(HOSTILE_OUTPUTS))
def test_a_hostile_output_folder_is_a_clear_error_or_is_handled(tmp_path, name):
    """Each is exit 1 with a message (and the folder as it was), or handled: a journal that is not
    playaid's is removed with a message and no file is moved from it; the build after works."""
    plant, code, words = HOSTILE_OUTPUTS[name]
    out, victim = tmp_path / "out", tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    out.mkdir()
    (out / "manifest.json").write_text('{"documents": []}\n', encoding="utf-8")
    plant(out)
    before = tree(out)
    for attempt in (1, 2):
        result = _cli(tmp_path, "build", *TARGET, "--lang", "en", "-j", "1", "--out", str(out))
        assert result.returncode == code, result.stderr
        assert "Traceback" not in result.stderr
        if attempt == 1:
            assert words in result.stderr
        assert not [p for p in out.rglob("*") if p.name.endswith(".partial")]
        if code:
            assert tree(out) == before
        else:
            assert len(PdfReader(out / PDF).pages) == 1
            assert not (out / ".playaid-journal.json").exists()
            assert not (out / "stolen.json").exists()
    assert victim.read_text(encoding="utf-8") == "precious"


def test_an_output_folder_that_is_a_file_is_a_clear_error(tmp_path):
    out = tmp_path / "out"
    out.write_bytes(b"a file, not a folder")
    result = _cli(tmp_path, "build", *TARGET, "--lang", "en", "-j", "1", "--out", str(out))
    assert result.returncode == 1
    assert "cannot be the output folder: it is not a folder" in result.stderr
    assert "Traceback" not in result.stderr
    assert out.read_bytes() == b"a file, not a folder"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".partial")] == []


def test_links_in_the_cache_are_replaced_never_followed(tmp_path):
    """`playaid/documents`, `playaid/fonts`, `playaid/content` and `playaid/tmp` planted as links
    to folders elsewhere: nothing is written there or removed from there (the scratch folders of
    dead builds once were, through `tmp`), and each becomes a real folder."""
    cache = tmp_path / "cache"
    (cache / "playaid").mkdir(parents=True)
    elsewhere = {}
    for name in ("documents", "fonts", "content", "tmp"):
        folder = tmp_path / f"elsewhere-{name}"
        folder.mkdir()
        (folder / "mine.txt").write_text("keep", encoding="utf-8")
        (cache / "playaid" / name).symlink_to(folder, target_is_directory=True)
        elsewhere[name] = folder
    for dead in ("999999999", "999999998"):  # named like the scratch folder of a dead build
        (elsewhere["tmp"] / dead).mkdir()
        (elsewhere["tmp"] / dead / "photo.jpg").write_bytes(b"precious")
    before = {name: tree(folder) for name, folder in elsewhere.items()}
    env = {"XDG_CACHE_HOME": str(cache)}
    out = tmp_path / "out"
    result = _cli(tmp_path, "build", *TARGET, "--lang", "en", "-j", "1", "--out", str(out), env=env)
    assert result.returncode == 0, result.stderr
    lookup = _cli(tmp_path, "lookup", "fpcf.air-drop", "die=3", env=env)
    assert lookup.returncode == 0, lookup.stderr
    assert {name: tree(folder) for name, folder in elsewhere.items()} == before
    for name in ("documents", "fonts", "content", "tmp"):
        path = cache / "playaid" / name
        assert path.is_dir() and not path.is_symlink(), name
    assert list((cache / "playaid" / "fonts").glob("*.otf"))
    assert list((cache / "playaid" / "documents").glob("*.pdf"))


def test_temporary_files_of_dead_processes_are_removed_from_the_caches(tmp_path, monkeypatch):
    """A build killed between writing a cache file and renaming it left `<font>.<pid>.tmp` for
    ever; the next build removes what processes that are gone left, and nothing of a live one."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    fonts = cache / "playaid" / "fonts"
    documents = cache / "playaid" / "documents"
    fonts.mkdir(parents=True)
    documents.mkdir(parents=True)
    dead = [
        fonts / "NotoSansCJKjp-Regular-0123456789abcdef.999999999.tmp",
        fonts / ".NotoSansCJKjp-Regular-0123456789abcdef.otf.999999999-00aa11bb22cc.partial",
        documents / ".0123.pdf.999999998-00aa11bb22cc.partial",
    ]
    alive = fonts / f".Other.otf.{os.getppid()}-00aa11bb22cc.partial"  # pytest's parent lives
    for path in [*dead, alive]:
        path.write_bytes(b"half a font")
    _build(tmp_path / "out")
    assert not any(path.exists() for path in dead)
    assert alive.read_bytes() == b"half a font"


def test_a_missing_style_sheet_is_a_clear_error_at_the_start(tmp_path, monkeypatch):
    """Preflight once checked only the style sheets that were there; card.css deleted passed it
    and the build failed late with a misleading message."""
    import shutil

    templates = tmp_path / "templates"
    shutil.copytree(plan_module.TEMPLATES, templates)
    (templates / "styles" / "card.css").unlink()
    monkeypatch.setattr(plan_module, "TEMPLATES", templates)
    with pytest.raises(UserError) as raised:
        _build(tmp_path / "out")
    assert raised.value.code == "missing-resource"
    assert "card.css" in raised.value.message_en
    assert not (tmp_path / "out").exists()


def test_a_system_font_that_is_not_a_font_is_passed_over(tmp_path, monkeypatch, run):
    """fontconfig naming a damaged (or planted) font file once gave exit 3 with TTLibError; it is
    treated as absent: the bundled font is used, and `playaid fonts` says so."""
    garbage = tmp_path / "garbage-font.otf"
    garbage.write_bytes(bytes(range(256)) * 20)
    fake = tmp_path / "fc-list"
    fake.write_text(f"#!/bin/sh\necho '{garbage}: Noto Sans CJK JP:style=Regular'\n")
    fake.chmod(0o755)
    # Only fc-list is faked: shutil is one module, and pypdf looks up jbig2dec through it when
    # it first reads a PDF (a fake answer there fails every PdfReader of the test).
    which = fonts_module.shutil.which
    monkeypatch.setattr(
        fonts_module.shutil, "which", lambda name: str(fake) if name == "fc-list" else which(name)
    )
    result = run("fonts")
    assert result.code == 0, result.err
    assert "PyPI (noto-cjk[sans-jp])" in result.out
    assert f"the system font {garbage} does not read as a font" in result.out
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    _build(tmp_path / "out")
    assert len(PdfReader(tmp_path / "out" / PDF).pages) == 1


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
    monkeypatch.setattr(plan_module, "TEMPLATES", empty)
    with pytest.raises(UserError) as raised:
        _build(tmp_path / "out")
    assert raised.value.code == "missing-resource"
    assert "base.html" in raised.value.message_en
    assert not (tmp_path / "out").exists()


def test_a_missing_catalog_is_a_clear_error_at_the_start(run, tmp_path, monkeypatch):
    monkeypatch.setattr("generator.core.locales.LOCALES", tmp_path)
    result = run("check")
    assert result.code == 1
    assert "cannot read" in result.err and "messages.po" in result.err


def test_dependency_floors_are_above_their_last_advisories():
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    for package, floor in (
        ("weasyprint", "70"),
        ("jinja2", "3.1.6"),
        ("fonttools", "4.43"),
        ("pypdf", "7.1.1"),  # the newest release the package index offered (2026-11-25)
    ):
        line = re.search(rf'"{package}>=([0-9.]+)",\s*#\s*(.+)', pyproject)
        assert line, f"{package} needs a floor with the reason beside it"
        assert [int(p) for p in line.group(1).split(".")] >= [int(p) for p in floor.split(".")]
