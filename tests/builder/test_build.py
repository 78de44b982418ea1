"""playaid build: PDFs whose text extracts in both languages, manifest, determinism, safety."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
from building import build
from japanese_measure import unspaced
from pypdf import PdfReader

from generator.builder.plan import plan
from generator.builder.request import BuildError
from generator.content.load import load_content
from generator.render.i18n import TEMPLATES
from generator.render.pdf import RenderError, render_pdf

TARGETS = ["fpcf.air-drop", "fpcf.troop-quality-independent", "mak.artillery-request-sheet"]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("output")
    manifest = build(load_content(), out, TARGETS)
    return out, manifest


def pdf_text(path: Path) -> str:
    reader = PdfReader(path)
    return "".join(
        f"--- page {n} ---\n{page.extract_text()}\n" for n, page in enumerate(reader.pages, 1)
    )


def test_manifest_lists_every_document_with_its_hash(built):
    out, manifest = built
    assert json.loads((out / "manifest.json").read_text(encoding="utf-8")) == manifest
    entries = manifest["documents"]
    assert {(e["id"], e["lang"]) for e in entries} == {
        (doc, lang)
        for doc in (
            "fpcf.air-drop.card",
            "fpcf.troop-quality-independent.card",
            "mak.artillery-request-sheet",
            "mak.artillery-request-sheet.form",
        )
        for lang in ("en", "ja", "both")
    }
    for entry in entries:
        fields = {"id", "kind", "system", "lang", "paper", "path", "pages", "sha256", "variant"}
        assert set(entry) == fields
        assert entry["variant"] is None  # the default PDFs: tagged, claiming no conformance
        data = (out / entry["path"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"]
        assert len(PdfReader(out / entry["path"]).pages) == entry["pages"] == 1
    kinds = {e["id"]: (e["kind"], e["paper"]) for e in entries}
    assert kinds["fpcf.air-drop.card"] == ("player-aid", "a5")
    assert kinds["mak.artillery-request-sheet"] == ("record-sheet", "a4")


def test_text_extracts_as_the_golden_files(built, golden):
    out, manifest = built
    for entry in manifest["documents"]:
        text = pdf_text(out / entry["path"])
        text = re.sub(r"content \S+", "content <revision>", text)
        text = re.sub(r"コンテンツ \S+", "コンテンツ <revision>", text)
        golden(f"pdf/{entry['path']}.txt", text)


def test_japanese_edition_extracts_japanese(built):
    out, _ = built
    text = pdf_text(out / "fpcf/ja/fpcf.air-drop.card.a5.pdf")
    assert "空挺降下表" in text and unspaced("+1 荒地、+1 森林、+1 ADA攻撃") in unspaced(text)
    assert "(?)" in pdf_text(out / "fpcf/ja/fpcf.troop-quality-independent.card.a5.pdf")


def test_every_font_is_embedded_and_subset(built):
    out, manifest = built
    for entry in manifest["documents"]:
        for page in PdfReader(out / entry["path"]).pages:
            for font in page["/Resources"]["/Font"].values():
                font = font.get_object()
                descendant = font.get("/DescendantFonts")
                descriptor = (descendant[0].get_object() if descendant else font)["/FontDescriptor"]
                assert any(key.startswith("/FontFile") for key in descriptor.get_object())
                assert re.match(r"/[A-Z]{6}\+", str(font["/BaseFont"]))


def test_record_sheet_is_fillable(built):
    out, _ = built
    assert PdfReader(out / "mak/en/mak.artillery-request-sheet.a4.pdf").get_fields() is None
    fields = PdfReader(out / "mak/en/mak.artillery-request-sheet.form.a4.pdf").get_fields()
    rows = 16  # two rows' room go to the note on playaid's added columns (issue 43)
    assert len(fields) == rows * (8 + 5)
    assert {"turn-1", "type-1-a", "type-16-e", "notes-16"} <= set(fields)
    assert {"requester-16", "spotter-16"} <= set(fields)  # the requesting and spotting unit


def test_two_builds_are_byte_identical(built, tmp_path):
    _, manifest = built
    again = build(load_content(), tmp_path, TARGETS, fresh=True)
    assert [e["sha256"] for e in again["documents"]] == [e["sha256"] for e in manifest["documents"]]


def test_a_failed_build_writes_nothing_and_keeps_the_old_files(tmp_path, monkeypatch):
    content = load_content()
    build(content, tmp_path, ["fpcf.air-drop"], editions=("en",))
    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    real = render_pdf

    def failing(html, *args, **kwargs):
        if "fpcf.reaction" in html:
            raise RenderError(["simulated failure"])
        return real(html, *args, **kwargs)

    monkeypatch.setattr("generator.render.pdf.render_pdf", failing)
    with pytest.raises(BuildError) as raised:
        build(content, tmp_path, ["fpcf.air-drop", "fpcf.reaction"], editions=("en",), fresh=True)
    assert raised.value.problems == ["fpcf/en/fpcf.reaction.card.a5.pdf: simulated failure"]
    after = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    assert after == before


def _overlay_table(folder: Path, name: str, rows: int, label: str = "row") -> Path:
    choices = "\n".join(
        f"      - {{slug: r{i}, label: {{en: {label} {i}, ja: {label} {i}, tr: none}}}}"
        for i in range(rows)
    )
    cells = "\n".join(f"  - {{key: r{i}, value: {i}}}" for i in range(rows))
    folder.mkdir(exist_ok=True)
    (folder / f"{name}.yaml").write_text(
        f"kind: table\nid: fpcf.{name}\ntitle: {{en: Test, ja: テスト, tr: none}}\n"
        f'source: {{seed: "000"}}\naxes:\n  - key: key\n    choices:\n{choices}\nrows:\n{cells}\n',
        encoding="utf-8",
    )
    return folder


def test_a_card_that_cannot_fit_fails_the_build(tmp_path):
    # 99 rows (an axis has at most 100 choices), each label long enough to take two lines.
    overlay = _overlay_table(tmp_path / "overlay", "huge", 99, label="a long row label " * 4)
    with pytest.raises(BuildError) as raised:
        build(load_content(None, [overlay]), tmp_path / "out", ["fpcf.huge"], editions=("en",))
    [problem] = raised.value.problems
    assert re.fullmatch(
        r"fpcf/en/fpcf\.huge\.card\.a5\.pdf: does not fit on one page even in the smallest type"
        r" \(\d+ pages\)",
        problem,
    )
    assert not (tmp_path / "out").exists()


def test_a_character_the_font_lacks_fails_the_build(tmp_path):
    overlay = _overlay_table(tmp_path / "overlay", "glyph", 2, label="𓀀")
    with pytest.raises(BuildError) as raised:
        build(load_content(None, [overlay]), tmp_path / "out", ["fpcf.glyph"], editions=("en",))
    assert raised.value.problems == [
        "Noto Sans CJK JP has no glyph for '𓀀' (U+13000), printed in fpcf.glyph.card (en)"
    ]


def test_the_fetcher_refuses_files_outside_the_project(tmp_path):
    secret = tmp_path / "secret.css"
    secret.write_text("body { color: red }", encoding="utf-8")
    html = (
        f'<html><head><link rel="stylesheet" href="{secret.as_uri()}"></head><body>x</body></html>'
    )
    with pytest.raises(RenderError) as raised:
        render_pdf(html, TEMPLATES, [TEMPLATES], identifier=b"t")
    assert any("refused" in problem for problem in raised.value.problems)


def test_unknown_target(run):
    result = run("build", "nope", "--out", "/tmp/playaid-never-written")
    assert result.code == 1
    assert result.err.startswith("playaid: nothing to build for nope; targets:")
    assert not Path("/tmp/playaid-never-written").exists()


def test_plan_covers_every_table(content):
    ids = {spec.id for spec in plan(content, "a4")}
    for table_id in content.tables:
        assert any(i == f"{table_id}.card" or i.startswith(f"{table_id}.card.") for i in ids)


def test_cards_imposed_4up_and_2up_with_text_and_marks(tmp_path):
    manifest = build(
        load_content(),
        tmp_path,
        ["fpcf.air-drop", "fpcf.reaction", "fpcf.battle-size"],
        editions=("ja",),
        paper="letter",
        impositions=("2up", "4up"),
    )
    sheets = {e["id"]: e for e in manifest["documents"] if ".cards." in e["id"]}
    assert {k: (v["pages"], v["paper"]) for k, v in sheets.items()} == {
        "fpcf.cards.2up": (3, "letter"),  # at actual size, one A5 card a Letter page
        "fpcf.cards.4up": (1, "letter"),
    }
    page = PdfReader(tmp_path / sheets["fpcf.cards.4up"]["path"]).pages[0]
    assert [round(float(v)) for v in page.mediabox] == [0, 0, 612, 792]
    text = page.extract_text()
    assert "空挺降下表" in text and "リアクション表" in text and "戦闘規模表" in text
    assert b" l S" in page.get_contents().get_data()  # the crop marks


def test_bleed_extends_the_card_beyond_its_trim(tmp_path):
    manifest = build(load_content(), tmp_path, ["fpcf.reaction"], editions=("en",), bleed=3)
    page = PdfReader(tmp_path / manifest["documents"][0]["path"]).pages[0]
    trim, media = page.trimbox, page.mediabox
    assert round(float(trim.width) / (72 / 25.4)) == 148
    assert round((float(media.width) - float(trim.width)) / (72 / 25.4)) == 6


def test_a_build_in_several_processes_writes_the_same_bytes(built, tmp_path):
    _, manifest = built
    again = build(load_content(), tmp_path, TARGETS, jobs=2, fresh=True)
    assert [e["sha256"] for e in again["documents"]] == [e["sha256"] for e in manifest["documents"]]


def test_a_render_error_survives_the_trip_back_from_a_worker():
    import pickle

    error = pickle.loads(pickle.dumps(RenderError(["one", "two"])))
    assert error.problems == ["one", "two"]


def test_record_sheets_are_planned_only_for_content_that_has_their_charts(make_content):
    """Issue 32: another game's content once failed its default build with "there is no table
    'mak.artillery-request-type'", since the Ma.K record sheets were always planned."""
    table = (
        "kind: table\nid: fpcf.test\ntitle: {en: Test, ja: テスト, tr: none}\n"
        'source: {seed: "000"}\naxes:\n  - {key: die, die: d6}\nrows:\n'
        "  - {die: 1-6, value: 1}\n"
    )
    other_game = load_content(make_content({"t.yaml": table}))
    assert [spec.kind for spec in plan(other_game, "a4") if spec.kind == "record-sheet"] == []
    sheets = {spec.id for spec in plan(load_content(), "a4") if spec.kind == "record-sheet"}
    assert sheets == {
        "mak.artillery-request-sheet",
        "mak.artillery-request-sheet.form",
        "mak.air-commitment-card",
        "mak.air-commitment-card.form",
    }


