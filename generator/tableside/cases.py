"""Answer `rule` and `rules`: find cases by id, print them as text or JSON.

A rule id is a case id, or a table id when the rule is a note printed under that chart ("All
scenarios start at WP level 3" is a note of fpcf.air-strike-availability); `rule` then prints the
table's notes.
"""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING, Any

from generator.content.charts import ResolvedTable
from generator.core.errors import UserError
from generator.core.limits import shown_name
from generator.core.messages import message, text_in

if TYPE_CHECKING:
    from generator.content.load import Content
    from generator.content.model.base import LocalizedText
    from generator.content.model.rules import Case

# The words `rule` prints around a case's own text (the catalog gives their Japanese).
message("rule-see-also", "see also: {references}")
message("rule-external", "{id} (external)")
message("rule-uncertain", "(?) uncertain: {note}")
message("rule-source", "source: {source}")
message("rule-no-notes", "(this chart prints no notes)")
message("rule-translated-english", "(English translated by {translator})")
message("rule-translated-japanese", "(Japanese translated by {translator})")
TRANSLATED = {"en": "rule-translated-english", "ja": "rule-translated-japanese"}


def is_rule(content: Content, rule_id: str) -> bool:
    """Whether `playaid rule` accepts this id: a case, or a table whose notes are rules."""
    return rule_id in content.cases or rule_id in content.tables


def find_rule(content: Content, rule_id: str) -> Case | ResolvedTable:
    """A case, or a table whose notes are the rule, by id; a UserError naming the closest ids."""
    wanted = rule_id.strip().lower()
    if wanted in content.tables and wanted not in content.cases:
        return content.tables[wanted]
    return find_case(content, rule_id)


def find_case(content: Content, case_id: str) -> Case:
    """A case by id (case-insensitive), or a UserError naming the closest ids."""
    wanted = case_id.strip().lower()
    if wanted in content.cases:
        return content.cases[wanted]
    systems = sorted({cid.split(".")[0] for cid in content.cases})
    if wanted.split(".")[0] in systems:
        known = [*content.cases, *content.tables]
        listed = ", ".join(difflib.get_close_matches(wanted, known, n=8, cutoff=0.5)) or "-"
        raise UserError("no-rule-case-nearby", id=case_id, listed=listed)
    raise UserError("no-rule-case-system", id=case_id, listed=", ".join(systems))


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


def rule_json(rule: Case | ResolvedTable, lang: str) -> dict[str, Any]:
    """The JSON of a rule: a case, or a table's notes in the same shape."""
    if isinstance(rule, ResolvedTable):
        return table_rule_json(rule, lang)
    return case_json(rule, lang)


def render_rule(
    rule: Case | ResolvedTable,
    lang: str,
    content: Content | None = None,
    translator: str = "playaid",
) -> str:
    """A rule as text: a case, or a chart with its notes, crediting `translator` with what it
    translated. A case that is only a heading (`[17.0] Reinforcements`) is printed with the
    cases under it, which hold its rules."""
    if isinstance(rule, ResolvedTable):
        return render_table_rule(rule, lang, translator)
    shown = render_case(rule, lang, translator)
    if rule.text is not None or content is None:
        return shown
    under = [render_case(case, lang, translator) for case in cases_under(content, rule)]
    return "\n\n".join([shown, *under])


def cases_under(content: Content, heading: Case) -> list[Case]:
    """The cases a heading's number heads, in printed order: `17.0` heads 17.11, 17.2…; `13.1`
    heads 13.1.1, 13.1.2…"""
    if not heading.number:
        return []
    number = heading.number
    prefix = number[:-1] if number.endswith(".0") else number + "."
    for ruleset in content.rulesets:
        ids = [case.id for case in ruleset.cases]
        if heading.id in ids:
            return [
                case
                for case in ruleset.cases
                if case.number and case.number.startswith(prefix) and case.id != heading.id
            ]
    return []


def table_rule_json(table: ResolvedTable, lang: str) -> dict[str, Any]:
    """The JSON of a table's notes as a rule, in the shape of a case."""
    notes = table.table.notes
    return {
        "id": table.id,
        "number": None,
        "title": table.table.title.get(lang),
        "text": "\n".join(_note_line(note.mark, note.text, lang) for note in notes),
        "source": table.table.source.describe(lang),
        "translation": translation(notes[0].text if notes else table.table.title),
    }


def render_table_rule(table: ResolvedTable, lang: str, translator: str = "playaid") -> str:
    """A chart whose notes or values a finding cites: the whole chart as `lookup` prints it,
    with its notes and source."""
    from generator.tableside.lookup import lookup
    from generator.tableside.present import render_answer

    shown = render_answer(lookup(table, {}), lang)
    if not table.table.notes:
        shown += "\n" + text_in(lang, "rule-no-notes")
    first = table.table.notes[0].text if table.table.notes else None
    note = _translation_note(first, lang, translator)
    return shown + ("\n" + note if note else "")


def _note_line(mark: str | None, text: LocalizedText, lang: str) -> str:
    return f"{mark} {text.get(lang)}" if mark else text.get(lang)


def render_case(case: Case, lang: str, translator: str = "playaid") -> str:
    """A case as a reader wants it: number and title, text, references, source, translation."""
    head = f"[{case.number}]" if case.number else case.id
    title = shown_name(case.title.get(lang)) if case.title else ""  # one line, whatever it holds
    lines = [f"{head} {title}".rstrip() + f"  ({case.id})"]
    if case.text:
        lines += ["", case.text.get(lang), ""]
    if case.references:
        shown = [
            text_in(lang, "rule-external", id=ref.id) if ref.external else ref.id
            for ref in case.references
        ]
        lines.append(text_in(lang, "rule-see-also", references=", ".join(shown)))
    if case.uncertain:
        lines.append(text_in(lang, "rule-uncertain", note=case.uncertain.get(lang)))
    lines.append(text_in(lang, "rule-source", source=case.source.cite(lang)))
    note = _translation_note(case.text or case.title, lang, translator)
    if note:
        lines.append(note)
    return "\n".join(lines)


def _translation_note(text: LocalizedText | None, lang: str, translator: str) -> str | None:
    """The line that says a text is a translation, and whose; none where it is answered in the
    source language because its translation is pending."""
    if text is None or text.tr != lang or text.pending == lang:
        return None
    return text_in(lang, TRANSLATED[lang], translator=translator)


def list_cases(content: Content, system: str, lang: str) -> list[str]:
    """One line per case of a system: id, printed number, title or the start of the text."""
    systems = sorted({cid.split(".")[0] for cid in content.cases})
    if system not in systems:
        raise UserError("no-rules-for-system", system=system, choices=", ".join(systems))
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
