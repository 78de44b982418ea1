"""The main job: plan the documents, render all HTML, subset the fonts once, render every PDF in
memory, and only then write them atomically with output/manifest.json.

A build that fails writes nothing, so a good earlier build is never half-replaced.
"""

from __future__ import annotations

import hashlib
import html as html_lib
import json
import os
import re
from collections.abc import Callable
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

from generator import __version__
from generator.build.documents import (
    BLANK_PAGE,
    PAPERS,
    REDUCED_NOTE,
    VARIANT_SUFFIXES,
    Derivation,
    Produced,
    Spec,
)
from generator.build.kits import (
    COVER_PROBE,
    KitSettings,
    back_to_back,
    bind_kits,
    document_lang,
    part_title,
    title_in,
)
from generator.build.scenario_plan import scenario_specs
from generator.content.load import Content
from generator.content.yaml_loader import Document
from generator.core.errors import UserError
from generator.core.files import WriteError, is_regular_file
from generator.core.limits import shown_name, source_date_epoch
from generator.render.booklets import BOOKLETS, booklet_context
from generator.render.cards import SIZE_CLASSES, card_context, card_groups
from generator.render.doccache import (
    cached_document,
    document_key,
    environment_digest,
    keep_document,
    prune,
)
from generator.render.environment import EDITIONS, make_environment
from generator.render.fonts import japanese_font
from generator.render.i18n import TEMPLATES
from generator.render.rendered import Rendered, RenderError
from generator.render.scenario.common import choices
from generator.render.sheet_plan import reduction
from generator.render.sheets import air_commitment_context, artillery_sheet_context
from generator.render.subset import font_folders, missing_characters, subset_font
from generator.render.typeset import typeset
from generator.render.writer import Writer, locked, sha256

# Each document's stamp: the first digits of its own cache key, filled in once the key is known.
# A Latin word, so the page's Japanese is set around it as around the revision it stands for.
REVISION_TOKEN = "playaidrevisiontoken"
CARD_LINES = "phrase-lines"  # the class of a page whose lines break between phrases
FONT_TOKENS = {
    "regular": "@@playaid-font-regular@@",
    "bold": "@@playaid-font-bold@@",
    "form": "@@playaid-font-form@@",
}
# Form fields get a face of their own: sharing the text's font, WeasyPrint 70's fields corrupt
# its text map (a "3" extracts as "ĩ"). It holds what players type into a record sheet.
FORM_CHARACTERS = "".join(chr(code) for code in range(0x20, 0x7F))
# WeasyPrint 70's form fields have no appearance streams and ask the viewer to draw them
# (/NeedAppearances), which PDF/A forbids: a PDF/A build leaves the fillable twins out.
NOT_PDFA = "a fillable form cannot be PDF/A (its fields have no appearance of their own)"


SITE = "site"  # the target that names the reference site, and its folder in the output


