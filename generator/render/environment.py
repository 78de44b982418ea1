"""The Jinja environment: autoescaped, strict, with UI strings and texts in one language or both."""

from __future__ import annotations

import functools
import re
from datetime import date
from typing import Any

from babel.dates import format_date
from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from jinja2.bccache import Bucket, BytecodeCache
from markupsafe import Markup, escape

from generator.content.model.base import LocalizedText
from generator.core.japanese import JAPANESE_RUN, text_ems
from generator.core.messages import DIE_RANGE, text_in
from generator.render.i18n import TEMPLATES, load_translations
from generator.render.typeset.spacing import NO_BREAK, meet

EDITIONS = ("en", "ja", "both")


WHOLE_EMS = 9.5  # the longest run of Japanese kept on one line in a narrow cell, in ems


def japanese_whole(text: str, run_attributes: str = "") -> Markup:
    """`text` escaped, each run of Japanese in a `.whole` span (kept on one line by the style
    sheet), with `run_attributes` (such as ` lang="ja"`) on each span."""
    pieces, position = [], 0
    for run in JAPANESE_RUN.finditer(text):
        pieces.append(escape(text[position : run.start()]))
        span = Markup(f'<span class="whole"{run_attributes}>{{}}</span>')
        pieces.append(span.format(run.group()))
        position = run.end()
    pieces.append(escape(text[position:]))
    return Markup("").join(pieces)


def identifier(text: str) -> Markup:
    """An id as printed: it may break only after a dot, never inside a name or at its hyphens
    (`fpcf.air-strike-availability`)."""
    pieces = [Markup('<span class="id-part">{}</span>').format(piece) for piece in text.split(".")]
    joined = Markup(".<wbr>").join(pieces)
    return Markup('<span class="id" lang="en" data-id="{}">{}</span>').format(text, joined)


def _beside_latin(text: str, at: int) -> Markup:
    """A line break allowed at `at`, where Japanese meets Latin text with no space between
    (Sph69-p|兵員輸送車: a gap is set there, generator.render.typeset.spacing), or nothing; never
    after a numeral, which keeps its counter, nor after 第, which keeps its numeral."""
    if 0 < at < len(text) and text[at - 1] not in NO_BREAK and meet(text, at - 1, at):
        return Markup("<wbr>")
    return Markup("")


@functools.cache
def _range_marks() -> dict[str, str]:
    """Each language's one range mark, as the catalog writes a die range (– and 〜)."""
    return {lang: text_in(lang, DIE_RANGE, low="", high="") for lang in ("en", "ja")}


def printed_alike(parts: list[str]) -> bool:
    """Whether a bilingual page prints these two sides once: they read the same, or differ only
    in their range marks (`0–3` and `0〜3`, `WP 1–3` and `WP 1〜3`), which the English prints."""
    if len(parts) != 2:
        return False
    if parts[0] == parts[1]:
        return True
    between, english = _japanese_ranges()
    return parts[0] == between.sub(english, parts[1])


@functools.cache
def _japanese_ranges() -> tuple[re.Pattern[str], str]:
    """The Japanese range mark between two numbers, and the English mark that replaces it."""
    marks = _range_marks()
    return re.compile(rf"(?<=[0-9]){re.escape(marks['ja'])}(?=[0-9])"), marks["en"]


def _span(text: str, lang: str) -> Markup:
    return Markup('<span lang="{}">{}</span>').format(lang, text)


@functools.cache
def make_environment(edition: str) -> Environment:
    """The documents' environment for one edition: `en`, `ja`, or `both` (English and Japanese
    together). One per process: Jinja reloads a template whose file changed (`build --watch`
    keeps the compiled ones it can). Shared, so never changed: a caller that needs other
    globals makes its own with new_environment."""
    return new_environment(edition)


class CompiledOnce(BytecodeCache):
    """Each template compiled once a process, whichever edition's environment asks for it: the
    environments differ in their globals, filters and translations, which a template looks up
    as it renders, not in how it compiles (a build of three editions compiled each template three
    times, a tenth of a build with every document cached). Kept by the template's name, file,
    source and every setting the compiler reads, so an edited template or another setting
    compiles afresh."""

    def __init__(self) -> None:
        self.codes: dict[tuple[Any, ...], Any] = {}

    def get_bucket(
        self, environment: Environment, name: str, filename: str | None, source: str
    ) -> Bucket:
        """The template's compiled code, when an environment compiled it so before."""
        key = (name, filename, self.get_source_checksum(source), _compiled_as(environment, name))
        bucket = Bucket(environment, repr(key), key[2])
        bucket.code = self.codes.get(key)
        bucket.playaid_key = key  # type: ignore[attr-defined]
        return bucket

    def set_bucket(self, bucket: Bucket) -> None:
        """Keep the code an environment compiled."""
        self.codes[bucket.playaid_key] = bucket.code  # type: ignore[attr-defined]

    def load_bytecode(self, bucket: Bucket) -> None:  # pragma: no cover - get_bucket does it
        """Unused: get_bucket looks the code up."""

    def dump_bytecode(self, bucket: Bucket) -> None:  # pragma: no cover - set_bucket does it
        """Unused: set_bucket keeps the code."""


def _compiled_as(env: Environment, name: str) -> tuple[Any, ...]:
    """Every setting of an environment that Jinja's lexer, parser and code generator read."""
    escaping = env.autoescape(name) if callable(env.autoescape) else env.autoescape
    delimiters = (env.block_start_string, env.block_end_string, env.variable_start_string)
    delimiters += (env.variable_end_string, env.comment_start_string, env.comment_end_string)
    lines = (env.line_statement_prefix, env.line_comment_prefix, env.newline_sequence)
    blocks = (env.trim_blocks, env.lstrip_blocks, env.keep_trailing_newline, env.optimized)
    extensions = tuple(sorted(env.extensions))
    gettext = getattr(env, "newstyle_gettext", None)
    return (escaping, delimiters, lines, blocks, extensions, gettext, env.is_async)


