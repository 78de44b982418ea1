"""The build's second stage: every planned document's HTML in each edition it is rendered in,
one page for each type size a card may try, typeset as a Japanese publisher sets it."""

from __future__ import annotations

import dataclasses
import html as html_lib
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

from generator import __version__
from generator.builder.documents import PAPERS, Spec
from generator.builder.kits import COVER_PROBE
from generator.builder.plan import Plan, needed_editions
from generator.builder.request import BuildRequest
from generator.content.printing import DRAFT_CHARACTERS, PENDING_MARK, SOURCE_MARK, printing
from generator.core.diagnostics import Issue
from generator.core.errors import ContentError
from generator.core.limits import source_date_epoch
from generator.render.cards import SIZE_CLASSES
from generator.render.environment import make_environment
from generator.render.typeset.kept import Layout, typeset_kept, typeset_key
from generator.render.typeset.kept import prune as prune_typeset

T = TypeVar("T")

# Each document's stamp: the first digits of its own cache key, filled in once the key is known.
# A Latin word, so the page's Japanese is set around it as around the revision it stands for.
REVISION_TOKEN = "playaidrevisiontoken"
CARD_LINES = "phrase-lines"  # the class of a page whose lines break between phrases
FONT_TOKENS = {
    "regular": "@@playaid-font-regular@@",
    "bold": "@@playaid-font-bold@@",
    "form": "@@playaid-font-form@@",
}


@dataclass(frozen=True)
class Unset:
    """A type size or layout of a document, typeset only when the render pool tries it: most
    documents render their first, so typesetting every size of every card up front was most of
    the typesetting a build paid for (issue 46's card + kit row)."""

    html: str
    words: tuple[str, ...]
    layout: Layout
    fresh: bool = False

    def text(self) -> str:
        """The typeset HTML."""
        return typeset_kept(self.html, self.words, self.layout, fresh=self.fresh)

    def replace(self, old: str, new: str) -> Unset:
        """The same, with `old` replaced in its HTML (the revision token, before typesetting)."""
        return dataclasses.replace(self, html=self.html.replace(old, new))

    def key(self) -> str:
        """What its typeset HTML is made from: the typeset cache's key (the page, the terms,
        the layout, the typesetter's code and BudouX)."""
        return "typeset " + typeset_key(self.html, self.words, self.layout)


Variant = str | Unset  # the first type size of a document is typeset at once, the rest Unset


def variant_text(variant: Variant) -> str:
    """A variant's typeset HTML."""
    return variant if isinstance(variant, str) else variant.text()


def variant_key(variant: Variant) -> str:
    """What a document's key hashes of a variant: its typeset HTML, or what it is made from."""
    return variant if isinstance(variant, str) else variant.key()


def variant_visible(variant: Variant) -> str:
    """Every character a variant may draw (typesetting adds none: gaps are spans and breaks)."""
    return visible_text(variant if isinstance(variant, str) else variant.html)


@dataclass
class Page:
    """One document in one edition: its HTML, one a type size to try, largest first."""

    spec: Spec
    edition: str
    variants: list[Variant]


