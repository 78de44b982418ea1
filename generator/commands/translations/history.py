"""The earlier versions of a content file, where `translations export` looks for the source a
stale translation was made from: in a folder holding the earlier content (`--previous`), or in
the content's git history. Every version is read as the content is: a regular file (never a
FIFO, a device or a link out), within limits.FILE_BYTES, through the hardened YAML reader (no
aliases, bounded nesting and size); one that is not is a finding, never a hang.

Git runs through `generator.core.git.run_git` alone, which lets nothing the repository
configures run: no filters (smudge, clean, process: blobs are read with `cat-file`, which
applies no attributes), no gpg.program, no textconv, no external diff, no fsmonitor, no hooks,
no pager, no system-wide or user configuration or attributes."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from generator.commands.stamping import read_regular_file
from generator.content.yaml_loader import parse_yaml
from generator.core import limits
from generator.core.diagnostics import Issue
from generator.core.git import run_git
from generator.core.messages import message, text

GIT_VERSIONS = 200  # how far back the content's history is searched for a stale text's source

message(
    "translations-earlier-unreadable",
    "an earlier version of the file cannot be read ({reason}); a stale text's earlier source is"
    " not looked for there",
)
message("word:earlier-not-a-file", "it is not a regular file, or it is over the size limit")
message("word:earlier-not-utf8", "it is not UTF-8")
message("word:earlier-empty", "it is empty")


def folder_version(path: Path, shown: str) -> tuple[Any, list[Issue]]:
    """The data of the file at `path` in an earlier content folder: (data, []) or (None,
    findings)."""
    if not os.path.lexists(path):
        return None, []
    read = read_regular_file(path, follow=False)
    if read is None:
        return None, [_finding(shown, "word:earlier-not-a-file")]
    return _parsed(read[0], path, shown)


def git_versions(root: Path, relative: Path) -> tuple[list[Version], list[Issue]]:
    """The file's committed versions (each distinct one once), newest first, each read only
    when asked for (`Version.read`); and the findings for those over the size limit."""
    prefix = run_git(root, "rev-parse", "--show-prefix")
    commits = run_git(root, "log", f"-n{GIT_VERSIONS}", "--format=%H", "--", str(relative))
    if prefix is None or commits is None or not commits.split():
        return [], []
    where = prefix.decode("utf-8", "replace").strip() + relative.as_posix()
    names = b"".join(f"{commit.decode()}:{where}\n".encode() for commit in commits.split())
    listed = run_git(root, "cat-file", "--batch-check", stdin=names) or b""
    versions, findings, seen = [], [], set()
    for commit, line in zip(commits.split(), listed.splitlines(), strict=False):
        blob, kind, size = [*line.decode("ascii", "replace").split(), "", "", ""][:3]
        shown = f"{commit.decode()[:12]}:{where}"
        if kind != "blob" or blob in seen:
            continue
        seen.add(blob)
        if not size.isdigit() or int(size) > limits.FILE_BYTES:
            findings.append(_finding(shown, "word:earlier-not-a-file"))
            continue
        versions.append(Version(root, blob, root / relative, shown))
    return versions, findings


class Version:
    """One committed version of a file, read (through the hardened reader) when first asked
    for: a search that finds what it looks for in a newer one never reads the older ones."""

    def __init__(self, root: Path, blob: str, path: Path, shown: str) -> None:
        self.root, self.blob, self.path, self.shown = root, blob, path, shown
        self._read: tuple[Any, list[Issue]] | None = None

    def read(self) -> tuple[Any, list[Issue]]:
        """The version's data (None where it cannot be read), and, the first time only, the
        findings that say why."""
        if self._read is not None:
            return self._read[0], []
        raw = run_git(self.root, "cat-file", "blob", self.blob)
        self._read = _parsed(raw, self.path, self.shown)
        return self._read


def _parsed(raw: bytes | None, path: Path, shown: str) -> tuple[Any, list[Issue]]:
    """Bytes read as YAML through the hardened reader."""
    if raw is None:
        return None, []
    try:
        source = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None, [_finding(shown, "word:earlier-not-utf8")]
    document, issues = parse_yaml(source, path, shown)
    errors = [issue for issue in issues if issue.severity == "error"]
    if document is None or errors:
        reason = (errors[0].message_en, errors[0].message_ja) if errors else "word:earlier-empty"
        return None, [_finding(shown, reason)]
    return document.data, []


def _finding(shown: str, reason: str | tuple[str, str]) -> Issue:
    """A warning that an earlier version was not read."""
    english, japanese = text("translations-earlier-unreadable", reason=reason)
    code = "translations-earlier-unreadable"
    return Issue(shown, 1, 1, "(document)", code, english, japanese, severity="warning")
