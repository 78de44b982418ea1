"""`playaid build`: validate everything, then build the documents (and the site) into --out with
a manifest; with --watch, build again at every save until Ctrl-C."""

from __future__ import annotations

import argparse
import os
import re
import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from generator.commands.common import (
    EXIT_OK,
    EXIT_USER,
    Command,
    is_scenario_file,
    load,
    print_issues,
    print_pending,
    print_problems,
    say,
    verify_content,
)
from generator.core.errors import ContentError, UserError

if TYPE_CHECKING:
    from generator.builder.request import BuildRequest
    from generator.content.changes import Changes
    from generator.content.load import Content
    from generator.core.diagnostics import Issue

HELP = "validate the content and build the documents"
MAX_BLEED_MM = 10  # a printer's bleed is 3 mm; more than 10 only crops the card away


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """What to build, in which editions, on what paper, and how."""
    parser.add_argument(
        "targets",
        nargs="*",
        metavar="TARGET",
        help="a document id, a table id, a system, or a scenario file or id (default: everything,"
        " the sample scenarios' sheets and kits included)",
    )
    parser.add_argument(
        "--kit",
        action="store_true",
        help="also bind each scenario named into a print-and-play kit (card, rules, cards, record"
        " sheets); a kit's id is <scenario id>.kit",
    )
    parser.add_argument(
        "--simplex",
        action="store_true",
        help="lay kits out to print on one side of the paper: no blank backs (default: both sides,"
        " flipped on the long edge)",
    )
    parser.add_argument("--out", type=Path, default=Path("output"), metavar="DIR")
    parser.add_argument(
        "--watch",
        action="store_true",
        help="build, then build again whenever a named file, the content, an overlay or a"
        " template changes, until Ctrl-C (exit 0); a save with findings prints them and keeps"
        " the last good PDFs",
    )
    parser.add_argument(
        "--draft",
        action="store_true",
        help="a proof: print a passage whose translation is pending (missing or stale) marked"
        ' "translation pending" with its source text beside it, and DRAFT in every page\'s'
        " footer; no site. Without it, a document that would print such a passage fails",
    )
    parser.add_argument(
        "--lang",
        choices=("en", "ja", "both"),
        action="append",
        dest="editions",
        help="editions to build (default: en, ja and both); repeatable. Messages are in"
        " Japanese when only ja is built",
    )
    _add_print_arguments(parser)
    _add_run_arguments(parser)
    _add_changes_argument(parser)


def _add_print_arguments(parser: argparse.ArgumentParser) -> None:
    """Paper, layout, bleed and PDF variant: how the documents are printed."""
    parser.add_argument(
        "--paper",
        choices=("a4", "letter"),
        default="a4",
        help="paper of booklets and record sheets (cards are A5)",
    )
    parser.add_argument(
        "--layout",
        choices=("columns", "sequential", "2up", "4up"),
        action="append",
        default=[],
        help="columns or sequential: how bilingual booklets set English and Japanese (default"
        " columns); 2up or 4up: also lay the cards out on --paper sheets with crop marks."
        " Repeatable",
    )
    parser.add_argument(
        "--bleed",
        type=_bleed,
        default=0,
        metavar="MM",
        help=f"bleed and crop marks on single cards, 0 to {MAX_BLEED_MM} mm",
    )
    parser.add_argument(
        "--pdf-variant",
        choices=("pdf/a-3b", "pdf/ua-1"),
        help="also claim conformance to PDF/A-3b (archives) or PDF/UA-1 (accessibility); the"
        " files are written beside the default PDFs as NAME.PAPER.pdfa-3b.pdf or"
        " NAME.PAPER.pdfua-1.pdf, and a PDF/A build leaves out the fillable record sheets."
        " Every PDF is tagged either way",
    )


def _add_run_arguments(parser: argparse.ArgumentParser) -> None:
    """Cache, processes and the site: how the build runs and what it adds."""
    parser.add_argument(
        "--no-cache",
        action="store_true",
        help="read no cache (documents, font subsets): render everything afresh and refresh"
        " the caches",
    )
    parser.add_argument(
        "-j",
        "--jobs",
        type=_jobs,
        default=os.cpu_count() or 1,
        metavar="N",
        help="render N documents at once (default: the machine's cores; at most twice the cores"
        " and the number of documents); the output is the same",
    )
    parser.add_argument(
        "--no-site",
        action="store_true",
        help="leave out the reference site (output/site/), which a build of everything writes",
    )


def _add_changes_argument(parser: argparse.ArgumentParser) -> None:
    """--changes-since: an edition that shows what changed since an earlier content."""
    parser.add_argument(
        "--changes-since",
        metavar="REV",
        help="mark every case and chart new or changed since REV (a git revision of the content"
        " folder, or an earlier content folder) in the margin of the booklets and on the cards,"
        " and list them, with the removed cases, at the front of each booklet: rule number,"
        " title and the kind of change the content records (correction, clarification,"
        " addition; a new one with no kind is an addition, a changed one with none is listed as"
        " changed)",
    )


