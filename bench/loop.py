"""The author's loop (issue 21): inside a running `playaid build FILE --kit --watch`, the time from
saving a one-line change to a sample's scenario file to the new kit on disk, beside bare WeasyPrint
rendering the same changed pages."""

from __future__ import annotations

import itertools
import json
import os
import re
import signal
import statistics
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

from common import (
    HARNESS,
    PLAYAID,
    ROOT,
    cache_counts,
    environment,
    new_folder,
    ratio,
    summary,
    timed,
)

SAMPLE = Path("content/scenarios/mak/rehn-crossing.yaml")
# The edit: the Mercenary truck's set-up hex. Each save moves it to a hex not used before in the
# run, so every rebuild renders a new card (a hex seen before would be answered by the cache).
LINE = '{id: truck, unit: Truck, setup: [{board: 6, hex: "1204"}]}'
HEX = '"1204"'
NEW_HEXES = ('"1203"', '"1205"', '"1104"', '"1304"', '"1103"', '"1303"', '"1105"', '"1305"')
RECORDED_HEX = '"1206"'  # the recorded run's edit, a hex the timed runs never use
KIT = Path("mak/en/mak.rehn-crossing.kit.a4.pdf")
LIMIT_SECONDS = 2.0
STEP_SECONDS = 0.005  # how often the kit's file is looked at
PATIENCE_SECONDS = 300.0  # longest wait for a build, after which the benchmark gives up


