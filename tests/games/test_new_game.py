"""A new game from content alone (issue 32, item 6): tests/games/tg, a game invented for the
tests with its own seed in seeds/, passes check, lookup, rule, rules, a default build (cards,
booklet, site), site and review, with no code of its own."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.cli import main
from generator.content.load import load_content
from generator.render.booklets import anchor, linked_text

GAME = Path(__file__).resolve().parent / "tg"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict]]:
    """One default build of the game (no targets: every document and the site), shared."""
    out = tmp_path_factory.mktemp("tg-build")
    assert main(["build", "--content", str(GAME), "--out", str(out), "-j", "2"]) == 0
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    return out, manifest["documents"]


def copy_of_game(tmp_path: Path) -> Path:
    """A copy of the game to change."""
    return Path(shutil.copytree(GAME, tmp_path / "tg"))


def edit(path: Path, old: str, new: str) -> None:
    """Replace one passage of a file of the copy."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def rewrite_case_83(run, game: Path, old: str, new: str) -> None:
    """Change the English (the source) of tg.8.3 and stamp its translation afresh."""
    edit(game / "rules.yaml", old, new)
    edit(game / "rules.yaml", '      from: "bb2333f9"\n', "")
    assert run("stamp", "--content", str(game)).code == 0


def test_check_finds_nothing(run):
    result = run("check", "--content", str(GAME))
    assert result.code == 0, result.err
    assert "ok: 4 files, 2 tables, 6 rule cases, 0 scenarios — no problems" in result.out


def test_lookup_answers_a_cell_of_the_combat_results_table(run):
    result = run("lookup", "tg.crt", "die=3", "odds=2-1", "--content", str(GAME))
    assert result.code == 0, result.err
    assert "Combat Results Table (tg.crt): d6 3 · 2-1\n  → DR\n" in result.out
    # A player's copy cites the game's own rulebook and section, not its seed's lines (issue 44)
    assert "source: Tidal Gate, rules of play (a test game) — COMBAT RESULTS TABLE" in result.out
    result = run("lookup", "tg.terrain", "terrain=swamp", "--content", str(GAME), "--lang", "ja")
    assert "湿地" in result.out and "-2" in result.out


def test_rule_prints_the_case_and_the_reference_it_prints(run):
    result = run("rule", "tg.8.3", "--content", str(GAME))
    assert result.code == 0, result.err
    assert result.out.startswith("[8.3]  (tg.8.3)\n")
    assert "as combat [8.1] allows" in result.out
    assert "see also: tg.8.1" in result.out
    japanese = run("rule", "tg.8.3", "--content", str(GAME), "--lang", "ja").out
    assert "戦闘[8.1]が認めるとおり" in japanese and "参照: tg.8.1" in japanese


def test_rules_lists_the_games_cases(run):
    result = run("rules", "tg", "--content", str(GAME))
    assert result.code == 0, result.err
    assert [line.split("\t")[0] for line in result.out.splitlines()] == [
        "tg.8.0",
        "tg.8.1",
        "tg.8.2",
        "tg.8.3",
        "tg.9.0",
        "tg.9.1",
    ]


def test_a_default_build_makes_the_cards_the_booklet_and_the_site(built):
    _, documents = built
    made = {(entry["id"], entry["lang"]) for entry in documents}
    for document in ("tg.crt.card", "tg.terrain.card", "tg.rules"):
        assert {(document, lang) for lang in ("en", "ja", "both")} <= made
    assert ("site", "both") in made
    assert {entry["system"] for entry in documents} == {"tg", "all"}


def test_the_booklet_prints_the_cases_and_links_their_references(built):
    out, _ = built
    reader = PdfReader(out / "tg/en/tg.rules.a4.pdf")
    text = "".join(page.extract_text() for page in reader.pages)
    assert "A defender that must retreat moves one hex away from the attacker" in text
    links = [
        (number, annotation.get_object().get("/Dest"))
        for number, page in enumerate(reader.pages)
        for annotation in page.get("/Annots") or []
    ]
    # tg.8.1 is no chapter, so the contents do not link it: only 8.3's printed [8.1] does
    pages = {number for number, dest in links if dest == anchor("tg.8.1")}
    assert pages and all("[8.1]" in reader.pages[number].extract_text() for number in pages)
    japanese = "".join(p.extract_text() for p in PdfReader(out / "tg/ja/tg.rules.a4.pdf").pages)
    assert "退却しなければならない" in re.sub(r"\s", "", japanese)