class BuildError(Exception):
    """Documents failed to render; nothing was written."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(f"{len(problems)} document(s) failed")
        self.problems = problems


def plan(
    content: Content, sheet_paper: str, scenarios: list[tuple[Document, Any]] = ()
) -> list[Spec]:
    """Every document the content supports, and a sheet and a kit for each scenario."""
    specs = [
        Spec(
            id=f"{table_id}.card" + ("" if group is None else f".{group + 1}"),
            kind="player-aid",
            system=table_id.split(".")[0],
            template="card.html",
            context=lambda content, paper, languages, tid=table_id, group=group: card_context(
                content, content.table(tid), languages, group
            ),
            paper="a5",
            single_page=True,
            subjects=(table_id,),
        )
        for table_id in sorted(content.tables)
        for group in card_groups(content.table(table_id))
    ]
    for system, (booklet_id, _) in BOOKLETS.items():
        if any(ruleset.system == system for ruleset in content.rulesets):
            specs.append(
                Spec(
                    booklet_id,
                    "rule-booklet",
                    system,
                    "booklet.html",
                    lambda content, paper, languages, system=system: booklet_context(
                        content, system, languages
                    ),
                    sheet_paper,
                    subjects=(booklet_id,),
                )
            )
    sheets = [
        ("mak.artillery-request-sheet", "artillery-sheet.html", artillery_sheet_context, True),
        ("mak.air-commitment-card", "air-commitment.html", air_commitment_context, False),
    ]
    for sheet_id, template, context, single_page in sheets:
        # Each sheet twice: printable, whose text extracts, and a fillable form. WeasyPrint 70's
        # form fields corrupt the text map of the page's font, so the two are kept apart.
        for forms in (False, True):
            specs.append(
                Spec(
                    sheet_id + (".form" if forms else ""),
                    "record-sheet",
                    "mak",
                    template,
                    lambda content, paper, languages, context=context: context(content, paper),
                    sheet_paper,
                    forms=forms,
                    single_page=single_page,
                    subjects=(sheet_id,),
                )
            )
    specs += _page_specs(content, sheet_paper, bool(scenarios))
    for document, scenario in scenarios:
        specs += scenario_specs(content, document, scenario, sheet_paper, specs)
    return specs


def _page_specs(content: Content, sheet_paper: str, scenarios: bool) -> list[Spec]:
    """The pages other documents print: the note on a sheet of reduced cards, and (with
    scenarios, for their kits) the blank back."""
    system = content.sources.systems[0].id
    specs = [
        Spec(
            REDUCED_NOTE,
            "kit-part",
            system,
            "reduced-note.html",
            lambda content, paper, languages: {"percent": round(reduction("4up", paper) * 100)},
            sheet_paper,
            single_page=True,
        )
    ]
    if scenarios:
        specs.append(
            Spec(
                BLANK_PAGE,
                "kit-part",
                system,
                "blank.html",
                lambda content, paper, languages: {},
                sheet_paper,
                single_page=True,
            )
        )
    return specs


def preflight(specs: list[Spec]) -> None:
    """Every template, style sheet, catalog and font the documents need is there and readable:
    a clear error at the start, never a blank or tofu-filled PDF at the end."""
    from generator.core.locales import po_path

    templates = {
        TEMPLATES / "base.html",
        *(TEMPLATES / spec.template for spec in specs if spec.template),
    }
    needed = templates | {TEMPLATES / "styles" / name for name in _stylesheets(templates)}
    needed.add(po_path("ja"))
    try:
        font = japanese_font()
        needed |= {font.regular, *([font.bold] if font.bold else [])}
    except (ImportError, OSError, ValueError) as error:
        raise UserError("missing-resource", path="Noto Sans CJK JP (noto-cjk[sans-jp])") from error
    for path in sorted(needed):
        if not path.is_file() or not os.access(path, os.R_OK):
            raise UserError("missing-resource", path=path)


def _stylesheets(templates: set[Path]) -> set[str]:
    """The style sheets these templates link, by name (`styles/card.css`): each must be there,
    not merely those that happen to be in the folder."""
    names = set()
    for template in templates:
        try:
            source = template.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue  # the template itself is reported missing
        names |= set(re.findall(r'href="styles/([^"/]+\.css)"', source))
    return names


def select(specs: list[Spec], targets: list[str], kits: bool = True) -> list[Spec]:
    """The documents the targets name: a document id, a table id, a system, or a scenario (its
    id or file: its sheet, and its kit when `kits`). Kit parts are never chosen by themselves;
    `site` names the reference site, which is not one of them."""
    if SITE in targets:  # the site is no document: build() writes it beside them
        targets = [t for t in targets if t != SITE]
        if not targets:
            return []
    if not targets:
        return [s for s in specs if s.kind != "kit-part"]
    chosen = [
        s
        for s in specs
        if s.kind != "kit-part"
        and (s.id in targets or any(t in (s.system, *s.subjects) for t in targets))
        and (kits or s.kind != "scenario-kit" or s.id in targets)
    ]
    unknown = [t for t in targets if not any(t in (s.id, s.system, *s.subjects) for s in specs)]
    if unknown:
        choices = ", ".join(sorted({s.system for s in specs} | {s.id for s in specs} | {SITE}))
        raise UserError("nothing-to-build", targets=", ".join(unknown), choices=choices)
    return chosen


def _for_variant(specs: list[Spec], targets: list[str], pdf_variant: str) -> list[Spec]:
    """The documents a variant build makes: a PDF/A build leaves out the fillable forms, and
    refuses one named by its id."""
    if not pdf_variant.startswith("pdf/a"):
        return specs
    named = [spec.id for spec in specs if spec.forms and spec.id in targets]
    if named:
        raise BuildError([f"{name}: {NOT_PDFA}" for name in named])
    return [spec for spec in specs if not spec.forms]


def subset_fonts(font: Any, characters: str, fresh: bool = False) -> dict[str, Path]:
    """The build's fonts cut to `characters` (the form fields' face to FORM_CHARACTERS)."""
    return {
        "regular": subset_font(font.regular, characters, fresh=fresh),
        "bold": subset_font(font.bold or font.regular, characters, fresh=fresh),
        "form": subset_font(font.regular, FORM_CHARACTERS, fresh=fresh),
    }


def created_date() -> str | None:
    """The build date from SOURCE_DATE_EPOCH, or none (so that builds stay byte-identical)."""
    epoch = source_date_epoch(os.environ.get("SOURCE_DATE_EPOCH"))
    if epoch is None:
        return None
    return datetime.fromtimestamp(epoch, tz=UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _visible_text(html: str) -> str:
    """Every character a document may draw: its text, and style blocks (CSS content strings)."""
    return html_lib.unescape(re.sub(r"<[^>]+>", " ", html))


def build(
    content: Content,
    out: Path,
    targets: list[str],
    editions: tuple[str, ...] = EDITIONS,
    sheet_paper: str = "a4",
    progress: Callable[[int, int, str], None] | None = None,
    layout: str = "columns",
    impositions: tuple[str, ...] = (),
    bleed: float = 0,
    scenarios: list[tuple[Document, Any]] = (),
    kits: bool = True,
    jobs: int = 1,
    fresh: bool = False,
    reused: Callable[[int, int], None] | None = None,
    pdf_variant: str | None = None,
    duplex: bool = True,
    site: bool = True,
) -> dict[str, Any]:
    """Build the selected documents into `out`; return the manifest written there.

    `impositions` ("2up", "4up") add, per system and edition, the cards laid out on sheets of
    `sheet_paper`; `bleed` (mm) gives single cards a bleed and crop marks. `scenarios` (checked)
    get a sheet each and, with `kits`, a kit: the sheet, the cards it needs imposed 2-up (4-up
    when `impositions` asks for it) and its record sheets filled in, bound into one PDF.
    `jobs` processes render at once; the output is the same whatever their number. A document
    whose inputs are unchanged since an earlier build comes from the document cache; `fresh`
    reads no cache (documents, font subsets) and renders everything, refreshing the caches.
    `reused` is told how many documents were rendered and how many came from the cache.
    Every PDF is tagged; `pdf_variant` ("pdf/a-3b" or "pdf/ua-1") makes them claim conformance to
    it, written beside the default PDFs under names of their own (VARIANT_SUFFIXES). A kit is laid
    out to print on both sides unless `duplex` is false (generator.build.kits). With no targets, or
    the target `site`, the reference site (generator.site) is written into `out`/site/ as one more
    manifest entry, unless `site` is false.
    """
    from generator.render.scratch import scratch

    with scratch():
        return _build(
            content,
            out,
            targets,
            editions,
            sheet_paper,
            progress,
            layout,
            impositions,
            bleed,
            scenarios,
            kits,
            jobs,
            fresh,
            reused,
            pdf_variant,
            duplex,
            site,
        )


def _build(
    content: Content,
    out: Path,
    targets: list[str],
    editions: tuple[str, ...],
    sheet_paper: str,
    progress: Callable[[int, int, str], None] | None,
    layout: str,
    impositions: tuple[str, ...],
    bleed: float,
    scenarios: list[tuple[Document, Any]],
    kits: bool,
    jobs: int,
    fresh: bool,
    reused: Callable[[int, int], None] | None,
    pdf_variant: str | None,
    duplex: bool,
    with_site: bool,
) -> dict[str, Any]:
    """The build itself, with WeasyPrint's temporary files kept in playaid's cache."""

    every = plan(content, sheet_paper, list(scenarios))
    specs = select(every, targets, kits)
    if pdf_variant is not None:
        specs = _for_variant(specs, targets, pdf_variant)
    by_id = {spec.id: spec for spec in every}
    kit_specs = [spec for spec in specs if spec.kind == "scenario-kit"]
    rendered_specs = [spec for spec in specs if spec.kind != "scenario-kit"]
    for kit in kit_specs:
        rendered_specs += [by_id[part] for part in kit.parts if by_id[part] not in rendered_specs]
    if any(spec.back_to_back for spec in rendered_specs) and BLANK_PAGE in by_id:
        rendered_specs.append(by_id[BLANK_PAGE])
    if "4up" in impositions:
        rendered_specs.append(by_id[REDUCED_NOTE])
    preflight(rendered_specs)
    common = {
        "bleed": bleed,
        "version": __version__,
        "created": created_date(),
        "revision": REVISION_TOKEN,
        "seed": None,
        "fonts": FONT_TOKENS,
    }
    pages: list[tuple[Spec, str, list[str]]] = []
    words = content.japanese_terms()
    environments = {edition: make_environment(edition) for edition in editions}
    for edition in _needed_editions(rendered_specs, editions):
        environments.setdefault(edition, make_environment(edition))

    def html(spec: Spec, edition: str, extra: dict[str, Any] | None = None) -> list[str]:
        """A document's HTML in an edition, one a type size to try (`extra` adds context)."""
        env = environments[edition]
        context = spec.context(content, spec.paper, env.globals["languages"]) | (extra or {})
        system = next(s for s in content.sources.systems if s.id == spec.system)
        seed = context.get("seed") or next(s for s in content.sources.seeds if s.id == system.seed)
        base = {**common, "system": system, "page_size": PAPERS[spec.paper], "layout": layout}
        template = env.get_template(spec.template)
        pages = [
            template.render(**{**base, **context, **variant, "seed": seed})
            for variant in _variants(context)
        ]
        # A card's lines break between phrases; one that cannot fit so in its smallest type
        # tries its type sizes again with its lines set as running text, and at last without
        # the gaps that glue Latin words to the Japanese beside them.
        cards = [page for page in pages if CARD_LINES in page]
        lines = [typeset(page, words, card_lines=False, keep_breaks=True) for page in cards]
        tight = [typeset(page, words, card_lines=False, gaps=False) for page in cards[-1:]]
        return [typeset(page, words, keep_breaks=True) for page in pages] + lines + tight

    for spec in rendered_specs:
        for edition in _needed_editions([spec], editions):
            pages.append((spec, edition, html(spec, edition)))
    # A kit's first page is rendered once its parts' pages are known; what it says, numbers
    # aside, is here so that the build's font has every character it draws.
    probes = [text for kit in kit_specs for e in editions for text in html(kit, e, COVER_PROBE)]
    font = japanese_font()
    environment = environment_digest(TEMPLATES, [font.regular, *([font.bold] if font.bold else [])])
    options = {"layout": layout, "bleed": bleed, "paper": sheet_paper, "pdf_variant": pdf_variant}
    keys = []
    for index, (spec, edition, variants) in enumerate(pages):
        facts = {**options, "id": spec.id, "edition": edition, "paper": spec.paper}
        facts |= {"forms": spec.forms, "max_pages": _page_limit(spec)}
        key = document_key(environment, variants, facts)
        stamped = [text.replace(REVISION_TOKEN, key[:10]) for text in variants]
        pages[index] = (spec, edition, stamped)
        keys.append(key)
    characters = "".join(_visible_text(text) for _, _, variants in pages for text in variants)
    characters += "".join(_visible_text(text) for text in probes)
    fonts = subset_fonts(font, characters, fresh)
    missing = missing_characters(fonts["regular"], characters)
    if missing:
        raise BuildError(_missing_glyphs(missing, pages, font.family))
    jobs_args = [
        (variants, fonts, spec.forms, _page_limit(spec), fresh, pdf_variant)
        for spec, _, variants in pages
    ]
    results, renders = _render_or_reuse(jobs_args, keys, jobs, fresh)
    if reused:
        reused(renders, len(results) - renders)
    produced: list[Produced] = []
    problems: list[str] = []
    for number, ((spec, edition, _), result) in enumerate(zip(pages, results, strict=True), 1):
        path = f"{spec.system}/{edition}/{spec.id}.{spec.paper}{VARIANT_SUFFIXES[pdf_variant]}.pdf"
        if progress:
            progress(number, len(pages), path)
        if isinstance(result, RenderError):
            problems.extend(f"{path}: {problem}" for problem in result.problems)
            continue
        limit = _page_limit(spec)
        if limit is not None and result.pages > limit:
            problems.append(f"{path}: {_does_not_fit(result, limit, spec.max_pages is not None)}")
            continue
        key = keys[number - 1]
        produced.append(Produced(spec, edition, path, result.pdf, result.pages, key))
    if problems:
        raise BuildError(problems)
    derivation = Derivation(environment, fresh, pdf_variant)
    parts = {(item.spec.id, item.edition): item for item in produced}
    if "both" in editions:
        for spec in rendered_specs:
            if spec.back_to_back:
                bound = back_to_back(spec, parts, derivation)
                parts[(spec.id, "both")] = bound
                produced.append(bound)
    produced = [item for item in produced if item.spec in specs and item.edition in editions]
    titles = {system.id: system.title for system in content.sources.systems}
    notes = {edition: item for (spec_id, edition), item in parts.items() if spec_id == REDUCED_NOTE}
    produced += _imposed(produced, impositions, sheet_paper, derivation, titles, notes)

    def cover(kit: Spec, edition: str, context: dict[str, Any]) -> Produced:
        """A kit's first page, from the layout of its parts (cached like any document)."""
        variants = html(kit, edition, context)
        facts = {**options, "id": kit.id, "edition": edition, "cover": True}
        key = document_key(environment, variants, facts)
        variants = [text.replace(REVISION_TOKEN, key[:10]) for text in variants]
        rendered = None if fresh else cached_document(key)
        if rendered is None:
            from generator.render.pdf import render_pdf

            try:
                rendered = _first_that_fits(
                    variants, fonts, False, 1, render_pdf, fresh, pdf_variant
                )
            except RenderError as error:
                where = f"{kit.system}/{edition}/{kit.id} (its first page)"
                raise BuildError([f"{where}: {problem}" for problem in error.problems]) from error
            keep_document(key, rendered)
        if rendered.pages != 1:  # the kit's page numbers are laid out for a first page of one
            where = f"{kit.system}/{edition}/{kit.id} (its first page)"
            raise BuildError([f"{where}: runs to {rendered.pages} pages; it must fit one"])
        return Produced(kit, edition, "", rendered.pdf, rendered.pages, key)

    kit_layout = "4up" if "4up" in impositions else "2up"
    sides = choices(content, "mak.pilots", "side")
    settings = KitSettings(kit_layout, sheet_paper, derivation, duplex, cover, sides)
    produced += bind_kits(kit_specs, parts, editions, settings)
    wanted = with_site and (not targets or SITE in targets)
    site = _site(content, list(scenarios)) if wanted else None
    documents = [
        {
            "id": item.spec.id,
            "kind": item.spec.kind,
            "system": item.spec.system,
            "lang": item.edition,
            "paper": item.spec.paper,
            "path": item.path,
            "pages": item.pages,
            "sha256": sha256(item.pdf),
            "variant": pdf_variant,
        }
        for item in produced
    ]
    if site is not None:
        from generator.site.write import manifest_entry

        documents.append(manifest_entry(site, f"{SITE}/"))
    with locked(out):
        rebuilt = {entry["path"] for entry in documents}
        kept = [
            entry
            for entry in _previous_manifest(out)
            if entry["path"] not in rebuilt and is_regular_file(out / entry["path"])
        ]
        manifest = {"documents": sorted(kept + documents, key=lambda entry: entry["path"])}
        data = (json.dumps(manifest, ensure_ascii=False, indent=2, allow_nan=False) + "\n").encode()
        writer = Writer(out)
        try:
            for item in produced:
                writer.stage(item.path, item.pdf)
            if site is not None:
                from generator.site.write import stage_site

                stage_site(writer, site, f"{SITE}/")
            writer.stage("manifest.json", data)
        except (OSError, WriteError) as error:
            writer.discard()
            raise BuildError(
                [f"{shown_name(out)}: {_reason(error)}; nothing was changed"]
            ) from error
        except BaseException:  # Ctrl-C while staging: nothing was moved yet
            writer.discard()
            raise
        try:
            writer.commit()  # a journal that cannot be written removes what was staged
        except WriteError as error:
            raise BuildError([f"{shown_name(out)}: {error}"]) from error
    return manifest