class Watching:
    """A running `build --watch` whose output lines are collected as they come; a line that
    `ready` (a pattern) matches at its start says a build is done and the watch is waiting."""

    def __init__(
        self,
        command: list[str],
        cache: Path,
        ready: str = "watching ",
        *,
        where: tuple[Path, dict[str, str]] | None = None,
    ) -> None:
        self.lines: list[str] = []
        self.ready = ready
        cwd, env = where or (ROOT, environment(cache))  # another playaid's folder and environment
        self.process = subprocess.Popen(
            command,
            cwd=cwd,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            # A shell starts a background job with SIGINT ignored, and an ignored signal stays
            # ignored across exec (Python then never installs its Ctrl-C handler): the watch
            # gets SIGINT as it would from a terminal.
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        """Collect every line the process prints."""
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def waiting_after(self, seen: int) -> int:
        """Wait for a 'watching' line after the first `seen` lines; the number of lines then."""
        deadline = time.monotonic() + PATIENCE_SECONDS
        while time.monotonic() < deadline:
            if any(re.match(self.ready, line) for line in self.lines[seen:]):
                return len(self.lines)
            if self.process.poll() is not None:
                break
            time.sleep(STEP_SECONDS)
        raise RuntimeError("build --watch did not finish a build:\n" + "\n".join(self.lines[-30:]))

    def stop(self) -> int:
        """Ctrl-C, as a person would stop it; its exit code."""
        self.process.send_signal(signal.SIGINT)
        return self.process.wait(timeout=PATIENCE_SECONDS)


def save(path: Path, old: str, new: str) -> None:
    """Save the scenario file with one hex changed, in one write as an editor would."""
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def kit_written(kit: Path, before: int, started: float) -> float:
    """Seconds from `started` until the kit's file is a new one (builds replace it by rename)."""
    deadline = time.monotonic() + PATIENCE_SECONDS
    while time.monotonic() < deadline:
        try:
            if os.stat(kit).st_ino != before:
                return time.perf_counter() - started
        except FileNotFoundError:
            pass
        time.sleep(STEP_SECONDS)
    raise RuntimeError(f"the kit {kit} was not written again")


def copy_of_sample(scratch: Path, name: str) -> Path:
    """A copy of the sample scenario in a fresh folder, checked to hold the line the saves edit."""
    text = (ROOT / SAMPLE).read_text(encoding="utf-8")
    if LINE not in text:
        raise RuntimeError(f"{SAMPLE} no longer has the line the benchmark edits: {LINE}")
    copy = new_folder(scratch, name) / SAMPLE.name
    copy.write_text(text, encoding="utf-8")
    return copy


def watch_command(scenario: Path, out: Path) -> list[str]:
    """The author's command: the scenario's kit, one language, rebuilt on every save."""
    return ["build", str(scenario), "--kit", "--lang", "en", "--out", str(out), "--watch"]


def timed_saves(scratch: Path, saves: int) -> dict[str, Any]:
    """One `--watch` from a cold cache: its first build, then `saves` one-line saves, each timed
    from the write to the new kit on disk."""
    scenario = copy_of_sample(scratch, "scenario")
    out, cache = new_folder(scratch, "out-watch"), new_folder(scratch, "cache-watch")
    started = time.perf_counter()
    watching = Watching([*PLAYAID, *watch_command(scenario, out)], cache)
    try:  # a watch that fails the benchmark is stopped all the same
        seen = watching.waiting_after(0)
        first = time.perf_counter() - started
        seconds, counts, hexes = [], [], [HEX, *NEW_HEXES[:saves]]
        for old, new in itertools.pairwise(hexes):
            before = os.stat(out / KIT).st_ino
            started = time.perf_counter()
            save(scenario, old, new)
            seconds.append(kit_written(out / KIT, before, started))
            after = watching.waiting_after(seen)
            counts.append(cache_counts("\n".join(watching.lines[seen:after])))
            seen = after
    finally:
        code = watching.stop()
    return {
        "first_build_seconds": first,
        "seconds": summary(seconds),
        "rendered": [count["rendered"] for count in counts],
        "reused": [count["reused"] for count in counts],
        "exit_code_on_ctrl_c": code,
    }


def recorded_save(scratch: Path, dump: Path) -> None:
    """The same loop under the recording harness: the first build's pages go to dump/warm, the
    pages of one save (to a hex never built before) stay in dump."""
    scenario = copy_of_sample(scratch, "scenario-recorded")
    out, cache = new_folder(scratch, "out-recorded"), new_folder(scratch, "cache-recorded")
    # One worker: the recorder replaces render_pdf in this process, which a worker would not see.
    recording = [*HARNESS, "_record", str(dump)]
    watching = Watching([*recording, *watch_command(scenario, out), "-j", "1"], cache)
    try:
        seen = watching.waiting_after(0)
        warm = dump / "warm"
        warm.mkdir()
        for page in sorted(dump.glob("*.*")):
            page.rename(warm / page.name)
        before = os.stat(out / KIT).st_ino
        save(scenario, HEX, RECORDED_HEX)
        kit_written(out / KIT, before, time.perf_counter())
        watching.waiting_after(seen)
    finally:
        watching.stop()


def author_loop(scratch: Path, saves: int, runs: int) -> dict[str, Any]:
    """The watch rebuild after a one-line save, and bare WeasyPrint on the same changed pages."""
    loop = timed_saves(scratch, saves)
    dump = new_folder(scratch, "html-watch")
    recorded_save(scratch, dump)
    bare_seconds, pages = [], 0
    for _ in range(runs):
        _, stdout = timed([*HARNESS, "_bare", str(dump)], scratch)
        facts = json.loads(stdout.strip().splitlines()[-1])
        bare_seconds.append(facts["render_seconds"])
        pages = facts["documents"]
    median = loop["seconds"]["median"]
    bare_median = statistics.median(bare_seconds)
    return {
        "command": "playaid build COPY.yaml --kit --lang en --out DIR --watch",
        "sample": str(SAMPLE),
        "edit": f"the line {LINE!r}: hex {HEX} -> {', '.join(NEW_HEXES[:saves])}, one per save",
        **loop,
        "bare_pages_rendered": pages,
        "bare_render_seconds": summary(bare_seconds),
        "ratio_to_bare": ratio(median, bare_median),
        "limit_seconds": LIMIT_SECONDS,
    }
