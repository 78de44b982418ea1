"""The reference site in a real browser (issue 22): Debian's Chromium, driven by Playwright.

One browser for the module; every page is opened from file:// (as a player who copied the folder
does), except for the service worker, which needs a server: a localhost one, stopped halfway.
Every test fails on a request that leaves the site's own files. Skipped, saying why, where
Playwright or Chromium is missing (`.ci/run` installs Chromium; the README says how to run these).
Screenshots at phone size go to $PLAYAID_SCREENSHOTS (default: a temporary folder, printed).
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import socket
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import pytest

from generator.cli import main
from generator.render.booklets import anchor
from generator.render.typeset import without_taken_spaces
from generator.scenario.check import check_documents
from generator.site import site_files
from generator.site.write import write_site

try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover - depends on the machine
    pytest.skip(
        "Playwright is not installed (pip install -e '.[test]'): the browser tests need it",
        allow_module_level=True,
    )

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None and Path("/usr/bin/chromium").is_file():
    CHROMIUM = "/usr/bin/chromium"
if CHROMIUM is None:  # pragma: no cover - depends on the machine
    pytest.skip(
        "no Chromium on this machine (apt-get install -y chromium): the browser tests need it",
        allow_module_level=True,
    )

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 360, "height": 740}
TAP = 44  # CSS pixels, the least a tap target may measure each way
TAPPABLE = (
    ".bar a, .switch button, .chip > span, button.roll, ul.links a, ol.results a, nav.jump a,"
    " details.contents summary, .search-row input, .search-row button"
)


@pytest.fixture(scope="module")
def site(content, tmp_path_factory):
    """The site of the built-in content, written to a folder; its files and its address."""
    _, samples = check_documents(content, content.scenarios)
    built = site_files(content, samples)
    folder = tmp_path_factory.mktemp("site")
    write_site(folder, built)
    return built, folder


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    """Chromium, headless, with nothing of its own going to the network."""
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser, site):
    """A phone-sized page whose every request outside the site's folder fails the test."""
    _, folder = site
    allowed = folder.as_uri() + "/"
    foreign: list[str] = []
    context = browser.new_context(viewport=PHONE, locale="en-US")

    def guard(route):
        if route.request.url.startswith(allowed):
            route.continue_()
        else:
            foreign.append(route.request.url)
            route.abort()

    context.route("**/*", guard)
    opened = context.new_page()
    opened.on(
        "request",
        lambda request: None if request.url.startswith(allowed) else foreign.append(request.url),
    )
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    yield opened
    context.close()
    assert not foreign, f"requests outside the site: {foreign}"
    assert not errors, f"errors in the page: {errors}"


def address(site, path: str) -> str:
    return site[1].as_uri() + "/" + path


def lookup_json(table: str, pairs: list[str], lang: str, capsys) -> dict:
    """What `playaid lookup TABLE PAIRS --json --lang LANG` prints, read back."""
    capsys.readouterr()
    assert main(["lookup", table, *pairs, "--json", "--lang", lang]) == 0
    return json.loads(capsys.readouterr().out)


def expected_value(table, answer: dict, lang: str) -> str:
    """The cell's value as the chart prints it (number, unit), from lookup's JSON."""
    value = answer["value"]
    if value is None:
        return "—"
    text = format(value, "g") if isinstance(value, float) else str(value)
    unit = table.table.unit
    if isinstance(value, int | float) and unit is not None:
        text = f"{text}{unit.get(lang)}" if lang == "ja" else f"{text} {unit.get(lang)}"
    return text


def check_answer(page, table, pairs: list[str], lang: str, capsys) -> None:
    """The answer the page shows is lookup's, value, uncertainty, notes and keys."""
    answer = lookup_json(table.id, pairs, lang, capsys)
    shown = page.locator(".answer:not([hidden])")
    value = shown.locator(".value").inner_text()
    assert value.startswith(expected_value(table, answer, lang)), (table.id, pairs, lang, value)
    assert value.endswith("(?)") == answer["uncertain"], (table.id, pairs, value)
    text = shown.inner_text()
    prefix = r"^\(\?\) (uncertain|不確実): "
    for line in (answer["note"] or "").splitlines():
        expected = without_taken_spaces(re.sub(prefix, "", line).lstrip("*†‡§¶abcdefgh ").strip())
        assert expected[:40] in text
    keys = page.locator(".command .args").inner_text()
    assert keys.split() == [f"{key}={value}" for key, value in answer["keys"].items()]


