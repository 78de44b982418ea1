"""What both systems' scenario cards share: phrases from the catalog, the rules in use, sides."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from generator.content.bilingual import pair_of
from generator.content.load import Content
from generator.content.model.base import LocalizedText
from generator.core.messages import text
from generator.render.booklets import anchor, printed_numbers
from generator.render.scenario import words  # noqa: F401  (registers the card's phrases)


def said(code: str, **params: object) -> LocalizedText:
    """A phrase of the catalog, filled in, in both languages."""
    en, ja = text(code, **params)
    return LocalizedText(en=en, ja=ja, tr="none")


def neutral(value: object) -> LocalizedText:
    """A value printed the same in both languages: a code, a hex, a number, a counter's name."""
    return LocalizedText(en=str(value), ja=str(value), tr="none")


def joined(items: Iterable[LocalizedText], code: str = "card-list") -> LocalizedText:
    """Texts joined as a list (`a, b` / `a、b`), or as phrases (`a; b` / `a、b`)."""
    items = list(items)
    if not items:
        return neutral("")
    result = items[0]
    for item in items[1:]:
        result = said(code, first=pair_of(result), second=pair_of(item))
    return result


def board_numbers(boards: Iterable[int]) -> LocalizedText:
    """`board 5` or `boards 5 and 6`, as the catalog words it in each language."""
    numbers = [neutral(board) for board in boards]
    shown = numbers[0]
    for number in numbers[1:-1]:
        shown = said("card-list", first=pair_of(shown), second=pair_of(number))
    if len(numbers) > 1:
        shown = said("card-board-numbers", first=pair_of(shown), second=pair_of(numbers[-1]))
    code = "card-boards-one" if len(numbers) == 1 else "card-boards-many"
    return said(code, boards=pair_of(shown))


@dataclass(frozen=True)
class RuleLine:
    """One rule in use as the card lists it: number, name, the summary written on the rule, and
    whether its reading is uncertain (the seed's languages differ, or the seed is unclear);
    `label` is the number as printed, `[16.21] (2/3)` where the seed numbers cases alike."""

    case_id: str
    number: str | None
    title: LocalizedText
    summary: LocalizedText | None
    uncertain: bool
    languages_differ: bool
    anchor: str
    label: str = ""


def rule_lines(content: Content, case_ids: Iterable[str]) -> list[RuleLine]:
    """The rules in use, each once: named rules (no printed number) in the order given, then the
    numbered ones in rule-number order."""
    lines = []
    case_ids = [case_id for case_id in dict.fromkeys(case_ids) if case_id in content.cases]
    labels = printed_numbers(content, {case_id.split(".")[0] for case_id in case_ids})
    for case_id in case_ids:
        case = content.cases[case_id]
        lines.append(
            RuleLine(
                case_id,
                case.number,
                case.title or _heading(content, case_id) or neutral(case.number or case_id),
                case.summary,
                case.uncertain is not None,
                case.languages_differ,
                anchor(case_id),
                labels.get(case_id, ""),
            )
        )
    named = [line for line in lines if line.number is None]
    numbered = [line for line in lines if line.number is not None]
    numbered.sort(key=_rule_order)
    return named + numbered


def _rule_order(line: RuleLine) -> tuple[list[int], str]:
    """A numbered rule's place: by its number, cases numbered alike as printed ((1/3) first)."""
    return [int(part) for part in re.findall(r"[0-9]+", line.number or "")], line.label


def _heading(content: Content, case_id: str) -> LocalizedText | None:
    """The title of the nearest titled case above an untitled one, by printed number: [8.2.3]
    is under [8.2], and in the Central Front's numbering [17.21] under [17.2]."""
    system = case_id.split(".")[0]
    number = content.cases[case_id].number or ""
    titled = {
        case.number: case.title
        for case in content.system_cases(system)
        if case.number and case.title is not None
    }
    for end in range(len(number) - 1, 0, -1):
        prefix = number[:end].rstrip(".")
        if end < len(number) and number[end - 1] == "." and prefix + ".0" in titled:
            return titled[prefix + ".0"]
        if prefix in titled and prefix != number:
            return titled[prefix]
    return None


def choices(content: Content, table_id: str, key: str) -> dict[str, LocalizedText]:
    """A chart's labels of one key by slug (nations, levels, qualities, sides)."""
    table = content.tables.get(table_id)
    axis = table.axis(key) if table else None
    return {choice.slug: choice.label for choice in axis.choices} if axis else {}


def side_labels(content: Content) -> dict[str, LocalizedText]:
    """The Ma.K sides' names as the content's pilot chart prints them."""
    return choices(content, "mak.pilots", "side")
