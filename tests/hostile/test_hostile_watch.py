"""The watch loop, round 3 (issue 33, items 4 to 6): `build --watch` watches what the player edits,
through links, and nothing playaid writes, wherever the output folder and the cache lie; its
memory levels off over hundreds of rebuilds.

The 200-rebuild memory sweep takes about 20 minutes, so it runs only when asked:
`PLAYAID_WATCH_SWEEP=1 python -m pytest tests/hostile/test_hostile_watch.py -p no:cacheprovider`
(`PLAYAID_WATCH_REBUILDS` sets another count). CI runs the checks that fail the same way at once:
a build lets go of the PDFs it parsed, and an edited folder's load replaces the older one.
"""

from __future__ import annotations

import gc
import logging
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from watching import Watcher, edit

from generator.builder import watch
from generator.core.places import DEFAULT_CONTENT

SCENARIO = DEFAULT_CONTENT / "scenarios" / "mak" / "depot-raid.yaml"
SHEET = Path("mak/en/mak.my-raid.sheet.a4.pdf")
OVERLAY = DEFAULT_CONTENT / "mak" / "rank-vp.yaml"  # any content file makes a folder an overlay
QUIET = 3.0  # seconds without a save in which a watch must not build (it looks 30 times)
NO_REBUILD = 120.0  # seconds: a save that is never built fails here, not at the hang guard
EXAMPLES = int(os.environ.get("PLAYAID_HYPOTHESIS_EXAMPLES", "40"))
SWEEP = bool(os.environ.get("PLAYAID_WATCH_SWEEP"))
REBUILDS = int(os.environ.get("PLAYAID_WATCH_REBUILDS", "200"))
SETTLED_AFTER = int(
    os.environ.get("PLAYAID_WATCH_SETTLED", "20")
)  # rebuilds before the memory is measured from: the caches fill first
MEMORY_GROWTH_MB = 20.0


def scenario(folder: Path, name: str = "s.yaml") -> Path:
    """`S` of the issue: the depot raid under an id of its own, saved as `folder/name`."""
    text = SCENARIO.read_text(encoding="utf-8").replace("id: mak.depot-raid", "id: mak.my-raid")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def finish(watcher: Watcher) -> None:
    """Ctrl-C: exit 0 and no traceback."""
    code = watcher.stop()
    rest = watcher.process.stdout.read() if watcher.process.stdout else ""
    assert code == 0, watcher.seen
    assert "Traceback" not in "\n".join(watcher.seen) + rest


def test_an_edit_to_a_linked_scenarios_target_is_built(tmp_path):
    """Item 4: the scenario named through a link to a link; an edit to the file they lead to
    builds again, and so does pointing a link at another file."""
    target = scenario(tmp_path / "real", "raid.yaml")
    other = scenario(tmp_path / "real", "other.yaml")
    edit(other, "author: playaid", "author: somebody else")
    (tmp_path / "first.yaml").symlink_to(Path("real") / "raid.yaml")
    (tmp_path / "my.yaml").symlink_to("first.yaml")
    watcher = Watcher(tmp_path, "my.yaml", "--lang", "en", "-j", "1", "--out", "out")
    try:
        watcher.until("watching ")
        first = (tmp_path / "out" / SHEET).read_bytes()
        edit(target, "author: playaid", "author: the player")
        lines = watcher.until("watching ", timeout=NO_REBUILD)
        assert lines[0].startswith("changed: ") and "raid.yaml" in lines[0], lines
        assert any(line.startswith("built ") for line in lines), lines
        second = (tmp_path / "out" / SHEET).read_bytes()
        assert second != first
        (tmp_path / "first.yaml").unlink()
        (tmp_path / "first.yaml").symlink_to(Path("real") / "other.yaml")
        lines = watcher.until("watching ", timeout=NO_REBUILD)
        assert any(line.startswith("built ") for line in lines), lines
        assert (tmp_path / "out" / SHEET).read_bytes() not in (first, second)
    finally:
        finish(watcher)


def test_a_build_into_the_overlay_it_watches_is_not_a_change(tmp_path):
    """Item 5: `cd ov && playaid --overlay . build ../s.yaml --lang en --watch` (the issue's
    --kit left out: the sheet alone shows it), the output, and here the cache too, inside the
    overlay: no build without a save, one build a save."""
    path = scenario(tmp_path)
    overlay = tmp_path / "ov"
    overlay.mkdir()
    shutil.copy(OVERLAY, overlay / OVERLAY.name)
    watcher = Watcher(overlay, "--overlay", ".", "../s.yaml", "--lang", "en", "-j", "1")
    try:
        assert any(line.startswith("built ") for line in watcher.until("watching "))
        assert watcher.quiet(QUIET) == []
        edit(path, "author: playaid", "author: the player")
        lines = watcher.until("watching ", timeout=NO_REBUILD)
        assert lines[0] == "changed: " + str(Path("..") / "s.yaml"), lines
        assert watcher.quiet(QUIET) == []
    finally:
        finish(watcher)


