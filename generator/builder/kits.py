"""A scenario's print-and-play kit, as it comes out of a printer whole.

A kit is a first page that says how to print it, the scenario card (the English card backed by the
Japanese one in the bilingual kit), the full texts of the rules in use, the player-aid cards
imposed on sheets to be cut out, and each player's record sheets in the card's side order. Printed
on both sides (the default) every part starts on a front page, a back left blank on purpose says
so, a sheet of cards to cut out has nothing on its back, and the kit has an even number of pages;
`--simplex` leaves the blank backs out. Page labels and bookmarks name the parts.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from generator.builder.documents import (
    BLANK_PAGE,
    REDUCED_NOTE,
    Derivation,
    Produced,
    Spec,
    document_path,
)
from generator.content.bilingual import pair_of
from generator.core.locales import translate
from generator.core.messages import message, text

# A kit part's name, a UI string of the catalog: its bookmark, its page label and its row on the
# kit's first page.
KIT_PART_TITLES = {
    "cover": "How to print this kit",
    "scenario-sheet": "Scenario card",
    "rules": "Rules in use: their text",
    "player-aid": "Player aid",
    "artillery-request-sheet": "Artillery Request Record Sheet",
    "air-commitment-card": "Air Commitment Card",
    "minefield-sheet": "Minefield Record Sheet",
}
RECORD_SHEETS = ("artillery-request-sheet", "air-commitment-card", "minefield-sheet")
# A sheet that holds counters during play, and the sheets a player writes on during play: the one
# never backs the other, so that no counter has to be lifted to write a request or check a mine.
HOLDS_COUNTERS = frozenset({"air-commitment-card"})
WRITTEN_ON = frozenset({"artillery-request-sheet", "minefield-sheet"})
# A kit's first page as it may read, numbers aside: both ways to print, a part to cut and one to
# keep, a player's sheets, the kit's own titles and charts from the box; rendered for the
# characters the build's font must hold, the pending texts it prints, and its cache key.
COVER_PROBE = {
    "paper_name": "A4 Letter",
    "duplex": True,
    "pages": 0,
    "sheets": 0,
    "parts": [
        {
            "title": "",
            "first": 0,
            "last": 1,
            "cut": cut,
            "side": None,
            "side_label": None,
            "orientation": orientation,
            "shares": [],
        }
        for cut, orientation in ((True, "landscape"), (False, "portrait"))
    ],
    "cutting": "",
    "reduced": 0,
    "players": [],
    "secret": True,
    "probe": True,
    "size_class": "l",  # the words a first page prints are the same in every type size:
    "size_classes": ("l",),  # one is typeset, not three
}
message("kit-side-part", "{side}: {part}")
T = TypeVar("T")


COVER_SIZES = ("l", "m", "s")  # a first page's type sizes, largest first (kit-cover.html)


def back_to_back(
    spec: Spec, parts: dict[tuple[str, str], Produced], derivation: Derivation
) -> Produced:
    """A document's bilingual edition: the English document, then the Japanese one, each padded
    with blank pages (in its own language) to as many pages as the longer, so that each starts
    on a front page (a card of one page each: English on the front, Japanese on the back)."""
    english, japanese = parts[(spec.id, "en")], parts[(spec.id, "ja")]
    blanks = {lang: parts[(BLANK_PAGE, lang)] for lang in ("en", "ja")}
    longest = max(english.pages, japanese.pages)
    members = [english, blanks["en"], japanese, blanks["ja"]]
    path = document_path(spec, "both", derivation.file_variant)
    recipe = ["back-to-back", spec.id, spec.paper, *(item.path for item in members)]

    def bind() -> tuple[bytes, int]:
        from generator.render.kit import Piece, assemble  # pypdf: only to bind, not when cached
        from generator.render.readers import parsed

        pieces = []
        for lang, item in (("en", english), ("ja", japanese)):
            pieces.append(Piece(item.pdf, part_title(spec.kind, lang)))
            pieces += [Piece(blanks[lang].pdf)] * (longest - item.pages)
        identifier = hashlib.sha256("".join(recipe).encode()).digest()[:16]
        titles = [parsed(item.pdf).metadata.title for item in (english, japanese)]
        title = " / ".join(dict.fromkeys(t.removesuffix(" — playaid") for t in titles if t))
        return assemble(
            pieces,
            identifier,
            title=f"{title} — playaid",
            lang="en",
            variant=derivation.pdf_variant,
        )

    pdf, pages, key = derivation.make(recipe, members, bind)
    return Produced(spec, "both", path, pdf, pages, key)


def document_lang(edition: str) -> str:
    """A document's /Lang: Japanese for ja; English for en and for both, whose Japanese passages
    each carry their own."""
    return "ja" if edition == "ja" else "en"


def languages_of(edition: str) -> tuple[str, ...]:
    return ("en", "ja") if edition == "both" else (edition,)


def title_in(title: Any, edition: str) -> str:
    """A content title in the edition's language(s): "English / 日本語" in both."""
    return " / ".join(dict.fromkeys(title.get(lang) for lang in languages_of(edition)))


