"""Scenario cards print like a publisher's (issue "Print like a publisher"): nothing under 6 pt,
drawing included, and tables and running text at 7 pt or more, as measured in the PDF; the
drawing's labels clear of each other and of every mark; and the two sides told apart without
colour, on the drawing, in its key and on the turn record track."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pdfplumber
import pytest

from generator.content.load import DEFAULT_CONTENT, load_content
from generator.render.scenario.drawing import LABEL_PT

sys.path.insert(0, str(Path(__file__).parents[1]))
from card_limits import fpcf_at_limits, mak_at_limits
from scenario_views import contexts, grid_boards

SAMPLES = sorted((DEFAULT_CONTENT / "scenarios").glob("*/*.yaml"))
FLOOR, TEXT_FLOOR = 6.0, 7.0


def _limits(folder: Path) -> list[Path]:
    """The files at the size budget's limits, written into `folder`."""
    paths = []
    for name, make in (("mak-limits.yaml", mak_at_limits), ("fpcf-limits.yaml", fpcf_at_limits)):
        path = folder / name
        path.write_text(make(), encoding="utf-8")
        paths.append(path)
    return paths


@pytest.fixture(scope="module")
def cards(tmp_path_factory):
    """Every sample's card and the cards at the budget's limits, in English and Japanese."""
    from generator.cli import main

    folder = tmp_path_factory.mktemp("floor")
    sources = [*SAMPLES, *_limits(folder)]
    out = folder / "out"
    assert (
        main(["build", *map(str, sources), "--lang", "en", "--lang", "ja", "--out", str(out)]) == 0
    )
    return sorted(out.rglob("*.sheet.a4.pdf"))


def _printed(char: dict) -> float:
    """A character's size as printed."""
    return char["size"] if char["upright"] else char["width"]


def test_nothing_on_a_card_prints_under_six_points_and_only_the_drawing_under_seven(cards):
    assert len(cards) == 2 * (len(SAMPLES) + 2)
    for path in cards:
        with pdfplumber.open(path) as pdf:
            for number, page in enumerate(pdf.pages, 1):
                small = [c for c in page.chars if _printed(c) < TEXT_FLOOR - 0.01]
                tiny = [c["text"] for c in small if _printed(c) < FLOOR - 0.01]
                assert not tiny, (path.name, number, "".join(tiny))
                # Under 7 pt only the drawing's own type (its labels, badges and north arrow).
                other = {round(_printed(c), 1) for c in small} - {LABEL_PT}
                assert not other, (path.name, number, other, "".join(c["text"] for c in small))


def _drawings(content, paths):
    return {name: context["drawing"] for name, context in contexts(content, paths).items()}


def _touching(first: list[float], second: list[float]) -> bool:
    """Whether two boxes (left, top, right, bottom) overlap."""
    return (
        first[0] < second[2]
        and second[0] < first[2]
        and first[1] < second[3]
        and second[1] < first[3]
    )


def _marks(drawing: dict) -> list[tuple[str, list[float]]]:
    """Every mark of a drawing with its box: boards and maps, spots, badges, bars, north arrow."""
    marks = [("box", [b["x"], b["y"], b["x"] + b["w"], b["y"] + b["h"]]) for b in drawing["boxes"]]
    marks += [("spot", spot["bbox"]) for box in drawing["boxes"] for spot in box["spots"]]
    marks += [("badge", arrow["bbox"]) for arrow in drawing["arrows"]]
    marks += [("bar", arrow["bar_bbox"]) for arrow in drawing["arrows"] if arrow["bar"]]
    return [*marks, ("north", drawing["compass"]["bbox"])]


def _check_clear(name: str, drawing: dict) -> None:
    """No label touches another label or a mark, no badge another badge, and all is in view."""
    labels = [arrow["label_bbox"] for arrow in drawing["arrows"]]
    for index, label in enumerate(labels):
        for other in labels[index + 1 :]:
            assert not _touching(label, other), (name, label, other)
        for kind, box in _marks(drawing):
            assert not _touching(label, box), (name, label, kind, box)
    badges = [arrow["bbox"] for arrow in drawing["arrows"]] + [drawing["compass"]["bbox"]]
    for index, badge in enumerate(badges):
        for other in badges[index + 1 :]:
            assert not _touching(badge, other), (name, badge, other)
    x, y, width, height = map(float, drawing["view"].split())
    for _, box in _marks(drawing) + [("label", label) for label in labels]:
        assert x <= box[0] and y <= box[1] and box[2] <= x + width and box[3] <= y + height


