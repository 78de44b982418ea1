"""Rendering PDFs: each document's type sizes tried in turn until one is laid out on its pages,
in this process or in a pool of processes that die with the build."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from generator.builder.html import FONT_TOKENS, Variant, variant_text, visible_text
from generator.builder.request import BuildError
from generator.render.i18n import TEMPLATES
from generator.render.rendered import RenderError
from generator.render.subset import font_folders, subset_font

# Form fields get a face of their own: sharing the text's font, WeasyPrint 70's fields corrupt
# its text map (a "3" extracts as "ĩ"). It holds what players type into a record sheet.
FORM_CHARACTERS = "".join(chr(code) for code in range(0x20, 0x7F))


@dataclass(frozen=True)
class RenderJob:
    """One document to render: its HTML variants (type sizes, largest first), the build's fonts,
    whether it has form fields, the most pages it may have, and how the PDF is made."""

    variants: list[Variant]
    fonts: dict[str, Path]
    forms: bool = False
    max_pages: int | None = None
    fresh: bool = False
    pdf_variant: str | None = None


def subset_fonts(font: Any, characters: str, fresh: bool = False) -> dict[str, Path]:
    """The build's fonts cut to `characters` (the form fields' face to FORM_CHARACTERS)."""
    return {
        "regular": subset_font(font.regular, characters, fresh=fresh),
        "bold": subset_font(font.bold or font.regular, characters, fresh=fresh),
        "form": subset_font(font.regular, FORM_CHARACTERS, fresh=fresh),
    }


def render_all(jobs: list[RenderJob], processes: int, render: Callable) -> list[Any]:
    """Every document rendered, in order: in this process, or in a pool of `processes`.

    Each result is the rendered document or the RenderError it raised; the bytes do not depend
    on which process rendered them.
    """
    if processes <= 1 or len(jobs) < 2:
        return [render_one(job, render) for job in jobs]
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    try:
        with ProcessPoolExecutor(
            max_workers=min(processes, len(jobs)),
            initializer=_die_with_parent,
            initargs=(os.getpid(),),
        ) as pool:
            return list(pool.map(partial(render_one, render=render), jobs, chunksize=1))
    except BrokenProcessPool as error:
        raise BuildError(
            ["a rendering process stopped before it finished (killed, or out of memory)"]
        ) from error


def _die_with_parent(parent: int) -> None:
    """A rendering process ends when the build that started it does, even one killed with
    SIGKILL (which lets it tidy nothing): on Linux the kernel sends it SIGKILL (PR_SET_PDEATHSIG);
    elsewhere, and as a second guard, a thread ends it once its parent is no longer `parent`."""
    import signal
    import sys
    import threading
    import time

    if sys.platform.startswith("linux"):
        import ctypes

        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # 1 = PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the parent died before the line above
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="playaid-parent-watch", daemon=True).start()


def render_one(job: RenderJob, render: Callable) -> Any:
    """One document: its variants tried in order; a RenderError is returned, not raised."""
    try:
        return first_that_fits(job, render)
    except RenderError as error:
        return error


def first_that_fits(job: RenderJob, render: Callable) -> Any:
    """Render the variants (type sizes, largest first) and keep the first that is laid out (no
    header word split across lines, no table past the page's edge) on one page; where none fits
    one page, the first that fits `max_pages`; with no limit, the first laid out. The last one
    tried when none does, for the caller to refuse. A split word or a table too wide is a
    RenderError. Only the one kept is written as a PDF."""
    tried: dict[int, Any] = {}

    def at(index: int) -> Any:
        if index not in tried:
            tried[index] = _render_variant(job, job.variants[index], render)
        return tried[index]

    if _beyond_one_page(job, at):
        return at(0).written()  # fits max_pages, and no smaller type fits one page
    rendered, within = None, None
    for index in range(len(job.variants)):
        rendered = at(index)
        if not rendered.laid_out:
            continue
        if job.max_pages is None or rendered.pages == 1:
            return rendered.written()
        if within is None and rendered.pages <= job.max_pages:
            within = rendered
    if within is not None:
        return within.written()
    if not rendered.laid_out:
        raise RenderError(rendered.faults())
    return rendered.written()


def _beyond_one_page(job: RenderJob, at: Callable[[int], Any]) -> bool:
    """Whether the largest type is laid out within `max_pages` but not on one page, and the
    smallest, laid out, takes more than one page too: then no size between fits one page (a
    smaller type never takes more pages), and the largest is the one kept. A long card is
    rendered twice instead of once a size."""
    if job.max_pages is None or len(job.variants) < 3:
        return False
    largest = at(0)
    if not largest.laid_out or not 1 < largest.pages <= job.max_pages:
        return False
    smallest = at(len(job.variants) - 1)
    return smallest.laid_out and smallest.pages > 1


def _render_variant(job: RenderJob, variant: Variant, render: Callable) -> Any:
    """One type size of a job's document, typeset and laid out (its PDF written only when
    kept)."""
    html = variant_text(variant)
    return render(
        _with_fonts(html, job),
        TEMPLATES,
        [TEMPLATES, *font_folders()],
        # The identifier is taken before the fonts' paths go in: it must not depend on where
        # the cache folder is.
        identifier=hashlib.sha256(html.encode()).digest()[:16],
        forms=job.forms,
        variant=job.pdf_variant,
    )


def _with_fonts(html: str, job: RenderJob) -> str:
    """A page's HTML pointing at its own fonts: the second stage of subsetting, this document's
    characters cut from the build's small font."""
    characters = visible_text(html)
    for weight, token in FONT_TOKENS.items():
        wanted = FORM_CHARACTERS if weight == "form" else characters
        subset = subset_font(job.fonts[weight], wanted, fresh=job.fresh)
        html = html.replace(token, subset.as_uri())
    return html
