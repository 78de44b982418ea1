"""`build --changes-since`: a booklet marks exactly the new and changed cases in the margin and
lists them, with the removed ones, at its front (issue 32, item 3)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from changed_content import MARKED, REMOVED, copy_content, edit
from pypdf import PdfReader

from generator.builder.request import BuildRequest
from generator.cli import main
from generator.content.changes import compare
from generator.content.load import load_content

MARK = re.compile(r"Δ\s*(correction|clarification|addition|changed)\s*\[([0-9.]+)\]")


@pytest.fixture(scope="module")
def booklet(tmp_path_factory) -> str:
    """The English Ma.K booklet of the edited content, built with --changes-since the original,
    as its text."""
    root = tmp_path_factory.mktemp("changes")
    old = copy_content(root / "old")
    new = edit(copy_content(root / "new"))
    out = root / "out"
    argv = ["build", "mak.rules", "--lang", "en", "--content", str(new), "--out", str(out)]
    assert main([*argv, "--changes-since", str(old), "--no-site", "-j", "1"]) == 0
    reader = PdfReader(out / "mak" / "en" / "mak.rules.a4.pdf")
    return "\n".join(page.extract_text() for page in reader.pages)


def test_exactly_the_new_and_changed_cases_are_marked(booklet):
    assert {number: kind for kind, number in MARK.findall(booklet)} == MARKED
    assert booklet.count("Δ") == len(MARKED) + 1  # the marks and the list's legend


def test_the_front_lists_each_change_with_number_title_and_kind(booklet):
    front = booklet[: booklet.index("Contents")]
    assert "Changes since old" in front
    rows = re.findall(
        r"^([0-9.]+) (.+?) (correction|clarification|addition|changed|removed)$",
        front,
        flags=re.MULTILINE,
    )
    listed = {number: kind for number, _, kind in rows}
    assert listed == {**MARKED, **dict.fromkeys(REMOVED, "removed")}
    assert ("2.3", "Reference Sheets", "removed") in rows
    assert ("2.4", "Counter Trays", "addition") in rows


def test_a_marked_document_has_a_cache_key_of_its_own(content):
    changes = compare(content, content, "v1")
    plain = BuildRequest(content, Path("out"))
    marked = BuildRequest(content, Path("out"), changes=changes)
    assert plain.options() != marked.options()
    other = BuildRequest(content, Path("out"), changes=compare(content, content, "v2"))
    assert marked.options() != other.options()


def test_an_unchanged_content_lists_nothing(content):
    assert compare(load_content(), content, "same").entries == ()
