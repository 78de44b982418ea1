"""Japanese phrases (文節) where a short text may break: BudouX's boundaries, made whole.

BudouX (Google's phrase segmenter) sometimes cuts a compound into single kanji (航|空|攻撃の):
a phrase of one kanji joins the phrase after it when that starts with a kanji, else the one
before. BudouX leaves a long compound whole (第39親衛機械化ライフル師団), wider than a narrow
cell: a phrase of LONG_PHRASE characters or more may also break where kanji and katakana meet
(親衛機械化|ライフル|師団), each side two characters at least, and at each end of a named word
in it. No boundary falls inside a word the caller names (the glossary's terms) or inside a
Western word (a code, a number, @@a-token@@).
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterable

KANJI = re.compile(r"[\u3005\u3400-\u4dbf\u4e00-\u9fff]")
WESTERN_WORD = re.compile(r"[!-~\u00a1-\u2e7f]+")  # a run of Western characters, spaces apart
LONG_PHRASE = 8  # characters: a compound this long may break where kanji and katakana meet
SCRIPT_RUN = re.compile(r"[\u3005\u3400-\u4dbf\u4e00-\u9fff]+|[\u30a1-\u30fa\u30fc]+")


@functools.cache
def _parser():
    import budoux

    return budoux.load_default_japanese_parser()


def phrase_bounds(text: str, words: re.Pattern[str] | None = None) -> list[int]:
    """The offsets in `text` where one phrase ends and the next begins (0 and len excluded);
    none inside a match of `words`."""
    pieces = _joined_kanji(_parser().parse(text))
    bounds, position = [], 0
    matches = list(words.finditer(text)) if words else []
    for index, piece in enumerate(pieces):
        bounds += [position + cut for cut in _compound_cuts(piece)]
        if len(piece) >= LONG_PHRASE:  # a term inside a long compound is a phrase of its own
            edges = {edge for match in matches for edge in match.span()}
            bounds += [edge for edge in edges if position < edge < position + len(piece)]
        position += len(piece)
        if index < len(pieces) - 1:
            bounds.append(position)
    inside: set[int] = set()
    for match in matches:
        inside.update(range(match.start() + 1, match.end()))
    for match in WESTERN_WORD.finditer(text):
        inside.update(range(match.start() + 1, match.end()))
    return sorted({bound for bound in bounds if bound not in inside})


def _compound_cuts(piece: str) -> list[int]:
    """Where a long phrase may also break: each meeting of a kanji run and a katakana run, both
    at least two characters long."""
    if len(piece) < LONG_PHRASE:
        return []
    runs = list(SCRIPT_RUN.finditer(piece))
    return [
        after.start()
        for before, after in itertools.pairwise(runs)
        if before.end() == after.start()
        and len(before.group()) > 1
        and len(after.group()) > 1
        and bool(KANJI.match(before.group())) != bool(KANJI.match(after.group()))
    ]


def words_pattern(words: Iterable[str]) -> re.Pattern[str] | None:
    """One pattern for the words no boundary may split (longest first), or None."""
    kept = sorted({word for word in words if len(word) > 1}, key=len, reverse=True)
    return re.compile("|".join(map(re.escape, kept))) if kept else None


def _joined_kanji(pieces: list[str]) -> list[str]:
    """BudouX's phrases with each lone kanji joined to a neighbour."""
    joined: list[str] = []
    index = 0
    while index < len(pieces):
        piece = pieces[index]
        lone = len(piece) == 1 and KANJI.match(piece)
        if lone and index + 1 < len(pieces) and KANJI.match(pieces[index + 1]):
            pieces[index + 1] = piece + pieces[index + 1]
        elif lone and joined:
            joined[-1] += piece
        else:
            joined.append(piece)
        index += 1
    return joined
