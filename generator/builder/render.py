"""The build's third stage: each page keyed for the document cache and stamped with its key, the
fonts subset once to every character the build prints, and every PDF rendered or reused."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.builder.documents import Derivation, Produced, document_path
from generator.builder.html import REVISION_TOKEN, Page, Templater, variant_key, variant_visible
from generator.builder.plan import page_limit
from generator.builder.pool import RenderJob, render_all, subset_fonts
from generator.builder.request import BuildError, BuildRequest
from generator.core.locales import keep_catalogs
from generator.render.doccache import (
    cached_document,
    document_key,
    environment_digest,
    keep_document,
    prune,
)
from generator.render.fonts import japanese_font, keep_typeface
from generator.render.i18n import TEMPLATES
from generator.render.rendered import Rendered, RenderError
from generator.render.subset import missing_characters


@dataclass(frozen=True)
class Renders:
    """What the render stage made: the documents, and what binding more from them needs."""

    produced: list[Produced]
    fonts: dict[str, Path]
    derivation: Derivation  # how bound documents are keyed and cached
    covers: dict[tuple[str, str], str]  # each kit's first page as probed, by (kit, edition)


def render_documents(request: BuildRequest, templater: Templater, pages: list[Page]) -> Renders:
    """Every page rendered to PDF (or taken from the document cache) and checked against its
    page limit; BuildError naming every document that failed."""
    font = japanese_font()
    keep_typeface()  # whether its files read as fonts: the content has loaded
    keep_catalogs()
    environment = environment_digest(TEMPLATES, [font.regular, *([font.bold] if font.bold else [])])
    keys = [_stamp(page, environment, request) for page in pages]
    # What a kit's first page says, numbers aside (Templater.covers): the font holds it too.
    covers = {
        (kit.id, edition): texts
        for (kit, edition), texts in templater.covers.items()
        if not templater.kit_waits(kit, edition)
    }
    probes = [text for texts in covers.values() for text in texts]
    characters = "".join(variant_visible(text) for page in pages for text in page.variants)
    characters += "".join(variant_visible(text) for text in probes)
    fonts = subset_fonts(font, characters, request.fresh)
    missing = missing_characters(fonts["regular"], characters)
    if missing:
        raise BuildError(missing_glyphs(missing, pages, font.family))
    jobs = [
        RenderJob(
            page.variants,
            fonts,
            page.spec.forms,
            page_limit(page.spec),
            request.fresh,
            request.pdf_variant,
        )
        for page in pages
    ]
    results = _render_or_reuse(jobs, keys, request)
    produced = _checked(pages, results, keys, request)
    derivation = Derivation(environment, request.fresh, request.pdf_variant, request.draft)
    # What a kit's first page prints of the content (its titles, the charts from the game box)
    # keys the bound kit with its parts: a change to those alone binds it afresh.
    digests = {
        where: document_key(environment, [variant_key(text) for text in texts], {})
        for where, texts in covers.items()
    }
    return Renders(produced, fonts, derivation, digests)


def _stamp(page: Page, environment: str, request: BuildRequest) -> str:
    """A page's document cache key, its first digits stamped where the page prints its revision."""
    facts = {**request.options(), "id": page.spec.id, "edition": page.edition}
    facts |= {"paper": page.spec.paper, "forms": page.spec.forms}
    facts["max_pages"] = page_limit(page.spec)
    key = document_key(environment, [variant_key(variant) for variant in page.variants], facts)
    page.variants = [text.replace(REVISION_TOKEN, key[:10]) for text in page.variants]
    return key


def _checked(
    pages: list[Page], results: list[Any], keys: list[str], request: BuildRequest
) -> list[Produced]:
    """The rendered documents ready to write; BuildError naming each that failed to render or
    ran past its page limit."""
    produced: list[Produced] = []
    problems: list[str] = []
    for number, (page, result) in enumerate(zip(pages, results, strict=True), 1):
        path = document_path(page.spec, page.edition, request.file_variant)
        if request.progress:
            request.progress(number, len(pages), path)
        if isinstance(result, RenderError):
            problems.extend(f"{path}: {problem}" for problem in result.problems)
            continue
        limit = page_limit(page.spec)
        if limit is not None and result.pages > limit:
            over = _does_not_fit(result, limit, page.spec.max_pages is not None)
            problems.append(f"{path}: {over}")
            continue
        key = keys[number - 1]
        produced.append(Produced(page.spec, page.edition, path, result.pdf, result.pages, key))
    if problems:
        raise BuildError(problems)
    return produced


def _render_or_reuse(jobs: list[RenderJob], keys: list[str], request: BuildRequest) -> list[Any]:
    """Every document: from the document cache when its key is there (unless `fresh`), else
    rendered and kept. WeasyPrint is imported only to render."""
    results: list[Any] = [None if request.fresh else cached_document(key) for key in keys]
    misses = [index for index, result in enumerate(results) if result is None]
    # Longest HTML first, so that no worker starts a booklet while the others sit idle at the end.
    misses.sort(key=lambda index: -len(jobs[index].variants[0]))
    if misses:
        from generator.render.pdf import render_pdf

        rendered = render_all([jobs[index] for index in misses], request.jobs, render_pdf)
        for index, result in zip(misses, rendered, strict=True):
            results[index] = result
            limit = jobs[index].max_pages
            # Only what may be written is kept: a document over its page limit fails the build,
            # and the next build must render it again to name what runs over.
            if not isinstance(result, RenderError) and (limit is None or result.pages <= limit):
                keep_document(keys[index], result)
        prune()
    if request.reused:
        request.reused(len(misses), len(results) - len(misses))
    return results


def _does_not_fit(result: Rendered, limit: int, scenario: bool) -> str:
    """Why a document failed its page limit; for a scenario card, naming the sections that run
    past it and what to do."""
    pages = "one page" if limit == 1 else f"{limit} pages"
    problem = f"does not fit on {pages} even in the smallest type ({result.pages} pages)"
    if not scenario:
        return problem
    past = [heading for page in result.headings[limit:] for heading in page]
    running = [heading for page in result.headings[:limit] for heading in page][-1:]
    named = list(dict.fromkeys(running + past))
    what = f": {', '.join(named)} run past page {limit}" if named else ""
    return (
        f"{problem}{what}; shorten the scenario's texts or lists (docs/scenarios.md gives the"
        " size budget check enforces)"
    )


def missing_glyphs(missing: set[str], pages: list[Page], family: str) -> list[str]:
    """One problem per character the font cannot draw, naming the documents that print it."""
    problems = []
    for character in sorted(missing):
        where = sorted(
            {
                f"{page.spec.id} ({page.edition})"
                for page in pages
                if character in variant_visible(page.variants[0])
            }
        )
        problems.append(
            f"{family} has no glyph for {character!r} (U+{ord(character):04X}),"
            f" printed in {', '.join(where[:5])}"
        )
    return problems