class Templater:
    """Makes a document's HTML in an edition from the request's content and options."""

    def __init__(self, request: BuildRequest, specs: list[Spec]) -> None:
        self.request = request
        self.words = request.content.japanese_terms()
        self.environments = {edition: make_environment(edition) for edition in request.editions}
        for edition in needed_editions(specs, request.editions):
            self.environments.setdefault(edition, make_environment(edition))
        self.common = {
            "bleed": request.bleed,
            "version": __version__,
            "changes": request.changes,  # --changes-since: templates/changes.html
            "created": created_date(),
            "revision": REVISION_TOKEN,
            "seed": None,
            "fonts": FONT_TOKENS,
            "draft": request.draft,
        }
        self.refused: set[Issue] = set()  # pending translations a document would print
        self.drafted: set[Issue] = set()  # pending translations a draft prints marked
        self.told: set[Issue] = set()  # those the request was already told of
        # Each document and edition that would print a refused one: it waits, the rest is built.
        self.withheld: set[tuple[str, str]] = set()
        self.covers: dict[tuple[Spec, str], list[str]] = {}  # each kit's first page, probed

    def html(self, spec: Spec, edition: str, extra: dict[str, Any] | None = None) -> list[Variant]:
        """A document's HTML in an edition, one a type size to try (`extra` adds context): the
        first typeset, the others when tried (Unset)."""
        env = self.environments[edition]
        pages = self.printed(spec.id, edition, lambda: self._pages(spec, env, extra))
        pages = [draft_marks(page, env) for page in pages]
        # A card's lines break between phrases; one that cannot fit so in its smallest type
        # tries its type sizes again with its lines set as running text. Every variant keeps
        # the gaps between Japanese and Latin text: a print without them (the last resort that
        # was here) is not set as JLREQ sets Japanese (issue 44). A player's words (a
        # scenario's pages) have each one too long for its column marked to break.
        cards = [page for page in pages if CARD_LINES in page]
        long_words, fresh = spec.template.startswith("scenario"), self.request.fresh
        lined = Layout(card_lines=False, keep_breaks=True, long_words=long_words)
        laid = Layout(keep_breaks=True, long_words=long_words)
        words = tuple(self.words)
        first = typeset_kept(pages[0], words, laid, fresh=fresh)
        later = [Unset(page, words, laid, fresh) for page in pages[1:]]
        return [first, *later, *(Unset(page, words, lined, fresh) for page in cards)]

    def _pages(self, spec: Spec, env: Any, extra: dict[str, Any] | None) -> list[str]:
        """The document's pages as the template makes them, one a type size to try."""
        content = self.request.content
        extra = dict(extra or {})
        arguments: tuple[Any, ...] = (content, spec.paper, env.globals["languages"])
        if spec.cites is not None:
            arguments += (extra.pop("cited", ()),)
        context = spec.context(*arguments) | extra
        system = next(s for s in content.sources.systems if s.id == spec.system)
        seed = context.get("seed") or next(s for s in content.sources.seeds if s.id == system.seed)
        base = {
            **self.common,
            "system": system,
            "page_size": PAPERS[spec.paper],
            "layout": self.request.layout,
        }
        template = env.get_template(spec.template)
        return [
            template.render(**{**base, **context, **variant, "seed": seed})
            for variant in _variants(context)
        ]

    def printed(self, spec_id: str, edition: str, make: Callable[[], T]) -> T:
        """What `make` gives, its pending texts noted (and marked in a draft) for `spec_id`."""
        # Without --draft a document that prints one waits in that edition (withheld).
        with printing("draft" if self.request.draft else "refuse") as printed:
            made = make()
        # The views make a text in both languages; what counts is what the edition prints.
        languages = self.environments[edition].globals["languages"]
        shown = [(text, lang) for text, lang in printed.pending if lang in languages]
        issues = self.request.content.pending_issues(shown)
        (self.drafted if self.request.draft else self.refused).update(issues)
        if issues and not self.request.draft:
            self.withheld.add((spec_id, edition))
        return made

    def plain(self, edition: str, words: str) -> str:
        """Words where markup cannot go (a bookmark, a page label, a title), marks as words."""
        plain = {
            mark: html_lib.unescape(shown)
            for mark, shown in draft_words(self.environments[edition])[0].items()
        }
        return _replaced(words, plain)

    def waits(self, spec_id: str, edition: str) -> bool:
        """Whether a document would print a refused text in the edition (both: either language)."""
        editions = (edition, "en", "ja") if edition == "both" else (edition,)
        return any((spec_id, each) in self.withheld for each in editions)

    def kit_waits(self, kit: Spec, edition: str) -> bool:
        """Whether a kit would print a refused text: on its first page, or in a part it binds."""
        return any(self.waits(spec_id, edition) for spec_id in (kit.id, *kit.parts))

    def refuse_pending(self) -> None:
        """ContentError naming every text refused; else the drafted ones told once, together."""
        if self.refused:
            raise ContentError(sorted(self.refused))
        untold = self.drafted - self.told
        if untold and self.request.drafted:
            self.request.drafted(sorted(untold))
        self.told |= untold


