"""The reference site's files (issue 22): every chart with its values as its card prints them,
every case, both languages tagged, nothing fetched from elsewhere, size, determinism, escaping,
the build's manifest entry. tests/site/test_site_browser.py drives the pages in Chromium."""

from __future__ import annotations

import copy
import hashlib
import json
import re
import struct
import textwrap
from pathlib import Path
from urllib.parse import urldefrag

import cssselect2
import pytest
import tinyhtml5
from building import build
from player_words import CONTENT_ID, PRODUCTION, SENTENCES, TRANSLATED

from generator import __version__
from generator.content.checks.rules import reference_digits
from generator.content.load import load_content
from generator.core.japanese import JAPANESE_RUN
from generator.render.booklets import CELL_SEPARATOR, TRANSLATION_MARK, anchor
from generator.render.cards import card_groups
from generator.render.i18n import TEMPLATES
from generator.render.typeset import without_taken_spaces
from generator.render.views import build_grid
from generator.scenario.check import check_documents
from generator.site import ENTRY, site_files
from generator.site.pages import edition_date
from generator.site.write import write_site
from generator.tableside.lookup import format_value

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 10 * 1024 * 1024
GAP = '<span class="ja-gap"></span>'  # the gap set where Japanese meets Latin text


@pytest.fixture(scope="module")
def site(content):
    """The site of the built-in content and its sample scenarios, in memory."""
    _, samples = check_documents(content, content.scenarios)
    return site_files(content, samples)


@pytest.fixture(scope="module")
def pages(site):
    """Every HTML page, parsed, by its path."""
    return {
        path: cssselect2.ElementWrapper.from_html_root(tinyhtml5.parse(data.decode()))
        for path, data in site.files.items()
        if path.endswith(".html")
    }


def shown(element, lang: str) -> str:
    """An element's text as a reader sees it with the switch on `lang` (the other language's
    passages, the other language's marks between facts and the separators hidden), white space
    folded."""
    hidden = {"l-ja", "mark-ja", "sep"} if lang == "en" else {"l-en", "mark-en", "sep"}
    parts: list[str] = []

    def walk(node, top: bool) -> None:
        classes = (node.get("class") or "").split()
        if node.tag.endswith(("}br", "}p")):
            parts.append(" ")  # a line or a paragraph ends: a space, as a reader sees it
        if not hidden.intersection(classes):
            parts.append(node.text or "")
            for child in node:
                walk(child, False)
        if not top:
            parts.append(node.tail or "")

    walk(element.etree_element if hasattr(element, "etree_element") else element, True)
    return re.sub(r"\s+", " ", "".join(parts)).strip()


def attr(element, name: str) -> str | None:
    """An attribute of a parsed element."""
    return element.etree_element.get(name)


def by_id(page) -> dict[str, cssselect2.ElementWrapper]:
    """Every element of a page that has an id, by its id (one walk, not one query an id)."""
    return {
        element.etree_element.get("id"): element
        for element in page.iter_subtree()
        if element.etree_element.get("id")
    }


def one(page, selector: str):
    found = list(page.query_all(selector))
    assert len(found) == 1, f"{selector}: {len(found)} found"
    return found[0]


def printed(table, cell, lang: str) -> str:
    """A cell as the chart prints it: value (with unit), footnote marks, (?) when uncertain."""
    marks = "".join(note.mark or "" for note in cell.notes)
    value = format_value(table, cell, lang, marks=False)
    return without_taken_spaces(value + marks + ("(?)" if cell.uncertain else ""))


