"""Drafts that print correctly and never replace a finished edition (issue 45, §3): a pending
title, heading, label and body text print marked in a booklet, a card, a record sheet, a
scenario sheet and a scenario's kit (its first page, card, record sheets, bookmarks and page
labels), as plain words where markup cannot go (attributes, bookmarks, the PDF's title); a
draft has a file name and a manifest mark of its own, and warns once. Without --draft a pending
text keeps back only what prints it, and the refusal says how to go on."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import completed_in_process
from pypdf import PdfReader

from generator.builder import scenario_plan
from generator.core.places import DEFAULT_CONTENT

# Each text made stale: its English changed, its Japanese left as it was.
EDITS = {
    Path("mak") / "rules-10-13.yaml": [
        ("en: Air Combat Mission,", "en: Air Combat Missions,"),  # a case title (heading)
        ("en: Aeronautical unit,", "en: Aeronautical units,"),  # a chapter: the running head
    ],
    Path("mak") / "artillery-request-type.yaml": [
        ("en: Artillery request types,", "en: Artillery request kinds,"),  # a card's title
        ("en: Type of request,", "en: Kind of request,"),  # a label (table head)
        (
            "en: A unit in group 2 observes and requests.",
            "en: A group 2 unit observes and requests.",
        ),
    ],
    Path("scenarios") / "mak" / "quarry-road.yaml": [
        ("en: The Quarry Road,", "en: The Quarry Track,"),  # a scenario's title
        ("en: Mika Sorensen,", "en: Mika Sorenson,"),  # a created pilot: the card's pilot table
    ],
    Path("mak") / "chart-slots.yaml": [
        ("en: Unit Ability Table,", "en: Unit Abilities Table,"),  # only a kit's first page
    ],
    Path("mak") / "enums.yaml": [
        ("en: Strahl Troops,", "en: Strahl Forces,"),  # a side: record sheets, kit bookmarks
    ],
    Path("sources.yaml"): [
        ('en: "Maschinen Krieger S.F.3.D II"', 'en: "Maschinen Krieger S.F.3.D 2"'),  # covers
    ],
}
# A scenario's card and its kit, whose record sheets are the kind's drafts.
TARGETS = ["mak.rules", "mak.artillery-request-type", "mak.quarry-road", "--kit"]
TARGETS += ["--layout", "2up"]  # and the cards on a sheet, titled with the system's name
KIT = "mak/ja/mak.quarry-road.kit.a4.draft.pdf"
MARKUP = re.compile(r"<span|</|class=|data-section|data-label|\">|\ue000|\ue001|\ue002|\ue003")


def _stale(folder: Path) -> Path:
    root = folder / "content"
    shutil.copytree(DEFAULT_CONTENT, root)
    for name, edits in EDITS.items():
        path = root / name
        text = path.read_text(encoding="utf-8")
        for old, new in edits:
            assert text.count(old) == 1, old
            text = text.replace(old, new)
        path.write_text(text, encoding="utf-8")
    return root


def _build(content: Path | None, out: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = ["--content", str(content)] if content else []
    command += ["build", *args, "--no-site", "--out", str(out), "-j", "2"]
    return completed_in_process(command, out.parent)


@pytest.fixture(scope="module")
def stale(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The content with the texts of EDITS made stale."""
    return _stale(tmp_path_factory.mktemp("stale"))


@pytest.fixture(scope="module")
def drafted(stale: Path, tmp_path_factory: pytest.TempPathFactory):
    """A finished Japanese card built into a folder, then a draft of every kind of document
    built into the same folder from the content with texts made stale. The kit binds only the
    one card the build drafts anyway (its other cards are drafted as that one is, and would
    cost CI 15 s)."""
    out = tmp_path_factory.mktemp("drafts") / "out"
    finished = _build(None, out, "mak.artillery-request-type", "--lang", "ja")
    assert finished.returncode == 0, finished.stderr
    card = out / "mak" / "ja" / "mak.artillery-request-type.card.a5.pdf"
    before = card.read_bytes()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(
            scenario_plan, "_cards_in_use", lambda *_: ("mak.artillery-request-type.card",)
        )
        result = _build(stale, out, *TARGETS, "--draft", "--lang", "ja")
    return result, out, before


def _text(path: Path) -> str:
    return re.sub(r"\s+", "", "".join(page.extract_text() for page in PdfReader(path).pages))


def _outline(items: list) -> list[str]:
    titles: list[str] = []
    for item in items:
        titles += _outline(item) if isinstance(item, list) else [item.title]
    return titles


DRAFTS = {
    "booklet": ("mak.rules.a4.draft.pdf", ["空中戦任務原文:AirCombatMissions"]),
    "card": (
        "mak.artillery-request-type.card.a5.draft.pdf",
        ["砲撃要請の種類原文:Artilleryrequestkinds", "要請の種類原文:Kindofrequest"],
    ),
    "record sheet": ("mak.quarry-road.kit.a4.draft.pdf", ["原文:Agroup2unit"]),  # the kit's
    "scenario sheet": ("mak.quarry-road.sheet.a4.draft.pdf", ["採石場の道原文:TheQuarryTrack"]),
    "kit": (
        "mak.quarry-road.kit.a4.draft.pdf",
        [
            "採石場の道原文:TheQuarryTrack",
            "ユニット能力表原文:UnitAbilitiesTable",
            "MikaSorensen原文:MikaSorenson",
            "シュトラール軍原文:StrahlForces",
        ],
    ),
}


