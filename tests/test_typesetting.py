"""Japanese line breaking keeps punctuation and small kana off the start of a line."""

from __future__ import annotations

import io

from pypdf import PdfReader

from generator.fonts import japanese_font
from generator.render.i18n import TEMPLATES
from generator.render.pdf import render_pdf
from generator.render.subset import cache_dir, subset_font

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
