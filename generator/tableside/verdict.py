"""The whole-content check's findings, cached under the same key as the snapshot.

`playaid check` with no files validates the content, its worked examples and its sample
scenarios; `playaid check FILE...` validates those files against the content. When none of that,
the overlays or playaid has changed, the findings are the same, so they are kept in plain data
and printed again. File names are kept absolute and shown relative to the folder `check` runs in,
as a fresh check would show them; a check of named files is also keyed by that folder, since a
message may name another file as it was shown.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from generator.core.diagnostics import Issue, display_path
from generator.core.fingerprint import file_digest
from generator.core.limits import FILE_BYTES
from generator.core.places import DEFAULT_CONTENT
from generator.tableside import cache

KIND = "check"


@dataclass(frozen=True)
class Verdict:
    """What a whole-content check found, and what it covered."""

    issues: list[Issue]
    files: int
    tables: int
    cases: int
    scenarios: int
    differ: list[str] = field(default_factory=list)  # passages whose seed languages disagree


def _key(
    root: Path | None, overlays: list[Path] | None, files: Sequence[Path], font: str = ""
) -> str | None:
    """The key of a check of this content and these files with this font (what it can draw is
    checked), or None when one cannot be read."""
    root = (root or DEFAULT_CONTENT).resolve()
    key = cache.content_key([root, *(overlay.resolve() for overlay in overlays or [])])
    if key is not None and font:
        key = hashlib.sha256(f"{key}\nfont {font}\n".encode()).hexdigest()
    if key is None or not files:
        return key
    digest = hashlib.sha256(f"{key}\nfrom {Path.cwd()}\n".encode("utf-8", "surrogateescape"))
    for path in files:
        fingerprint = file_digest(path, FILE_BYTES)
        if fingerprint is None:
            return None
        digest.update(f"file {path.absolute()} {fingerprint}\n".encode("utf-8", "surrogateescape"))
    return digest.hexdigest()


def cached_verdict(
    root: Path | None, overlays: list[Path] | None, files: Sequence[Path] = (), font: str = ""
) -> Verdict | None:
    """The findings of the last check of exactly this content and these files with this font
    (its identity, generator.core.glyphs.Typeface), or None."""
    key = _key(root, overlays, files, font)
    data = None if key is None else cache.read(KIND, key)
    if data is None:
        return None
    try:
        issues = [_issue(entry) for entry in data["issues"]]
        counts = [data[name] for name in ("files", "tables", "cases", "scenarios")]
        if not all(isinstance(count, int) and not isinstance(count, bool) for count in counts):
            return None
        differ = data["differ"]
        if not isinstance(differ, list) or not all(isinstance(item, str) for item in differ):
            return None
        return Verdict(sorted(issues), *counts, differ=differ)
    except (KeyError, TypeError, ValueError):
        return None


def store_verdict(
    root: Path | None,
    overlays: list[Path] | None,
    verdict: Verdict,
    files: Sequence[Path] = (),
    font: str = "",
) -> None:
    """Keep a check's findings for the next check of the same content, files and font."""
    key = _key(root, overlays, files, font)
    if key is None:
        return
    issues = [{**asdict(issue), "file": os.path.abspath(issue.file)} for issue in verdict.issues]
    data = {**asdict(verdict), "issues": issues}
    cache.write(KIND, key, data)


def _issue(entry: Any) -> Issue:
    """An issue from its stored fields, its file shown as a fresh check would show it."""
    fields = dict(entry)
    if set(fields) != set(Issue.__dataclass_fields__):
        raise ValueError("not an issue")
    for name in (
        "file",
        "key_path",
        "code",
        "message_en",
        "message_ja",
        "severity",
        "subject_path",
    ):
        if not isinstance(fields[name], str):
            raise TypeError(name)
    if not all(isinstance(fields[n], int) for n in ("line", "column")):
        raise TypeError("line")
    for name in ("rule", "subject"):
        if fields[name] is not None and not isinstance(fields[name], str):
            raise TypeError(name)
    fields["file"] = display_path(Path(fields["file"]))
    return Issue(**fields)


FINDINGS = "findings"  # what a full load of the content found, for a load that skips the finding


def _findings_key(
    root: Path | None, overlays: list[Path] | None, tolerate: frozenset[str], font: str
) -> str | None:
    """The key of a full load of this content with these codes tolerated and this font."""
    key = _key(root, overlays, (), font)
    if key is None:
        return None
    return hashlib.sha256(f"{key}\ntolerate {sorted(tolerate)}\n".encode()).hexdigest()


def known_findings(
    root: Path | None, overlays: list[Path] | None, tolerate: frozenset[str], font: str
) -> list[Issue] | None:
    """The findings of the last full load of exactly this content (its files, overlays and
    seeds, playaid's code and catalogs, the font), or None: a load given them skips the checks
    that only find (generator.content.load.load_content)."""
    key = _findings_key(root, overlays, tolerate, font)
    data = None if key is None else cache.read(FINDINGS, key)
    if not isinstance(data, list):
        return None
    try:
        return [_issue(entry) for entry in data]
    except (KeyError, TypeError, ValueError):
        return None


def keep_findings(
    root: Path | None,
    overlays: list[Path] | None,
    tolerate: frozenset[str],
    font: str,
    issues: list[Issue],
) -> None:
    """Keep what a full load that passed found, for the next load of the same content."""
    key = _findings_key(root, overlays, tolerate, font)
    if key is not None:
        entries = [{**asdict(issue), "file": os.path.abspath(issue.file)} for issue in issues]
        cache.write(FINDINGS, key, entries)
