"""Japanese written as a Japanese editor writes it (issue 44 §5, orthography): a pilot's rank
follows the name (Heinz Hargen伍長, not the English comma order), a count of things has its counter
(日本語ルールブック1冊, ダイス2個), a roll of the dice is not 「ロール」, and [10.2.1] keeps the air
combat's aggressor (攻勢側) and the scenario's attacker (攻撃側) apart and says which is which."""

from __future__ import annotations

import re

from babel.messages.pofile import read_po

from generator.content.charts import unwrap
from generator.content.model.base import LocalizedText
from generator.content.model.walk import walk
from generator.core.locales import po_path
from generator.scenario.check import check_documents
from generator.scenario.mak.explain import pilot_names

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


# What the recorded read-through of the ja editions found and fixed in the words (docs/japanese.md):
# each form, in any Japanese the content or the catalog prints, is a finding come back.
READ_THROUGH = [
    "7th Panzer Brigade",  # fpcf West German brigades: 第7装甲旅団, as the scenario card says
    '"Overrun"',  # cf [11.44]: ASCII quotes in Japanese; 機動攻撃(Mobile Attack、…「Overrun」)
    "よってMobile Attack",
    "傭兵軍 - ",  # Ma.K reference card errata: an ASCII hyphen between Japanese words
    "シュトラール軍 - ",
    "1-8が",  # a range in running Japanese is 〜
    "(a - e)",
    "(A-E)",
    "シナリオNo.",  # 「シナリオNo. 1〜10」「No.17〜21」: シナリオ1〜10, as [2.0] writes it
    "➀",  # two circled-digit sets mixed (U+2780 beside U+2460): ① only
    "➁",
    "(-)",  # no effect is — (em dash), as the results list [5.1.2] prints it
    "Sphinx . ..",  # dot leaders copied from the English, which do not align in Japanese
    "シナリオとともに提供される",  # the rank card quoted [18.2.5] in other words than the rule
]


def test_the_read_through_findings_are_gone(content):
    with po_path("ja").open("rb") as handle:
        catalog = [message.string for message in read_po(handle, locale="ja") if message.id]
    texts = japanese_texts(content) + [text for text in catalog if isinstance(text, str)]
    found = [(form, text[:50]) for text in texts for form in READ_THROUGH if form in text]
    assert found == []


def test_a_pilot_the_scenario_creates_is_named_as_the_chart_names_one(content):
    document = next(d for d in content.scenarios if d.path.name == "quarry-road.yaml")
    _, checked = check_documents(content, [document])
    names = pilot_names(checked[0][1], content, "mercenary")
    assert names[17] == ("Mika Sorensen, Sergeant", "Mika Sorensen軍曹")
