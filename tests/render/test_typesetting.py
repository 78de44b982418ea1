"""Japanese line breaking keeps punctuation and small kana off the start of a line, and the
Japanese that generator.render.typeset sets is measured on the rendered page."""

from __future__ import annotations

import io
import itertools
from pathlib import Path

import pdfplumber
import pytest
from japanese_measure import (
    broken_phrases,
    counted_number_ends,
    elements,
    loose_lines,
    meetings,
    runts,
    short_lines,
    split_between,
    split_numerals,
)
from pypdf import PdfReader

from generator.render.fonts import japanese_font
from generator.render.i18n import TEMPLATES
from generator.render.pdf import render_pdf
from generator.render.subset import cache_dir, subset_font
from generator.render.typeset import typeset

TEXT = (
    "攻撃を宣言する。ダイスを2個振る、結果を見る。「士気崩壊」トークンを置く。移動できない（例外あり）。ッャュョ。"
    * 6
)
NEVER_FIRST = "。、」）ッャュョー"


def test_no_line_starts_with_closing_punctuation_or_small_kana():
    font = subset_font(japanese_font().regular, TEXT)
    for width in range(30, 70, 3):
        html = (
            f'<html lang="ja"><style>@font-face {{ font-family: "Playaid Sans"; src: url("{font.as_uri()}") }}'
            f' body {{ font-family: "Playaid Sans"; font-size: 10pt }} p {{ width: {width}mm }}</style>'
            f'<body><p lang="ja">{TEXT}</p></body></html>'
        )
        pdf = render_pdf(html, TEMPLATES, [TEMPLATES, cache_dir()], identifier=b"kinsoku").pdf
        lines = PdfReader(io.BytesIO(pdf)).pages[0].extract_text().splitlines()
        assert len(lines) > 3
        assert not [line for line in lines if line and line[0] in NEVER_FIRST], width


# Japanese set by generator.render.typeset, measured on the rendered page (tests/japanese_measure.py).
MIXED = (
    "2機のNeuSpotterを配置する。OCR が Y の「終わり。」と読む。攻撃力+1の修正を受ける。"
    "1個のユニットが6勝利ポイントを得る。O.G.P.の合計は第1ターンに数える。"
)


def _typeset_pdf(tmp_path, body: str, css: str = "") -> Path:
    """A page of `body`, typeset and rendered with the build's font and common style sheet."""
    font = subset_font(japanese_font().regular, body)
    html = typeset(
        f'<html lang="ja"><head><style>@font-face {{ font-family: "Playaid Sans"; src: url("{font.as_uri()}") }}'
        f' body {{ font-size: 10pt }} {css}</style><link rel="stylesheet" href="styles/common.css"></head>'
        f"<body>{body}</body></html>",
        keep_breaks=True,
    )
    pdf = render_pdf(html, TEMPLATES, [TEMPLATES, cache_dir()], identifier=b"typeset").pdf
    path = tmp_path / f"page-{len(list(tmp_path.iterdir()))}.pdf"
    path.write_bytes(pdf)
    return path


@pytest.mark.parametrize("width", [38, 47, 61, 90])
def test_every_japanese_latin_meeting_gets_one_gap_and_no_numeral_or_runt_breaks(tmp_path, width):
    paragraphs = "".join(f"<p>{MIXED[i:] + MIXED[:i]}</p>" for i in range(0, 60, 7))
    path = _typeset_pdf(tmp_path, paragraphs, f"p {{ width: {width}mm }}")
    found = list(elements(path))
    gaps = meetings(found)
    assert len(gaps.right) > 60  # a line may break at a meeting or hyphenate, leaving none there
    assert not gaps.tight and not gaps.wide
    assert not split_numerals(found)
    assert not runts(found)


def test_cells_and_headings_break_between_phrases_only(tmp_path):
    tables = "".join(
        f'<table style="table-layout: fixed; width: {w}mm"><tr>'
        "<td>航空攻撃のダイスを振る国、ゲーム開始前に配置する部隊</td></tr></table>"
        for w in (14, 18, 23, 29)
    )
    path = _typeset_pdf(tmp_path, f"<h1 style='width: 30mm'>陣営と最大4発の砲撃</h1>{tables}")
    found = list(elements(path))
    assert sum(len(element.lines()) > 1 for element in found) >= 4  # the texts did wrap
    assert not broken_phrases(found)


