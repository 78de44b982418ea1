"""A player's word longer than its column is marked to break anywhere; nothing else is (issue 33)."""

from __future__ import annotations

from generator.render.typeset.long_words import LONG, mark_long_words


def test_a_long_unbroken_run_is_wrapped_and_escaped():
    html = f"<p>a &amp; {'W' * LONG} b</p>"
    assert mark_long_words(html) == (
        f'<p>a &amp; <span class="long-word">{"W" * LONG}</span> b</p>'
    )
    escaped = mark_long_words(f"<p>{'&lt;' * LONG}</p>")
    assert escaped == f'<p><span class="long-word">{"&lt;" * LONG}</span></p>'


def test_words_shorter_than_long_japanese_and_svg_and_style_are_left_as_they_are():
    page = (
        f"<p>{'W' * (LONG - 1)} {'あ' * 80}</p><svg><text>{'X' * 40}</text></svg>"
        f"<style>.a{{content:'{'Y' * 40}'}}</style>"
    )
    assert mark_long_words(page) == page
    assert mark_long_words(f"<p>{'■' * LONG}</p>").count("long-word") == 1
