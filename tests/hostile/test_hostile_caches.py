"""Caches that help and never mislead (issue 20 §4).

A cache that cannot be used (a file where its folder would be, a folder under a file, a read-only
folder, a dangling link) costs every command one warning on stderr and nothing else: the same
output, exit 0, and a build's temporary files in a private folder that is gone afterwards. An
entry damaged as a crash, a full disk or a bad sector damages it (truncated, zeroed, a byte
flipped, half-written, edited without its seal) is found, and the command gives what it gives
with a clean cache and writes the entry again, for each cache: content, check verdicts, documents
and fonts. `$XDG_CACHE_HOME/playaid` as a link is followed; cleaning stale temporaries removes
only what playaid names as its own, never through a link.
"""

from __future__ import annotations

import ctypes
import errno
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import tree

from generator.core import caching
from generator.core import files as files_module
from generator.core.messages import text

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT.parent / "shared" / "seeds"
LOOKUP = ("lookup", "fpcf.air-drop", "die=3")
TARGET = "fpcf.reaction"
PDFS = ["fpcf/en/fpcf.reaction.card.a5.pdf"]
WARNING = "warning: cannot write to the cache"
CHEAP = {
    "lookup": LOOKUP,
    "rule": ("rule", "cf.15.41"),
    "calc": ("calc", "mak.attack-target", "attack=8", "defense=2", "modifiers=+1,-2"),
    "check": ("check",),
}
UNUSABLE = ["a file", "below a file", "playaid a file", "read-only", "a dangling link"]


