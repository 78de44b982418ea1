"""Rule texts trace to the seeds: source text copied, nothing invented, nothing dropped."""

from __future__ import annotations

import re

from conftest import SEEDS


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def trigrams(text: str) -> set[tuple[str, ...]]:
    w = words(text)
    return set(zip(w, w[1:], w[2:], strict=False))


SEED_002 = (SEEDS / "002_4ca9ccab7f08f55c.txt").read_text(encoding="utf-8")

# Seed-002 body lines that are figure captions or figure-box text, which the issue says to strip
# (the Basic Attack box is kept as a worked example in content/mak/procedures.yaml), and the
# contents list of line 204, whose quantities the case text puts back beside their items.
STRIPPED_FIGURE_LINES = {204, 286, 344, 390, 406, 408, 414, 442}


def test_cf_japanese_is_the_seed_text(content):
    seed = re.sub(r"\s+", "", (SEEDS / "001_ad280b7930f0b777.txt").read_text(encoding="utf-8"))
    for case_id, case in content.cases.items():
        if case_id.startswith("cf.") and case.text:
            assert re.sub(r"\s+", "", case.text.ja) in seed, case_id


def test_mak_english_is_the_seed_text(content):
    seed = trigrams(SEED_002)
    for case_id, case in content.cases.items():
        if not case_id.startswith("mak."):
            continue
        for text in (case.title, case.text):
            grams = trigrams(text.en) if text else set()
            if len(grams) >= 3:
                share = len(grams & seed) / len(grams)
                assert share >= 0.85, (case_id, round(share, 2))


def test_no_rule_text_of_seed_002_is_dropped(content):
    covered: set[tuple[str, ...]] = set()
    for case_id, case in content.cases.items():
        if case_id.startswith("mak."):
            for text in (case.title, case.text):
                covered |= trigrams(text.en) if text else set()
    for doc in content.procedures.values():
        for example in doc.examples:
            covered |= trigrams(example.text.en)
    lines = SEED_002.split("\n")
    for number in range(190, 779):
        grams = list(zip(*(words(lines[number - 1])[i:] for i in range(3)), strict=False))
        if len(grams) < 5 or number in STRIPPED_FIGURE_LINES:
            continue
        share = sum(gram in covered for gram in grams) / len(grams)
        assert share >= 0.4, (number, round(share, 2), lines[number - 1][:80])


def test_fpcf_notes_are_the_seed_text(content):
    seed = re.sub(r"\s+", " ", (SEEDS / "000_c72f8361b479dd96.txt").read_text(encoding="utf-8"))
    for case_id, case in content.cases.items():
        if case_id.startswith("fpcf.") and case.text and case.text.tr != "en":
            assert re.sub(r"\s+", " ", case.text.en).split(" Note:")[0][:200] in seed, case_id
