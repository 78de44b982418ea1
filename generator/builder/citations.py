"""A kit carries every rule its card relies on: the rule references each edition's card prints,
which its rules appendix is made to hold, and the check that it does (a build whose kit's card
cites a case the kit does not print fails, naming the reference and the kit)."""

from __future__ import annotations

import html as html_lib
import re
from pathlib import Path
from typing import Any

from generator.builder.plan import Plan
from generator.core.diagnostics import Issue, display_path
from generator.core.errors import ContentError
from generator.core.messages import message, text
from generator.render.scenario.appendix import CARD_REFERENCE, card_references

message(
    "kit-reference-unprinted",
    "the card of {kit} ({edition}) cites [{number}], but the kit prints no case {number}: write"
    " the reference so that it names a case of the rules, or bring the case into the kit",
)
# A case's number as the rules appendix prints it in its heading (case.html).
PRINTED_NUMBER = re.compile(r'<span class="number">(\[[^<]*\])')


def text_of(page: str) -> str:
    """A page's text with its markup taken out, a reference split by typesetting made whole."""
    return html_lib.unescape(re.sub(r"<[^>]+>", "", page))


def card_languages(edition: str) -> tuple[str, ...]:
    """The editions of the card a kit of an edition binds (the bilingual kit: both cards)."""
    return ("en", "ja") if edition == "both" else (edition,)


def cited_numbers(
    templater: Any,
    plan: Plan,
    made: dict[tuple[str, str], Any],
    card_id: str,
    edition: str,
) -> tuple[str, ...]:
    """The case numbers the card prints in the languages of an edition, each once, from its HTML
    pages (`made`, by id and edition); a card the build does not render is rendered here by the
    templater for its words only."""
    numbers: list[str] = []
    for lang in card_languages(edition):
        page = made.get((card_id, lang))
        if page is None:
            spec = next(spec for spec in plan.every if spec.id == card_id)
            variants = templater.html(spec, lang)
        else:
            variants = page.variants
        numbers += card_references(text_of(variants[0]))
    return tuple(dict.fromkeys(numbers))


def check_citations(
    plan: Plan, made: dict[tuple[str, str], Any], editions: tuple[str, ...]
) -> None:
    """ContentError naming each rule reference a kit's card prints that its rules appendix does
    not, in every edition the build makes of the kit."""
    issues = []
    for kit in plan.kits:
        card = next((part for part in kit.parts if part.endswith(".sheet")), None)
        rules = next((part for part in kit.parts if part.endswith(".rules")), None)
        for edition in editions:
            appendix = made.get((rules, edition)) if rules else None
            if card is None or appendix is None:
                continue
            printed = {
                number
                for label in PRINTED_NUMBER.findall(appendix.variants[0])
                for number in CARD_REFERENCE.findall(label)
            }
            for lang in card_languages(edition):
                page = made.get((card, lang))
                for number in card_references(text_of(page.variants[0])) if page else ():
                    if number not in printed:
                        issues.append(_unprinted(kit, edition, number))
    if issues:
        raise ContentError(sorted(set(issues)))


def _unprinted(kit: Any, edition: str, number: str) -> Issue:
    """The finding of a reference a kit's card prints and the kit does not, at its file."""
    english, japanese = text("kit-reference-unprinted", kit=kit.id, edition=edition, number=number)
    where = kit.subjects[1] if len(kit.subjects) > 1 else kit.id
    return Issue(
        file=display_path(Path(where)),
        line=1,
        column=1,
        key_path="(document)",
        code="kit-reference-unprinted",
        message_en=english,
        message_ja=japanese,
    )
