"""Measure a PDF's Japanese typesetting from its characters: the gaps where Japanese meets Latin
text, numerals split from their counters, paragraphs ending on a runt, short texts broken inside
a phrase. Reads what a reader sees: pdfplumber's character positions, grouped by the tagged
structure element (paragraph, cell, heading) each belongs to; page furniture (running heads,
page numbers: artifacts) is left out.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pdf_pages import read_pdf

from generator.core.japanese import JAPANESE, text_ems
from generator.render.typeset.phrases import phrase_bounds

IS_JAPANESE = re.compile(f"[{JAPANESE}]")
LATIN = re.compile(r"[A-Za-z0-9]")
HEADINGS = {"H", "H1", "H2", "H3", "H4", "H5", "H6", "Caption"}
CELLS = {"TH", "TD"}
SHORT_CHARACTERS = 40  # a cell holding more is a paragraph (generator.render.typeset.breaks)
RUNNING_TYPES = {"P", "LBody", "LI"}
NOT_COUNTED = "。、，．」』）)〕】!?！？◇◆†‡*"  # a last line of two kana and these is a runt
FULL_WIDTH_MARKS = "」』）〕】〉》｝、。，．！？：；"
LATIN_WORD_END = re.compile(r"[A-Za-z0-9][.\-]$")  # 「S.F.」, 「(p.」, 「pre-」
LATIN_WORD_START = re.compile(r"^(?:II|III|IV)(?![A-Za-z])")  # 「S.F.3.D」/「II」
JAPANESE_AFTER_NUMBER = re.compile(f"[0-9]+[{JAPANESE}]")
NUMERAL_START = re.compile(r"^[0-9一二三四五六七八九十百千〇]")


@dataclass
class Element:
    """One structure element's characters on one page, in reading order."""

    type: str
    page: int
    chars: list[dict] = field(default_factory=list)

    @property
    def text(self) -> str:
        """The element's characters as one string."""
        return "".join(char["text"] for char in self.chars)

    def lines(self) -> list[list[dict]]:
        """The characters split where a line ends (the next one sits lower)."""
        lines: list[list[dict]] = []
        for char in self.chars:
            if lines and not _new_line(lines[-1][-1], char):
                lines[-1].append(char)
            else:
                lines.append([char])
        return lines


def _new_line(before: dict, after: dict) -> bool:
    """Whether `after` starts a line below `before`."""
    return after["top"] - before["top"] > 0.5 * before["size"] or after["x0"] < before["x0"] - 1


def elements(path: Path, skip: frozenset[int] = frozenset()) -> Iterator[Element]:
    """Every structure element holding text, page by page, but for the pages (from 1) in `skip`."""
    for page in read_pdf(path).pages:
        if page.number not in skip:
            yield from _page_elements(page, page.number)


def elements_and_splits(
    path: Path, skip: frozenset[int] = frozenset()
) -> tuple[list[Element], list[str]]:
    """`elements` of one PDF and its split words (`_page_splits`), each page's text read once
    for both; the pages (from 1) in `skip` are not read."""
    found, split = [], []
    for page in read_pdf(path).pages:
        if page.number not in skip:
            found += _page_elements(page, page.number)
            split += _page_splits(page, page.number)
    return found, split


def _page_elements(page: Any, number: int) -> list[Element]:
    """The structure elements of one page that hold text, each with its characters."""
    owner: dict[int, Element] = {}
    for node in page.structure_tree:
        _claim(node, owner, number)
    for char in page.chars:
        element = owner.get(char.get("mcid")) if char.get("mcid") is not None else None
        if element is not None and char["text"].strip():
            element.chars.append(char)
    unique = {id(element): element for element in owner.values() if element.chars}
    return list(unique.values())


def _claim(node: dict, owner: dict[int, Element], page: int) -> None:
    """Give each marked-content id to the innermost element that holds it."""
    element = Element(node.get("type", ""), page)
    for mcid in node.get("mcids") or ():
        owner[mcid] = element
    for child in node.get("children", ()):
        _claim(child, owner, page)


