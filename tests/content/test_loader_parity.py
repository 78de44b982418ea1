"""The two YAML readers agree: libyaml's parser (fast) and PyYAML's own (pure) compose the same
nodes at the same lines and columns for every content file, every test scenario and the odd
corners of YAML; a file libyaml cannot read gets the finding the pure reader words."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from generator.content import yaml_loader as loader
from generator.content.load import DEFAULT_CONTENT

TESTS = Path(__file__).resolve().parents[1]
FILES = sorted(DEFAULT_CONTENT.rglob("*.yaml")) + sorted((TESTS / "scenarios").rglob("*.yaml"))

CORNERS = {
    "bom": "\ufeffkind: table\nid: x\n",
    "crlf": "kind: table\r\nrows:\r\n  - a\r\n  - b\r\n",
    "indentless": "rows:\n- a\n- {b: 1, c: [2, 3]}\n",
    "block scalars": "text: |\n  one\n  two\nfolded: >-\n  three\n  four\n",
    "japanese and astral": 'ja: 「機甲師団」は𠮷野家の前に\nen: "quoted \\u00e9"\n',
    "document markers": "---\nkind: rules\n...\n",
    "comments": "# head\nkind: x  # tail\n# end\n",
    "empty values": "a:\nb: ~\nc: ''\nd: []\ne: {}\n",
    "explicit tag": 'a: !!int "6"\nb: !custom x\n',
    "plain multi-line": "a: one\n  two\n  three\nb: 'single\n  quoted'\n",
    "escaped tab": 'a: "x\\ty"\n',
    "no final line break": "a: 1\nb:\n  c: [2]\n  d:\n    - e",
    "no final line break, flow": "a: {b: 1}",
    "empty in flow": "a: {en: W, ja: 勝利, tr: ja, from: }\nb: [c: ]\nd: {e: , f}\n",
    "empty in block": "a:\nb:  # note\n  c:\n",
    "no final line break, CRLF": "a: 1\r\nb: |\r\n  two",
}
BROKEN = {
    "unclosed flow": "a: [1, 2\n",
    "bad indent": "a:\n  b: 1\n c: 2\n",
    "alias": "a: &x 1\nb: *x\n",
    "tab indent": "a:\n\tb: 1\n",
    "two documents": "a: 1\n---\nb: 2\n",
    "unclosed quote": 'a: "open\n',
}


def _tree(node: yaml.Node | None) -> object:
    """A node's kind, tag, marks and value, recursively: what the builder reads of it."""
    if node is None:
        return None
    marks = (node.start_mark.line, node.start_mark.column, node.end_mark.line, node.end_mark.column)
    if isinstance(node, yaml.ScalarNode):
        value: object = node.value
    elif isinstance(node, yaml.SequenceNode):
        value = [_tree(item) for item in node.value]
    else:
        value = [(_tree(key), _tree(item)) for key, item in node.value]
    flow = bool(getattr(node, "flow_style", False))
    return type(node).__name__, node.tag, getattr(node, "explicit_tag", None), marks, flow, value


def _both(source: str) -> tuple[object, object]:
    """What parse_yaml composes (libyaml first) and what PyYAML alone composes."""
    pure = loader._GuardedLoader(source)
    try:
        return _tree(loader._compose(source)), _tree(pure.get_single_node())
    finally:
        pure.dispose()


def test_libyaml_is_there_to_read_with():
    assert loader.CParser is not object  # PyYAML's wheels carry it; without it reading is slow


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(p.parents[2]).as_posix())
def test_both_readers_compose_every_shipped_file_alike(path):
    fast, pure = _both(path.read_text(encoding="utf-8"))
    assert fast == pure


@pytest.mark.parametrize("name", CORNERS)
def test_both_readers_compose_the_corners_of_yaml_alike(name):
    fast, pure = _both(CORNERS[name])
    assert fast == pure


def test_a_tab_inside_plain_text_is_read_as_yaml_allows():
    """The one difference found: YAML allows a tab inside a plain scalar and libyaml reads it;
    PyYAML's pure scanner refuses it (as it refuses nothing else libyaml reads here)."""
    document, issues = loader.parse_yaml("b: x\ty\n", Path("x.yaml"), "x.yaml")
    assert document is not None and document.data == {"b": "x\ty"} and issues == []


@pytest.mark.parametrize("name", BROKEN)
def test_a_file_libyaml_refuses_gets_the_pure_readers_finding(name, monkeypatch):
    found = loader.parse_yaml(BROKEN[name], Path("x.yaml"), "x.yaml")
    monkeypatch.setattr(loader, "CParser", object)  # the pure reader alone
    assert found == loader.parse_yaml(BROKEN[name], Path("x.yaml"), "x.yaml")
    assert found[0] is None and found[1]
