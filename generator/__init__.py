"""Playaid: bilingual player aids, rule booklets and record sheets for hex-and-counter wargames."""

__version__ = "0.1.0"
