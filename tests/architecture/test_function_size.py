"""No function in the package runs past 80 lines or takes more than six parameters (`self` and
`cls` aside); the allow-list is empty and stays so."""

from __future__ import annotations

import ast
from pathlib import Path

import generator

PACKAGE = Path(generator.__file__).parent
MAX_LINES = 80
MAX_PARAMETERS = 6
ALLOWED: dict[str, str] = {}  # "module.py:function": why it may be longer; none may


def _functions(source: str):
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node


def _parameters(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    arguments = node.args
    named = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
    count = len(named) + (arguments.vararg is not None) + (arguments.kwarg is not None)
    return count - (bool(named) and named[0].arg in ("self", "cls"))


def _too_big(source: str, where: str) -> list[str]:
    found = []
    for node in _functions(source):
        lines = node.end_lineno - node.lineno + 1
        name = f"{where}:{node.name}"
        if name in ALLOWED:
            continue
        if lines > MAX_LINES:
            found.append(f"{name} runs {lines} lines")
        if _parameters(node) > MAX_PARAMETERS:
            found.append(f"{name} takes {_parameters(node)} parameters")
    return found


def test_no_function_is_over_80_lines_or_six_parameters():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE.parent).as_posix()
        found += _too_big(path.read_text(encoding="utf-8"), where)
    assert found == []
    assert ALLOWED == {}


def test_the_measure_finds_a_long_function_and_a_wide_one():
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_LINES))
    long = f"def long():\n{body}\n"
    wide = "def wide(a, b, c, d, e, f, g):\n    pass\n"
    method = "class C:\n    def fine(self, a, b, c, d, e, f):\n        pass\n"
    assert _too_big(long + wide + method, "m.py") == [
        "m.py:long runs 81 lines",
        "m.py:wide takes 7 parameters",
    ]