def _site(content: Content, scenarios: list[tuple[Document, Any]]) -> Any:
    """The reference site of the content and the scenarios built (generator.site), in memory."""
    from generator.site import site_files

    return site_files(content, scenarios)


def _needed_editions(specs: list[Spec], editions: tuple[str, ...]) -> tuple[str, ...]:
    """The editions the documents are rendered in: those asked for, and for a back-to-back
    document (and the blank page that pads it) English and Japanese where both is asked for,
    since its bilingual edition binds them."""
    needed = set(editions)
    if "both" in editions and any(s.back_to_back or s.id == BLANK_PAGE for s in specs):
        needed |= {"en", "ja"}
        if all(s.back_to_back for s in specs):
            needed.discard("both")
    return tuple(edition for edition in EDITIONS if edition in needed)


def _page_limit(spec: Spec) -> int | None:
    """The most pages a document may have: 1 for a card, its own limit, or none."""
    return 1 if spec.single_page else spec.max_pages


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


def _previous_manifest(out: Path) -> list[dict[str, Any]]:
    """The entries of an earlier build's manifest, kept when a build names only some targets.
    A manifest that is not a regular file, or not what playaid writes, is ignored."""
    path = out / "manifest.json"
    if not is_regular_file(path) or path.stat().st_size > 16 * 1024 * 1024:
        return []
    try:
        entries = json.loads(path.read_text(encoding="utf-8"))["documents"]
    except (OSError, ValueError, KeyError, TypeError):
        return []
    fields = {"id", "kind", "system", "lang", "paper", "path", "pages", "sha256"}
    return (
        [
            {"variant": None, **entry}  # a manifest from before variants: default PDFs
            for entry in entries
            if isinstance(entry, dict)
            and set(entry) - {"variant"} == fields
            and isinstance(entry.get("variant"), str | None)
            and entry.get("variant") in VARIANT_SUFFIXES
            and isinstance(entry["path"], str)
            and ".." not in Path(entry["path"]).parts
            and not Path(entry["path"]).is_absolute()
        ]
        if isinstance(entries, list)
        else []
    )


