"""Print like a publisher (issue 30): type legible as printed, cards at actual size in a kit, a
safe area on every card, and a reduced sheet that says so. Sizes are read from the PDFs' content
streams after every matrix (tests/print_floor.py), over a full build of every edition."""

from __future__ import annotations

import math
import re
from collections import defaultdict
from pathlib import Path

import pytest
from cell_boxes import boxes_outside_cells, glyphs_outside_cells, indented_row_labels
from print_floor import runs
from pypdf import PdfReader

from generator.cli import main
from generator.render.sheet_plan import A5, MM, reduction

FLOOR = 6.0  # nothing inside the trim under this (drawings and footers included)
CELL_FLOOR = 7.0  # table cells and running text
PLAYER_KINDS = ("player-aid", "scenario-sheet", "record-sheet", "scenario-kit", "rule-booklet")
SAFE = 5 * MM  # a card's content keeps this far inside its edge


@pytest.fixture(scope="module")
def measured(full_build) -> dict[str, list]:
    """Every run of text of every player-facing PDF of the full build, by path."""
    out, entries = full_build
    return {e["path"]: list(runs(out / e["path"])) for e in entries if e["kind"] in PLAYER_KINDS}


def _worst(found: dict[str, list], floor: float, cells_only: bool) -> dict[str, list]:
    """The runs under `floor`, a few a document, by path."""
    under = defaultdict(list)
    for path, items in found.items():
        for run in items:
            if run.size < floor - 0.01 and (run.cell or not cells_only):
                under[path].append((run.page, run.size, run.text[:30]))
    return {path: sorted(items, key=lambda item: item[1])[:4] for path, items in under.items()}


def test_nothing_prints_under_six_points(measured):
    assert len(measured) > 100
    assert not _worst(measured, FLOOR, cells_only=False)


def test_no_table_cell_prints_under_seven_points(measured):
    assert sum(run.cell for items in measured.values() for run in items) > 5000
    assert not _worst(measured, CELL_FLOOR, cells_only=True)


def test_every_cards_text_keeps_five_millimetres_inside_its_edges(full_build, measured):
    out, entries = full_build
    cards = [e["path"] for e in entries if e["kind"] == "player-aid" and e["paper"] == "a5"]
    assert len(cards) > 50
    outside = {}
    for path in cards:
        box = PdfReader(out / path).pages[0].mediabox
        width, height = float(box.width), float(box.height)
        for run in measured[path]:
            if not (SAFE <= run.x <= width - SAFE and SAFE <= run.y <= height - SAFE - run.size):
                outside.setdefault(path, (run.text[:20], round(run.x / MM), round(run.y / MM)))
    assert not outside


def _placements(pdf: Path) -> list[tuple[float, list[tuple[float, ...]]]]:
    """Each sheet's card matrices (the `cm` before each card form is drawn), by page width."""
    sheets = []
    for page in PdfReader(pdf).pages:
        data = page.get_contents().get_data().decode("latin-1")
        matrices = [
            tuple(float(v) for v in line.split(" cm ")[0].split()[1:])
            for line in data.splitlines()
            if line.startswith("q ") and " Do Q" in line
        ]
        sheets.append((float(page.mediabox.width), matrices))
    return sheets


def _scale(matrix: tuple[float, ...]) -> float:
    return math.hypot(matrix[0], matrix[1])


@pytest.fixture(scope="module")
def imposed(tmp_path_factory) -> Path:
    """Rehn Crossing's kit in English on A4, in English and both languages on Letter (whose
    first page, the shortest paper's with both languages, is the fullest), and its cards 4-up."""
    out = tmp_path_factory.mktemp("imposed")
    sample = "mak.rehn-crossing"
    for paper, editions in (
        ("a4", ["--lang", "en"]),
        ("letter", ["--lang", "en", "--lang", "both"]),
    ):
        argv = ["build", sample, "--kit", *editions, "--paper", paper, "--no-site"]
        assert main([*argv, "--out", str(out / paper)]) == 0
    argv = [
        "build",
        "mak",
        "--lang",
        "en",
        "--layout",
        "4up",
        "--no-site",
        "--out",
        str(out / "4up"),
    ]
    assert main(argv) == 0
    return out


def test_the_bilingual_letter_kit_says_how_to_print_it_on_one_first_page(imposed):
    """Both languages whole on the first page, which the kit's page numbers count as one (the
    Letter bilingual kit of Rehn Crossing ran to two, and the build refused it)."""
    reader = PdfReader(imposed / "letter/mak/both/mak.rehn-crossing.kit.letter.pdf")
    first = re.sub(r"\s+", "", reader.pages[0].extract_text())
    assert "Howtoprintthiskit" in first and "このキットの印刷のしかた" in first
    assert "地雷原記録用紙は相手に見せない。" in first  # the Japanese half's last line
    assert "このキットの印刷のしかた" not in reader.pages[1].extract_text()


def test_an_a4_kit_places_two_cards_a_sheet_at_actual_size_cut_once_down_the_centre(imposed):
    sheets = [s for s in _placements(imposed / "a4/mak/en/mak.rehn-crossing.kit.a4.pdf") if s[1]]
    assert sheets and all(len(matrices) <= 2 for _, matrices in sheets)
    assert max(len(matrices) for _, matrices in sheets) == 2
    for width, matrices in sheets:
        assert width == pytest.approx(297 * MM)
        assert all(_scale(matrix) == pytest.approx(1.0) for matrix in matrices)


def test_a_letter_kit_places_one_card_a_page_at_actual_size(imposed):
    sheets = [s for s in _placements(imposed / "letter/mak/en/mak.rehn-crossing.kit.letter.pdf")]
    cards = [matrices for _, matrices in sheets if matrices]
    assert cards and all(len(matrices) == 1 for matrices in cards)
    assert all(_scale(matrices[0]) == pytest.approx(1.0) for matrices in cards)


