"""Overlays: users supply the charts the rulebook does not print, or lay house rules over content."""

from __future__ import annotations

import textwrap

# Test data only: deliberately unlike any real chart, so nothing here can be mistaken for game values.
SUPPLIED = """\
kind: table
id: mak.armor-endurance
title: {en: My armor chart, ja: 自作の装甲表, tr: none}
source: {supplied: test data for playaid}
axes:
  - key: endurance
    choices:
      - {slug: x, label: {en: X, ja: X, tr: none}}
  - {key: die, die: 2d6}
rows:
  - {endurance: x, die: 2-6, value: TEST-ONE}
  - {endurance: x, die: 7-12, value: TEST-TWO}
"""


def write(tmp_path, name, body):
    folder = tmp_path / "overlay"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(textwrap.dedent(body), encoding="utf-8")
    return folder


def test_unprinted_chart_says_how_to_supply_it(run):
    result = run("lookup", "mak.armor-endurance", "endurance=b", "die=3")
    assert result.code == 1
    assert "is named by the rules" in result.err and "--overlay DIR" in result.err
    assert "keys endurance, die" in result.err


def test_a_supplied_chart_answers_lookup(run, tmp_path):
    overlay = write(tmp_path, "armor.yaml", SUPPLIED)
    result = run(
        "--overlay", str(overlay), "lookup", "mak.armor-endurance", "endurance=x", "die=8", "--json"
    )
    assert result.code == 0, result.err
    assert '"value": "TEST-TWO"' in result.out
    assert '"source": "supplied by the player: test data for playaid"' in result.out
    japanese = run(
        "--overlay", str(overlay), "--lang", "ja", "lookup", "mak.armor-endurance", "endurance=x"
    )
    assert "出典: プレイヤー提供: test data for playaid" in japanese.out


def test_shipped_content_cites_a_seed_never_supplied(run, make_content):
    root = make_content({"t.yaml": SUPPLIED})
    result = run("--content", str(root), "check")
    assert result.code == 1
    assert "error[supplied-not-overlay]: mak.armor-endurance source.supplied:" in result.err


def test_a_source_gives_a_seed_or_supplied_not_both(run, tmp_path):
    both = SUPPLIED.replace("{supplied: test data for playaid}", '{seed: "002", supplied: x}')
    result = run("check", "--overlay", str(write(tmp_path, "armor.yaml", both)))
    assert result.code == 1
    assert (
        "error[source-origin]: mak.armor-endurance source: a source gives one of `seed`, `erratum`"
        in result.err
    )


def test_a_supplied_chart_must_have_the_named_keys(run, tmp_path):
    overlay = write(
        tmp_path,
        "armor.yaml",
        SUPPLIED.replace("key: endurance", "key: class").replace("endurance: x", "class: x"),
    )
    result = run("check", "--overlay", str(overlay))
    assert result.code == 1
    assert (
        "error[slot-keys]: mak.armor-endurance axes: mak.armor-endurance must have the keys endurance, die"
        in result.err
    )


def test_a_house_rule_replaces_a_shipped_table(run, tmp_path, content):
    shipped = (content.root / "fpcf" / "momentum-points.yaml").read_text(encoding="utf-8")
    house = shipped.replace("cells: {town-city: 9, other: 4}", "cells: {town-city: 10, other: 4}")
    overlay = write(tmp_path, "house.yaml", house)
    result = run(
        "--overlay",
        str(overlay),
        "lookup",
        "fpcf.momentum-points",
        "size=large",
        "terrain=town",
        "--json",
    )
    assert result.code == 0, result.err
    assert '"value": 10' in result.out
    assert (
        '"value": 9'
        in run("lookup", "fpcf.momentum-points", "size=large", "terrain=town", "--json").out
    )


def test_tables_lists_slots_as_not_printed(run):
    lines = run("tables").out.splitlines()
    assert any(line.startswith("mak.armor-endurance\t") and "not printed" in line for line in lines)


def test_a_card_of_a_supplied_chart_says_where_its_facts_come_from(tmp_path):
    from building import build
    from pypdf import PdfReader

    from generator.content.load import load_content

    overlay = write(tmp_path, "armor.yaml", SUPPLIED)
    content = load_content(None, [overlay])
    build(content, tmp_path / "out", ["mak.armor-endurance"], editions=("en", "ja"))
    english = tmp_path / "out" / "mak" / "en" / "mak.armor-endurance.card.a5.pdf"
    japanese = tmp_path / "out" / "mak" / "ja" / "mak.armor-endurance.card.a5.pdf"
    assert "Source: supplied by the player: test data for playaid" in (
        PdfReader(english).pages[0].extract_text()
    )
    assert "プレイヤー提供: test data for playaid" in PdfReader(japanese).pages[0].extract_text()


def test_a_chart_only_named_for_the_box_is_said_so_and_cannot_be_supplied(run, tmp_path):
    """fpcf.golan-crt: the sources give no layout (000 l.92), so lookup says to take it from the
    box, `tables` lists it so, and an overlay table with its id is refused."""
    looked = run("lookup", "fpcf.golan-crt")
    assert looked.code != 0 and "chart of the game box" in looked.err
    assert "--overlay" not in looked.err
    listed = run("tables")
    assert (
        "fpcf.golan-crt\tFlashpoint: Golan Combat Results Table (not printed: take it from the game box)"
        in listed.out
    )
    overlay = tmp_path / "golan"
    overlay.mkdir()
    (overlay / "crt.yaml").write_text(
        "kind: table\nid: fpcf.golan-crt\ntitle: {en: My CRT, ja: 自分の表, tr: none}\n"
        "source: {supplied: test data}\ncomplete: false\naxes:\n  - key: odds\n"
        "    choices:\n      - {slug: one, label: {en: '1', ja: '1', tr: none}}\n"
        "rows:\n  - {odds: one, value: 1}\n",
        encoding="utf-8",
    )
    checked = run("--overlay", str(overlay), "check")
    assert checked.code == 1 and "slot-layout-unknown" in checked.out + checked.err