@dataclass
class Meetings:
    """Where Japanese meets Latin text on a line, by the gap between them (in ems)."""

    tight: list[str] = field(default_factory=list)  # under 0.10 em
    right: list[str] = field(default_factory=list)  # 0.10-0.30 em
    wide: list[str] = field(default_factory=list)  # over 0.30 em

    def add(self, other: Meetings) -> None:
        """Count another document's meetings too."""
        self.tight += other.tight
        self.right += other.right
        self.wide += other.wide

    @property
    def share(self) -> float:
        """The share of meetings with the right gap."""
        total = len(self.tight) + len(self.right) + len(self.wide)
        return len(self.right) / total if total else 1.0


RIGHT_GAP = 0.30  # ems: a quarter-em gap, as measured
WIDENED_GAP = 0.55  # on a justified line, which widens its gaps first, to a half em (JLREQ)


def meetings(found: list[Element]) -> Meetings:
    """Every meeting of Japanese and Latin text inside a line, with its gap."""
    result = Meetings()
    for element in found:
        lines = element.lines()
        justified = {id(above) for above, _ in wrapped(lines)} if len(lines) > 1 else set()
        for line in lines:
            spread = _spread(line)
            most = WIDENED_GAP if id(line) in justified else RIGHT_GAP
            for before, after in itertools.pairwise(line):
                pair = before["text"] + after["text"]
                if not _meets(before["text"], after["text"]):
                    continue
                gap = (after["x0"] - before["x1"]) / before["size"] - spread
                shown = f"p{element.page} {pair!r} {gap:.2f}"
                bucket = result.tight if gap < 0.10 else result.right if gap <= most else None
                (bucket if bucket is not None else result.wide).append(shown)
    return result