def part_title(kind: str, edition: str, side: Any = None) -> str:
    """A kit part's name in the edition's language(s), from the Babel catalog; a player's own
    sheet is named with the side (`Strahl Troops: Minefield Record Sheet`)."""
    english = KIT_PART_TITLES[kind]
    shown = {"en": english, "ja": translate("ja", english)}
    if side is not None:
        en, ja = text("kit-side-part", side=pair_of(side), part=(shown["en"], shown["ja"]))
        shown = {"en": en, "ja": ja}
    return " / ".join(dict.fromkeys(shown[lang] for lang in languages_of(edition)))


@dataclass(frozen=True)
class KitPart:
    """A part of a kit: its PDFs (a card's languages, each sheet of cards), its kind, whose it is
    (a side, or None for both players), and whether it is cut up (cards) or kept."""

    kind: str
    pdfs: tuple[tuple[bytes, int], ...]  # each piece and its pages
    side: str | None = None
    cut: bool = False
    side_by_side: bool = False  # a card's languages: each padded to the longer, back to back


@dataclass(frozen=True)
class Placed:
    """Where a part landed in the kit: its first and last printed (not blank) page."""

    part: KitPart
    first: int
    last: int


def may_back(previous: KitPart, part: KitPart) -> bool:
    """Whether the part's first page may print on the back of the previous part's last page:
    both are kept whole by the same player (or both by both players), and neither holds counters
    in play (the Air Commitment Card) while the other is written on (a request, a mine). A sheet
    of cards to cut backs only a blank or another sheet of the same cards (the same cut lines); a
    card's two languages start on a front, so that the second backs the first, and a scenario
    card of two pages prints on one sheet."""
    if previous.cut or part.cut or part.side_by_side:
        return False
    if part.kind == "scenario-sheet" and _pages(part) > 1:
        return False  # a card of two pages is one sheet, front and back
    kinds = {previous.kind, part.kind}
    if kinds & HOLDS_COUNTERS and kinds & WRITTEN_ON:
        return False  # counters on the one would have to be lifted to write on the other
    return previous.side == part.side


def _pages(part: KitPart) -> int:
    """The pages a part prints, its languages padded to the same length."""
    if part.side_by_side:
        return len(part.pdfs) * max(pages for _, pages in part.pdfs)
    return sum(pages for _, pages in part.pdfs)


def _filled(parts: list[KitPart]) -> list[KitPart]:
    """The parts in order, except that where a part would leave a blank back (it may not back
    the page before it), a later part of an odd number of pages that may back that page moves
    up to fill it (the rules appendix behind the how-to-print page of the bilingual kit)."""
    ordered: list[KitPart] = []
    waiting = list(parts)
    count = 0
    while waiting:
        part = waiting.pop(0)
        previous = ordered[-1] if ordered else None
        if previous is not None and count % 2 == 1 and not may_back(previous, part):
            filler = next(
                (p for p in waiting if may_back(previous, p) and _pages(p) % 2 == 1), None
            )
            if filler is not None:
                waiting.remove(filler)
                waiting.insert(0, part)
                part = filler
        ordered.append(part)
        count += _pages(part)
        if count % 2 == 1 and part.cut:
            count += 1  # a sheet of cards ends on its own blank back
    return ordered


