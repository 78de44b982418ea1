"""WeasyPrint's font configurations are kept per set of font files and temporary folder
(generator.render.font_setup): making one per render left memory behind at every rebuild of a
watch (issue 33, item 6)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from generator.render import font_setup
from generator.render.scratch import scratch


def page(*fonts: Path) -> str:
    """A page's head naming the font files as base.html does."""
    faces = "".join(
        f'@font-face {{ font-family: "Playaid Sans"; src: url("{font.as_uri()}"); }}\n'
        for font in fonts
    )
    return f"<style>\n{faces}</style><p>text</p>"


@pytest.fixture
def fonts(tmp_path, monkeypatch) -> list[Path]:
    """Two font files (their bytes never read here) and an empty set of kept configurations."""
    monkeypatch.setattr(font_setup, "_kept", type(font_setup._kept)())
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    paths = [tmp_path / "regular.otf", tmp_path / "bold.otf"]
    for path in paths:
        path.write_bytes(b"font")
    return paths


def test_a_page_naming_the_same_fonts_takes_the_kept_configuration(fonts):
    first = font_setup.font_configuration(page(*fonts))
    assert font_setup.font_configuration(page(*reversed(fonts))) is first
    assert len(font_setup._kept) == 1


def test_other_fonts_or_a_font_made_again_get_a_configuration_of_their_own(fonts):
    first = font_setup.font_configuration(page(*fonts))
    assert font_setup.font_configuration(page(fonts[0])) is not first
    os.utime(fonts[1], ns=(1, 1))  # the same name, written again
    assert font_setup.font_configuration(page(*fonts)) is not first


def test_another_temporary_folder_gets_a_configuration_of_its_own(fonts, tmp_path, monkeypatch):
    first = font_setup.font_configuration(page(*fonts))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "elsewhere"))
    assert font_setup.font_configuration(page(*fonts)) is not first


def test_a_configuration_whose_font_folder_was_removed_is_made_again(fonts, tmp_path):
    first = font_setup.font_configuration(page(*fonts))
    first._folder = tmp_path / "gone"  # as WeasyPrint names the folder it copied the fonts to
    assert font_setup.font_configuration(page(*fonts)) is not first


def test_only_the_most_recently_used_are_kept(fonts, tmp_path):
    for number in range(font_setup.KEPT + 3):
        font = tmp_path / f"{number}.otf"
        font.write_bytes(b"font")
        font_setup.font_configuration(page(font))
    assert len(font_setup._kept) == font_setup.KEPT


def test_a_scratch_inside_an_open_one_is_the_same_folder_and_outlives_the_inner(
    tmp_path, monkeypatch
):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    with scratch() as outer:
        with scratch() as inner:
            assert inner == outer and tempfile.gettempdir() == str(outer)
        assert outer.is_dir() and tempfile.gettempdir() == str(outer)
    assert not outer.exists()
