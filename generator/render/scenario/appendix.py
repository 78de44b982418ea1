"""A kit's rules appendix: the full text of every rule a scenario uses, of every case its features
bring and of every case its card cites, with the cases numbered under each ([18.2] brings [18.2.1]
…, and in the Central Front's numbering [17.2] brings [17.21] …), in rule-number order, as the
booklets print them."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from generator.content.load import Content
from generator.content.yaml_loader import Document
from generator.render.booklets import (
    Entry,
    anchor,
    case_texts,
    colophon_context,
    printed_numbers,
    translated_in,
    wholly_translated,
)
from generator.render.scenario.features import kit_cases

# A rule reference as cards print it, in both systems' numbering: [10.2.1], [17.22].
CARD_REFERENCE = re.compile(r"\[(\d+(?:\.\d+)+)\]")


def card_references(text: str) -> list[str]:
    """The case numbers a card's text cites, each once, in order."""
    return list(dict.fromkeys(CARD_REFERENCE.findall(text)))


def appendix_context(
    content: Content, document: Document, scenario: Any, cited: Iterable[str] = ()
) -> dict[str, Any]:
    """The appendix's entries: each rule in use or brought by a feature (a heading, with the cases
    under it) and each case the card cites (`cited`: printed numbers), linked."""
    system_of = {case_id: case_id.split(".")[0] for case_id in content.cases}
    chosen: list[tuple[str, int]] = []
    for case_id in kit_cases(document, scenario, content) + cited_cases(content, scenario, cited):
        case = content.cases.get(case_id)
        if case is None:
            continue
        chosen.append((case_id, 1))
        if case.number:
            chosen += [
                (other.id, 2)
                for other in content.system_cases(system_of[case_id])
                if other.number and is_under(other.number, case.number)
            ]
    levels: dict[str, int] = {}
    for case_id, level in chosen:
        levels[case_id] = min(level, levels.get(case_id, level))
    known = set(levels)
    entries = []
    position = {case_id: index for index, (case_id, _) in enumerate(chosen)}
    numbers = printed_numbers(content, {system_of[case_id] for case_id in levels})
    places = {system: _printed_order(content, system) for system in {system_of[i] for i in levels}}
    unmarked = wholly_translated([content.cases[case_id] for case_id in levels], content.reasons)
    for case_id in sorted(levels, key=lambda i: _order(content, i, position[i], places)):
        case = content.cases[case_id]
        pattern = content.sources.reference_pattern(system_of[case_id])
        texts = case_texts(case, pattern, known, content.reasons, unmarked=unmarked)
        entries.append(Entry(case, levels[case_id], texts, numbers.get(case_id, "")))
    translated = {lang for entry in entries for lang in translated_in(entry.case, content.reasons)}
    colophon = colophon_context([entry.case for entry in entries], content.reasons, ("en", "ja"))
    return {
        "entries": entries,
        "anchor": anchor,
        "scenario": scenario,
        "translated": translated,
        **colophon,
    }


def is_under(number: str, parent: str) -> bool:
    """Whether a case is numbered under another: [18.2.1] under [18.2], every [17.x] under
    [17.0], and in the Central Front's numbering [17.21] under [17.2] (one digit more)."""
    stem = parent.removesuffix(".0")
    if number == parent or not number.startswith(stem):
        return False
    rest = number[len(stem) :]
    return rest.startswith(".") or ("." in stem and rest.isdigit())


def cited_cases(content: Content, scenario: Any, cited: Iterable[str]) -> list[str]:
    """The cases the printed numbers name, in the scenario's system first, then in the systems
    whose cases its rules and features use (Flashpoint: Central Front's, the Central Front's)."""
    system = scenario.system
    named = [rule for option in content.options.get(system, {}).values() for rule in option.rules]
    named += [rule for f in content.features.get(system, {}).values() for rule in f.rules]
    systems = list(dict.fromkeys([system, *(rule.split(".")[0] for rule in named)]))
    found = []
    for number in cited:
        for each in systems:
            match = [
                c.id for c in content.system_cases(each) if c.number in (number, number + ".0")
            ]
            if match:
                found += match
                break
    return found


def _order(
    content: Content, case_id: str, position: int, places: dict[str, dict[str, int]]
) -> tuple:
    """Named rules first, as the card lists them; then each system's numbered cases in the order
    its rules print them ([17.11] before [17.2] in the Central Front's numbering)."""
    number = content.cases[case_id].number
    if number is None:
        return (0, "", position)
    system = case_id.split(".")[0]
    return (1, system, places[system][case_id])


def _printed_order(content: Content, system: str) -> dict[str, int]:
    """Each case of a system by its place in the system's rules."""
    return {case.id: index for index, case in enumerate(content.system_cases(system))}