def test_every_table_has_a_page_with_every_cell_as_its_card_prints_it(content, pages):
    assert {p for p in pages if p.startswith("charts/")} == {
        f"charts/{tid}.html" for tid in content.tables
    }
    for tid, table in content.tables.items():
        page = pages[f"charts/{tid}.html"]
        answers = {int(attr(a, "data-index")): a for a in page.query_all(".answer[data-index]")}
        assert sorted(answers) == list(range(len(table.cells))), tid
        for index, cell in enumerate(table.cells):
            answer = answers[index]
            for key, value in cell.address.items():
                expected = f"{value[0]}-{value[1]}" if isinstance(value, tuple) else value
                assert answer.etree_element.get(f"data-key-{key}") == expected
            shown_text = shown(answer, "en")
            for lang in ("en", "ja"):
                value = one(answer, ".value")
                assert shown(value, lang) == printed(table, cell, lang), (tid, index, lang)
                text = shown(answer, lang)
                for note in cell.notes:
                    assert without_taken_spaces(note.text.get(lang)) in text
                for mark in cell.uncertain:
                    assert without_taken_spaces(mark.get(lang)) in text
            assert "Source" in shown_text
        # The chart as printed: every grid of its cards, cell by cell, in order.
        cells = list(page.query_all("table.chart tbody td"))
        expected = [
            (grid_cell, grid_cell.marks, grid_cell.uncertain)
            for group in card_groups(table)
            for _, row in build_grid(table, ("en", "ja"), group).rows
            for grid_cell in row
        ]
        assert len(cells) == len(expected), tid
        for td, (grid_cell, marks, uncertain) in zip(cells, expected, strict=True):
            for lang in ("en", "ja"):
                want = without_taken_spaces(
                    grid_cell.shown(lang) + marks + ("(?)" if uncertain else "")
                )
                if grid_cell.blank and not grid_cell.shown(lang):
                    want = ""
                assert shown(td, lang) == want, (tid, lang)


def test_lookup_keys_are_the_axes_playaid_lookup_takes(content, pages):
    for tid, table in content.tables.items():
        page = pages[f"charts/{tid}.html"]
        data = json.loads(one(page, "#chart-data").etree_element.text)
        assert data["table"] == tid
        assert [axis["key"] for axis in data["axes"]] == [axis.key for axis in table.axes]
        for axis, listed in zip(table.axes, data["axes"], strict=True):
            inputs = list(page.query_all(f'fieldset[data-key="{axis.key}"] input'))
            if axis.die:
                low, high = axis.faces
                assert [i.etree_element.get("value") for i in inputs] == [
                    str(face) for face in range(low, high + 1)
                ]
                assert listed["die"] == axis.die
            else:
                assert [i.etree_element.get("value") for i in inputs] == [
                    c.slug for c in axis.choices
                ]
                for choice, offered in zip(axis.choices, listed["choices"], strict=True):
                    assert offered["names"] == [choice.slug, *choice.aliases]
        assert bool(list(page.query_all("button.roll"))) == (table.die_axis is not None)


def test_every_case_is_on_its_system_page_with_its_number_and_both_texts(content, pages):
    for ruleset in content.rulesets:
        sections = by_id(pages[f"rules/{ruleset.system}.html"])
        for case in content.system_cases(ruleset.system):
            section = sections[anchor(case.id)]
            head = one(section, ".case-head")
            if case.number:
                assert f"[{case.number}]" in shown(head, "en")
            for lang in ("en", "ja"):
                if case.title:
                    assert without_taken_spaces(case.title.get(lang)) in shown(head, lang)
                if case.text:
                    text = one(section, f".text.l-{lang}")
                    assert text.etree_element.get("lang") == lang
                    words = shown(text, lang)
                    for mark in text.query_all(".tr-mark"):
                        words = words.replace(shown(mark, lang), "").strip()
                    written = without_taken_spaces(case.text.get(lang))
                    if CELL_SEPARATOR in written:  # a table's cells ([18.3.1]): no space between
                        written = re.sub(r"\s+", "", written.replace(CELL_SEPARATOR, ""))
                        words = re.sub(r"\s+", "", words)
                    assert words == re.sub(r"\s+", " ", written).strip(), case.id
                if case.uncertain:
                    assert without_taken_spaces(case.uncertain.get(lang)) in shown(section, lang)


def test_every_link_leads_to_a_page_and_an_anchor_of_the_site(site, pages):
    known: dict[str, set[str]] = {}

    def ids(path: str) -> set[str]:
        if path not in known:
            known[path] = set(by_id(pages[path]))
        return known[path]

    for path, page in pages.items():
        for link in page.query_all("a[href]"):
            href = link.etree_element.get("href")
            target, fragment = urldefrag(href)
            target_path = (Path(path).parent / target).as_posix() if target else path
            target_path = str(Path(target_path)).replace("\\", "/")
            parts: list[str] = []
            for part in target_path.split("/"):
                parts = parts[:-1] if part == ".." else [*parts, part]
            resolved = "/".join(parts)
            assert resolved in site.files, f"{path}: {href}"
            if fragment:
                assert fragment in ids(resolved), f"{path}: {href}"


