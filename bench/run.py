"""Benchmark playaid on this machine: table-side commands against a yardstick, builds, peak memory,
PDF sizes, the overhead over bare WeasyPrint, the author's loop (a save inside `build --watch`) and
the reference site on its own; writes bench/results.json and prints a table.

    python bench/run.py [--out bench/results.json] [--runs N] [--pairs N] [--saves N] [--quick]
                        [--only table|builds|watch|booklet-watch|site]

Only the standard library and playaid's own dependencies. Never part of CI or the test suite; see
docs/performance.md for what is measured and why.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

# bench/ is this script's own folder, first on sys.path: its parts import each other by name.
from booklet import LIMIT_RATIO, SAVES, booklet_loop
from common import (
    HARNESS,
    INVOCATION,
    PLAYAID,
    ROOT,
    YARDSTICK,
    cache_counts,
    environment,
    new_folder,
    ratio,
    summary,
    timed,
)
from loop import LIMIT_SECONDS, NEW_HEXES, author_loop

TABLE_SIDE: dict[str, list[str]] = {
    "lookup": ["lookup", "fpcf.terrain-movement", "terrain=flat", "class=leg"],
    "rule": ["rule", "mak.15.4.1"],
    "calc": ["calc", "mak.pilot-vp", "rank=captain", "modifiers=none"],
    "roll": ["roll", "fpcf.air-drop", "--seed", "1"],
    "check": ["check"],
    "check-file": ["check", "content/scenarios/mak/quarry-road.yaml"],
}
TABLE_SIDE_LIMIT = 3.0  # warm, × yardstick
CHECK_LIMIT = 5.0  # `check` of the whole content, warm, × yardstick

# The one content edit of build (d): an English cell of a small table only its own card prints,
# re-stamped with its new source hash so that the content still validates.
EDIT_FILE = Path("fpcf/battle-size.yaml")
EDIT_TABLE = "fpcf.battle-size"
EDIT_OLD = "en: 2 brigades (or equivalent) Set-Piece Battle"
EDIT_NEW = "en: 2 brigades (or the equivalent) Set-Piece Battle"

# Largest PDF of a kind, KB. The first targets (cards 44, booklets 398) were set before tagging
# and are each document's untagged size; issue 21 set these, tagged, from the structure a screen
# reader needs (docs/performance.md has the measurements).
SIZE_LIMITS_KB = {"player-aid": 50, "rule-booklet": 500}
# The builds time the PDFs: the reference site (issue 22), which a build of everything also
# writes, is left out of them and timed on its own (`playaid site`).
NO_SITE = "--no-site"
SITE_LIMIT_MB = 10.0
POLL_SECONDS = 0.1


# -- table-side commands, paired with the yardstick ---------------------------------------------


def paired(arguments: list[str], pairs: int, scratch: Path, warm: bool) -> dict[str, Any]:
    """Yardstick, command, yardstick, command…: both medians and the median per-pair ratio."""
    shared = new_folder(scratch, "warm")
    if warm:
        timed(PLAYAID + arguments, shared)  # fills the cache; not measured
    commands, sticks = [], []
    for _ in range(pairs):
        cache = shared if warm else new_folder(scratch, "cold")
        sticks.append(timed(YARDSTICK, cache)[0])
        commands.append(timed(PLAYAID + arguments, cache)[0])
    return {
        "command": "playaid " + " ".join(arguments),
        "seconds": summary(commands),
        "yardstick_seconds": summary(sticks),
        "ratio": summary([c / s for c, s in zip(commands, sticks, strict=True)]),
    }


def table_side(pairs: int, scratch: Path) -> dict[str, Any]:
    """Every table-side command, cold and warm, each paired with the yardstick."""
    timed(YARDSTICK, scratch)  # one unmeasured start, so the first pair finds the files read
    results = {}
    for name, arguments in TABLE_SIDE.items():
        results[name] = {
            mode: paired(arguments, pairs, scratch, warm=mode == "warm")
            for mode in ("cold", "warm")
        }
        print(f"  {name}: done", file=sys.stderr, flush=True)
    return results


# -- builds ---------------------------------------------------------------------------------------


def children_map() -> dict[int, list[int]]:
    """Every process's children, from /proc/*/stat."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    return children


