"""`playaid lookup` and `playaid roll`: print what a chart says for the keys given, or roll its
die first."""

from __future__ import annotations

import argparse
import random

from generator.commands.common import EXIT_OK, Command, answering, print_json, say, table_side
from generator.core.errors import UserError

LOOKUP_HELP = "print one cell of a table, or the whole table"
ROLL_HELP = "roll a table's die and show the roll and the result"


def add_lookup_arguments(parser: argparse.ArgumentParser) -> None:
    """The table and the keys."""
    parser.add_argument("table", metavar="TABLE")
    parser.add_argument("keys", nargs="*", metavar="KEY=VALUE")
    parser.add_argument("--json", action="store_true", help="print JSON")


def add_roll_arguments(parser: argparse.ArgumentParser) -> None:
    """The table, the keys other than the die, and a seed for a repeatable roll."""
    parser.add_argument("table", metavar="TABLE")
    parser.add_argument("keys", nargs="*", metavar="KEY=VALUE")
    parser.add_argument("--seed", type=int, help="seed the dice, for a repeatable roll")
    parser.add_argument("--json", action="store_true", help="print JSON")


def run_lookup(args: argparse.Namespace, lang: str) -> int:
    """Print one cell, or every cell the keys leave open."""
    from generator.tableside.lookup import answer_json, lookup, parse_pairs
    from generator.tableside.present import render_answer

    table = table_side(args).table(args.table)
    answer = lookup(table, parse_pairs(args.keys))
    if args.json:
        print_json(answer_json(answer, lang))
    else:
        print(render_answer(answer, lang))
    return EXIT_OK


def run_roll(args: argparse.Namespace, lang: str) -> int:
    """Roll the table's die, then look the roll up."""
    from generator.content.dice import roll_die
    from generator.tableside.lookup import answer_json, lookup, parse_pairs
    from generator.tableside.present import render_answer

    table = table_side(args).table(args.table)
    die = table.die_axis
    if die is None:
        raise UserError("no-die", table=table.id)
    pairs = parse_pairs(args.keys)
    if die.key in pairs:
        raise UserError("roll-given-die", key=die.key)
    dice, total = roll_die(die.die or "d6", random.Random(args.seed))
    answer = lookup(table, {**pairs, die.key: str(total)})
    if args.json:
        result = answer_json(answer, lang)
        print_json({"die": die.die, "dice": dice, "roll": total, "result": result})
        return EXIT_OK
    shown = "+".join(str(d) for d in dice) + (f" = {total}" if len(dice) > 1 else "")
    print(say(lang, "outcome:rolled", die=die.die, shown=shown))
    print(render_answer(answer, lang))
    return EXIT_OK


COMMANDS = (
    Command("lookup", LOOKUP_HELP, add_lookup_arguments, answering(run_lookup)),
    Command("roll", ROLL_HELP, add_roll_arguments, answering(run_roll)),
)