def _spread(line: list[dict]) -> float:
    """The room a justified line puts between two Japanese characters, in ems (the median, 0 for
    a line set as it is): a gap is a quarter em beyond it (generator/render/justify.py). Where a
    line has no two Japanese characters side by side (「Sphinx、N.Rocker、N.RockerII、」), the
    room before its full-width marks, which takes the same spread."""
    rooms = sorted(
        (after["x0"] - before["x1"]) / before["size"]
        for before, after in itertools.pairwise(line)
        if IS_JAPANESE.match(before["text"]) and IS_JAPANESE.match(after["text"])
    )
    if not rooms:  # under an em: wider, another element's text stands between
        rooms = sorted(
            room
            for before, after in itertools.pairwise(line)
            if after["text"] in FULL_WIDTH_MARKS
            and before["text"] not in FULL_WIDTH_MARKS
            and (room := (after["x0"] - before["x1"]) / before["size"]) < 1.0
        )
    return max(rooms[len(rooms) // 2], 0.0) if rooms else 0.0


def _meets(before: str, after: str) -> bool:
    """Whether two characters are Japanese and Latin, in either order."""
    return bool(
        (IS_JAPANESE.match(before) and LATIN.match(after))
        or (LATIN.match(before) and IS_JAPANESE.match(after))
    )


def wrapped(lines: list[list[dict]]) -> Iterator[tuple[list[dict], list[dict]]]:
    """Each pair of lines where the first was wrapped, not ended by a line break: it runs to
    within two ems of the widest line's end."""
    right = max(line[-1]["x1"] for line in lines)
    for above, below in itertools.pairwise(lines):
        if above[-1]["x1"] >= right - 2 * above[-1]["size"]:
            yield above, below


def split_numerals(found: list[Element]) -> list[str]:
    """Each numeral that ends a line while its counter starts the next. A drawing (Figure) places
    each label on its own, so one label's number and the next label's side mark are no line
    broken between them; a signed number is a modifier, which takes no counter (「…場合、+1」
    ends a list's item, and the next sentence starts below it)."""
    split = []
    for element in found:
        if element.type == "Figure":
            continue
        for above, below in wrapped(element.lines()):
            if counted_number_ends(_tail(above)) and IS_JAPANESE.match(below[0]["text"]):
                split.append(f"p{element.page} {_tail(above)}|{_head(below)}")
    return split


def counted_number_ends(text: str) -> bool:
    """Whether `text` ends in a numeral that may take a counter: not a signed modifier (+1, −2)."""
    return bool(re.search(r"(?<![+\-−±\d])\d+$", text))


def runts(found: list[Element]) -> list[str]:
    """Each Japanese paragraph whose last line holds one or two characters but for punctuation and
    marks (「ない。 ◇」 and 「登場。」 are runts; a paragraph that may run on to the next page, its
    last line at the foot of the page, is not counted)."""
    lowest: dict[int, float] = {}
    for element in found:
        for char in element.chars:
            lowest[element.page] = max(lowest.get(element.page, 0.0), char["top"])
    found_runts = []
    for element in found:
        lines = element.lines()
        if element.type not in RUNNING_TYPES or len(lines) < 2:
            continue
        last = lines[-1]
        japanese = IS_JAPANESE.search("".join(char["text"] for char in last))
        at_foot = last[0]["top"] >= lowest[element.page] - 1
        counted = [char for char in last if char["text"] not in NOT_COUNTED]
        if japanese and len(counted) <= 2 and not at_foot:
            found_runts.append(f"p{element.page} …{_tail(lines[-2])}|{_head(last)}")
    return found_runts


def broken_phrases(
    found: list[Element], words: tuple[str, ...] = (), *, card: bool = False
) -> list[str]:
    """Each heading, or table cell of a short text, broken inside a phrase that its widest line
    could hold; on a card (a player-aid card, a scenario card, a record sheet), every label's
    line and every other line of a text of at most SHORT_CHARACTERS characters but a paragraph's
    (a briefing, and a cell's or an item's sentence, are running text)."""
    from generator.render.typeset.phrases import words_pattern

    pattern = words_pattern(words)
    broken = []
    for element in found:
        short = element.type in CELLS and len(element.text) <= SHORT_CHARACTERS
        sentence = element.type != "TH" and len(element.text) > SHORT_CHARACTERS
        line_of_card = card and element.type != "P" and not sentence
        if element.type not in HEADINGS and not short and not line_of_card:
            continue
        lines = element.lines()
        widest = max(line[-1]["x1"] - line[0]["x0"] for line in lines)
        text, ends, offset = element.text, {}, 0
        for line in lines:
            offset += len(line)
            ends[id(line)] = offset
        for above, below in wrapped(lines):
            offset = ends[id(above)]
            if not (IS_JAPANESE.match(above[-1]["text"]) and IS_JAPANESE.match(below[0]["text"])):
                continue
            phrase = _phrase_at(text, offset, pattern)
            if phrase is not None and text_ems(phrase) * below[0]["size"] <= widest:
                broken.append(f"p{element.page} {_tail(above)}|{_head(below)} ({phrase})")
    return broken


def _phrase_at(text: str, offset: int, pattern: re.Pattern[str] | None) -> str | None:
    """The phrase a break at `offset` falls inside, or None at a phrase boundary."""
    start = max(text.rfind(" ", 0, offset), 0)
    end = text.find(" ", offset)
    end = len(text) if end < 0 else end
    stretch = text[start:end].strip()
    shift = offset - text.index(stretch, start)
    bounds = [0, *phrase_bounds(stretch, pattern), len(stretch)]
    if shift in bounds:
        return None
    first = max(bound for bound in bounds if bound < shift)
    last = min(bound for bound in bounds if bound > shift)
    return stretch[first:last]


def _tail(line: list[dict]) -> str:
    return "".join(char["text"] for char in line[-4:])


def _head(line: list[dict]) -> str:
    return "".join(char["text"] for char in line[:4])


_GAP_SPACES = re.compile(f"(?<=[{JAPANESE}]) +| +(?=[{JAPANESE}])")


def unspaced(text: str) -> str:
    """Extracted text without the spaces a PDF reader may show for the gaps beside Japanese
    (pypdf writes 「2023 年 11 月」 for a page that draws 2023年11月 with quarter-em gaps)."""
    return _GAP_SPACES.sub("", text)


LOOSEST_EMS = 0.25  # JLREQ's quarter em: the most a justified line spreads its characters


def loose_lines(found: list[Element], most: float = LOOSEST_EMS) -> list[str]:
    """Each line of Japanese running text, but a paragraph's last, that justification spreads
    more than `most` ems between its characters, to a hundredth of an em (the median room
    between two Japanese ones): a line before a word kept whole or glued to its neighbours
    (「…携行している。」 before 「GustavとKonradが」, issue 44)."""
    loose = []
    for element in found:
        if element.type not in RUNNING_TYPES:
            continue
        for line in element.lines()[:-1]:
            spread = round(_spread(line), 2)
            if spread > most:
                loose.append(f"p{element.page} {spread:.2f} {_tail(line)}|")
    return loose


SHORT_LINE_EMS = 1.2  # a wrapped line of justified text ends no shorter than this


def short_lines(found: list[Element]) -> list[str]:
    """Each line of running text, but a paragraph's last, that ends more than SHORT_LINE_EMS
    short of the paragraph's right edge (its longest line): ragged, not justified."""
    short = []
    for element in found:
        lines = element.lines()
        if element.type not in RUNNING_TYPES or len(lines) < 3:
            continue
        right = max(line[-1]["x1"] for line in lines)
        for line in lines[:-1]:
            size = line[-1]["size"]
            if line[-1]["x1"] < right - SHORT_LINE_EMS * size and line[0]["x0"] < right - 20 * size:
                short.append(f"p{element.page} {_tail(line)}|")
    return short


def latin_splits(path: Path) -> list[str]:
    """Each product name broken across two lines of a PDF's English text (「(S.F.」/「3.D」)."""
    return [s for page in read_pdf(path).pages for s in _page_splits(page, page.number, False)]


def _page_splits(page: Any, number: int, japanese: bool = True) -> list[str]:
    """Each Latin word, product name or rule reference broken across two lines of Japanese text
    on one page (「S.F.」/「3.D II」, 「[9.3.2] (p.」/「12)」), and each 第 parted from its numeral
    (「第」/「一ターン」): read in the order the text is drawn, as a link's page number is drawn
    outside the link's element; not `japanese`, the same in any text."""
    split = []
    chars = [char for char in page.chars if char["text"].strip()]
    ended = _ended_lines(page, chars)
    for index, (before, after) in enumerate(itertools.pairwise(chars), 1):
        if not _new_line(before, after) or after["top"] < before["top"] or id(before) in ended:
            continue
        tail = "".join(char["text"] for char in chars[max(index - 8, 0) : index])
        head = "".join(char["text"] for char in chars[index : index + 6])
        if (IS_JAPANESE.search(tail + head) or not japanese) and split_between(tail, head):
            split.append(f"p{number} {tail}|{head}")
    return split


def _ended_lines(page: Any, chars: list[dict]) -> set[int]:
    """The characters (by id) that end a line of their element more than two ems short of its
    widest line: a line ended there (a paragraph's last, a line break), not one wrapped (「…
    not -2.」 then the Japanese 「1 から 4…」 of a bilingual card's cell is no split 「2.|1」)."""
    owner: dict[int, Element] = {}
    for node in page.structure_tree:
        _claim(node, owner, 0)
    right: dict[int, float] = {}
    for char in chars:
        element = owner.get(char.get("mcid"))
        if element is not None:
            right[id(element)] = max(right.get(id(element), 0.0), char["x1"])
    ended = set()
    for before, after in itertools.pairwise(chars):
        element = owner.get(before.get("mcid"))
        short = element is not None and before["x1"] < right[id(element)] - 2 * before["size"]
        if short and _new_line(before, after):
            ended.add(id(before))
    return ended


def split_between(tail: str, head: str) -> bool:
    """Whether a line ending in `tail` and the next starting with `head` part a word."""
    latin = LATIN_WORD_END.search(tail) and re.match(r"[0-9)\]]", head)  # not an id: fpcf.|hof
    if tail.endswith(".") and JAPANESE_AFTER_NUMBER.match(head):
        latin = None  # an English sentence ended; the Japanese one starts: 「not -2.」/「1 から」
    roman = LATIN.match(tail[-1]) and LATIN_WORD_START.match(head)
    dai = tail.endswith("第") and NUMERAL_START.match(head)
    return bool(latin or roman or dai)


REFERENCE_MARKS = "†‡"  # set an em wide by the Japanese font, with room on each side


def spaced_marks(found: list[Element]) -> list[str]:
    """Each full-width mark followed on its line by a space (「勝利する。 HQ」): more room after it
    than the line's spread between characters and a tenth of an em; and each one set full width
    before a reference mark (「。†」 read 「。 †」, mak.rules [11.2.2], issue 44)."""
    spaced = []
    for element in found:
        for line in element.lines():
            spread = _spread(line)
            for before, after in itertools.pairwise(line):
                if before["text"] not in FULL_WIDTH_MARKS:
                    continue
                advance = (after["x0"] - before["x0"]) / before["size"] - spread
                if after["text"] in REFERENCE_MARKS and advance > 0.75:
                    spaced.append(f"p{element.page} {before['text']}{after['text']} full width")
                    continue
                if before.get("non_stroking_color") != after.get("non_stroking_color"):
                    continue  # a badge or a coloured key: a box of its own, with its own margin
                room = (after["x0"] - before["x1"]) / before["size"] - spread
                if 0.1 < room < 1.0:  # wider: another element's text stands between
                    spaced.append(f"p{element.page} {before['text']}{after['text']} {room:.2f}")
    return spaced


RAGGED_EMS = 1.5  # a running-text cell's line, but its last, ends no shorter than this
CJK_TEXT = re.compile(f"[{JAPANESE}{FULL_WIDTH_MARKS}「『（〔【]")


def ragged_cells(path: Path) -> list[str]:
    """Each line of a table cell's Japanese running text (more than SHORT_CHARACTERS characters
    in Japanese), but its last, that ends more than RAGGED_EMS short of the cell's right edge
    (its ruled box less the padding its text keeps on the left): broken between phrases and left
    ragged, 「煙を」/「発生させる弾を」 on the errata card (issue 44)."""
    return [
        f"p{number} {line}|"
        for number, japanese, boxes in running_cells(path)
        for line in _ragged(japanese, boxes)
    ]


CELL_LOOSEST_EMS = 0.1  # a card's cell of running text: its lines justified with little room


def loose_cells(path: Path, most: float = CELL_LOOSEST_EMS) -> list[str]:
    """Each line of a table cell's Japanese running text, but its last, that justification spreads
    more than `most` ems between its characters (the median room between two Japanese ones): the
    ja unit-errata card's 14-em cells spread 「誤って印刷されている場合」 0.24 em (issue 44)."""
    loose = []
    for number, japanese, _ in running_cells(path):
        for line in _drawn_lines(japanese)[:-1]:
            spread = round(_spread(line), 2)
            if spread > most:
                loose.append(f"p{number} {spread:.2f} {_tail(line)}|")
    return loose


def running_cells(path: Path) -> Iterator[tuple[int, list[dict], list[tuple[float, ...]]]]:
    """Each table cell of a PDF that holds Japanese running text (more than SHORT_CHARACTERS
    characters in Japanese): its page (from 1), its Japanese characters in the order drawn, and
    the ruled boxes of its page's tables."""
    pdf = read_pdf(path)
    for page in pdf.pages:
        cells: list[list[dict]] = []
        languages: dict[int, str] = {}
        for node in page.structure_tree:
            _cell_languages(node, pdf.lang, None, cells, languages)
        if not cells:
            continue
        shown = [char for char in page.chars if char["text"].strip()]
        for mcids in cells:
            ids = {mcid for mcid in mcids if languages[mcid].startswith("ja")}
            japanese = [char for char in shown if char.get("mcid") in ids]
            if len(japanese) > SHORT_CHARACTERS:
                yield page.number, japanese, page.cells


def _cell_languages(
    node: dict, lang: str, cell: list | None, cells: list[list], languages: dict[int, str]
) -> None:
    """Collect each table cell's marked-content ids (in `cells`), and each one's language."""
    lang = node.get("lang") or lang
    if node.get("type") == "TD":
        cell = []
        cells.append(cell)
    for mcid in node.get("mcids") or ():
        languages[mcid] = lang
        if cell is not None:
            cell.append(mcid)
    for child in node.get("children", ()):
        _cell_languages(child, lang, cell, cells, languages)


def _ragged(chars: list[dict], boxes: list[tuple[float, ...]]) -> list[str]:
    """The lines of one cell's Japanese text, but its last, that end short of the cell's edge."""
    lines = _drawn_lines(chars)
    left = min(char["x0"] for char in chars)
    middle = (chars[0]["top"] + chars[0]["bottom"]) / 2
    holding = [box for box in boxes if box[0] <= left + 1 <= box[2] and box[1] <= middle <= box[3]]
    if holding:
        box = min(holding, key=lambda box: (box[2] - box[0]) * (box[3] - box[1]))
        right = box[2] - (left - box[0])  # the padding on the right as on the left
    else:
        right = max(line[-1]["x1"] for line in lines)
    return [
        _tail(line)
        for line, below in itertools.pairwise(lines)
        if line[-1]["x1"] < right - RAGGED_EMS * line[-1]["size"]
        and line[-1]["x1"] + _first_word(below) <= right
    ]


def _drawn_lines(chars: list[dict]) -> list[list[dict]]:
    """Characters in the order drawn, split where a line ends."""
    lines: list[list[dict]] = []
    for char in chars:
        if lines and not _new_line(lines[-1][-1], char):
            lines[-1].append(char)
        else:
            lines.append([char])
    return lines


def _first_word(line: list[dict]) -> float:
    """The room the Latin word that starts a line would take at the end of the line above, with
    its quarter-em gap (0 if it starts with Japanese): a line before a word it could not hold
    (「Sphinx、N.Rocker、N.RockerII、」 before 「F-boot の」) is left as set when spreading it
    would take more than JLREQ allows."""
    word = list(itertools.takewhile(lambda char: not CJK_TEXT.match(char["text"]), line))
    if not word:
        return 0.0
    return word[-1]["x1"] - word[0]["x0"] + 0.25 * word[0]["size"]


HEAD_ZONE = 18 * 72 / 25.4  # points: a booklet's top margin, where its running heads stand


def running_head_meetings(path: Path) -> Meetings:
    """Every meeting of Japanese and Latin text in a PDF's running heads (the text drawn in the
    top margin: CSS strings, which typesetting cannot span)."""
    result = Meetings()
    for page in read_pdf(path).pages:
        heads = [char for char in page.chars if char["bottom"] < HEAD_ZONE and char["text"].strip()]
        for before, after in itertools.pairwise(heads):
            gap = (after["x0"] - before["x1"]) / before["size"]
            if _new_line(before, after) or gap > 1 or not _meets(before["text"], after["text"]):
                continue  # a line below, or the head on the other side of the page
            shown = f"p{page.number} {before['text']}{after['text']} {gap:.2f}"
            bucket = result.tight if gap < 0.10 else result.right if gap <= 0.30 else None
            (bucket if bucket is not None else result.wide).append(shown)
    return result
