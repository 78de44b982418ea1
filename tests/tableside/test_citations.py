"""What `lookup`, `rule` and `calc` print as a source is the publication a player holds, as the
cards cite it (the seed's title, then the section; an erratum's title and date; what the player
supplied), never the editor's seed id and text-file lines; their JSON keeps the editor's form
(issue 44)."""

from __future__ import annotations

import json
import re

import pytest

# An editor's citation in either language: a seed id, or a text file's line numbers.
EDITORS = re.compile(r"シード|\bseed\b|\d+ 行|\blines? \d", re.IGNORECASE)
TITLES = {
    "000": {
        "en": "Flashpoint: Central Front — conversion charts and notes (Dan Stueber)",
        "ja": "Flashpoint: Central Front — 変換表とノート(Dan Stueber)",
    },
    "002": {
        "en": "Maschinen Krieger S.F.3.D II: Operation Faserei rules, English edition v1.2",
        "ja": "Maschinen Krieger S.F.3.D II: Operation Faserei ルール 英語版 v1.2",
    },
}
LABEL = {"en": "source: ", "ja": "出典: "}
ASKED = [
    (("lookup", "fpcf.air-drop", "die=3"), "000", "Air Drop Table"),
    (("lookup", "fpcf.air-drop"), "000", "Air Drop Table"),
    (("rule", "mak.9.3.2"), "002", "9.3 Continuing Close Quarters Combat"),
    (("rule", "fpcf.air-strike-availability"), "000", None),
]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("argv", "seed", "section"), ASKED)
def test_a_players_answer_cites_the_publication(run, argv, seed, section, lang):
    result = run(*argv, "--lang", lang)
    assert result.code == 0, result.err
    sources = [line.strip() for line in result.out.splitlines() if LABEL[lang] in line]
    assert sources, result.out
    title = TITLES[seed][lang]
    for line in sources:
        assert line.startswith(LABEL[lang] + title), line
        assert not EDITORS.search(line), line
        if section:
            assert line == f"{LABEL[lang]}{title} — {section}"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_calc_prints_no_editors_citation_and_its_words_in_the_language(run, lang):
    result = run("calc", "fpcf.air-drop", "die=8", "wooded=yes", "ada-fire=yes", "--lang", lang)
    assert result.code == 0, result.err
    assert not EDITORS.search(result.out), result.out
    words = {"en": ("Reading (?): ", "rules: "), "ja": ("解釈 (?): ", "ルール: ")}[lang]
    lines = result.out.splitlines()
    assert lines[-2].startswith(words[0]) and lines[-1].startswith(words[1]), result.out


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_json_keeps_the_editors_source(run, lang):
    result = run("lookup", "fpcf.air-drop", "die=3", "--json", "--lang", lang)
    shown = {
        "en": "seed 000, Air Drop Table, lines 96-97",
        "ja": "シード 000, Air Drop Table, 96-97 行",
    }
    assert json.loads(result.out)["source"] == shown[lang]
    case = json.loads(run("rule", "mak.9.3.2", "--json", "--lang", lang).out)
    assert (
        case["source"]
        == {
            "en": "seed 002, 9.3 Continuing Close Quarters Combat, line 564",
            "ja": "シード 002, 9.3 Continuing Close Quarters Combat, 564 行",
        }[lang]
    )


def test_an_erratum_and_a_players_source_are_cited_as_the_cards_cite_them():
    from generator.tableside.plain import Citation, Text

    title = Text("Flashpoint", "フラッシュポイント", "none")
    erratum = ("Tactics 2025-03", "戦術 2025-03", "2025-03-01")
    fixed = Citation("000", "Air Drop Table", "1-2", None, erratum, title)
    assert fixed.cite("en") == "erratum Tactics 2025-03, 2025-03-01 — Air Drop Table"
    assert fixed.cite("ja") == "エラッタ 戦術 2025-03, 2025-03-01 — Air Drop Table"
    supplied = Citation(None, None, None, "my copy of the BAOR map")
    assert supplied.cite("en") == "supplied by the player: my copy of the BAOR map"
    assert supplied.cite("ja") == "プレイヤー提供: my copy of the BAOR map"
    assert Citation("000", None, "3", seed_title=title).cite("ja") == "フラッシュポイント"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_unprinted_chart_names_the_publication_that_names_it(run, lang):
    result = run("lookup", "mak.armor-endurance", "endurance=b", "die=3", "--lang", lang)
    assert result.code == 1
    assert f"{TITLES['002'][lang]} — 5.1.1 step 4, 5.1.2" in result.err
    assert not EDITORS.search(result.err), result.err
