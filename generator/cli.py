"""The command line: the only place that prints or chooses an exit code.

Exit codes: 0 success, 1 bad input or content problems, 2 usage, 3 internal bug, 130 interrupted.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator import __version__
from generator.core.errors import ContentError, InternalError, UserError
from generator.core.limits import sanitize

if TYPE_CHECKING:
    from generator.content.load import Content
    from generator.core.diagnostics import Issue
    from generator.tableside.snapshot import TableSide
    from generator.tableside.verdict import Verdict

EXIT_OK, EXIT_USER, EXIT_USAGE, EXIT_BUG, EXIT_INTERRUPTED = 0, 1, 2, 3, 130
FORCE_HELP = "replace what stands at --out (a file, a link, a device) with the new file"
MAX_BLEED_MM = 10  # a printer's bleed is 3 mm; more than 10 only crops the card away


def _common(parser: argparse.ArgumentParser, *, top: bool, lang: bool = True) -> None:
    """--content, --overlay and --lang, accepted before or after the command name."""
    default = None if top else argparse.SUPPRESS
    parser.add_argument(
        "--content",
        type=Path,
        default=default,
        metavar="DIR",
        help="content folder to use instead of the built-in one",
    )
    parser.add_argument(
        "--overlay",
        type=Path,
        action="append",
        default=default,
        metavar="DIR",
        help="extra content laid over it (house rules, charts you supply); repeatable",
    )
    if not lang:
        return
    parser.add_argument(
        "--lang",
        choices=("en", "ja"),
        default=default,
        help="language of the output and of messages (default: en)",
    )


def build_parser() -> argparse.ArgumentParser:
    """All commands and their options."""
    parser = argparse.ArgumentParser(
        prog="playaid",
        description="Bilingual (English/Japanese) player aids for hex-and-counter wargames.",
    )
    parser.add_argument("--version", action="version", version=f"playaid {__version__}")
    _common(parser, top=True)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    check = commands.add_parser(
        "check",
        help="validate the content, or scenario files against it, and report every problem",
    )
    check.add_argument(
        "files",
        nargs="*",
        type=Path,
        metavar="FILE",
        help="scenario files to check (default: the content and its sample scenarios)",
    )
    check.add_argument("--format", choices=("text", "json"), default="text")
    check.add_argument("--strict", action="store_true", help="fail on warnings too")
    check.add_argument(
        "--explain",
        action="store_true",
        help="also print every scenario code decoded into English and Japanese",
    )

    generate = commands.add_parser(
        "generate", help="write a new, balanced scenario file that passes check --strict"
    )
    generate.add_argument("system", choices=("mak", "fpcf"), metavar="SYSTEM")
    generate.add_argument("--seed", type=_seed, default=0, help="the same seed, the same file")
    generate.add_argument("--size", choices=("small", "medium", "large"), default="medium")
    generate.add_argument(
        "--out", default="-", metavar="FILE", help="where to write it (- for stdout)"
    )
    generate.add_argument("--force", action="store_true", help=FORCE_HELP)

    new = commands.add_parser("new", help="write a commented starter scenario file")
    new.add_argument("system", choices=("mak", "fpcf"), metavar="SYSTEM")
    new.add_argument("--out", default="-", metavar="FILE", help="where to write it (- for stdout)")
    new.add_argument("--force", action="store_true", help=FORCE_HELP)

    schema = commands.add_parser("schema", help="print the JSON Schema of scenario files")
    schema.add_argument("what", choices=("scenario",), metavar="scenario")
    schema.add_argument("--system", choices=("mak", "fpcf"), required=True)

    commands.add_parser("tables", help="list table ids with their English and Japanese titles")

    lookup = commands.add_parser("lookup", help="print one cell of a table, or the whole table")
    lookup.add_argument("table", metavar="TABLE")
    lookup.add_argument("keys", nargs="*", metavar="KEY=VALUE")
    lookup.add_argument("--json", action="store_true", help="print JSON")

    roll = commands.add_parser("roll", help="roll a table's die and show the roll and the result")
    roll.add_argument("table", metavar="TABLE")
    roll.add_argument("keys", nargs="*", metavar="KEY=VALUE")
    roll.add_argument("--seed", type=int, help="seed the dice, for a repeatable roll")
    roll.add_argument("--json", action="store_true", help="print JSON")

    rule = commands.add_parser(
        "rule", help="print one rule case, or the notes of a chart when ID is a table id"
    )
    rule.add_argument("case_id", metavar="ID")
    rule.add_argument("--json", action="store_true", help="print JSON")

    rules = commands.add_parser("rules", help="list the rule cases of a system (fpcf, cf, mak)")
    rules.add_argument("system", metavar="SYSTEM")

    calc = commands.add_parser("calc", help="run a rule procedure and show the arithmetic")
    calc.add_argument("procedure", metavar="PROCEDURE", nargs="?")
    calc.add_argument("keys", nargs="*", metavar="KEY=VALUE")
    calc.add_argument("--json", action="store_true", help="print JSON")

    stamp = commands.add_parser(
        "stamp", help="record the source hash on translations that have none"
    )
    stamp.add_argument(
        "files", nargs="*", type=Path, metavar="FILE", help="files to stamp (default: the content)"
    )

    commands.add_parser("fonts", help="say which Japanese font printing uses and where it is")

    build = commands.add_parser("build", help="validate the content and build the documents")
    build.add_argument(
        "targets",
        nargs="*",
        metavar="TARGET",
        help="a document id, a table id, a system, or a scenario file or id (default: everything,"
        " the sample scenarios' sheets and kits included)",
    )
    build.add_argument(
        "--kit",
        action="store_true",
        help="also bind each scenario named into a print-and-play kit (card, rules, cards, record"
        " sheets); a kit's id is <scenario id>.kit",
    )
    build.add_argument(
        "--simplex",
        action="store_true",
        help="lay kits out to print on one side of the paper: no blank backs (default: both sides,"
        " flipped on the long edge)",
    )
    build.add_argument("--out", type=Path, default=Path("output"), metavar="DIR")
    build.add_argument(
        "--watch",
        action="store_true",
        help="build, then build again whenever a named file, the content, an overlay or a"
        " template changes, until Ctrl-C (exit 0); a save with findings prints them and keeps"
        " the last good PDFs",
    )
    build.add_argument(
        "--lang",
        choices=("en", "ja", "both"),
        action="append",
        dest="editions",
        help="editions to build (default: en, ja and both); repeatable. Messages are in"
        " Japanese when only ja is built",
    )
    build.add_argument(
        "--paper",
        choices=("a4", "letter"),
        default="a4",
        help="paper of booklets and record sheets (cards are A5)",
    )
    build.add_argument(
        "--layout",
        choices=("columns", "sequential", "2up", "4up"),
        action="append",
        default=[],
        help="columns or sequential: how bilingual booklets set English and Japanese (default"
        " columns); 2up or 4up: also lay the cards out on --paper sheets with crop marks."
        " Repeatable",
    )
    build.add_argument(
        "--bleed",
        type=_bleed,
        default=0,
        metavar="MM",
        help=f"bleed and crop marks on single cards, 0 to {MAX_BLEED_MM} mm",
    )
    build.add_argument(
        "--no-cache",
        action="store_true",
        help="read no cache (documents, font subsets): render everything afresh and refresh"
        " the caches",
    )
    build.add_argument(
        "-j",
        "--jobs",
        type=_jobs,
        default=os.cpu_count() or 1,
        metavar="N",
        help="render N documents at once (default: the machine's cores; at most twice the cores"
        " and the number of documents); the output is the same",
    )
    build.add_argument(
        "--no-site",
        action="store_true",
        help="leave out the reference site (output/site/), which a build of everything writes",
    )
    build.add_argument(
        "--pdf-variant",
        choices=("pdf/a-3b", "pdf/ua-1"),
        help="also claim conformance to PDF/A-3b (archives) or PDF/UA-1 (accessibility); the"
        " files are written beside the default PDFs as NAME.PAPER.pdfa-3b.pdf or"
        " NAME.PAPER.pdfua-1.pdf, and a PDF/A build leaves out the fillable record sheets."
        " Every PDF is tagged either way",
    )

    site = commands.add_parser(
        "site",
        help="write the reference site: every chart with its lookup and dice, every rule with a"
        " search, the glossary and the sample scenarios' cards, in English and Japanese, for a"
        " phone to keep offline (docs/site.md)",
    )
    site.add_argument(
        "--out",
        type=Path,
        default=Path("output") / "site",
        metavar="DIR",
        help="folder to write it to; open DIR/index.html (default: output/site)",
    )

    review = commands.add_parser(
        "review",
        help="write a reviewer's PDF of a system: the seed's text, the English and the Japanese"
        " side by side for every case and chart, with each translation's state",
    )
    review.add_argument("system", metavar="SYSTEM", help="fpcf, cf or mak")
    review.add_argument(
        "--out",
        type=Path,
        default=Path("output"),
        metavar="DIR",
        help="output folder; the PDF goes to DIR/review/SYSTEM.review.pdf (default: output)",
    )
    review.add_argument(
        "--seeds",
        type=Path,
        metavar="DIR",
        help="folder of the seed files (default: ../shared/seeds beside a clone of playaid;"
        " an installed playaid has none)",
    )
    review.add_argument(
        "--no-cache", action="store_true", help="read no cache: render afresh and refresh it"
    )

    for name, sub in commands.choices.items():
        _common(sub, top=False, lang=name != "build")
    return parser


class _SafeStream:
    """A text stream that shows control and bidi characters as \\u escapes, so that nothing a file
    holds can drive the terminal (colour, cursor, reversed text). Line breaks, tab and the
    carriage return of the progress bar pass."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        return self.stream.write(sanitize(text))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def main(argv: list[str] | None = None) -> int:
    """Run one command; return its exit code. Everything printed is sanitized.

    A reader that stops reading (`playaid rules mak | head -1`) ends the command quietly with
    exit code 141 (128 + SIGPIPE, what a program killed by a closed pipe gives), the way the
    Python documentation recommends: what is left to print goes to the null device."""
    import contextlib

    pipe_closed = 141

    class PipeClosed(BaseException):
        """The reader went away: raised past every `except Exception` to end the command."""

    class OutputFailed(BaseException):
        """Standard output is closed or cannot be written (a full device): the command ends
        with one line saying so, past every `except Exception`."""

    class Guarded(_SafeStream):
        def write(self, text: str) -> int:
            if self.stream is None:  # started with the stream closed (`>&-`)
                raise OutputFailed("word:output-closed")
            try:
                return super().write(text)
            except BrokenPipeError:
                raise PipeClosed from None
            except (OSError, ValueError) as error:
                raise OutputFailed(_reason(error)) from None

        def flush(self) -> None:
            if self.stream is None:
                return
            try:
                self.stream.flush()
            except BrokenPipeError:
                raise PipeClosed from None
            except (OSError, ValueError) as error:
                raise OutputFailed(_reason(error)) from None

    stdout, stderr = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = Guarded(stdout), Guarded(stderr)
    try:
        code = _main(argv)
        sys.stdout.flush()
        return code
    except PipeClosed:
        for stream in (stdout, stderr):
            with contextlib.suppress(OSError, ValueError, AttributeError):
                os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
        return pipe_closed
    except OutputFailed as failed:
        _discard_output(stdout)
        lang = _requested_lang(sys.argv[1:] if argv is None else argv)
        with contextlib.suppress(OSError, ValueError, AttributeError):
            line = _say(lang, "output-failed", reason=failed.args[0])
            stderr.write(sanitize(f"playaid: {line}\n"))
            stderr.flush()
        return EXIT_USER
    finally:
        sys.stdout, sys.stderr = stdout, stderr


