"""Scenario sheets and kits: text extracted from every edition, the kit's parts in order with their
bookmarks, record sheets filled in from the file, and a scenario with findings refusing to print."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.build import plan
from generator.content import DEFAULT_CONTENT, load_content
from generator.scenario.check import check_documents

SCENARIOS = DEFAULT_CONTENT / "scenarios"
QUARRY = SCENARIOS / "mak" / "quarry-road.yaml"
WESER = SCENARIOS / "fpcf" / "weser-screen.yaml"


def pdf_text(path: Path) -> str:
    """The text of every page, the content revision (which changes with any content file)
    masked."""
    reader = PdfReader(path)
    text = "".join(
        f"--- page {n} ---\n{page.extract_text()}\n" for n, page in enumerate(reader.pages, 1)
    )
    text = re.sub(r"content \S+", "content <revision>", text)
    return re.sub(r"コンテンツ \S+", "コンテンツ <revision>", text)


def flat(text: str) -> str:
    """Extracted text with its line breaks folded, to find a sentence a table cell wrapped."""
    return " ".join(text.split())


def shows(text: str, wanted: str) -> bool:
    """Whether the extracted text holds `wanted`, white space aside (a cell may wrap a line
    anywhere, Japanese included)."""
    return "".join(wanted.split()) in "".join(text.split())


@pytest.fixture(scope="module")
def mak_built(tmp_path_factory):
    from generator.cli import main

    out = tmp_path_factory.mktemp("mak")
    assert main(["build", str(QUARRY), "--kit", "--out", str(out)]) == 0
    return out


@pytest.fixture(scope="module")
def fpcf_built(tmp_path_factory):
    from generator.cli import main

    out = tmp_path_factory.mktemp("fpcf")
    assert main(["build", str(WESER), "--out", str(out)]) == 0
    return out


def test_the_manifest_lists_sheets_and_kits_by_kind(mak_built):
    entries = json.loads((mak_built / "manifest.json").read_text(encoding="utf-8"))["documents"]
    assert {(e["id"], e["kind"], e["lang"]) for e in entries} == {
        (doc, kind, lang)
        for doc, kind in (
            ("mak.quarry-road.sheet", "scenario-sheet"),
            ("mak.quarry-road.kit", "scenario-kit"),
        )
        for lang in ("en", "ja", "both")
    }


@pytest.mark.parametrize("lang", ["en", "ja", "both"])
def test_mak_sheet_text(mak_built, golden, lang):
    text = pdf_text(mak_built / f"mak/{lang}/mak.quarry-road.sheet.a4.pdf")
    golden(f"pdf/scenarios/mak.quarry-road.sheet.{lang}.txt", text)
    if lang != "ja":
        assert shows(
            text,
            "Turn 1: enter map board 3 through the south edge, from hex 0901 and the hexes east"
            " of it.",
        )
        assert shows(text, "Pilot No. 4 (Heinz Godesknecht, Sergeant Major) controls the unmanned")
    if lang == "en":
        assert shows(
            text, "Jaohim Munsterberg, Captain SAFS Primary commander — 4 + ability (see the token)"
        )
    if lang != "en":
        assert shows(
            text, "第1ターン: マップボード3の南端から、ヘクス0901とその東側のヘクスから登場する。"
        )
    if lang == "ja":
        assert shows(text, "Jaohim Munsterberg、大尉 SAFS 第1指揮官 — 4 + 能力(トークン参照)")


def test_created_pilot_victory_points_come_from_the_procedure(mak_built):
    text = pdf_text(mak_built / "mak/en/mak.quarry-road.sheet.a4.pdf")
    # Mika Sorensen, Sergeant (1) with modifiers +1, 0, −1: 1 + 1 + 0 − 1 = 1 [18.2.5].
    assert shows(text, "No. 17 Mika Sorensen, Sergeant Falke +1 / 0 / -1 1")


def test_turn_track_marks_each_arrival_on_its_turn(mak_built):
    reader = PdfReader(mak_built / "mak/en/mak.quarry-road.sheet.a4.pdf")
    first = flat(reader.pages[0].extract_text())
    track = first[first.index("Turn record track") :]
    assert track.index("SAFS ×2") < track.index("Doll House") < track.index("Falke")
    assert track.index("Falke") < track.index("Krachen Vogel")


def test_kit_binds_sheet_cards_and_filled_record_sheets_in_order(mak_built):
    for lang, titles in (
        (
            "en",
            [
                "Scenario sheet",
                "Player aid",
                "Artillery Request Record Sheet",
                "Air Commitment Card",
            ],
        ),
        ("ja", ["シナリオシート", "プレイヤーエイド", "砲撃要請記録用紙", "航空投入カード"]),
    ):
        reader = PdfReader(mak_built / f"mak/{lang}/mak.quarry-road.kit.a4.pdf")
        top = [item for item in reader.outline if not isinstance(item, list)]
        assert [item.title for item in top] == titles
        starts = [reader.get_destination_page_number(item) for item in top]
        assert starts == sorted(starts) and starts[0] == 0
        sheet = PdfReader(mak_built / f"mak/{lang}/mak.quarry-road.sheet.a4.pdf")
        assert starts[1] == len(sheet.pages)
        nested = reader.outline[1]
        assert isinstance(nested, list) and nested  # the sheet's own bookmarks under its part
    reader = PdfReader(mak_built / "mak/en/mak.quarry-road.kit.a4.pdf")
    top = [item for item in reader.outline if not isinstance(item, list)]
    artillery = flat(reader.pages[reader.get_destination_page_number(top[2])].extract_text())
    assert "Strahl Troops I 7 north 40 1 3 Type I … ⑦N−40×3 (1)" in artillery
    air = flat(reader.pages[reader.get_destination_page_number(top[3])].extract_text())
    assert "Aeronautical units:" in air


@pytest.mark.parametrize("lang", ["en", "ja", "both"])
def test_kit_record_sheets_are_filled_in_every_edition(mak_built, golden, lang):
    reader = PdfReader(mak_built / f"mak/{lang}/mak.quarry-road.kit.a4.pdf")
    top = [item for item in reader.outline if not isinstance(item, list)]
    first = reader.get_destination_page_number(top[2])
    text = "".join(
        f"--- page {n} ---\n{reader.pages[n].extract_text()}\n"
        for n in range(first, len(reader.pages))
    )
    text = re.sub(r"(content|コンテンツ) \S+", r"\1 <revision>", text)
    golden(f"pdf/scenarios/mak.quarry-road.kit-records.{lang}.txt", text)
    assert shows(text, "Type I … ⑦N−40×3 (1)")
    assert shows(text, "Falke ×1")


def test_kit_leaves_out_the_cards_of_rules_the_scenario_does_not_use():
    content = load_content()
    _, checked = check_documents(content, content.scenarios)
    kits = {spec.id: spec for spec in plan(content, "a4", checked) if spec.kind == "scenario-kit"}
    quarry, rehn = kits["mak.quarry-road.kit"], kits["mak.rehn-crossing.kit"]
    assert "mak.pilot-creation.card" in quarry.parts  # pilot-creation is in use
    assert "mak.pilot-creation.card" not in rehn.parts
    assert "mak.smoke-units.card" in quarry.parts and "mak.smoke-units.card" not in rehn.parts
    assert "mak.artillery-request-type.card" in rehn.parts  # implied by its artillery
    assert "fpcf.air-drop.card" in kits["fpcf.weser-screen.kit"].parts
    assert "fpcf.air-drop.card" not in kits["fpcf.hof-gap-dawn.kit"].parts
    assert rehn.parts[0] == "mak.rehn-crossing.sheet"
    assert rehn.parts[-2:] == (
        "mak.rehn-crossing.artillery-request-sheet",
        "mak.rehn-crossing.air-commitment-card",
    )


@pytest.mark.parametrize("lang", ["en", "ja", "both"])
def test_fpcf_sheet_text(fpcf_built, golden, lang):
    text = pdf_text(fpcf_built / f"fpcf/{lang}/fpcf.weser-screen.sheet.a4.pdf")
    golden(f"pdf/scenarios/fpcf.weser-screen.sheet.{lang}.txt", text)
    if lang == "en":
        assert shows(text, "Column 2: entry hex baor 3801")
        assert shows(text, "NATO may move up to this many Ops points before the game: 4")
    if lang == "both":
        assert shows(text, "Column / 縦隊 2: entry hex / エントリーヘクス baor 3801")
    if lang == "ja":
        assert shows(text, "縦隊 2: エントリーヘクス baor 3801")


def test_a_scenario_with_a_finding_is_not_printed(run, tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text(QUARRY.read_text(encoding="utf-8").replace("turns: 10", "turns: 3"))
    out = tmp_path / "out"
    result = run("build", str(broken), "--out", str(out))
    assert result.code == 1
    assert "error[turn-after-end]" in result.err
    assert "(rule: mak.12.1)" in result.err
    assert not out.exists() or not any(out.rglob("*"))
