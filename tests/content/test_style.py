"""One consistent Japanese and English: each class of slip the issue found is caught by a check,
and the content as shipped has none of them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from babel.messages.catalog import Message
from babel.messages.pofile import read_po

from generator.content.checks.glossary import renderings_of, term_pattern
from generator.content.checks.style import english_words, japanese_style
from generator.content.load import DEFAULT_CONTENT
from generator.core.locales import po_path

SOURCES_CF = """\
kind: sources
seeds:
  - {id: "001", file: 001_ad280b7930f0b777.txt, title: {en: Seed, ja: シード, tr: none}}
systems:
  - {id: cf, seed: "001", title: {en: Test, ja: テスト, tr: none}}
"""
GLOSSARY = """\
kind: glossary
terms:
  - {id: motorized-rifle, en: motorized rifle, ja: 機械化ライフル, ja_forms: [機械化], systems: [cf]}
"""


def _rules(en: str, ja: str, tr: str) -> str:
    return f"""\
kind: rules
system: cf
source: {{seed: "001"}}
cases:
  - id: cf.15.5
    text: {{en: "{en}", ja: "{ja}", tr: {tr}}}
    source: {{seed: "001"}}
"""


def _warnings(run, make_content, rules: str) -> list[str]:
    root = make_content({"glossary.yaml": GLOSSARY, "r.yaml": rules}, sources=SOURCES_CF)
    result = run("--content", str(root), "stamp")
    assert result.code == 0, result.err
    result = run("--content", str(root), "check")
    return [line for line in result.err.splitlines() if "warning[" in line]


def test_a_source_term_rendered_another_way_is_caught(run, make_content):
    # cf.15.5 said "mechanized" for the 機械化 units that [15.52] calls motorized rifle.
    found = _warnings(
        run, make_content, _rules("For mechanized units.", "機械化のユニット。", "en")
    )
    assert any(
        "warning[glossary-term-en]" in line and "'motorized rifle'" in line for line in found
    )
    fixed = _warnings(
        run, make_content, _rules("For motorized rifle units.", "機械化のユニット。", "en")
    )
    assert fixed == []


def test_a_glossary_term_is_checked_in_translations_not_in_text_copied_from_a_seed(
    run, make_content
):
    rules = _rules("For motorized rifle units.", "自動車化狙撃のユニット。", "ja")
    found = _warnings(run, make_content, rules)
    assert any("warning[glossary-term]" in line and "'機械化ライフル'" in line for line in found)
    rules = _rules("For motorized rifle units.", "自動車化狙撃のユニット。", "none")
    assert _warnings(run, make_content, rules) == []


def test_english_left_inside_this_projects_japanese_is_caught(run, make_content):
    # fpcf.air-drop-modifiers printed "broken 地形" and "wooded ヘクス".
    found = _warnings(run, make_content, _rules("On broken terrain.", "broken 地形で。", "ja"))
    assert any("warning[english-in-japanese]" in line and "'broken'" in line for line in found)
    quoted = _warnings(run, make_content, _rules("On broken terrain.", "「broken」地形で。", "ja"))
    assert quoted == []


def test_full_width_brackets_and_digits_in_this_projects_text_are_caught(run, make_content):
    found = _warnings(run, make_content, _rules("A (B) 1.", "A（B）１。", "ja"))
    assert sum("warning[text-full-width]" in line for line in found) == 3
    assert _warnings(run, make_content, _rules("A (B) 1.", "A(B)1。", "ja")) == []


def test_seed_text_stays_as_printed(run, make_content):
    # tr: none: both languages are the seed's, full-width or English words and all.
    assert _warnings(run, make_content, _rules("A (B).", "broken（B）。", "none")) == []


@pytest.mark.parametrize(
    ("japanese", "words"),
    [
        ("broken 地形", ["broken"]),
        ("NeuSpotterとAFSとSph69-p", []),
        ("Schmitt von Siegfried、中尉", []),
        ("「Early printings of may have」と印刷", []),
        ("空中機動(Air Mobile)ユニット", []),
        ("手順 mak.artillery-deviation で", []),
        ("D. house と印刷", []),
        ("the unit と the die", ["the", "unit", "die"]),
    ],
)
def test_which_english_words_count_as_left_in_japanese(japanese, words):
    assert english_words(japanese, ["D. house"]) == words


def test_the_shipped_content_has_no_style_or_glossary_warnings(content):
    codes = {
        "glossary-term",
        "glossary-term-en",
        "english-in-japanese",
        "text-full-width",
        *JAPANESE_STYLE,
    }
    assert [issue.render() for issue in content.warnings if issue.code in codes] == []


JAPANESE_STYLE = ("japanese-punctuation", "japanese-space", "turn-number-form")


@pytest.mark.parametrize(
    ("japanese", "found"),
    [
        # A comma or period after Japanese, also past a closing bracket, a reference or an aside.
        (
            "脱出(オプションルール), 地雷, 陣地, 砲兵",
            [
                ("japanese-punctuation", "脱出(オプションルール),"),
                ("japanese-punctuation", "地雷,"),
                ("japanese-punctuation", "陣地,"),
            ],
        ),
        ("落ちたAMUは得点になる [16.2.2].", [("japanese-punctuation", "は得点になる [16.2.2].")]),
        ("地雷，陣地．", [("japanese-punctuation", "地雷，"), ("japanese-punctuation", "陣地．")]),
        ("「隊列」 .", [("japanese-punctuation", "隊列」 .")]),
        # A space after 。 or 、.
        ("1ターンに2発まで。 1発ごと", [("japanese-space", "ンに2発まで。 1")]),
        ("地雷、\u3000陣地", [("japanese-space", "地雷、\u3000陣")]),
        # A turn number written another way than 第Nターン.
        ("ターン 1", [("turn-number-form", "ターン 1")]),
        ("ターン1に登場", [("turn-number-form", "ターン1")]),
        ("ゲームターン 3", [("turn-number-form", "ゲームターン 3")]),
    ],
)
def test_japanese_style_finds_each_slip(japanese, found):
    assert japanese_style(japanese) == found


@pytest.mark.parametrize(
    "text",
    [
        "No. 17",
        "O.G.P.",
        "作戦目標ポイント(O.G.P.)を数える。",
        "2.5",
        "Sph69-p",
        "手順 mak.pilot-vp を使う。",
        "NeuSpotter, AFS and Sph69-p. Each in turn.",
        "地雷、陣地、砲兵。",
        "日本語の文。\n次の段落。",
        "1ターンに2発",
        "毎ターン2発まで",
        "各ターン1回",
        "8ターン",
        "GT1",
        "第1ターン",
        "第3ゲームターンの終了時",
        "ターン記録表",
    ],
)
def test_japanese_style_passes_what_reads_as_japanese(text):
    assert japanese_style(text) == []


@pytest.mark.parametrize(
    ("japanese", "code"),
    [
        ("地雷, 陣地。", "japanese-punctuation"),
        ("2発まで。 1発ごと。", "japanese-space"),
        ("ターン 1に登場する。", "turn-number-form"),
    ],
)
def test_the_japanese_rules_apply_to_this_projects_japanese_only(run, make_content, japanese, code):
    found = _warnings(run, make_content, _rules("Mines, positions.", japanese, "ja"))
    assert [line for line in found if f"warning[{code}]" in line], found
    # tr: none: the seed's Japanese stays as printed.
    assert _warnings(run, make_content, _rules("Mines, positions.", japanese, "none")) == []


def _system(context: str | None) -> str | None:
    """The system a catalog message belongs to, from its code (`mak-…`, `fpcf-…`), if any."""
    prefix = (context or "").split("-")[0]
    return prefix if prefix in ("cf", "fpcf", "mak") else None


# Catalog messages where a glossary term's English word has another sense than the term's.
NOT_THE_TERM = {
    ("damage", "playaid's note on a reading it chose where the seed is damaged or ambiguous"),
    ("type-ii", "Type and the artillery type, such as Type II"),  # the code as a file writes it
    ("target", "--draft prints proofs and writes no site"),  # a build's targets
    ("target", "nothing to build for"),
    ("procedure", "{procedure} prints the reading"),  # an entry of a procedures file
}


def test_the_catalogs_japanese_reads_as_japanese_and_follows_the_glossary(content):
    with po_path("ja").open("rb") as handle:
        catalog = read_po(handle, locale="ja")
    assert content.glossary is not None
    terms = [(term, term_pattern(term)) for term in content.glossary.terms if not term.common]
    found = []
    for entry in catalog:
        if not entry.id or not entry.string:
            continue
        for message in _forms(entry):  # a counting message: its plural and each Japanese form
            found += _catalog_slips(message, terms)
    assert found == []


def _forms(message: Message) -> list[Message]:
    """A catalog entry as one message a form: a counting one's plural with each of its forms."""
    if not isinstance(message.id, tuple):
        return [message]
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return [Message(message.id[-1], form, context=message.context) for form in strings]