def test_the_site_has_the_games_charts_and_linked_rules(built, run, tmp_path):
    out, _ = built
    rules = (out / "site/rules/tg.html").read_text(encoding="utf-8")
    assert re.search(r'<a class="ref" href="[^"]*#case-tg-8-1">\[8\.1\]</a>', rules)
    assert (out / "site/charts/tg.crt.html").is_file()
    result = run("site", "--content", str(GAME), "--out", str(tmp_path / "site"))
    assert result.code == 0, result.err
    written = {path.name for path in (tmp_path / "site").rglob("*.html")}
    assert {"tg.html", "tg.crt.html", "tg.terrain.html"} <= written


def test_review_writes_the_reviewers_copy_from_the_games_own_seed(run, tmp_path):
    result = run("review", "tg", "--content", str(GAME), "--out", str(tmp_path))
    assert result.code == 0, result.err
    text = PdfReader(tmp_path / "review/tg.review.pdf").pages[0].extract_text()
    assert "900_tidal_gate.txt (lines / 行: 25)" in text


def test_a_line_past_the_end_of_the_games_seed_is_found(run, tmp_path):
    """The seed is read from the content's seeds/ folder, so its lines are counted."""
    game = copy_of_game(tmp_path)
    edit(game / "crt.yaml", 'lines: "19"}}', 'lines: "26"}}')
    result = run("check", "--content", str(game))
    assert result.code == 1
    assert "error[source-line-beyond]" in result.err
    assert "seed 900 has 25 lines: line 26 is past its end" in result.err


def test_a_printed_reference_not_in_refs_is_found_with_the_default_template(run, tmp_path):
    game = copy_of_game(tmp_path)
    rewrite_case_83(run, game, "as combat [8.1] allows.", "as combat [8.1] and [9.9] allow.")
    lines = run("check", "--content", str(game)).err.splitlines()
    assert lines[0].endswith(
        "error[unlinked-ref]: tg.8.3 refs: the text cites [9.9], but refs does not list it;"
        " add tg.9.9 to refs (or mark it external)"
    )
    assert lines[0].startswith(f"{game / 'rules.yaml'}:")
    assert lines[1:] == ["1 problem found"]


def test_a_games_own_reference_template_is_checked_and_linked(run, tmp_path):
    game = copy_of_game(tmp_path)
    edit(game / "sources.yaml", 'seed: "900"\n', 'seed: "900"\n    references: ["Rule {number}"]\n')
    rewrite_case_83(run, game, "as combat [8.1] allows.", "as Rule 8.1 allows.")
    assert run("check", "--content", str(game)).code == 0  # [8.2] and [9.1] are not references
    content = load_content(game)
    case = content.cases["tg.8.3"]
    pattern = content.sources.reference_pattern("tg")
    html = str(linked_text(case, case.text.en, pattern, set(content.cases)))
    assert f'<a class="ref" href="#{anchor("tg.8.1")}">Rule 8.1</a>' in html
    edit(game / "rules.yaml", "    refs: [tg.8.1]\n", "")
    lines = run("check", "--content", str(game)).err.splitlines()
    assert any("error[unlinked-ref]: tg.8.3 refs: the text cites [8.1]" in line for line in lines)


def test_commands_with_scenarios_name_the_systems_that_have_them(run):
    result = run("generate", "tg", "--content", str(GAME))
    assert result.code == 1
    assert result.err == (
        "playaid: playaid has no scenarios for 'tg', and this content lists none of the systems"
        " that have them (mak, fpcf)\n"
    )
    result = run("schema", "scenario", "--system", "mak", "--content", str(GAME))
    assert result.code == 1 and "playaid has no scenarios for 'mak'" in result.err


def test_its_translations_export_for_a_translator(run, tmp_path):
    result = run("--content", str(GAME), "translations", "export", "tg", "--out", str(tmp_path))
    assert result.code == 0, result.err
    po = (tmp_path / "tg.en-ja.po").read_text(encoding="utf-8")
    assert 'msgstr "戦闘結果表"' in po
