"""The Japanese font comes from fontconfig when the system has one, else from the pip wheels."""

from __future__ import annotations

import stat

from generator import fonts


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


def test_a_subset_of_a_subset_skips_passes_but_keeps_every_outline(tmp_path):
    from fontTools.pens.recordingPen import RecordingPen
    from fontTools.ttLib import TTFont

    from generator.render.subset import subset_font

    build_font = subset_font(
        fonts.japanese_font().regular, "航空攻撃機種表ダイス目標番号", cache=tmp_path
    )
    made = [
        TTFont(
            subset_font(build_font, "ダイス番号", cache=tmp_path / str(plain), plain_source=plain)
        )
        for plain in (False, True)
    ]
    assert made[0].getGlyphOrder() == made[1].getGlyphOrder()
    outlines = []
    for font in made:
        glyphs, drawn = font.getGlyphSet(), {}
        for name in font.getGlyphOrder():
            pen = RecordingPen()
            glyphs[name].draw(pen)
            drawn[name] = pen.value
        outlines.append(drawn)
    assert outlines[0] == outlines[1]
    assert sum(1 for value in outlines[0].values() if value) > 10


def test_missing_characters_reads_a_font_collection(tmp_path):
    """Debian's fonts-noto-cjk ships Noto Sans CJK as a collection (.ttc): `review` asked it
    which characters it lacks and crashed (exit 3) wherever that package was installed."""
    from fontTools.ttLib import TTFont
    from fontTools.ttLib.ttCollection import TTCollection

    from generator.fonts import japanese_font
    from generator.render.subset import missing_characters, subset_font

    collection = TTCollection()
    collection.fonts = [
        TTFont(subset_font(japanese_font().regular, text, cache=tmp_path)) for text in ("題", "名")
    ]
    path = tmp_path / "two.ttc"
    collection.save(path)
    assert missing_characters(path, "題名") == {"名"}  # the first face, as fonts.py reads it
