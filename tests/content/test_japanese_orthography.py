"""Japanese written as a Japanese editor writes it (issue 44 §5, orthography): a pilot's rank
follows the name (Heinz Hargen伍長, not the English comma order), a count of things has its counter
(日本語ルールブック1冊, ダイス2個), a roll of the dice is not 「ロール」, and [10.2.1] keeps the air
combat's aggressor (攻勢側) and the scenario's attacker (攻撃側) apart and says which is which."""

from __future__ import annotations

import re

from generator.content.charts import unwrap
from generator.content.model.base import LocalizedText
from generator.content.model.walk import walk

RANKS = ("伍長", "軍曹", "二等兵", "曹長", "准尉", "少尉", "中尉", "大尉", "少佐", "中佐")
KATAKANA_WORDS_WITH_ROLL = ("コントロール",)


def japanese_texts(content) -> list[str]:
    """Every Japanese text of the rules, the charts and the procedures."""
    models = [*content.rulesets, *(resolved.table for resolved in content.tables.values())]
    models += list(content.procedures.values())
    return [v.ja for m in models for _, v in walk(m) if isinstance(v, LocalizedText) and v.ja]


def test_a_pilots_rank_follows_the_name_as_printed_in_latin(content):
    pilots = content.tables["mak.pilots"]
    entries = [unwrap(cell.value)[0] for cell in pilots.cells]
    assert len(entries) == 32
    for entry in entries:
        name = entry.en.rsplit(", ", 1)[0]
        assert entry.ja.startswith(name), entry.ja
        assert entry.ja.removeprefix(name) in RANKS, entry.ja
    assert "、" not in pilots.table.value_title.ja


def test_no_text_puts_a_rank_before_a_name(content):
    texts = japanese_texts(content)
    rank_first = re.compile(f"(?:{'|'.join(RANKS)})[A-Z][a-z]")
    assert [text[:60] for text in texts if rank_first.search(text)] == []
    examples = [text for text in texts if "Heinrich Giger" in text and "能力修正の合計" in text]
    assert len(examples) == 2 and all("Heinrich Giger中尉" in text for text in examples)


def test_a_count_of_game_components_has_its_counter(content):
    case = content.cases["mak.2.0"]
    items = [line[2:] for line in case.text.ja.splitlines() if line.startswith("• ")]
    assert len(items) == 15
    for item in items:
        assert re.search(r"[0-9]+(冊|枚|個)(\([^)]*\))?$", item), item


def test_no_roll_of_the_dice_is_written_as_a_loanword(content):
    found = [
        text[:60]
        for text in japanese_texts(content)
        if "ロール" in re.sub("|".join(KATAKANA_WORDS_WITH_ROLL), "", text)
    ]
    assert found == []


def test_the_aggressor_and_the_scenarios_attacker_are_two_words_told_apart(content):
    terms = {term.id: term for term in content.glossary.terms}
    assert (terms["aggressor"].ja, terms["attacker"].ja) == ("攻勢側", "攻撃側")
    assert terms["aggressor"].note is not None
    text = content.cases["mak.10.2.1"].text.ja
    assert "この空中戦の攻勢側" in text
    # The sentence that names the scenario's attacker says it is not the aggressor.
    sentence = next(s for s in text.split("。") if "シナリオが定める攻撃側" in s)
    assert "攻勢側" in sentence and "別" in sentence
