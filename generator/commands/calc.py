"""`playaid calc`: run a rule procedure on KEY=VALUE inputs and show the arithmetic."""

from __future__ import annotations

import argparse

from generator.commands.common import EXIT_OK, Command, answering, print_json, table_side

HELP = "run a rule procedure and show the arithmetic"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The procedure and its inputs."""
    parser.add_argument("procedure", metavar="PROCEDURE", nargs="?")
    parser.add_argument("keys", nargs="*", metavar="KEY=VALUE")
    parser.add_argument("--json", action="store_true", help="print JSON")


def run(args: argparse.Namespace, lang: str) -> int:
    """Run a procedure; with no procedure, list them."""
    from generator.tableside.calc import calc_json, calculate, render_calc
    from generator.tableside.lookup import parse_pairs

    content = table_side(args)
    if args.procedure is None:
        for pid, doc in sorted(content.procedures.items()):
            print(f"{pid}\t{doc.title.en}\t{doc.title.ja}")
        return EXIT_OK
    calculation = calculate(content, args.procedure, parse_pairs(args.keys))
    if args.json:
        print_json(calc_json(calculation))
    else:
        print(render_calc(calculation, lang))
    return EXIT_OK


COMMANDS = (Command("calc", HELP, add_arguments, answering(run)),)