# Where the output folder and the cache may stand among the watched folders: relative to the
# scratch folder, inside the content, inside an overlay, the overlay itself, beside them, or
# reached through a link. Each must stay out of the watch, the player's own files stay in.
PLACES = st.sampled_from(
    [
        "content/output",
        "content/deep/er/output",
        "overlay/output",
        "overlay",
        "output",
        "content/cache/playaid",
        "overlay/x/y/z",
        "linked-out",
    ]
)


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(out=PLACES, cache=PLACES, through_link=st.booleans())
def test_nothing_written_below_the_output_or_the_cache_is_a_change(
    tmp_path_factory, out, cache, through_link
):
    """Whatever the nesting of the output folder and the cache inside the watched folders (or
    the output named through a link to a folder inside one), files written there are never a
    change, and an edit to a player's file always is."""
    base = tmp_path_factory.mktemp("nest")
    for folder in ("content/deep/er", "overlay/x/y", "elsewhere"):
        (base / folder).mkdir(parents=True, exist_ok=True)
    (base / "content" / "deep" / "a.yaml").write_text("a: 1\n")
    (base / "overlay" / "x" / "o.yaml").write_text("o: 1\n")
    named = base / "s.yaml"
    named.write_text("id: x\n")
    (base / "linked-out").symlink_to(base / "elsewhere", target_is_directory=True)
    shown_out = base / out
    if through_link and out != "linked-out":
        shown_out.mkdir(parents=True, exist_ok=True)  # a link to a folder the player made
        (base / "content" / "out-link").symlink_to(shown_out, target_is_directory=True)
        shown_out = base / "content" / "out-link"
    roots = [named, base / "content", base / "overlay"]
    ignored = [shown_out, base / cache]
    before = watch.snapshot(roots, ignored)
    for where in ignored:  # what a build writes: new folders, new and replaced files
        (where / "mak" / "en").mkdir(parents=True, exist_ok=True)
        (where / "mak" / "en" / "x.pdf").write_bytes(os.urandom(8))
        (where / "manifest.json").write_text("{}")
    assert watch.changed(before, watch.snapshot(roots, ignored)) == []
    player = [named]
    if out != "overlay" and cache != "overlay":
        player.append(base / "overlay" / "x" / "o.yaml")
    for path in player:
        path.write_text(path.read_text() + "more: 1\n")
        assert str(path) in watch.changed(before, watch.snapshot(roots, ignored))


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    chain=st.lists(st.booleans(), min_size=1, max_size=6),
    inside=st.booleans(),
)
def test_a_link_is_followed_to_its_target_link_after_link(tmp_path_factory, chain, inside):
    """A named link, or a link inside a watched folder, to a link (absolute or relative, each
    `chain` entry) ... to a file: an edit to the file is a change, and so is re-pointing any
    link of the chain; a loop of links ends."""
    base = tmp_path_factory.mktemp("links")
    (base / "real").mkdir()
    (base / "watched").mkdir()
    target = base / "real" / "target.yaml"
    target.write_text("id: x\n")
    links, previous = [], target
    for number, absolute in enumerate(chain):
        link = (base / "watched" if inside else base) / f"link{number}.yaml"
        link.symlink_to(previous if absolute else os.path.relpath(previous, link.parent))
        links.append(link)
        previous = link
    roots = [base / "watched"] if inside else [links[-1]]
    before = watch.snapshot(roots)
    target.write_text("id: y, longer\n")
    assert watch.changed(before, watch.snapshot(roots))
    before = watch.snapshot(roots)
    (base / "real" / "other.yaml").write_text("id: z\n")
    links[0].unlink()
    links[0].symlink_to(base / "real" / "other.yaml")
    assert watch.changed(before, watch.snapshot(roots))
    links[0].unlink()
    links[0].symlink_to(links[-1])  # a loop: the snapshot still ends
    assert str(links[-1]) in watch.snapshot(roots)


