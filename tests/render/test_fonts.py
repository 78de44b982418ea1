"""The Japanese font comes from fontconfig when the system has one, else from the pip wheels."""

from __future__ import annotations

import re
import stat
from typing import Any

from generator.render import fonts


def test_without_fontconfig_the_pip_font_is_used(monkeypatch):
    monkeypatch.setattr(fonts.shutil, "which", lambda name: None)
    font = fonts.japanese_font()
    assert font.origin == "PyPI (noto-cjk[sans-jp])"
    assert font.family == "Noto Sans CJK JP"
    assert font.regular.name == "NotoSansCJKjp-Regular.otf" and font.regular.is_file()
    assert font.bold is not None and font.bold.is_file()


def test_a_system_japanese_font_is_preferred(monkeypatch, tmp_path):
    fake = tmp_path / "fc-list"
    fake.write_text(
        "#!/bin/sh\n"
        "echo '/fonts/Other.ttf: IPAGothic:style=Regular'\n"
        "echo '/fonts/NotoSansCJK-Bold.ttc: Noto Sans CJK JP,Noto Sans CJK JP Bold:style=Bold'\n"
        "echo '/fonts/NotoSansCJK-Regular.ttc: Noto Sans CJK JP:style=Regular'\n",
        encoding="utf-8",
    )
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setattr(fonts.shutil, "which", lambda name: str(fake))
    font = fonts.japanese_font()
    assert (font.family, str(font.regular), str(font.bold), font.origin) == (
        "Noto Sans CJK JP",
        "/fonts/NotoSansCJK-Regular.ttc",
        "/fonts/NotoSansCJK-Bold.ttc",
        "system (fontconfig)",
    )


def test_fontconfig_without_japanese_fonts_falls_back(monkeypatch, tmp_path):
    fake = tmp_path / "fc-list"
    fake.write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setattr(fonts.shutil, "which", lambda name: str(fake))
    assert fonts.japanese_font().origin == "PyPI (noto-cjk[sans-jp])"


def test_fonts_command_says_which_font(run):
    result = run("fonts")
    assert result.code == 0
    assert result.out.startswith("Japanese font: ")


def test_harfbuzz_keeps_the_glyphs_outlines_and_names_fonttools_kept(tmp_path):
    """The subset HarfBuzz makes holds what the fontTools path it replaced held: the same glyphs
    for the same characters, drawn the same, every name; and the same bytes each time."""
    import io

    from fontTools import subset as ft_subset
    from fontTools.pens.recordingPen import DecomposingRecordingPen
    from fontTools.ttLib import TTFont

    from generator.render.subset import BASE_CHARACTERS, harfbuzz_subset, subset_font

    source, text = fonts.japanese_font().regular, "航空攻撃機種表ダイス目標番号、「」。"
    wanted = "".join(sorted(set(text + BASE_CHARACTERS)))
    options = ft_subset.Options()
    options.hinting, options.desubroutinize, options.name_IDs = False, True, ["*"]
    options.notdef_outline, options.recalc_timestamp = True, False
    reference = TTFont(source, fontNumber=0, recalcTimestamp=False)
    subsetter = ft_subset.Subsetter(options)
    subsetter.populate(text=wanted)
    subsetter.subset(reference)
    made = TTFont(subset_font(source, text, cache=tmp_path))
    assert len(made.getGlyphOrder()) == len(reference.getGlyphOrder())
    assert made.getBestCmap().keys() == reference.getBestCmap().keys()
    assert sorted(made.keys()) == sorted(reference.keys())
    assert len(made["name"].names) == len(reference["name"].names)
    for font_a, font_b in [(made, reference)]:
        cmap_a, cmap_b = font_a.getBestCmap(), font_b.getBestCmap()
        glyphs_a, glyphs_b = font_a.getGlyphSet(), font_b.getGlyphSet()
        for code in cmap_b:
            pens = DecomposingRecordingPen(glyphs_a), DecomposingRecordingPen(glyphs_b)
            glyphs_a[cmap_a[code]].draw(pens[0])
            glyphs_b[cmap_b[code]].draw(pens[1])
            assert pens[0].value == pens[1].value, chr(code)
            assert glyphs_a[cmap_a[code]].width == glyphs_b[cmap_b[code]].width
    assert harfbuzz_subset(source, wanted) == harfbuzz_subset(source, wanted)
    assert TTFont(io.BytesIO(harfbuzz_subset(source, wanted))).getBestCmap()


def test_missing_characters_reads_a_font_collection(tmp_path):
    """Debian's fonts-noto-cjk ships Noto Sans CJK as a collection (.ttc): `review` asked it
    which characters it lacks and crashed (exit 3) wherever that package was installed."""
    from fontTools.ttLib import TTFont
    from fontTools.ttLib.ttCollection import TTCollection

    from generator.render.fonts import japanese_font
    from generator.render.subset import missing_characters, subset_font

    collection = TTCollection()
    collection.fonts = [
        TTFont(subset_font(japanese_font().regular, text, cache=tmp_path)) for text in ("題", "名")
    ]
    path = tmp_path / "two.ttc"
    collection.save(path)
    assert missing_characters(path, "題名") == {"名"}  # the first face, as fonts.py reads it


def test_the_font_identity_changes_when_a_face_fontconfig_offers_changes(monkeypatch, tmp_path):
    face = tmp_path / "Japanese-Regular.otf"
    face.write_bytes(b"not read: only its size and time key a cached check")
    fake = tmp_path / "fc-list"
    fake.write_text(f"#!/bin/sh\necho '{face}: Noto Sans CJK JP:style=Regular'\n", "utf-8")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setattr(fonts.shutil, "which", lambda name: str(fake))
    before = fonts.font_identity()
    assert str(face) in before and "NotoSansCJKjp-Regular.otf" in before  # the fallback too
    face.write_bytes(b"another font, of another size")
    assert fonts.font_identity() != before
    face.unlink()
    assert fonts.font_identity().startswith("missing:")


def _font_names(resources: Any) -> set[str]:
    """The base names (subset tag dropped) of the fonts a page's resources hold, those of its
    form XObjects too."""
    resources = resources.get_object() if resources is not None else {}
    names = {
        str(font.get_object()["/BaseFont"]).split("+")[-1]
        for font in resources.get("/Font", {}).values()
    }
    for xobject in resources.get("/XObject", {}).values():
        names |= _font_names(xobject.get_object().get("/Resources"))
    return names


def test_a_hyphenated_bilingual_card_draws_only_the_projects_fonts(tmp_path):
    """WeasyPrint ends a hyphenated word (a long English word in Japanese text, `ja-hyphens`)
    with U+2010, which Noto Sans CJK JP sets as a full-width hyphen and no subset holds: DejaVu
    Sans, a system font, drew 「Macka‐」 on the bilingual pilots card (issue 44)."""
    from pypdf import PdfReader

    from generator.cli import main

    assert main(["build", "mak.pilots", "--lang", "both", "--no-site", "--out", str(tmp_path)]) == 0
    path = tmp_path / "mak/both/mak.pilots.card.1.a5.pdf"
    reader = PdfReader(path)
    lines = [line for page in reader.pages for line in page.extract_text().splitlines()]
    assert any(re.search(r"[A-Za-z][-\u2010]$", line) for line in lines)  # hyphenated
    names = set().union(*(_font_names(page["/Resources"]) for page in reader.pages))
    assert names == {"Playaid-Sans", "Playaid-Sans-Bold"}, names
