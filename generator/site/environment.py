"""The site's Jinja environments: one for its own pages, where every passage is in both languages
and tagged so that the language switch can show one or both, and one per language for the
scenario cards, whose templates the PDFs share."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from jinja2 import Environment
from markupsafe import Markup, escape

from generator.content.model.base import LocalizedText
from generator.core.japanese import JAPANESE_RUN
from generator.render.environment import new_environment, text_ems
from generator.render.i18n import load_translations

LANGUAGES = ("en", "ja")
SEPARATOR = Markup('<span class="sep"> / </span>')


def passage(text: Any, lang: str) -> Markup:
    """`text` escaped in a span of one language, which the switch hides in the other."""
    return Markup('<span lang="{}" class="l-{}">{}</span>').format(lang, lang, text)


def both(texts: dict[str, Any]) -> Markup:
    """A text in each language, tagged; one span the switch never hides when the two read the
    same (a code, a number, a name printed alike), in Japanese when it holds Japanese."""
    if texts["en"] == texts["ja"]:
        lang = "ja" if JAPANESE_RUN.search(str(texts["en"])) else "en"
        return Markup('<span lang="{}">{}</span>').format(lang, texts["en"])
    return SEPARATOR.join(passage(texts[lang], lang) for lang in LANGUAGES)


def mark(texts: dict[str, Any]) -> Markup:
    """A mark between facts (· in English, ・ in Japanese): the Japanese one shows only when the
    page is in Japanese alone, the English one otherwise (both languages keep ·, as the bilingual
    PDFs do); one span when the two read the same."""
    if texts["en"] == texts["ja"]:
        return both(texts)
    return Markup("").join(
        Markup('<span lang="{}" class="mark-{}">{}</span>').format(lang, lang, texts[lang])
        for lang in LANGUAGES
    )


@dataclass(frozen=True)
class Texts:
    """A text in each language, as plain text: for a page's title and for attributes (an
    `aria-label`), which hold no markup; it reads `English / 日本語` (one when they agree)."""

    en: str
    ja: str

    def __str__(self) -> str:
        return self.en if self.en == self.ja else f"{self.en} / {self.ja}"


WHOLE_EMS = 6  # a longer run of Japanese may break: a phone's line is about 12 ems of a title


def _words(text: str) -> Markup:
    """Short Japanese runs kept whole (ダイス, never ダイ|ス), as the cards keep their headers;
    a long one breaks where it must, so that no title runs past a phone's screen."""
    pieces, position = [], 0
    for run in JAPANESE_RUN.finditer(text):
        pieces.append(escape(text[position : run.start()]))
        whole = text_ems(run.group()) <= WHOLE_EMS
        pieces.append(
            Markup('<span class="whole">{}</span>' if whole else "{}").format(run.group())
        )
        position = run.end()
    pieces.append(escape(text[position:]))
    return Markup("").join(pieces)


def site_environment() -> Environment:
    """The environment of the site's own pages: `ui` and `loc` give both languages, tagged."""
    env = new_environment("both")  # its own: the PDFs' shared one keeps its `ui` and `loc`
    japanese = load_translations("ja")

    def ui(message: str) -> Markup:
        """A UI string from the catalog in both languages, each tagged for the switch."""
        return both({"en": message, "ja": japanese.gettext(message)})

    def ui_mark(message: str) -> Markup:
        """A mark between facts from the catalog (" · "), switched with the page's language."""
        return mark({"en": message, "ja": japanese.gettext(message)})

    def ui_in(message: str, lang: str) -> Markup:
        """A UI string in one language, shown whatever the switch says (its own name)."""
        shown = japanese.gettext(message) if lang == "ja" else message
        return Markup('<span lang="{}">{}</span>').format(lang, shown)

    def loc(value: Any) -> Markup:
        """A content value: a bilingual text in both languages, tagged; anything else as is."""
        if isinstance(value, LocalizedText):
            return both({lang: value.get(lang) for lang in LANGUAGES})
        if isinstance(value, Markup):
            return value
        return escape(value)

    def loc_words(value: Any) -> Markup:
        """`loc`, with each Japanese word kept on one line (headers, titles)."""
        if not isinstance(value, LocalizedText) or value.en == value.ja:
            return loc(value)
        return both({"en": value.en, "ja": _words(value.ja)})

    def ui_texts(message: str) -> Texts:
        """A UI string from the catalog as plain text in both languages."""
        return Texts(message, japanese.gettext(message))

    def texts(value: Any) -> Texts:
        """A content text (or a name printed alike in both) as plain text in both languages."""
        if isinstance(value, LocalizedText):
            return Texts(value.en, value.ja)
        return Texts(str(value), str(value))

    env.globals.update(
        ui=ui, ui_mark=ui_mark, ui_in=ui_in, ui_texts=ui_texts, texts=texts, both=both
    )
    env.globals["switched"] = True  # a passage in two languages is tagged for the switch
    env.filters.update(loc=loc, loc_words=loc_words, loc_whole=loc_words)
    env.policies["json.dumps_kwargs"] = {"sort_keys": True, "ensure_ascii": False}
    return env


def card_environment(edition: str, case_href: Callable[[str], str]) -> Environment:
    """The environment a scenario card is rendered in for the site: one like the PDFs', in one
    language, with its rule links pointing at the rules pages."""
    env = new_environment(edition)  # its own: the PDFs' cards keep their links in the PDF
    env.globals.update(case_href=case_href, case_anchor=lambda target: f"{edition}-{target}")
    return env
