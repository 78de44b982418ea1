"""One word for one thing (issue 28): `check` warns where Japanese that playaid writes uses a form
the glossary says to avoid, or an abbreviation in running text, in each kind of source (content
texts, the UI catalog, scenario files, the sample scenarios); the shipped ones are clean; and the
glossary itself is consistent."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from conftest import MINIMAL_SOURCES, one_case_rules

from generator.content.checks.avoid import avoided_forms, terms_for
from generator.content.checks.catalog_words import catalog_avoid_issues, message_system
from generator.content.load import DEFAULT_CONTENT
from generator.content.model.glossary import Glossary, Term
from generator.core.japanese import JAPANESE_RUN
from generator.core.locales import po_path
from generator.scenario.check import check_documents
from generator.scenario.starter import starter

AVOID_CODES = {"glossary-avoid", "glossary-avoid-original", "glossary-abbreviation"}
HOF_GAP = DEFAULT_CONTENT / "scenarios" / "fpcf" / "hof-gap-dawn.yaml"

GLOSSARY = """\
kind: glossary
terms:
  - {id: warsaw-pact, en: Warsaw Pact, ja: ワルシャワ軍, ja_abbr: WP, ja_avoid: [ワルシャワ条約機構], systems: [fpcf], ja_by: seed}
"""


def _rules(ja: str, tr: str) -> str:
    return one_case_rules("The Warsaw Pact moves.", ja, tr)


def _warnings(run, make_content, rules: str) -> list[str]:
    root = make_content({"glossary.yaml": GLOSSARY, "r.yaml": rules}, sources=MINIMAL_SOURCES)
    assert run("--content", str(root), "stamp").code == 0
    result = run("--content", str(root), "check")
    assert result.code == 0, result.err
    return [
        line
        for line in result.err.splitlines()
        if any(f"warning[{code}]" in line for code in AVOID_CODES) and "content/" in line
    ]


def test_a_form_to_avoid_in_a_content_translation_is_caught(run, make_content):
    found = _warnings(run, make_content, _rules("ワルシャワ条約機構軍が動く。", "ja"))
    assert found == [
        "content/r.yaml:7:46: warning[glossary-avoid]: fpcf.x text.ja: the Japanese writes"
        " 'ワルシャワ条約機構', a form to avoid: the glossary fixes 'ワルシャワ軍' for 'Warsaw Pact'"
    ]
    assert _warnings(run, make_content, _rules("ワルシャワ軍が動く。", "ja")) == []


def test_a_form_to_avoid_in_a_seeds_japanese_asks_for_a_correction(run, make_content):
    """A seed's own Japanese prints with one word for one thing too: a form to avoid left in it
    is a warning that names the correction to record (its own abbreviations stay its own)."""
    found = _warnings(run, make_content, _rules("ワルシャワ条約機構軍が動く。", "none"))
    assert len(found) == 1 and "warning[glossary-avoid-original]" in found[0], found
    assert "record a correction" in found[0]
    assert _warnings(run, make_content, _rules("WPが動く。", "none")) == []
    corrected = _rules("ワルシャワ軍が動く。", "none").replace(
        "tr: none}}",
        "tr: none, corrections: [{lang: ja, seed: ワルシャワ条約機構軍, printed: ワルシャワ軍, reason: one-word}]}",
    )
    reasons = """\
kind: corrections
reasons:
  - {id: one-word, text: {en: One word., ja: 一語。, tr: none}}
