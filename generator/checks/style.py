"""One way of writing in the texts this project translated: half-width brackets and digits, and
no English word left inside its Japanese. Text copied from a seed stays as printed.

The rule (docs/content-format.md): brackets ( ) [ ] and digits 0-9 are half-width in both
languages, as the seeds' own Japanese writes them. In this project's Japanese an English word is
a finding unless it is quoted (「…」, 『…』, “…”), given in parentheses after its translation, part
of an id (`fpcf.air-drop`), a unit's name, or a name: a word with a capital letter or a digit
(NeuSpotter, AFS, Sph69-p, Heinz) or a particle between two of them (Schmitt von Siegfried).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from generator.diagnostics import Issue
from generator.loader import Document
from generator.model.base import LocalizedText
from generator.model.walk import walk

FULL_WIDTH = re.compile(r"[（）［］０-９]")
QUOTED = re.compile(r"「[^」]*」|『[^』]*』|“[^”]*”|\"[^\"]*\"|\([^()]*\)|（[^（）]*）")
IDENTIFIER = re.compile(r"\b[a-z]+\.[a-z0-9][a-z0-9.-]*")
WORD = re.compile(r"[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ0-9'’.\-]*")


def style_issues(document: Document, model: Any, names: Iterable[str]) -> list[Issue]:
    """Width and Latin-script findings in the translated side of every text of one document."""
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
    return issues


def english_words(japanese: str, names: list[str]) -> list[str]:
    """The English words left in a Japanese text, each once, as the module docstring rules."""
    text = QUOTED.sub(" ", japanese)
    text = IDENTIFIER.sub(" ", text)
    for name in names:
        text = re.sub(re.escape(name), " ", text, flags=re.I)
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


def _named(word: str) -> bool:
    """Whether a word reads as part of a name: it has a capital letter or a digit."""
    return any(character.isupper() or character.isdigit() for character in word)