def tree_rss_kb(root: int) -> int:
    """The summed VmRSS (KB) of a process and all its descendants."""
    children, total, todo = children_map(), 0, [root]
    while todo:
        pid = todo.pop()
        todo += children.get(pid, [])
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        found = re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE)
        total += int(found.group(1)) if found else 0
    return total


def watch_peak(process: subprocess.Popen, peak: list[int]) -> None:
    """Poll the process tree's memory until the process ends; keep the peak in peak[0]."""
    while process.poll() is None:
        peak[0] = max(peak[0], tree_rss_kb(process.pid))
        time.sleep(POLL_SECONDS)


def run_build(arguments: list[str], cache: Path, memory: bool = False) -> dict[str, Any]:
    """One `playaid build`: its seconds, its cache line, and its peak memory when asked."""
    with tempfile.TemporaryFile("w+") as output, tempfile.TemporaryFile("w+") as errors:
        start = time.perf_counter()
        process = subprocess.Popen(
            [*PLAYAID, "build", *arguments],
            cwd=ROOT,
            env=environment(cache),
            stdout=output,
            stderr=errors,
            text=True,
        )
        peak = [0]
        watcher = threading.Thread(target=watch_peak, args=(process, peak), daemon=True)
        if memory:
            watcher.start()
        code = process.wait()
        seconds = time.perf_counter() - start
        if memory:
            watcher.join()
        output.seek(0)
        errors.seek(0)
        stdout, stderr = output.read(), errors.read()
    if code != 0:
        raise RuntimeError(f"playaid build {' '.join(arguments)} exited {code}:\n{stderr[-3000:]}")
    return {"seconds": seconds, "peak_kb": peak[0] if memory else None, **cache_counts(stdout)}


def edited_content(scratch: Path) -> tuple[Path, str]:
    """A copy of content/ with one cell's English changed (and re-stamped), and what was done."""
    from generator.content.model.base import source_hash

    copy = new_folder(scratch, "content") / "content"
    shutil.copytree(ROOT / "content", copy)
    path = copy / EDIT_FILE
    text = path.read_text(encoding="utf-8")
    at = text.find(EDIT_OLD)
    stamp = re.compile(r'from: "([0-9a-f]{8})"')
    found = stamp.search(text, at) if at >= 0 else None
    if found is None:
        path.write_text(text + "# bench edit\n", encoding="utf-8")
        return copy, f"appended a comment line '# bench edit' to content/{EDIT_FILE}"
    fresh_hash = source_hash(EDIT_NEW.removeprefix("en: "))
    text = text[: found.start(1)] + fresh_hash + text[found.end(1) :]
    text = text[:at] + EDIT_NEW + text[at + len(EDIT_OLD) :]
    path.write_text(text, encoding="utf-8")
    return copy, f"content/{EDIT_FILE}: {EDIT_OLD!r} -> {EDIT_NEW!r}, `from` re-stamped"


def pdf_sizes(out: Path) -> dict[str, Any]:
    """Min, median and max size (KB of 1024 bytes) of each kind of PDF in a build's manifest."""
    sizes: dict[str, list[float]] = {}
    for entry in json.loads((out / "manifest.json").read_text(encoding="utf-8"))["documents"]:
        sizes.setdefault(entry["kind"], []).append((out / entry["path"]).stat().st_size / 1024)
    return {kind: summary(values) for kind, values in sorted(sizes.items())}


def dependent_documents(out: Path) -> int:
    """How many documents of a build print the edited table on their own (its cards)."""
    entries = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["documents"]
    return sum(1 for entry in entries if entry["id"].startswith(f"{EDIT_TABLE}.card"))


def build_round(scratch: Path, jobs: int) -> dict[str, dict[str, Any]]:
    """Builds (a) to (d) once, each in fresh folders; (b), (c), (d) share one cache and output."""
    results = {}
    one = new_folder(scratch, "out-a")
    arguments = ["--no-cache", "-j", "1", NO_SITE, "--out", str(one)]
    results["a"] = run_build(arguments, new_folder(scratch, "cache-a"), memory=True)
    print(f"  (a) {results['a']['seconds']:.1f} s", file=sys.stderr, flush=True)
    out, cache = new_folder(scratch, "out-b"), new_folder(scratch, "cache-b")
    arguments = ["--no-cache", "-j", str(jobs), NO_SITE, "--out", str(out)]
    results["b"] = run_build(arguments, cache, memory=True)
    results["b"]["sizes"] = pdf_sizes(out)
    results["b"]["dependent"] = dependent_documents(out)
    print(f"  (b) {results['b']['seconds']:.1f} s", file=sys.stderr, flush=True)
    results["c"] = run_build([NO_SITE, "--out", str(out)], cache)
    content, edit = edited_content(scratch)
    results["d"] = run_build(["--content", str(content), NO_SITE, "--out", str(out)], cache)
    results["d"]["edit"] = edit
    print("  (c), (d) done", file=sys.stderr, flush=True)
    return results