"""
    root = make_content(
        {"glossary.yaml": GLOSSARY, "r.yaml": corrected, "corrections.yaml": reasons}
    )
    result = run("--content", str(root), "check")
    assert result.code == 0 and "glossary-avoid" not in result.err, result.err


def test_an_abbreviation_is_caught_in_running_text_only(run, make_content):
    found = _warnings(run, make_content, _rules("WPが動く。", "ja"))
    assert len(found) == 1 and "warning[glossary-abbreviation]" in found[0], found
    assert "'WP'" in found[0] and "'ワルシャワ軍'" in found[0]
    assert _warnings(run, make_content, _rules("WPの移動", "ja")) == []  # a label
    assert _warnings(run, make_content, _rules("ワルシャワ軍(WP)が動く。", "ja")) == []  # a gloss


def _catalog(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "messages.po"
    head = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
    path.write_text(head + body, encoding="utf-8")
    return path


def test_a_form_to_avoid_in_a_catalog_msgstr_is_caught_at_its_line(run, make_content, monkeypatch):
    root = make_content({"glossary.yaml": GLOSSARY}, sources=MINIMAL_SOURCES)
    path = _catalog(
        root.parent,
        'msgctxt "fpcf-side"\nmsgid "the Warsaw Pact"\nmsgstr ""\n"両軍のうち、"\n'
        '"ワルシャワ条約機構軍が動く"\n\nmsgid "WP"\nmsgstr "WP"\n\n'
        'msgctxt "mak-x"\nmsgid "x"\nmsgstr "ワルシャワ条約機構"\n',
    )
    monkeypatch.setattr("generator.content.checks.catalog_words.po_path", lambda lang: path)
    result = run("--content", str(root), "check")
    found = [line for line in result.err.splitlines() if "messages.po" in line]
    assert found == [
        "messages.po:9:2: warning[glossary-avoid]: msgstr (msgctxt fpcf-side): the Japanese"
        " writes 'ワルシャワ条約機構', a form to avoid: the glossary fixes 'ワルシャワ軍' for"
        " 'Warsaw Pact'"
    ]  # the label "WP" may abbreviate; a Ma.K message is not checked against a fpcf term
    glossary = Glossary.model_validate(
        {"kind": "glossary", "terms": [_term(ja_avoid=["ワルシャワ条約機構"], ja_abbr="WP")]}
    )
    (issue,) = catalog_avoid_issues(glossary, path)
    assert issue.message_ja.startswith("日本語が「ワルシャワ条約機構」")


def _term(**fields: object) -> dict[str, object]:
    return {
        "id": "warsaw-pact",
        "en": "Warsaw Pact",
        "ja": "ワルシャワ軍",
        "systems": ["fpcf"],
        **fields,
    }


def test_a_form_to_avoid_in_a_scenario_file_is_caught(run, tmp_path):
    path = tmp_path / "hof.yaml"
    text = HOF_GAP.read_text(encoding="utf-8")
    path.write_text(text.replace("第39親衛機械化ライフル師団", "第39親衛自動車化狙撃師団"), "utf-8")
    result = run("check", str(path))
    found = [line for line in result.err.splitlines() if "warning[glossary-avoid]" in line]
    assert len(found) == 1, result.err
    assert re.match(
        r".*hof\.yaml:\d+:\d+: warning\[glossary-avoid\]: formations\[2\]\.name\.ja:", found[0]
    )
    assert "'自動車化狙撃'" in found[0] and "'機械化ライフル'" in found[0]


def test_a_form_to_avoid_in_a_sample_scenario_is_caught_by_plain_check(run, tmp_path):
    root = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, root)
    sample = root / "scenarios" / "mak" / "falke-screen.yaml"
    text = sample.read_text(encoding="utf-8")
    sample.write_text(text.replace("ja: Falkeの警戒幕", "ja: ファルケの警戒幕"), encoding="utf-8")
    result = run("--content", str(root), "check")
    found = [line for line in result.err.splitlines() if "warning[glossary-avoid]" in line]
    assert len(found) == 1, result.err
    assert "falke-screen.yaml:6:" in found[0] and "title.ja" in found[0]
    assert "'ファルケ'" in found[0]


@pytest.mark.parametrize(
    ("text", "forms"),
    [
        ("ワルシャワ条約機構軍が動く。", ["ワルシャワ条約機構"]),
        ("「ワルシャワ条約機構軍」と書く。", []),  # quoted: named, not used
        ("ワルシャワ軍(ワルシャワ条約機構)が動く。", []),  # a gloss after the fixed term
        ("ワルシャワ軍(ワルシャワ条約機構が動くかどうか)。", ["ワルシャワ条約機構"]),  # a clause
        ("WPが動く。", ["WP"]),
        ("WP レベル3", []),  # a label
        ("wp-3 から始まる。", []),  # a key, not the abbreviation
        ("{wp}が動く。mak.wp-x を見る。", []),  # a placeholder and an id
        ("ラフ (WP) が動く。", []),  # an aside all in Latin letters gives the original's words
    ],
)
def test_what_counts_as_using_a_form(text, forms):
    term = Term.model_validate(_term(ja_avoid=["ワルシャワ条約機構"], ja_abbr="WP"))
    assert [found.form for found in avoided_forms(text, [term])] == forms


def test_a_form_inside_a_fixed_rendering_or_a_longer_form_is_not_reported_again():
    hex_term = Term.model_validate(
        {"id": "hex", "en": "Hex", "ja": "ヘクス", "ja_avoid": ["へクス"]}
    )
    entry = Term.model_validate(
        {
            "id": "entry-hex",
            "en": "Entry Hex",
            "ja": "エントリーヘクス",
            "ja_avoid": ["エントリーへクス"],
        }
    )
    side = Term.model_validate({"id": "side", "en": "Side", "ja": "陣営", "ja_avoid": ["サイド"]})
    hexside = Term.model_validate({"id": "hexside", "en": "Hexside", "ja": "ヘクスサイド"})
    found = avoided_forms("エントリーへクスとヘクスサイド。", [hex_term, entry, side, hexside])
    assert [one.form for one in found] == ["エントリーへクス"]


def test_one_systems_spelling_is_not_a_form_to_avoid_where_every_system_applies():
    cf = Term.model_validate(
        {
            "id": "phase",
            "en": "Phase",
            "ja": "フェーズ",
            "ja_avoid": ["フェイズ"],
            "systems": ["cf"],
        }
    )
    mak = Term.model_validate(
        {
            "id": "phase-mak",
            "en": "Phase",
            "ja": "フェイズ",
            "ja_avoid": ["フェーズ"],
            "systems": ["mak"],
        }
    )
    assert avoided_forms("移動フェーズ。", [cf, mak]) == []
    assert [one.form for one in avoided_forms("移動フェーズ。", [mak])] == ["フェーズ"]
    assert message_system("generated-mak-conditions") == "mak"
    assert message_system("fpcf-hq-distance") == "fpcf"
    assert message_system("word:side-wp") is None


# The shipped sources are clean.


def test_the_shipped_content_uses_no_form_to_avoid(content):
    found = [issue.render() for issue in content.warnings if issue.code in AVOID_CODES]
    assert found == []


def test_the_shipped_catalog_uses_no_form_to_avoid(content):
    assert content.glossary is not None
    assert [issue.render() for issue in catalog_avoid_issues(content.glossary)] == []
    assert po_path("ja").is_file()


def test_the_sample_scenarios_use_no_form_to_avoid(content):
    findings, checked = check_documents(content, content.scenarios)
    assert len(checked) == len(list((DEFAULT_CONTENT / "scenarios").rglob("*.yaml")))
    assert [issue.render() for issue in findings if issue.code in AVOID_CODES] == []


@pytest.mark.parametrize("system", ["mak", "fpcf"])
def test_the_starter_files_japanese_uses_no_form_to_avoid(content, system):
    terms = terms_for(content.glossary, system)
    # The Japanese comment lines, and the Japanese half of a line `English / 日本語`.
    lines = [
        line.rpartition(" / ")[2]
        for line in starter(system, "x.json").splitlines()
        if JAPANESE_RUN.search(line)
    ]
    found = [(line, one.form) for line in lines for one in avoided_forms(line, terms)]
    assert found == []


# The glossary is consistent.


def test_every_central_front_term_says_whose_japanese_it_is(content):
    unmarked = [
        term.id
        for term in content.glossary.terms
        if term.ja_by is None and (not term.systems or {"cf", "fpcf"} & set(term.systems))
    ]
    assert unmarked == []


def test_no_term_avoids_what_another_term_of_its_system_fixes(content):
    clashes = []
    for system in ("cf", "fpcf", "mak"):
        terms = terms_for(content.glossary, system)
        fixed = {form: term.id for term in terms for form in (term.ja, *term.ja_forms)}
        for term in terms:
            avoided = [*term.ja_avoid, *([term.ja_abbr] if term.ja_abbr else [])]
            clashes += [(system, term.id, form, fixed[form]) for form in avoided if form in fixed]
    assert clashes == []


def test_the_issues_named_cases_are_in_the_glossary(content):
    terms = {term.id: term for term in content.glossary.terms}
    assert "自動車化狙撃" in terms["motorized-rifle"].ja_avoid
    assert "fpcf" in terms["motorized-rifle"].systems
    assert terms["warsaw-pact"].ja == "ワルシャワ軍"
    assert "ワルシャワ条約機構" in terms["warsaw-pact"].ja_avoid
    assert terms["set-up"].ja == "配置" and "セットアップ" in terms["set-up"].ja_avoid
    assert terms["victory-points"].ja_abbr == "VP"
    assert terms["operational-goal-points"].ja_abbr == "O.G.P."
    assert terms["truck"].ja == "トラック" and "Truck" in terms["truck"].ja_avoid
    assert terms["falke"].ja == "Falke" and "ファルケ" in terms["falke"].ja_avoid
    assert terms["air-superiority"].ja_by == "playaid"
    # 000 (fpcf) prints it too, not Ma.K alone; Central Front's rules never say it.
    assert terms["morale"].ja_by == "playaid" and set(terms["morale"].systems) == {"fpcf", "mak"}


def test_the_generators_side_names_come_from_the_catalog():
    from generator.core.messages import text
    from generator.scenario.fpcf import generate  # noqa: F401  (registers what it raises with)

    en, ja = text("generate-no-nation", side="word:side-wp", group="north")
    assert "Warsaw Pact nation" in en and "ワルシャワ軍の国" in ja
