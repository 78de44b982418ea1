"""Every correction of a system's seed text: for the booklet and review tests."""

from __future__ import annotations

from generator.render.corrections import corrections_of


def every_correction(content, system: str) -> list[tuple[str, str]]:
    """The (original, printed) of every correction of a system's cases and charts."""
    return sorted({(seed, printed) for _, seed, printed in every_correction_in(content, system)})


def every_correction_in(content, system: str) -> list[tuple[str, str, str]]:
    """The (language, original, printed) of every correction of a system's cases and charts."""
    models = [*content.system_cases(system)]
    models += [t.table for tid, t in content.tables.items() if tid.startswith(f"{system}.")]
    found = {(c.lang, c.seed, c.printed) for model in models for _, c in corrections_of(model)}
    return sorted(found)