def _reason(error: Exception) -> str:
    """An OS error in words."""
    if isinstance(error, OSError) and error.strerror:
        return f"{error.strerror}" + (f" ({error.filename})" if error.filename else "")
    return str(error)


def _variants(context: dict[str, Any]) -> list[dict[str, Any]]:
    """The type sizes to try, largest first: a card steps down until it fits its page."""
    if "size_class" not in context:
        return [{}]
    sizes = context.get("size_classes", SIZE_CLASSES)
    start = sizes.index(context["size_class"])
    return [{"size_class": size} for size in sizes[start:]]


def _render_or_reuse(
    jobs_args: list[tuple], keys: list[str], jobs: int, fresh: bool
) -> tuple[list[Any], int]:
    """Every document, and how many were rendered: from the document cache when its key is
    there (unless `fresh`), else rendered and kept. WeasyPrint is imported only to render."""
    results: list[Any] = [None if fresh else cached_document(key) for key in keys]
    misses = [index for index, result in enumerate(results) if result is None]
    # Longest HTML first, so that no worker starts a booklet while the others sit idle at the end.
    misses.sort(key=lambda index: -len(jobs_args[index][0][0]))
    if misses:
        from generator.render.pdf import render_pdf

        rendered = _render_all([jobs_args[index] for index in misses], jobs, render_pdf)
        for index, result in zip(misses, rendered, strict=True):
            results[index] = result
            limit = jobs_args[index][3]
            # Only what may be written is kept: a document over its page limit fails the build,
            # and the next build must render it again to name what runs over.
            if not isinstance(result, RenderError) and (limit is None or result.pages <= limit):
                keep_document(keys[index], result)
        prune()
    return results, len(misses)


