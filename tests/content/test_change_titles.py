"""The "Changes since" list names a case without a title of its own by the title of the case
above it (issue 45, §5): `10.1.3 Procedure changed`, never `10.1.3 mak.10.1.3 changed`."""

from __future__ import annotations

import shutil
from pathlib import Path

from generator.content.changes import compare
from generator.content.load import load_content
from generator.core.places import DEFAULT_CONTENT


def test_an_untitled_case_is_listed_under_its_parents_title(tmp_path: Path):
    root = Path(shutil.copytree(DEFAULT_CONTENT, tmp_path / "content"))
    rules = root / "mak" / "rules-10-13.yaml"
    text = rules.read_text(encoding="utf-8")
    old = "it can be used again on the next turn."
    assert text.count(old) == 1
    rules.write_text(text.replace(old, "it may be used again next turn."), encoding="utf-8")
    new = load_content(root, tolerate=frozenset({"stale-translation"}))
    changes = compare(load_content(DEFAULT_CONTENT), new, "v1")
    change = next(c for c in changes.entries if c.id == "mak.10.1.3")
    assert new.cases["mak.10.1.3"].title is None
    assert change.title == new.cases["mak.10.1"].title
