"""The Japanese edition states the rule that applies (issue 44, item 3): where playaid follows the
designer's English over the original's Japanese, the Japanese printed is the rule that applies,
the original's wording stays recorded (a correction, listed in 原文の訂正) and is quoted once in a
note labelled 原文注; ◇ has one meaning, playaid's translation, said once for a document
translated throughout."""

from __future__ import annotations

import re
from pathlib import Path

from generator.builder.html import Templater, visible_text
from generator.builder.plan import plan
from generator.builder.request import BuildRequest
from generator.render.booklets import TRANSLATION_MARK, booklet_context
from generator.render.scenario.drawing import GLYPHS, OPEN_GLYPHS

APPLIED = {
    "fpcf.setup",
    "fpcf.west-german-brigades",
    "fpcf.soviet-surprise-phase",
    "fpcf.airborne-units",
    "fpcf.engineer-units",
}


def page(content, document: str, edition: str) -> str:
    """A document's visible text in an edition, white space removed."""
    spec = next(spec for spec in plan(content, "a4") if spec.id == document)
    html = Templater(BuildRequest(content, Path("out"), (document,)), [spec]).html(spec, edition)
    return re.sub(r"\s+", "", visible_text(html[0]))


def test_the_japanese_prints_the_rule_that_applies_and_keeps_the_original_in_its_note(content):
    differing = [case for case in content.system_cases("fpcf") if case.languages_differ]
    applied = {
        case.id: [c for c in case.text.corrections if c.reason == "applied-reading"]
        for case in differing
    }
    assert {case_id for case_id, found in applied.items() if found} == APPLIED
    entries = {e.case.id: e for e in booklet_context(content, "fpcf", ("ja",))["entries"]}
    for case in differing:
        printed = entries[case.id].texts["ja"]
        for correction in applied[case.id]:
            assert correction.seed not in printed and correction.printed in printed, case.id
            assert correction.seed[:20] in case.uncertain.ja, case.id  # the original's wording
        assert "に従う。" not in case.uncertain.ja, case.id  # no rule, then its overruling
    shown = page(content, "fpcf.notes", "ja")
    assert shown.count("(?)原文注:") == len(differing)


def test_the_translation_mark_means_one_thing(content):
    assert TRANSLATION_MARK not in {*GLYPHS.values(), *OPEN_GLYPHS.values()}
    mak = booklet_context(content, "mak", ("ja",))
    assert (mak["wholly"], mak["marked"]) == (["ja"], [])
    assert not any(TRANSLATION_MARK in entry.texts["ja"] for entry in mak["entries"])
    shown = page(content, "mak.rules", "ja")
    assert TRANSLATION_MARK not in shown
    assert (
        shown.count("この文書の日本語のルール本文は、原文の英語からのplayaidによる翻訳である。")
        == 1
    )
    fpcf = booklet_context(content, "fpcf", ("ja",))
    assert (fpcf["wholly"], fpcf["marked"]) == ([], ["ja"])
    shown = page(content, "fpcf.notes", "ja")
    assert (
        "◇のないルール本文は原文の文言によるが、ルールブックレットの「原文の訂正」に挙げた箇所"
        in shown
    )
    assert "原文のままである" not in shown