COMPILED_ONCE = CompiledOnce()


def new_environment(edition: str) -> Environment:
    """A fresh environment for one edition, the caller's own to change."""
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html"]),
        undefined=StrictUndefined,
        extensions=["jinja2.ext.i18n"],
        keep_trailing_newline=True,
        bytecode_cache=COMPILED_ONCE,
    )
    words = EditionWords(edition)
    env.install_gettext_translations(words.japanese if edition == "ja" else load_translations("en"))
    env.globals.update(
        ui_in=words.ui_in,
        ui=words.ui,
        edition=edition,
        languages=words.languages,
        page_pattern=words.page_pattern,
        date_label=words.date_label,
        # Where a scenario card's rule links go: anchors in the same PDF (the site overrides it).
        case_href=lambda target: "#" + target,
        case_anchor=lambda target: target,
    )
    env.filters["loc"] = words.loc
    env.filters["loc_whole"] = words.loc_whole
    env.filters["loc_words"] = words.loc_words
    env.filters["whole"] = japanese_whole
    env.filters["identifier"] = identifier
    return env


class EditionWords:
    """UI strings and content texts as an edition prints them: in its language, or in English
    and Japanese together, each run tagged with its lang."""

    def __init__(self, edition: str) -> None:
        self.edition = edition
        self.languages = ("en", "ja") if edition == "both" else (edition,)
        self.japanese = load_translations("ja")

    def ui(self, message: str) -> Markup:
        """A UI string in the edition's language(s), each run tagged with its lang."""
        shown = {"en": message, "ja": self.japanese.gettext(message)}
        if len(self.languages) == 2 and shown["en"] == shown["ja"]:  # "HQ", not "HQ / HQ"
            return _span(message, "en")
        return Markup('<span class="sep"> / </span>').join(
            _span(shown[lang], lang) for lang in self.languages
        )

    def ui_in(self, message: str, lang: str) -> Markup:
        """A UI string in one given language, tagged with it."""
        return _span(self.japanese.gettext(message) if lang == "ja" else message, lang)

    def loc(self, value: Any) -> Markup:
        """A content value: a bilingual text in the edition's language(s), anything else as is."""
        if isinstance(value, LocalizedText):
            parts = [value.get(lang) for lang in self.languages]
            if printed_alike(parts):
                return _span(parts[0], "en")
            return Markup('<span class="sep"> / </span>').join(
                _span(part, lang) for part, lang in zip(parts, self.languages, strict=True)
            )
        if isinstance(value, Markup):
            return value
        return escape(value)

    def loc_whole(self, value: Any) -> Markup:
        """`loc`, with each run of Japanese kept on one line: for narrow cells, where a name
        would otherwise break mid-word (Sph69-p兵|員輸送車); it may still break beside Latin
        letters (Sph69-p|兵員輸送車: a `<wbr>`, as the gap set there glues the two), and a run
        too long for a narrow cell may break."""
        if not isinstance(value, LocalizedText) or "ja" not in self.languages:
            return self.loc(value)
        pieces, position, text = [], 0, value.get("ja")
        english = value.get("en") if self.edition == "both" else ""
        if english and printed_alike([english, text]):
            return self.loc(value)
        for run in JAPANESE_RUN.finditer(text):
            pieces.append(escape(text[position : run.start()]))
            whole = text_ems(run.group()) <= WHOLE_EMS  # else longer than a narrow cell
            shown = '<span class="whole">{}</span>' if whole else "{}"
            pieces.append(_beside_latin(text, run.start()) + Markup(shown).format(run.group()))
            pieces.append(_beside_latin(text, run.end()))
            position = run.end()
        pieces.append(escape(text[position:]))
        words = Markup("").join(pieces)
        if self.edition == "ja" or english == text:
            return Markup('<span lang="ja">{}</span>').format(words)
        return Markup('{}<span class="sep"> / </span><span lang="ja">{}</span>').format(
            _span(english, "en"), words
        )

    def loc_words(self, value: Any) -> Markup:
        """`loc`, with each run of Japanese kept on one line by the style sheet's `.whole`: for
        header cells, where a Japanese word must never split (ダイ|ス) and the build refuses a
        card that splits one, while a label still wraps at its spaces and beside Latin letters
        (ソビエト (SU), その他のWP)."""
        if not isinstance(value, LocalizedText) or "ja" not in self.languages:
            return self.loc(value)
        parts = [value.get(lang) for lang in self.languages]
        if printed_alike(parts):
            return self.loc(value)
        shown = [
            Markup('<span lang="ja">{}</span>').format(japanese_whole(part))
            if lang == "ja"
            else _span(part, lang)
            for part, lang in zip(parts, self.languages, strict=True)
        ]
        return Markup('<span class="sep"> / </span>').join(shown)

    def page_pattern(self, pattern: str) -> tuple[str, str, str]:
        """'Page {page} of {pages}' as the three literal pieces around two CSS counters."""
        if self.edition == "both":
            pattern = "{page} / {pages}"
        before, _, rest = pattern.partition("{page}")
        middle, _, after = rest.partition("{pages}")
        return before, middle, after

    def date_label(self, iso: str | None) -> str:
        """A build date in the edition's locale(s), formatted by Babel."""
        if not iso:
            return ""
        day = date.fromisoformat(iso[:10])
        return " / ".join(format_date(day, format="long", locale=lang) for lang in self.languages)
