"""`playaid stamp`: record the source hash on translations that have none, in the content or in
the files named (generator.commands.stamping edits them)."""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.commands.common import EXIT_OK, Command, say

HELP = "record the source hash on translations that have none"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The files to stamp."""
    parser.add_argument(
        "files", nargs="*", type=Path, metavar="FILE", help="files to stamp (default: the content)"
    )


def run(args: argparse.Namespace, lang: str) -> int:
    """Write the missing `from` hashes into the content files, or the files named."""
    from generator.commands.stamping import stamp_content, stamp_files

    stamped = stamp_files(args.files) if args.files else stamp_content(args.content)
    for path, count in stamped:
        print(f"{path}: {count}")
    total = sum(count for _, count in stamped)
    print(say(lang, "outcome:stamped", count=total))
    return EXIT_OK


COMMANDS = (Command("stamp", HELP, add_arguments, run),)