def _requested_lang(argv: list[str]) -> str:
    """The language `--lang` asks for, read before the parser could fail: `ja` or `en`."""
    for index, word in enumerate(argv):
        if word == "--lang=ja" or (word == "--lang" and argv[index + 1 : index + 2] == ["ja"]):
            return "ja"
    return "en"


def _check_environment(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Environment values a command relies on, read like its options: a bad one is a usage
    error (exit 2), before anything is done."""
    from generator.core.limits import MAX_EPOCH, source_date_epoch

    if args.command not in ("build", "review"):
        return
    raw = os.environ.get("SOURCE_DATE_EPOCH")
    try:
        source_date_epoch(raw)
    except ValueError:
        parser.error(
            f"SOURCE_DATE_EPOCH={sanitize(raw or '')[:40]!r} is not a date: give whole seconds"
            f" since 1970 (ASCII digits), at most {MAX_EPOCH} (the end of 9999, the last year a"
            " PDF date holds)"
        )


def _reason(error: BaseException) -> str:
    """Why a write failed, in the system's words (No space left on device)."""
    return getattr(error, "strerror", None) or str(error) or type(error).__name__


def _discard_output(stream: Any) -> None:
    """Point a stream that failed at the null device, so that what is buffered and the
    interpreter's own flush at exit fail no more."""
    import contextlib

    with contextlib.suppress(OSError, ValueError, AttributeError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())


def _main(argv: list[str] | None) -> int:
    from generator.core.locales import missing_catalog

    parser = build_parser()
    args = parser.parse_args(argv)
    missing = missing_catalog()
    if missing is not None:
        print(
            f"playaid: cannot read {missing}, which holds every message in Japanese;"
            " reinstall playaid (pip install -e .)",
            file=sys.stderr,
        )
        return EXIT_USER
    _check_environment(parser, args)
    lang = args.lang or "en"
    if getattr(args, "editions", None) == ["ja"]:
        lang = "ja"
    try:
        return _run(args, lang)
    except ContentError as error:
        _print_issues(error, lang, getattr(args, "format", "text"))
        return EXIT_USER
    except UserError as error:
        print(f"playaid: {error.message(lang)}", file=sys.stderr)
        return EXIT_USER
    except KeyboardInterrupt:
        print("playaid: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except (InternalError, Exception):
        traceback.print_exc()
        print(
            "playaid: internal error — a bug in playaid, not in your input; please report it",
            file=sys.stderr,
        )
        return EXIT_BUG


def _run(args: argparse.Namespace, lang: str) -> int:
    """Run the command; when one answered from a cached snapshot fails other than on the user's
    input, the cache is untrusted: forget it and answer again from the content itself."""
    try:
        return COMMANDS[args.command](args, lang)
    except (ContentError, UserError, KeyboardInterrupt):
        raise
    except Exception:
        if not getattr(args, "from_cache", False):
            raise
    from generator.tableside.snapshot import forget

    forget(args.content, args.overlay)
    args.fresh, args.from_cache = True, False
    return COMMANDS[args.command](args, lang)


def _print_json(value: object) -> None:
    """Print JSON that every reader accepts: never NaN or Infinity."""
    print(json.dumps(value, ensure_ascii=False, indent=2, allow_nan=False))


def _load(args: argparse.Namespace) -> Content:
    from generator.tableside.loading import load_checked

    return load_checked(args.content, args.overlay)


def _table_side(args: argparse.Namespace) -> TableSide:
    """The content as the table-side commands read it: the cached snapshot when it holds this
    exact content, else validated afresh."""
    from generator.tableside.snapshot import table_side

    snapshot = table_side(args.content, args.overlay, fresh=getattr(args, "fresh", False))
    args.from_cache = snapshot.cached
    return snapshot


def _print_issues(error: ContentError, lang: str, form: str) -> None:
    if form == "json":
        _print_json([issue.as_json(lang) for issue in error.issues])
        return
    for issue in error.issues:
        print(issue.render(lang), file=sys.stderr)
    count = sum(issue.severity == "error" for issue in error.issues)
    print(_say(lang, "outcome:problems", count=count), file=sys.stderr)


def cmd_check(args: argparse.Namespace, lang: str) -> int:
    """Validate the content, or scenario files against it; exit 1 on any error (or warning with
    --strict)."""
    verdict = None if args.explain else _cached_verdict(args)
    if verdict is None:
        verdict = _fresh_verdict(args)
    issues = verdict.issues
    if args.format == "json":
        _print_json([i.as_json(lang) for i in issues])
    else:
        for issue in issues:
            print(issue.render(lang), file=sys.stderr)
    counts = {s: sum(i.severity == s for i in issues) for s in ("error", "warning", "info")}
    failed = counts["error"] or (args.strict and counts["warning"])
    if args.format == "text":
        summary = _check_summary(verdict, bool(args.files), counts, bool(failed), lang)
        print(summary, file=sys.stderr if failed else sys.stdout)
        if verdict.differ:
            marked = _say(
                lang,
                "outcome:languages-differ",
                count=len(verdict.differ),
                ids=", ".join(verdict.differ),
            )
            print(marked, file=sys.stderr if failed else sys.stdout)
    return EXIT_USER if failed else EXIT_OK


def _cached_verdict(args: argparse.Namespace) -> Verdict | None:
    """The findings of the last check of exactly this content and these files, when cached."""
    from generator.tableside.verdict import cached_verdict

    if getattr(args, "fresh", False):
        return None
    return cached_verdict(args.content, args.overlay, args.files)


def _fresh_verdict(args: argparse.Namespace) -> Verdict:
    """Check the content (and its samples), or the files named, from scratch."""
    from generator.scenario.check import check_documents, read_documents
    from generator.tableside.examples import example_issues
    from generator.tableside.verdict import Verdict, store_verdict

    content = _load(args)
    documents, issues = read_documents(args.files) if args.files else (content.scenarios, [])
    findings, checked = check_documents(content, documents, issues)
    if not args.files:
        issues += content.warnings + example_issues(content) + _catalog_issues(content)
    issues = sorted(set(issues + findings))
    if args.explain:
        from generator.scenario.explain import explain_lines

        where = sys.stderr if args.format == "json" else sys.stdout  # stdout stays one JSON array
        print("\n".join(explain_lines(checked, content)), file=where)
    verdict = Verdict(
        issues,
        content.files,
        len(content.tables),
        len(content.cases),
        len(args.files) if args.files else len(documents),
        differ=[] if args.files else _languages_differ(content),
    )
    store_verdict(args.content, args.overlay, verdict, args.files)
    return verdict


def _catalog_issues(content: Content) -> list[Issue]:
    """The forms to avoid in the Japanese UI catalog, by the content's glossary."""
    from generator.content.checks.catalog_words import catalog_avoid_issues

    return catalog_avoid_issues(content.glossary) if content.glossary else []


def _languages_differ(content: Content) -> list[str]:
    """The cases and charts whose seed English and Japanese disagree, each marked with a note."""
    marked = [case.id for case in content.cases.values() if case.languages_differ]
    marked += [
        tid
        for tid, table in content.tables.items()
        if table.table.languages_differ or any(n.languages_differ for n in table.table.notes)
    ]
    return sorted(marked)


def _check_summary(
    verdict: Verdict, only_files: bool, counts: dict[str, int], failed: bool, lang: str
) -> str:
    """One line: whether the check passed, what it covered, and the findings by severity."""
    found = [_say(lang, f"outcome:count-{kind}", count=n) for kind, n in counts.items() if n]
    if only_files:
        what = _say(lang, "outcome:check-files", scenarios=verdict.scenarios)
    else:
        what = _say(
            lang,
            "outcome:check-content",
            files=verdict.files,
            tables=verdict.tables,
            cases=verdict.cases,
            scenarios=verdict.scenarios,
        )
    shown = _say(lang, "outcome:separator").join(found) or _say(lang, "outcome:no-problems")
    return _say(lang, f"outcome:check-{'failed' if failed else 'passed'}", what=what, found=shown)


def _say(lang: str, code: str, **params: object) -> str:
    """A command's closing words in the language asked for."""
    from generator.core.messages import text

    english, japanese = text(code, **params)
    return japanese if lang == "ja" else english


def _seed(raw: str) -> int:
    """A generator seed: a whole number from 0, ASCII digits, at most NUMBER_DIGITS of them
    (`٧`, `1_0` and a 61-digit number are not seeds: Python's int() would take them)."""
    from generator.core.limits import NUMBER_DIGITS

    if not re.fullmatch(rf"[0-9]{{1,{NUMBER_DIGITS}}}", raw):
        raise argparse.ArgumentTypeError(
            f"the seed is a whole number from 0, at most {NUMBER_DIGITS} digits (0-9)"
        )
    return int(raw)


def _jobs(raw: str) -> int:
    """A number of rendering processes: a whole number from 1, capped at twice the cores (a
    process each more only waits and takes memory)."""
    if not re.fullmatch(r"[0-9]{1,15}", raw) or int(raw) < 1:
        raise argparse.ArgumentTypeError("the number of jobs is a whole number from 1 (0-9)")
    return min(int(raw), 2 * (os.cpu_count() or 1))


def _standing(path: Path) -> str | None:
    """What already stands at `path`, without following a link: a `word:` naming it, or None."""
    import stat

    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return None
    except OSError:
        return "word:standing-other"
    if stat.S_ISLNK(mode):
        return "word:standing-link"
    if stat.S_ISREG(mode):
        return "word:standing-file"
    if stat.S_ISFIFO(mode):
        return "word:standing-fifo"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "word:standing-device"
    return "word:standing-other"


def _bleed(raw: str) -> float:
    """A bleed in millimetres: a plain decimal from 0 to MAX_BLEED_MM (`3`, `2.5`)."""
    if not re.fullmatch(r"[0-9]{1,2}(?:\.[0-9]{1,3})?", raw) or float(raw) > MAX_BLEED_MM:
        raise argparse.ArgumentTypeError(
            f"a bleed is a number of millimetres from 0 to {MAX_BLEED_MM}, such as 3 or 2.5"
        )
    return float(raw)


def _write_or_print(text: str, out: str, lang: str, force: bool = False) -> None:
    """Write `text` to the file `out`, or print it when `out` is `-`. Whatever stands at `out`
    (a file, a link, a FIFO, a device) stays unless `force`, and is then replaced by a regular
    file, never written through."""
    if out == "-":
        print(text, end="")
        return
    from generator.core.files import WriteError, write_atomically

    path = Path(out)
    if path.is_dir():  # a folder (or a link to one) is never replaced by the file
        raise UserError("cannot-write", path=out, reason="word:is-a-folder")
    standing = _standing(path)
    if standing and not force:
        raise UserError("out-exists", path=out, what=standing)
    try:
        write_atomically(path, text.encode("utf-8"))
    except (OSError, WriteError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise UserError("cannot-write", path=out, reason=reason) from error
    print(_say(lang, "outcome:wrote", path=out), file=sys.stderr)


def cmd_generate(args: argparse.Namespace, lang: str) -> int:
    """Write a generated scenario."""
    from generator.scenario.generate import generate

    command = f"playaid generate {args.system} --seed {args.seed} --size {args.size}"
    schema = _schema_line(args.system, args.out)
    text = generate(_load(args), args.system, args.seed, args.size, command, schema)
    _write_or_print(text, args.out, lang, args.force)
    return EXIT_OK


def cmd_new(args: argparse.Namespace, lang: str) -> int:
    """Write a commented starter scenario."""
    from generator.scenario.starter import starter

    text = starter(args.system, _schema_line(args.system, args.out))
    _write_or_print(text, args.out, lang, args.force)
    return EXIT_OK


def _schema_line(system: str, out: str) -> str:
    """Where the schema line of a file written to `out` points: in a checkout, the schema's path
    relative to the file (the samples' own form); installed, its `file://` address inside the
    installed package, which stays where it is whatever folder the file is moved to."""
    from generator.core.places import INSTALLED
    from generator.scenario.schema import schema_path

    if INSTALLED:
        return schema_path(system).as_uri()
    folder = Path.cwd() if out == "-" else Path(out).resolve().parent
    return Path(os.path.relpath(schema_path(system), folder)).as_posix()


def cmd_schema(args: argparse.Namespace, lang: str) -> int:
    """Print the JSON Schema of one system's scenario files."""
    del lang
    from generator.scenario.schema import schema_text

    print(schema_text(args.system, _load(args)), end="")
    return EXIT_OK


def cmd_tables(args: argparse.Namespace, lang: str) -> int:
    """List the tables with both titles."""
    del lang
    content = _table_side(args)
    for table_id in sorted(content.tables):
        title = content.tables[table_id].table.title
        print(f"{table_id}\t{title.en}\t{title.ja}")
    for table_id in sorted(set(content.slots) - set(content.tables)):
        title = content.slots[table_id].title
        print(
            f"{table_id}\t{title.en} (not printed in the rules: supply it with --overlay)"
            f"\t{title.ja}(ルールに未掲載: --overlay で指定)"
        )
    return EXIT_OK


def cmd_lookup(args: argparse.Namespace, lang: str) -> int:
    """Print one cell, or every cell the keys leave open."""
    from generator.tableside.lookup import answer_json, lookup, parse_pairs
    from generator.tableside.present import render_answer

    table = _table_side(args).table(args.table)
    answer = lookup(table, parse_pairs(args.keys))
    if args.json:
        _print_json(answer_json(answer, lang))
    else:
        print(render_answer(answer, lang))
    return EXIT_OK


def cmd_roll(args: argparse.Namespace, lang: str) -> int:
    """Roll the table's die, then look the roll up."""
    from generator.content.dice import roll_die
    from generator.tableside.lookup import answer_json, lookup, parse_pairs
    from generator.tableside.present import render_answer

    table = _table_side(args).table(args.table)
    die = table.die_axis
    if die is None:
        raise UserError("no-die", table=table.id)
    pairs = parse_pairs(args.keys)
    if die.key in pairs:
        raise UserError("roll-given-die", key=die.key)
    dice, total = roll_die(die.die or "d6", random.Random(args.seed))
    answer = lookup(table, {**pairs, die.key: str(total)})
    if args.json:
        result = answer_json(answer, lang)
        _print_json({"die": die.die, "dice": dice, "roll": total, "result": result})
        return EXIT_OK
    shown = "+".join(str(d) for d in dice) + (f" = {total}" if len(dice) > 1 else "")
    print(f"{'ダイス' if lang == 'ja' else 'roll'} {die.die}: {shown}")
    print(render_answer(answer, lang))
    return EXIT_OK


def cmd_rule(args: argparse.Namespace, lang: str) -> int:
    """Print one case."""
    from generator.tableside.cases import find_rule, render_rule, rule_json

    rule = find_rule(_table_side(args), args.case_id)
    if args.json:
        _print_json(rule_json(rule, lang))
    else:
        print(render_rule(rule, lang, _table_side(args)))
    return EXIT_OK


def cmd_rules(args: argparse.Namespace, lang: str) -> int:
    """List the cases of one system."""
    from generator.tableside.cases import list_cases

    print("\n".join(list_cases(_table_side(args), args.system.lower(), lang)))
    return EXIT_OK


def cmd_calc(args: argparse.Namespace, lang: str) -> int:
    """Run a procedure; with no procedure, list them."""
    from generator.tableside.calc import calc_json, calculate, render_calc
    from generator.tableside.lookup import parse_pairs

    content = _table_side(args)
    if args.procedure is None:
        for pid, doc in sorted(content.procedures.items()):
            print(f"{pid}\t{doc.title.en}\t{doc.title.ja}")
        return EXIT_OK
    calculation = calculate(content, args.procedure, parse_pairs(args.keys))
    if args.json:
        _print_json(calc_json(calculation))
    else:
        print(render_calc(calculation, lang))
    return EXIT_OK


def cmd_stamp(args: argparse.Namespace, lang: str) -> int:
    """Write the missing `from` hashes into the content files."""
    from generator.stamp import stamp_content, stamp_files

    stamped = stamp_files(args.files) if args.files else stamp_content(args.content)
    for path, count in stamped:
        print(f"{path}: {count}")
    total = sum(count for _, count in stamped)
    print(_say(lang, "outcome:stamped", count=total))
    return EXIT_OK


def cmd_fonts(args: argparse.Namespace, lang: str) -> int:
    """Say which Japanese font is used."""
    from generator.render.fonts import japanese_font, layout_features

    font = japanese_font()
    print(("日本語フォント: " if lang == "ja" else "Japanese font: ") + font.describe())
    code = "fonts-halt" if "halt" in layout_features(font.regular) else "fonts-no-halt"
    print(_say(lang, code, family=font.family))
    return EXIT_OK


def _is_scenario_file(target: str) -> bool:
    """Whether a build target names a file rather than a document, table or system."""
    return target.endswith((".yaml", ".yml")) or os.sep in target


def cmd_build(args: argparse.Namespace, lang: str) -> int:
    """Build once, or with --watch build again after every change until Ctrl-C."""
    if not args.watch:
        return _build_once(args, lang)
    from generator.build.watch import watch
    from generator.core.places import DEFAULT_CONTENT
    from generator.render.i18n import TEMPLATES

    named = [Path(target) for target in args.targets if _is_scenario_file(target)]
    roots = [*named, args.content or DEFAULT_CONTENT, TEMPLATES]
    roots += list(args.overlay or [])

    def build_once(files: list[str]) -> None:
        """One build; findings and failures are printed, never end the watch."""
        if files:
            print(_say(lang, "outcome:watch-changed", files=", ".join(files[:5])), flush=True)
        try:
            _build_once(args, lang)
        except ContentError as error:
            _print_issues(error, lang, "text")
            print(_say(lang, "outcome:build-failed"), file=sys.stderr, flush=True)
        except UserError as error:
            print(f"playaid: {error.message(lang)}", file=sys.stderr, flush=True)
            print(_say(lang, "outcome:build-failed"), file=sys.stderr, flush=True)

    def waiting(count: int) -> None:
        print(_say(lang, "outcome:watching", count=count), flush=True)

    try:
        watch(roots, build_once, waiting)
    except KeyboardInterrupt:
        print(_say(lang, "outcome:watch-stopped", out=args.out), flush=True)
    return EXIT_OK


def _build_once(args: argparse.Namespace, lang: str) -> int:
    """Validate everything, then render and write the documents with a manifest."""
    from babel.numbers import format_decimal

    from generator.build.collector import tune_for_build
    from generator.build.pipeline import BuildError, build
    from generator.render.environment import EDITIONS
    from generator.render.fonts import japanese_font
    from generator.scenario.check import check_documents, read_documents
    from generator.verify import verify_content

    content = _load(args)
    tune_for_build()
    # The content's own infos and warnings are check's to report; a build stops only on its errors.
    problems = [p for p in verify_content(content) if p.severity == "error"]
    files = [Path(target) for target in args.targets if _is_scenario_file(target)]
    documents, read_problems = read_documents(files)
    findings, checked = check_documents(content, documents, read_problems)
    problems = sorted(set(problems + read_problems + findings))
    if any(problem.severity == "error" for problem in problems):
        raise ContentError(problems)
    _, samples = check_documents(content, content.scenarios)
    targets = [target for target in args.targets if not _is_scenario_file(target)]
    targets += [scenario.id for _, scenario in checked]
    ja = lang == "ja"
    if not getattr(args, "font_said", False):  # once, not at every rebuild of a --watch
        print(("日本語フォント: " if ja else "Japanese font: ") + japanese_font().describe())
        args.font_said = True
    editions = tuple(dict.fromkeys(args.editions)) if args.editions else EDITIONS
    terminal = sys.stdout.isatty()

    def progress(number: int, total: int, path: str) -> None:
        if terminal:
            filled = int(30 * number / total)
            bar = "#" * filled + "-" * (30 - filled)
            print(f"\r[{bar}] {number}/{total} {path[:50]:<50}", end="", flush=True)
        else:
            print(f"[{number}/{total}] {path}", flush=True)

    counts = {"rendered": 0, "cached": 0}
    try:
        arrangement = [x for x in args.layout if x in ("columns", "sequential")] or ["columns"]
        impositions = tuple(dict.fromkeys(x for x in args.layout if x.endswith("up")))
        manifest = build(
            content,
            args.out,
            targets,
            editions,
            args.paper,
            progress,
            arrangement[-1],
            impositions,
            args.bleed,
            scenarios=list({item[1].id: item for item in samples + checked}.values()),
            kits=args.kit or not args.targets,
            jobs=args.jobs,
            fresh=args.no_cache,
            reused=lambda rendered, cached: counts.update(rendered=rendered, cached=cached),
            pdf_variant=args.pdf_variant,
            duplex=not args.simplex,
            site=not args.no_site,
        )
    except BuildError as error:
        if terminal:
            print()
        for problem in error.problems:
            print(f"playaid: {problem}", file=sys.stderr)
        print(_say(lang, "outcome:build-failed"), file=sys.stderr)
        return EXIT_USER
    if terminal:
        print()
    documents = manifest["documents"]
    where = args.out / "manifest.json"
    count = format_decimal(len(documents), locale=lang)
    pages = format_decimal(sum(entry["pages"] for entry in documents), locale=lang)
    print(_say(lang, "outcome:built", count=count, pages=pages, out=args.out, manifest=where))
    print(_say(lang, "outcome:build-cache", **counts))
    return EXIT_OK


def cmd_site(args: argparse.Namespace, lang: str) -> int:
    """Write the reference site into its own folder."""
    from babel.numbers import format_decimal

    from generator.core.files import WriteError
    from generator.scenario.check import check_documents
    from generator.site import ENTRY, site_files
    from generator.site.write import write_site
    from generator.verify import verify_content

    content = _load(args)
    problems = [p for p in verify_content(content) if p.severity == "error"]
    if problems:
        raise ContentError(problems)
    _, samples = check_documents(content, content.scenarios)
    site = site_files(content, samples)
    try:
        changed = write_site(args.out, site)
    except (OSError, WriteError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise UserError("cannot-write", path=args.out, reason=reason) from error
    size = format_decimal(round(site.size / 1024), locale=lang)
    print(
        _say(
            lang,
            "outcome:site-written",
            path=args.out / ENTRY,
            pages=format_decimal(site.pages, locale=lang),
            files=format_decimal(len(site.files), locale=lang),
            size=size,
            changed=format_decimal(changed, locale=lang),
        )
    )
    return EXIT_OK


def cmd_review(args: argparse.Namespace, lang: str) -> int:
    """Write one system's reviewer's copy; stale translations are shown, not refused."""
    from generator.build.pipeline import BuildError
    from generator.build.review import write_review
    from generator.render.review import load_for_review

    content = load_for_review(args.content, args.overlay)
    try:
        path, _ = write_review(
            content, args.system.lower(), args.out, args.seeds, fresh=args.no_cache
        )
    except BuildError as error:
        for problem in error.problems:
            print(f"playaid: {problem}", file=sys.stderr)
        print(_say(lang, "outcome:build-failed"), file=sys.stderr)
        return EXIT_USER
    print(_say(lang, "outcome:wrote", path=path))
    return EXIT_OK


COMMANDS = {
    "check": cmd_check,
    "schema": cmd_schema,
    "generate": cmd_generate,
    "new": cmd_new,
    "tables": cmd_tables,
    "lookup": cmd_lookup,
    "roll": cmd_roll,
    "rule": cmd_rule,
    "rules": cmd_rules,
    "calc": cmd_calc,
    "stamp": cmd_stamp,
    "fonts": cmd_fonts,
    "build": cmd_build,
    "review": cmd_review,
    "site": cmd_site,
}