def _render_all(jobs_args: list[tuple], jobs: int, render: Callable) -> list[Any]:
    """Every document rendered, in order: in this process, or in a pool of `jobs` processes.

    Each result is the rendered document or the RenderError it raised; the bytes do not depend
    on which process rendered them.
    """
    if jobs <= 1 or len(jobs_args) < 2:
        return [_render_one(arguments, render) for arguments in jobs_args]
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    try:
        with ProcessPoolExecutor(
            max_workers=min(jobs, len(jobs_args)),
            initializer=_die_with_parent,
            initargs=(os.getpid(),),
        ) as pool:
            return list(pool.map(partial(_render_one, render=render), jobs_args, chunksize=1))
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


def _render_one(arguments: tuple, render: Callable) -> Any:
    """One document: its variants tried in order; a RenderError is returned, not raised."""
    variants, fonts, forms, max_pages, fresh, pdf_variant = arguments
    try:
        return _first_that_fits(variants, fonts, forms, max_pages, render, fresh, pdf_variant)
    except RenderError as error:
        return error


def _first_that_fits(
    variants: list[str],
    fonts: dict[str, Path],
    forms: bool,
    max_pages: int | None,
    render: Callable,
    fresh: bool = False,
    pdf_variant: str | None = None,
) -> Any:
    """Render the variants (type sizes, largest first) and keep the first that is laid out (no
    header word split across lines, no table past the page's edge) on one page; where none fits
    one page, the first that fits `max_pages`; with no limit, the first laid out. The last one
    tried when none does, for the caller to refuse. A split word or a table too wide is a
    RenderError. Only the one kept is written as a PDF."""
    rendered, within = None, None
    for html in variants:
        # Second stage of subsetting: this document's characters, cut from the build's small font.
        characters = _visible_text(html)
        # The identifier is taken before the fonts' paths go in: it must not depend on where
        # the cache folder is.
        identifier = hashlib.sha256(html.encode()).digest()[:16]
        for weight, token in FONT_TOKENS.items():
            wanted = FORM_CHARACTERS if weight == "form" else characters
            subset = subset_font(fonts[weight], wanted, fresh=fresh)
            html = html.replace(token, subset.as_uri())
        rendered = render(
            html,
            TEMPLATES,
            [TEMPLATES, *font_folders()],
            identifier=identifier,
            forms=forms,
            variant=pdf_variant,
        )
        if not rendered.laid_out:
            continue
        if max_pages is None or rendered.pages == 1:
            return rendered.written()
        if within is None and rendered.pages <= max_pages:
            within = rendered
    if within is not None:
        return within.written()
    if not rendered.laid_out:
        raise RenderError(rendered.faults())
    return rendered.written()