def test_a_4up_sheet_reduces_its_cards_and_says_so_on_the_sheet(imposed):
    pdf = imposed / "4up/mak/en/mak.cards.4up.a4.pdf"
    percent = round(reduction("4up", "a4") * 100)
    assert 60 <= percent < 100
    for page, (_, matrices) in zip(PdfReader(pdf).pages, _placements(pdf), strict=True):
        assert all(_scale(matrix) == pytest.approx(percent / 100, abs=0.01) for matrix in matrices)
        text = " ".join(page.extract_text().split())
        assert f"Cards reduced to {percent} % to fit four on a sheet" in text


def test_a_card_cut_from_an_a4_kit_measures_a5_and_the_two_meet_at_the_centre(imposed):
    card_w, card_h = A5
    pdf = imposed / "a4/mak/en/mak.rehn-crossing.kit.a4.pdf"
    for width, matrices in _placements(pdf):
        if len(matrices) != 2:
            continue
        turned = [abs(matrix[1]) > 0.5 for matrix in matrices]
        lefts = sorted(m[4] - (card_w if t else 0) for m, t in zip(matrices, turned, strict=True))
        assert lefts[0] + card_w == pytest.approx(width / 2, abs=0.5)  # one cut, down the centre
        assert lefts[1] == pytest.approx(width / 2, abs=0.5)
        assert lefts[0] >= 0 and lefts[1] + card_w <= width
        assert all(m[5] == pytest.approx(0, abs=0.5) for m in matrices)  # the sheet's full height
    assert card_h == pytest.approx(210 * MM)


def test_the_how_to_print_page_gives_each_parts_orientation_and_what_backs_it(imposed):
    first = PdfReader(imposed / "a4/mak/en/mak.rehn-crossing.kit.a4.pdf").pages[0]
    text = " ".join(first.extract_text().split())
    assert "Orientation" in text and "Shares its sheets with" in text
    assert "Player aid 7–11 landscape" in text or "landscape" in text
    assert "portrait" in text
    assert "Cut each sheet of player-aid cards once down the centre" in text
    assert "A4, portrait" not in text
    letter = PdfReader(imposed / "letter/mak/en/mak.rehn-crossing.kit.letter.pdf").pages[0]
    assert "Cut out each player-aid card along its crop marks" in letter.extract_text()


def _id_pattern(identifier: str) -> re.Pattern[str]:
    """An id as it may print: whole, or broken only after one of its dots."""
    return re.compile(r"\.\n?".join(re.escape(part) for part in identifier.split(".")))


def test_a_cards_id_breaks_only_after_a_dot(full_build):
    out, entries = full_build
    cards = [e for e in entries if e["kind"] == "player-aid" and e["paper"] == "a5"]
    broken = {}
    for entry in cards:
        table_id = re.sub(r"\.card(\.\d+)?$", "", entry["id"])
        text = PdfReader(out / entry["path"]).pages[0].extract_text()
        if not _id_pattern(table_id).search(text):
            broken[entry["path"]] = table_id
    assert len(cards) > 50 and not broken


def test_a_column_of_sentences_is_set_flush_left(full_build, measured):
    out, _ = full_build
    found = measured["mak/en/mak.unit-errata.card.a5.pdf"]
    width = float(PdfReader(out / "mak/en/mak.unit-errata.card.a5.pdf").pages[0].mediabox.width)
    lines: dict[float, float] = {}  # each line's baseline, and where its first run starts
    for run in sorted((run for run in found if run.tag == "TD"), key=lambda run: -run.y):
        line = next((y for y in lines if abs(y - run.y) < 5), run.y)  # a mark rides its line
        lines[line] = min(run.x, lines.get(line, width))
    assert len(lines) > 10
    starts = sorted(lines.values())
    assert starts[-1] - starts[0] < 1.0, starts  # every line of the column starts at its edge


def test_no_glyph_of_a_table_cell_lies_outside_its_cell(full_build, imposed):
    """Every document of the full build (A4, every edition) and the Letter kit: a name too long
    for its cell breaks inside it (issue 44: 第39親衛機械化ライフル師団 ran into the next turn;
    Sph69-p兵員輸送車 and Hornisse ×2 ②N▷1001 out of a turn's cell of Quarry Road and Falke
    Screen)."""
    out, entries = full_build
    paths = [out / entry["path"] for entry in entries]
    paths.append(imposed / "letter/mak/en/mak.rehn-crossing.kit.letter.pdf")
    paths.append(imposed / "letter/mak/both/mak.rehn-crossing.kit.letter.pdf")
    outside = {path.name: found[:4] for path in paths if (found := glyphs_outside_cells(path))}
    assert not outside


def test_a_row_label_starts_at_its_cells_padding(full_build):
    """The ja unit-errata card's labels began 0.8 mm in: the margin that parts a bilingual
    label's Japanese from its English stood before the Japanese alone (issue 44)."""
    out, entries = full_build
    cards = [out / e["path"] for e in entries if e["kind"] == "player-aid"]
    assert len(cards) > 50
    assert not {path.name: found[:3] for path in cards if (found := indented_row_labels(path))}


def test_no_form_field_crosses_its_cell_or_another_field(full_build):
    """The request types a–e of the Artillery Request Record Sheet: the box of e ran into the
    next column's field (issue 44)."""
    out, entries = full_build
    forms = [out / e["path"] for e in entries if ".form." in e["path"]]
    assert len(forms) >= 3
    found = {path.name: found for path in forms if (found := boxes_outside_cells(path)[:4])}
    assert not found