def lay_out(
    parts: list[KitPart], duplex: bool
) -> tuple[list[tuple[KitPart, int, bytes | None]], list[Placed], int]:
    """The kit page by page: each piece of each part (with its index in the part) or a blank
    back (None), where each part landed, and the page count. Printed on both sides, a part
    starts on a back only where it may back the page before it (`may_back`; parts move up to
    fill a back that would be blank), a card's languages are padded to the same length, and
    the kit ends on a back page. Printed on one side, there are no blanks."""
    sequence: list[tuple[KitPart, int, bytes | None]] = []
    placed = []
    count = 0

    def blank(part: KitPart, after: int = -1) -> None:
        nonlocal count
        sequence.append((part, after, None))  # the piece it backs, or -1: the part's end
        count += 1

    previous: KitPart | None = None
    for part in _filled(parts) if duplex else parts:
        if duplex and count % 2 == 1 and previous is not None and not may_back(previous, part):
            blank(previous)
        first = count + 1
        longest = max(pages for _, pages in part.pdfs)
        for index, (pdf, pages) in enumerate(part.pdfs):
            sequence.append((part, index, pdf))
            count += pages
            if duplex and part.side_by_side:
                for _ in range(longest - pages):
                    blank(part, index)
        placed.append(Placed(part, first, count - _trailing_blanks(sequence, part)))
        previous = part
    if duplex and count % 2 == 1 and previous is not None:
        blank(previous)
    return sequence, placed, count


def _trailing_blanks(sequence: list[tuple[KitPart, int, bytes | None]], part: KitPart) -> int:
    """How many blank pages end the sequence (a card's languages padded): not the part's own."""
    count = 0
    for owner, _, pdf in reversed(sequence):
        if owner is not part or pdf is not None:
            break
        count += 1
    return count


@dataclass(frozen=True)
class KitSettings:
    """How a build binds its kits: cards imposed `layout` (2up, 4up) on `paper`, for both sides
    of the paper or one (`duplex`); `cover` renders a kit's first page from the layout of its
    other parts; `sides` names the players' sides (Ma.K's, by slug)."""

    layout: str
    paper: str
    derivation: Derivation
    duplex: bool
    cover: Callable[[Spec, str, dict[str, Any]], Produced]
    sides: dict[str, Any]
    covers: dict[tuple[str, str], str]  # each first page's probe, digested (Renders.covers)


class Printer(Protocol):
    """How a kit's own words print a pending text (generator.builder.html.Templater)."""

    def printed(self, spec_id: str, edition: str, make: Callable[[], T]) -> T: ...

    def plain(self, edition: str, words: str) -> str: ...


def bind_kits(
    kits: list[tuple[Spec, str]],
    parts: dict[tuple[str, str], Produced],
    settings: KitSettings,
    printer: Printer,
) -> list[Produced]:
    """Each kit in each edition named, bound (from the derivation cache where it has it)."""
    bound = []
    for kit, edition in kits:
        members = _members(kit, parts, edition, settings.layout)
        recipe = ["kit", kit.id, edition, settings.layout, settings.paper]
        recipe += [str(settings.duplex), settings.covers.get((kit.id, edition), "")]
        recipe += [item.path for item in members]
        bind = _Binder(kit, members, edition, settings, printer)
        pdf, pages, key = settings.derivation.make(recipe, members, bind)
        path = document_path(kit, edition, settings.derivation.file_variant)
        bound.append(Produced(kit, edition, path, pdf, pages, key))
    return bound


def _members(
    kit: Spec, parts: dict[tuple[str, str], Produced], edition: str, layout: str
) -> list[Produced]:
    """The rendered documents a kit binds in an edition: the bilingual kit binds the English and
    the Japanese card, back to back, the blank page of each language it may need, and the note
    that a sheet of reduced cards prints."""
    members = []
    for part in kit.parts:
        if part == kit.parts[0] and edition == "both":
            members += [parts[(part, "en")], parts[(part, "ja")]]
        else:
            members.append(parts[(part, edition)])
    blanks = ("en", "ja", "both") if edition == "both" else (edition,)
    members += [parts[(BLANK_PAGE, lang)] for lang in blanks]
    note = parts.get((REDUCED_NOTE, edition))
    return members + ([note] if note is not None and layout == "4up" else [])


