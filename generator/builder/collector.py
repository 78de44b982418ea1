"""How often Python's garbage collector runs during a build.

A build makes millions of short-lived objects (WeasyPrint's boxes, pypdf's parsed PDF objects)
beside a content model, templates and libraries that live as long as the process. With Python's
defaults the collector looks at the young objects every 700 allocations and, every so often, at
everything alive; in a one-worker build of everything that was about a tenth of the time. Here the
young objects are looked at every 20,000 allocations, and what is alive when the build starts is
frozen out of later collections (it is still freed when nothing refers to it). Measured in
docs/performance.md; forked workers inherit both.
"""

from __future__ import annotations

import gc

YOUNG_THRESHOLD = 20_000  # allocations between two collections of the youngest generation

_tuned = False


def tune_for_build() -> None:
    """Collect once, freeze what is alive now, and collect the young less often; once per
    process (a `--watch` keeps the pace of its first build)."""
    global _tuned
    if _tuned:
        return
    _tuned = True
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)