def choose(page, table, cell) -> list[str]:
    """Tap the keys of a cell (a die range: its lowest roll); the pairs lookup takes for it."""
    pairs = []
    for axis in table.axes:
        value = cell.address[axis.key]
        shown = str(value[0]) if isinstance(value, tuple) else value
        page.locator(f'fieldset[data-key="{axis.key}"] input[value="{shown}"]').check()
        pairs.append(f"{axis.key}={shown}")
    return pairs


def test_every_chart_answers_as_playaid_lookup_does(page, site, content, capsys):
    for lang in ("en", "ja"):
        for table in content.tables.values():
            page.goto(address(site, f"charts/{table.id}.html"))
            if lang == "ja" and page.get_attribute("html", "data-lang") != "ja":
                page.click('[data-set-lang="ja"]')
            assert page.get_attribute("html", "lang") == lang
            # Three cells of every chart in English, the middle one again in Japanese.
            every = {0, len(table.cells) // 2, len(table.cells) - 1}
            indexes = sorted(every) if lang == "en" else [len(table.cells) // 2]
            for cell in (table.cells[index] for index in indexes):
                check_answer(page, table, choose(page, table, cell), lang, capsys)


def test_keys_in_the_address_are_read_as_lookup_reads_them(page, site, content, capsys):
    cases = [
        ("fpcf.aircraft-type", ["nation=USA", "die=3"]),
        ("fpcf.aircraft-type", ["nation=Soviet", "die=0"]),
        ("fpcf.aircraft-type", ["nation=ポーランド (PO)", "die=9"]),
        ("fpcf.troop-quality", ["quality=精鋭", "die=9"]),
        ("fpcf.troop-quality", ["Quality=1st Line", "die=0"]),
        ("fpcf.starting-morale", ["nation=BR"]),
        ("fpcf.detection", ["target=WP", "level=nato-2"]),
        ("fpcf.air-strike-availability", ["level=wp3", "nation=USA"]),
    ]
    for table_id, pairs in cases:
        query = urlencode([tuple(pair.split("=", 1)) for pair in pairs])
        page.goto(address(site, f"charts/{table_id}.html?{query}"))
        check_answer(page, content.tables[table_id], pairs, "en", capsys)


def test_a_seeded_roll_is_repeatable_and_lights_its_row(page, site, content, capsys):
    for table in content.tables.values():
        die = table.die_axis
        if die is None:
            continue
        totals = []
        for _ in range(2):
            page.goto(address(site, f"charts/{table.id}.html?seed=7"))
            page.click("button.roll")
            total = int(page.get_attribute(".rolled .dice", "data-total"))
            totals.append(total)
            low, high = die.faces
            assert low <= total <= high
            dice = page.inner_text(".rolled .dice")
            assert dice.endswith(str(total)) and ("+" in dice) == (die.die == "2d6")
            row = page.get_attribute("tr.hit-row", "data-die")
            first, _, last = row.partition("-")
            assert int(first) <= total <= int(last or first), (table.id, total, row)
            assert page.locator("td.hit").count() == 1
            assert page.is_checked(f'fieldset[data-key="{die.key}"] input[value="{total}"]')
            pairs = [
                f"{axis.key}={page.get_attribute(f'input[name={axis.key!r}]:checked', 'value')}"
                for axis in table.axes
            ]
            check_answer(page, table, pairs, "en", capsys)
        assert totals[0] == totals[1], table.id


def search(page, site, query: str) -> list[str]:
    """The cases the search lists for `query`, in order."""
    page.goto(address(site, "search.html"))
    page.fill("#q", query)
    return page.eval_on_selector_all(
        "ol.results a", "links => links.map(link => link.dataset.case)"
    )


def test_search_finds_cases_by_number_english_and_japanese(page, site, content):
    case = content.cases["cf.15.41"]
    assert search(page, site, "15.41")[0] == "cf.15.41"
    assert search(page, site, "[15.41]")[0] == "cf.15.41"
    assert search(page, site, "１５．４１")[0] == "cf.15.41"  # full-width digits and point
    assert search(page, site, "cf.15.41")[0] == "cf.15.41"
    assert "cf.15.41" in search(page, site, "Warsaw Pact airborne units are not")
    full_width = "ＷＡＲＳＡＷ　ＰＡＣＴ　ＡＩＲＢＯＲＮＥ"
    assert "cf.15.41" in search(page, site, full_width)
    japanese = re.search(r"[\u3040-\u30ff\u4e00-\u9fff]{6,}", case.text.ja).group()
    assert "cf.15.41" in search(page, site, japanese)
    with_dice = {cid for cid, c in content.cases.items() if c.text and "ダイス" in c.text.ja}
    found = set(search(page, site, "ﾀﾞｲｽ"))  # half-width katakana
    assert found == with_dice or found >= with_dice, with_dice - found
    assert int(page.inner_text(".found .count")) >= len(with_dice)
    assert search(page, site, "zzzqqqxxy") == []
    assert page.is_visible(".nothing")
    # A result leads to its case.
    search(page, site, "15.41")
    page.click('ol.results a[data-case="cf.15.41"]')
    page.wait_for_url(f"**/rules/cf.html#{anchor('cf.15.41')}")
    page.wait_for_selector(f"#{anchor('cf.15.41')}", state="visible")
    assert page.evaluate("document.querySelector(':target').id") == anchor("cf.15.41")


def test_search_results_set_japanese_as_the_pages_do(page, site):
    """A result's Japanese gets the quarter-em gap where it meets Latin text, as every page
    does, and its words are the case's own (no character added)."""
    assert search(page, site, "ダイスを2個")
    gaps = page.eval_on_selector_all(
        "ol.results .snippet .ja-gap",
        "gaps => gaps.map(gap => [parseFloat(getComputedStyle(gap).marginLeft),"
        " parseFloat(getComputedStyle(gap).fontSize)])",
    )
    assert gaps and all(abs(margin / size - 0.25) < 0.01 for margin, size in gaps)
    snippet = page.inner_text("ol.results .snippet")
    assert "ダイスを2個" in snippet.replace("\n", "")


def test_the_language_switch_changes_every_page_and_is_remembered(page, site):
    files = site[0].files
    pages = sorted(path for path in files if path.endswith(".html"))
    page.goto(address(site, "index.html"))
    assert page.get_attribute("html", "lang") == "en"
    page.click('[data-set-lang="ja"]')
    visible = """cls => Array.from(document.querySelectorAll(cls))
        .filter(element => element.getClientRects().length > 0).length"""
    for path in pages:
        page.goto(address(site, path))
        assert page.get_attribute("html", "lang") == "ja", path
        assert page.get_attribute("html", "data-lang") == "ja", path
        assert page.evaluate(visible, ".l-en") == 0, path
        assert page.evaluate(visible, ".l-ja") > 0, path
        assert page.evaluate(visible, ".mark-en") == 0, path
        assert "·" not in page.inner_text("body"), path  # the marks between facts are ・
        assert page.title() == page.get_attribute("title", "data-ja"), path
    page.reload()
    assert page.get_attribute("html", "lang") == "ja"
    page.goto(address(site, "charts/mak.pilots.html"))
    assert page.inner_text(".kicker").endswith("・プレイヤーエイド")
    page.click('[data-set-lang="both"]')
    assert page.evaluate(visible, ".l-en") > 0 and page.evaluate(visible, ".l-ja") > 0
    assert page.evaluate(visible, ".mark-ja") == 0 and page.evaluate(visible, ".mark-en") > 0
    page.click('[data-set-lang="en"]')
    page.goto(address(site, "rules/mak.html"))
    assert page.get_attribute("html", "lang") == "en"
    assert page.evaluate(visible, ".l-ja") == 0
    assert page.get_attribute('[data-set-lang="en"]', "aria-pressed") == "true"


def test_at_phone_size_no_page_scrolls_sideways_and_taps_are_44_px(page, site):
    files = site[0].files
    small = """([selector, least]) => Array.from(document.querySelectorAll(selector))
        .filter(element => element.getClientRects().length > 0)
        .map(element => [element.outerHTML.slice(0, 80), element.getBoundingClientRect()])
        .filter(([_, box]) => box.width < least - 0.5 || box.height < least - 0.5)
        .map(([html, box]) => `${html} ${box.width}x${box.height}`)"""
    for mode in ("both", "ja", "en"):
        page.goto(address(site, "index.html"))
        page.click(f'[data-set-lang="{mode}"]')
        for path in sorted(p for p in files if p.endswith(".html")):
            page.goto(address(site, path + ("?q=ダイス" if path == "search.html" else "")))
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"], (mode, path, width)
            assert page.evaluate(small, [TAPPABLE, TAP]) == [], (mode, path)


def test_tablets_and_desktops_do_not_scroll_sideways_either(browser, site):
    for viewport in ({"width": 768, "height": 1024}, {"width": 1280, "height": 800}):
        context = browser.new_context(viewport=viewport)
        opened = context.new_page()
        for path in ("index.html", "charts/fpcf.hq-capability.html", "rules/mak.html"):
            opened.goto(address(site, path))
            opened.click('[data-set-lang="both"]')
            assert opened.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        for path in ("scenarios/mak.quarry-road.html", "scenarios/fpcf.hof-gap-dawn.html"):
            opened.goto(address(site, path))
            assert opened.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        context.close()


def test_screenshots_at_phone_size_for_the_developer_to_look_at(page, site, tmp_path_factory):
    folder = Path(os.environ.get("PLAYAID_SCREENSHOTS") or tmp_path_factory.mktemp("screens"))
    folder.mkdir(parents=True, exist_ok=True)
    shots = [
        ("chart", "charts/fpcf.aircraft-type.html?nation=us&seed=4", "button.roll", "en"),
        ("chart-ja", "charts/fpcf.troop-quality.html?seed=2", "button.roll", "ja"),
        ("rules", f"rules/cf.html#{anchor('cf.15.41')}", None, "both"),
        ("scenario", "scenarios/mak.quarry-road.html", None, "en"),
        ("scenario-ja", "scenarios/fpcf.hof-gap-dawn.html", None, "ja"),
        ("search", "search.html?q=ﾀﾞｲｽ", None, "both"),
    ]
    for name, path, tap, mode in shots:
        page.goto(address(site, path))
        page.click(f'[data-set-lang="{mode}"]')
        if tap:
            page.click(tap)
        page.screenshot(path=str(folder / f"{name}.png"))
        assert (folder / f"{name}.png").stat().st_size > 1000
    print(f"screenshots: {folder}")


class Quiet(SimpleHTTPRequestHandler):
    """A static server that keeps its log to itself."""

    def log_message(self, format: str, *args: object) -> None:
        del format, args


def test_offline_after_one_visit_over_localhost(browser, site):
    files, folder = site[0].files, site[1]
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=folder))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    context = browser.new_context(viewport=PHONE)
    opened = context.new_page()
    requests: list[str] = []
    opened.on("request", lambda request: requests.append(request.url))
    try:
        opened.goto(base + "index.html")
        kept = opened.evaluate(
            """async (wanted) => {
                await navigator.serviceWorker.ready;
                for (let tries = 0; tries < 200; tries += 1) {
                    for (const key of await caches.keys()) {
                        const count = (await (await caches.open(key)).keys()).length;
                        if (count >= wanted) return count;
                    }
                    await new Promise((resolve) => setTimeout(resolve, 50));
                }
                return 0;
            }""",
            len(files),
        )
        assert kept == len(files)  # every file but sw.js, and the folder's own address
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
    opened.reload()  # the server is gone: the service worker answers
    assert opened.url == base + "index.html"
    assert opened.title().endswith("playaid")
    assert opened.locator("ul.links a").count() > 30
    opened.goto(base)
    assert opened.locator("ul.links a").count() > 30
    opened.goto(base + "charts/fpcf.air-drop.html?seed=3")
    opened.click("button.roll")
    assert opened.locator(".answer:not([hidden]) .value").inner_text()
    opened.goto(base + "search.html?q=15.41")
    assert opened.get_attribute("ol.results a", "data-case") == "cf.15.41"
    opened.goto(base + "scenarios/mak.quarry-road.html")
    assert opened.locator("svg.boards").count() == 2
    served = urlsplit(base)  # and the server really is gone: nothing answers on its port
    with pytest.raises(OSError):
        socket.create_connection((served.hostname, served.port), timeout=2).close()
    context.close()
    assert all(url.startswith(base) for url in requests), requests
