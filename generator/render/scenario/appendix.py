"""A kit's rules appendix: the full text of every rule a scenario uses, with the cases numbered
under each ([18.2] brings [18.2.1] …), in rule-number order, as the booklets print them."""

from __future__ import annotations

import re
from typing import Any

from generator.content.load import Content
from generator.render.booklets import (
    Entry,
    anchor,
    case_texts,
    colophon_context,
    printed_numbers,
    translated_in,
    wholly_translated,
)
from generator.scenario.options import cases_in_use


def appendix_context(content: Content, scenario: Any) -> dict[str, Any]:
    """The appendix's entries: each rule in use (a heading), the cases under it, linked."""
    system_of = {case_id: case_id.split(".")[0] for case_id in content.cases}
    chosen: list[tuple[str, int]] = []
    for case_id in cases_in_use(scenario, content):
        case = content.cases.get(case_id)
        if case is None:
            continue
        chosen.append((case_id, 1))
        if case.number:
            prefix = case.number.removesuffix(".0") + "."
            system = system_of[case_id]
            chosen += [
                (other.id, 2)
                for other in content.system_cases(system)
                if other.number and other.number.startswith(prefix)
            ]
    levels: dict[str, int] = {}
    for case_id, level in chosen:
        levels[case_id] = min(level, levels.get(case_id, level))
    known = set(levels)
    entries = []
    position = {case_id: index for index, (case_id, _) in enumerate(chosen)}
    numbers = printed_numbers(content, {system_of[case_id] for case_id in levels})
    unmarked = wholly_translated([content.cases[case_id] for case_id in levels], content.reasons)
    for case_id in sorted(levels, key=lambda i: _order(content, i, position[i])):
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


def _order(content: Content, case_id: str, position: int) -> tuple:
    """Named rules first, as the card lists them; then by printed number."""
    number = content.cases[case_id].number
    if number is None:
        return (0, "", [position], case_id)
    return (
        1,
        case_id.split(".")[0],
        [int(part) for part in re.findall(r"[0-9]+", number)],
        case_id,
    )