def test_a_draft_builds_and_warns_once(drafted):
    result, _, _ = drafted
    assert result.returncode == 0, result.stderr
    warnings = [line for line in result.stderr.splitlines() if "mak.10.2 title" in line]
    assert len(warnings) == 1, result.stderr
    # Once, with the kit's first page's own (its chart from the box): one count of them all.
    said = [line for line in result.stderr.splitlines() if "校正刷りとして印刷しました" in line]
    assert len(said) == 1 and "slots[0].title" in result.stderr, result.stderr


def test_a_sheet_of_draft_cards_is_titled_in_plain_words(drafted):
    _, out, _ = drafted
    title = PdfReader(out / "mak" / "ja" / "mak.cards.2up.a4.draft.pdf").metadata.title
    assert title.startswith("翻訳待ち マシーネンクリーガー S.F.3.D II 原文: Maschinen Krieger"), (
        title
    )


@pytest.mark.parametrize("kind", sorted(DRAFTS))
def test_each_kind_of_draft_marks_its_pending_texts_without_markup(drafted, kind):
    _, out, _ = drafted
    name, marked = DRAFTS[kind]
    path = next(out.rglob(name))
    text = _text(path)
    assert "翻訳待ち" in text, kind
    for words in marked:
        assert words in text, (kind, words)
    assert not MARKUP.search(text), MARKUP.search(text)
    reader = PdfReader(path)
    for title in [*_outline(reader.outline), reader.metadata.title or ""]:
        assert not MARKUP.search(title), title


def test_a_pending_heading_is_a_plain_bookmark_and_running_head(drafted):
    _, out, _ = drafted
    reader = PdfReader(out / "mak" / "ja" / "mak.rules.a4.draft.pdf")
    assert "10.2 翻訳待ち 空中戦任務 原文: Air Combat Missions" in _outline(reader.outline)
    text = "\n".join(page.extract_text() for page in reader.pages)
    heads = re.findall(r"(?m)^10\.0 翻訳待ち 航空ユニット 原文: Aeronautical units", text)
    assert len(heads) >= 2, text  # the running head of the chapter's pages


def test_the_translation_mark_follows_the_translation_not_the_source(drafted):
    _, out, _ = drafted
    text = _text(out / "mak" / "ja" / "mak.rules.a4.draft.pdf")
    assert "原文:Aeronauticalunits" in text
    assert not re.search(r"原文:[^翻]*?[a-z.]◇", text)


def test_a_draft_has_its_own_file_and_manifest_mark(drafted):
    _, out, before = drafted
    card = out / "mak" / "ja" / "mak.artillery-request-type.card.a5.pdf"
    assert card.read_bytes() == before  # the finished edition untouched
    entries = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["documents"]
    variants = {entry["path"]: entry["variant"] for entry in entries}
    assert variants["mak/ja/mak.artillery-request-type.card.a5.pdf"] is None
    assert variants["mak/ja/mak.artillery-request-type.card.a5.draft.pdf"] == "draft"
    assert all(v == "draft" for p, v in variants.items() if p.endswith(".draft.pdf"))


def _flat(page) -> str:
    return re.sub(r"\s+", "", page.extract_text())


def test_each_part_of_a_draft_kit_marks_what_it_prints(drafted):
    """The first page (the title, a chart from the box, a side), the scenario card (its created
    pilot and rank), a side's record sheet, and the kit's own bookmarks and page labels."""
    _, out, _ = drafted
    reader = PdfReader(out / KIT)
    pages = [_flat(page) for page in reader.pages]
    cover = pages[0]
    for words in ("採石場の道原文:TheQuarryTrack", "ユニット能力表原文:UnitAbilitiesTable"):
        assert f"翻訳待ち{words}" in cover, cover
    assert "翻訳待ちシュトラール軍原文:StrahlForces" in cover  # whose sheets are whose
    assert any("翻訳待ちMikaSorensen原文:MikaSorenson軍曹" in page for page in pages)
    side_part = "翻訳待ち シュトラール軍 原文: Strahl Forces: 砲撃要請記録用紙"
    assert side_part in _outline(reader.outline)
    numbers = reader.trailer["/Root"]["/PageLabels"]["/Nums"]
    starts = {label["/P"]: first for first, label in zip(numbers[::2], numbers[1::2], strict=True)}
    sheet = pages[starts[f"{side_part} "]]  # the side's record sheet, labelled with its name
    assert "翻訳待ちシュトラール軍原文:StrahlForces・砲撃要請記録用紙" in sheet, sheet


