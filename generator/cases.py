"""Answer `rule` and `rules`: find cases by id, print them as text or JSON."""

from __future__ import annotations

import difflib
from typing import Any

from generator.content import Content
from generator.errors import UserError
from generator.model.base import LocalizedText
from generator.model.rules import Case


def find_case(content: Content, case_id: str) -> Case:
    """A case by id (case-insensitive), or a UserError naming the closest ids."""
    wanted = case_id.strip().lower()
    if wanted in content.cases:
        return content.cases[wanted]
    systems = sorted({cid.split(".")[0] for cid in content.cases})
    if wanted.split(".")[0] in systems:
        listed = ", ".join(difflib.get_close_matches(wanted, content.cases, n=8, cutoff=0.5)) or "-"
        hint_en, hint_ja = f"; nearby: {listed}", f"。近いもの: {listed}"
    else:
        listed = ", ".join(systems)
        hint_en, hint_ja = f"; systems: {listed}", f"。システム: {listed}"
    raise UserError(
        f"there is no rule case '{case_id}'{hint_en}",
        f"ルールケース '{case_id}' はありません{hint_ja}",
    )


def translation(text: LocalizedText | None) -> dict[str, Any] | None:
    """Which language of a text this project translated, from which source hash."""
    if text is None or text.tr == "none":
        return None
    return {"language": text.tr, "from_language": text.source_language, "from": text.from_}


def case_json(case: Case, lang: str) -> dict[str, Any]:
    """The JSON of one case: id, number, title, text, source, translation."""
    return {
        "id": case.id,
        "number": case.number,
        "title": case.title.get(lang) if case.title else None,
        "text": case.text.get(lang) if case.text else None,
        "source": case.source.describe(lang),
        "translation": translation(case.text or case.title),
    }


def render_case(case: Case, lang: str) -> str:
    """A case as a reader wants it: number and title, text, references, source, translation."""
    head = f"[{case.number}]" if case.number else case.id
    title = case.title.get(lang) if case.title else ""
    lines = [f"{head} {title}".rstrip() + f"  ({case.id})"]
    if case.text:
        lines += ["", case.text.get(lang), ""]
    if case.references:
        label = "参照" if lang == "ja" else "see also"
        shown = [
            ref.id + (" (外部)" if lang == "ja" else " (external)") * ref.external
            for ref in case.references
        ]
        lines.append(f"{label}: {', '.join(shown)}")
    if case.uncertain:
        lines.append(
            ("(?) 不確実: " if lang == "ja" else "(?) uncertain: ") + case.uncertain.get(lang)
        )
    lines.append(("出典: " if lang == "ja" else "source: ") + case.source.describe(lang))
    note = _translation_note(case.text or case.title, lang)
    if note:
        lines.append(note)
    return "\n".join(lines)


def _translation_note(text: LocalizedText | None, lang: str) -> str | None:
    if text is None or text.tr != lang:
        return None
    return (
        "(この日本語は playaid による翻訳です)"
        if lang == "ja"
        else "(English translated by playaid)"
    )


def list_cases(content: Content, system: str, lang: str) -> list[str]:
    """One line per case of a system: id, printed number, title or the start of the text."""
    systems = sorted({cid.split(".")[0] for cid in content.cases})
    if system not in systems:
        raise UserError(
            f"there are no rules for '{system}'; systems: {', '.join(systems)}",
            f"'{system}' のルールはありません。システム: {', '.join(systems)}",
        )
    lines = []
    for ruleset in content.rulesets:
        if ruleset.system != system:
            continue
        for case in ruleset.cases:
            label = (
                case.title.get(lang)
                if case.title
                else _start(case.text.get(lang) if case.text else "")
            )
            lines.append(f"{case.id}\t{case.number or ''}\t{label}")
    return lines


def _start(text: str, width: int = 60) -> str:
    first = text.splitlines()[0] if text else ""
    return first if len(first) <= width else first[: width - 1] + "…"
