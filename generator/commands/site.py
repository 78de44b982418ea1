"""`playaid site`: write the reference site, for a phone to keep offline."""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.commands.common import EXIT_OK, Command, checked_samples, load, os_reason, say
from generator.core.errors import UserError

HELP = (
    "write the reference site: every chart with its lookup and dice, every rule with a"
    " search, the glossary and the sample scenarios' cards, in English and Japanese, for a"
    " phone to keep offline (docs/site.md)"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Where to write it."""
    parser.add_argument(
        "--out",
        type=Path,
        default=Path("output") / "site",
        metavar="DIR",
        help="folder to write it to; open DIR/index.html (default: output/site)",
    )


def run(args: argparse.Namespace, lang: str) -> int:
    """Write the reference site into its own folder."""
    from babel.numbers import format_decimal

    from generator.core.files import WriteError
    from generator.site import ENTRY, site_files
    from generator.site.write import write_site

    content = load(args)
    site = site_files(content, checked_samples(content))
    try:
        changed = write_site(args.out, site)
    except (OSError, WriteError) as error:
        raise UserError("cannot-write", path=args.out, reason=os_reason(error)) from error
    size = format_decimal(round(site.size / 1024), locale=lang)
    print(
        say(
            lang,
            "outcome:site-written",
            path=args.out / ENTRY,
            pages=format_decimal(site.pages, locale=lang),
            files=format_decimal(len(site.files), locale=lang),
            size=size,
            changed=format_decimal(changed, locale=lang),
        )
    )
    return EXIT_OK


COMMANDS = (Command("site", HELP, add_arguments, run),)
