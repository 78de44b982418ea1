"""Writing a reviewer's copy (`playaid review SYSTEM`): the view of generator.render.review,
templated and rendered as a build renders a document (fonts subset to its characters, the document
cache, WeasyPrint warnings failing it), written atomically under the output folder's lock."""

from __future__ import annotations

from pathlib import Path

from generator import __version__
from generator.builder.documents import Spec
from generator.builder.html import FONT_TOKENS, REVISION_TOKEN, Page, created_date, visible_text
from generator.builder.plan import preflight
from generator.builder.pool import RenderJob, first_that_fits, subset_fonts
from generator.builder.render import missing_glyphs
from generator.builder.request import BuildError
from generator.builder.write import write_staged
from generator.content.load import Content
from generator.render.doccache import (
    cached_document,
    document_key,
    environment_digest,
    keep_document,
    prune,
)
from generator.render.environment import make_environment
from generator.render.fonts import japanese_font
from generator.render.i18n import TEMPLATES
from generator.render.rendered import RenderError
from generator.render.review import PAPER, review_context, review_path
from generator.render.scratch import scratch
from generator.render.subset import missing_characters
from generator.render.typeset import typeset
from generator.render.writer import locked


def render_review(
    content: Content, system: str, seeds_folder: Path | None = None, *, fresh: bool = False
) -> tuple[bytes, int]:
    """One system's review as PDF bytes and its page count: templated, the fonts subset and
    checked, rendered (or taken from the document cache unless `fresh`) as a build renders."""
    context = review_context(content, system, seeds_folder)
    spec = Spec(
        f"{system}.review",
        "review",
        system,
        "review.html",
        lambda *args: context,
        "a4",
    )
    preflight([spec])
    template = make_environment("both").get_template(spec.template)
    html = typeset(
        template.render(
            version=__version__,
            created=created_date(),
            revision=REVISION_TOKEN,
            fonts=FONT_TOKENS,
            **context,
        ),
        content.japanese_terms(),
        keep_breaks=True,
    )
    font = japanese_font()
    environment = environment_digest(TEMPLATES, [font.regular, *([font.bold] if font.bold else [])])
    facts = {"id": spec.id, "edition": "both", "paper": PAPER, "forms": False, "single_page": False}
    key = document_key(environment, [html], facts)
    html = html.replace(REVISION_TOKEN, key[:10])
    cached = None if fresh else cached_document(key)
    if cached is not None:
        return cached.pdf, cached.pages
    characters = visible_text(html)
    with scratch():
        fonts = subset_fonts(font, characters, fresh)
        missing = missing_characters(fonts["regular"], characters)
        if missing:
            raise BuildError(missing_glyphs(missing, [Page(spec, "both", [html])], font.family))
        from generator.render.pdf import render_pdf

        try:
            rendered = first_that_fits(RenderJob([html], fonts, fresh=fresh), render_pdf)
        except RenderError as error:
            raise BuildError([f"{review_path(system)}: {p}" for p in error.problems]) from error
    keep_document(key, rendered)
    prune()
    return rendered.pdf, rendered.pages


def write_review(
    content: Content,
    system: str,
    out: Path,
    seeds_folder: Path | None = None,
    *,
    fresh: bool = False,
) -> tuple[Path, int]:
    """Render one system's review and write it atomically to out/review/<system>.review.pdf,
    under the output folder's lock; return its path and page count."""
    pdf, pages = render_review(content, system, seeds_folder, fresh=fresh)
    relative = review_path(system)
    with locked(out):
        write_staged(out, lambda writer: writer.stage(relative, pdf))
    return out / relative, pages
