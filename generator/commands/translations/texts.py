"""Every text of a content folder that playaid translated, by its stable address: where it is,
its source and its translation, and whether the translation is current, stale or missing."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.content.checks.texts import PENDING_CODES
from generator.content.load import is_scenario, validate_document
from generator.content.model.base import LocalizedText, source_hash
from generator.content.model.walk import walk
from generator.content.yaml_loader import SUBJECT_KINDS, Document, load_yaml, subject_of
from generator.core.diagnostics import Issue, KeyPath, display_path, format_key_path
from generator.core.errors import ContentError
from generator.core.fingerprint import yaml_files
from generator.core.messages import message, text

message(
    "translations-file-invalid",
    "{file} does not read or validate, so none of its texts can be exported or imported: fix"
    " what `playaid check` reports there, then run the command again",
)


@dataclass(frozen=True)
class Text:
    """One translated text: its address, the file and path it is at, the two languages."""

    address: str  # `mak.10.1.1 text`: the case or table id and the field path, else file#path
    system: str
    document: Document
    path: KeyPath
    source_lang: str
    target_lang: str
    source: str
    translation: str
    recorded: str | None  # the hash in `from`: what source the translation was made from

    @property
    def state(self) -> str:
        """current, stale (made from another source text), unstamped or missing."""
        if not self.translation.strip():
            return "missing"
        if self.recorded is None:
            return "unstamped"
        return "current" if self.recorded == source_hash(self.source) else "stale"

    @property
    def direction(self) -> str:
        """`en-ja` (English source, Japanese translation) or `ja-en`."""
        return f"{self.source_lang}-{self.target_lang}"

    @property
    def line(self) -> int:
        """The line of the text in its file."""
        return self.document.position(self.path).line


def content_texts(root: Path) -> list[Text]:
    """Every translated text of the content folder's files, in file order; a ContentError where
    a file does not read or validate, naming it (its texts are never silently left out)."""
    return [
        text
        for document, _, model in _documents(root)
        for text in _document_texts(document, model, root)
    ]


def glossary_terms(root: Path) -> list[Any]:
    """The glossary's terms, from the content folder's glossary files."""
    return [
        term for _, kind, model in _documents(root) if kind == "glossary" for term in model.terms
    ]


def _documents(root: Path) -> list[tuple[Document, str, Any]]:
    """Every content file of the folder: its document, kind and model; a ContentError with
    what is wrong where one does not read or validate."""
    found, _ = yaml_files(root)
    documents, refused = [], []
    for path in found:
        document, problems = load_yaml(path, display_path(path))
        errors = [problem for problem in problems if problem.severity == "error"]
        if document is not None and not errors:
            kind, model, errors = validated(document)
            if model is not None and not errors:
                documents.append((document, kind, model))
                continue
        refused += [*errors[:FILE_FINDINGS], _invalid(display_path(path))]
    if refused:
        raise ContentError(refused)
    return documents


def validated(document: Document) -> tuple[str, Any, list[Issue]]:
    """A content or scenario file's kind, model and errors (a pending translation, which is
    what an export is for, is none)."""
    if is_scenario(document):
        from generator.scenario.reader import validate

        model, problems = validate(document, set())
        kind = "scenario"
    else:
        kind, model, problems = validate_document(document)
    errors = [
        problem
        for problem in problems
        if problem.severity == "error" and problem.code not in PENDING_CODES
    ]
    return kind, model, errors


def file_texts(path: Path) -> list[Text]:
    """The translated texts of one content or scenario file, addressed within its folder; a
    ContentError where it does not read or validate."""
    path = path.resolve()
    document, problems = load_yaml(path, display_path(path))
    errors = [problem for problem in problems if problem.severity == "error"]
    model = None
    if document is not None and not errors:
        _, model, errors = validated(document)
    if document is None or model is None or errors:
        raise ContentError([*errors[:FILE_FINDINGS], _invalid(display_path(path))])
    return _document_texts(document, model, path.parent)


FILE_FINDINGS = 5  # findings shown for one file that does not validate; check shows them all


def _invalid(shown: str) -> Issue:
    """The finding that says a file's texts cannot go out or come back."""
    english, japanese = text("translations-file-invalid", file=shown)
    return Issue(shown, 1, 1, "(document)", "translations-file-invalid", english, japanese)


