"""The Babel catalogs under locales/: template strings and diagnostics, looked up by context.

English is the message id itself; other languages come from `locales/<lang>/LC_MESSAGES/
messages.po`, read once per process. Diagnostics carry their stable code as the message context,
so two codes may share an English text and still be translated apart.
"""

from __future__ import annotations

import functools
import gettext
import os
from pathlib import Path

from generator.core.places import LOCALES


def po_path(lang: str) -> Path:
    """Where the catalog of one language lives."""
    return LOCALES / lang / "LC_MESSAGES" / "messages.po"


def missing_catalog() -> Path | None:
    """The Japanese catalog's path when it cannot be read (checked once at start)."""
    path = po_path("ja")
    return None if path.is_file() and os.access(path, os.R_OK) else path


@functools.cache
def _entries(lang: str) -> dict[tuple[str | None, str], str]:
    """Every translated, non-fuzzy message of one language, by (context, English)."""
    from babel.messages.pofile import read_po

    try:
        handle = po_path(lang).open("rb")
    except OSError:
        return {}  # reported at start by missing_catalog(); English meanwhile
    with handle:
        catalog = read_po(handle, locale=lang)
    return {
        (message.context, message.id): message.string
        for message in catalog
        if message.id and isinstance(message.id, str) and message.string and not message.fuzzy
    }


@functools.cache
def _plural_entries(lang: str) -> tuple[dict[tuple[str | None, str], tuple[str, ...]], str]:
    """Every translated, non-fuzzy plural message of one language, by (context, singular), and
    the catalog's plural expression (its Plural-Forms)."""
    from babel.messages.pofile import read_po

    try:
        handle = po_path(lang).open("rb")
    except OSError:
        return {}, "(n != 1)"
    with handle:
        catalog = read_po(handle, locale=lang)
    entries = {
        (message.context, message.id[0]): tuple(message.string)
        for message in catalog
        if isinstance(message.id, tuple) and all(message.string) and not message.fuzzy
    }
    return entries, catalog.plural_expr


def translate_plural(
    lang: str, forms: tuple[str, str], count: object, context: str | None = None
) -> str:
    """The form of a counting message for `count` in `lang`, as ngettext chooses it by the
    catalog's Plural-Forms; the English form when the catalog has no translation."""
    singular, plurals = forms
    english = singular if count == 1 else plurals
    if lang == "en":
        return english
    entries, expression = _plural_entries(lang)
    found = entries.get((context, singular))
    if found is None or not isinstance(count, int):
        return found[-1] if found else english
    index = int(gettext.c2py(expression)(count))
    return found[min(index, len(found) - 1)]


def translate(lang: str, english: str, context: str | None = None) -> str:
    """`english` in `lang`; the English itself when the catalog has no translation."""
    if lang == "en":
        return english
    return _entries(lang).get((context, english), english)
