"""A translation still pending blocks only what would print it (issue 32, item 2): with two stale
Japanese rule texts and a stale chart note, the table-side commands answer in English and warn,
an English build of the affected documents and a build of an unrelated one succeed, a Japanese
build refuses as before, naming every stale text it would print, and `check` still fails."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from pending_content import RULES, STALE_JAPANESE, stale_copy


@pytest.fixture(scope="module")
def stale(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The content with three stale Japanese translations (tests/pending_content.py)."""
    return stale_copy(tmp_path_factory.mktemp("stale"))


def test_check_still_reports_every_stale_text(run, stale):
    result = run("--content", str(stale), "check")
    assert result.code == 1
    assert result.err.count("error[stale-translation]") == 3
    for subject in ("mak.10.1.1 text.from", "mak.10.1.2 text.from", "mak.pilots notes[0]"):
        assert subject in result.err


def test_rule_answers_in_english_and_warns(run, stale):
    result = run("--content", str(stale), "--lang", "ja", "rule", "mak.10.1.1")
    assert result.code == 0, result.err
    assert "the assignments are compared at once." in result.out
    assert STALE_JAPANESE not in result.out
    assert "playaid による翻訳" not in result.out  # the English printed is the source, not ours
    warnings = [line for line in result.err.splitlines() if "warning[stale-translation]" in line]
    assert len(warnings) == 1 and "mak.10.1.1 text.from" in warnings[0]
    assert "rules-10-13.yaml:" in warnings[0]
    assert "英語で答えました" in result.err


def test_rule_json_answers_in_english(run, stale):
    result = run("--content", str(stale), "--lang", "ja", "rule", "mak.10.1.2", "--json")
    assert result.code == 0, result.err
    assert json.loads(result.out)["text"].startswith("A player’s units assigned")
    assert "mak.10.1.2 text.from" in result.err


def test_an_answer_that_prints_no_stale_text_says_nothing(run, stale):
    result = run("--content", str(stale), "--lang", "ja", "rule", "mak.10.1.3")
    assert result.code == 0, result.err
    assert result.out.startswith("[10.1.3]") and "任務を終えた航空ユニット" in result.out
    assert result.err == ""


def test_a_chart_note_answers_in_english(run, stale):
    result = run("--content", str(stale), "--lang", "ja", "rule", "mak.pilots")
    assert result.code == 0, result.err
    assert "The chart prints only “Private”" in result.out
    assert "mak.pilots notes[0].text.from" in result.err


def test_a_missing_translation_answers_in_the_language_there_is(run, stale, tmp_path):
    root = tmp_path / "content"
    shutil.copytree(stale, root)
    path = root / RULES
    text = path.read_text(encoding="utf-8")
    end = text.index("\n", text.index("任務を終えた航空ユニットは"))
    start = text.rindex("ja: |-", 0, end)
    path.write_text(text[:start] + 'ja: ""' + text[end:], encoding="utf-8")  # mak.10.1.3
    result = run("--content", str(root), "--lang", "ja", "rule", "mak.10.1.3")
    assert result.code == 0, result.err
    assert "An aeronautical unit that has completed its duty" in result.out
    assert "warning[missing-translation]" in result.err


def test_an_english_build_of_the_affected_card_succeeds(run, stale, tmp_path):
    out = tmp_path / "out"
    result = run("--content", str(stale), "build", "mak.pilots", "--lang", "en", "--out", str(out))
    assert result.code == 0, result.err
    assert sorted(p.name for p in (out / "mak" / "en").iterdir()) == [
        "mak.pilots.card.1.a5.pdf",
        "mak.pilots.card.2.a5.pdf",
    ]
    assert "stale" not in result.err


def test_a_build_of_an_unrelated_card_succeeds_in_every_edition(run, stale, tmp_path):
    out = tmp_path / "out"
    result = run("--content", str(stale), "build", "fpcf.terrain-movement", "--out", str(out))
    assert result.code == 0, result.err
    assert len(list(out.rglob("*.pdf"))) == 3


def test_a_japanese_build_refuses_every_stale_text_it_would_print(run, stale, tmp_path):
    out = tmp_path / "out"
    result = run(
        "--content", str(stale), "build", "mak.rules", "mak.pilots", "--lang", "ja",
        "--out", str(out),
    )  # fmt: skip
    assert result.code == 1
    assert result.err.count("error[stale-translation]") == 3
    written = [p.name for p in out.rglob("*.pdf")]
    assert written == ["mak.pilots.card.2.a5.pdf"]  # the one that prints none of them


def test_a_default_build_refuses_for_the_site(run, stale, tmp_path):
    out = tmp_path / "out"
    result = run("--content", str(stale), "build", "site", "--out", str(out))
    assert result.code == 1
    assert result.err.count("error[stale-translation]") == 3
    assert not out.exists()


def test_a_build_writes_the_rest_then_fails_naming_the_pending_text(run, stale, tmp_path):
    out = tmp_path / "out"
    result = run(
        "--content", str(stale), "build", "mak.pilots", "mak.stack-points", "--lang", "ja",
        "--no-site", "--out", str(out),
    )  # fmt: skip
    assert result.code == 1
    written = sorted(p.name for p in (out / "mak" / "ja").iterdir())
    assert written == ["mak.pilots.card.2.a5.pdf", "mak.stack-points.card.a5.pdf"]  # not card.1
    assert result.err.count("error[stale-translation]") == 1 and "mak.pilots notes[0]" in result.err


def test_the_refusal_names_the_ways_out_and_keeps_back_only_the_edition_that_prints_it(
    run, stale, tmp_path
):
    """The English edition of a card whose Japanese waits prints no pending text: written."""
    out = tmp_path / "out"
    result = run("--content", str(stale), "build", "mak.pilots", "--lang", "en", "--lang", "ja",
                 "--no-site", "--out", str(out))  # fmt: skip
    assert result.code == 1
    assert "--draft" in result.err
    # The export reads the content folder the build read.
    assert f"playaid --content {stale} translations export mak --state stale" in result.err
    assert (out / "mak" / "en" / "mak.pilots.card.1.a5.pdf").is_file()
    assert not (out / "mak" / "ja" / "mak.pilots.card.1.a5.pdf").exists()


def test_rule_json_says_the_text_is_pending_and_in_which_language(run, stale):
    result = run("--content", str(stale), "--lang", "ja", "rule", "mak.10.1.2", "--json")
    answer = json.loads(result.out)
    assert answer["pending"] is True and answer["printed_language"] == "en"
    assert answer["pending_texts"] == ["mak.10.1.2 text"]
    current = json.loads(run("--lang", "ja", "rule", "mak.10.1.3", "--json").out)
    assert current["pending"] is False and current["printed_language"] == "ja"
    assert current["pending_texts"] == []


def test_no_sheet_of_cards_is_imposed_without_a_card_that_waits(run, stale, tmp_path):
    out = tmp_path / "out"
    result = run(
        "--content", str(stale), "build", "mak.pilots", "mak.stack-points", "--lang", "ja",
        "--layout", "2up", "--no-site", "--out", str(out),
    )  # fmt: skip
    assert result.code == 1
    written = sorted(p.name for p in (out / "mak" / "ja").iterdir())
    assert written == ["mak.pilots.card.2.a5.pdf", "mak.stack-points.card.a5.pdf"]
