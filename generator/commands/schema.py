"""`playaid schema scenario --system SYSTEM`: print the JSON Schema of scenario files."""

from __future__ import annotations

import argparse

from generator.commands.common import EXIT_OK, Command, load

HELP = "print the JSON Schema of scenario files"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """What schema, of which system."""
    parser.add_argument("what", choices=("scenario",), metavar="scenario")
    parser.add_argument("--system", choices=("mak", "fpcf"), required=True)


def run(args: argparse.Namespace, lang: str) -> int:
    """Print the JSON Schema of one system's scenario files."""
    del lang
    from generator.scenario.schema import schema_text

    print(schema_text(args.system, load(args)), end="")
    return EXIT_OK


COMMANDS = (Command("schema", HELP, add_arguments, run),)