@functools.lru_cache(maxsize=64)
def _card_sheet(
    cards: tuple[bytes, ...], layout: str, paper: str, title: str, lang: str, note: bytes | None
) -> tuple[bytes, int]:
    """Cards imposed on a sheet to cut out, made once per process however many kits bind the same
    cards in the same edition (the sample kits of a system share most of their charts): its
    identifier comes from what it is made of, never from the kit, which writes its own. `note`
    is printed on a sheet that reduces its cards."""
    from generator.render.impose import Imposed, impose

    made_of = b"".join(cards) + (note or b"") + f"{layout}{paper}{title}{lang}".encode()
    identifier = hashlib.sha256(made_of).digest()[:16]
    return impose(list(cards), Imposed(layout, paper, identifier, title, lang, note=note))


class _Binder:
    """Binds one kit of one edition, when the derivation cache does not have it."""

    def __init__(
        self,
        kit: Spec,
        members: list[Produced],
        edition: str,
        settings: KitSettings,
        printer: Printer,
    ) -> None:
        self.kit, self.members, self.edition, self.sides = kit, members, edition, settings.sides
        self.printer = printer
        self.layout, self.paper = settings.layout, settings.paper
        self.duplex, self.cover = settings.duplex, settings.cover
        self.variant = settings.derivation.pdf_variant
        self.identifier = hashlib.sha256(
            "".join(item.path for item in members).encode() + f"{self.layout}{self.duplex}".encode()
        ).digest()[:16]

    def __call__(self) -> tuple[bytes, int]:
        from generator.render.kit import Piece, assemble
        from generator.render.readers import parsed

        parts = self._parts()
        cover_part = KitPart("cover", ((b"", 1),))
        _, placed, pages = lay_out([cover_part, *parts], self.duplex)
        context = self._printed(lambda: self._cover_context(placed, pages))
        front = self.cover(self.kit, self.edition, context)
        cover_part = KitPart("cover", ((front.pdf, front.pages),))
        sequence, _, _ = lay_out([cover_part, *parts], self.duplex)
        blanks = self._blanks()
        pieces = []
        for part, index, pdf in sequence:
            side = self._side_label(part.side)
            label = self._plain(functools.partial(part_title, part.kind, self.edition, side))
            if pdf is None:
                pieces.append(Piece(blanks[self._blank_lang(part, index)], None, label))
                continue
            bookmark = None
            if index == 0 or (part.side_by_side and self.edition == "both"):
                lang = ("en", "ja")[index] if part.side_by_side and self.edition == "both" else None
                edition = lang or self.edition
                bookmark = self._plain(functools.partial(part_title, part.kind, edition, side))
            pieces.append(Piece(pdf, bookmark, label, link_target=part.kind == "rules"))
        card = self.members[0]
        titles = [parsed(m.pdf).metadata.title for m in self.members[:2]]
        title = titles[0] if self.edition != "both" else " / ".join(dict.fromkeys(titles))
        return assemble(
            pieces,
            self.identifier,
            title=title or card.spec.id,
            lang=document_lang(self.edition),
            variant=self.variant,
        )

    def _parts(self) -> list[KitPart]:
        """The kit's parts in order: the card, the rules appendix, the cards to cut out, and the
        players' record sheets, a side's together, in the card's side order."""
        members = self.members
        both = self.edition == "both"
        card_members = members[:2] if both else members[:1]
        kept_out = (BLANK_PAGE, REDUCED_NOTE)
        others = [m for m in members[len(card_members) :] if m.spec.id not in kept_out]
        parts = [
            KitPart(
                "scenario-sheet",
                tuple((m.pdf, m.pages) for m in card_members),
                side_by_side=both,
            )
        ]
        for member in others:
            if member.spec.id.endswith(".rules"):
                parts.append(KitPart("rules", ((member.pdf, member.pages),)))
        cards = [m for m in others if m.spec.kind == "player-aid"]
        if cards:
            from generator.render.sheet_plan import sheet_for

            per_sheet = sheet_for(self.layout, self.paper).cards
            title = part_title("player-aid", self.edition)
            note = next((m.pdf for m in self.members if m.spec.id == REDUCED_NOTE), None)
            sheets = []
            for start in range(0, len(cards), per_sheet):
                group = tuple(card.pdf for card in cards[start : start + per_sheet])
                lang = document_lang(self.edition)
                sheets.append(_card_sheet(group, self.layout, self.paper, title, lang, note))
            parts.append(KitPart("player-aid", tuple(sheets), cut=True))
        records = [m for m in others if _record_kind(m) in RECORD_SHEETS]
        for member in records:
            kind = _record_kind(member)
            side = member.spec.id.rsplit(".", 1)[1]
            parts.append(KitPart(kind, ((member.pdf, member.pages),), side=side))
        return parts

    def _printed(self, make: Callable[[], T]) -> T:
        """What `make` gives, made as the kit prints a pending text (marked, in a draft)."""
        return self.printer.printed(self.kit.id, self.edition, make)

    def _plain(self, make: Callable[[], str]) -> str:
        """Words where markup cannot go (a bookmark, a page label), a draft's marks plain."""
        return self.printer.plain(self.edition, self._printed(make))

    def _blanks(self) -> dict[str, bytes]:
        """The blank page of each language the kit may need, by edition."""
        return {m.edition: m.pdf for m in self.members if m.spec.id == BLANK_PAGE}

    def _blank_lang(self, part: KitPart, after: int) -> str:
        """A blank back in its page's language: in the bilingual kit, a language's card is
        padded in its own language, every other back in both."""
        if self.edition == "both" and part.side_by_side and after >= 0:
            return ("en", "ja")[after]
        return self.edition

    def _side_label(self, side: str | None) -> Any:
        return self.sides.get(side) if side else None

    def _cover_context(self, placed: list[Placed], pages: int) -> dict[str, Any]:
        """What the first page says: paper, both sides or one, how the cards are cut and at what
        size, each part's pages and orientation, what to do with it, whose it is and which parts
        share its sheets, and which pages go to which player."""
        from generator.render.sheet_plan import reduction, sheet_for

        rows, players = [], {}
        for where in placed[1:]:
            part = where.part
            rows.append(
                {
                    "title": {lang: part_title(part.kind, lang) for lang in ("en", "ja")},
                    "first": where.first,
                    "last": where.last,
                    "cut": part.cut,
                    "side": part.side,
                    "side_label": self._side_label(part.side),
                    "orientation": _orientation(part),
                    "shares": self._sharing(where, placed),
                }
            )
            if part.side:
                players.setdefault(part.side, []).append((where.first, where.last))
        sheet = sheet_for(self.layout, self.paper)
        return {
            "paper_name": {"a4": "A4", "letter": "Letter"}[self.paper],
            "duplex": self.duplex,
            "pages": pages,
            "sheets": (pages + 1) // 2 if self.duplex else pages,
            "parts": rows,
            "players": [
                {"side": side, "label": self._side_label(side), "pages": pages}
                for side, pages in players.items()
            ],
            "secret": any(where.part.kind == "minefield-sheet" for where in placed),
            "cutting": "reduced" if not sheet.true_size else f"{sheet.cards}-a-sheet",
            "reduced": round(reduction(self.layout, self.paper) * 100),
            # Set in its largest type that fits one page (the bilingual page says it all twice).
            "size_class": COVER_SIZES[0],
            "size_classes": COVER_SIZES,
        }

    def _sharing(self, where: Placed, placed: list[Placed]) -> list[dict[str, str]]:
        """The titles of the other parts printed on the same sheets as this one (both sides)."""
        if not self.duplex:
            return []

        def sheets(item: Placed) -> set[int]:
            return {(page + 1) // 2 for page in range(item.first, item.last + 1)}

        mine = sheets(where)
        return [
            {
                lang: part_title(other.part.kind, lang, self._side_label(other.part.side))
                for lang in ("en", "ja")
            }
            for other in placed
            if other is not where and sheets(other) & mine
        ]


def _orientation(part: KitPart) -> str:
    """A part's orientation as it prints: its first page's, portrait or landscape."""
    from generator.render.readers import parsed

    box = parsed(part.pdfs[0][0]).pages[0].mediabox
    return "landscape" if float(box.width) > float(box.height) else "portrait"


def _record_kind(member: Produced) -> str | None:
    """A record sheet's kind from its id: `<scenario>.<kind>.<side>`."""
    pieces = member.spec.id.split(".")
    return pieces[-2] if len(pieces) >= 3 and pieces[-2] in RECORD_SHEETS else None