def test_two_marks_together_take_one_and_a_half_ems(tmp_path):
    path = _typeset_pdf(tmp_path, "<p>「終わり。」「次」、「乙」</p>")
    with pdfplumber.open(path) as pdf:
        chars = [c for c in pdf.pages[0].chars if c["text"].strip()]
    advance = {
        chars[i]["text"] + chars[i + 1]["text"]: (chars[i + 1]["x0"] - chars[i]["x0"])
        / chars[i]["size"]
        for i in range(len(chars) - 1)
    }
    assert advance["。」"] == pytest.approx(0.5, abs=0.02)  # 。 set half width before 」
    assert advance["」「"] == pytest.approx(0.5, abs=0.02)
    assert advance["、「"] == pytest.approx(0.5, abs=0.02)
    assert advance["終わ"] == pytest.approx(1.0, abs=0.02)


def test_the_pdf_text_holds_the_words_without_added_characters(tmp_path):
    path = _typeset_pdf(tmp_path, f"<p>{MIXED}</p>")
    with pdfplumber.open(path) as pdf:
        text = "".join(c["text"] for c in pdf.pages[0].chars)
    assert text == MIXED.replace("OCR が Y の", "OCRがYの")


def test_the_font_subset_keeps_half_width_punctuation():
    from generator.render.fonts import layout_features

    font = subset_font(japanese_font().regular, "「終わり。」")
    assert "halt" in layout_features(font)


def test_a_table_of_phrases_is_no_wider_than_its_page(tmp_path):
    """Phrases are inline blocks: an automatic table takes its narrowest layout from the widest
    phrase, not from a whole cell's text (a row of nowrap spans would be one unbreakable piece)."""
    cell = "<td>原文の日本語はこの用語をラテン文字のまま記している</td>"
    font = subset_font(japanese_font().regular, cell)
    html = typeset(
        f'<html lang="ja"><head><style>@font-face {{ font-family: "Playaid Sans"; src: url("{font.as_uri()}") }}'
        " @page { size: 80mm 120mm; margin: 5mm } body { font-size: 10pt }</style>"
        '<link rel="stylesheet" href="styles/common.css"></head>'
        f"<body><table><tr>{cell * 3}</tr></table></body></html>"
    )
    rendered = render_pdf(html, TEMPLATES, [TEMPLATES, cache_dir()], identifier=b"phrases")
    assert rendered.overflow == 0


def test_a_gap_between_elements_never_lets_the_line_break_there(tmp_path):
    """Where Japanese and Latin text meet across elements (a hex, then its label in a span of
    its own), the line does not break at the gap, whatever the width: WeasyPrint breaks before an
    element whose first child is the gap, so the gap stands before the element. A short text's
    (a list item: a paragraph is running text, which may break where Japanese meets Latin)."""
    items = (
        '<span class="item">3801 <span lang="ja">第1ターンに登場</span></span>',
        '<span class="item"><span lang="ja">ターンに登場する第</span> 3801</span>ヘクス',
    )
    paragraphs = "".join(
        f'<ul style="list-style: none"><li style="width: {50 + step * 0.5}mm">あいうえおかきくけこさしすせ{item}</li></ul>'
        for step in range(40)
        for item in items
    )
    path = _typeset_pdf(tmp_path, paragraphs)
    found = list(elements(path))
    assert len(found) == 80 and sum(len(element.lines()) > 1 for element in found) > 60
    assert not split_numerals(found)
    assert not [line for element in found for line in element.lines() if line[0]["text"] == "3"]


def test_a_space_taken_into_a_gap_still_lets_the_line_break_there(tmp_path):
    """A turn-track cell of words kept whole (`nowrap`), a space between them: the space becomes
    the gap, yet the line still breaks there, and the next line starts at the cell's edge."""
    cell = (
        '<span class="whole">第</span> 10 <span class="whole">親衛戦車師団</span>'
        ' <span class="where">3501, 3801</span>'
    )
    css = ".whole, .where { white-space: nowrap } td { width: 28mm; padding: 0 }"
    path = _typeset_pdf(tmp_path, f"<table><tr><td>{cell}</td></tr></table>", css)
    with pdfplumber.open(path) as pdf:
        chars = [c for c in pdf.pages[0].chars if c["text"].strip()]
    lines: dict[int, list[dict]] = {}
    for char in chars:
        lines.setdefault(round(char["top"]), []).append(char)
    texts = ["".join(c["text"] for c in line) for _, line in sorted(lines.items())]
    assert texts == ["第10親衛戦車師団", "3501,3801"]
    starts = {round(line[0]["x0"], 1) for line in lines.values()}
    assert len(starts) == 1  # no gap carried to the start of the second line
    first = sorted(lines.items())[0][1]
    assert (first[1]["x0"] - first[0]["x1"]) / first[0]["size"] == pytest.approx(0.25, abs=0.03)


