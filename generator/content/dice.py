"""Dice: roll a d6, 2d6 or d10 (faces 0-9, as the Flashpoint charts read them)."""

from __future__ import annotations

import random

DIE_FACES: dict[str, tuple[int, int]] = {"d6": (1, 6), "2d6": (2, 12), "d10": (0, 9)}
DICE_COUNT = {"d6": 1, "2d6": 2, "d10": 1}


def one_die(die: str) -> tuple[int, int]:
    """The lowest and highest face of each die rolled for `die` (2d6: each d6, 1 to 6)."""
    return DIE_FACES["d6"] if die == "2d6" else DIE_FACES[die]


def roll_die(die: str, rng: random.Random) -> tuple[list[int], int]:
    """Each die rolled and their total."""
    low, high = one_die(die)
    dice = [rng.randint(low, high) for _ in range(DICE_COUNT[die])]
    return dice, sum(dice)
