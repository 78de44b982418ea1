"""An earlier content to compare with: a previous content folder, or the content folder as a git
revision of it holds it, loaded with the same loader."""

from __future__ import annotations

import io
import subprocess
import tarfile
import tempfile
from pathlib import Path

from generator.content.load import Content, load_content
from generator.core.errors import ContentError, UserError

# The content errors an earlier content may hold and still be compared: its translations may
# be stale or unstamped (the reviewer's copy tolerates the same).
TOLERATED = frozenset({"stale-translation", "unstamped-translation"})
GIT_TIMEOUT = 120  # seconds: an archive of a large history's content folder


def load_earlier(since: str, root: Path, overlays: list[Path] | None = None) -> tuple[Content, str]:
    """The content `since` names, a folder or a git revision of the folder `root`, with the
    same overlays; and the words the lists print for it (the folder's name, or the revision
    with its short commit). A name that is neither, or content that does not load, is a
    UserError."""
    folder = Path(since)
    if folder.is_dir():
        return _loaded(folder, overlays, since), folder.resolve().name
    root = root.resolve()
    commit = _git(root, "rev-parse", "--verify", "--quiet", "--end-of-options", since + "^{commit}")
    if since.startswith("-") or commit is None:
        raise UserError("since-unknown", since=since, folder=root)
    # Run in the content folder, git archives that folder, its paths relative to it.
    archive = _git(root, "archive", "--format=tar", commit.decode().strip(), "--", ".")
    if archive is None:
        raise UserError("since-no-content", since=since, folder=root)
    with tempfile.TemporaryDirectory(prefix="playaid-since-") as scratch:
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(scratch, filter="data")
        content = _loaded(Path(scratch), overlays, since)
    return content, f"{since} ({commit.decode().strip()[:10]})"


def _loaded(folder: Path, overlays: list[Path] | None, since: str) -> Content:
    """An earlier content, loaded and checked; ContentError becomes a plain UserError."""
    try:
        return load_content(folder, overlays, tolerate=TOLERATED)
    except ContentError as error:
        issue = error.issues[0]
        first = (f"{issue.key_path}: {issue.message_en}", f"{issue.key_path}: {issue.message_ja}")
        count = len(error.issues)
        raise UserError("since-invalid", since=since, count=count, first=first) from None


def _git(root: Path, *args: str) -> bytes | None:
    """What a git command prints in `root`, or None when it fails or git is not there."""
    try:
        done = subprocess.run(
            ["git", "-C", str(root), *args], capture_output=True, timeout=GIT_TIMEOUT
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout if done.returncode == 0 else None
