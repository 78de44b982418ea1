"""Corrections of a seed's text: recorded on the text, checked against it, undone to the seed,
listed in the booklet's notes (the reviewer's copy: tests/render/test_review.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from building import build
from correction_list import every_correction
from pypdf import PdfReader

from generator.content.load import load_content
from generator.content.model.base import LocalizedText
from generator.render.corrections import (
    changed_words,
    corrections_of,
    renders_untranslated,
    system_corrections,
)

REASONS = """\
kind: corrections
reasons:
  - id: ocr-katakana-he
    text: {en: "A scanning error.", ja: "読み取りの誤り。", tr: none}
"""

RULES = """\
kind: rules
system: fpcf
source: {{seed: "000"}}
cases:
  - id: fpcf.one
    text:
      en: One hex.
      ja: {ja}
      tr: {tr}
      corrections:
        - {{lang: ja, seed: {seed}, printed: ヘクス, reason: {reason}}}
    source: {{seed: "000"}}
"""


def rules(ja: str = "1ヘクス。", tr: str = "none", seed: str = "へクス", reason: str = "") -> str:
    """A rules file of one case whose Japanese records one correction."""
    return RULES.format(ja=ja, tr=tr, seed=seed, reason=reason or "ocr-katakana-he")


def check_lines(run, root) -> tuple[int, list[str]]:
    result = run("--content", str(root), "check")
    return result.code, result.err.splitlines()


def test_a_correction_carried_out_with_a_listed_reason_passes(run, make_content):
    root = make_content({"corrections.yaml": REASONS, "r.yaml": rules()})
    code, lines = check_lines(run, root)
    assert code == 0, lines


def test_a_reason_not_listed_is_a_finding(run, make_content):
    root = make_content({"corrections.yaml": REASONS, "r.yaml": rules(reason="ocr-other")})
    code, lines = check_lines(run, root)
    assert code == 1
    assert lines[0] == (
        "content/r.yaml:11:55: error[correction-reason]: fpcf.one text.corrections[0].reason: the"
        " correction's reason 'ocr-other' is not listed in content/corrections.yaml; expected one"
        " of: ocr-katakana-he"
    )


def test_a_printed_form_the_text_lacks_is_a_finding(run, make_content):
    root = make_content({"corrections.yaml": REASONS, "r.yaml": rules(ja="1マス。")})
    code, lines = check_lines(run, root)
    assert code == 1
    assert lines[0] == (
        "content/r.yaml:11:42: error[correction-not-printed]: fpcf.one text.corrections[0].printed:"
        " the Japanese text does not print 'ヘクス', which this correction says is printed"
    )


def test_a_seed_form_left_in_the_text_is_a_finding(run, make_content):
    root = make_content({"corrections.yaml": REASONS, "r.yaml": rules(ja="1ヘクスと2へクス。")})
    code, lines = check_lines(run, root)
    assert code == 1
    assert lines[0] == (
        "content/r.yaml:11:28: error[correction-seed-left]: fpcf.one text.corrections[0].seed: the"
        " Japanese text still prints the seed's 'へクス', which this correction replaces; correct"
        " every occurrence"
    )


def test_a_seed_form_inside_the_printed_form_is_not_left(run, make_content):
    body = rules(ja="1ヘクス。", seed="クス")  # クス occurs only within ヘクス
    root = make_content({"corrections.yaml": REASONS, "r.yaml": body})
    code, lines = check_lines(run, root)
    assert code == 0, lines


def test_a_correction_of_the_translated_side_is_a_finding(run, make_content):
    body = rules(tr="ja").replace("      tr: ja\n", '      tr: ja\n      from: "00000000"\n')
    root = make_content({"corrections.yaml": REASONS, "r.yaml": body})
    code, lines = check_lines(run, root)
    assert code == 1
    assert (
        "content/r.yaml:12:18: error[correction-translated-side]: fpcf.one text.corrections[0].lang:"
        " the Japanese text is this project's translation (tr: ja); a correction is for the source"
        " text a seed gives"
    ) in lines


def test_a_correction_where_no_listing_shows_it_is_a_finding(run, make_content):
    glossary = """\
    kind: glossary
    terms:
      - id: hex
        en: hex
        ja: ヘクス
        note:
          en: A hex.
          ja: ヘクス。
          tr: none
          corrections:
            - {lang: ja, seed: へクス, printed: ヘクス, reason: ocr-katakana-he}
    """
    root = make_content({"corrections.yaml": REASONS, "g.yaml": glossary})
    code, lines = check_lines(run, root)
    assert code == 1
    assert lines[0].startswith(
        "content/g.yaml:11:11: error[correction-unlisted]: terms[0].note.corrections[0]:"
        " corrections are listed only for the texts of rule cases and charts"
    )


def test_a_reason_listed_twice_is_a_finding(run, make_content):
    twice = REASONS + REASONS.split("reasons:\n")[1]
    root = make_content({"corrections.yaml": twice, "r.yaml": rules()})
    code, lines = check_lines(run, root)
    assert code == 1
    assert lines[0].startswith(
        "content/corrections.yaml:5:9: error[duplicate-id]: reasons[1].id: the id"
        " 'ocr-katakana-he' is already used in content/corrections.yaml:3"
    )


def test_a_scenario_text_takes_no_correction(tmp_path):
    from generator.content.yaml_loader import parse_yaml
    from generator.scenario.reader import validate

    sample = Path(__file__).resolve().parents[2] / "content/scenarios/mak/quarry-road.yaml"
    source = sample.read_text(encoding="utf-8")
    title = 'title: {en: The Quarry Road, ja: 採石場の道, tr: ja, from: "0e12f59a"}'
    assert title in source
    corrected = (
        title[:-1] + ", corrections: [{lang: en, seed: Qary, printed: Quarry, reason: typo}]}"
    )
    document, _ = parse_yaml(source.replace(title, corrected), sample, "s.yaml")
    _, issues = validate(document, {"000", "001", "002"})
    assert [(issue.code, issue.key_path) for issue in issues] == [
        ("correction-in-scenario", "title.corrections[0]")
    ]


def test_undoing_corrections_gives_the_seed_form_back():
    text = LocalizedText.model_validate(
        {
            "en": "x",
            "ja": "航空優勢と1ヘクス、Roughヘクス",
            "tr": "none",
            "corrections": [
                {"lang": "ja", "seed": "Air Superioity", "printed": "航空優勢", "reason": "term"},
                {"lang": "ja", "seed": "へクス", "printed": "ヘクス", "reason": "ocr-katakana-he"},
            ],
        }
    )
    assert text.seed_text("ja") == "Air Superioityと1へクス、Roughへクス"
    assert text.seed_text("en") == "x"


def rows_of(content, system: str, languages: tuple[str, ...] = ("ja",)) -> list:
    """The rows of the corrections a booklet of a system lists, in order."""
    return [row for group in system_corrections(content, system, languages) for row in group.rows]


def test_a_change_of_word_is_one_row_with_every_place(content):
    groups = system_corrections(content, "fpcf", ("ja",))
    assert [group.reason.id for group in groups] == sorted(
        {group.reason.id for group in groups}, key=list(content.reasons).index
    )
    he = [row for row in rows_of(content, "fpcf") if row.reason.id == "ocr-katakana-he"]
    assert len(he) == 1 and (he[0].seed, he[0].printed) == ("へクス", "ヘクス")
    assert len(he[0].places) == 2  # a case and a chart
    assert changed_words("Roughへクス", "Roughヘクス") == ("へクス", "ヘクス")
    assert changed_words("Mobile Attak", "Mobile Attack") == ("Attak", "Attack")
    # The only English corrected is the nations' abbreviations, which every edition lists, and
    # the charts' hyphen ranges printed with the en dash, and the Autobahn's two rates joined by
    # "or", not a range.
    english = system_corrections(content, "fpcf", ("en",))
    assert [group.reason.id for group in english] == ["abbreviation", "notation", "alternatives"]


def test_places_are_named_as_a_reader_knows_them(content):
    numbers = [place.number for row in rows_of(content, "cf") for place in row.places]
    assert "[16.21] (2/3)" in numbers and "[16.21] (3/3)" in numbers and "[1.0]" in numbers
    titles = {
        place.title.en for row in rows_of(content, "fpcf") for place in row.places if place.title
    }
    assert {"Air Drop Table", "Soviet Follow on Armies"} <= titles


def flat(text: str) -> str:
    """Text without white space: a line wraps anywhere, a table cell too."""
    return re.sub(r"\s+", "", text)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The Japanese cf and fpcf booklets, as text."""
    out = tmp_path_factory.mktemp("corrections")
    build(load_content(), out, ["cf.rules", "fpcf.notes"], editions=("ja",))
    return {
        system: "".join(p.extract_text() for p in PdfReader(out / path).pages)
        for system, path in (("cf", "cf/ja/cf.rules.a4.pdf"), ("fpcf", "fpcf/ja/fpcf.notes.a4.pdf"))
    }