def _document_texts(document: Document, model: Any, root: Path) -> list[Text]:
    """The translated texts of one validated document."""
    texts = []
    for path, value in walk(model):
        if not isinstance(value, LocalizedText) or value.tr == "none":
            continue
        source_lang = value.source_language
        address, system = _place(document, path, root)
        texts.append(
            Text(
                address=address,
                system=system,
                document=document,
                path=path,
                source_lang=source_lang,
                target_lang=value.tr,
                source=value.get(source_lang),
                translation=value.get(value.tr),
                recorded=value.from_,
            )
        )
    return texts


def _place(document: Document, path: KeyPath, root: Path) -> tuple[str, str]:
    """A text's stable address and its system.

    The address is the innermost case or table id on its path and the field path below it
    (`mak.10.1.1 text`); in another kind of file, whose ids may repeat a case's or a table's,
    the kind before the id (`procedures:mak.ogp title`); with no id on the path, the file within
    the content and the key path (`corrections.yaml#reasons[0].text`). The system is the id's
    prefix, else the document's `system`, else the folder it is in under the content (`common`
    for the files at its top)."""
    data = document.data if isinstance(document.data, dict) else {}
    relative = Path(document.path).relative_to(root)
    subject, depth = subject_of(data, path, any_kind=True)
    if subject is not None:
        prefix = "" if data.get("kind") in SUBJECT_KINDS else f"{data.get('kind')}:"
        return f"{prefix}{subject} {format_key_path(path[depth:])}", subject.split(".")[0]
    address = f"{relative.as_posix()}#{format_key_path(path)}"
    if isinstance(data.get("system"), str):
        return address, data["system"]
    if data.get("kind") == "sources" and (game := _game_of_source(data, path)) is not None:
        return address, game
    return address, relative.parts[0] if len(relative.parts) > 1 else "common"


def export_target(document: Document, key_path: str, root: Path) -> str:
    """The system whose export holds the text at `key_path` of a content file under `root`."""
    return _place(document, tuple(_parts(key_path)), root)[1]


def _game_of_source(data: dict[str, Any], path: KeyPath) -> str | None:
    """The game a text of sources.yaml belongs to: a system's own (its title), or the system
    that cites a seed (the seed's title); None for a seed no system cites."""
    if len(path) < 2 or not isinstance(path[1], int):
        return None
    systems = [item for item in data.get("systems") or [] if isinstance(item, dict)]
    items = data.get(path[0])
    item = items[path[1]] if isinstance(items, list) and path[1] < len(items) else None
    if not isinstance(item, dict):
        return None
    if path[0] == "systems":
        return str(item.get("id")) if item.get("id") else None
    if path[0] == "seeds":
        citing = [system.get("id") for system in systems if system.get("seed") == item.get("id")]
        return str(citing[0]) if citing and citing[0] else None
    return None


def find(data: Any, where: str) -> Any:
    """The value at an address in plain data of the same file (an earlier version of it), or
    None where the address is not there."""
    head, _, field = where.partition(" ")
    if "#" in head:  # a file's own address: the key path from the top
        node, field = data, where.partition("#")[2]
    else:
        node = _with_id(data, head.rpartition(":")[2])
    if node is None:
        return None
    for part in _parts(field):
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return None
    return node


def _with_id(data: Any, subject: str) -> Any:
    """The mapping whose `id` is `subject`, anywhere in plain data."""
    pending = [data]
    while pending:
        node = pending.pop()
        if isinstance(node, dict):
            if node.get("id") == subject:
                return node
            pending.extend(node.values())
        elif isinstance(node, list):
            pending.extend(node)
    return None


def _parts(field: str) -> list[str | int]:
    """`cells[3].value` as ['cells', 3, 'value']."""
    parts: list[str | int] = []
    for piece in field.replace("[", ".[").split("."):
        if piece.startswith("[") and piece.endswith("]"):
            parts.append(int(piece[1:-1]))
        elif piece:
            parts.append(piece)
    return parts