def test_every_rule_reference_in_a_text_links_to_its_case(content, pages):
    by_anchor = {anchor(case_id): case_id for case_id in content.cases}
    linked = 0
    for ruleset in content.rulesets:
        sections = by_id(pages[f"rules/{ruleset.system}.html"])
        for case in content.system_cases(ruleset.system):
            section = sections[anchor(case.id)]
            for link in section.query_all("a.ref"):
                target_page, fragment = urldefrag(attr(link, "href"))
                target = by_anchor[fragment]
                assert target_page == (
                    ""
                    if target.startswith(f"{ruleset.system}.")
                    else f"{target.split('.')[0]}.html"
                )
                assert target in {ref.id for ref in case.references}, (case.id, target)
                printed_digits = re.sub(r"\D", "", shown(link, "en"))
                assert printed_digits == reference_digits(target), (case.id, target)
                linked += 1
    assert linked > 100


def test_every_page_says_its_language_and_each_passages(pages):
    for path, page in pages.items():
        html = one(page, "html").etree_element
        assert html.get("lang") == "en" and html.get("data-lang") == "both", path
        for lang in ("en", "ja"):
            for element in page.query_all(f".l-{lang}"):
                assert element.etree_element.get("lang") == lang, path
        # Japanese text stands in a passage marked Japanese, or is quoted in an English passage
        # (a note on what the seed's Japanese says); the title holds both languages.
        stack = [(one(page, "body").etree_element, "en", "")]
        stray = []
        while stack:
            node, lang, classes = stack.pop()
            if node.get("lang"):
                lang, classes = node.get("lang"), node.get("class") or ""
            if node.tag.endswith("}script"):
                continue  # data, not text: its own test reads it
            texts = [node.text] + [child.tail for child in node]
            if lang != "ja" and "l-en" not in classes.split():
                stray += [t.strip() for t in texts if t and JAPANESE_RUN.search(t)]
            stack += [(child, lang, classes) for child in node]
        assert not stray, (path, stray[:5])


def test_the_marks_between_facts_follow_the_language_shown(pages):
    """Every page in Japanese alone prints ・ between facts, as every Japanese PDF does, and no ·;
    in English (and in both) the kicker and the footer keep ·."""
    for path, page in pages.items():
        assert "·" not in shown(one(page, "body"), "ja"), path
        for element in page.query_all(".kicker, footer"):
            if any("scenario-card" in (a.classes or ()) for a in element.ancestors):
                continue  # a scenario card is rendered in one language, as its PDF is
            english, japanese = shown(element, "en"), shown(element, "ja")
            if " · " in english:
                assert "・" not in english and "・" in japanese, (path, english, japanese)
    chart = pages["charts/mak.pilots.html"]
    assert "・playaid" in shown(one(chart, "footer.source"), "ja")
    assert "playaid・" in shown(one(pages["rules/mak.html"], ".kicker"), "ja")


def test_the_rules_pages_say_what_their_translation_is_in_the_language_shown(pages):
    """The colophon's sentences (what ◇ marks, who translated) are passages of the switch: a
    page in Japanese alone prints no English sentence there, in English no Japanese one."""
    for path, page in pages.items():
        for colophon in page.query_all(".colophon"):
            english, japanese = shown(colophon, "en"), shown(colophon, "ja")
            assert not JAPANESE_RUN.search(english.replace("◇", "")), (path, english)
            assert not re.search(r"[A-Za-z]{3,} [A-Za-z]{3,}", japanese), (path, japanese)
    assert "◇ は" in shown(one(pages["rules/fpcf.html"], ".colophon"), "ja")