def test_drawing_labels_never_touch_each_other_or_a_mark(content, tmp_path):
    drawings = _drawings(content, [*SAMPLES, *_limits(tmp_path)])
    assert len(drawings) == len(SAMPLES) + 2
    for name, drawing in drawings.items():
        _check_clear(name, drawing)
    # On mak.depot-raid's board 6 three arrows came in a hand's breadth apart; the label of the
    # truck's zone (▷0901) lay over the badge of turn 2.
    depot = drawings["mak.depot-raid"]
    assert [a["label"].en for a in depot["arrows"] if a["edge"] == "N"] == ["M", "M ▷0901", "M"]


def test_labels_stay_clear_where_the_grid_places_every_spot(tmp_path):
    overlay = grid_boards(tmp_path / "boards", (1, 2, 3, 4, 5, 6, 7))
    content = load_content(overlays=[overlay])
    drawings = _drawings(content, [p for p in SAMPLES if p.parent.name == "mak"])
    for name, drawing in drawings.items():
        assert any(box["spots"] for box in drawing["boxes"]) or name == "mak.falke-screen"
        _check_clear(name, drawing)
        assert all(
            spot["size"] >= 6.5 * 25.4 / 72 - 0.01 for b in drawing["boxes"] for spot in b["spots"]
        )


def _card_html(content, path: Path, edition: str) -> str:
    """A sample's card as HTML, in one edition."""
    from generator.render.environment import make_environment

    (context,) = contexts(content, [path]).values()
    system = next(s for s in content.sources.systems if s.id == context["scenario"].system)
    seed = next(s for s in content.sources.seeds if s.id == system.seed)
    return (
        make_environment(edition)
        .get_template("scenario-sheet.html")
        .render(
            **context,
            system=system,
            seed=seed,
            version="0",
            revision="r",
            created=None,
            bleed=0,
            layout="columns",
            page_size="A4",
            fonts={"regular": "", "bold": "", "form": ""},
        )
    )


@pytest.mark.parametrize(
    ("sample", "first", "second"),
    [
        ("mak/rehn-crossing.yaml", ("strahl", "S", "シ"), ("mercenary", "M", "傭")),
        ("mak/falke-screen.yaml", ("strahl", "S", "シ"), ("mercenary", "M", "傭")),
    ],
)
def test_the_sides_differ_in_shape_and_mark_not_only_in_colour(content, sample, first, second):
    marks = {}
    for edition in ("en", "ja"):
        html = _card_html(content, DEFAULT_CONTENT / "scenarios" / sample, edition)
        svg = html[html.index("<svg") : html.index("</svg>")]
        for side, *shown in (first, second):
            # Each arrow's badge: a round one for the first side, a square one for the other.
            shape = "circle" if side == first[0] else "rect"
            badges = re.findall(rf'<(\w+) class="badge[^"]*side-{side}"', svg)
            assert badges and set(badges) == {shape}, (side, badges)
            # Each arrow's label starts with the side's mark, in the edition's language.
            labels = re.findall(rf'class="mark side-{side}"[^>]*>([^<]*)<', svg)
            mark = shown[edition == "ja"]
            assert labels and all(label.split(" ")[0] == mark for label in labels), labels
            marks[(edition, side)] = mark
        # The key says which mark is which side, in the edition's language.
        key = re.sub(r"<[^>]+>", "", html[html.index('<p class="legend">') :])
        key = key[: key.index("\n")]
        names = {"en": ("Strahl Troops", "Mercenary Troops"), "ja": ("シュトラール軍", "傭兵軍")}
        equals = {"en": " = ", "ja": "="}[edition]
        for (side, *_), name in zip((first, second), names[edition], strict=True):
            assert f"{marks[(edition, side)]}{equals}{name}" in key, key
        # The track's arrivals hang on their side's mark, keyed in its Arrivals header.
        assert re.search(r'class="arrival apart side-key side-strahl"', html)
        assert re.search(r'<span class="arrival apart side-mercenary">', html)


def test_the_side_headings_and_tints_differ_by_pattern_not_only_colour():
    css = (DEFAULT_CONTENT.parent / "templates/styles/scenario.css").read_text(encoding="utf-8")
    second = re.search(r"section\.side-mercenary h2\.side-head[^{]*\{([^}]*)\}", css).group(1)
    first = re.search(r"section\.side-strahl h2\.side-head[^{]*\{([^}]*)\}", css).group(1)
    assert "repeating-linear-gradient" in second and "repeating-linear-gradient" not in first
    assert "color: #a33a2c" in second  # outlined: the side's colour on white, not white on it
    svg = (DEFAULT_CONTENT.parent / "templates/scenario-card.html").read_text(encoding="utf-8")
    assert "region.hatch" in svg  # the open side's tint is hatched
