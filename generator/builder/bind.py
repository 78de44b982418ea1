"""The build's fourth stage: documents bound from rendered ones — the bilingual edition of a
back-to-back document, each system's cards imposed on sheets, and the scenarios' kits with their
first pages."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import partial
from typing import Any

from generator.builder.documents import REDUCED_NOTE, Derivation, Produced, Spec, document_path
from generator.builder.html import REVISION_TOKEN, Templater, variant_key
from generator.builder.kits import (
    KitSettings,
    back_to_back,
    bind_kits,
    document_lang,
    part_title,
    title_in,
)
from generator.builder.plan import Plan
from generator.builder.pool import RenderJob, first_that_fits
from generator.builder.render import Renders
from generator.builder.request import BuildError, BuildRequest
from generator.render.doccache import cached_document, document_key, keep_document
from generator.render.rendered import RenderError
from generator.render.scenario.common import choices


def bind_documents(
    request: BuildRequest, plan: Plan, templater: Templater, renders: Renders
) -> list[Produced]:
    """What the build writes: the chosen documents, their bilingual back-to-back editions, the
    imposed sheets of cards, and the kits."""
    derivation = renders.derivation
    produced = list(renders.produced)
    parts = {(item.spec.id, item.edition): item for item in produced}
    if "both" in request.editions:
        for spec in plan.rendered:
            if spec.back_to_back and not templater.waits(spec.id, "both"):
                bound = back_to_back(spec, parts, derivation)
                parts[(spec.id, "both")] = bound
                produced.append(bound)
    chosen = [item for item in produced if item.spec in plan.chosen]
    produced = [item for item in chosen if item.edition in request.editions]
    notes = {edition: item for (spec_id, edition), item in parts.items() if spec_id == REDUCED_NOTE}
    titles = partial(_system_title, request, templater)
    imposition = Imposition(request.impositions, request.paper, derivation, titles, notes)
    # A system one of whose cards waits for a translation gets no sheet of its cards in that
    # edition: it would print without that card.
    held = {
        (spec.system, edition)
        for spec in plan.every
        for edition in request.editions
        if spec.kind == "player-aid" and templater.waits(spec.id, edition)
    }
    produced += imposition.sheets(
        [item for item in produced if (item.spec.system, item.edition) not in held]
    )
    cover = Cover(request, templater, renders)
    kit_layout = "4up" if "4up" in request.impositions else "2up"
    sides = choices(request.content, "mak.pilots", "side")
    settings = KitSettings(
        kit_layout, request.paper, derivation, request.duplex, cover, sides, renders.covers
    )
    kits = [
        (kit, edition)
        for kit in plan.kits
        for edition in request.editions
        if not templater.kit_waits(kit, edition)
    ]
    return produced + bind_kits(kits, parts, settings, templater)


def _system_title(request: BuildRequest, templater: Templater, system: str, edition: str) -> str:
    """A system's title in the edition's language(s), as a sheet of its cards is titled."""
    title = next(item.title for item in request.content.sources.systems if item.id == system)
    named = templater.printed(f"{system}.cards", edition, lambda: title_in(title, edition))
    return templater.plain(edition, named)


class Cover:
    """Renders a kit's first page from the layout of its parts, cached like any document."""

    def __init__(self, request: BuildRequest, templater: Templater, renders: Renders) -> None:
        self.request, self.templater, self.renders = request, templater, renders

    def __call__(self, kit: Spec, edition: str, context: dict[str, Any]) -> Produced:
        """The kit's first page in an edition; BuildError unless it renders to one page."""
        variants = self.templater.html(kit, edition, context)
        facts = {**self.request.options(), "id": kit.id, "edition": edition, "cover": True}
        keyed = [variant_key(variant) for variant in variants]
        key = document_key(self.renders.derivation.environment, keyed, facts)
        variants = [text.replace(REVISION_TOKEN, key[:10]) for text in variants]
        fresh = self.request.fresh
        rendered = None if fresh else cached_document(key)
        where = f"{kit.system}/{edition}/{kit.id} (its first page)"
        if rendered is None:
            from generator.render.pdf import render_pdf

            job = RenderJob(variants, self.renders.fonts, False, 1, fresh, self.request.pdf_variant)
            try:
                rendered = first_that_fits(job, render_pdf)
            except RenderError as error:
                raise BuildError([f"{where}: {problem}" for problem in error.problems]) from error
            keep_document(key, rendered)
        if rendered.pages != 1:  # the kit's page numbers are laid out for a first page of one
            raise BuildError([f"{where}: runs to {rendered.pages} pages; it must fit one"])
        return Produced(kit, edition, "", rendered.pdf, rendered.pages, key)


class Imposition:
    """Each system's cards of each edition laid out 2-up or 4-up on sheets with crop marks,
    titled with the system's name in the edition's language(s); a 4-up sheet, whose cards are
    reduced, prints the edition's note that says so."""

    def __init__(
        self,
        layouts: tuple[str, ...],
        paper: str,
        derivation: Derivation,
        titles: Callable[[str, str], str],
        notes: dict[str, Produced],
    ) -> None:
        self.layouts, self.paper, self.derivation = layouts, paper, derivation
        self.titles, self.notes = titles, notes

    def sheets(self, produced: list[Produced]) -> list[Produced]:
        """The imposed sheets of the player-aid cards among `produced`."""
        groups: dict[tuple[str, str], list[Produced]] = {}
        for item in produced:
            if item.spec.kind == "player-aid":
                groups.setdefault((item.spec.system, item.edition), []).append(item)
        return [
            self._sheet(layout, system, edition, sorted(cards, key=lambda item: item.path))
            for layout in self.layouts
            for (system, edition), cards in sorted(groups.items())
        ]

    def _sheet(self, layout: str, system: str, edition: str, cards: list[Produced]) -> Produced:
        """One system's cards of one edition, imposed in one layout."""
        from generator.render.impose import Imposed, impose

        spec_id = f"{system}.cards.{layout}"
        identifier = hashlib.sha256(
            "".join(c.path for c in cards).encode() + layout.encode()
        ).digest()[:16]
        note = self.notes.get(edition) if layout == "4up" else None
        members = [*cards, *([note] if note else [])]
        recipe = ["imposed", spec_id, edition, self.paper, *(item.path for item in members)]
        title = (
            f"{self.titles(system, edition)} · {part_title('player-aid', edition)}"
            f" ({layout}) — playaid"
        )
        sheet = Imposed(
            layout,
            self.paper,
            identifier,
            title=title,
            lang=document_lang(edition),
            variant=self.derivation.pdf_variant,
            note=note.pdf if note else None,
        )
        bind = partial(impose, [card.pdf for card in cards], sheet)
        pdf, pages, key = self.derivation.make(recipe, members, bind)
        spec = Spec(
            spec_id, "player-aid", system, "", lambda *args: {}, self.paper, subjects=(spec_id,)
        )
        path = document_path(spec, edition, self.derivation.file_variant)
        return Produced(spec, edition, path, pdf, pages, key)