def _catalog_slips(message: Message, terms: list) -> list[tuple]:
    """The style slips and glossary misses of one catalog message."""
    found = [(message.context, message.id, *slip) for slip in japanese_style(message.string)]
    english = re.sub(r"\{\w+\}", " ", message.id)
    japanese = re.sub(r"\{\w+\}", " ", message.string)
    system = _system(message.context)
    for term, pattern in terms:
        if system and term.systems and system not in term.systems:
            continue
        if any(term.id == t and message.id.startswith(m) for t, m in NOT_THE_TERM):
            continue
        renderings = renderings_of(term)
        if pattern.search(english) and not any(ja in japanese for ja in renderings):
            found.append((message.context, message.id, "glossary-term", term.ja))
    return found


def test_the_shipped_scenarios_japanese_reads_as_japanese():
    def texts(node: object) -> list[str]:
        if isinstance(node, dict):
            own = [node["ja"]] if node.get("tr") == "ja" and isinstance(node.get("ja"), str) else []
            return own + [text for value in node.values() for text in texts(value)]
        if isinstance(node, list):
            return [text for value in node for text in texts(value)]
        return []

    found = []
    for path in sorted(Path(DEFAULT_CONTENT, "scenarios").rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        found += [(path.name, *slip) for text in texts(data) for slip in japanese_style(text)]
    assert found == []
