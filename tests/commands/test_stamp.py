"""`playaid stamp` records missing source hashes and never overwrites a recorded one."""

from __future__ import annotations

from generator.content.model.base import source_hash

RULES = """\
kind: rules
system: fpcf
source: {seed: "000"}
cases:
  - id: fpcf.one
    title: {en: One, ja: 一, tr: ja}
    text:
      en: First rule.
      ja: 最初のルール。
      tr: ja
    source: {seed: "000"}
  - id: fpcf.two
    text: {en: Second rule., ja: 二番目, tr: ja, from: "00000000"}
    source: {seed: "000"}
"""


def test_stamp_fills_flow_and_block_mappings_but_not_stale_ones(run, make_content):
    root = make_content({"r.yaml": RULES})
    result = run("--content", str(root), "stamp")
    assert result.code == 0
    text = (root / "r.yaml").read_text(encoding="utf-8")
    assert f'title: {{en: One, ja: 一, tr: ja, from: "{source_hash("One")}"}}' in text
    assert f'      tr: ja\n      from: "{source_hash("First rule.")}"\n' in text
    assert 'from: "00000000"' in text
    check = run("--content", str(root), "check")
    assert check.code == 1
    assert check.err.splitlines()[0].startswith(
        "content/r.yaml:14:53: error[stale-translation]: fpcf.two text.from:"
    )


def test_source_hash_ignores_white_space_layout():
    assert source_hash("a  b\n c ") == source_hash("a b c")
    assert source_hash("a b c") != source_hash("a b d")


def test_stamp_writes_from_after_a_texts_corrections(run, make_content):
    corrected = """\
    kind: rules
    system: fpcf
    source: {seed: "000"}
    cases:
      - id: fpcf.one
        text:
          en: One hex.
          ja: 1ヘクス。
          tr: en
          corrections:
            - {lang: ja, seed: へクス, printed: ヘクス, reason: ocr-katakana-he}
        source: {seed: "000"}
    """
    reasons = """\
    kind: corrections
    reasons:
      - id: ocr-katakana-he
        text: {en: A scanning error., ja: 読み取りの誤り。, tr: none}
    """
    root = make_content({"r.yaml": corrected, "corrections.yaml": reasons})
    assert run("--content", str(root), "stamp").code == 0
    text = (root / "r.yaml").read_text(encoding="utf-8")
    assert f'reason: ocr-katakana-he}}\n      from: "{source_hash("1ヘクス。")}"\n' in text
    assert run("--content", str(root), "check").code == 0