def builds(runs: int, scratch: Path) -> dict[str, Any]:
    """Builds (a) to (d), `runs` rounds: seconds, cache lines, peak memory and PDF sizes."""
    jobs = os.cpu_count() or 1
    rounds = [build_round(new_folder(scratch, f"round{n}"), jobs) for n in range(runs)]
    names = {
        "a": ("full_one_worker", "playaid build --no-cache -j 1 --no-site --out DIR"),
        "b": ("full_all_cores", f"playaid build --no-cache -j {jobs} --no-site --out DIR2"),
        "c": ("nothing_changed", "playaid build --no-site --out DIR2 (after b, same cache)"),
        "d": ("one_file_changed", "playaid build --content COPY --no-site --out DIR2 (after c)"),
    }
    results: dict[str, Any] = {"jobs": jobs}
    for key, (name, command) in names.items():
        entries = [r[key] for r in rounds]
        peaks = [e["peak_kb"] for e in entries if e["peak_kb"] is not None]
        results[name] = {
            "command": command,
            "seconds": summary([e["seconds"] for e in entries]),
            "peak_mb": max(peaks) / 1024 if peaks else None,
            "cache_line": entries[-1]["cache_line"],
            "rendered": entries[-1]["rendered"],
            "reused": entries[-1]["reused"],
        }
    results["one_file_changed"]["edit"] = rounds[-1]["d"]["edit"]
    results["one_file_changed"]["dependent_documents"] = rounds[-1]["b"]["dependent"]
    results["pdf_sizes_kb"] = rounds[-1]["b"]["sizes"]
    full = results["full_one_worker"]["seconds"]["median"]
    for name in ("full_all_cores", "nothing_changed", "one_file_changed"):
        results[name]["ratio_to_one_worker"] = ratio(results[name]["seconds"]["median"], full)
    return results


# -- the reference site, on its own ----------------------------------------------------------------


def site(runs: int, scratch: Path) -> dict[str, Any]:
    """`playaid site` into a fresh folder (every file written) and again into the same folder
    (nothing changed, nothing written), `runs` times each with a warm cache; the site's size."""
    cache = new_folder(scratch, "cache-site")
    timed([*PLAYAID, "check"], cache)  # fills the content cache; not measured
    fresh, again, out = [], [], None
    for _ in range(runs):
        out = new_folder(scratch, "site")
        fresh.append(timed([*PLAYAID, "site", "--out", str(out)], cache)[0])
        again.append(timed([*PLAYAID, "site", "--out", str(out)], cache)[0])
    files = [path for path in out.rglob("*") if path.is_file() and not path.name.startswith(".")]
    return {
        "command": "playaid site --out DIR",
        "fresh_seconds": summary(fresh),
        "unchanged_seconds": summary(again),
        "files": len(files),
        "pages": sum(1 for path in files if path.suffix == ".html"),
        "size_mb": sum(path.stat().st_size for path in files) / 1024 / 1024,
    }


# -- bare WeasyPrint ------------------------------------------------------------------------------


def record(dump: Path, arguments: list[str]) -> int:
    """Harness, run in its own process: a playaid build whose every render_pdf call is recorded
    (its arguments leave out the site, as build (a)'s do)."""
    import generator.render.pdf as pdf
    from generator.cli import main as playaid

    real, numbers = pdf.render_pdf, itertools.count()

    def recorder(
        html: str,
        base: Path,
        allowed: list[Path],
        *,
        identifier: bytes,
        forms: bool = False,
        variant: str | None = None,
    ) -> Any:
        """Keep the HTML and its forms flag, then render as playaid would."""
        stem = dump / f"{next(numbers):05d}"
        stem.with_suffix(".html").write_text(html, encoding="utf-8")
        stem.with_suffix(".json").write_text(json.dumps({"forms": forms, "base": str(base)}))
        return real(html, base, allowed, identifier=identifier, forms=forms, variant=variant)

    pdf.render_pdf = recorder
    return playaid(arguments)