# Running text as the content writes it: a space where Japanese meets Latin text.
RUNNING = (
    "2 機の NeuSpotter を配置する。OCR が Y の「終わり。」と読む。攻撃力 +1 の修正を受ける。"
    "1 個のユニットが 6 勝利ポイントを得る。O.G.P. の合計は第 1 ターンに数える。"
    "ソビエト空挺ユニットは「pre-GT1」で、マップに降下できるが、NATO の HQ レンジには入れない。"
)


@pytest.mark.parametrize("width", [62, 85, 120, 178])
def test_justified_japanese_fills_each_line_and_keeps_its_gaps(tmp_path, width):
    """`text-align: justify` spreads a Japanese line between its characters (WeasyPrint 70 would
    widen only its spaces, a gap's kept one): every line but the last ends at the column's edge,
    and each gap stays a quarter em beyond that spread (issue 44)."""
    css = f"p {{ width: {width}mm; text-align: justify }}"
    path = _typeset_pdf(tmp_path, f'<p lang="ja">{RUNNING * 3}</p>', css)
    found = list(elements(path))
    lines = [line for element in found for line in element.lines()]
    assert len(lines) > 3
    assert not short_lines(found)
    gaps = meetings(found)
    assert len(gaps.right) > 20 and gaps.share == 1.0, (gaps.tight, gaps.wide)


GLUED = (
    "GustavとKonradの兵器はL(レーザー)と記載されているが、パンツァーファウストも携行している。"
    "GustavとKonradがパンツァーファウストを使う場合の攻撃値はPKAと同じで、攻撃力10、射程4である。"
)


def test_a_justified_line_before_latin_words_glued_to_japanese_is_not_spread_loose(tmp_path):
    """「GustavとKonradが」, with no space in the text, was one unbreakable stretch: the line
    before it was spread 0.29 em between characters in the bilingual mak.rules (issue 44). A line
    may break at each gap now, and no justified line spreads more than a quarter em."""
    widths = range(78, 114, 3)  # 22 to 32 ems: the bilingual booklet's column is 25
    paragraphs = "".join(f'<p style="width: {width}mm">{GLUED}</p>' for width in widths)
    path = _typeset_pdf(tmp_path, paragraphs, "p { text-align: justify }")
    found = list(elements(path))
    assert len(found) >= 12  # one a width (one may run on to a second page)
    assert not loose_lines(found)


@pytest.mark.parametrize(
    ("tail", "head", "split"),
    [
        ("[9.3.2](p.", "12)参照", True),
        ("S.F.", "3.DII", True),
        ("1,not-2.", "1から4ヘク", False),  # the English line ended; the Japanese one starts
    ],
)
def test_the_split_measure_tells_a_broken_reference_from_two_sentences(tail, head, split):
    assert bool(split_between(tail, head)) is split


@pytest.mark.parametrize(
    ("tail", "counted"), [("以内の 3", True), ("合計 12", True), ("、+1", False), ("、−2", False)]
)
def test_a_signed_modifier_ending_a_line_is_no_numeral_parted_from_its_counter(tail, counted):
    assert counted_number_ends(tail) is counted


SPREAD = "解析記憶ユニット(AMU)はNeuSpotterの下部に収められており、Sphinx、N.Rockerの情報をすべて記録している。"


def test_justification_spaces_no_latin_letters_apart_nor_room_before_a_closing_mark(tmp_path):
    """「(AMU)」 shares a text box with the Japanese beside it, no gap parting them: its letters
    were spaced apart with the Japanese (`mak.rules` both p. 36, issue 44). A closing mark carries
    its own room, so none is added after a Latin word before it (「Sphinx 、」, the errata card)."""
    widths = range(60, 96, 4)
    paragraphs = "".join(f'<p style="width: {width}mm">{SPREAD * 3}</p>' for width in widths)
    path = _typeset_pdf(tmp_path, paragraphs, "p { text-align: justify }")
    spread, crowded = 0, []
    for element in elements(path):
        for line in element.lines()[:-1]:
            rooms = [(b, a, (a["x0"] - b["x1"]) / b["size"]) for b, a in itertools.pairwise(line)]
            spread += any(room > 0.02 for _, _, room in rooms)
            crowded += [
                f"{b['text']}{a['text']} {room:.2f}"
                for b, a, room in rooms
                if room > 0.02 and _apart(b, a)
            ]
    assert spread > 10  # the lines were spread
    assert not crowded


def _apart(before: dict, after: dict) -> bool:
    """Whether justification must put no room between two characters: two Latin letters, or a
    Latin letter and the closing mark after it."""
    pair = before["text"] + after["text"]
    latin = before["text"].isascii() and before["text"].isalpha()
    return (pair.isascii() and pair.isalpha()) or (latin and after["text"] in "、。")
