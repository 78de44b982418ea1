"""The output folder's neighbours (issue 33, failures 1 and 2): a clean-up removes only playaid's
own temporary files, those of a process that is gone, never a user's file that merely ends in
`.partial`; a staged file that vanished before its move fails the write with a message; writers
into nested output folders take each other's locks, so they never interleave; and a recovery
leaves a manifest that matches the files on disk."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from generator.core.files import WriteError
from generator.render.writer import JOURNAL, LOCK, MANIFEST, Writer, locked

ROOT = Path(__file__).resolve().parents[2]


def _dead_pid() -> int:
    """The id of a process that has ended."""
    child = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                           capture_output=True, text=True, check=True)  # fmt: skip
    return int(child.stdout)


def _users_files(out: Path) -> dict[Path, str]:
    """Files a user keeps under an output folder, named like temporary files but not playaid's:
    no process id and token, a live process's, a folder, and one in a nested folder."""
    files = {
        out / ".notes.partial": "precious",
        out / "photos" / ".IMG_0001.jpg.partial": "x",
        out / f".report.pdf.{os.getppid()}-0123456789ab.partial": "a live writer's",
        out / "photos" / f".a.pdf.{_dead_pid()}-0123.partial": "short token",
    }
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return files


def test_site_keeps_a_users_partial_files(tmp_path):
    out = tmp_path / "Y"
    files = _users_files(out)
    abandoned = out / "photos" / f".b.pdf.{_dead_pid()}-0123456789ab.partial"
    abandoned.write_text("left by a killed playaid", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "generator", "site", "--out", str(out)],
        cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    for path, text in files.items():
        assert path.read_text(encoding="utf-8") == text
    assert not abandoned.exists()  # playaid's own, of a process that is gone


@pytest.mark.parametrize("nested", ["site", "a/b", "x y/site"])
def test_a_clean_up_under_locks_keeps_users_files(tmp_path, nested):
    out = tmp_path / "out"
    (out / nested).mkdir(parents=True)
    files = _users_files(out / nested)
    for folder in (out, out / nested, out):
        with locked(folder):
            pass
    assert all(path.read_text(encoding="utf-8") == text for path, text in files.items())


def test_a_staged_file_that_vanished_fails_the_write(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "index.html").write_text("old", encoding="utf-8")
    writer = Writer(out)
    with locked(out):
        writer.stage("index.html", b"new")
        writer.stage("other.html", b"other")
        writer.staged[0][0].unlink()  # another program removed it
        with pytest.raises(WriteError, match="vanished before it was moved"):
            writer.commit()
    assert (out / "index.html").read_text(encoding="utf-8") == "old"


def test_a_site_command_reports_a_vanished_staged_file(tmp_path, monkeypatch, run):
    from generator.render import writer as writer_module

    moves = writer_module._move_all

    def remove_then_move(root, entries, **options):
        (root / entries[0]["temporary"]).unlink()
        return moves(root, entries, **options)

    monkeypatch.setattr(writer_module, "_move_all", remove_then_move)
    result = run("site", "--out", str(tmp_path / "site"))
    assert result.code == 1
    assert "vanished before it was moved" in result.err and "Traceback" not in result.err


def _holds(folder: Path, held: threading.Event, release: threading.Event) -> None:
    with locked(folder):
        held.set()
        release.wait(30)


# (the folder locked first, the one a second writer then locks): parent and child both ways,
# deeper nestings, and a name that sorts before the lock's own.
NESTINGS = [("", "site"), ("site", ""), ("", "a/b/c"), ("a/b/c", ""), ("", "+x"), ("+x", "")]


@pytest.mark.parametrize(("first", "second"), NESTINGS)
def test_writers_into_nested_folders_wait_for_each_other(tmp_path, first, second):
    out = tmp_path / "out"
    for folder in (out / first, out / second):  # both have been written to before
        folder.mkdir(parents=True, exist_ok=True)
        with locked(folder):
            pass
    held, release, entered = threading.Event(), threading.Event(), threading.Event()
    holder = threading.Thread(target=_holds, args=(out / first, held, release))
    holder.start()
    assert held.wait(30)

    def second_writer() -> None:
        with locked(out / second):
            entered.set()

    waiter = threading.Thread(target=second_writer)
    waiter.start()
    try:
        assert not entered.wait(0.5), "the nested writer did not wait for the first"
    finally:
        release.set()
        holder.join(30)
        waiter.join(30)
    assert entered.is_set()


def test_a_recovery_leaves_a_manifest_that_matches_the_files(tmp_path):
    out = tmp_path / "X"
    (out / "site").mkdir(parents=True)
    (out / "site" / "index.html").write_text("written since by `site`", encoding="utf-8")
    (out / "a.pdf").write_bytes(b"%PDF-old")
    staged = f".a.pdf.{_dead_pid()}-0123456789ab.partial"
    (out / staged).write_bytes(b"%PDF-new")
    stale = {"documents": [
        {"path": "a.pdf", "sha256": hashlib.sha256(b"%PDF-new").hexdigest(), "id": "a"},
        {"path": "site/index.html", "sha256": "0" * 64, "id": "site"},
        {"path": "gone.pdf", "sha256": "1" * 64, "id": "gone"},
    ]}  # fmt: skip
    manifest = f".{MANIFEST}.{_dead_pid()}-0123456789ab.partial"
    (out / manifest).write_text(json.dumps(stale), encoding="utf-8")
    moves = [  # the killed build's: its site/index.html was removed before the recovery
        {"temporary": staged, "target": "a.pdf"},
        {"temporary": f"site/.index.html.{_dead_pid()}-0123456789ab.partial",
         "target": "site/index.html"},
        {"temporary": manifest, "target": MANIFEST},
    ]  # fmt: skip
    (out / JOURNAL).write_text(json.dumps({"moves": moves}), encoding="utf-8")
    (out / LOCK).touch()  # the killed build's lock
    with locked(out / "site"):  # a writer into the nested folder finishes the parent's build
        pass
    entries = json.loads((out / MANIFEST).read_text(encoding="utf-8"))["documents"]
    on_disk = {
        entry["path"]: hashlib.sha256((out / entry["path"]).read_bytes()).hexdigest()
        for entry in entries
    }
    assert {entry["path"]: entry["sha256"] for entry in entries} == on_disk
    assert set(on_disk) == {"a.pdf", "site/index.html"}
    assert (out / "a.pdf").read_bytes() == b"%PDF-new"
    assert not (out / JOURNAL).exists() and (out / LOCK).is_file()
