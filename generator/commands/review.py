"""`playaid review SYSTEM`: write a reviewer's PDF of a system, the seed's text, the English and
the Japanese side by side with each translation's state."""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.commands.common import EXIT_OK, Command, print_problems, say

HELP = (
    "write a reviewer's PDF of a system: the seed's text, the English and the Japanese"
    " side by side for every case and chart, with each translation's state"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The system, where to write, and where the seeds are."""
    parser.add_argument(
        "system", metavar="SYSTEM", help="a system of the content (fpcf, cf or mak as shipped)"
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=Path("output"),
        metavar="DIR",
        help="output folder; the PDF goes to DIR/review/SYSTEM.review.pdf (default: output)",
    )
    parser.add_argument(
        "--seeds",
        type=Path,
        metavar="DIR",
        help="folder of the seed files (default: ../shared/seeds beside a clone of playaid;"
        " an installed playaid has none)",
    )
    parser.add_argument(
        "--no-cache", action="store_true", help="read no cache: render afresh and refresh it"
    )


def run(args: argparse.Namespace, lang: str) -> int:
    """Write one system's reviewer's copy; stale translations are shown, not refused."""
    from generator.builder.request import BuildError
    from generator.builder.review import write_review
    from generator.render.review import load_for_review

    content = load_for_review(args.content, args.overlay)
    try:
        path, _ = write_review(
            content, args.system.lower(), args.out, args.seeds, fresh=args.no_cache
        )
    except BuildError as error:
        return print_problems(error.problems, lang)
    print(say(lang, "outcome:wrote", path=path))
    return EXIT_OK


COMMANDS = (Command("review", HELP, add_arguments, run),)