def test_nothing_on_the_site_comes_from_another_host(site, pages):
    for path, data in site.files.items():
        if path.endswith(".png"):
            continue
        text = data.decode()
        assert not re.search(r"[a-z]+://", text), path
        assert "@import" not in text and "fonts.googleapis" not in text
    for path, page in pages.items():
        for element in page.query_all("[href], [src], [action]"):
            for name in ("href", "src", "action"):
                value = element.etree_element.get(name)
                if value is None:
                    continue
                assert not re.match(r"^([a-zA-Z][a-zA-Z0-9+.-]*:|//|/)", value), (path, value)
        policy = one(page, 'meta[http-equiv="Content-Security-Policy"]').etree_element
        assert "default-src 'self'" in policy.get("content")
        scripts = list(page.query_all("script"))
        for script in scripts:
            element = script.etree_element
            assert element.get("src", "").endswith("site.js") or (
                element.get("type") == "application/json"
            ), path


def test_the_site_is_small_and_the_readme_says_how_small(site):
    assert site.size <= LIMIT
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    said = re.search(r"the whole site is about ([0-9.]+) MB", readme)
    assert said, "the README gives the site's size"
    assert abs(float(said.group(1)) - site.size / 1024 / 1024) < 0.3


def test_the_same_content_gives_the_same_bytes(content, site):
    _, samples = check_documents(content, content.scenarios)
    again = site_files(content, samples)
    assert again.files == site.files
    assert site.pages == sum(path.endswith(".html") for path in site.files)


def test_the_service_worker_keeps_every_file_and_the_manifest_names_the_icons(site):
    worker = site.files["sw.js"].decode()
    listed = json.loads(re.search(r"const FILES = (\[.*?\]);", worker, re.S).group(1))
    assert listed == ["./", *sorted(set(site.files) - {"sw.js"})]
    revision = re.search(r'const CACHE = "playaid-site-([0-9a-f]{10})";', worker).group(1)
    assert f'<meta name="playaid-revision" content="{revision}">' in site.files[ENTRY].decode()
    manifest = json.loads(site.files["manifest.webmanifest"])
    assert manifest["start_url"] == "index.html" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        data = site.files[icon["src"]]
        assert data.startswith(b"\x89PNG\r\n\x1a\n")
        width, height = struct.unpack(">II", data[16:24])
        assert icon["sizes"] == f"{width}x{height}"


def test_the_footer_prints_an_edition_mark_and_the_digest_stays_in_the_head(site, pages):
    """A player compares playaid's version (and the pinned build date), as the PDFs print it; the
    site's digest, which no player can use, is the editor's, in each page's head (issue 44 §2)."""
    revision = re.search(r'content="([0-9a-f]{10})"', site.files[ENTRY].decode()).group(1)
    mark = f"playaid {__version__}" + (f" · {edition_date()}" if edition_date() else "")
    for path, page in pages.items():
        footer = "".join(one(page, "footer.foot").etree_element.itertext())
        assert re.sub(r"\s+", " ", footer).strip() == mark, path
        assert revision in site.files[path].decode().split("</head>")[0], path


