"""A word longer than its column, marked so that the style sheet breaks it anywhere (issue 33).

Only where needed: a run of LONG or more characters with no white space and no Japanese in it (a
player's `WWWW…`, a row of ■) is wrapped in a `long-word` span, which scenario.css sets
`overflow-wrap: anywhere`. Set on whole paragraphs, that property also moved WeasyPrint's line
breaks in ordinary Japanese text (a 、 at the start of a line), so it is kept to these runs. Text
in <style>, <script> and SVG is left as it is.
"""

from __future__ import annotations

import functools
import re

from generator.core.japanese import JAPANESE
from generator.render.typeset.tokens import read_tokens, text_markup

LONG = 20  # characters: longer than any word the content writes
LONG_RUN = re.compile(f"[^\\s{JAPANESE}]{{{LONG},}}")
OPEN, CLOSE = '<span class="long-word">', "</span>"


@functools.lru_cache(maxsize=8)
def mark_long_words(html: str) -> str:
    """The page with each long unbroken run of its text in a `long-word` span (a page typeset
    several ways is marked once)."""
    if not LONG_RUN.search(html):
        return html
    out: list[str] = []
    svg = 0
    for token in read_tokens(html):
        if token.kind in ("start", "end") and token.tag == "svg":
            svg += 1 if token.kind == "start" else -1
        if token.kind != "text" or token.cdata:
            out.append(token.raw)
        elif svg:
            out.append(text_markup(token.raw))
        else:
            out.append(_marked(token.raw))
    return "".join(out)


def _marked(text: str) -> str:
    """One text with its long runs wrapped, escaped as HTML text."""
    out, last = [], 0
    for run in LONG_RUN.finditer(text):
        out.append(text_markup(text[last : run.start()]))
        out.append(OPEN + text_markup(run.group()) + CLOSE)
        last = run.end()
    out.append(text_markup(text[last:]))
    return "".join(out)
