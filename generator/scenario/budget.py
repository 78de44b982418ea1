"""The scenario card's size budget: what one card can print, so that a file that passes `check`
always makes a card of at most two pages a language (one for most scenarios).

The numbers are the card's, not the rules': a game longer or larger than the budget is legal
under the rules but does not fit a card, and `check` says so (docs/scenarios.md, "The card's
size budget"). A text's length is counted in half-width characters, a full-width (Japanese)
character counting two, in each language; a symbol of East Asian ambiguous width (■, ※, ①) counts
two, as the Japanese font sets it full width, and a text of wide letters (`WWWW`) counts as wide as
the font sets it (generator.core.glyphs), so that a file within the budget fits its card whatever
its characters (issue 33). A word longer than its column is broken by the card's style sheet.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from generator.content.behaviour import Localized
from generator.content.model.walk import walk
from generator.core.diagnostics import KeyPath
from generator.core.glyphs import Typeface, columns
from generator.scenario.findings import Findings
from generator.scenario.options import cases_in_use

if TYPE_CHECKING:
    from generator.scenario.facts import ContentFacts

CODE, TEXT_CODE, PLAIN_CODE = "card-budget", "card-budget-text", "card-budget-plain"


@dataclass(frozen=True)
class Limit:
    """At most `most` items in the lists a key path pattern matches (`*` any key or index)."""

    pattern: KeyPath
    most: int
    what: str  # a `word:` code naming the items


TURNS = 12
RULES = 16  # rules in use: the options named and the units' special rules, a line each
BOARD_ROWS, BOARD_COLUMNS = 3, 4
NATIONS = 11  # every nation of the Starting Morale chart once, in the head's one line
# Lists both systems have: a name repeated in them is only a warning, so without a limit a file of
# thousands passes `check` (issue 20).
COMMON_LIMITS = (Limit(("optional_rules",), RULES, "word:budget-options"),)
MAK_LIMITS = (
    Limit(("forces", "*", "units"), 7, "word:budget-unit-lines"),
    Limit(("forces", "*", "pilots"), 8, "word:budget-pilots"),
    Limit(("forces", "*", "artillery"), 2, "word:budget-batteries"),
    Limit(("forces", "*", "land_mines", "fields"), 4, "word:budget-mine-fields"),
    Limit(("forces", "*", "units", "*", "setup"), 4, "word:budget-setup-hexes"),
    Limit(("markers",), 6, "word:budget-markers"),
    Limit(("victory", "scenario_points"), 3, "word:budget-points"),
    Limit(("forces", "*", "units", "*", "equipment"), 6, "word:budget-equipment"),
)
MAK_PILOTS = 8  # pilots the codes of a side assign
FPCF_FORMATIONS = 6  # a side's formations
FPCF_DROPS = 8  # airborne drops in all
FPCF_LIMITS = (
    Limit(("maps",), 4, "word:budget-maps"),
    Limit(("formations", "*", "units"), 5, "word:budget-formation-units"),
    Limit(("formations", "*", "drops"), 4, "word:budget-drops"),
    Limit(("formations", "*", "arrives", "columns", "*", "units"), 6, "word:budget-column-units"),
    Limit(("formations", "*", "arrives", "columns"), 4, "word:budget-columns"),
    Limit(("nations",), NATIONS, "word:budget-nations"),
    Limit(("air_strike_nations",), NATIONS, "word:budget-strike-nations"),
    Limit(("pre_game", "activation"), FPCF_FORMATIONS, "word:budget-activation"),
    Limit(("original_parts",), 3, "word:budget-parts"),
)
# The longest text at each place, in half-width characters (a full-width character counts 2):
# the first pattern that matches a text's path (`*` any key or index) gives its limit.
TEXTS = (
    (("title",), 60),
    (("briefing",), 400),
    (("victory", "conditions"), 300),
    (("special_rules",), 400),
    (("forces", "*", "note"), 80),
    (("formations", "*", "name"), 40),
    (("forces", "*", "pilots", "*", "name"), 40),
    (("forces", "*", "units", "*", "note"), 60),
    (("forces", "*", "artillery", "*", "note"), 60),
    (("formations", "*", "morale_note"), 60),
    (("formations", "*", "arrives", "area"), 48),
    (("formations", "*", "drops", "*", "fallback", "area"), 60),
    (("original_parts", "*"), 60),
)
TEXT_DEFAULT = 80  # what a scenario point is for, and anything else
# Texts the card prints as written, in one language for both (the author, the codes, a counter's
# name): the longest each may be, in half-width characters as above. The codes and a counter's
# name stand on one line, never broken; a name the file writes that the card does not print (a
# Ma.K unit, which the card names from the catalogue) is bounded all the same.
PLAIN_TEXTS = (
    (("author",), 60),
    (("forces", "*", "units", "*", "unit"), 60),
    (("forces", "*", "units", "*", "code"), 40),
    (("forces", "*", "units", "*", "deploy"), 40),
    (("forces", "*", "artillery", "*", "code"), 40),
    (("forces", "*", "pilots", "*", "rank"), 24),
    (("formations", "*", "units", "*", "name"), 24),
    (("formations", "*", "arrives", "columns", "*", "units", "*"), 24),
    (("formations", "*", "drops", "*", "unit"), 24),
)


def text_limit(path: KeyPath) -> int:
    """The longest a text at `path` may be."""
    for pattern, most in TEXTS:
        if _matches(pattern, path):
            return most
    return TEXT_DEFAULT


def plain_limit(path: KeyPath) -> int | None:
    """The longest a text written in one language at `path` may be; None where it is not one."""
    for pattern, most in PLAIN_TEXTS:
        if _matches(pattern, path):
            return most
    return None


def _matches(pattern: KeyPath, path: KeyPath) -> bool:
    """Whether a path matches a pattern, `*` standing for any key or index."""
    return len(pattern) == len(path) and all(
        want in ("*", part) for want, part in zip(pattern, path, strict=True)
    )


def width(text: str, typeface: Typeface | None = None) -> int:
    """A text's length in half-width characters, a full-width or ambiguous-width character
    counting two; with the font that prints it, at least its width as that font sets it."""
    counted = columns(text)
    return counted if typeface is None else max(counted, typeface.half_widths(text))


def check_budget(
    findings: Findings, scenario: Any, content: ContentFacts, typeface: Typeface | None = None
) -> None:
    """Every list and text of a scenario within what its card can print (measured in the font
    that prints it, when given)."""
    rules = cases_in_use(scenario, content)
    if len(rules) > RULES:
        path = ("optional_rules",) if scenario.optional_rules else ()
        findings.error(path, CODE, None, what="word:budget-rules", count=len(rules), most=RULES)
    if scenario.turns > TURNS:
        findings.error(
            ("turns",), CODE, None, what="word:budget-turns", count=scenario.turns, most=TURNS
        )
    if scenario.system == "mak":
        _layout(findings, scenario.boards.layout, ("boards", "layout"))
        limits = MAK_LIMITS
        for side in ("strahl", "mercenary"):
            assigned = sum(
                len(_assigned(entry.code)) for entry in getattr(scenario.forces, side).units
            )
            if assigned > MAK_PILOTS:
                path = ("forces", side, "units")
                findings.error(
                    path, CODE, None, what="word:budget-pilots", count=assigned, most=MAK_PILOTS
                )
    else:
        if scenario.map_layout:
            _layout(findings, scenario.map_layout, ("map_layout",))
        limits = FPCF_LIMITS
        from generator.scenario.fpcf.checks import WARSAW_PACT

        sides: dict[bool, int] = {}
        for formation in scenario.formations:
            side = formation.nation in WARSAW_PACT
            sides[side] = sides.get(side, 0) + 1
        drops = sum(len(formation.drops) for formation in scenario.formations)
        if drops > FPCF_DROPS:
            findings.error(
                ("formations",),
                CODE,
                None,
                what="word:budget-all-drops",
                count=drops,
                most=FPCF_DROPS,
            )
        for count in sides.values():
            if count > FPCF_FORMATIONS:
                findings.error(
                    ("formations",),
                    CODE,
                    None,
                    what="word:budget-formations",
                    count=count,
                    most=FPCF_FORMATIONS,
                )
    for limit in (*COMMON_LIMITS, *limits):
        for path, value in _matching(scenario, limit.pattern):
            if len(value) > limit.most:
                findings.error(path, CODE, None, what=limit.what, count=len(value), most=limit.most)
    for path, value in walk(scenario):
        if isinstance(value, str):
            _plain(findings, path, value, typeface)
        if not isinstance(value, Localized):
            continue
        most = text_limit(path)
        for lang in ("en", "ja"):
            length = width(value.get(lang), typeface)
            if length > most:
                language = f"word:language-{lang}"
                findings.error(
                    (*path, lang), TEXT_CODE, None, length=length, language=language, most=most
                )


def _plain(findings: Findings, path: KeyPath, value: str, typeface: Typeface | None) -> None:
    """A text written once for both languages within what its place on the card prints."""
    most = plain_limit(path)
    if most is not None and (length := width(value, typeface)) > most:
        findings.error(path, PLAIN_CODE, None, length=length, most=most)


def _layout(findings: Findings, layout: tuple, path: KeyPath) -> None:
    """A layout of at most BOARD_ROWS rows of BOARD_COLUMNS: the drawing stays legible."""
    if len(layout) > BOARD_ROWS:
        findings.error(
            path, CODE, None, what="word:budget-layout-rows", count=len(layout), most=BOARD_ROWS
        )
    for index, row in enumerate(layout):
        if len(row) > BOARD_COLUMNS:
            findings.error(
                (*path, index),
                CODE,
                None,
                what="word:budget-layout-columns",
                count=len(row),
                most=BOARD_COLUMNS,
            )


def _assigned(code: str | None) -> tuple[int, ...]:
    """The pilots a unit code assigns, where it reads (check reports it where it does not)."""
    from generator.scenario.mak.notation import NotationError, parse_unit_code

    if not code:
        return ()
    try:
        return parse_unit_code(code).assigned
    except NotationError:
        return ()


def _matching(model: Any, pattern: KeyPath) -> Iterator[tuple[KeyPath, tuple]]:
    """The lists at the paths a pattern matches, `*` standing for any key or index."""
    for path, value in walk(model):
        if isinstance(value, tuple | list) and _matches(pattern, path):
            yield path, tuple(value)
