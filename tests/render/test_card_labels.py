"""A chart's labels and column heads in the Japanese edition are set as the English edition sets
its own: bold, at the same size. Before issue 44's fix the ja edition kept the style a bilingual
label gives its Japanese line under the English (regular, 92 %); the bilingual edition keeps it.
Read from the PDFs: each character of a header cell (TH), with its font and size."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from japanese_measure import IS_JAPANESE

from generator.cli import main

DOCUMENTS = {  # a card, and a record sheet whose heads are a table's too
    "fpcf.reaction": "fpcf/{lang}/fpcf.reaction.card.a5.pdf",
    "mak.artillery-request-sheet": "mak/{lang}/mak.artillery-request-sheet.a4.pdf",
}


@pytest.fixture(scope="module")
def heads(tmp_path_factory) -> dict[tuple[str, str], list[dict]]:
    """The characters of every header cell, by (document id, edition)."""
    out = tmp_path_factory.mktemp("labels")
    assert main(["build", *DOCUMENTS, "--no-site", "-j", "1", "--out", str(out)]) == 0
    found = {}
    for document, pattern in DOCUMENTS.items():
        for lang in ("en", "ja", "both"):
            found[document, lang] = _head_chars(out / pattern.format(lang=lang))
    return found


def _head_chars(path: Path) -> list[dict]:
    """The characters of a PDF's header cells, those of the language spans inside them too."""
    chars = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            marked: set[int] = set()
            for node in page.structure_tree:
                _head_mcids(node, False, marked)
            chars += [char for char in page.chars if char.get("mcid") in marked]
    return [char for char in chars if char["text"].strip()]


def _head_mcids(node: dict, inside: bool, marked: set[int]) -> None:
    """Collect the marked-content ids of every TH element and of its descendants."""
    inside = inside or node.get("type") == "TH"
    if inside:
        marked.update(node.get("mcids") or ())
    for child in node.get("children", ()):
        _head_mcids(child, inside, marked)


def _bold(char: dict) -> bool:
    return char["fontname"].endswith("-Bold")


@pytest.mark.parametrize("document", DOCUMENTS)
def test_the_japanese_editions_heads_are_bold_at_the_english_editions_size(heads, document):
    english, japanese = heads[document, "en"], heads[document, "ja"]
    assert english and all(_bold(char) for char in english if char["text"] != "*")
    sizes = {round(char["size"], 2) for char in english}
    assert len(sizes) == 1
    assert len(japanese) > 20
    regular = [char["text"] for char in japanese if not _bold(char)]
    assert not regular, "".join(regular)
    assert {round(char["size"], 2) for char in japanese} == sizes


@pytest.mark.parametrize("document", DOCUMENTS)
def test_a_bilingual_heads_japanese_stays_under_its_english_in_regular(heads, document):
    chars = heads[document, "both"]
    japanese = [char for char in chars if IS_JAPANESE.match(char["text"])]
    latin = [char for char in chars if char["text"].isascii() and char["text"].isalpha()]
    assert japanese and any(_bold(char) for char in latin)  # the English line
    assert not any(_bold(char) for char in japanese)
    english = {round(char["size"], 2) for char in heads[document, "en"]}
    assert max(char["size"] for char in japanese) <= max(english) + 0.01
