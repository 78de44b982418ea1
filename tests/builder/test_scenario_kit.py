"""Print-and-play kits that survive a duplex printer (issues 18 and 30): every sample's kit in every
edition read back with pypdf: a sheet shared only by one player's pages (or both players' pages),
cards backed only by cards or a blank, at most a quarter of the pages blank,
each player's record sheets in the card's side order, a minefield sheet exactly where a side has
mines, a first page that says how to print, page labels naming the parts, the card's rules in use
linking to their full texts; and --simplex without a blank page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from generator.content.load import DEFAULT_CONTENT

SAMPLES = sorted((DEFAULT_CONTENT / "scenarios").glob("*/*.yaml"))
SAMPLE_IDS = [f"{path.parent.name}.{path.stem}" for path in SAMPLES]
BLANK = {"en": "This page is intentionally blank.", "ja": "白紙"}
SIDES = {"strahl": ("Strahl Troops", "シュトラール軍"), "mercenary": ("Mercenary Troops", "傭兵軍")}


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    """Every sample's kit, in every edition, on A4, printed on both sides."""
    from generator.cli import main

    out = tmp_path_factory.mktemp("kits")
    assert main(["build", *map(str, SAMPLES), "--kit", "--out", str(out)]) == 0
    return out


def _kit(out: Path, sample: str, lang: str) -> PdfReader:
    return PdfReader(out / sample.split(".")[0] / lang / f"{sample}.kit.a4.pdf")


def _parts(reader: PdfReader) -> list[tuple[str, int]]:
    """Each top-level bookmark and the page (from 1) it opens."""
    top = [item for item in reader.outline if not isinstance(item, list)]
    return [(item.title, reader.get_destination_page_number(item) + 1) for item in top]


def _blank(text: str) -> bool:
    """A page that prints the blank mark and nothing else (the ja first page's 「…別のカードか白紙
    になる。」 mentions the word, and is no blank)."""
    marks = "|".join(re.escape(mark) for mark in BLANK.values())
    return bool(re.fullmatch(rf"\s*(?:{marks})(?:\s*/\s*(?:{marks}))?\s*", text))


CUT = ("Player aid", "プレイヤーエイド")
SIDE_NAMES = {name for names in SIDES.values() for name in names}


def _owner(label: str) -> str:
    """Whose a kit page is, from its page label: a side's, cards to cut, or both players'."""
    if label.startswith(CUT):
        return "cut"
    side = label.split(": ")[0].split(" / ")[0]
    return side if side in SIDE_NAMES else "both"


@pytest.mark.parametrize("lang", ["en", "ja", "both"])
@pytest.mark.parametrize("sample", SAMPLE_IDS)
def test_only_one_players_pages_share_a_sheet_and_cards_back_only_cards(kits, sample, lang):
    reader = _kit(kits, sample, lang)
    texts = [page.extract_text() for page in reader.pages]
    labels = reader.page_labels
    assert len(texts) % 2 == 0  # the kit ends on a back page
    for front in range(0, len(texts), 2):
        pair = [n for n in (front, front + 1) if not _blank(texts[n])]
        owners = {_owner(labels[n]) for n in pair}
        assert len(owners) <= 1, (front + 1, [labels[n] for n in pair])
    parts = _parts(reader)
    assert parts[0][1] == 1
    cover = labels[0].rsplit(" ", 1)[0]
    assert all(_blank(texts[n]) for n in range(1, len(labels)) if labels[n].startswith(cover))
    for title, page in parts:
        if title.startswith(("Scenario card", "シナリオカード")) and lang == "both":
            assert (page % 2 == 1) == (title == "Scenario card"), (title, page)  # en, then ja
        if title.startswith(CUT):
            assert page % 2 == 1, (title, page)  # a sheet of cards starts on a front


@pytest.mark.parametrize("lang", ["en", "ja", "both"])
@pytest.mark.parametrize("sample", SAMPLE_IDS)
def test_at_most_a_quarter_of_a_kits_pages_are_blank(kits, sample, lang):
    reader = _kit(kits, sample, lang)
    blank = sum(_blank(page.extract_text()) for page in reader.pages)
    assert blank / len(reader.pages) <= 0.25, (blank, len(reader.pages))


