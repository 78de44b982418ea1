"""`playaid build` as stages over one request: plan the documents, render their HTML, render the
PDFs (or reuse them from the cache), bind what is bound from them, and write everything with the
manifest. A build that fails writes nothing, so a good earlier build is never half-replaced."""

from __future__ import annotations

from typing import Any

from generator.builder.bind import bind_documents
from generator.builder.html import render_html
from generator.builder.plan import plan_build
from generator.builder.render import render_documents
from generator.builder.request import SITE, BuildRequest
from generator.builder.write import write_build


def build(request: BuildRequest) -> dict[str, Any]:
    """Build what the request names into its output folder; return the manifest written there.
    WeasyPrint's temporary files are kept in playaid's cache while it runs."""
    from generator.render.scratch import scratch

    with scratch():
        plan = plan_build(request)
        templater, pages = render_html(request, plan)
        renders = render_documents(request, plan, templater, pages)
        produced = bind_documents(request, plan, templater, renders)
        return write_build(request, produced, _site(request))


def _site(request: BuildRequest) -> Any:
    """The reference site of the content and the scenarios built (generator.site), in memory,
    when the request asks for it: with no targets or the target `site`, unless `site` is off."""
    if not request.site or (request.targets and SITE not in request.targets):
        return None
    from generator.site import site_files

    return site_files(request.content, list(request.scenarios))
