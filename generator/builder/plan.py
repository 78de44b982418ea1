"""The build's first stage: every document the content supports, the ones the request names, and
what must be rendered for them (a kit's parts, the blank back, the 4-up note), each template,
style sheet, catalog and font they need checked before anything is rendered."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.builder.documents import BLANK_PAGE, REDUCED_NOTE, Spec
from generator.builder.request import SITE, BuildError, BuildRequest
from generator.builder.scenario_plan import scenario_specs
from generator.content.load import Content
from generator.content.yaml_loader import Document
from generator.core.errors import UserError
from generator.render.booklets import booklet_context, booklet_ids
from generator.render.cards import card_context, card_groups
from generator.render.environment import EDITIONS
from generator.render.i18n import TEMPLATES
from generator.render.sheet_plan import reduction
from generator.render.sheets import air_commitment_context, artillery_sheet_context

# WeasyPrint 70's form fields have no appearance streams and ask the viewer to draw them
# (/NeedAppearances), which PDF/A forbids: a PDF/A build leaves the fillable twins out.
NOT_PDFA = "a fillable form cannot be PDF/A (its fields have no appearance of their own)"


# The record sheets: id, template, context, one page or not, and the chart each is made from.
RECORD_SHEETS = (
    (
        "mak.artillery-request-sheet",
        "artillery-sheet.html",
        artillery_sheet_context,
        True,
        "mak.artillery-request-type",
    ),
    ("mak.air-commitment-card", "air-commitment.html", air_commitment_context, False, "mak.pilots"),
)


@dataclass(frozen=True)
class Plan:
    """The documents of a build: every one planned, those to write, and those to render."""

    every: list[Spec]
    chosen: list[Spec]  # what the targets name: written, with the kits bound from the rest
    rendered: list[Spec]  # what is rendered: the chosen documents but kits, and kits' parts
    kits: list[Spec]


def plan_build(request: BuildRequest) -> Plan:
    """The documents the request names and everything they are made from, checked ready."""
    every = plan(request.content, request.paper, list(request.scenarios))
    chosen = select(every, list(request.targets), request.kits)
    if request.pdf_variant is not None:
        chosen = _for_variant(chosen, list(request.targets), request.pdf_variant)
    by_id = {spec.id: spec for spec in every}
    kits = [spec for spec in chosen if spec.kind == "scenario-kit"]
    rendered = [spec for spec in chosen if spec.kind != "scenario-kit"]
    for kit in kits:
        rendered += [by_id[part] for part in kit.parts if by_id[part] not in rendered]
    if any(spec.back_to_back for spec in rendered) and BLANK_PAGE in by_id:
        rendered.append(by_id[BLANK_PAGE])
    if "4up" in request.impositions:
        rendered.append(by_id[REDUCED_NOTE])
    preflight(rendered)
    return Plan(every, chosen, rendered, kits)


def plan(
    content: Content, sheet_paper: str, scenarios: list[tuple[Document, Any]] = ()
) -> list[Spec]:
    """Every document the content supports, and a sheet and a kit for each scenario."""
    specs = _card_specs(content) + _booklet_specs(content, sheet_paper)
    specs += _record_sheet_specs(content, sheet_paper)
    specs += _page_specs(content, sheet_paper, bool(scenarios))
    for document, scenario in scenarios:
        specs += scenario_specs(content, document, scenario, sheet_paper, specs)
    return specs


def _card_specs(content: Content) -> list[Spec]:
    """A player-aid card for every chart, or one for each group of a chart that splits."""
    return [
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


def _booklet_specs(content: Content, sheet_paper: str) -> list[Spec]:
    """A rule booklet for every system whose rules the content holds, a new game's too."""
    return [
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
        for system, booklet_id in booklet_ids([s.id for s in content.sources.systems])
        if any(ruleset.system == system for ruleset in content.rulesets)
    ]


def _record_sheet_specs(content: Content, sheet_paper: str) -> list[Spec]:
    """The Ma.K record sheets, each twice: printable, whose text extracts, and a fillable form.
    WeasyPrint 70's form fields corrupt the text map of the page's font, so the two are kept
    apart. A sheet is planned only where the content has the chart it is made from: another
    game's content has no Ma.K sheets to print."""
    sheets = [
        (sheet_id, template, context, single_page)
        for sheet_id, template, context, single_page, chart in RECORD_SHEETS
        if chart in content.tables
    ]
    return [
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
        for sheet_id, template, context, single_page in sheets
        for forms in (False, True)
    ]


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
    from generator.render.fonts import japanese_font

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
    if SITE in targets:  # the site is no document: the write stage puts it beside them
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


def needed_editions(specs: list[Spec], editions: tuple[str, ...]) -> tuple[str, ...]:
    """The editions the documents are rendered in: those asked for, and for a back-to-back
    document (and the blank page that pads it) English and Japanese where both is asked for,
    since its bilingual edition binds them."""
    needed = set(editions)
    if "both" in editions and any(s.back_to_back or s.id == BLANK_PAGE for s in specs):
        needed |= {"en", "ja"}
        if all(s.back_to_back for s in specs):
            needed.discard("both")
    return tuple(edition for edition in EDITIONS if edition in needed)


def page_limit(spec: Spec) -> int | None:
    """The most pages a document may have: 1 for a card, its own limit, or none."""
    return 1 if spec.single_page else spec.max_pages