@pytest.mark.parametrize("lang", ["en", "ja", "both"])
@pytest.mark.parametrize("sample", SAMPLE_IDS)
def test_the_first_page_says_how_to_print_and_each_part_where_it_is(kits, sample, lang):
    reader = _kit(kits, sample, lang)
    first = " ".join(reader.pages[0].extract_text().split())
    if lang != "ja":
        assert "How to print this kit" in first
        assert "Print on both sides of the paper, flipping on the long edge." in first
        assert f"In all: {len(reader.pages)} pages, {len(reader.pages) // 2} sheets" in first
    if lang != "en":
        assert "このキットの印刷のしかた" in first and "用紙の両面に、長辺とじで印刷する。" in first
    for title, page in _parts(reader)[1:]:
        shown = title.split(": ")[-1] if lang != "both" else title.split(" / ")[0].split(": ")[-1]
        assert re.search(rf"{re.escape(shown)} {page}\b", first) or lang == "both", (title, page)


def test_an_air_commitment_card_backs_no_sheet_written_on_in_play():
    from generator.builder.kits import KitPart, lay_out, may_back

    page = ((b"", 1),)
    air = KitPart("air-commitment-card", page, side="strahl")
    for kind in ("artillery-request-sheet", "minefield-sheet"):
        written = KitPart(kind, page, side="strahl")
        assert not may_back(air, written) and not may_back(written, air)
    assert may_back(KitPart("artillery-request-sheet", page, side="strahl"), written)
    _, placed, _ = lay_out([KitPart("artillery-request-sheet", page, side="strahl"), air], True)
    assert [where.first for where in placed] == [1, 3]


@pytest.mark.parametrize("lang", ["en", "ja", "both"])
def test_rehns_counters_sheet_and_written_sheets_never_share_a_sheet(kits, lang):
    reader = _kit(kits, "mak.rehn-crossing", lang)
    labels = reader.page_labels
    texts = [page.extract_text() for page in reader.pages]
    air = ("Air Commitment Card", "航空投入カード")
    for front in range(0, len(texts), 2):
        kinds = {labels[n].rsplit(" ", 1)[0] for n in (front, front + 1) if not _blank(texts[n])}
        if any(a in kind for kind in kinds for a in air):
            assert len(kinds) == 1, (front + 1, kinds)


@pytest.mark.parametrize(
    ("sample", "pages"),
    [
        ("mak.depot-raid", "Strahl Troops page 17; Mercenary Troops page 19"),
        ("mak.rehn-crossing", "Strahl Troops pages 15, 17; Mercenary Troops pages 19, 21"),
    ],
)
def test_the_first_page_says_which_sheets_to_keep_and_a_players_page_or_pages(kits, sample, pages):
    first = " ".join(_kit(kits, sample, "en").pages[0].extract_text().split())
    assert "Keep all the other sheets whole." in first and "every other" not in first
    assert f"Each player keeps their own record sheets: {pages}" in first
    assert "From the game box" in first and "Artillery Deviation Chart" in first
    assert "(charts this kit does not include)" in first and "playaid does not" not in first


@pytest.mark.parametrize(
    ("sample", "pages"),
    [
        ("mak.depot-raid", "シュトラール軍は17ページ、傭兵軍は19ページ"),
        ("mak.rehn-crossing", "シュトラール軍は15、17ページ、傭兵軍は19、21ページ"),
    ],
)
def test_the_japanese_first_page_gives_a_players_pages_in_japanese_order(kits, sample, pages):
    # 「シュトラール軍は15ページ」, not the English order 「シュトラール軍 ページ 15」, and the charts
    # the kit leaves to the game box without the software's name (read5 1.3, §2).
    first = "".join(_kit(kits, sample, "ja").pages[0].extract_text().split())
    assert pages in first, first
    assert "(このキットには収録していない表)" in first and "playaidでは" not in first
    assert "使用するルール(条文)" in first and "全文" not in first


