"""What every text and citation can do, whether validated content or the table-side snapshot.

The content model (pydantic) and the plain snapshot the table-side commands answer from share
these behaviours, so `lookup`, `rule` and `calc` print the same thing from either, and the
snapshot never imports pydantic.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from functools import lru_cache
from typing import Any, Literal

from generator.content.printing import printing_now
from generator.core.limits import shown_name
from generator.core.messages import message, text_in

Language = Literal["en", "ja"]

# How a player's copy cites a source (`lookup`, `rule`): the publication, as the cards print it.
message("cite-section", "{publication} — {section}")
message("cite-erratum", "erratum {title}, {date}")
message("cite-supplied", "supplied by the player: {supplied}")


def normalize_for_hash(value: str) -> str:
    """Unicode NFC with every run of white space folded to one space, stripped."""
    return re.sub(r"\s+", " ", unicodedata.normalize("NFC", value)).strip()


def source_hash(value: str) -> str:
    """The 8-hex-digit fingerprint of a source text that a translation records in `from`."""
    return hashlib.sha256(normalize_for_hash(value).encode("utf-8")).hexdigest()[:8]


@lru_cache(maxsize=4096)
def pending_language(en: str, ja: str, tr: str, recorded: str | None) -> Language | None:
    """The language whose text is not yet a current translation of the other: missing, made
    from an earlier source text (stale), or never stamped; None when both may be printed."""
    if not ja.strip() and en.strip():
        return "ja"
    if not en.strip() and ja.strip():
        return "en"
    if tr not in ("en", "ja"):
        return None
    source = ja if tr == "en" else en
    return tr if recorded != source_hash(source) else None  # type: ignore[return-value]


class Bilingual:
    """A text in English and Japanese (fields `en`, `ja`, `tr`), with which one was translated."""

    en: str
    ja: str
    tr: Any

    def get(self, lang: str) -> str:
        """The text in one language, as what is being printed (generator.content.printing)
        prints a translation still pending: as it stands, marked as a draft, or in the source
        language instead."""
        text = self.ja if lang == "ja" else self.en
        printing = printing_now()
        if printing is None or self.pending != lang:
            return text
        source = self.en if lang == "ja" else self.ja
        return printing.met(self, lang, text, source)

    @property
    def key(self) -> tuple[str, str, str, str | None]:
        """What makes two texts the same text: both languages, `tr` and `from`."""
        return (self.en, self.ja, str(self.tr), getattr(self, "from_", None))

    @property
    def pending(self) -> Language | None:
        """The language whose translation is pending (missing, stale or unstamped), if any."""
        return pending_language(*self.key)

    @property
    def source_language(self) -> Language | None:
        """The language the seed gives, when only one of them is source text."""
        return {"ja": "en", "en": "ja"}.get(self.tr)  # type: ignore[return-value]


def pair_of(value: Bilingual) -> tuple[str, str]:
    """A text as (English, Japanese), as what is being printed prints it (pending: marked)."""
    return value.get("en"), value.get("ja")


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
    says an overlay's facts come from (`supplied`), that can say where it is; `seed_title` is
    the seed's title (sources.yaml), as a player cites it."""

    seed: str | None
    section: str | None
    lines: str | None
    supplied: str | None
    # and `cited_erratum` and `seed_title`, properties on the content model and fields on the
    # snapshot's copy (an annotation here would make pydantic take it for a field)

    def cite(self, lang: str = "en") -> str:
        """The publication as a player's copy cites it, as the cards do: the seed's title and the
        section (`Flashpoint: Central Front — … — Air Drop Table`), an erratum's title and date,
        or what the player supplied; no seed id or line (those are the editor's: `describe`)."""
        if self.supplied:
            return text_in(lang, "cite-supplied", supplied=self.supplied)
        erratum = getattr(self, "cited_erratum", None)
        publication = getattr(self, "seed_title", None)
        if erratum:
            title = erratum[1] if lang == "ja" else erratum[0]
            shown = text_in(lang, "cite-erratum", title=title, date=erratum[2])
        elif publication is not None:
            shown = shown_name(publication.get(lang))
        else:  # a citation made without its seed's title: the editor's form rather than none
            return self.describe(lang)
        if not self.section:
            return shown
        return text_in(lang, "cite-section", publication=shown, section=self.section)

    def describe(self, lang: str = "en") -> str:
        """An editor's short form (diagnostics, the reviewer's copy, the JSON's `source`):
        `seed 000, Troop Quality Table, lines 30-42`, or
        `erratum Tactics 2025-03, 2025-03-01`."""
        # Each value is escaped as a file name is: an erratum's title of "…\nok: …" printed a
        # line of its own (issue 42).
        section = shown_name(self.section) if self.section else None
        if self.supplied:
            supplied = "プレイヤー提供" if lang == "ja" else "supplied by the player"
            return f"{supplied}: {shown_name(self.supplied)}"
        erratum = getattr(self, "cited_erratum", None)
        if erratum:
            title_en, title_ja, date = (shown_name(part) for part in erratum)
            shown = f"エラッタ {title_ja}" if lang == "ja" else f"erratum {title_en}"
            return ", ".join([shown, date, *([section] if section else [])])
        parts = [f"{'シード' if lang == 'ja' else 'seed'} {self.seed}"]
        if section:
            parts.append(section)
        if self.lines:
            if lang == "ja":
                parts.append(f"{self.lines} 行")
            else:
                lines = "lines " if "-" in self.lines or "," in self.lines else "line "
                parts.append(lines + self.lines)
        return ", ".join(parts)
