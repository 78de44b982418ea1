"""One word for one thing (issue 44, item 5): the terms decided are in the glossary with the forms
to avoid (so `check` warns where they come back), and the Japanese printed holds none of the
words the proofs found: the seed's English fragments, the seed's typo, English names of Japanese
people and publishers, rounds for shots."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from generator.content.model.base import LocalizedText
from generator.content.model.walk import walk
from generator.core.locales import po_path

DECIDED = {
    "ground-combat-mission": ("対地攻撃任務", "対地支援"),
    "original-game": ("原作ゲーム", "元のゲーム"),
    "ada-fire": ("ADA攻撃", "防空射撃"),
    "notes-column": ("備考", "メモ"),
}
GONE = [
    "Krachen Vovel",
    "Kow Yokoyama",
    "Hobby Japan",
    "Tactics Review誌",
    "ラウンドごとに",
    "SF3D",
    "ラフ (Rough)",
    "Air unit",
    "Air Unit",
    "WP level",
    "In Command",
    "Out of command",
    "Out of Control",
    "1続き",
]


def japanese_printed(content) -> list[str]:
    """Every Japanese text the content prints (a seed's with its corrections made)."""
    models = [*content.rulesets, *(resolved.table for resolved in content.tables.values())]
    models += [
        unit for catalogue in content.catalogues.values() for unit in catalogue.units.values()
    ]
    texts = [v.ja for m in models for path, v in walk(m) if isinstance(v, LocalizedText)]
    return [text for text in texts if text]


@pytest.mark.parametrize("term_id", sorted(DECIDED))
def test_the_decided_term_is_in_the_glossary_with_the_form_to_avoid(content, term_id):
    term = next(term for term in content.glossary.terms if term.id == term_id)
    assert (term.ja, DECIDED[term_id][1] in term.ja_avoid) == (DECIDED[term_id][0], True)


def test_rough_and_broken_keep_their_two_words(content):
    words = {term.id: term.ja for term in content.glossary.terms}
    assert (words["rough"], words["broken"]) == ("険阻地", "荒地")


def test_the_japanese_printed_holds_none_of_the_words_found(content):
    with po_path("ja").open("rb") as handle:
        catalog = [message.string for message in read_po(handle, locale="ja") if message.id]
    for text in japanese_printed(content) + [s for s in catalog if isinstance(s, str)]:
        assert not [word for word in GONE if word in text], text[:80]
