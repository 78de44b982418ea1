"""Translations out to a translator, as gettext PO files that Poedit, Weblate, OmegaT, Lokalize
and the spreadsheet converters all read: one entry a text, addressed by its case or table id,
with its place, its rule, the glossary's terms in it, and a stale one marked fuzzy beside the
source it was made from."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import polib
from babel.messages.plurals import get_plural

from generator import __version__
from generator.commands.translations.history import Version, folder_version, git_versions
from generator.commands.translations.texts import Text, find
from generator.content.model.base import source_hash
from generator.content.model.glossary import Term
from generator.core.diagnostics import Issue, display_path

LANGUAGES = {"en": "English", "ja": "Japanese"}  # as the title comment names them


def po_file(
    texts: list[Text],
    direction: tuple[str, str],
    history: History,
    system: str,
    *,
    template: bool = False,
) -> Any:
    """One direction's texts as a PO file (or, as a `template`, a POT: every msgstr empty), in
    file order, with gettext's full header."""
    source_lang, target_lang = direction
    po = polib.POFile(wrapwidth=79)
    po.header = (
        f"Translations of the playaid content's {system} texts,"
        f" {LANGUAGES[source_lang]} to {LANGUAGES[target_lang]}.\n"
        "Written by `playaid translations export`; exporting again merges into this file."
    )
    date = _content_date(texts)
    po.metadata = {
        "Project-Id-Version": f"playaid {__version__} content {system}",
        "Report-Msgid-Bugs-To": "",
        "POT-Creation-Date": date,
        "PO-Revision-Date": "YEAR-MO-DA HO:MI+ZONE" if template else date,
        "Last-Translator": "FULL NAME <EMAIL@ADDRESS>" if template else "",
        "Language-Team": "",
        "Language": "" if template else target_lang,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "Plural-Forms": str(get_plural(target_lang)),
        "X-Source-Language": source_lang,
    }
    po.metadata_is_fuzzy = template
    for text in texts:
        entry = _entry(text, history)
        if template:
            entry.msgstr, entry.flags = "", []
            entry.previous_msgctxt = entry.previous_msgid = None
        po.append(entry)
    return po


def _content_date(texts: list[Text]) -> str:
    """When the exported files last changed (the newest of them), as a PO header date: the
    same at each export of unchanged content, so that exporting again changes no byte."""
    import datetime

    newest = 0.0
    for path in {text.document.path for text in texts}:
        try:
            newest = max(newest, Path(path).stat().st_mtime)
        except OSError:
            continue
    moment = datetime.datetime.fromtimestamp(int(newest), tz=datetime.UTC)
    return moment.strftime("%Y-%m-%d %H:%M+0000")


def wanted(text: Text, state: str) -> bool:
    """Whether `--state` asks for a text: all, the stale (and unstamped) ones, or the missing."""
    if state == "stale":
        return text.state in ("stale", "unstamped")
    if state == "missing":
        return text.state == "missing"
    return True


def _entry(text: Text, history: History) -> Any:
    """A text's entry: fuzzy when its translation was made from another source text, with that
    source as the previous msgid where the history has it."""
    entry = polib.POEntry(
        msgctxt=text.address,
        msgid=text.source,
        msgstr=text.translation if text.state != "missing" else "",
        occurrences=[(history.shown(text), str(text.line))],
        comment="\n".join([*_rule_comments(text), *history.term_comments(text)]),
    )
    if text.state in ("stale", "unstamped"):
        entry.flags.append("fuzzy")
        previous = history.previous_source(text)
        if previous is not None:
            entry.previous_msgctxt = text.address
            entry.previous_msgid = previous
    return entry


def _rule_comments(text: Text) -> list[str]:
    """Which rule or chart the text belongs to: its number and the title of its section."""
    data, lang = text.document.data, text.source_lang
    if not isinstance(data, dict):
        return []
    if data.get("kind") == "rules" and text.path[:1] == ("cases",):
        case = data["cases"][text.path[1]]
        title = _section_title(data["cases"], text.path[1], lang)
        return [f"rule {case.get('number', case.get('id'))}" + (f": {title}" if title else "")]
    if data.get("kind") == "table" and isinstance(data.get("title"), dict):
        return [f"chart {data.get('id')}: {data['title'].get(lang, '')}"]
    return []


def _section_title(cases: list[Any], index: int, lang: str) -> str:
    """The title a case prints under: its own, else the nearest earlier case's whose number
    begins its number (10.1 Procedure for 10.1.1)."""
    number = str(cases[index].get("number", ""))
    for case in reversed(cases[: index + 1]):
        title = case.get("title")
        if isinstance(title, dict) and number.startswith(str(case.get("number", "\0"))):
            return str(title.get(lang, ""))
    return ""


class History:
    """Where a stale text's earlier source is found (the content's git history, or a folder
    holding the earlier content) and which glossary terms a text uses."""

    def __init__(self, root: Path, previous: Path | None, terms: list[Term]) -> None:
        self.root, self.previous, self.terms = root, previous, terms
        self._versions: dict[Path, list[Any]] = {}
        self.findings: list[Issue] = []  # earlier versions that could not be read

    def shown(self, text: Text) -> str:
        """The text's file as the reference names it: from the content folder's name down."""
        return f"{self.root.name}/{self._relative(text)}"

    def term_comments(self, text: Text) -> list[str]:
        """`term: English = 日本語` for each glossary term the source text uses."""
        found = []
        for term in self.terms:
            if text.system not in (*term.systems, "common") and term.systems:
                continue
            forms = (term.en, *term.en_forms) if text.source_lang == "en" else (term.ja,)
            if any(_uses(text.source, form, text.source_lang) for form in forms):
                found.append(f"term: {term.en} = {term.ja}")
        return found

    def previous_source(self, text: Text) -> str | None:
        """The source text the stale translation was made from, where an earlier version of
        its file holds the text with the hash its `from` records (newest first: the search
        stops at the first that does)."""
        if text.recorded is None:
            return None
        for data in self._earlier(text):
            node = find(data, text.address)
            earlier = node.get(text.source_lang) if isinstance(node, dict) else None
            if isinstance(earlier, str) and source_hash(earlier) == text.recorded:
                return earlier
        return None

    def _relative(self, text: Text) -> Path:
        return Path(text.document.path).resolve().relative_to(self.root.resolve())

    def _earlier(self, text: Text) -> Iterator[Any]:
        """The earlier versions of the text's file, newest first, as plain data: the one in
        --previous, then those git holds; each read through the hardened reader, and only when
        the search gets to it."""
        relative = self._relative(text)
        if relative not in self._versions:
            versions: list[Any] = []
            if self.previous is not None:
                shown = display_path(self.previous / relative)
                data, findings = folder_version(self.previous / relative, shown)
                self.findings += findings
                versions += [data] if data is not None else []
            committed, findings = git_versions(self.root, relative)
            self.findings += findings
            self._versions[relative] = versions + committed
        for version in self._versions[relative]:
            if not isinstance(version, Version):
                yield version
                continue
            data, findings = version.read()
            self.findings += findings
            if data is not None:
                yield data


def _uses(source: str, form: str, lang: str) -> bool:
    """Whether a source text uses a term's form: as a whole word in English, anywhere in
    Japanese."""
    if lang == "ja":
        return form in source
    return re.search(rf"(?<![\w-]){re.escape(form)}(?![\w-])", source, re.IGNORECASE) is not None