@pytest.mark.parametrize("sample", SAMPLE_IDS)
def test_each_players_sheets_come_in_side_order_and_mines_only_where_a_side_has_them(kits, sample):
    data = yaml.safe_load(next(p for p in SAMPLES if p.stem == sample.split(".")[1]).read_text())
    reader = _kit(kits, sample, "en")
    order = [SIDES["strahl"][0], SIDES["mercenary"][0]]
    sheets = [title for title, _ in _parts(reader) if title.split(": ")[0] in order]
    sides = [title.split(": ")[0] for title in sheets]
    assert sides == sorted(sides, key=order.index)
    for side, (english, _) in SIDES.items():
        forces = (data.get("forces") or {}).get(side) or {}
        has_mines = bool(forces.get("land_mines"))
        assert (f"{english}: Minefield Record Sheet" in sheets) == has_mines
        assert (f"{english}: Artillery Request Record Sheet" in sheets) == bool(
            forces.get("artillery")
        )


def test_a_minefield_sheet_records_the_budget_the_fixed_fields_and_their_running_total(kits):
    reader = _kit(kits, "mak.rehn-crossing", "en")
    page = dict(_parts(reader))["Mercenary Troops: Minefield Record Sheet"]
    text = " ".join(reader.pages[page - 1].extract_text().split())
    assert "Mercenary Troops · Minefield Record Sheet" in text
    assert "Keep this sheet secret from your opponent. [19.1.1]" in text
    assert "Attack value to distribute [19.1] 24" in text
    assert "1 6 0703 8 8 set up by the scenario" in text  # board, hex, attack, running total
    assert "the rulebook prints none" in text
    rows = re.findall(r"\b([234])\b", text.split("set up by the scenario")[1].split("This form")[0])
    assert rows == ["2", "3", "4"]  # 16 left: at most three more fields of 5 or more


def test_the_cards_rules_in_use_open_their_full_texts_in_the_appendix(kits):
    reader = _kit(kits, "mak.rehn-crossing", "en")
    parts = dict(_parts(reader))
    card, appendix = parts["Scenario card"] - 1, parts["Rules in use: their text"] - 1
    pages = {page.indirect_reference.idnum: n for n, page in enumerate(reader.pages)}
    targets = []
    for annotation in reader.pages[card].get("/Annots", []):
        destination = annotation.get_object().get("/Dest")
        assert not isinstance(destination, str)  # resolved, never a name another part shares
        targets.append(pages[destination[0].idnum])
    assert len(targets) >= 9  # the nine rules in use, the unit lines' references, O.G.P.
    assert all(appendix <= target < appendix + 8 for target in targets), targets
    text = " ".join(reader.pages[appendix].extract_text().split())
    assert "Rules in use: their text" in text and "Computing Operational Goal Points" in text


def test_page_labels_name_the_parts(kits):
    labels = _kit(kits, "mak.quarry-road", "ja").page_labels
    assert labels[0] == "このキットの印刷のしかた 1"
    assert "シナリオカード 1" in labels[1:3]  # behind the first page, or on the next front
    assert labels[-1].startswith("傭兵軍: 航空投入カード")


def test_the_bilingual_kit_carries_the_card_back_to_back(kits):
    reader = _kit(kits, "mak.rehn-crossing", "both")
    parts = dict(_parts(reader))
    english, japanese = parts["Scenario card"], parts["シナリオカード"]
    assert english % 2 == 1 and japanese == english + 1
    assert "The Rehn Crossing" in reader.pages[english - 1].extract_text()
    assert "レーン渡河点" in reader.pages[japanese - 1].extract_text()


def test_simplex_kits_have_no_blank_page(tmp_path):
    from generator.cli import main

    rehn = DEFAULT_CONTENT / "scenarios/mak/rehn-crossing.yaml"
    out = tmp_path / "out"
    args = ["build", str(rehn), "--kit", "--simplex", "--lang", "en", "--lang", "ja"]
    assert main([*args, "--out", str(out)]) == 0
    for lang in ("en", "ja"):
        reader = PdfReader(out / "mak" / lang / "mak.rehn-crossing.kit.a4.pdf")
        texts = [page.extract_text() for page in reader.pages]
        assert not any(_blank(text) for text in texts)
        first = " ".join(texts[0].split())
        assert ("Print on one side of the paper." in first) or ("用紙の片面に印刷する。" in first)
        assert [page for _, page in _parts(reader)][:3] == [1, 2, 3]
