"""A copy of content/ with an erratum and a few edited Ma.K cases, for `--changes-since` tests:
[2.1] corrected by the erratum, [2.2] changed with no kind recorded, [2.4] added by the erratum,
[2.3] removed."""

from __future__ import annotations

import shutil
from pathlib import Path

from generator.content.model.base import source_hash
from generator.core.places import DEFAULT_CONTENT

RULES = "mak/rules-01-05.yaml"
ERRATUM_TITLE_EN = "Tactics 2025-03"
ERRATUM_TITLE_JA = "タクテクス 2025-03"
ERRATUM_DATE = "2025-03-01"
# What each case lists as: the kind its source records, else addition (new) or changed.
MARKED = {"2.1": "correction", "2.2": "changed", "2.4": "addition"}
REMOVED = {"2.3": "Reference Sheets"}

ERRATA = f"""\
kind: errata
errata:
  - id: tactics-2025-03
    title: {{en: {ERRATUM_TITLE_EN}, ja: {ERRATUM_TITLE_JA}, tr: ja, from: "{source_hash(ERRATUM_TITLE_EN)}"}}
    date: "{ERRATUM_DATE}"
"""

NEW_CASE = """\
  - id: mak.2.4
    number: "2.4"
    title: {en: Counter Trays, ja: カウンタートレイ, tr: none}
    text:
      en: Keep the pieces of each side in a tray of their own.
      ja: 各陣営のトークンはそれぞれ専用のトレイに収納する。
      tr: none
    source: {erratum: tactics-2025-03, change: addition}

"""


def copy_content(folder: Path) -> Path:
    """content/ copied into `folder`, unchanged."""
    shutil.copytree(DEFAULT_CONTENT, folder)
    return folder


def edit(folder: Path) -> Path:
    """Make the edits of this module's docstring in a copy of content/."""
    (folder / "errata.yaml").write_text(ERRATA, encoding="utf-8")
    path = folder / RULES
    text = path.read_text(encoding="utf-8")
    text = _restamp(
        text,
        "The maps are marked with a number from 1 to 7.",
        "The maps are marked with a number from 1 to 7 on their backs.",
    )
    text = text.replace(
        'source: {seed: "002", section: 2.1 Map Boards, lines: "210"}',
        "source: {erratum: tactics-2025-03, change: correction}",
    )
    text = _restamp(text, "Type III … Flying units.", "Type III … Flying units only.")
    start = text.index("  - id: mak.2.3\n")
    end = text.index("  - id: mak.3.0\n")
    text = text[:start] + NEW_CASE + text[end:]
    path.write_text(text, encoding="utf-8")
    return folder


def _restamp(text: str, old: str, new: str) -> str:
    """Replace a passage of an English source text and stamp its translation afresh: the
    Japanese is not this test's concern, only that the content still checks."""
    start = text.index(old)
    head = text.rindex("    text:\n", 0, start)
    english_end = text.index("\n      ja:", start)
    english = text[head:english_end].split("en: |-\n", 1)[1]
    edited = english.replace(old, new)
    before = source_hash("\n".join(line[8:] for line in english.split("\n")))
    after = source_hash("\n".join(line[8:] for line in edited.split("\n")))
    stamp = text.index(f'from: "{before}"', start)
    return (
        text[:start]
        + text[start:stamp].replace(old, new)
        + f'from: "{after}"'
        + text[stamp + len(f'from: "{before}"') :]
    )
