"""Drafts that print correctly and never replace a finished edition (issue 45, §3): a pending
title, heading, label and body text print marked in a booklet, a card, a record sheet and a
scenario sheet, as plain words where markup cannot go (attributes, bookmarks, the PDF's title);
a draft has a file name and a manifest mark of its own, and warns once."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.core.places import DEFAULT_CONTENT

# Each text made stale: its English changed, its Japanese left as it was.
EDITS = {
    Path("mak") / "rules-10-13.yaml": [
        ("en: Air Combat Mission,", "en: Air Combat Missions,"),  # a case title (heading)
        ("en: Aeronautical unit,", "en: Aeronautical units,"),  # a chapter: the running head
    ],
    Path("mak") / "artillery-request-type.yaml": [
        ("en: Artillery request types,", "en: Artillery request kinds,"),  # a card's title
        ("en: Type of request,", "en: Kind of request,"),  # a label (table head)
        (
            "en: A unit in group 2 observes and requests.",
            "en: A group 2 unit observes and requests.",
        ),
    ],
    Path("scenarios") / "mak" / "quarry-road.yaml": [
        ("en: The Quarry Road,", "en: The Quarry Track,"),  # a scenario's title
    ],
    Path("sources.yaml"): [
        ('en: "Maschinen Krieger S.F.3.D II"', 'en: "Maschinen Krieger S.F.3.D 2"'),  # covers
    ],
}
TARGETS = ["mak.rules", "mak.artillery-request-type", "mak.artillery-request-sheet"]
TARGETS += ["mak.quarry-road.sheet"]
MARKUP = re.compile(r"<span|</|class=|data-section|data-label|\">|\ue000|\ue001|\ue002|\ue003")


def _stale(folder: Path) -> Path:
    root = folder / "content"
    shutil.copytree(DEFAULT_CONTENT, root)
    for name, edits in EDITS.items():
        path = root / name
        text = path.read_text(encoding="utf-8")
        for old, new in edits:
            assert text.count(old) == 1, old
            text = text.replace(old, new)
        path.write_text(text, encoding="utf-8")
    return root


def _build(content: Path | None, out: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "generator"]
    command += ["--content", str(content)] if content else []
    command += ["build", *args, "--no-site", "--out", str(out), "-j", "2"]
    return subprocess.run(command, capture_output=True, text=True, check=False)


@pytest.fixture(scope="module")
def drafted(tmp_path_factory: pytest.TempPathFactory):
    """A finished Japanese card built into a folder, then a draft of every kind of document
    built into the same folder from the content with texts made stale."""
    folder = tmp_path_factory.mktemp("drafts")
    out = folder / "out"
    finished = _build(None, out, "mak.artillery-request-type", "--lang", "ja")
    assert finished.returncode == 0, finished.stderr
    card = out / "mak" / "ja" / "mak.artillery-request-type.card.a5.pdf"
    before = card.read_bytes()
    result = _build(_stale(folder), out, *TARGETS, "--draft", "--lang", "ja")
    return result, out, before


def _text(path: Path) -> str:
    return re.sub(r"\s+", "", "".join(page.extract_text() for page in PdfReader(path).pages))


def _outline(items: list) -> list[str]:
    titles: list[str] = []
    for item in items:
        titles += _outline(item) if isinstance(item, list) else [item.title]
    return titles


DRAFTS = {
    "booklet": ("mak.rules.a4.draft.pdf", ["空中戦任務原文:AirCombatMissions"]),
    "card": (
        "mak.artillery-request-type.card.a5.draft.pdf",
        ["砲撃要請の種類原文:Artilleryrequestkinds", "要請の種類原文:Kindofrequest"],
    ),
    "record sheet": ("mak.artillery-request-sheet.a4.draft.pdf", ["原文:Agroup2unit"]),
    "scenario sheet": ("mak.quarry-road.sheet.a4.draft.pdf", ["採石場の道原文:TheQuarryTrack"]),
}


def test_a_draft_builds_and_warns_once(drafted):
    result, _, _ = drafted
    assert result.returncode == 0, result.stderr
    warnings = [line for line in result.stderr.splitlines() if "mak.10.2 title" in line]
    assert len(warnings) == 1, result.stderr


@pytest.mark.parametrize("kind", sorted(DRAFTS))
def test_each_kind_of_draft_marks_its_pending_texts_without_markup(drafted, kind):
    _, out, _ = drafted
    name, marked = DRAFTS[kind]
    path = next(out.rglob(name))
    text = _text(path)
    assert "翻訳待ち" in text, kind
    for words in marked:
        assert words in text, (kind, words)
    assert not MARKUP.search(text), MARKUP.search(text)
    reader = PdfReader(path)
    for title in [*_outline(reader.outline), reader.metadata.title or ""]:
        assert not MARKUP.search(title), title


def test_a_pending_heading_is_a_plain_bookmark_and_running_head(drafted):
    _, out, _ = drafted
    reader = PdfReader(out / "mak" / "ja" / "mak.rules.a4.draft.pdf")
    assert "10.2 翻訳待ち 空中戦任務 原文: Air Combat Missions" in _outline(reader.outline)
    text = "\n".join(page.extract_text() for page in reader.pages)
    heads = re.findall(r"(?m)^10\.0 翻訳待ち 航空ユニット 原文: Aeronautical units", text)
    assert len(heads) >= 2, text  # the running head of the chapter's pages


def test_the_translation_mark_follows_the_translation_not_the_source(drafted):
    _, out, _ = drafted
    text = _text(out / "mak" / "ja" / "mak.rules.a4.draft.pdf")
    assert "原文:Aeronauticalunits" in text
    assert not re.search(r"原文:[^翻]*?[a-z.]◇", text)


def test_a_draft_has_its_own_file_and_manifest_mark(drafted):
    _, out, before = drafted
    card = out / "mak" / "ja" / "mak.artillery-request-type.card.a5.pdf"
    assert card.read_bytes() == before  # the finished edition untouched
    entries = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["documents"]
    variants = {entry["path"]: entry["variant"] for entry in entries}
    assert variants["mak/ja/mak.artillery-request-type.card.a5.pdf"] is None
    assert variants["mak/ja/mak.artillery-request-type.card.a5.draft.pdf"] == "draft"
    assert all(v == "draft" for p, v in variants.items() if p.endswith(".draft.pdf"))
