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


def lead_mark(mark: str | None, text: Bilingual) -> str:
    """The mark to print before a note's text: none where the text begins with it, as the seed's
    "(a) means only artillery …" does."""
    if not mark or all(shown.startswith(mark) for shown in (text.en, text.ja)):
        return ""
    return mark


class Marked:
    """A note under a chart (fields `mark`, `text`) that knows the mark to print before it."""

    mark: str | None
    text: Bilingual

    @property
    def lead_mark(self) -> str:
        """The mark to print before the note's text (none where the text begins with it)."""
        return lead_mark(self.mark, self.text)


class Cited:
    """A place in the seeds (fields `seed`, `section`, `lines`), an erratum a text comes from
    instead (`cited_erratum`: its title in English and Japanese, and its date), or what a player
    says an overlay's facts come from (`supplied`), that can say where it is."""

    seed: str | None
    section: str | None
    lines: str | None
    supplied: str | None
    # and `cited_erratum`, a property on the content model and a field on the snapshot's copy (an
    # annotation here would make pydantic take it for a field)

    def describe(self, lang: str = "en") -> str:
        """A short human form: `seed 000, Troop Quality Table, lines 30-42`, or
        `erratum Tactics 2025-03, 2025-03-01`."""
        if self.supplied:
            supplied = "プレイヤー提供" if lang == "ja" else "supplied by the player"
            return f"{supplied}: {self.supplied}"
        erratum = getattr(self, "cited_erratum", None)
        if erratum:
            title_en, title_ja, date = erratum
            shown = f"エラッタ {title_ja}" if lang == "ja" else f"erratum {title_en}"
            return ", ".join([shown, date, *([self.section] if self.section else [])])
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
