"""Issue 46's table, each row beside a baseline commit measured in the same run, pair by pair.

    python bench/paired.py [--baseline f8badad] [--pairs N] [--all] [--out FILE]

The baseline is taken out of git (`git archive`, no work tree of its own) into a scratch folder,
and both are run as `python -m generator` with their own folder first on PYTHONPATH and a cache of
their own. Each measurement alternates: yardstick (`python -c "import yaml"`), this checkout, the
baseline, so that the machine's drift cancels out in each pair's ratio. CPU is the child's user +
system seconds (os.wait4), peak its largest resident size. Rows:

  warm-check        `check` with nothing changed, ÷ yardstick, and now ÷ baseline (CPU, peak)
  check-edited      `check FILE` after editing only that file (a comment line), a copy of a sample
                    outside the content (a club's collection), ÷ yardstick
  check-inside      the same for the sample where it lies, inside each side's content folder (an
                    author's case), ÷ yardstick; the file is put back after
  noop-rebuild      `build -j 1` with every PDF cached ÷ the full build (both CPU); by default on
                    TARGETS (a subset, said in the output), with --all on everything
  card-kit          a card and a kit, `--no-cache -j 1`, now ÷ baseline (CPU)
  typesetting       the HTML stage of a card and a kit with and without typesetting (in-process,
                    this checkout only), and its share of their `--no-cache` build
  watch             a kit after a one-line save inside `build --watch` (bench/loop.py), both
                    watches running, saves alternating: wall seconds, now ÷ baseline (at most 8)

Never part of CI or the test suite: docs/performance.md has the figures and the machine they were
taken on.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path
from typing import Any

from common import cache_counts

ROOT = Path(__file__).resolve().parents[1]
YARDSTICK = [sys.executable, "-c", "import yaml"]
TARGETS = ["mak", "fpcf.detection"]  # the no-op rebuild's subset: every Ma.K document and a card
CARD_KIT = ["fpcf.detection", "mak.quarry-road.kit", "--lang", "en"]
SCENARIO = "content/scenarios/mak/quarry-road.yaml"
ROWS = (
    "warm-check",
    "check-edited",
    "check-inside",
    "noop-rebuild",
    "card-kit",
    "typesetting",
    "watch",
)


def checkout(revision: str, scratch: Path) -> Path:
    """The tree of a git revision, unpacked into a folder of the scratch folder."""
    archive = subprocess.run(
        ["git", "archive", "--format=tar", revision], cwd=ROOT, capture_output=True, check=True
    ).stdout
    folder = scratch / f"baseline-{revision}"
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def measure(command: list[str], cwd: Path, env: dict[str, str]) -> dict[str, float]:
    """Run a command to its end: wall and CPU seconds, peak KB; RuntimeError when it fails."""
    start = time.perf_counter()
    process = subprocess.Popen(
        command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    errors = process.stderr.read().decode(errors="replace") if process.stderr else ""
    if process.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} exited {process.returncode}:\n{errors[-2000:]}")
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "peak_kb": usage.ru_maxrss}


class Side:
    """One playaid to run: its folder, its cache, how to start it."""

    def __init__(self, name: str, root: Path, scratch: Path) -> None:
        self.name, self.root = name, root
        self.cache = Path(tempfile.mkdtemp(prefix=f"cache-{name}-", dir=scratch))
        self.env = {**os.environ, "PYTHONPATH": str(root), "XDG_CACHE_HOME": str(self.cache)}
        # Both sides start from bytecode, as an installed playaid does: a tree taken out of git
        # has none, and PYTHONDONTWRITEBYTECODE would have each run compile every module.
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", str(root / "generator")], check=True
        )

    def run(self, *arguments: str) -> dict[str, float]:
        """`python -m generator ARGUMENTS` in its own folder with its own cache."""
        return measure([sys.executable, "-m", "generator", *arguments], self.root, self.env)


def med(values: list[float]) -> float:
    return statistics.median(values)


def warm_check(now: Side, base: Side, pairs: int) -> dict[str, Any]:
    """Warm `check`: each side ÷ the yardstick, now ÷ baseline, peaks."""
    now.run("check"), base.run("check")
    rows: dict[str, list[float]] = {"now": [], "base": [], "pair": [], "now_kb": [], "base_kb": []}
    for _ in range(pairs):
        stick = measure(YARDSTICK, ROOT, now.env)["cpu"]
        a, b = now.run("check"), base.run("check")
        rows["now"].append(a["cpu"] / stick)
        rows["base"].append(b["cpu"] / stick)
        rows["pair"].append(a["cpu"] / b["cpu"])
        rows["now_kb"].append(a["peak_kb"])
        rows["base_kb"].append(b["peak_kb"])
    return {key: med(values) for key, values in rows.items()}


def check_edited(now: Side, base: Side, pairs: int, scratch: Path) -> dict[str, Any]:
    """`check FILE` after an edit of that file only, ÷ the yardstick, each side."""
    files = {}
    for side in (now, base):
        files[side.name] = scratch / f"{side.name}-scenario.yaml"
        files[side.name].write_bytes((side.root / SCENARIO).read_bytes())  # each side's own
        side.run("check", str(files[side.name]))  # the content's first load, not measured
    rows: dict[str, list[float]] = {"now": [], "base": [], "pair": []}
    for number in range(pairs):
        stick = measure(YARDSTICK, ROOT, now.env)["cpu"]
        cpu = {}
        for side in (now, base):
            with files[side.name].open("a", encoding="utf-8") as handle:
                handle.write(f"# edit {number}\n")
            cpu[side.name] = side.run("check", str(files[side.name]))["cpu"]
        rows["now"].append(cpu["now"] / stick)
        rows["base"].append(cpu["base"] / stick)
        rows["pair"].append(cpu["now"] / cpu["base"])
    return {key: med(values) for key, values in rows.items()}


def check_inside(now: Side, base: Side, pairs: int) -> dict[str, Any]:
    """`check FILE` after an edit of that file where it lies, a sample inside each side's own
    content folder (an author's case, issue 46), ÷ the yardstick; each file is put back after."""
    files = {side.name: side.root / SCENARIO for side in (now, base)}
    originals = {name: path.read_bytes() for name, path in files.items()}
    rows: dict[str, list[float]] = {"now": [], "base": [], "pair": []}
    try:
        for side in (now, base):
            side.run("check", SCENARIO)  # the content's first load, not measured
        for number in range(pairs):
            stick = measure(YARDSTICK, ROOT, now.env)["cpu"]
            cpu = {}
            for side in (now, base):
                with files[side.name].open("a", encoding="utf-8") as handle:
                    handle.write(f"# edit {number}\n")
                cpu[side.name] = side.run("check", SCENARIO)["cpu"]
            rows["now"].append(cpu["now"] / stick)
            rows["base"].append(cpu["base"] / stick)
            rows["pair"].append(cpu["now"] / cpu["base"])
    finally:
        for name, path in files.items():
            path.write_bytes(originals[name])
    return {key: med(values) for key, values in rows.items()}


def watch(now: Side, base: Side, pairs: int, scratch: Path) -> dict[str, Any]:
    """The kit after a one-line save inside `build --watch` (bench/loop.py's author's loop):
    each side its own watch on its own copy of the sample, both running, the saves alternating;
    wall seconds from the save to the new kit on disk, what the author waits for, and now ÷
    baseline pair by pair."""
    from loop import HEX, KIT, NEW_HEXES, SAMPLE, Watching, kit_written, save, watch_command

    watches: dict[str, list[Any]] = {}
    try:
        for side in (now, base):
            folder = scratch / f"{side.name}-watch"
            folder.mkdir()
            scenario = folder / SAMPLE.name
            scenario.write_bytes((side.root / SAMPLE).read_bytes())
            command = [sys.executable, "-m", "generator", *watch_command(scenario, folder / "out")]
            watching = Watching(command, side.cache, where=(side.root, side.env))
            watches[side.name] = [watching, scenario, folder / "out" / KIT, 0]
        for entry in watches.values():
            entry[3] = entry[0].waiting_after(0)  # the first builds, not measured
        rows: dict[str, list[float]] = {"now": [], "base": [], "pair": []}
        for old, new in itertools.pairwise([HEX, *NEW_HEXES[:pairs]]):
            for side in (now, base):
                watching, scenario, kit, seen = watches[side.name]
                before, started = os.stat(kit).st_ino, time.perf_counter()
                save(scenario, old, new)
                rows[side.name].append(kit_written(kit, before, started))
                watches[side.name][3] = watching.waiting_after(seen)
            rows["pair"].append(rows["now"][-1] / rows["base"][-1])
    finally:
        codes = {name: entry[0].stop() for name, entry in watches.items()}
    found: dict[str, Any] = {key: med(values) for key, values in rows.items()}
    found["seconds"] = {key: rows[key] for key in ("now", "base")}
    found["exit_codes_on_ctrl_c"] = codes
    found["rendered_last"] = {
        name: cache_counts("\n".join(entry[0].lines[-5:]))["cache_line"]
        for name, entry in watches.items()
    }
    return found


def noop_rebuild(now: Side, base: Side, runs: int, targets: list[str], scratch: Path) -> Any:
    """A full build then no-op rebuilds, each side: the no-op's CPU ÷ the full build's."""
    found: dict[str, Any] = {}
    for side in (now, base):
        out = scratch / f"{side.name}-out"
        full = side.run("build", *targets, "-j", "1", "--out", str(out))
        found[side.name] = {"full_cpu": full["cpu"], "noop_cpu": []}
    for _ in range(runs):
        for side in (now, base):
            out = scratch / f"{side.name}-out"
            noop = side.run("build", *targets, "-j", "1", "--out", str(out))
            found[side.name]["noop_cpu"].append(noop["cpu"])
    for side in found.values():
        side["noop_cpu"] = med(side["noop_cpu"])
        side["ratio"] = side["noop_cpu"] / side["full_cpu"]
    return found


def card_kit(now: Side, base: Side, pairs: int, scratch: Path) -> dict[str, Any]:
    """A card and a kit rendered afresh, one process: now ÷ baseline, CPU."""
    pair, cpu = [], {"now": [], "base": []}
    for number in range(pairs):
        done = {}
        for side in (now, base):
            out = scratch / f"{side.name}-kit-{number}"
            done[side.name] = side.run(
                "build", *CARD_KIT, "--no-cache", "-j", "1", "--out", str(out)
            )
            cpu[side.name].append(done[side.name]["cpu"])
        pair.append(done["now"]["cpu"] / done["base"]["cpu"])
    return {"pair": med(pair), "now_cpu": med(cpu["now"]), "base_cpu": med(cpu["base"])}


def typesetting(runs: int) -> dict[str, Any]:
    """The HTML stage of the card and the kit, with typesetting and with it made a no-op."""
    sys.path.insert(0, str(ROOT))
    script = (
        "import sys, time\n"
        "from generator.render.typeset import kept\n"
        "if sys.argv[1] == 'without':\n"
        "    kept.typeset = lambda html, *a, **k: html\n"
        "kept._read = lambda key: None\n"
        "kept._write = lambda key, page: None\n"
        "from generator.cli import main\n"
        f"main(['build', *{CARD_KIT!r}, '--no-cache', '-j', '1', '--out', sys.argv[2]])\n"
    )
    # The whole no-cache build, with and without: typesetting's share is the difference.
    found: dict[str, list[float]] = {"with": [], "without": []}
    with tempfile.TemporaryDirectory() as scratch:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": scratch}
        for number in range(runs):
            for mode in ("with", "without"):
                out = str(Path(scratch) / f"{mode}-{number}")
                command = [sys.executable, "-c", script, mode, out]
                found[mode].append(measure(command, ROOT, env)["cpu"])
    with_cpu, without_cpu = med(found["with"]), med(found["without"])
    return {
        "with_cpu": with_cpu,
        "without_cpu": without_cpu,
        "share": (with_cpu - without_cpu) / with_cpu,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="f8badad")
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--all", action="store_true", help="the no-op rebuild on everything")
    parser.add_argument(
        "--only", action="append", choices=ROWS, help="rows to measure (default: all)"
    )
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results-paired.json")
    args = parser.parse_args()
    wanted = set(args.only or ROWS)
    with tempfile.TemporaryDirectory(prefix="playaid-paired-") as folder:
        scratch = Path(folder)
        now = Side("now", ROOT, scratch)
        base = Side("base", checkout(args.baseline, scratch), scratch)
        targets = [] if args.all else TARGETS
        rows: dict[str, Any] = {
            "baseline": args.baseline,
            "noop_targets": targets or "everything",
            "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "cores": os.cpu_count(),
            "load_average": os.getloadavg(),
        }
        steps = {
            "warm-check": lambda: warm_check(now, base, args.pairs),
            "check-edited": lambda: check_edited(now, base, args.pairs, scratch),
            "check-inside": lambda: check_inside(now, base, args.pairs),
            "noop-rebuild": lambda: noop_rebuild(now, base, args.pairs, targets, scratch),
            "card-kit": lambda: card_kit(now, base, args.pairs, scratch),
            "typesetting": lambda: typesetting(args.pairs),
            "watch": lambda: watch(now, base, min(args.pairs, 8), scratch),
        }
        for name, step in steps.items():
            if name in wanted:
                rows[name] = step()
                print(f"{name}: {json.dumps(rows[name])}", file=sys.stderr, flush=True)
        rows["load_average_after"] = os.getloadavg()
    args.out.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
