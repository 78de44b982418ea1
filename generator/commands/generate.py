"""`playaid generate`: write a new, balanced scenario file that passes check --strict."""

from __future__ import annotations

import argparse
import re

from generator.commands.common import (
    EXIT_OK,
    FORCE_HELP,
    Command,
    load,
    scenario_system,
    schema_line,
    write_or_print,
)

HELP = "write a new, balanced scenario file that passes check --strict"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The system, the seed, the size and where to write."""
    parser.add_argument(
        "system", metavar="SYSTEM", help="a system of the content with scenarios (mak, fpcf)"
    )
    parser.add_argument("--seed", type=_seed, default=0, help="the same seed, the same file")
    parser.add_argument("--size", choices=("small", "medium", "large"), default="medium")
    parser.add_argument(
        "--out", default="-", metavar="FILE", help="where to write it (- for stdout)"
    )
    parser.add_argument("--force", action="store_true", help=FORCE_HELP)


def run(args: argparse.Namespace, lang: str) -> int:
    """Write a generated scenario."""
    from generator.scenario.generate import generate

    content = load(args)
    system = scenario_system(args.system.lower(), content)
    command = f"playaid generate {system} --seed {args.seed} --size {args.size}"
    schema = schema_line(system, args.out)
    text = generate(content, system, args.seed, args.size, command, schema)
    write_or_print(text, args.out, lang, args.force)
    return EXIT_OK


def _seed(raw: str) -> int:
    """A generator seed: a whole number from 0, ASCII digits, at most NUMBER_DIGITS of them
    (`٧`, `1_0` and a 61-digit number are not seeds: Python's int() would take them)."""
    from generator.core.limits import NUMBER_DIGITS

    if not re.fullmatch(rf"[0-9]{{1,{NUMBER_DIGITS}}}", raw):
        raise argparse.ArgumentTypeError(
            f"the seed is a whole number from 0, at most {NUMBER_DIGITS} digits (0-9)"
        )
    return int(raw)


COMMANDS = (Command("generate", HELP, add_arguments, run),)
