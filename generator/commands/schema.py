"""`playaid schema scenario --system SYSTEM`: print the JSON Schema of scenario files."""

from __future__ import annotations

import argparse

from generator.commands.common import EXIT_OK, Command, load, scenario_system

HELP = "print the JSON Schema of scenario files"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """What schema, of which system."""
    parser.add_argument("what", choices=("scenario",), metavar="scenario")
    parser.add_argument(
        "--system",
        required=True,
        metavar="SYSTEM",
        help="a system of the content with scenarios (mak, fpcf as shipped)",
    )


def run(args: argparse.Namespace, lang: str) -> int:
    """Print the JSON Schema of one system's scenario files."""
    del lang
    from generator.scenario.schema import schema_text

    content = load(args)
    print(schema_text(scenario_system(args.system.lower(), content), content), end="")
    return EXIT_OK


COMMANDS = (Command("schema", HELP, add_arguments, run),)
