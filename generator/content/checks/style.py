"""One way of writing in the texts this project translated: half-width brackets and digits, and
no English word left inside its Japanese. Text copied from a seed stays as printed.

The rule (docs/content-format.md): brackets ( ) [ ] and digits 0-9 are half-width in both
languages, as the seeds' own Japanese writes them. In this project's Japanese an English word is
a finding unless it is quoted (「…」, 『…』, “…”), given in parentheses after its translation, part
of an id (`fpcf.air-drop`), a unit's name, or a name: a word with a capital letter or a digit
(NeuSpotter, AFS, Sph69-p, Heinz) or a particle between two of them (Schmitt von Siegfried).

And it reads as Japanese (`japanese_style`, usable on any string this project writes):
- `japanese-punctuation`: after Japanese text (a character of `generator.core.japanese.JAPANESE`:
  kanji, kana, 々, 〆) a sentence ends with 。 and list items are separated by 、, so a `,` `.`
  `，` or `．` there is a finding, also with spaces, closing brackets 」』)）], a reference
  [16.2.2] or an aside in parentheses between (「脱出(オプションルール), 地雷」,
  「得点になる [16.2.2].」); a mark after Latin letters or digits is not (No. 17, O.G.P., 2.5,
  mak.pilot-vp).
- `japanese-space`: no space or ideographic space after 。 or 、 (「2発まで。 1発ごと」). A line
  break is never a finding: in a multi-line block text it ends a line or a paragraph.
- `turn-number-form`: a turn number is 第Nターン (第Nゲームターン), so ターン or ゲームターン
  followed by a number (「ターン 1」「ゲームターン3」) is a finding; a count (8ターン,
  1ターンに2発, 毎ターン2発, 各ターン1回), 第1ターン and the seed's GT1 are not.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import Any

from generator.content.model.base import LocalizedText
from generator.content.model.walk import walk
from generator.content.yaml_loader import Document
from generator.core.diagnostics import Issue
from generator.core.japanese import JAPANESE

FULL_WIDTH = re.compile(r"[（）［］０-９]")
QUOTED = re.compile(r"「[^」]*」|『[^』]*』|“[^”]*”|\"[^\"]*\"|\([^()]*\)|（[^（）]*）")
IDENTIFIER = re.compile(r"\b[a-z]+\.[a-z0-9][a-z0-9.-]*")
WORD = re.compile(r"[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ0-9'’.\-]*")
# What may stand between Japanese text and its mark: spaces, closing brackets, a reference
# [16.2.2], an aside in parentheses.
_BETWEEN = r"(?:[ \u3000」』)）\]]|\[[^\[\]\n]*\]|\([^()\n]*\)|（[^（）\n]*）)*"
STYLE_RULES = (
    ("japanese-punctuation", re.compile(f"[{JAPANESE}]{{1,8}}{_BETWEEN}[,.，．]")),
    ("japanese-space", re.compile(r"[^\s。、]{0,6}[。、][ \u3000]+[^\s]?")),
    (
        "turn-number-form",
        re.compile(
            r"(?<![0-9０-９第毎各])(?:ゲーム)?ターン[ \u3000]?[0-9０-９]+"
            r"(?![0-9０-９]|[発回個枚度人機両本つ]|ヘクス|ポイント|ユニット)"
        ),
    ),
)


def style_issues(document: Document, model: Any, names: Iterable[str]) -> list[Issue]:
    """Width, Latin-script and Japanese-style findings in the translated side of every text of
    one document."""
    spelled = sorted({name for name in names if name}, key=len, reverse=True)
    issues: list[Issue] = []
    for path, value in walk(model):
        if not isinstance(value, LocalizedText) or value.tr not in ("en", "ja"):
            continue
        translated = value.get(value.tr)
        where = (*path, value.tr)
        for character in dict.fromkeys(FULL_WIDTH.findall(translated)):
            issues.append(
                document.issue(where, "text-full-width", severity="warning", character=character)
            )
        if value.tr == "ja":
            for word in english_words(translated, spelled):
                issues.append(
                    document.issue(where, "english-in-japanese", severity="warning", word=word)
                )
            for code, snippet in japanese_style(translated):
                issues.append(document.issue(where, code, severity="warning", text=snippet))
    return issues


def japanese_style(text: str) -> list[tuple[str, str]]:
    """Each (code, snippet) where Japanese text breaks a rule of the module docstring, once."""
    found = [
        (code, match.group()) for code, pattern in STYLE_RULES for match in pattern.finditer(text)
    ]
    return list(dict.fromkeys(found))


def english_words(japanese: str, names: list[str]) -> list[str]:
    """The English words left in a Japanese text, each once, as the module docstring rules."""
    text = QUOTED.sub(" ", japanese)
    text = IDENTIFIER.sub(" ", text)
    if names:
        text = _any_name(tuple(names)).sub(" ", text)
    words = WORD.findall(text)
    found = []
    for index, word in enumerate(words):
        letters = word.strip(".-'’")
        if len(letters) < 2 or not letters.isalpha() or not letters.islower():
            continue
        between = (
            0 < index < len(words) - 1 and _named(words[index - 1]) and _named(words[index + 1])
        )
        if not between and letters != "playaid":
            found.append(letters)
    return list(dict.fromkeys(found))


@functools.lru_cache(maxsize=8)
def _any_name(names: tuple[str, ...]) -> re.Pattern[str]:
    """One pattern for the names a text may spell in Latin letters, longest first, any case."""
    ordered = sorted(names, key=len, reverse=True)
    return re.compile("|".join(re.escape(name) for name in ordered), re.I)


def _named(word: str) -> bool:
    """Whether a word reads as part of a name: it has a capital letter or a digit."""
    return any(character.isupper() or character.isdigit() for character in word)
