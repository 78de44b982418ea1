"""Scenario sheets and kits: text extracted from every edition, the kit's parts in order with their
bookmarks, record sheets filled in from the file, and a scenario with findings refusing to print."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from japanese_measure import unspaced
from pypdf import PdfReader

from generator.builder.plan import plan
from generator.content.load import DEFAULT_CONTENT, load_content
from generator.scenario.check import check_documents

SCENARIOS = DEFAULT_CONTENT / "scenarios"
QUARRY = SCENARIOS / "mak" / "quarry-road.yaml"
REHN = SCENARIOS / "mak" / "rehn-crossing.yaml"
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
def rehn_built(tmp_path_factory):
    from generator.cli import main

    out = tmp_path_factory.mktemp("rehn")
    assert main(["build", str(REHN), "--lang", "en", "--lang", "both", "--out", str(out)]) == 0
    return out


@pytest.fixture(scope="module")
def fpcf_built(tmp_path_factory):
    from generator.cli import main

    out = tmp_path_factory.mktemp("fpcf")
    hof = SCENARIOS / "fpcf" / "hof-gap-dawn.yaml"
    assert main(["build", str(WESER), str(hof), "--kit", "--out", str(out)]) == 0
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


def test_created_pilot_victory_points_come_from_the_procedure(mak_built):
    text = pdf_text(mak_built / "mak/en/mak.quarry-road.sheet.a4.pdf")
    # Mika Sorensen, Sergeant (1) with modifiers +1, 0, −1: 1 + 1 + 0 − 1 = 1 [18.2.5].
    assert shows(text, "No. 17 Mika Sorensen, Sergeant — +1 / 0 / −1 1")


def test_turn_track_marks_each_arrival_on_its_turn(mak_built):
    reader = PdfReader(mak_built / "mak/en/mak.quarry-road.sheet.a4.pdf")
    first = flat(reader.pages[0].extract_text())
    track = first[first.index("Turn record track") : first.index("Set up before play")]
    assert track.startswith("Turn record track Turn 1 2 3 4 5 6 7 8 9 10 Arrivals")  # one row
    assert track.index("SAFS ×2") < track.index("Doll House") < track.index("Falke")
    assert track.index("Falke") < track.index("Krachen Vogel")
    assert "Strahl Troops: rounds fired (3 in all)" in track  # a row of boxes to tick


def test_kit_binds_card_rules_cards_and_each_players_record_sheets_in_order(mak_built):
    for lang, titles in (
        (
            "en",
            [
                "How to print this kit",
                "Scenario card",
                "Rules in use: their text",
                "Player aid",
                "Strahl Troops: Artillery Request Record Sheet",
                "Mercenary Troops: Air Commitment Card",
            ],
        ),
        (
            "ja",
            [
                "このキットの印刷のしかた",
                "シナリオカード",
                "使用するルール(条文)",
                "プレイヤーエイド",
                "シュトラール軍: 砲撃要請記録用紙",
                "傭兵軍: 航空投入カード",
            ],
        ),
    ):
        reader = PdfReader(mak_built / f"mak/{lang}/mak.quarry-road.kit.a4.pdf")
        top = [item for item in reader.outline if not isinstance(item, list)]
        assert [item.title for item in top] == titles
        starts = [reader.get_destination_page_number(item) for item in top]
        assert starts == sorted(starts) and starts[:2] == [0, 1]  # the card backs the cover
        card_bookmarks = reader.outline[2]
        assert isinstance(card_bookmarks, list) and card_bookmarks  # the card's own, under it
    reader = PdfReader(mak_built / "mak/en/mak.quarry-road.kit.a4.pdf")
    top = [item for item in reader.outline if not isinstance(item, list)]
    artillery = flat(reader.pages[reader.get_destination_page_number(top[4])].extract_text())
    assert "Strahl Troops · Artillery Request Record Sheet" in artillery
    assert "I 7 north 40 1 3 Type I … ⑦N−40×3 (1)" in artillery  # no Side column: its own
    # the requesting and the spotting unit [17.1.3], marked as playaid's additions (issue 43)
    assert "Requesting Unit * Spotting Unit * Result / Notes *" in artillery
    assert "* playaid's additions to the rulebook's sheet: [17.1.3]" in artillery
    air = flat(reader.pages[reader.get_destination_page_number(top[5])].extract_text())
    assert "Mercenary Troops · Air Commitment Card" in air and "Aeronautical units:" in air


@pytest.mark.parametrize("lang", ["en", "ja", "both"])
def test_kit_record_sheets_are_filled_in_every_edition(mak_built, golden, lang):
    reader = PdfReader(mak_built / f"mak/{lang}/mak.quarry-road.kit.a4.pdf")
    top = [item for item in reader.outline if not isinstance(item, list)]
    first = reader.get_destination_page_number(top[-2])
    text = "".join(
        f"--- page {n} ---\n{reader.pages[n].extract_text()}\n"
        for n in range(first, len(reader.pages))
    )
    text = re.sub(r"(content|コンテンツ) \S+", r"\1 <revision>", text)
    golden(f"pdf/scenarios/mak.quarry-road.kit-records.{lang}.txt", text)
    assert shows(text, "Type I … ⑦N−40×3 (1)")
    assert shows(text, "Falke ×1")
    # One pilot is "pilot", in every edition; Japanese has no plural and, as on the sheet, no
    # space before "No.".
    one = {
        "en": "(pilot No. 17)",
        "ja": "(パイロットNo. 17)",
        "both": "(pilot / パイロット No. 17)",
    }
    assert unspaced(one[lang]) in unspaced(text)  # a reader may show the gap as a space
    assert "(pilots" not in text


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
    assert rehn.parts[:2] == ("mak.rehn-crossing.sheet", "mak.rehn-crossing.rules")
    assert rehn.parts[-4:] == (  # each player's sheets, Strahl Troops first, as on the card
        "mak.rehn-crossing.artillery-request-sheet.strahl",
        "mak.rehn-crossing.air-commitment-card.strahl",
        "mak.rehn-crossing.air-commitment-card.mercenary",
        "mak.rehn-crossing.minefield-sheet.mercenary",
    )


def test_a_scenario_with_a_finding_is_not_printed(run, tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text(QUARRY.read_text(encoding="utf-8").replace("turns: 10", "turns: 3"))
    out = tmp_path / "out"
    result = run("build", str(broken), "--out", str(out))
    assert result.code == 1
    assert "error[turn-after-end]" in result.err
    assert "(rule: mak.12.1)" in result.err
    assert "weser-screen" not in result.err  # the samples' own infos are check's business
    assert all("broken.yaml" in line for line in result.err.splitlines()[:-2])
    assert not out.exists() or not any(out.rglob("*"))


def pages_with(path: Path, wanted: str) -> list[int]:
    """The pages whose text holds `wanted` (white space aside)."""
    return [n for n, page in enumerate(PdfReader(path).pages) if shows(page.extract_text(), wanted)]


BROKEN_LABELS = ["マップボード", "第1プレイヤー", "使用するルール", "ターン記録表", "小隊本部"]


def test_japanese_labels_never_break_inside_a_word(mak_built):
    # Raw text, line breaks kept: a label broken across lines would not be found.
    text = unspaced(pdf_text(mak_built / "mak/ja/mak.quarry-road.sheet.a4.pdf"))
    for word in BROKEN_LABELS:
        assert word in text, word
    assert "Sph69-p兵員輸送車に搭乗[13.1]" in flat(text).replace(" ", "")


def test_pilot_numbers_stay_on_one_line(mak_built):
    text = pdf_text(mak_built / "mak/en/mak.quarry-road.sheet.a4.pdf")
    assert "No. 4 Heinz Godesknecht" in text
    assert not re.search(r"^No\.$", text, re.MULTILINE)


def test_bilingual_kit_bookmarks_separate_the_languages(mak_built):
    reader = PdfReader(mak_built / "mak/both/mak.quarry-road.kit.a4.pdf")

    def titles(outline):
        for item in outline:
            yield from titles(item) if isinstance(item, list) else [item.title]

    found = list(titles(reader.outline))
    for title in ("Air Combat Mission / 空中戦任務", "Ground Combat Mission / 対地攻撃任務"):
        assert found.count(title) == 1  # the one side with aeronautical units: its own card
    assert "Used / 使用済み" in found
    assert not [t for t in found if re.search(r"[A-Za-z)][ぁ-んァ-ヶ一-龯]", t)], found


@pytest.mark.parametrize(
    ("edition", "one", "several"),
    [
        ("en", "(pilot No. 17)", "(pilots No. 4, No. 5)"),
        ("ja", "(パイロットNo. 17)", "(パイロットNo. 4、No. 5)"),
        ("both", "(pilot / パイロット No. 17)", "(pilots / パイロット No. 4, No. 5)"),
    ],
)
def test_air_card_says_pilot_for_one_and_pilots_for_several(content, edition, one, several):
    from markupsafe import Markup

    from generator.render.environment import make_environment
    from generator.render.scenario.common import neutral as pair
    from generator.render.sheets import air_commitment_context

    system = next(s for s in content.sources.systems if s.id == "mak")
    seed = next(s for s in content.sources.seeds if s.id == system.seed)
    aircraft = {
        "strahl": [
            {
                "name": pair("Falke"),
                "count": 2,
                "pilots": ["No. 4", "No. 5"],
                "pilot_count": 2,
                "turn": 3,
            }
        ],
        "mercenary": [
            {
                "name": pair("Falke"),
                "count": 1,
                "pilots": ["No. 17"],
                "pilot_count": 1,
                "turn": None,
            }
        ],
    }
    html = (
        make_environment(edition)
        .get_template("air-commitment.html")
        .render(
            **air_commitment_context(content, "a4", aircraft),
            system=system,
            seed=seed,
            version="0",
            revision="r",
            created=None,
            page_size="A4",
            fonts={"regular": "", "bold": "", "form": ""},
        )
    )
    text = Markup(html).striptags()
    assert one in text and several in text


def test_units_aboard_are_on_the_turn_track_and_the_set_up_list(mak_built, rehn_built):
    first = flat(
        PdfReader(mak_built / "mak/en/mak.quarry-road.sheet.a4.pdf").pages[0].extract_text()
    )
    track = first[first.index("Turn record track") :]
    assert shows(track, "Sph69-p Troop Transport ③④S + AFS ×2")
    assert shows(first, "AFS ×2 2 units; aboard the Sph69-p Troop Transport [13.1].")
    ja = flat(PdfReader(mak_built / "mak/ja/mak.quarry-road.sheet.a4.pdf").pages[0].extract_text())
    assert shows(ja, "AFS ×2を輸送[13.1]")
    rehn = flat(
        PdfReader(rehn_built / "mak/en/mak.rehn-crossing.sheet.a4.pdf").pages[0].extract_text()
    )
    assert shows(rehn, "Set up before play: AFS ×3 Truck + Infantry Squad (Inf.SQ)")


def test_a_long_game_s_turn_track_keeps_long_names_whole_in_balanced_rows(tmp_path):
    # Twelve turns with long-named units arriving: twelve equal columns would break the Japanese
    # word (兵|員輸送車), so the track runs in two rows of six; the name may break beside its Latin
    # letters (Sph69-p / 兵員輸送車), never inside the word.
    from generator.cli import main

    text = QUARRY.read_text(encoding="utf-8").replace("id: mak.quarry-road", "id: mak.long-game")
    text = text.replace("turns: 10", "turns: 12")
    # Two, so that the Strahl side stays within the card's 7 lines (the Nutrockers take two).
    arrivals = "".join(f'      - {{unit: Sph69-p, deploy: "{t}③S"}}\n' for t in (5, 9))
    text = text.replace("    units:\n", "    units:\n" + arrivals, 1)
    source = tmp_path / "long-game.yaml"
    source.write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    assert main(["build", str(source), "--lang", "ja", "--out", str(out)]) == 0
    reader = PdfReader(out / "mak/ja/mak.long-game.sheet.a4.pdf")
    raw = "\n".join(page.extract_text() for page in reader.pages)
    track = raw[raw.index("ターン記録表") : raw.index("ゲーム開始前に配置")]
    assert track.count("兵員輸送車") == 3  # the two added and the sample's own, whole
    assert re.findall(r"^ターン ((?:\d+ ){5}\d+)$", track, re.M) == [
        "1 2 3 4 5 6",
        "7 8 9 10 11 12",
    ]


def test_pilot_vp_use_the_token_modifiers_an_overlay_supplies(tmp_path, tokens_overlay):
    from generator.cli import main

    out = tmp_path / "out"
    code = main(
        ["--overlay", str(tokens_overlay), "build", str(QUARRY), "--lang", "en", "--out", str(out)]
    )
    assert code == 0
    text = flat(pdf_text(out / "mak/en/mak.quarry-road.sheet.a4.pdf"))
    # No. 4, a Sergeant Major (1 VP), with the overlay's test tokens +1/0/+1: 1 + 2 = 3.
    assert "No. 4 Heinz Godesknecht, Sergeant Major PC +1 / 0 / +1 (from an overlay) 3" in text
    assert "plus the token's ability modifiers" not in text  # every pilot's VP is complete


def test_a_flashpoint_card_draws_its_maps_as_map_layout_lays_them(tmp_path):
    from generator.cli import main

    sample = WESER.read_text(encoding="utf-8").replace("id: fpcf.weser-screen", "id: fpcf.two-maps")
    laid = sample.replace(
        "maps: [baor]\n",
        "maps: [north-german-plain, baor]\nmap_layout:\n  - [north-german-plain]\n  - [baor]\n",
    )
    unlaid = laid.replace("map_layout:\n  - [north-german-plain]\n  - [baor]\n", "")
    unlaid = unlaid.replace("id: fpcf.two-maps", "id: fpcf.two-loose-maps")
    for name, text in (("laid", laid), ("unlaid", unlaid)):
        (tmp_path / f"{name}.yaml").write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    files = [str(tmp_path / "laid.yaml"), str(tmp_path / "unlaid.yaml")]
    assert main(["build", *files, "--lang", "ja", "--lang", "en", "--out", str(out)]) == 0
    drawn = pdf_text(out / "fpcf/ja/fpcf.two-maps.sheet.a4.pdf")
    # The drawing's lines: the name never shrinks under the drawing's 6.5 pt, so it breaks
    # between words where the box is narrow. (pypdf infers the space between two words of the
    # drawing's bold label from the font's widths, which change with the page's other text.)
    assert re.search(r"北ドイツ平原\n\(North ?German\nPlain\)", drawn)
    assert "\nN\n" in drawn  # the compass
    english = pdf_text(out / "fpcf/en/fpcf.two-maps.sheet.a4.pdf")
    assert "North German\nPlain\nBAOR" in english  # north of BAOR, as map_layout lays it
    note = "not how they join"
    assert note not in flat(english)
    assert note in flat(pdf_text(out / "fpcf/en/fpcf.two-loose-maps.sheet.a4.pdf"))


def test_narrow_cells_keep_short_japanese_names_whole_and_let_long_ones_break():
    from generator.content.model.base import LocalizedText
    from generator.render.environment import make_environment

    loc_whole = make_environment("ja").filters["loc_whole"]
    short = LocalizedText(en="Sph69-p", ja="Sph69-p兵員輸送車", tr="ja")
    long = LocalizedText(en="39th Guards", ja="第39親衛自動車化狙撃師団", tr="ja")
    # Whole, and a line may break before it (the gap set there glues it to the Latin letters).
    assert 'Sph69-p<wbr><span class="whole">兵員輸送車</span>' in str(loc_whole(short))
    # A run of 10 ems kept whole would overflow a narrow cell: it may break.
    assert "親衛自動車化狙撃師団" in str(loc_whole(long))
    assert '<span class="whole">親衛' not in str(loc_whole(long))


def _kit_parts(path: Path) -> list[tuple[str, int]]:
    reader = PdfReader(path)
    top = [item for item in reader.outline if not isinstance(item, list)]
    return [(item.title, reader.get_destination_page_number(item)) for item in top]


@pytest.mark.parametrize(
    ("lang", "titles"),
    [
        (
            "en",
            ["How to print this kit", "Scenario card", "Rules in use: their text", "Player aid"],
        ),
        (
            "ja",
            [
                "このキットの印刷のしかた",
                "シナリオカード",
                "使用するルール(条文)",
                "プレイヤーエイド",
            ],
        ),
    ],
)
def test_a_flashpoint_kit_binds_its_sheet_then_the_cards_it_needs(fpcf_built, lang, titles):
    kit = fpcf_built / f"fpcf/{lang}/fpcf.weser-screen.kit.a4.pdf"
    parts = _kit_parts(kit)
    assert [title for title, _ in parts] == titles  # no record sheets in this system
    assert [page for _, page in parts][:2] == [0, 1]  # the card backs the first page
    reader = PdfReader(kit)
    cards = flat("".join(page.extract_text() for page in reader.pages[parts[3][1] :]))
    drop = "Air Drop Table" if lang == "en" else "空挺降下表"
    assert drop in cards  # weser-screen has an airborne drop
    other = PdfReader(fpcf_built / f"fpcf/{lang}/fpcf.hof-gap-dawn.kit.a4.pdf")
    start = _kit_parts(fpcf_built / f"fpcf/{lang}/fpcf.hof-gap-dawn.kit.a4.pdf")[3][1]
    assert drop not in flat("".join(p.extract_text() for p in other.pages[start:]))  # no drops


def test_a_kit_imposes_its_cards_four_up_when_asked(mak_built, tmp_path):
    from generator.cli import main

    out = tmp_path / "out"
    args = ["build", str(QUARRY), "--kit", "--lang", "en", "--layout", "4up", "--out", str(out)]
    assert main(args) == 0
    two, four = (
        PdfReader(folder / "mak/en/mak.quarry-road.kit.a4.pdf") for folder in (mak_built, out)
    )
    two_parts, four_parts = (
        _kit_parts(f"{folder}/mak/en/mak.quarry-road.kit.a4.pdf") for folder in (mak_built, out)
    )
    two_cards = two_parts[4][1] - two_parts[3][1]  # pages of cards, each with its blank back
    four_cards = four_parts[4][1] - four_parts[3][1]
    sheets_2up = two_cards // 2
    assert four_cards == 2 * -(-sheets_2up // 2)  # half as many sheets of cards, rounded up
    first = four.pages[four_parts[3][1]]
    assert flat(first.extract_text()).count("Player aid") >= 3
    assert [round(float(v)) for v in first.mediabox[2:]] == [595, 842]  # A4 portrait
    assert len(two.pages) > len(four.pages)
