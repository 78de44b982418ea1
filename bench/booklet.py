"""The booklet in the author's loop (issue 32, item 5): inside a running `playaid build mak.rules
--lang ja --watch` on a copy of content/, the time from saving a one-case edit of a Ma.K rule's
Japanese text to the new booklet on disk, beside bare WeasyPrint rendering the same HTML."""

from __future__ import annotations

import itertools
import json
import os
import re
import shutil
import time
from pathlib import Path
from typing import Any

from common import HARNESS, PLAYAID, ROOT, new_folder, ratio, summary, timed
from loop import Watching, kit_written

RULES = Path("mak/rules-06-09.yaml")
CASE = "mak.6.1.1"
# The edit: the first words of the case's Japanese text (its `tr: ja` side, which needs no new
# source hash). Each save puts words not used before in the run, so the cache cannot answer.
PHRASE = "目標を視認するには"
NEW_PHRASES = (
    "目標を視認するためには",
    "目標を目視するには",
    "目標を視認する場合には",
    "目標を確認するには",
    "目標を視認したければ",
    "目標が見えるためには",
    "目標を見るためには",
    "目標を視認しようとするには",
)
RECORDED_PHRASE = "目標を視認するときには"  # the recorded run's edit, never used by the timed runs
BOOKLET = Path("mak/ja/mak.rules.a4.pdf")
# A build of the Japanese edition alone speaks Japanese: the watch's "watching N file(s)" and the
# build's "rendered R, reused C from the cache", as it prints them.
WATCHING = r"\d+ 個のファイルを監視しています"
CACHE_LINE = re.compile(r"組版 (\d+) 件、キャッシュから再利用 (\d+) 件")
LIMIT_RATIO = 1.15  # the save to the new booklet, × bare WeasyPrint on the same HTML
SAVES = 3  # saves timed (the issue: the median of three runs of each)


def copy_of_content(scratch: Path, name: str) -> Path:
    """A copy of content/ in a fresh folder, checked to hold the words the saves edit."""
    copy = new_folder(scratch, name) / "content"
    shutil.copytree(ROOT / "content", copy)
    text = (copy / RULES).read_text(encoding="utf-8")
    at = text.find(f"- id: {CASE}\n")
    if at < 0 or text.find(PHRASE, at) != text.find(PHRASE) or PHRASE not in text:
        raise RuntimeError(f"content/{RULES} no longer has {PHRASE!r} first in {CASE}'s text")
    return copy


def save(content: Path, old: str, new: str) -> None:
    """Save the rules file with the case's words changed, in one write as an editor would."""
    path = content / RULES
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def cache_counts(lines: list[str]) -> tuple[int | None, int | None]:
    """How many documents a build rendered and reused, from its Japanese line about the cache."""
    found = [CACHE_LINE.search(line) for line in lines]
    last = [match for match in found if match][-1:]
    return (int(last[0].group(1)), int(last[0].group(2))) if last else (None, None)


def watch_command(content: Path, out: Path) -> list[str]:
    """The author's command: the Ma.K rule booklet, the Japanese edition, rebuilt on every save."""
    return ["build", "mak.rules", "--lang", "ja", "--content", str(content), "--out", str(out)]


def bare_once(scratch: Path, dump: Path, paced: bool = False) -> tuple[float, int]:
    """Bare WeasyPrint in a process of its own on the recorded booklet (with `paced`, at a
    build's garbage-collector pace): its seconds and its renders."""
    _, stdout = timed([*HARNESS, "_bare_paced" if paced else "_bare", str(dump)], scratch)
    facts = json.loads(stdout.strip().splitlines()[-1])
    return facts["render_seconds"], facts["documents"]


def timed_saves(scratch: Path, saves: int, dump: Path) -> dict[str, Any]:
    """One `--watch` from a cold cache: its first build, then `saves` one-case saves, each timed
    from the write to the new booklet on disk, and after each (the watch idle) bare WeasyPrint
    on the recorded booklet, as it comes and at a build's pace: each trio is taken under the
    same load."""
    content = copy_of_content(scratch, "content-booklet")
    out, cache = new_folder(scratch, "out-booklet"), new_folder(scratch, "cache-booklet")
    started = time.perf_counter()
    watching = Watching([*PLAYAID, *watch_command(content, out), "--watch"], cache, WATCHING)
    try:
        seen = watching.waiting_after(0)
        first = time.perf_counter() - started
        seconds, bare, paced, counts = [], [], [], []
        phrases = [PHRASE, *NEW_PHRASES[:saves]]
        for old, new in itertools.pairwise(phrases):
            before = os.stat(out / BOOKLET).st_ino
            started = time.perf_counter()
            save(content, old, new)
            seconds.append(kit_written(out / BOOKLET, before, started))
            after = watching.waiting_after(seen)
            counts.append(cache_counts(watching.lines[seen:after]))
            seen = after
            bare.append(bare_once(scratch, dump))
            paced.append(bare_once(scratch, dump, paced=True)[0])
    finally:
        code = watching.stop()
    return {
        "first_build_seconds": first,
        "seconds": summary(seconds),
        "rendered": [rendered for rendered, _ in counts],
        "reused": [reused for _, reused in counts],
        "exit_code_on_ctrl_c": code,
        "bare_render_seconds": summary([took for took, _ in bare]),
        "bare_pages_rendered": bare[-1][1],
        "pair_ratios": summary([took / b for took, (b, _) in zip(seconds, bare, strict=True)]),
        "paced_render_seconds": summary(paced),
    }


def recorded_save(scratch: Path, dump: Path) -> None:
    """The same loop under the recording harness: the first build's booklet goes to dump/warm,
    the booklet of one save stays in dump."""
    content = copy_of_content(scratch, "content-booklet-recorded")
    out = new_folder(scratch, "out-booklet-recorded")
    cache = new_folder(scratch, "cache-booklet-recorded")
    # One worker: the recorder replaces render_pdf in this process, which a worker would not see.
    recording = [*HARNESS, "_record", str(dump)]
    command = [*recording, *watch_command(content, out), "--watch", "-j", "1"]
    watching = Watching(command, cache, WATCHING)
    try:
        seen = watching.waiting_after(0)
        warm = dump / "warm"
        warm.mkdir()
        for page in sorted(dump.glob("*.*")):
            page.rename(warm / page.name)
        before = os.stat(out / BOOKLET).st_ino
        save(content, PHRASE, RECORDED_PHRASE)
        kit_written(out / BOOKLET, before, time.perf_counter())
        watching.waiting_after(seen)
    finally:
        watching.stop()


def booklet_loop(scratch: Path, saves: int) -> dict[str, Any]:
    """The watch rebuild after a one-case save, and bare WeasyPrint on the same booklet's HTML:
    the booklet is recorded first, then each timed save is followed by one bare render."""
    dump = new_folder(scratch, "html-booklet")
    recorded_save(scratch, dump)
    loop = timed_saves(scratch, saves, dump)
    return {
        "command": "playaid build mak.rules --lang ja --content COPY --out DIR --watch",
        "edit": f"content/{RULES}, {CASE}'s Japanese text: {PHRASE!r} ->"
        f" {', '.join(repr(p) for p in NEW_PHRASES[:saves])}, one per save",
        **loop,
        "ratio_to_bare": ratio(loop["seconds"]["median"], loop["bare_render_seconds"]["median"]),
        "ratio_to_paced": ratio(loop["seconds"]["median"], loop["paced_render_seconds"]["median"]),
        "limit_ratio": LIMIT_RATIO,
    }
