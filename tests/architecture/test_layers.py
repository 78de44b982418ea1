"""The package's shape holds: every module sits in one layer of docs/architecture.md, imports
only from its own layer or those below, and no import circle closes anywhere."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import generator

PACKAGE = Path(generator.__file__).parent
ARCHITECTURE = PACKAGE.parent / "docs" / "architecture.md"


def _modules() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    modules = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package's modules this one imports, lazily or not (TYPE_CHECKING included)."""
    found = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            targets = [
                f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names
            ]
        else:
            continue
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, modules) for name, path in modules.items()}


def _layers() -> list[list[str]]:
    """The layers docs/architecture.md lists under "The layers", top to bottom: each a numbered
    item naming its modules and packages (`generator/cli.py`, `generator/builder/`)."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    section = text.split("## The layers", 1)[1].split("\n## ", 1)[0]
    layers = []
    for line in section.splitlines():
        if re.match(r"\d+\. ", line):
            head = line.split(" — ", 1)[0]
            paths = re.findall(r"`generator/([\w/.]*)`", head)
            layers.append(
                [
                    "generator." + p.removesuffix("/").removesuffix(".py").replace("/", ".")
                    for p in paths
                ]
            )
    return layers


def _layer_of(module: str, layers: list[list[str]]) -> int | None:
    for index, names in enumerate(layers):
        if any(module == n or module.startswith(n + ".") for n in names):
            return index
    return None


def test_the_architecture_lists_layers_and_every_module_sits_in_one():
    layers = _layers()
    assert len(layers) >= 5, "docs/architecture.md lists no layers under '## The layers'"
    homeless = [m for m in _modules() if m != "generator" and _layer_of(m, layers) is None]
    assert homeless == [], f"modules in no layer of docs/architecture.md: {homeless}"


def test_no_module_imports_from_a_layer_above_its_own():
    layers = _layers()
    upward = [
        f"{module} ({layers[_layer_of(module, layers)][0]}) imports {target}"
        f" ({layers[_layer_of(target, layers)][0]})"
        for module, targets in _graph().items()
        if module != "generator"
        for target in targets
        if target != "generator" and _layer_of(target, layers) < _layer_of(module, layers)
    ]
    assert upward == []


def test_the_package_root_imports_nothing_so_any_layer_may_read_its_version():
    assert _graph()["generator"] == set()


def test_no_import_circle():
    graph = _graph()
    circles = [component for component in _components(graph) if len(component) > 1]
    assert circles == [], f"import circles: {circles}"


def _components(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components (Tarjan), iteratively."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                found.append(sorted(component))
    return found


def test_a_planted_circle_and_an_upward_import_are_found():
    """The checks above can fail: a graph with a circle has a component of two, and a content
    module importing a command sits below what it imports."""
    assert [c for c in _components({"a": {"b"}, "b": {"a"}, "c": set()}) if len(c) > 1] == [
        ["a", "b"]
    ]
    layers = _layers()
    assert _layer_of("generator.commands.check", layers) < _layer_of(
        "generator.content.load", layers
    )


def test_the_top_of_the_package_shows_its_layers():
    entries = [p.name for p in PACKAGE.iterdir() if p.name != "__pycache__"]
    assert len(entries) <= 12, sorted(entries)
    assert len((PACKAGE / "cli.py").read_text(encoding="utf-8").splitlines()) < 300
