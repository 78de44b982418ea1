"""`build --draft` (issue 32, item 2): a passage whose translation is pending prints as it stands,
marked "translation pending", with its source text beside it; DRAFT is in every page's footer;
a passage that is current prints unmarked; a draft writes no site."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from pending_content import STALE_JAPANESE, STALE_NOTE, stale_copy
from pypdf import PdfReader

from generator.builder.html import render_html
from generator.builder.plan import plan_build
from generator.builder.request import BuildRequest
from generator.content.checks.texts import PENDING_CODES
from generator.tableside.loading import load_checked


@pytest.fixture(scope="module")
def stale(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The content with three stale Japanese translations (tests/pending_content.py)."""
    return stale_copy(tmp_path_factory.mktemp("stale"))


@pytest.fixture(scope="module")
def drafted(stale: Path, tmp_path_factory: pytest.TempPathFactory):
    """`playaid build mak.pilots --draft --lang ja --lang en` of the stale content, run as a
    player runs it: the finished process, and its output folder."""
    out = tmp_path_factory.mktemp("draft") / "out"
    command = [sys.executable, "-m", "generator", "--content", str(stale), "build", "mak.pilots"]
    command += ["--draft", "--lang", "ja", "--lang", "en", "--out", str(out), "-j", "2"]
    return subprocess.run(command, capture_output=True, text=True, check=False), out


def _pages(path: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(path).pages]


def test_a_draft_builds_and_warns_of_each_pending_passage(drafted):
    result, out = drafted
    assert result.returncode == 0, result.stderr
    assert "warning[stale-translation]" in result.stderr and "mak.pilots notes[0]" in result.stderr
    assert "mak.10.1.1" not in result.stderr  # the cards print no rule text
    assert not (out / "site").exists()


def test_the_stale_note_prints_marked_with_its_source(drafted):
    _, out = drafted
    text = "\n".join(_pages(out / "mak" / "ja" / "mak.pilots.card.1.a5.draft.pdf"))
    flat = re.sub(r"\s+", "", text)
    marked = re.sub(r"\s+", "", f"翻訳待ち{STALE_NOTE}")
    assert marked in flat
    after = flat[flat.index(marked) :]
    assert re.sub(r"\s+", "", "原文:The chart prints only “Private”") in after


def test_every_page_says_draft_in_its_footer(drafted):
    _, out = drafted
    for edition, word in (("ja", "校正刷り"), ("en", "DRAFT")):
        for path in sorted((out / "mak" / edition).glob("*.pdf")):
            for page in _pages(path):
                assert word in page.splitlines()[-1] or word in page, (path, page[-200:])


def test_the_english_edition_marks_nothing(drafted):
    _, out = drafted
    texts = {path.name: "\n".join(_pages(path)) for path in (out / "mak" / "en").glob("*.pdf")}
    assert len(texts) == 2 and not any("translation pending" in text for text in texts.values())
    shown = re.sub(r"\s*\n\s*", " ", texts["mak.pilots.card.1.a5.draft.pdf"])
    assert "The chart prints only “Private”" in shown


def _booklet_html(content_root: Path, edition: str) -> str:
    """mak.rules' HTML in one edition of a draft build, without rendering the PDF."""
    content = load_checked(content_root, tolerate=PENDING_CODES)
    request = BuildRequest(content, Path("unused"), ("mak.rules",), editions=(edition,), draft=True)
    _, pages = render_html(request, plan_build(request))
    return pages[0].variants[0]


@pytest.mark.parametrize("edition", ["ja", "both"])
def test_a_draft_booklet_marks_each_stale_case(stale, edition):
    html = _booklet_html(stale, edition)
    marks = [m.start() for m in re.finditer('<span class="pending-mark">', html)]
    assert len(marks) == 2  # mak.10.1.1 and mak.10.1.2, in the Japanese only
    first = html[marks[0] : marks[1]]
    assert "翻訳待ち" in first and STALE_JAPANESE in first
    words = re.sub(r"<[^>]+>", "", first)  # typesetting wraps Latin words kept whole in spans
    assert '<span class="pending-source">' in first and "compared at once." in words
    assert "\ue000" not in html and "\ue001" not in html and "\ue003" not in html
