"""`playaid fonts`: say which Japanese font printing uses, where it is, and whether it sets
punctuation half width."""

from __future__ import annotations

import argparse

from generator.commands.common import EXIT_OK, Command, say

HELP = "say which Japanese font printing uses and where it is"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """No options of its own."""
    del parser


def run(args: argparse.Namespace, lang: str) -> int:
    """Say which Japanese font is used."""
    del args
    from generator.render.fonts import japanese_font, layout_features

    font = japanese_font()
    print(say(lang, "outcome:font", font=font.describe()))
    code = "fonts-halt" if "halt" in layout_features(font.regular) else "fonts-no-halt"
    print(say(lang, code, family=font.family))
    return EXIT_OK


COMMANDS = (Command("fonts", HELP, add_arguments, run),)