def bare(dump: Path, same_pace: bool = False) -> int:
    """Harness, run in its own process: render every recorded HTML with WeasyPrint alone; with
    `same_pace`, after setting Python's garbage collector as a playaid build does."""
    import weasyprint

    if same_pace:
        from generator.builder.collector import tune_for_build

        tune_for_build()

    def render(page: Path) -> None:
        facts = json.loads(page.with_suffix(".json").read_text())
        base = Path(facts["base"]).as_uri() + "/"
        document = weasyprint.HTML(string=page.read_text(encoding="utf-8"), base_url=base)
        # Tagged, as playaid's own renders are: tagging is WeasyPrint's work, not overhead.
        options = {"pdf_forms": facts["forms"], "pdf_tags": True}
        document.render(**options).write_pdf(**options)

    # dump/warm holds what a process rendered before the pages timed (the author's loop: the
    # watch's first build); rendered first and untimed, WeasyPrint starts as warm as that process.
    for page in sorted((dump / "warm").glob("*.html")):
        render(page)
    start, pages = time.perf_counter(), sorted(dump.glob("*.html"))
    for page in pages:
        render(page)
    print(json.dumps({"documents": len(pages), "render_seconds": time.perf_counter() - start}))
    return 0


def bare_weasyprint(runs: int, scratch: Path, full: float | None) -> dict[str, Any]:
    """Bare WeasyPrint on the HTML of a full one-worker build, timed as a whole process."""
    dump, cache = new_folder(scratch, "html"), new_folder(scratch, "cache-bare")
    build = [
        "build",
        "-j",
        "1",
        "--no-cache",
        NO_SITE,
        "--out",
        str(new_folder(scratch, "out-bare")),
    ]
    timed([*HARNESS, "_record", str(dump), *build], cache)  # harness, not timed
    seconds, inner, paced = [], [], []
    for _ in range(runs):
        took, stdout = timed([*HARNESS, "_bare", str(dump)], cache)
        seconds.append(took)
        inner.append(json.loads(stdout.strip().splitlines()[-1]))
        paced.append(timed([*HARNESS, "_bare_paced", str(dump)], cache)[0])
    bare_median, paced_median = statistics.median(seconds), statistics.median(paced)
    return {
        "documents_rendered": inner[-1]["documents"],
        "seconds": summary(seconds),
        "render_seconds": summary([i["render_seconds"] for i in inner]),
        "paced_seconds": summary(paced),
        "playaid_full_one_worker_seconds": full,
        "overhead": None if full is None else (full - bare_median) / full,
        "overhead_same_pace": None if full is None else (full - paced_median) / full,
    }


# -- facts, targets, report -----------------------------------------------------------------------


def output_of(command: list[str]) -> str | None:
    """A command's stripped stdout, or None when it cannot run or fails."""
    try:
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return done.stdout.strip()


def machine() -> dict[str, Any]:
    """The machine, the interpreter and the code measured."""
    from importlib.metadata import version

    meminfo = Path("/proc/meminfo").read_text() if Path("/proc/meminfo").exists() else ""
    total = re.search(r"^MemTotal:\s+(\d+) kB", meminfo, re.MULTILINE)
    changed = output_of(["git", "status", "--porcelain", "--untracked-files=no"])
    return {
        "platform": platform.platform(),
        "python": platform.python_version(),
        "cpu_count": os.cpu_count(),
        "memory_mb": int(total.group(1)) // 1024 if total else None,
        "playaid": output_of([*PLAYAID, "--version"]),
        "weasyprint": version("weasyprint"),
        "date_utc": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "git_commit": output_of(["git", "rev-parse", "HEAD"]),
        "git_uncommitted_changes": None if changed is None else bool(changed),
        "invocation": INVOCATION,
    }


def target(name: str, value: float | None, limit: float, below: bool = False) -> dict[str, Any]:
    """One target: the value, its limit (≤, or < when `below`), and whether it is met."""
    met = None if value is None else (value < limit if below else value <= limit)
    return {"name": name, "value": value, "limit": limit, "strict": below, "met": met}


