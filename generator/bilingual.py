"""What every text and citation can do, whether validated content or the table-side snapshot.

The content model (pydantic) and the plain snapshot the table-side commands answer from share
these behaviours, so `lookup`, `rule` and `calc` print the same thing from either, and the
snapshot never imports pydantic.
"""

from __future__ import annotations

from typing import Any, Literal

Language = Literal["en", "ja"]


class Bilingual:
    """A text in English and Japanese (fields `en`, `ja`, `tr`), with which one was translated."""

    en: str
    ja: str
    tr: Any

    def get(self, lang: str) -> str:
        """The text in one language."""
        return self.ja if lang == "ja" else self.en

    @property
    def source_language(self) -> Language | None:
        """The language the seed gives, when only one of them is source text."""
        return {"ja": "en", "en": "ja"}.get(self.tr)  # type: ignore[return-value]


class Cited:
    """A place in the seeds (fields `seed`, `section`, `lines`), or what a player says an overlay's
    facts come from (`supplied`), that can say where it is."""

    seed: str | None
    section: str | None
    lines: str | None
    supplied: str | None

    def describe(self, lang: str = "en") -> str:
        """A short human form: `seed 000, Troop Quality Table, lines 30-42`."""
        if self.supplied:
            supplied = "プレイヤー提供" if lang == "ja" else "supplied by the player"
            return f"{supplied}: {self.supplied}"
        parts = [f"{'シード' if lang == 'ja' else 'seed'} {self.seed}"]
        if self.section:
            parts.append(self.section)
        if self.lines:
            if lang == "ja":
                parts.append(f"{self.lines} 行")
            else:
                lines = "lines " if "-" in self.lines or "," in self.lines else "line "
                parts.append(lines + self.lines)
        return ", ".join(parts)