def _changes(args: argparse.Namespace, content: Content) -> Changes | None:
    """What changed since the content --changes-since names, or None without it."""
    if not getattr(args, "changes_since", None):
        return None
    from generator.content.changes import compare
    from generator.content.revision import load_earlier

    earlier, since = load_earlier(args.changes_since, content.root, args.overlay)
    return compare(earlier, content, since)


def run(args: argparse.Namespace, lang: str) -> int:
    """Build once, or with --watch build again after every change until Ctrl-C."""
    if not args.watch:
        return _build_once(args, lang)
    from generator.builder.watch import watch
    from generator.core.places import DEFAULT_CONTENT
    from generator.render.i18n import TEMPLATES
    from generator.render.scratch import scratch

    named = [Path(target) for target in args.targets if is_scenario_file(target)]
    roots = [*named, args.content or DEFAULT_CONTENT, TEMPLATES]
    roots += list(args.overlay or [])

    def build_once(files: list[str]) -> None:
        """One build; findings and failures are printed, never end the watch."""
        if files:
            print(say(lang, "outcome:watch-changed", files=", ".join(files[:5])), flush=True)
        try:
            _build_once(args, lang)
        except ContentError as error:
            print_issues(error, lang, "text")
            print(say(lang, "outcome:build-failed"), file=sys.stderr, flush=True)
        except UserError as error:
            print(f"playaid: {error.message(lang)}", file=sys.stderr, flush=True)
            print(say(lang, "outcome:build-failed"), file=sys.stderr, flush=True)

    def waiting(count: int) -> None:
        print(say(lang, "outcome:watching", count=count), flush=True)

    try:
        with scratch():  # one for all the builds: WeasyPrint's font set-ups are kept between them
            watch(roots, build_once, waiting, ignored=lambda: _written(args))
    except KeyboardInterrupt:
        print(say(lang, "outcome:watch-stopped", out=args.out), flush=True)
    return EXIT_OK


def _written(args: argparse.Namespace) -> list[Path]:
    """The folders a build writes, which a watch never watches wherever they lie: the output
    folder, the cache, and the private temporary folder made when the cache cannot be used."""
    from generator.core import caching
    from generator.core.places import cache_root

    return [args.out, cache_root(), *caching.private_folders()]


def _build_once(args: argparse.Namespace, lang: str) -> int:
    """Validate everything, then render and write the documents with a manifest."""
    from generator.builder.collector import tune_for_build
    from generator.builder.pipeline import build
    from generator.builder.request import BuildError
    from generator.render.fonts import japanese_font

    content = load(args, pending=True)
    tune_for_build()
    targets, scenarios = _targets(args, content)
    if not getattr(args, "font_said", False):  # once, not at every rebuild of a --watch
        print(say(lang, "outcome:font", font=japanese_font().describe()))
        args.font_said = True
    terminal = sys.stdout.isatty()
    counts = {"rendered": 0, "cached": 0}
    try:
        manifest = build(_request(args, content, targets, scenarios, counts, lang))
    except BuildError as error:
        if terminal:
            print()
        return print_problems(error.problems, lang)
    except ContentError as error:
        return _refused(error, lang, content, args.content)
    if terminal:
        print()
    _say_built(manifest, args.out, lang, counts)
    return EXIT_OK


def _request(
    args: argparse.Namespace,
    content: Content,
    targets: list[str],
    scenarios: list[tuple],
    counts: dict[str, int],
    lang: str,
) -> BuildRequest:
    """What the command line asks the build for; `counts` is told how many documents were
    rendered and how many came from the cache; warnings are in `lang`."""
    from generator.builder.request import BuildRequest
    from generator.render.environment import EDITIONS

    arrangement = [x for x in args.layout if x in ("columns", "sequential")] or ["columns"]
    return BuildRequest(
        content,
        args.out,
        tuple(targets),
        editions=tuple(dict.fromkeys(args.editions)) if args.editions else EDITIONS,
        paper=args.paper,
        layout=arrangement[-1],
        impositions=tuple(dict.fromkeys(x for x in args.layout if x.endswith("up"))),
        bleed=args.bleed,
        scenarios=tuple(scenarios),
        kits=args.kit or not args.targets,
        jobs=args.jobs,
        draft=args.draft,
        fresh=args.no_cache,
        changes=_changes(args, content),
        pdf_variant=args.pdf_variant,
        duplex=not args.simplex,
        site=not args.no_site,
        progress=_progress(sys.stdout.isatty()),
        reused=lambda made, kept: counts.update(rendered=made, cached=kept),
        drafted=lambda issues: _say_drafted(issues, lang),
    )