def targets(results: dict[str, Any]) -> list[dict[str, Any]]:
    """Every target the measurements taken can be held against."""
    found = []
    for name, modes in results.get("table_side", {}).items():
        limit = CHECK_LIMIT if name == "check" else TABLE_SIDE_LIMIT
        found.append(target(f"{name} warm × yardstick", modes["warm"]["ratio"]["median"], limit))
    run = results.get("builds")
    if run:
        found.append(
            target("build -j all / -j 1", run["full_all_cores"]["ratio_to_one_worker"], 0.6)
        )
        found.append(
            target("nothing changed / full", run["nothing_changed"]["ratio_to_one_worker"], 0.05)
        )
        changed = run["one_file_changed"]
        found.append(
            target(
                "one file changed: rendered", changed["rendered"], changed["dependent_documents"]
            )
        )
        found.append(target("peak MB, build -j all", run["full_all_cores"]["peak_mb"], 1024, True))
        for kind, most in SIZE_LIMITS_KB.items():
            largest = run["pdf_sizes_kb"].get(kind, {}).get("max")
            found.append(target(f"largest {kind} KB", largest, most))
    if results.get("bare_weasyprint"):
        found.append(
            target("overhead over bare WeasyPrint", results["bare_weasyprint"]["overhead"], 0.15)
        )
        paced = results["bare_weasyprint"]["overhead_same_pace"]
        found.append(target("overhead, bare at playaid's GC pace", paced, 0.15))
    if results.get("author_loop"):
        loop = results["author_loop"]
        found.append(target("watch: save to new kit, s", loop["seconds"]["median"], LIMIT_SECONDS))
    if results.get("booklet_loop"):
        booklet = results["booklet_loop"]
        found.append(
            target("booklet watch × bare WeasyPrint", booklet["ratio_to_bare"], LIMIT_RATIO)
        )
    if results.get("site"):
        found.append(target("site MB", results["site"]["size_mb"], SITE_LIMIT_MB))
    return found


def number(value: float | None, form: str = ".2f") -> str:
    """A figure for the table, or a dash when missing."""
    return "-" if value is None else format(value, form)


def percent(fraction: float | None) -> float | None:
    """A fraction as a percentage, or None."""
    return None if fraction is None else 100 * fraction


def report_table_side(table: dict[str, Any]) -> list[str]:
    """The table-side rows: median seconds and median per-pair ratio, cold and warm."""
    lines = ["", 'table side (x = median per-pair ratio to python -c "import yaml")']
    lines.append(f"{'command':<12}{'cold s':>8}{'cold x':>8}{'warm s':>8}{'warm x':>8}  target")
    for name, modes in table.items():
        limit = CHECK_LIMIT if name == "check" else TABLE_SIDE_LIMIT
        cold, warm = modes["cold"], modes["warm"]
        lines.append(
            f"{name:<12}{number(cold['seconds']['median'], '.3f'):>8}"
            f"{number(cold['ratio']['median']):>8}{number(warm['seconds']['median'], '.3f'):>8}"
            f"{number(warm['ratio']['median']):>8}  warm <= {limit:g}x"
        )
    sticks = [mode["yardstick_seconds"]["median"] for t in table.values() for mode in t.values()]
    lines.append(f"yardstick median {statistics.median(sticks):.3f} s")
    return lines


def report_builds(run: dict[str, Any]) -> list[str]:
    """The build rows, the edit made for (d), and the PDF sizes."""
    lines = ["", f"builds (-j all = -j {run['jobs']})"]
    for name in ("full_one_worker", "full_all_cores", "nothing_changed", "one_file_changed"):
        entry = run[name]
        lines.append(
            f"{name:<18}{number(entry['seconds']['median'], '.1f'):>8} s"
            f"  x(a) {number(entry.get('ratio_to_one_worker', 1.0)):>5}"
            f"  peak {number(entry['peak_mb'], '.0f'):>5} MB  {entry['cache_line'] or ''}"
        )
    lines.append(f"edit: {run['one_file_changed']['edit']}")
    lines += ["", f"{'PDF kind':<16}{'min KB':>8}{'median':>8}{'max KB':>8}{'n':>5}"]
    for kind, size in run["pdf_sizes_kb"].items():
        figures = "".join(f"{size[key]:>8.0f}" for key in ("min", "median", "max"))
        lines.append(f"{kind:<16}{figures}{size['n']:>5}")
    return lines