def _missing_glyphs(
    missing: set[str], pages: list[tuple[Spec, str, list[str]]], family: str
) -> list[str]:
    """One problem per character the font cannot draw, naming the documents that print it."""
    problems = []
    for character in sorted(missing):
        where = sorted(
            {
                f"{spec.id} ({edition})"
                for spec, edition, variants in pages
                if character in _visible_text(variants[0])
            }
        )
        problems.append(
            f"{family} has no glyph for {character!r} (U+{ord(character):04X}),"
            f" printed in {', '.join(where[:5])}"
        )
    return problems


def _imposed(
    produced: list[Produced],
    layouts: tuple[str, ...],
    paper: str,
    derivation: Derivation,
    titles: dict[str, Any],
    notes: dict[str, Produced],
) -> list[Produced]:
    """Each system's cards of each edition, laid out 2-up or 4-up on sheets with crop marks,
    titled with the system's name in the edition's language(s); a 4-up sheet, whose cards are
    reduced, prints the edition's note that says so."""
    from generator.render.impose import impose

    sheets = []
    groups: dict[tuple[str, str], list[Produced]] = {}
    for item in produced:
        if item.spec.kind == "player-aid":
            groups.setdefault((item.spec.system, item.edition), []).append(item)
    for layout in layouts:
        for (system, edition), cards in sorted(groups.items()):
            cards.sort(key=lambda item: item.path)
            spec_id = f"{system}.cards.{layout}"
            identifier = hashlib.sha256(
                "".join(c.path for c in cards).encode() + layout.encode()
            ).digest()[:16]
            note = notes.get(edition) if layout == "4up" else None
            members = [*cards, *([note] if note else [])]
            recipe = ["imposed", spec_id, edition, paper, *(item.path for item in members)]
            title = (
                f"{title_in(titles[system], edition)} · {part_title('player-aid', edition)}"
                f" ({layout}) — playaid"
            )
            bind = partial(
                impose,
                [card.pdf for card in cards],
                layout,
                paper,
                identifier,
                title=title,
                lang=document_lang(edition),
                variant=derivation.pdf_variant,
                note=note.pdf if note else None,
            )
            pdf, pages, key = derivation.make(recipe, members, bind)
            spec = Spec(
                spec_id, "player-aid", system, "", lambda *args: {}, paper, subjects=(spec_id,)
            )
            suffix = VARIANT_SUFFIXES[derivation.pdf_variant]
            path = f"{system}/{edition}/{spec_id}.{paper}{suffix}.pdf"
            sheets.append(Produced(spec, edition, path, pdf, pages, key))
    return sheets
