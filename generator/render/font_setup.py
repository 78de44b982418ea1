"""WeasyPrint's font configurations, one per set of fonts a page names, kept for the next render.

WeasyPrint makes a new `FontConfiguration` for each render unless given one, and making one
(fontconfig's configuration and font set, Pango's font map) leaves memory behind that freeing it
never gives back: about 0.2 MB a render, with or without `@font-face`. A `build --watch` that
renders the same sheet after every save piled that up without end (issue 33, item 6).

So a configuration is kept per set of font files and temporary folder, and a render naming the
same files (a document rendered again with the same characters, or another type size of it) in
the same temporary folder takes the kept one. A configuration keeps its copies of the fonts in
the temporary folder, which a build removes when it ends; a watch keeps one open across all its
builds (generator.render.scratch), so its rebuilds find their configurations still whole. The
configuration is not shared between different sets: each page names its subsets under the same
family ("Playaid Sans"), and fontconfig, given two faces of one family and weight, would draw from
whichever it met first. A few are kept, the least recently used let go; one let go leaves its
0.2 MB behind, so memory grows only when a save changes the characters a document prints.
"""

from __future__ import annotations

import re
import tempfile
from collections import OrderedDict
from pathlib import Path
from urllib.parse import unquote, urlsplit

from weasyprint.text.fonts import FontConfiguration

from generator.core.glyphs import faces_identity

KEPT = 8  # configurations kept: a watch rebuilds a few documents, each in a few type sizes
_FACE_SOURCE = re.compile(r'@font-face\s*\{[^}]*?src:\s*url\("([^"]+)"\)')
_kept: OrderedDict[tuple, FontConfiguration] = OrderedDict()


def font_configuration(html: str) -> FontConfiguration:
    """The kept configuration for the font files a page's `@font-face` rules name (each by its
    path, size and time, so a file made again is a new set) in this temporary folder, or a new
    one, kept."""
    key = (tempfile.gettempdir(), _fonts(sorted(set(_FACE_SOURCE.findall(html)))))
    configuration = _kept.pop(key, None)
    if configuration is None or not _whole(configuration):
        configuration = FontConfiguration()
    _kept[key] = configuration
    while len(_kept) > KEPT:
        _kept.popitem(last=False)
    return configuration


def _whole(configuration: FontConfiguration) -> bool:
    """Whether the folder a configuration copied its fonts to is still there (WeasyPrint makes
    it at the first font; a cache cleared by hand removes it)."""
    folder = configuration._folder  # WeasyPrint 70's own: no public way to ask
    return folder is None or Path(folder).is_dir()


def _fonts(urls: list[str]) -> str:
    """The font files the URLs name, each with its size and time (core.glyphs.faces_identity);
    the URLs alone when one cannot be read (the render then fails on it as before)."""
    try:
        return faces_identity([Path(unquote(urlsplit(url).path)) for url in urls])
    except OSError:
        return "|".join(urls)
