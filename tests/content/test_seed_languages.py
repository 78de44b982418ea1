"""Where seed 000 prints a passage in both English and Japanese, the two were compared one by one;
where they say different things, the passage is marked and carries a note of both readings."""

from __future__ import annotations

import pytest

# Every passage seed 000 prints in both languages, and what the comparison found. A new bilingual
# passage fails the test below until it has been compared and recorded here.
DIFFER = {
    "fpcf.setup": "head of the column (先頭) vs with the first units; corps-level vs Army/Front HQs",
    "fpcf.west-german-brigades": "a higher HQ such as a corps vs the overall HQ; 'is' vs 'may'",
    "fpcf.soviet-surprise-phase": "airborne units only; GT1 without the chit held out",
    "fpcf.airborne-units": "two air strikes in all (2回まで) vs two on each unit firing ADA",
    "fpcf.engineer-units": "the purpose of the free function (fortifications, minefields) dropped",
    "fpcf.non-surprise-scenario": "conditional in English, outright in Japanese; 作成 for 作戦",
    "fpcf.air-strike-availability:directions": "the Japanese changes the level the next turn",
}
AGREE = {
    "fpcf.major-training-areas": "the same procedure in both",
    "fpcf.nato-corps-artillery": "the same in both",
    "fpcf.paralysis": "the same advice in both",
    "fpcf.soviet-artillery-divisions": "the same in both",
    "fpcf.soviet-follow-on-armies": "the normal Soviet entry hexes / area in both",
    "fpcf.air-drop:landing": "City, Rough, enemy-occupied or -controlled hexes in both",
    "fpcf.air-drop:modifiers": "the same three +1 modifiers in both",
    "fpcf.terrain-movement:strategic-road": "the lower rate for strategic road travel in both",
}


def _bilingual_passages(content) -> set[str]:
    """The cases and chart notes whose English and Japanese both come from seed 000."""
    cases = {
        cid
        for cid, case in content.cases.items()
        if case.text and case.text.tr == "none" and case.source.seed == "000"
    }
    notes = {
        f"{tid}:{note.id}"
        for tid, table in content.tables.items()
        for note in table.table.notes
        if note.text.tr == "none" and table.table.source.seed == "000"
    }
    return cases | notes


def test_every_passage_printed_in_both_languages_was_compared(content):
    assert _bilingual_passages(content) == set(DIFFER) | set(AGREE)


def _item(content, passage: str):
    """The case, or the chart note, a passage names."""
    item_id, _, note = passage.partition(":")
    if not note:
        return content.cases[item_id]
    return next(n for n in content.tables[item_id].table.notes if n.id == note)


@pytest.mark.parametrize("passage", sorted(DIFFER))
def test_a_disagreement_is_marked_with_a_note_of_both_readings(content, passage):
    item = _item(content, passage)
    assert item.languages_differ
    note = item.uncertain
    assert note is not None and note.tr == "ja"
    # The note on the original (原文注, issue 44): the original's other wording, and the rule
    # playaid applies; the Japanese edition prints the rule that applies above it.
    assert note.en.startswith("The original's") and "playaid" in note.en
    assert note.ja.startswith("原文の") and ("本書" in note.ja or "上の規定" in note.ja)


@pytest.mark.parametrize("passage", sorted(AGREE))
def test_a_passage_that_agrees_carries_no_disagreement_mark(content, passage):
    item = _item(content, passage)
    assert not item.languages_differ


def test_check_lists_the_marked_passages_in_a_summary_line(run):
    result = run("check")
    assert result.code == 0
    line = next(line for line in result.out.splitlines() if "say different things" in line)
    for passage in DIFFER:
        assert passage.split(":")[0] in line
    japanese = run("--lang", "ja", "check")
    assert "シードの英語と日本語で内容が異なる箇所が 7 か所" in japanese.out


def test_a_passage_marked_as_differing_needs_its_note(run, make_content):
    rules = """\
    kind: rules
    system: fpcf
    source: {seed: "000"}
    cases:
      - id: fpcf.x
        text: {en: "A rule.", ja: "ルール。", tr: none}
        source: {seed: "000"}
        languages_differ: true
    """
    root = make_content({"r.yaml": rules})
    result = run("--content", str(root), "check")
    assert result.code == 1
    assert "error[differ-without-note]: fpcf.x languages_differ:" in result.err
