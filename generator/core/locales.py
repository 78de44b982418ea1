"""The Babel catalogs under locales/: template strings and diagnostics, looked up by context.

English is the message id itself; other languages come from `locales/<lang>/LC_MESSAGES/
messages.po`, read once per process: with Babel when the catalog changed, else from the JSON of it
kept in the cache, so that a table-side command imports no Babel. Diagnostics carry their stable
code as the message context, so two codes may share an English text and still be translated apart.
"""

from __future__ import annotations

import functools
import gettext
import hashlib
import io
import os
import re
from pathlib import Path
from typing import Any

from generator.core.places import LOCALES, cache_root


def po_path(lang: str) -> Path:
    """Where the catalog of one language lives."""
    return LOCALES / lang / "LC_MESSAGES" / "messages.po"


def missing_catalog() -> Path | None:
    """The Japanese catalog's path when it cannot be read (checked once at start)."""
    path = po_path("ja")
    return None if path.is_file() and os.access(path, os.R_OK) else path


KEPT_FORMAT = 1  # of a catalog kept in the cache; a new shape takes a new number
KEPT_CATALOGS = 2  # entries of a language kept: the newest, and one for a checkout beside it
_KEPT_NAME = re.compile(r"catalog-[a-z]{2}-[0-9a-f]{64}\.json")


@functools.cache
def _entries(lang: str) -> dict[tuple[str | None, str], str]:
    """Every translated, non-fuzzy message of one language, by (context, English)."""
    return {(context, english): shown for context, english, shown in _catalog(lang)["messages"]}


@functools.cache
def _plural_entries(lang: str) -> tuple[dict[tuple[str | None, str], tuple[str, ...]], str]:
    """Every translated, non-fuzzy plural message of one language, by (context, singular), and
    the catalog's plural expression (its Plural-Forms)."""
    catalog = _catalog(lang)
    entries = {(context, one): tuple(forms) for context, one, forms in catalog["plurals"]}
    return entries, catalog["expression"]


@functools.cache
def _catalog(lang: str) -> dict[str, Any]:
    """A language's catalog as plain data, kept in the cache under the digest of its bytes: a
    table-side command (`lookup`, `rule`) reads the JSON, and only a changed catalog is read
    with Babel."""
    from generator.core.fingerprint import read_regular
    from generator.core.limits import PO_BYTES

    raw = read_regular(po_path(lang), PO_BYTES)
    if raw is None:  # reported at start by missing_catalog(); English meanwhile
        return {"messages": [], "plurals": [], "expression": "(n != 1)"}
    key = hashlib.sha256(raw).hexdigest()
    kept = _kept(f"catalog-{lang}-{key}.json", key)
    if kept is not None:
        return kept
    catalog = _read_catalog(raw, lang)
    _UNKEPT[f"catalog-{lang}-{key}.json"] = (key, catalog)
    return catalog


_UNKEPT: dict[str, tuple[str, dict[str, Any]]] = {}  # read with Babel this run, by kept name


def keep_catalogs() -> None:
    """Keep the catalogs read with Babel this run: called once a command's content has loaded
    (a table-side answer, a check, a build), so that a run refused for a bad file leaves the
    cache as it was."""
    for name, (key, catalog) in _UNKEPT.items():
        _keep(name, key, catalog)
    _UNKEPT.clear()


def _read_catalog(raw: bytes, lang: str) -> dict[str, Any]:
    """A .po's translated, non-fuzzy messages and plural messages, and its plural expression."""
    from babel.messages.pofile import read_po

    catalog = read_po(io.BytesIO(raw), locale=lang)
    done = [m for m in catalog if m.id and m.string and not m.fuzzy]
    return {
        "messages": [[m.context, m.id, m.string] for m in done if isinstance(m.id, str)],
        "plurals": [
            [m.context, m.id[0], list(m.string)]
            for m in done
            if isinstance(m.id, tuple) and all(m.string)
        ],
        "expression": catalog.plural_expr,
    }


def _kept(name: str, key: str) -> dict[str, Any] | None:
    """A catalog kept in the cache, or None (missing, damaged, of another shape)."""
    from generator.core.files import is_real_folder
    from generator.core.fingerprint import read_regular, unseal
    from generator.core.limits import PO_BYTES

    folder = cache_root() / "content"
    if not is_real_folder(folder):  # a link planted for the folder is never read through
        return None
    raw = read_regular(folder / name, PO_BYTES)
    data = None if raw is None else unseal(raw, KEPT_FORMAT, key)
    return data if _well_formed(data) else None


def _well_formed(data: Any) -> bool:
    """Whether kept data has the shape _read_catalog gives."""
    texts = (str, type(None))
    try:
        return (
            isinstance(data["expression"], str)
            and all(
                isinstance(context, texts) and isinstance(english, str) and isinstance(shown, str)
                for context, english, shown in data["messages"]
            )
            and all(
                isinstance(context, texts)
                and isinstance(one, str)
                and all(isinstance(form, str) for form in forms)
                for context, one, forms in data["plurals"]
            )
        )
    except (KeyError, TypeError, ValueError):
        return False


def _keep(name: str, key: str, catalog: dict[str, Any]) -> None:
    """Keep a catalog in the cache; a cache that takes no file is left as it is (the catalog is
    read with Babel again next time, and the command that writes the cache says it cannot)."""
    from generator.core.files import WriteError, cache_folder, write_atomically
    from generator.core.fingerprint import seal

    try:
        folder = cache_folder("content")
        write_atomically(folder / name, seal(KEPT_FORMAT, key, catalog), durable=False)
        mine = [p for p in folder.iterdir() if _KEPT_NAME.fullmatch(p.name)]
        mine = [p for p in mine if p.name.split("-")[1] == name.split("-")[1]]
        mine.sort(key=lambda p: p.lstat().st_mtime, reverse=True)
        for old in mine[KEPT_CATALOGS:]:
            old.unlink(missing_ok=True)
    except (OSError, WriteError, ValueError):
        return


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
