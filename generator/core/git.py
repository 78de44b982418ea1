"""Git run on a folder from a stranger, so that nothing the folder configures is executed.

A content folder's `.git/config`, `.gitattributes` and `.git/info/attributes` can name programs
for git to run: filters (`smudge`, `clean`, `process`), `textconv`, an external diff,
`core.fsmonitor`, hooks, a pager, `gpg.program` (with `log.showSignature`). playaid reads an
earlier revision only with plumbing that applies no attributes (`ls-tree`, `cat-file blob`,
`rev-parse`, `log` without a diff), and runs git with every such setting overridden on the
command line and the system's and user's configuration left out, so that neither this code nor a
later git wakes one of them. Every caller (`build --changes-since`, `translations export`) goes
through `run_git`, `tree` and `blob` here.
"""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

TIMEOUT = 120  # seconds for one git command
NOTHING = "/bin/false"  # what git is told to run instead of a program the folder names
# Settings given on the command line win over the folder's own configuration.
OVERRIDES = (
    "core.fsmonitor=",
    "core.hooksPath=/dev/null",
    "core.pager=cat",
    "core.attributesFile=/dev/null",
    "core.sshCommand=" + NOTHING,
    "core.askPass=" + NOTHING,
    "core.editor=" + NOTHING,
    "log.showSignature=false",
    "gpg.program=" + NOTHING,
    "gpg.openpgp.program=" + NOTHING,
    "gpg.ssh.program=" + NOTHING,
    "gpg.x509.program=" + NOTHING,
    "credential.helper=",
    "protocol.allow=never",
    "pager.log=false",
    "pager.show=false",
)


# The only git commands playaid runs: plumbing that applies no attribute, and `log` with every
# program it could start turned off. A porcelain command (`diff`, `show`, `archive`, `status`)
# applies filters, textconv or an external diff, and is refused.
ALLOWED: dict[str, tuple[str, ...]] = {
    "rev-parse": (),
    "ls-tree": (),
    "cat-file": (),
    "log": ("--no-ext-diff", "--no-textconv", "--no-show-signature", "--no-color"),
}


def command(root: Path, subcommand: str, *args: str) -> list[str]:
    """The git command line for `subcommand` run in `root`, every overriding setting given; a
    command not in ALLOWED is a ValueError (a bug in playaid, never run)."""
    if subcommand not in ALLOWED:
        raise ValueError(f"git {subcommand} is not a command playaid runs on a stranger's folder")
    settings = [word for setting in OVERRIDES for word in ("-c", setting)]
    head = ["git", "--no-pager", "--no-replace-objects", *settings, "-C", str(root)]
    return [*head, subcommand, *ALLOWED[subcommand], *args]


def environment() -> dict[str, str]:
    """The environment git runs in: the caller's, without any `GIT_*` variable (a `GIT_DIR`, a
    `GIT_EXTERNAL_DIFF`, a `GIT_CONFIG_*` that adds settings), the system's and the user's
    configuration and attributes left out, no pager, no prompt."""
    kept = {key: value for key, value in os.environ.items() if not key.startswith("GIT_")}
    kept.update(
        GIT_CONFIG_NOSYSTEM="1",
        GIT_CONFIG_GLOBAL=os.devnull,
        GIT_CONFIG_SYSTEM=os.devnull,
        GIT_ATTR_NOSYSTEM="1",
        GIT_TERMINAL_PROMPT="0",
        GIT_OPTIONAL_LOCKS="0",
        GIT_PAGER="cat",
        PAGER="cat",
        GIT_NO_REPLACE_OBJECTS="1",
        GIT_PROTOCOL_FROM_USER="0",
    )
    return kept


def run_git(
    root: Path, subcommand: str, *args: str, stdin: bytes | None = None, timeout: float = TIMEOUT
) -> bytes | None:
    """What a git command (one of ALLOWED) prints in `root`, given `stdin` (none by default), or
    None when it fails, times out or git is not there (a folder whose name the system cannot
    take too)."""
    line = command(root, subcommand, *args)
    try:
        done = subprocess.run(
            line,
            input=stdin,
            capture_output=True,
            timeout=timeout,
            env=environment(),
            stdin=None if stdin is not None else subprocess.DEVNULL,
        )
    except (OSError, ValueError, subprocess.SubprocessError):
        return None
    return done.stdout if done.returncode == 0 else None


@dataclass(frozen=True)
class Entry:
    """One entry of a revision's tree: its mode, kind, object, size and path (relative to the
    folder git was run in)."""

    mode: str
    kind: str
    object: str
    size: int
    path: bytes


def tree(root: Path, revision: str) -> list[Entry] | None:
    """Every file of `revision` below the folder `root` (`ls-tree -r -l`, no attribute
    applied), with its size; None when git cannot list it."""
    listing = run_git(root, "ls-tree", "-r", "-z", "-l", "--end-of-options", revision, "--", ".")
    if listing is None:
        return None
    entries = []
    for record in listing.split(b"\0"):
        if not record:
            continue
        head, _, path = record.partition(b"\t")
        mode, kind, name, size = head.decode("ascii", "replace").split()
        entries.append(Entry(mode, kind, name, int(size) if size.isdigit() else -1, path))
    return entries


def blob(root: Path, name: str, limit: int, size: int | None = None) -> bytes | None:
    """The bytes of the blob `name` (`cat-file blob`: no filter, no textconv) when it holds at
    most `limit` bytes, its size (unless the tree gave it) asked first; None when it is larger
    or cannot be read."""
    if size is None:
        asked = run_git(root, "cat-file", "-s", name)
        size = int(asked) if asked is not None and asked.strip().isdigit() else limit + 1
    if not 0 <= size <= limit:
        return None
    data = run_git(root, "cat-file", "blob", name)
    return data if data is not None and len(data) <= limit else None


def file_at(root: Path, revision: str, path: str, limit: int) -> bytes | None:
    """The bytes of the file `path` (relative to `root`) as `revision` holds it, when it is a
    regular file (not a link, not a submodule) of at most `limit` bytes; else None."""
    listing = run_git(root, "ls-tree", "-z", "-l", "--end-of-options", revision, "--", path)
    if not listing:
        return None
    head = listing.split(b"\0")[0].partition(b"\t")[0].decode("ascii", "replace").split()
    if len(head) != 4 or head[1] != "blob" or head[0] not in REGULAR_MODES:
        return None
    if not head[3].isdigit() or int(head[3]) > limit:
        return None
    return blob(root, head[2], limit, int(head[3]))


REGULAR_MODES = ("100644", "100755")  # a file in a git tree; 120000 is a link, 160000 a commit
