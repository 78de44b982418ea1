"""Typeset pages kept between builds, keyed by the page as the templates made it.

Typesetting reads every page with a Python HTML parser (generator.render.typeset); a build with
nothing changed makes the same pages again only to find every PDF in the document cache. Each
typeset page is kept in `$XDG_CACHE_HOME/playaid/typeset` as a sealed entry
(generator.core.fingerprint.seal) under the SHA-256 of the raw page, the glossary's terms, the
options, BudouX's version and playaid's code and catalogs, so any change to any of them misses; a
damaged entry is ignored and the page typeset again. A cache that cannot be written is skipped.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from generator.core.fingerprint import code_digest, read_regular, seal, unseal
from generator.render.typeset import typeset
from generator.render.typeset.long_words import mark_long_words

FORMAT = 1
ENTRY_BYTES = 256 * 1024 * 1024
KEPT = 12000  # pages kept; a full build in every edition is about 1,500
_NAME = re.compile(r"[0-9a-f]{64}\.json")


@dataclass(frozen=True)
class Layout:
    """How a page is typeset (`typeset`'s options), and whether its long words are marked first
    (generator.render.typeset.long_words)."""

    card_lines: bool = True
    keep_breaks: bool = False
    long_words: bool = False


def typeset_kept(
    html: str, words: Iterable[str] = (), layout: Layout = Layout(), *, fresh: bool = False
) -> str:
    """`typeset` as `layout` says, from the cache when this page was typeset before (unless
    `fresh`: `build --no-cache` typesets afresh and refreshes the cache)."""
    terms = sorted(set(words))
    key = typeset_key(html, terms, layout)
    kept = None if fresh else _read(key)
    if kept is not None:
        return kept
    if layout.long_words:
        html = mark_long_words(html)
    done = typeset(html, terms, card_lines=layout.card_lines, keep_breaks=layout.keep_breaks)
    _write(key, done)
    return done


def typeset_key(html: str, words: Iterable[str], layout: Layout) -> str:
    """The key of one page typeset with these terms and options by this playaid (and BudouX):
    what the typeset page is made from."""
    options = f"card_lines={layout.card_lines} keep_breaks={layout.keep_breaks}"
    options += " long_words" if layout.long_words else ""
    return _key(html, sorted(set(words)), options)


def _key(html: str, terms: list[str], options: str) -> str:
    """The key of one page typeset with these terms and options by this playaid."""
    digest = hashlib.sha256(f"{_environment()}\n{options}\n".encode())
    digest.update("\n".join(terms).encode() + b"\n\0")
    digest.update(html.encode())
    return digest.hexdigest()


@functools.cache
def _environment() -> str:
    """What every typesetting depends on besides its page: the format, the code, BudouX."""
    try:
        budoux = metadata.version("budoux")
    except metadata.PackageNotFoundError:
        budoux = "absent"
    return f"format {FORMAT}\n{code_digest()}\nbudoux {budoux}"


def _folder() -> Path | None:
    """The cache folder, when the cache can take files."""
    from generator.core import caching

    return caching.folder("typeset")


def _read(key: str) -> str | None:
    """The typeset page kept under this key, or None (missing, damaged, another key)."""
    from generator.core.files import is_real_folder
    from generator.core.places import cache_root

    where = cache_root() / "typeset"
    if not is_real_folder(where):
        return None
    raw = read_regular(where / f"{key}.json", ENTRY_BYTES)
    data = None if raw is None else unseal(raw, FORMAT, key)
    return data if isinstance(data, str) else None


def _write(key: str, page: str) -> None:
    """Keep a typeset page, atomically; a cache that cannot take it is skipped (said once)."""
    from generator.core import caching
    from generator.core.files import WriteError, write_atomically

    where = _folder()
    if where is None:
        return
    try:
        write_atomically(where / f"{key}.json", seal(FORMAT, key, page), durable=False)
    except (OSError, WriteError) as error:
        caching.give_up(error)


def prune() -> None:
    """Remove the oldest pages beyond the number kept (only entries named as playaid names
    them, never through a link)."""
    from generator.core.files import is_real_folder
    from generator.core.places import cache_root

    where = cache_root() / "typeset"
    if not is_real_folder(where):
        return
    with contextlib.suppress(OSError):
        entries = [path for path in where.iterdir() if _NAME.fullmatch(path.name)]
        if len(entries) <= KEPT:
            return
        entries.sort(key=lambda p: p.lstat().st_mtime, reverse=True)
        for old in entries[KEPT:]:
            old.unlink(missing_ok=True)