NEW_GAME_SOURCES = """\
kind: sources
seeds:
  - {id: "000", file: 000_c72f8361b479dd96.txt, title: {en: Seed, ja: シード, tr: none}}
systems:
  - {id: tg, seed: "000", title: {en: Test Game, ja: テストゲーム, tr: none}}
"""


def test_a_new_games_rules_make_a_booklet_of_their_own(make_content, tmp_path):
    """Issue 32, item 6: a system the sources list gets `<system>.rules`, not only the three
    booklets once named in the code; with no glossary terms, no empty glossary page prints."""
    rules = """\
    kind: rules
    system: tg
    source: {seed: "000"}
    cases:
      - id: tg.1.0
        number: "1.0"
        title: {en: Movement, ja: 移動, tr: none}
        text: {en: A unit moves up to its movement allowance., ja: ユニットは移動力まで移動できる。, tr: none}
        source: {seed: "000"}
    """
    content = load_content(make_content({"tg-rules.yaml": rules}, sources=NEW_GAME_SOURCES))
    manifest = build(content, tmp_path / "out", [], editions=("en",), site=False)
    assert [(e["id"], e["kind"]) for e in manifest["documents"]] == [("tg.rules", "rule-booklet")]
    text = "".join(
        page.extract_text() for page in PdfReader(tmp_path / "out" / "tg/en/tg.rules.a4.pdf").pages
    )
    assert "Test Game" in text and "[1.0] Movement" in text
    assert "A unit moves up to its movement allowance." in text
    assert "Glossary" not in text
