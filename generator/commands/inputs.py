"""Command-line values checked before a command runs: names the system cannot take (too long),
options that would be quietly ignored, and a HOME that is no absolute path; and an OSError about
a name, met while a command runs, said in one line instead of a traceback."""

from __future__ import annotations

import argparse
import errno
import os
import sys
from pathlib import Path

from generator.commands.common import say
from generator.core.errors import UserError

# The errors of a name the system cannot take: too long, a loop of links, a file in the path.
PATH_ERRORS = frozenset({errno.ENAMETOOLONG, errno.ELOOP, errno.ENOTDIR, errno.EILSEQ})
NAME_BYTES = 255  # the longest name of one file or folder common file systems hold
PATH_BYTES = 4095  # the longest path Linux takes


def check_paths(args: argparse.Namespace) -> None:
    """Every file or folder named on the command line, checked before anything is read: a name
    longer than a file system holds is a UserError naming it (exit 1), never a traceback."""
    values = [value for value in vars(args).values() if value is not None]
    paths = [value for value in values if isinstance(value, Path)]
    paths += [item for value in values if isinstance(value, list) for item in value]
    if isinstance(getattr(args, "out", None), str) and args.out != "-":  # new, generate
        paths.append(Path(args.out))
    for path in paths:
        if not isinstance(path, Path):
            continue
        raw = os.fsencode(path)
        if len(raw) > PATH_BYTES or any(len(part) > NAME_BYTES for part in raw.split(b"/")):
            raise UserError("path-too-long", path=os.fsdecode(raw)[:80] + "…", limit=NAME_BYTES)


def unusable_name(error: OSError, lang: str) -> bool:
    """Say so when an OSError is about a name the system cannot take (one too long found
    below a folder given, a loop of links): the input's fault, exit 1, not a bug."""
    if error.errno not in PATH_ERRORS:
        return False
    shown = os.fsdecode(error.filename) if isinstance(error.filename, str | bytes) else ""
    line = say(lang, "path-unusable", path=shown[:200], reason=os_reason(error))
    print(f"playaid: {line}", file=sys.stderr)
    return True


def warn_home(lang: str) -> None:
    """One warning when the cache's place depends on a HOME that is set but is no absolute path
    (empty or relative), which is ignored as an unset one is."""
    from generator.core import places

    if os.path.isabs(os.environ.get("XDG_CACHE_HOME", "")) or not places.home_unusable():
        return
    line = say(lang, "home-unusable", home=os.environ.get("HOME", ""), folder=places.cache_root())
    print(f"playaid: {line}", file=sys.stderr)


def check_values(parser: argparse.ArgumentParser, args: argparse.Namespace, lang: str) -> None:
    """Options that would be quietly ignored: a usage error (exit 2) instead."""
    if getattr(args, "changes_since", None) == "":
        parser.error(say(lang, "since-empty"))
    if getattr(args, "draft", False) and "site" in (getattr(args, "targets", None) or []):
        parser.error(say(lang, "draft-site"))


def os_reason(error: BaseException) -> str:
    """Why the system refused, in its words (File name too long)."""
    return getattr(error, "strerror", None) or str(error) or type(error).__name__
