"""The Jinja environment: autoescaped, strict, with UI strings and texts in one language or both."""

from __future__ import annotations

from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup, escape

from generator.model.base import LocalizedText
from generator.render.i18n import TEMPLATES, load_translations

EDITIONS = ("en", "ja", "both")


def _span(text: str, lang: str) -> Markup:
    return Markup('<span lang="{}">{}</span>').format(lang, text)


def make_environment(edition: str) -> Environment:
    """An environment for one edition: `en`, `ja`, or `both` (English and Japanese together)."""
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html"]),
        undefined=StrictUndefined,
        extensions=["jinja2.ext.i18n"],
        keep_trailing_newline=True,
    )
    japanese = load_translations("ja")
    env.install_gettext_translations(japanese if edition == "ja" else load_translations("en"))
    languages = ("en", "ja") if edition == "both" else (edition,)

    def ui(message: str) -> Markup:
        """A UI string in the edition's language(s), each run tagged with its lang."""
        shown = {"en": message, "ja": japanese.gettext(message)}
        return Markup('<span class="sep"> / </span>').join(
            _span(shown[lang], lang) for lang in languages
        )

    def loc(value: Any) -> Markup:
        """A content value: a bilingual text in the edition's language(s), anything else as is."""
        if isinstance(value, LocalizedText):
            parts = [value.get(lang) for lang in languages]
            if len(parts) == 2 and parts[0] == parts[1]:
                return _span(parts[0], "en")
            return Markup('<span class="sep"> / </span>').join(
                _span(part, lang) for part, lang in zip(parts, languages, strict=True)
            )
        if isinstance(value, Markup):
            return value
        return escape(value)

    env.globals.update(ui=ui, edition=edition, languages=languages)
    env.filters["loc"] = loc
    return env