def report_bare(plain: dict[str, Any]) -> list[str]:
    """The bare WeasyPrint line."""
    return [
        "",
        f"bare WeasyPrint {plain['seconds']['median']:.1f} s for {plain['documents_rendered']}"
        f" renders; playaid (a) {number(plain['playaid_full_one_worker_seconds'], '.1f')} s;"
        f" overhead {number(percent(plain['overhead']), '.1f')} %",
        f"bare WeasyPrint at playaid's GC pace {plain['paced_seconds']['median']:.1f}"
        f" s; overhead {number(percent(plain['overhead_same_pace']), '.1f')} %",
    ]


def report_loop(loop: dict[str, Any]) -> list[str]:
    """The author's loop: the watch's first build, its rebuilds, and bare WeasyPrint beside."""
    seconds = loop["seconds"]
    return [
        "",
        f"author's loop ({loop['command']}): first build {loop['first_build_seconds']:.1f} s;"
        f" save to new kit {seconds['median']:.2f} s median ({seconds['min']:.2f}-"
        f"{seconds['max']:.2f}, {seconds['n']} saves; rendered {loop['rendered']});"
        f" bare WeasyPrint {loop['bare_render_seconds']['median']:.2f} s for the same"
        f" {loop['bare_pages_rendered']} renders; x bare {number(loop['ratio_to_bare'])}",
    ]


def report_booklet(loop: dict[str, Any]) -> list[str]:
    """The booklet in the author's loop: the watch's rebuilds beside bare WeasyPrint."""
    seconds, bare = loop["seconds"], loop["bare_render_seconds"]
    return [
        "",
        f"booklet loop ({loop['command']}): first build {loop['first_build_seconds']:.1f} s;"
        f" save to new booklet {seconds['median']:.2f} s median ({seconds['min']:.2f}-"
        f"{seconds['max']:.2f}, {seconds['n']} saves; rendered {loop['rendered']});"
        f" bare WeasyPrint {bare['median']:.2f} s median ({bare['min']:.2f}-{bare['max']:.2f},"
        f" {bare['n']} runs, one after each save) for the same {loop['bare_pages_rendered']}"
        f" render(s); x bare {number(loop['ratio_to_bare'])} (median per-pair ratio"
        f" {number(loop['pair_ratios']['median'])}); bare at playaid's GC pace"
        f" {loop['paced_render_seconds']['median']:.2f} s, x {number(loop['ratio_to_paced'])}",
    ]


def report_site(run: dict[str, Any]) -> list[str]:
    """The site's line: seconds written afresh and unchanged, files, pages, size."""
    return [
        "",
        f"site: {run['fresh_seconds']['median']:.1f} s into a new folder,"
        f" {run['unchanged_seconds']['median']:.1f} s with nothing changed;"
        f" {run['pages']} pages, {run['files']} files, {run['size_mb']:.2f} MB",
    ]


def report_targets(found: list[dict[str, Any]]) -> list[str]:
    """One line per target: value, limit, met or not."""
    lines = ["", "targets"]
    for entry in found:
        sign = "<" if entry["strict"] else "<="
        met = {True: "met", False: "NOT MET", None: "-"}[entry["met"]]
        lines.append(
            f"  {entry['name']:<34}{number(entry['value'], '.3f'):>10}"
            f" {sign} {entry['limit']:<8g}{met}"
        )
    return lines


def report(results: dict[str, Any]) -> str:
    """The plain-text table printed at the end."""
    facts = results["machine"]
    lines = [
        f"playaid benchmark {facts['date_utc']}: {facts['cpu_count']} cores,"
        f" {facts['memory_mb']} MB, Python {facts['python']}, {facts['playaid']},"
        f" commit {(facts['git_commit'] or '-')[:10]}",
        f"playaid run as: {facts['invocation']}",
    ]
    if results.get("table_side"):
        lines += report_table_side(results["table_side"])
    if results.get("builds"):
        lines += report_builds(results["builds"])
    if results.get("bare_weasyprint"):
        lines += report_bare(results["bare_weasyprint"])
    if results.get("author_loop"):
        lines += report_loop(results["author_loop"])
    if results.get("booklet_loop"):
        lines += report_booklet(results["booklet_loop"])
    if results.get("site"):
        lines += report_site(results["site"])
    return "\n".join(lines + report_targets(results["targets"]))


# -- command line ---------------------------------------------------------------------------------


