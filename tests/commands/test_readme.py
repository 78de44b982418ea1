"""The README's Quick start is what CI runs."""

from __future__ import annotations

import re

from conftest import ROOT


def test_ci_runs_the_quick_start_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"## Quick start\n\n```sh\n(.*?)```", readme, re.S)
    assert block, "README.md needs a Quick start with a sh block"
    commands = block.group(1).strip().splitlines()
    assert len(commands) == 2
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert all(command in ci for command in commands)
