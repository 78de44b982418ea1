"""What a process has read already (generator.content.memo): a file is read again when its text
changes, never served as a copy the loader has marked, and a document's findings are found
again when the document, the glossary or the units' names change."""

from __future__ import annotations

from pathlib import Path

from conftest import MINIMAL_SOURCES, one_case_rules

from generator.content import memo

GLOSSARY = """\
kind: glossary
terms:
  - {id: warsaw-pact, en: Warsaw Pact, ja: ワルシャワ軍, ja_avoid: [ワルシャワ条約機構], systems: [fpcf], ja_by: seed}
"""


def test_a_file_whose_text_changed_is_read_again(tmp_path: Path):
    path = tmp_path / "a.yaml"
    path.write_text("kind: enums\nsides: [red]\n", encoding="utf-8")
    first, _ = memo.read_document(path, "a.yaml")
    path.write_text("kind: enums\nsides: [tan]\n", encoding="utf-8")  # the same size
    second, _ = memo.read_document(path, "a.yaml")
    assert (first.data["sides"], second.data["sides"]) == (["red"], ["tan"])
    assert first.digest != second.digest


def test_a_document_read_before_comes_back_as_it_was_read(tmp_path: Path):
    path = tmp_path / "a.yaml"
    path.write_text("kind: enums\nsides: [red]\n", encoding="utf-8")
    first, _ = memo.read_document(path, "a.yaml")
    first.data["sides"].append("blue")
    first.overlay = True
    again, _ = memo.read_document(path, "a.yaml")
    assert again is not first
    assert (again.data["sides"], again.overlay, again.digest) == (["red"], False, first.digest)


def test_a_documents_findings_are_found_once_for_one_text_and_context(tmp_path: Path):
    path = tmp_path / "a.yaml"
    path.write_text("kind: enums\nsides: [red]\n", encoding="utf-8")
    document, _ = memo.read_document(path, "a.yaml")
    calls = []

    def find() -> list:
        calls.append(1)
        return []

    for context in ("glossary 1", "glossary 1", "glossary 2", "glossary 2"):
        memo.findings(document, context, find)
    document.overlay = True  # the same text, read as an overlay's
    memo.findings(document, "glossary 2", find)
    assert len(calls) == 3


def test_check_in_one_process_sees_an_edited_glossary_and_text(run, make_content):
    """A `build --watch` or a test suite loads in one process: each edit is seen."""
    rules = one_case_rules("The Warsaw Pact moves.", "ワルシャワ条約機構軍が動く。", "ja")
    root = make_content({"glossary.yaml": GLOSSARY, "r.yaml": rules}, sources=MINIMAL_SOURCES)

    def avoided() -> int:
        assert run("--content", str(root), "stamp").code == 0
        result = run("--content", str(root), "check")
        assert result.code == 0, result.err
        return result.err.count("warning[glossary-avoid]")

    assert avoided() == 1
    (root / "glossary.yaml").write_text(GLOSSARY.replace("ワルシャワ条約機構", "条約機構軍"))
    assert avoided() == 1  # 条約機構軍 is in ワルシャワ条約機構軍 too
    (root / "glossary.yaml").write_text(GLOSSARY.replace("ワルシャワ条約機構", "東側"))
    assert avoided() == 0
    (root / "r.yaml").write_text(rules.replace("ワルシャワ条約機構軍", "東側軍"), encoding="utf-8")
    assert avoided() == 1


def test_a_text_read_once_is_not_kept(tmp_path: Path):
    """A process that loads the content once (a build, a cold check) pays no pickling: a text is
    kept from its second reading on."""
    path = tmp_path / "a.yaml"
    path.write_text("kind: enums\nsides: [once]\n", encoding="utf-8")
    before = memo._PARSED_BYTES[0]
    memo.read_document(path, "a.yaml")
    assert memo._PARSED_BYTES[0] == before
    memo.read_document(path, "a.yaml")
    assert memo._PARSED_BYTES[0] > before