def parse(argv: list[str]) -> argparse.Namespace:
    """The benchmark's options."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results.json")
    parser.add_argument("--runs", type=int, default=1, help="rounds of builds and bare renders")
    parser.add_argument(
        "--pairs", type=int, help="paired runs per table-side command (10; quick 5)"
    )
    parser.add_argument("--quick", action="store_true", help="table-side figures only")
    parser.add_argument(
        "--only",
        choices=("table", "builds", "watch", "booklet-watch", "site"),
        help="table: the table-side commands; builds: the builds and bare WeasyPrint;"
        " watch: the author's loop (build --watch); booklet-watch: the Ma.K rule booklet in"
        " that loop; site: the reference site on its own",
    )
    parser.add_argument(
        "--saves",
        type=int,
        default=5,
        help=f"one-line saves timed inside build --watch (5; at most {len(NEW_HEXES)})",
    )
    parser.add_argument("--keep", action="store_true", help="keep the temporary folders")
    arguments = parser.parse_args(argv)
    if arguments.runs < 1 or (arguments.pairs is not None and arguments.pairs < 1):
        parser.error("--runs and --pairs must be at least 1")
    if not 1 <= arguments.saves <= len(NEW_HEXES):
        parser.error(f"--saves must be 1 to {len(NEW_HEXES)}")
    if arguments.quick and arguments.only in ("builds", "watch", "booklet-watch", "site"):
        parser.error("--quick measures the table side only")
    return arguments


def measure(arguments: argparse.Namespace, scratch: Path, results: dict[str, Any]) -> None:
    """Every part the options ask for, into `results` as each is measured."""
    results["machine"] = machine()
    part = "table" if arguments.quick else arguments.only
    pairs = arguments.pairs or (5 if arguments.quick else 10)
    results["settings"] = {
        "pairs": pairs if part != "builds" else None,
        "runs": arguments.runs if part not in ("table", "site", "watch", "booklet-watch") else None,
        "saves": arguments.saves if part in (None, "watch") else None,
        "part": part or "all",
    }
    if part in (None, "table"):
        print(f"table side, {pairs} pairs per command…", file=sys.stderr, flush=True)
        results["table_side"] = table_side(pairs, scratch)
    if part in (None, "builds"):
        print(f"builds, {arguments.runs} round(s)…", file=sys.stderr, flush=True)
        results["builds"] = builds(arguments.runs, scratch)
        full = results["builds"]["full_one_worker"]["seconds"]["median"]
        print("bare WeasyPrint…", file=sys.stderr, flush=True)
        results["bare_weasyprint"] = bare_weasyprint(arguments.runs, scratch, full)
    if part in (None, "watch"):
        print(f"the author's loop, {arguments.saves} saves…", file=sys.stderr, flush=True)
        results["author_loop"] = author_loop(scratch, arguments.saves, max(3, arguments.runs))
    if part in (None, "booklet-watch"):
        print(f"the booklet in the author's loop, {SAVES} saves…", file=sys.stderr, flush=True)
        results["booklet_loop"] = booklet_loop(scratch, SAVES)
    if part in (None, "site"):
        print("the site…", file=sys.stderr, flush=True)
        results["site"] = site(max(3, arguments.runs), scratch)
    results["targets"] = targets(results)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark (or, given `_record`/`_bare`, one of its harness processes)."""
    argv = sys.argv[1:] if argv is None else argv
    harnesses: dict[str, Callable[[], int]] = {
        "_record": lambda: record(Path(argv[1]), argv[2:]),
        "_bare": lambda: bare(Path(argv[1])),
        "_bare_paced": lambda: bare(Path(argv[1]), same_pace=True),
    }
    if argv[:1] and argv[0] in harnesses:
        return harnesses[argv[0]]()
    arguments = parse(argv)
    scratch = Path(tempfile.mkdtemp(prefix="playaid-bench-"))
    results: dict[str, Any] = {}
    try:
        measure(arguments, scratch, results)
    finally:
        if arguments.keep:
            print(f"temporary folders kept in {scratch}", file=sys.stderr)
        else:
            shutil.rmtree(scratch, ignore_errors=True)
        # What was measured before a failure is kept: a part that fails late costs only itself.
        results.setdefault("targets", targets(results) if "machine" in results else [])
        arguments.out.parent.mkdir(parents=True, exist_ok=True)
        arguments.out.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n")
    print(report(results))
    print(f"\nwritten: {arguments.out}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main())