def test_a_build_lets_go_of_the_pdfs_it_bound(tmp_path):
    """Item 6, at once: the parsed PDFs a build binds (about 2.5 MB a new sheet) are carried to
    the next build only (a watch's rebuild binds mostly the same parts, issue 46), which drops
    those it did not use: a watch that renders a new sheet at every save does not keep them all."""
    from generator.cli import main
    from generator.render import readers

    scenario(tmp_path)
    readers.forget()
    out = tmp_path / "out"
    assert (
        main(["build", str(tmp_path / "s.yaml"), "--lang", "both", "-j", "1", "--out", str(out)])
        == 0
    )
    assert (out / "mak" / "both" / "mak.my-raid.sheet.a4.pdf").exists()
    assert readers.parsed.cache_info().currsize == 0 and readers.carried() > 0
    readers.forget()  # a next build that binds none of them
    assert readers.carried() == 0


def test_a_rebuild_makes_no_new_font_configuration(tmp_path, monkeypatch):
    """Item 6, at once: WeasyPrint's font configuration, which leaves memory behind whenever one
    is made, is kept for the watch's next rebuild of a sheet that prints the same characters."""
    from generator.cli import main
    from generator.render import font_setup

    path = scenario(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(font_setup, "_kept", type(font_setup._kept)())
    made: list[int] = []
    real = font_setup.FontConfiguration

    def counted() -> object:
        made.append(1)
        return real()

    monkeypatch.setattr(font_setup, "FontConfiguration", counted)
    original = path.read_text(encoding="utf-8")
    after_each: list[int] = []

    def two_saves(roots, build_once, waiting, **_):
        for author in ("player 12", "player 21"):  # the same characters: the same fonts
            path.write_text(original.replace("author: playaid", f"author: {author}"))
            build_once([str(path)])
            after_each.append(len(made))

    monkeypatch.setattr(watch, "watch", two_saves)
    assert main(["build", "s.yaml", "--lang", "en", "-j", "1", "--out", "out", "--watch"]) == 0
    assert after_each[0] > 0 and after_each[1] == after_each[0], after_each


def test_an_edited_folder_is_loaded_once_in_its_place(tmp_path, monkeypatch):
    """Item 6, at once: each save to an overlay loads the content again, and the load replaces
    the one before (each one kept was about 4 MB)."""
    from generator.content import load

    overlay = tmp_path / "overlay"
    overlay.mkdir()
    shutil.copy(OVERLAY, overlay / OVERLAY.name)
    monkeypatch.setattr(load, "_LOADED", {})
    for number in range(2):
        (overlay / OVERLAY.name).write_text(
            OVERLAY.read_text(encoding="utf-8") + f"# save {number}\n", encoding="utf-8"
        )
        load.load_content(overlays=[overlay])
    assert len(load._LOADED) == 1


def _rss_mb() -> float:
    """This process's resident memory in MB (Linux)."""
    with open("/proc/self/statm") as handle:
        return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


@pytest.mark.skipif(not SWEEP, reason="a 20-minute sweep: set PLAYAID_WATCH_SWEEP=1")
def test_memory_levels_off_over_hundreds_of_rebuilds(tmp_path, monkeypatch):
    """Item 6: the watch's own build function, called after each of REBUILDS saves that change
    the author of a one-page sheet built in both languages (each save a new sheet rendered and
    bound), in one process: after the first SETTLED_AFTER rebuilds, RSS grows under 20 MB."""
    from generator.cli import main

    path = scenario(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    original = path.read_text(encoding="utf-8")
    sizes: list[float] = []

    def rebuild_after_each_save(roots, build_once, waiting, **_):
        build_once([])
        for number in range(REBUILDS):
            path.write_text(original.replace("author: playaid", f"author: player {number}"))
            build_once([str(path)])
            gc.collect()
            sizes.append(_rss_mb())

    monkeypatch.setattr(watch, "watch", rebuild_after_each_save)
    # pytest keeps every log record of a test for its report (WeasyPrint logs at each render):
    # that would be the test's growth, not the watch's.
    monkeypatch.setattr(logging.getLogger(), "handlers", [])
    assert main(["build", "s.yaml", "--lang", "both", "-j", "1", "--out", "out", "--watch"]) == 0
    settled = sizes[SETTLED_AFTER - 1]
    print(f"RSS after rebuild {SETTLED_AFTER}: {settled:.1f} MB; most after: {max(sizes):.1f} MB")
    print("RSS after each rebuild (MB):", " ".join(f"{size:.1f}" for size in sizes))
    assert max(sizes[SETTLED_AFTER:]) - settled < MEMORY_GROWTH_MB, sizes