def test_the_edition_mark_takes_the_pinned_build_date(monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    assert edition_date() is None
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    assert edition_date() == "2023-11-14"


def test_pages_print_no_production_words_and_name_the_translation_once(pages):
    """A page says nothing meant for playaid's makers (seed, OCR, code points, backticks, content
    ids) outside its footer and the `playaid rule`/`lookup` lines players type; the rules pages
    say once what is translated."""
    for path, page in pages.items():
        root = copy.deepcopy(page.etree_element)
        for parent in list(root.iter()):
            for child in list(parent):
                if child.tag.rpartition("}")[2] in {"footer", "code", "script", "head"}:
                    parent.remove(child)
        for lang in ("en", "ja"):
            text = shown(root, lang)
            assert not PRODUCTION.findall(text), (path, lang, PRODUCTION.findall(text))
            assert not CONTENT_ID.findall(text), (path, lang, CONTENT_ID.findall(text))
            squeezed = re.sub(r"\s+", "", text)
            assert all(squeezed.count(words) <= 1 for words in SENTENCES), (path, lang)
    # cf's English is playaid's translation throughout: said once, no English text marked; its
    # Japanese marks the one case a correction translates ([11.44]) and says what ◇ means.
    english = re.sub(r"\s+", "", shown(pages["rules/cf.html"], "en"))
    assert english.count(TRANSLATED["en"][0]) == 1
    explained = sum(english.count(f"{TRANSLATION_MARK}{w}") for w in ("marks", "は", "のない"))
    assert english.count(TRANSLATION_MARK) == explained  # in the notes only, no English text
    japanese = re.sub(r"\s+", "", shown(pages["rules/cf.html"], "ja"))
    assert japanese.count(TRANSLATED["ja"][1]) == 1 and "便宜を受ける。◇" in japanese
    assert "[16.21](2/3)" in english and "[16.21](2/3)" in japanese


def test_the_templates_print_no_word_of_their_own():
    """Every word a site template shows comes from the catalog (ui) or the content: strip the
    Jinja tags and what is left is markup, punctuation and the name playaid."""
    for template in sorted((TEMPLATES / "site").glob("*.html")):
        source = template.read_text(encoding="utf-8")
        bare = re.sub(r"\{#.*?#\}|\{%.*?%\}|\{\{.*?\}\}", " ", source, flags=re.S)
        text = re.sub(r"<[^>]*>", " ", bare)
        words = set(re.findall(r"[A-Za-z\u3040-\u30ff\u4e00-\u9fff]{2,}", text))
        words -= {"playaid", "lookup", "rule"}  # the commands `playaid lookup`, `playaid rule`
        assert not words, (template.name, words)
    script = (TEMPLATES / "site" / "site.js").read_text(encoding="utf-8")
    assert not JAPANESE_RUN.search(script)
    strings = re.findall(r'"([^"\\]*)"', re.sub(r"/\*.*?\*/", "", script, flags=re.S))
    prose = [s for s in strings if re.search(r"[A-Za-z]{3,} [A-Za-z]{3,}", s) and s != "use strict"]
    assert not prose, prose


HOSTILE = """\
kind: table
id: mak.armor-endurance
title: {en: "</script><script>alert(1)</script>", ja: "<img src=x onerror=alert(2)>", tr: none}
source: {supplied: "</script><b>x</b>"}
axes:
  - key: endurance
    choices:
      - {slug: x, label: {en: "<svg onload=alert(3)>", ja: "</title><script>alert(4)</script>", tr: none}, aliases: ["</script>"]}
  - {key: die, die: 2d6}
rows:
  - {endurance: x, die: 2-6, value: "</script><script>alert(5)</script>"}
  - {endurance: x, die: 7-12, value: "&amp; <!-- -->"}
"""


def test_texts_from_an_overlay_are_escaped_in_pages_and_in_their_data(tmp_path):
    overlay = tmp_path / "overlay"
    overlay.mkdir()
    (overlay / "hostile.yaml").write_text(textwrap.dedent(HOSTILE), encoding="utf-8")
    content = load_content(None, [overlay])
    site = site_files(content, [])
    page = site.files["charts/mak.armor-endurance.html"].decode()
    assert "<script>alert" not in page and "<svg onload" not in page and "<img src=x" not in page
    assert "<b>x</b>" not in page
    parsed = cssselect2.ElementWrapper.from_html_root(tinyhtml5.parse(page))
    scripts = list(parsed.query_all("script"))
    assert len(scripts) == 2  # site.js, and the chart's data
    data = json.loads(scripts[1].etree_element.text)
    assert "</" not in scripts[1].etree_element.text
    assert data["axes"][0]["choices"][0]["names"] == ["x", "</script>"]
    assert "</script><script>alert(5)</script>" in shown(next(parsed.query_all(".value")), "en")
    for path, data in site.files.items():
        if path.endswith(".html"):
            assert "<script>alert" not in data.decode(), path


def test_playaid_site_writes_the_folder_and_rewrites_only_what_changed(run, tmp_path):
    out = tmp_path / "site"
    result = run("site", "--out", str(out))
    assert result.code == 0, result.err
    assert f"wrote the site to {out / ENTRY}" in result.out and "changed)" in result.out
    files = {p.relative_to(out).as_posix(): p for p in out.rglob("*") if p.is_file()}
    assert (out / ENTRY).is_file() and "sw.js" in files and "charts/fpcf.air-drop.html" in files
    before = {name: (path.stat().st_ino, path.stat().st_mtime_ns) for name, path in files.items()}
    again = run("site", "--out", str(out))
    assert again.code == 0 and "(0 changed)" in again.out
    after = {name: (path.stat().st_ino, path.stat().st_mtime_ns) for name, path in files.items()}
    assert after == before
    (tmp_path / "file").write_text("x", encoding="utf-8")
    refused = run("site", "--out", str(tmp_path / "file"))
    assert refused.code == 1 and "playaid:" in refused.err


def test_build_writes_the_site_as_one_manifest_entry(content, site, tmp_path):
    out = tmp_path / "out"
    _, samples = check_documents(content, content.scenarios)
    manifest = build(content, out, ["site"], scenarios=samples)
    entry = {
        "id": "site",
        "kind": "site",
        "system": "all",
        "lang": "both",
        "paper": None,
        "path": "site/index.html",
        "pages": site.pages,
        "sha256": hashlib.sha256(site.files[ENTRY]).hexdigest(),
        "variant": None,
    }
    assert manifest["documents"] == [entry]
    assert json.loads((out / "manifest.json").read_text(encoding="utf-8")) == manifest
    for path, data in site.files.items():
        assert (out / "site" / path).read_bytes() == data
    stamps = {p: p.stat().st_mtime_ns for p in (out / "site").rglob("*") if p.is_file()}
    build(content, out, ["site"], scenarios=samples)  # nothing changed: nothing is written again
    assert {p: p.stat().st_mtime_ns for p in stamps} == stamps
    kept = build(content, out, ["fpcf.air-drop"], editions=("en",))
    assert entry in kept["documents"] and len(kept["documents"]) == 2


def test_a_build_of_everything_writes_the_site_too(content, tmp_path, monkeypatch):
    from generator.builder import plan as plan_module

    monkeypatch.setattr(plan_module, "plan", lambda *args, **kwargs: [])
    manifest = build(content, tmp_path / "all", [])
    assert [entry["kind"] for entry in manifest["documents"]] == ["site"]
    assert (tmp_path / "all" / "site" / ENTRY).is_file()
    assert build(content, tmp_path / "none", [], site=False)["documents"] == []  # --no-site
    assert not (tmp_path / "none" / "site").exists()


def test_write_site_replaces_a_planted_link_and_never_follows_it(site, tmp_path):
    out = tmp_path / "site"
    out.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("keep", encoding="utf-8")
    (out / ENTRY).symlink_to(victim)
    write_site(out, site)
    assert victim.read_text(encoding="utf-8") == "keep"
    assert not (out / ENTRY).is_symlink() and (out / ENTRY).read_bytes() == site.files[ENTRY]


def test_japanese_on_the_site_is_set_as_in_print_and_the_search_holds_the_words(
    content, site, pages
):
    """Each meeting of Japanese and Latin text on a page has its gap span (generator.render.typeset),
    no character is added for it, and the search data holds every text exactly as written."""
    page = pages["rules/cf.html"]
    case = content.cases["cf.1.0"]  # ゲームスケール = 1ヘクス4km、1ターン12時間
    element = by_id(page)[anchor(case.id)]
    texts = list(element.query_all(".text.l-ja"))
    assert texts and list(texts[0].query_all(".ja-gap"))
    assert without_taken_spaces(case.text.ja).replace(" ", "") in shown(texts[0], "ja").replace(
        " ", ""
    )
    html = site.files["search.html"].decode()
    data = json.loads(re.search(r'<script[^>]*id="search-data"[^>]*>(.*?)</script>', html, re.S)[1])
    by_case = {entry["id"]: entry for entry in data}
    for case_id, case in content.cases.items():
        if case_id in by_case and case.text:
            assert by_case[case_id]["text"]["ja"] == case.text.ja


def test_writing_the_site_leaves_the_documents_environments_as_they_were(content):
    """The site's pages and cards once changed the one environment every PDF of the process is
    rendered in: a kit built after the site printed its card's rule links as links to the
    site's files (file:///…/rules/mak.html#…) instead of to the rules in the kit."""
    from generator.render.environment import make_environment
    from generator.site.environment import card_environment, site_environment

    def state() -> dict[str, dict[str, object]]:
        return {
            edition: {**make_environment(edition).globals, **make_environment(edition).filters}
            for edition in ("en", "ja", "both")
        }

    before = state()
    site_environment()
    for edition in ("en", "ja"):
        card_environment(edition, lambda target: f"../rules/mak.html#{target}")
    assert state() == before
    assert make_environment("en").globals["case_href"]("case-mak-ogp") == "#case-mak-ogp"
