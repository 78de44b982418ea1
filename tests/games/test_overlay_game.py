"""A game beside the shipped ones (issue 45, §5): `--overlay GAME_DIR` adds tests/games/tg to the
shipped content, its sources.yaml joining the shipped one, so every command sees both; a system
id listed twice is a finding naming both files; a seed file not found is said, with the
citations left unchecked."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

GAME = Path(__file__).resolve().parent / "tg"


def _copy(tmp_path: Path) -> Path:
    return Path(shutil.copytree(GAME, tmp_path / "tg"))


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_check_sees_the_shipped_games_and_the_overlay(run):
    result = run("--overlay", str(GAME), "check")
    assert result.code == 0, result.err
    assert "error" not in result.err


@pytest.mark.parametrize("system", ["tg", "mak"])
def test_rules_lists_both_the_new_game_and_a_shipped_one(run, system):
    result = run("--overlay", str(GAME), "rules", system)
    assert result.code == 0, result.err
    assert f"{system}." in result.out


def test_build_prints_the_new_games_booklet_beside_the_shipped_ones(run, tmp_path):
    out = tmp_path / "out"
    result = run("--overlay", str(GAME), "build", "tg.rules", "mak.stack-points", "--lang", "en",
                 "--no-site", "--out", str(out))  # fmt: skip
    assert result.code == 0, result.err
    assert (out / "tg" / "en" / "tg.rules.a4.pdf").is_file()
    assert (out / "mak" / "en" / "mak.stack-points.card.a5.pdf").is_file()


def test_a_system_listed_twice_names_both_files(run, tmp_path):
    game = _copy(tmp_path)
    _edit(game / "sources.yaml", "  - id: tg\n", "  - id: mak\n")
    result = run("--overlay", str(game), "check")
    assert result.code == 1
    line = next(line for line in result.err.splitlines() if "sources-clash" in line)
    assert str(game / "sources.yaml") in line or "tg/sources.yaml" in line
    assert "content/sources.yaml:" in line and "'mak'" in line


def test_a_misspelled_seed_file_is_said_and_its_citations_unchecked(run, tmp_path):
    game = _copy(tmp_path)
    _edit(game / "sources.yaml", "file: 900_tidal_gate.txt", "file: 900_tidal_gat.txt")
    result = run("--content", str(game), "check")
    line = next(line for line in result.err.splitlines() if "seed-not-found" in line)
    assert "900_tidal_gat.txt" in line and "not checked" in line


def test_the_colophon_credits_the_translator_the_content_names(run, tmp_path):
    game = _copy(tmp_path)
    _edit(game / "sources.yaml", "    seed: \"900\"\n", "    seed: \"900\"\n"
          "    translator: {en: Kim Aoki, ja: Kim Aoki, tr: none}\n")  # fmt: skip
    out = tmp_path / "out"
    result = run("--content", str(game), "build", "tg.rules", "--lang", "ja", "--lang", "both",
                 "--no-site", "--out", str(out))  # fmt: skip
    assert result.code == 0, result.err
    for lang, words in (("ja", "KimAokiによる翻訳"), ("both", "KimAoki'stranslation")):
        pdf = PdfReader(out / "tg" / lang / "tg.rules.a4.pdf")
        text = re.sub(r"\s+", "", "".join(page.extract_text() for page in pdf.pages))
        assert words in text and "playaidによる翻訳" not in text, lang


GATE_TERM = """\
kind: glossary
terms:
  - {id: tidal-gate, en: Tidal Gate, ja: 潮門, systems: [tg]}
"""


def _named_game(run, tmp_path: Path) -> Path:
    """The game with a glossary whose term is spelt as the game's name, which a rule prints."""
    game = _copy(tmp_path)
    (game / "glossary.yaml").write_text(GATE_TERM, encoding="utf-8")
    _edit(
        game / "rules.yaml",
        "A unit may attack an adjacent",
        "In Tidal Gate a unit may attack an adjacent",
    )
    _edit(game / "rules.yaml", "ユニットは隣接する", "タイダル・ゲートでは、ユニットは隣接する")
    _edit(game / "rules.yaml", '      from: "0a7dc5f0"\n', "")
    assert run("stamp", "--content", str(game)).code == 0
    return game


def test_a_game_name_spelt_like_a_glossary_term_warns_until_marked_a_proper_name(run, tmp_path):
    game = _named_game(run, tmp_path)
    warned = run("--content", str(game), "check")
    assert "warning[glossary-term]: tg.8.1 text.ja" in warned.err, warned.err
    _edit(game / "sources.yaml", "  - id: tg\n", "  - id: tg\n    proper_names: [Tidal Gate]\n")
    result = run("--content", str(game), "check")
    assert result.code == 0, result.err
    assert "glossary-term" not in result.err + result.out


def test_the_site_holds_the_new_game_and_the_shipped_ones(run, tmp_path):
    out = tmp_path / "site"
    result = run("--overlay", str(GAME), "site", "--out", str(out))
    assert result.code == 0, result.err
    pages = sorted(path.name for path in (out / "rules").glob("*.html"))
    assert pages == ["cf.html", "fpcf.html", "mak.html", "tg.html"]


def test_without_any_seeds_folder_check_passes_and_says_what_it_did_not_check(
    run, tmp_path, monkeypatch
):
    from generator.core import places

    game = _copy(tmp_path)
    shutil.rmtree(game / "seeds")
    monkeypatch.setattr(places, "SEEDS", tmp_path / "no-seeds")  # an install without them
    result = run("--content", str(game), "check")
    assert result.code == 0, result.err
    line = next(line for line in result.err.splitlines() + result.out.splitlines()
                if "seeds-not-found" in line)  # fmt: skip
    assert "info[seeds-not-found]" in line and "seed 900" in line and "not checked" in line


def test_rule_credits_the_translator_the_content_names(run, tmp_path):
    game = _copy(tmp_path)
    _edit(game / "sources.yaml", "    seed: \"900\"\n", "    seed: \"900\"\n"
          "    translator: {en: Kim Aoki, ja: 青木キム, tr: ja}\n")  # fmt: skip
    japanese = run("--overlay", str(game), "rule", "tg.8.1", "--lang", "ja")
    assert japanese.code == 0, japanese.err
    assert japanese.out.rstrip().endswith("(この日本語は 青木キム による翻訳です)"), japanese.out
    shipped = run("--overlay", str(game), "rule", "mak.19.3", "--lang", "ja")
    assert "playaid による翻訳" in shipped.out  # a system that credits no one: playaid
