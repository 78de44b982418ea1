"""`playaid new`: write a commented starter scenario file."""

from __future__ import annotations

import argparse

from generator.commands.common import (
    EXIT_OK,
    FORCE_HELP,
    Command,
    scenario_system,
    schema_line,
    write_or_print,
)

HELP = "write a commented starter scenario file"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The system and where to write."""
    parser.add_argument(
        "system", metavar="SYSTEM", help="a system with scenarios (mak, fpcf as shipped)"
    )
    parser.add_argument(
        "--out", default="-", metavar="FILE", help="where to write it (- for stdout)"
    )
    parser.add_argument("--force", action="store_true", help=FORCE_HELP)


def run(args: argparse.Namespace, lang: str) -> int:
    """Write a commented starter scenario."""
    from generator.scenario.starter import starter

    system = scenario_system(args.system.lower())
    text = starter(system, schema_line(system, args.out))
    write_or_print(text, args.out, lang, args.force)
    return EXIT_OK


COMMANDS = (Command("new", HELP, add_arguments, run),)