# A tag, a page's title or a drawing's text (SVG, which takes no span): where markup cannot go,
# a draft's marks are plain words.
PLAIN_PLACES = re.compile(r"(?s)<title>.*?</title>|<text\b[^>]*>[^<]*</text>|<[^>]*>")


def draft_marks(page: str, env: Any) -> str:
    """A draft's pending texts marked in the page's words: "translation pending" before the
    translation as it stands, "source text" before the source it is to translate; as spans in
    the text, as plain words in a tag's attributes (bookmarks, running heads) and the title."""
    if not DRAFT_CHARACTERS.intersection(page):
        return page
    plain, marked = draft_words(env)
    page = PLAIN_PLACES.sub(lambda place: _replaced(place.group(), plain), page)
    return _replaced(page, marked)


def draft_words(env: Any) -> tuple[dict[str, str], dict[str, str]]:
    """Each draft character's words in each language: plain, and as the page's marks."""
    ui_in = env.globals["ui_in"]
    plain, marked = {}, {}
    for lang in ("en", "ja"):
        pending = ui_in("translation pending", lang)
        source = ui_in("source text", lang)
        plain[PENDING_MARK[lang]] = f"{_plain(pending)} "
        plain[SOURCE_MARK[lang]] = f" {_plain(source)}: "
        marked[PENDING_MARK[lang]] = f'<span class="pending-mark">{pending}</span> '
        marked[SOURCE_MARK[lang]] = f' <span class="pending-source">{source}:</span> '
    return plain, marked


def _plain(words: str) -> str:
    """Words of the catalog without their markup, escaped for an attribute."""
    return html_lib.escape(visible_text(words).strip(), quote=True)


def _replaced(text: str, words: dict[str, str]) -> str:
    """`text` with each draft character replaced by its words."""
    for character, shown in words.items():
        text = text.replace(character, shown)
    return text


def render_html(request: BuildRequest, plan: Plan) -> tuple[Templater, list[Page]]:
    """Every document to render, in every edition it is rendered in, as HTML: a kit's rules
    appendix after its card, holding every case the card cites (the build fails on a reference
    it cannot print, generator.builder.citations)."""
    from generator.builder.citations import check_citations, cited_numbers

    templater = Templater(request, plan.rendered)
    made: dict[tuple[str, str], Page] = {}
    for spec in sorted(plan.rendered, key=lambda spec: spec.cites is not None):
        for edition in needed_editions([spec], request.editions):
            extra = None
            if spec.cites is not None:
                extra = {"cited": cited_numbers(templater, plan, made, spec.cites, edition)}
            made[(spec.id, edition)] = Page(spec, edition, templater.html(spec, edition, extra))
    pages = [
        made[(spec.id, edition)]
        for spec in plan.rendered
        for edition in needed_editions([spec], request.editions)
    ]
    # A kit's first page is rendered once its parts' pages are known; what it says, numbers
    # aside, is made here: for the characters the build's font must hold, the pending texts
    # it alone prints (its kit then waits before its parts are rendered), and its cache key.
    templater.covers = {
        (kit, edition): templater.html(kit, edition, COVER_PROBE)
        for kit in plan.kits
        for edition in request.editions
    }
    check_citations(plan, made, request.editions)
    prune_typeset()
    return templater, pages


def created_date() -> str | None:
    """The build date from SOURCE_DATE_EPOCH, or none (so that builds stay byte-identical)."""
    epoch = source_date_epoch(os.environ.get("SOURCE_DATE_EPOCH"))
    if epoch is None:
        return None
    return datetime.fromtimestamp(epoch, tz=UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def visible_text(html: str) -> str:
    """Every character a document may draw: its text, and style blocks (CSS content strings)."""
    return html_lib.unescape(re.sub(r"<[^>]+>", " ", html))


def _variants(context: dict[str, Any]) -> list[dict[str, Any]]:
    """The type sizes to try, largest first: a card steps down until it fits its page."""
    if "size_class" not in context:
        return [{}]
    sizes = context.get("size_classes", SIZE_CLASSES)
    start = sizes.index(context["size_class"])
    return [{"size_class": size} for size in sizes[start:]]