def _drop_file_access_override() -> None:
    """Run without CAP_DAC_OVERRIDE (root then obeys a folder's mode, as a user does)."""
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (1, 2):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH
        if libc.prctl(24, capability, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


def _cli(
    cwd: Path, cache_home: Path, *args: str, read_only: bool = False
) -> subprocess.CompletedProcess:
    """playaid as a real process with this cache and a temporary folder of its own (cwd/tmp)."""
    (cwd / "tmp").mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "XDG_CACHE_HOME": str(cache_home), "TMPDIR": str(cwd / "tmp")}
    return subprocess.run(
        [sys.executable, "-m", "generator", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        preexec_fn=_drop_file_access_override if read_only and os.geteuid() == 0 else None,
    )


def _unusable(tmp_path: Path, how: str) -> Path:
    """A cache home whose `playaid` folder cannot take files, made as `how` says."""
    home = tmp_path / "home"
    if how == "a file":
        home.write_text("x\n")
    elif how == "below a file":
        home.write_text("x\n")
        home = home / "cache"
    elif how == "playaid a file":
        home.mkdir()
        (home / "playaid").write_text("x\n")
    elif how == "read-only":
        for name in ("documents", "fonts", "content", "tmp"):
            (home / "playaid" / name).mkdir(parents=True)
        for folder in [home, *home.rglob("*")]:
            folder.chmod(0o555)
    else:
        home.mkdir()
        (home / "playaid").symlink_to(tmp_path / "no-such-disk", target_is_directory=True)
    return home


def _pdfs(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*.pdf"))}


@pytest.fixture(scope="module")
def clean(tmp_path_factory) -> dict[str, subprocess.CompletedProcess]:
    """Each command's output with a clean cache, in a folder of its own (`out` for builds)."""
    results = {}
    for name, args in [*CHEAP.items(), ("build", ("build", TARGET, "-j", "2", "--out", "out"))]:
        cwd = tmp_path_factory.mktemp(f"clean-{name}")
        results[name] = _cli(cwd, cwd / "cache", *args)
        assert results[name].returncode == 0, results[name].stderr
        results[name].cwd = cwd
    return results


def _one_warning(stderr: str, home: Path) -> str:
    """stderr without the one warning it must hold, which names the cache."""
    lines = stderr.splitlines()
    warnings = [line for line in lines if WARNING in line]
    assert len(warnings) == 1, stderr
    assert warnings[0].startswith(f"playaid: {WARNING} {home / 'playaid'} ("), warnings[0]
    assert "Traceback" not in stderr
    return "\n".join(line for line in lines if WARNING not in line)


@pytest.mark.parametrize("how", UNUSABLE)
@pytest.mark.parametrize("command", ["lookup", "check", "rule", "calc"])
def test_a_command_goes_on_without_an_unusable_cache(tmp_path, clean, how, command):
    """`lookup` and `check` coped silently, `build` exited 3: each now says so once, on stderr,
    and answers as it does with a clean cache."""
    if command in ("rule", "calc") and how not in ("a file", "read-only"):
        pytest.skip("one cache that is a file and one that is read-only suffice here")
    home = _unusable(tmp_path, how)
    result = _cli(tmp_path, home, *CHEAP[command], read_only=how == "read-only")
    assert result.returncode == 0, result.stderr
    assert result.stdout == clean[command].stdout
    assert _one_warning(result.stderr, home) == clean[command].stderr.rstrip("\n")
    assert not list((tmp_path / "tmp").iterdir())


@pytest.mark.parametrize("how", UNUSABLE)
def test_a_build_goes_on_without_an_unusable_cache(tmp_path, clean, how):
    """`XDG_CACHE_HOME=$PWD/cf playaid build` (cf a file) exited 3 making `playaid/tmp`; its
    scratch folder and fonts now go to a private temporary folder, removed when it ends, and the
    PDFs are byte for byte those of a build with a clean cache (two rendering processes: one
    warning all the same)."""
    home = _unusable(tmp_path, how)
    before = tree(home) if home.is_dir() else None
    result = _cli(
        tmp_path, home, "build", TARGET, "-j", "2", "--out", "out", read_only=how == "read-only"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == clean["build"].stdout
    assert _one_warning(result.stderr, home) == ""
    assert _pdfs(tmp_path / "out") == _pdfs(clean["build"].cwd / "out")
    assert not list((tmp_path / "tmp").iterdir())  # the private folder is gone
    if before is not None:
        assert tree(home) == before


def test_review_goes_on_without_an_unusable_cache(tmp_path):
    if not SEEDS.is_dir():
        pytest.skip("the seed files are not beside playaid")
    home = _unusable(tmp_path, "a file")
    result = _cli(tmp_path, home, "review", "cf", "--out", "out")
    assert result.returncode == 0, result.stderr
    assert _one_warning(result.stderr, home) == ""
    assert (tmp_path / "out" / "review" / "cf.review.pdf").read_bytes().startswith(b"%PDF-")
    assert not list((tmp_path / "tmp").iterdir())


def test_the_warning_is_in_the_users_language(tmp_path):
    home = _unusable(tmp_path, "a file")
    result = _cli(tmp_path, home, *LOOKUP, "--lang", "ja")
    assert result.returncode == 0, result.stderr
    _, japanese = text(
        caching.CACHE_UNWRITABLE, folder=home / "playaid", reason=os.strerror(errno.ENOTDIR)
    )
    assert result.stderr == f"playaid: {japanese}\n"


def test_a_full_disk_in_the_cache_is_one_warning(tmp_path, monkeypatch, run):
    """Every write to the cache fails (ENOSPC): the build writes its documents all the same,
    warns once, and leaves no temporary file in the cache."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    monkeypatch.chdir(tmp_path)
    real = files_module.write_atomically

    def full(path: Path, data: bytes, **options: object) -> None:
        if str(path).startswith(str(cache)):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
        real(path, data, **options)

    monkeypatch.setattr(files_module, "write_atomically", full)
    from generator.render import subset

    monkeypatch.setattr(subset, "write_atomically", full)
    result = run("build", TARGET, "--lang", "en", "-j", "1", "--out", "out")
    assert result.code == 0, result.err
    assert result.err.count(WARNING) == 1
    assert "No space left on device" in result.err
    assert _pdfs(tmp_path / "out")
    assert not [p for p in cache.rglob("*") if p.is_file()]


# Damage as a crash, a full disk or a bad sector leaves it.
def _truncate(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def _zero(path: Path) -> None:
    path.write_bytes(bytes(path.stat().st_size))


def _flip(where: float) -> Callable[[Path], None]:
    def flip(path: Path) -> None:
        data = bytearray(path.read_bytes())
        index = min(len(data) - 1, int(len(data) * where))
        data[index] ^= 0x01  # one bit: a digit stays a digit, a letter a letter
        path.write_bytes(bytes(data))

    return flip


def _empty(path: Path) -> None:
    path.write_bytes(b"")


def _remove(path: Path) -> None:
    path.unlink()


def _edited(path: Path) -> None:
    """The data changed and the seal left as it was (what a torn sector of the data is)."""
    raw = path.read_bytes()
    head, _, rest = raw.partition(b'"data":')
    assert rest, "an entry is sealed"
    for old, new in [(b'"pages":1', b'"pages":2'), (b'"issues":[{', b'"issues":[]'), (b"2", b"3")]:
        if old in rest:
            if old == b'"issues":[{':  # every finding dropped, as in the probe
                start = rest.index(old)
                rest = rest[:start] + b'"issues":[]' + rest[rest.index(b'],"files"', start) + 1 :]
            else:
                rest = rest.replace(old, new, 1)
            break
    path.write_bytes(head + b'"data":' + rest)


DAMAGE = {
    "truncated": _truncate,
    "zeroed": _zero,
    "empty": _empty,
    "a bit flipped in its head": _flip(0.05),
    "a bit flipped in the middle": _flip(0.5),
    "a bit flipped at the end": _flip(1.0),
    "edited without its seal": _edited,
}
BYTES_DAMAGE = {name: damage for name, damage in DAMAGE.items() if damage is not _edited}


@pytest.fixture
def own_cache(tmp_path, monkeypatch) -> Path:
    """An empty cache of the test's own, and the test's folder as the working folder."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    return tmp_path / "cache" / "playaid"


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_content_entry_is_rebuilt(own_cache, run, damage):
    """`lookup` once printed a value planted in its entry; a damaged entry is now found."""
    first = run(*LOOKUP)
    [entry] = (own_cache / "content").glob("tableside-*.json")
    good = entry.read_bytes()
    DAMAGE[damage](entry)
    again = run(*LOOKUP)
    assert (again.code, again.out, again.err) == (0, first.out, first.err)
    assert entry.read_bytes() == good


BROKEN = """\
kind: scenario
system: mak
id: mak.broken
title: {en: P, ja: P, tr: none}
briefing: {en: P, ja: P, tr: none}
date: 2885-03
boards: {layout: [[5, 6]]}
turns: 8
first_player: strahl
attacker: strahl
forces:
  strahl: {units: [{unit: PKA, code: "×2", deploy: "1⑤W"}]}
  mercenary: {}
victory:
  conditions: {en: W, ja: W, tr: none}
surprise: yes
"""


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_check_verdict_is_rebuilt(own_cache, run, tmp_path, damage):
    """`check --strict` once passed a file with errors after its verdict entry was emptied."""
    scenario = tmp_path / "broken.yaml"
    scenario.write_text(BROKEN, encoding="utf-8")
    first = run("check", "--strict", "broken.yaml")
    assert first.code == 1 and "surprise" in first.out + first.err
    [entry] = (own_cache / "content").glob("check-*.json")
    good = entry.read_bytes()
    DAMAGE[damage](entry)
    again = run("check", "--strict", "broken.yaml")
    assert (again.code, again.out, again.err) == (1, first.out, first.err)
    assert entry.read_bytes() == good


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, subprocess.CompletedProcess]:
    """A cache filled by one build of one card (en), and that build's output."""
    cwd = tmp_path_factory.mktemp("built")
    result = _cli(cwd, cwd / "cache", "build", TARGET, "--lang", "en", "-j", "1", "--out", "out")
    assert result.returncode == 0, result.stderr
    return cwd, result


def _rebuild(built, tmp_path: Path, run, damage: Callable[[Path], None]) -> Path:
    """Copy the filled cache, damage it, build again: the output of a clean cache, the same
    PDF, and the cache as the first build left it. Returns the copied cache."""
    source, first = built
    cache = tmp_path / "cache" / "playaid"
    shutil.copytree(source / "cache" / "playaid", cache, symlinks=True)
    shutil.rmtree(cache / "tmp", ignore_errors=True)
    shutil.rmtree(cache / "content", ignore_errors=True)
    before = tree(cache)
    damage(cache)
    again = run("build", TARGET, "--lang", "en", "-j", "1", "--out", "out")
    assert again.code == 0, again.err
    assert (again.out, again.err) == (first.stdout, first.stderr)
    assert _pdfs(tmp_path / "out") == _pdfs(source / "out")
    # The content cache (what the load found, the files as read, the font's map) is filled again.
    kept = ("tmp", "content")
    after = {path: kind for path, kind in tree(cache).items() if path.split("/")[0] not in kept}
    assert after == before
    return cache


DOCUMENT_DAMAGE = {
    **{f"the PDF {name}": ("pdf", damage) for name, damage in BYTES_DAMAGE.items()},
    **{f"the record {name}": ("json", damage) for name, damage in DAMAGE.items()},
    "the PDF without its record": ("json", _remove),
    "the record without its PDF": ("pdf", _remove),
}


@pytest.mark.parametrize("damage", DOCUMENT_DAMAGE)
def test_a_damaged_document_is_rendered_again(built, tmp_path, own_cache, run, damage):
    """`build` once shipped a PDF planted in its cache entry; a damaged entry is rendered again
    (the build says `rendered 1, reused 0`, as with a clean cache)."""
    suffix, hurt = DOCUMENT_DAMAGE[damage]

    def damage_documents(cache: Path) -> None:
        for path in (cache / "documents").glob(f"*.{suffix}"):
            hurt(path)

    _rebuild(built, tmp_path, run, damage_documents)


FONT_DAMAGE = {
    **{f"the font {name}": ("otf", damage) for name, damage in BYTES_DAMAGE.items()},
    "the record truncated": ("json", _truncate),
    "the record zeroed": ("json", _zero),
    "the record with a bit flipped": ("json", _flip(0.5)),
    "the record edited without its seal": ("json", _edited),
    "the font without its record": ("json", _remove),
    "the record without its font": ("otf", _remove),
}


@pytest.mark.parametrize("damage", FONT_DAMAGE)
def test_a_damaged_font_is_made_again(built, tmp_path, own_cache, run, damage):
    """A subset font with a flipped byte was handed to the renderer (only one that did not read
    as a font was made again). Every kept font is damaged; the documents are removed so that the
    build renders, with the fonts it makes again."""
    suffix, hurt = FONT_DAMAGE[damage]

    def damage_fonts(cache: Path) -> None:
        for path in (cache / "fonts").glob(f"*.{suffix}"):
            hurt(path)
        for path in (cache / "documents").iterdir():
            path.unlink()

    cache = _rebuild(built, tmp_path, run, damage_fonts)
    assert list((cache / "fonts").glob("*.json")) and list((cache / "documents").glob("*.pdf"))


def test_a_cache_root_that_is_a_link_is_followed(tmp_path):
    """`$XDG_CACHE_HOME/playaid` made a link by its user (a cache on another disk) is followed,
    with no warning; the folders below it are real folders on the other disk."""
    disk = tmp_path / "other-disk" / "playaid"
    disk.mkdir(parents=True)
    home = tmp_path / "home"
    home.mkdir()
    (home / "playaid").symlink_to(disk, target_is_directory=True)
    result = _cli(tmp_path, home, "build", TARGET, "--lang", "en", "-j", "1", "--out", "out")
    assert (result.returncode, result.stderr) == (0, "")
    lookup = _cli(tmp_path, home, *LOOKUP)
    assert (lookup.returncode, lookup.stderr) == (0, "")
    assert (home / "playaid").is_symlink()
    for name in ("documents", "fonts", "content", "tmp"):
        assert (disk / name).is_dir() and not (disk / name).is_symlink()
    assert list((disk / "documents").glob("*.pdf")) and list((disk / "content").glob("*.json"))


def test_cleaning_removes_only_what_playaid_made(tmp_path, monkeypatch):
    """Only a dead build's scratch folder (`tmp/<pid>`, a real folder) and a dead process's
    `.partial` file (a regular file named as the writer names it) are removed: links named like
    them, and what they point to, files of other names, folders named like temporary files, and
    names that only look like a process id stay."""
    from generator.render.scratch import scratch

    disk = tmp_path / "other-disk"
    (disk / "playaid").mkdir(parents=True)
    home = tmp_path / "home"
    home.mkdir()
    (home / "playaid").symlink_to(disk / "playaid", target_is_directory=True)
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    victims = tmp_path / "victims"
    (victims / "999999997").mkdir(parents=True)
    (victims / "999999997" / "photo.jpg").write_bytes(b"precious")
    (victims / "notes.txt").write_bytes(b"precious")
    cache = disk / "playaid"
    for name in ("tmp", "fonts", "documents", "content"):
        (cache / name).mkdir()
    dead_pid = "999999999"
    removed = [
        cache / "tmp" / dead_pid / "deep" / "file",
        cache / "fonts" / f".Font-0123456789abcdef.otf.{dead_pid}-00aa11bb22cc.partial",
        cache / "documents" / f".{'a' * 64}.pdf.{dead_pid}-00aa11bb22cc.partial",
        cache / "content" / f".tableside-{'b' * 64}.json.{dead_pid}-00aa11bb22cc.partial",
        cache / "fonts" / f"NotoSansCJKjp-Regular-0123456789abcdef.{dead_pid}.tmp",
    ]
    kept_files = [
        cache / "tmp" / "0999999999",  # not how a process id is written
        cache / "tmp" / "notes",
        cache / "fonts" / f"notes.{dead_pid}.tmp",
        cache / "documents" / f".x.pdf.{dead_pid}-00aa.partial",  # not the writer's token
        cache / "documents" / "mine.json",
    ]
    kept_folders = [
        cache / "tmp" / "0123",
        cache / "fonts" / f".y.otf.{dead_pid}-00aa11bb22cc.partial",
    ]
    for path in removed:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"left by a killed build")
    for path in kept_files:
        path.write_bytes(b"not playaid's")
    for path in kept_folders:
        path.mkdir()
        (path / "inside").write_bytes(b"not playaid's")
    links = {
        cache / "tmp" / "999999998": victims / "999999997",
        cache / "documents" / f".z.pdf.{dead_pid}-00aa11bb22cc.partial": victims / "notes.txt",
    }
    for link, target in links.items():
        link.symlink_to(target)
    before = {path: tree(path) if path.is_dir() else path.read_bytes() for path in kept_folders}
    victims_before = tree(victims)
    with scratch():
        pass
    assert not (cache / "tmp" / dead_pid).exists()
    assert not any(path.exists() for path in removed)
    assert all(path.read_bytes() == b"not playaid's" for path in kept_files)
    assert {path: tree(path) for path in kept_folders} == before
    assert all(link.is_symlink() for link in links)
    assert tree(victims) == victims_before
    assert (home / "playaid").is_symlink()


def test_pruning_counts_and_removes_only_playaids_entries(own_cache):
    """The content cache keeps its newest entries of a kind; a file of another name there is
    neither counted nor removed."""
    from generator.tableside import cache

    folder = own_cache / "content"
    folder.mkdir(parents=True)
    mine = [folder / "tableside-mine.json", folder / "tableside-0.json"]
    for path in mine:
        path.write_text("{}")
        os.utime(path, (1, 1))  # older than every entry
    for number in range(cache.KEPT + 3):
        cache.write("tableside", f"{number:064x}", {"n": number})
    assert all(path.read_text() == "{}" for path in mine)
    entries = [p for p in folder.glob("tableside-*.json") if p not in mine]
    assert len(entries) == cache.KEPT
    assert cache.read("tableside", f"{cache.KEPT + 2:064x}") == {"n": cache.KEPT + 2}
