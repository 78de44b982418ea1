"""The corrections of a system's seed texts as a booklet's notes list them: each correction once,
with every place it is made, named as a reader knows it (case number or title, chart title)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from generator.content.load import Content
from generator.content.model.base import Correction, LocalizedText
from generator.content.model.corrections import Reason
from generator.content.model.rules import Case
from generator.content.model.walk import walk


@dataclass(frozen=True)
class Place:
    """Where a correction is made: a case (its printed number, told apart from cases the seed
    numbers alike, and its title) or a chart (its title); `href` links to a case in the booklet."""

    number: str | None
    title: LocalizedText | None
    href: str | None = None


@dataclass(frozen=True)
class CorrectionRow:
    """One correction as the notes list it: what the original prints, what is printed, why, and
    every place it is made."""

    lang: str
    seed: str
    printed: str
    reason: Reason
    places: tuple[Place, ...]


@dataclass(frozen=True)
class CorrectionGroup:
    """The corrections made for one reason, which the notes print once above them."""

    reason: Reason
    rows: tuple[CorrectionRow, ...]


def corrections_of(value: Any) -> Iterator[tuple[LocalizedText, Correction]]:
    """Every correction recorded on the texts of a case, a chart or any content model."""
    for _, text in walk(value):
        if isinstance(text, LocalizedText):
            for correction in text.corrections:
                yield text, correction


def renders_untranslated(text: LocalizedText, lang: str, reasons: dict[str, Reason]) -> bool:
    """Whether a text prints, in one language, playaid's rendering of words its seed left
    untranslated (a correction whose reason is `translation: true`): the page marks it as
    translated, as it marks the translated side of a text."""
    return any(
        correction.lang == lang
        and correction.reason in reasons
        and reasons[correction.reason].translation
        for correction in text.corrections
    )


def case_numbers(cases: list[Case]) -> dict[str, str]:
    """Each numbered case's printed number, `[16.21]`, with `(2/3)` after it where the seed
    numbers several cases alike."""
    counts = Counter(case.number for case in cases if case.number)
    seen: Counter[str] = Counter()
    numbers = {}
    for case in cases:
        if not case.number:
            continue
        seen[case.number] += 1
        total = counts[case.number]
        suffix = f" ({seen[case.number]}/{total})" if total > 1 else ""
        numbers[case.id] = f"[{case.number}]{suffix}"
    return numbers


def system_corrections(
    content: Content,
    system: str,
    languages: tuple[str, ...] = ("en", "ja"),
    href: Callable[[str], str] | None = None,
) -> list[CorrectionGroup]:
    """The corrections of a system's cases (in printed order) and charts (in id order) in the
    languages an edition prints (and those every edition lists), each change of word once, by
    reason in the order content/corrections.yaml lists them."""
    cases = list(content.system_cases(system))
    numbers = case_numbers(cases)
    found: list[tuple[Place, Correction]] = []
    for case in cases:
        place = Place(numbers.get(case.id), case.title, href(case.id) if href else None)
        found += [(place, correction) for _, correction in corrections_of(case)]
    for table_id in sorted(content.tables):
        if table_id.split(".")[0] == system:
            table = content.tables[table_id].table
            place = Place(None, table.title)
            found += [(place, correction) for _, correction in corrections_of(table)]
    rows = _grouped(found, content.reasons, languages)
    return [
        CorrectionGroup(reason, tuple(row for row in rows if row.reason is reason))
        for reason in content.reasons.values()
        if any(row.reason is reason for row in rows)
    ]


def _grouped(
    found: list[tuple[Place, Correction]], reasons: dict[str, Reason], languages: tuple[str, ...]
) -> list[CorrectionRow]:
    """One row per language, reason and change of word (Roughへクス→Roughヘクス is へクス→ヘクス),
    showing the shortest form recorded, its places in the order first met (one place a name: a
    case and a chart of one title read alike). A change of a mark alone (1~4→1–4) is no word:
    each text so corrected is a row of its own, or one row would stand for every range."""
    groups: dict[tuple[str, str, str, str], tuple[Correction, list[Place]]] = {}
    for place, correction in found:
        reason = reasons.get(correction.reason)
        if reason is None or (correction.lang not in languages and not reason.every_edition):
            continue
        words = changed_words(correction.seed, correction.printed)
        if all(_script(character) == "other" for character in "".join(words)):
            words = (correction.seed, correction.printed)
        key = (correction.lang, correction.reason, *words)
        shown, places = groups.get(key, (correction, []))
        if len(correction.seed + correction.printed) < len(shown.seed + shown.printed):
            shown = correction
        if all((place.number, place.title) != (other.number, other.title) for other in places):
            places.append(place)
        groups[key] = (shown, places)
    return [
        CorrectionRow(shown.lang, shown.seed, shown.printed, reasons[shown.reason], tuple(places))
        for shown, places in groups.values()
    ]


def _script(character: str) -> str:
    """A character's kind of writing: kana (either syllabary, and ー), kanji, Latin, digit."""
    if "\u3040" <= character <= "\u30ff":
        return "kana"
    if "\u4e00" <= character <= "\u9fff":
        return "kanji"
    if character.isascii() and character.isalpha():
        return "latin"
    return "digit" if character.isdigit() else "other"


def changed_words(seed: str, printed: str) -> tuple[str, str]:
    """The words a correction changes: the part that differs, widened over the letters of the
    same kind of writing around it (Roughへクス→Roughヘクス changes へクス to ヘクス)."""
    start = 0
    while start < min(len(seed), len(printed)) and seed[start] == printed[start]:
        start += 1
    end = 0
    while end < min(len(seed), len(printed)) - start and seed[-1 - end] == printed[-1 - end]:
        end += 1
    differing = seed[start : len(seed) - end] + printed[start : len(printed) - end]
    kinds = {_script(character) for character in differing}
    while start and _script(seed[start - 1]) in kinds:
        start -= 1
    while end and _script(seed[len(seed) - end]) in kinds:
        end -= 1
    return seed[start : len(seed) - end], printed[start : len(printed) - end]
