"""An export onto a PO file that is already there merges into it, as gettext's msgmerge does: a
translator's work is never lost. Each entry keeps its translation and flags where its source is
unchanged; where the source changed, the translation is kept, marked fuzzy, with the source it
was made from as `#|` previous text; an entry whose text is gone stays as an obsolete `#~`
entry. Only `--force` replaces the file instead."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import polib

from generator.core.errors import UserError
from generator.core.messages import message

message(
    "po-cannot-merge",
    "{path} is there already and cannot be merged into ({reason}): name another --out, or give"
    " --force to replace it",
)
message("word:po-other-language", "it is a PO file of another language or direction")
message("word:po-duplicates", "it holds two entries for one text")

KEPT_HEADER = ("Last-Translator", "Language-Team", "PO-Revision-Date")  # the translator's own


def existing(path: Path) -> Any | None:
    """The PO file standing at `path` to merge into, None where there is none; a UserError
    where something stands there that cannot be merged into."""
    import os

    from generator.commands.translations.po_read import read_po

    if not os.path.lexists(path):
        return None
    try:
        return read_po(path)
    except UserError as error:
        raise UserError("po-cannot-merge", path=path, reason=error.message("en")) from error


def merge(old: Any, new: Any, path: Path, addresses: set[str]) -> Any:
    """`new` (the content's entries) merged into `old` (the file's): `addresses` are every text
    of this direction in the content, so that an entry `--state` did not select, still in the
    content, stays as the translator left it."""
    _mergeable(old, new, path)
    by_context = {entry.msgctxt: entry for entry in old if not entry.obsolete}
    chosen = {entry.msgctxt for entry in new}
    merged = polib.POFile(wrapwidth=new.wrapwidth)
    merged.header = old.header if old.header.strip() else new.header
    merged.metadata = dict(new.metadata)
    for key in KEPT_HEADER:
        if old.metadata.get(key):
            merged.metadata[key] = old.metadata[key]
    for entry in new:
        merged.append(_merged_entry(by_context.get(entry.msgctxt), entry))
    for entry in old:
        if entry.obsolete or entry.msgctxt in chosen:
            continue
        if entry.msgctxt in addresses:
            merged.append(copy.deepcopy(entry))  # not asked for this time: kept as it was
        elif entry.msgstr:
            merged.append(_obsolete(entry))
    merged.extend(
        copy.deepcopy(entry) for entry in old if entry.obsolete and entry.msgctxt not in chosen
    )
    return merged


def _mergeable(old: Any, new: Any, path: Path) -> None:
    """A UserError where the file is of another language or direction, or repeats a text."""
    for key in ("Language", "X-Source-Language"):
        if old.metadata.get(key, new.metadata[key]) != new.metadata[key]:
            raise UserError("po-cannot-merge", path=path, reason="word:po-other-language")
    contexts = [entry.msgctxt for entry in old if not entry.obsolete]
    if len(set(contexts)) != len(contexts):
        raise UserError("po-cannot-merge", path=path, reason="word:po-duplicates")


def _merged_entry(old: Any | None, new: Any) -> Any:
    """One text's entry: the content's (place, comments, source) with the translator's
    translation, comment and flags; fuzzy, beside the earlier source, where it changed."""
    if old is None:
        return new
    entry = copy.deepcopy(new)
    entry.tcomment = old.tcomment
    if old.msgstr:
        entry.msgstr = old.msgstr
    if old.msgid == new.msgid:
        entry.flags = list(old.flags)
        if "fuzzy" in old.flags and old.previous_msgid:
            entry.previous_msgctxt, entry.previous_msgid = old.previous_msgctxt, old.previous_msgid
        elif "fuzzy" not in old.flags:
            entry.previous_msgctxt = entry.previous_msgid = None
        return entry
    if "fuzzy" not in entry.flags:
        entry.flags.append("fuzzy")
    entry.previous_msgctxt, entry.previous_msgid = old.msgctxt, old.msgid
    return entry


def _obsolete(entry: Any) -> Any:
    """An entry whose text is gone from the content, kept as `#~` for the translator."""
    gone = copy.deepcopy(entry)
    gone.obsolete = True
    gone.occurrences = []
    gone.comment = ""
    gone.previous_msgctxt = gone.previous_msgid = None
    return gone