@pytest.mark.parametrize("system", ["cf", "fpcf"])
def test_every_correction_is_listed_in_the_booklets_notes(built, content, system):
    text = flat(built[system])
    # The notes' corrections: from the sentence under their heading.
    notes = text[text.index("原文の誤植や誤記") :]
    corrections = every_correction(content, system)
    assert corrections
    for seed, printed in corrections:
        shown = changed_words(seed, printed)
        # A sentence long enough to wrap in its cell wraps beside its neighbour's lines, which the
        # text extraction interleaves: its first words stand together.
        assert flat(shown[0])[:10] in notes and flat(shown[1])[:10] in notes, (seed, printed)


def test_a_text_with_playaids_rendering_is_told_apart(content):
    title = content.cases["fpcf.soviet-artillery-divisions"].title
    assert renders_untranslated(title, "ja", content.reasons)
    assert not renders_untranslated(title, "en", content.reasons)
    hex_text = content.cases["cf.1.0"].text  # a scanning error corrected: still the seed's words
    assert not renders_untranslated(hex_text, "ja", content.reasons)


def test_a_change_of_a_mark_alone_is_a_row_for_each_text_it_corrects(content):
    """The mak notation corrections change only a range's mark (1~4→1–4, p72-3→p72–73): grouped
    as a change of word, one row 「Scenarios 1~10 → Scenarios 1–10」 stood for Map Boards (1~4)
    and every other range, which a reader could not see; the D.House ranges stood under
    「26, p8-9」. Each corrected text is a row, and a place a name."""
    notation = [row for row in rows_of(content, "mak", ("en",)) if row.reason.id == "notation"]
    recorded = {
        (correction.seed, correction.printed)
        for case in content.system_cases("mak")
        for _, correction in corrections_of(case)
        if correction.reason == "notation" and correction.lang == "en"
    }
    assert len(recorded) > 5
    assert recorded <= {(row.seed, row.printed) for row in notation}
    for row in notation:
        names = [(place.number, place.title and place.title.en) for place in row.places]
        assert len(names) == len(set(names)), row
