"""`playaid tables`: list the table ids with their English and Japanese titles."""

from __future__ import annotations

import argparse

from generator.commands.common import EXIT_OK, Command, answering, table_side
from generator.core.messages import text

HELP = "list table ids with their English and Japanese titles"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """No options of its own."""
    del parser


def run(args: argparse.Namespace, lang: str) -> int:
    """List the tables with both titles, then the charts a player supplies."""
    del lang
    content = table_side(args)
    for table_id in sorted(content.tables):
        title = content.tables[table_id].table.title
        print(f"{table_id}\t{title.en}\t{title.ja}")
    for table_id in sorted(set(content.slots) - set(content.tables)):
        slot = content.slots[table_id]
        outcome = "outcome:table-unprinted" if slot.keys else "outcome:table-from-box"
        english, japanese = text(outcome, title=(slot.title.en, slot.title.ja))
        print(f"{table_id}\t{english}\t{japanese}")
    return EXIT_OK


COMMANDS = (Command("tables", HELP, add_arguments, answering(run)),)