def _refused(error: ContentError, lang: str, content: Content, folder: Path | None) -> int:
    """A build that left out the documents printing a pending translation: the texts, and the
    ways out (a draft, or the texts exported for a translator)."""
    from generator.content.checks.texts import PENDING_CODES

    if not error.issues or any(issue.code not in PENDING_CODES for issue in error.issues):
        raise error
    print_issues(error, lang, "text")
    exports = _exports(error.issues, content, folder)
    commands = "; ".join(f"playaid {export} --state stale" for export in exports)
    print(say(lang, "outcome:pending-ways-out", commands=commands), file=sys.stderr)
    return EXIT_USER


def _exports(issues: list[Issue], content: Content, folder: Path | None) -> list[str]:
    """The `translations export` commands that hand the pending texts to a translator."""
    # Each where its editor looks: a content text with its game's, a scenario or overlay
    # file's texts by that file.
    from generator.commands.translations.texts import export_target

    documents = {
        document.shown_path: document
        for document in [*content.documents, *content.scenarios]
        if not document.overlay
    }
    given = f"--content {shlex.quote(str(folder))} " if folder else ""
    exports = set()
    for issue in issues:
        document = documents.get(issue.file)
        if document is None:
            exports.add(f"translations export {shlex.quote(issue.file)}")
        else:
            system = export_target(document, issue.key_path, content.root)
            exports.add(f"{given}translations export {system}")
    return sorted(exports)


def _say_drafted(issues: list[Issue], lang: str) -> None:
    """Each pending translation a draft prints marked, as a warning."""
    print_pending(issues, lang)
    print(say(lang, "outcome:drafted", count=len(issues)), file=sys.stderr)


def _targets(args: argparse.Namespace, content: Content) -> tuple[list[str], list[tuple]]:
    """The targets named, the scenario files among them checked (ContentError on any error),
    and the scenarios the build prints: the content's samples and the files named."""
    from generator.content.checks.texts import PENDING_CODES
    from generator.render.fonts import typeface
    from generator.scenario.check import check_documents, read_documents

    # The content's own infos and warnings are check's to report; a build stops only on its
    # errors. A scenario's pending translation blocks only what prints it (content.pending).
    verified, samples = verify_content(content)
    problems = [p for p in verified if p.severity == "error"]
    files = [Path(target) for target in args.targets if is_scenario_file(target)]
    documents, read_problems = read_documents(files)
    findings, checked = check_documents(content, documents, read_problems, typeface())
    found = [p for p in problems + findings if p.code not in PENDING_CODES]
    problems = sorted(set(found + read_problems))
    if any(problem.severity == "error" for problem in problems):
        raise ContentError(problems)
    targets = [target for target in args.targets if not is_scenario_file(target)]
    targets += [scenario.id for _, scenario in checked]
    return targets, list({item[1].id: item for item in samples + checked}.values())


def _progress(terminal: bool) -> Callable[[int, int, str], None]:
    """How the build shows its progress: a bar on a terminal, a line a document elsewhere."""

    def progress(number: int, total: int, path: str) -> None:
        if terminal:
            filled = int(30 * number / total)
            bar = "#" * filled + "-" * (30 - filled)
            print(f"\r[{bar}] {number}/{total} {path[:50]:<50}", end="", flush=True)
        else:
            print(f"[{number}/{total}] {path}", flush=True)

    return progress


def _say_built(manifest: dict, out: Path, lang: str, counts: dict[str, int]) -> None:
    """What was built and where, and how much came from the cache."""
    from babel.numbers import format_decimal

    documents = manifest["documents"]
    count = format_decimal(len(documents), locale=lang)
    pages = format_decimal(sum(entry["pages"] for entry in documents), locale=lang)
    where = out / "manifest.json"
    pages_shown = say(lang, "outcome:pages", count=pages)
    print(say(lang, "outcome:built", count=count, pages=pages_shown, out=out, manifest=where))
    print(say(lang, "outcome:build-cache", **counts))


def _jobs(raw: str) -> int:
    """A number of rendering processes: a whole number from 1, capped at twice the cores (a
    process each more only waits and takes memory)."""
    if not re.fullmatch(r"[0-9]{1,15}", raw) or int(raw) < 1:
        raise argparse.ArgumentTypeError("the number of jobs is a whole number from 1 (0-9)")
    return min(int(raw), 2 * (os.cpu_count() or 1))


def _bleed(raw: str) -> float:
    """A bleed in millimetres: a plain decimal from 0 to MAX_BLEED_MM (`3`, `2.5`)."""
    if not re.fullmatch(r"[0-9]{1,2}(?:\.[0-9]{1,3})?", raw) or float(raw) > MAX_BLEED_MM:
        raise argparse.ArgumentTypeError(
            f"a bleed is a number of millimetres from 0 to {MAX_BLEED_MM}, such as 3 or 2.5"
        )
    return float(raw)


COMMANDS = (Command("build", HELP, add_arguments, run),)
