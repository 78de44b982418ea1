"""A copy of the content with translations made stale (issue 32, item 2): mak.10.1.1, mak.10.1.2
and a note of mak.pilots changed in English, their Japanese left as it was."""

from __future__ import annotations

import shutil
from pathlib import Path

from generator.core.places import DEFAULT_CONTENT

RULES = Path("mak") / "rules-10-13.yaml"
PILOTS = Path("mak") / "pilots.yaml"
EDITS = {
    RULES: [
        ("the assignments are compared.", "the assignments are compared at once."),
        ("resolve their mission during that player’s phase.", "resolve their mission then."),
    ],
    PILOTS: [("The chart prints just “Private”", "The chart prints only “Private”")],
}
STALE_JAPANESE = "割り当てを照らし合わせる"  # mak.10.1.1's Japanese, made from the old English
STALE_NOTE = "表には「Private」とだけ印刷されており"  # mak.pilots' note (a), likewise


def stale_copy(folder: Path) -> Path:
    """The content copied into `folder`/content with the three English texts changed."""
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
