"""`playaid build` as stages over one request: plan the documents, render their HTML, render the
PDFs (or reuse them from the cache), bind what is bound from them, and write everything with the
manifest. A build that fails writes nothing, so a good earlier build is never half-replaced."""

from __future__ import annotations

from typing import Any

from generator.builder.bind import bind_documents
from generator.builder.html import Page, Templater, render_html
from generator.builder.plan import Plan, plan_build
from generator.builder.render import render_documents
from generator.builder.request import SITE, BuildRequest
from generator.builder.write import write_build
from generator.core.errors import ContentError


def build(request: BuildRequest) -> dict[str, Any]:
    """Build what the request names into its output folder; return the manifest written there.
    WeasyPrint's temporary files are kept in playaid's cache while it runs; the finished PDFs
    it parsed to bind them are let go when it ends (a watch builds again and again)."""
    from generator.render import readers
    from generator.render.scratch import scratch

    if _wants_site(request) and request.content.pending:
        # The site prints every text of the content in both languages.
        raise ContentError(request.content.all_pending_issues())
    with scratch():
        try:
            plan = plan_build(request)
            templater, pages = render_html(request, plan)
            pages = _to_render(plan, templater, pages, request.editions)
            if not pages:
                templater.refuse_pending()
            renders = render_documents(request, templater, pages)
            produced = bind_documents(request, plan, templater, renders)
        finally:
            readers.forget()
        # A kit waits too where its first page prints a pending text (found once it is laid out).
        produced = [item for item in produced if not templater.waits(item.spec.id, item.edition)]
        if not produced:
            templater.refuse_pending()
        manifest = write_build(request, produced, _site(request))
        templater.refuse_pending()  # the rest written, the documents that wait named
        return manifest


def _to_render(
    plan: Plan, templater: Templater, pages: list[Page], editions: tuple[str, ...]
) -> list[Page]:
    """The pages to render: none that waits, nor a part only of kits that wait."""
    bound = {part for kit in plan.kits for part in kit.parts}
    live = {
        part
        for kit in plan.kits
        if not all(templater.kit_waits(kit, edition) for edition in editions)
        for part in kit.parts
    }
    idle = bound - live - {spec.id for spec in plan.chosen}
    return [
        page
        for page in pages
        if page.spec.id not in idle and not templater.waits(page.spec.id, page.edition)
    ]


def _site(request: BuildRequest) -> Any:
    """The reference site of the content and the scenarios built (generator.site), in memory,
    when the request asks for it: with no targets or the target `site`, unless `site` is off or
    the build is a draft."""
    if not _wants_site(request):
        return None
    from generator.site import site_files

    return site_files(request.content, list(request.scenarios))


def _wants_site(request: BuildRequest) -> bool:
    """Whether the build writes the site: with no targets or the target `site`, unless `site`
    is off or the build is a draft (a proof is read on paper)."""
    if not request.site or request.draft:
        return False
    return not request.targets or SITE in request.targets