def test_a_draft_kit_has_its_own_name_and_no_finished_kit_is_written(drafted):
    _, out, _ = drafted
    entries = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["documents"]
    kits = {entry["path"]: entry["variant"] for entry in entries if entry["kind"] == "scenario-kit"}
    assert kits == {KIT: "draft"}
    assert not (out / "mak" / "ja" / "mak.quarry-road.kit.a4.pdf").exists()


def _slot_title(content: Path, english: str) -> None:
    """The box chart a Ma.K kit's first page names, its English changed (its Japanese stale)."""
    slots = content / "mak" / "chart-slots.yaml"
    text = slots.read_text(encoding="utf-8")
    old = re.search(r"en: Unit Abilit[^,]*,", text).group()
    slots.write_text(text.replace(old, f"en: {english},"), encoding="utf-8")


def _kit_alone(content: Path, out: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Build the quarry-road kit (with the one card the module drafts) and `args`."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(
            scenario_plan, "_cards_in_use", lambda *_: ("mak.artillery-request-type.card",)
        )
        return _build(content, out, "mak.quarry-road.kit", *args, "--lang", "ja")


def test_without_draft_a_kit_waits_for_its_first_page_alone(tmp_path):
    """A chart from the box, printed on the kit's first page alone, keeps back the kit and none
    of the rest (here a card): the refusal names --draft and the export of the game's texts."""
    content = Path(shutil.copytree(DEFAULT_CONTENT, tmp_path / "content"))
    _slot_title(content, "Unit Abilities Table")
    out = tmp_path / "out"
    result = _kit_alone(content, out, "mak.artillery-request-type")
    assert result.returncode == 1, result.stderr
    assert "slots[0].title.from" in result.stderr and "--draft" in result.stderr
    assert f"playaid --content {content} translations export mak --state stale" in result.stderr
    written = sorted(path.name for path in (out / "mak" / "ja").iterdir())
    assert written == ["mak.artillery-request-type.card.a5.pdf"]


def test_a_kit_whose_first_page_alone_changed_is_bound_again(drafted, stale, tmp_path):
    """The module's draft kit is cached; with only its first page's text changed, the kit
    from the cache (the same parts) would print the old one."""
    content = Path(shutil.copytree(stale, tmp_path / "content"))
    _slot_title(content, "Unit Ability Chart")
    result = _kit_alone(content, tmp_path / "out", "--draft")
    assert result.returncode == 0, result.stderr
    cover = _flat(PdfReader(tmp_path / "out" / KIT).pages[0])
    assert "ユニット能力表原文:UnitAbilityChart" in cover, cover


def test_a_scenario_files_pending_text_is_exported_from_that_file(stale, tmp_path):
    """A scenario file of the player's own, its title stale: nothing of its kit is written,
    and the way out names the file itself (translations export FILE.yaml)."""
    scenario = tmp_path / "mine.yaml"
    shutil.copy(stale / "scenarios" / "mak" / "quarry-road.yaml", scenario)
    result = _build(None, tmp_path / "out", str(scenario), "--kit", "--lang", "ja")
    assert result.returncode == 1, result.stderr
    assert "playaid translations export mine.yaml --state stale" in result.stderr
    assert not (tmp_path / "out").exists()


def test_a_pending_map_name_prints_marked_on_the_drawing_and_keeps_back_the_finished_card():
    """The drawing's map name is read as every printed text is (it printed unmarked)."""
    from generator.content.bilingual import source_hash
    from generator.content.model.base import LocalizedText
    from generator.content.printing import PENDING_MARK, SOURCE_MARK, printing
    from generator.render.scenario.drawing import _name_lines
    from generator.render.scenario.geometry import Rect

    stale = LocalizedText.model_validate(
        {"en": "Hof Gap Map", "ja": "ホーフ・ギャップ (Hof Gap)", "tr": "ja"}
        | {"from": source_hash("Hof Gap")}
    )
    with printing("draft"):
        lines = _name_lines(stale, Rect(0, 0, 60, 40), 1.0)
    shown = "".join(line["text"] for line in lines["ja"])
    assert shown.startswith(PENDING_MARK["ja"]) and SOURCE_MARK["ja"] in shown, shown
    assert "".join(line["text"] for line in lines["en"]) == "Hof Gap Map"
    with printing("refuse") as refused:
        _name_lines(stale, Rect(0, 0, 60, 40), 1.0)
    assert refused.pending == [(stale, "ja")]


def test_a_drawings_text_takes_a_drafts_marks_as_plain_words():
    """SVG text takes no span: the marks there are words, as in a bookmark."""
    from generator.builder.html import draft_marks
    from generator.content.printing import PENDING_MARK, SOURCE_MARK
    from generator.render.environment import make_environment

    name = f"{PENDING_MARK['ja']}ホーフ・ギャップ{SOURCE_MARK['ja']}Hof Gap Map"
    page = f'<svg><text x="1" y="2">{name}</text></svg><p>{name}</p>'
    marked = draft_marks(page, make_environment("ja"))
    drawn, paragraph = marked.split("</svg>")
    assert drawn == '<svg><text x="1" y="2">翻訳待ち ホーフ・ギャップ 原文: Hof Gap Map</text>'
    assert '<span class="pending-mark">' in paragraph
