"""What the commands share: the command record, loading the content, printing JSON and
findings, the closing words in the language asked for, and writing one file safely."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.core.errors import ContentError, UserError

if TYPE_CHECKING:
    from generator.content.load import Content
    from generator.core.diagnostics import Issue
    from generator.tableside.snapshot import TableSide

EXIT_OK, EXIT_USER, EXIT_USAGE, EXIT_BUG, EXIT_INTERRUPTED = 0, 1, 2, 3, 130
FORCE_HELP = "replace what stands at --out (a file, a link, a device) with the new file"


@dataclass(frozen=True)
class Command:
    """One command: its name, its one-line help, its options and its body."""

    name: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, str], int]


def load(args: argparse.Namespace, *, pending: bool = False) -> Content:
    """The content and its overlays, loaded and cross-checked (ContentError on any error); with
    `pending`, a translation still pending is kept for what prints it to decide
    (generator.content.printing). What a full load of the same content found is kept, so that
    the next load of it (a scenario file checked or built) skips the checks that only find; and,
    but for `pending`, what a scenario check reads of it (generator.tableside.scenario_content)."""
    from generator.content.checks.texts import PENDING_CODES
    from generator.core.locales import keep_catalogs
    from generator.render.fonts import font_identity, keep_typeface
    from generator.tableside import scenario_content
    from generator.tableside.loading import load_checked
    from generator.tableside.verdict import keep_findings, known_findings

    tolerate = PENDING_CODES if pending else frozenset()
    where = (args.content, args.overlay, tolerate, font_identity())
    known = None if getattr(args, "fresh", False) else known_findings(*where)
    before = None if pending else scenario_content.aside_key(where)  # as the files were read
    content = load_checked(
        args.content, args.overlay, tolerate=tolerate, checks=(drawable,), known=known
    )
    keep_typeface()
    keep_catalogs()
    if before is not None:
        from generator.scenario.light import specs

        scenario_content.keep(before, content, specs(), replace=getattr(args, "fresh", False))
    if known is None:
        keep_findings(*where, content.warnings)
    else:  # a failure while answering from it is retried afresh (cli._run)
        args.from_cache = True
    return content


def drawable(content: Content) -> list[Issue]:
    """Each character of a content or overlay text that the build's font has no glyph for
    (issue 33: what `check` passes, `build` prints)."""
    from generator.content.checks.glyphs import undrawable_issues
    from generator.render.fonts import typeface

    face = typeface()
    if face is None:
        return []
    return [issue for document in content.documents for issue in undrawable_issues(document, face)]


def scenario_system(system: str, content: Content | None = None) -> str:
    """A system whose scenario files playaid reads (one folder of generator/scenario/ each)
    and, given the content, that the content lists; a UserError naming those there are."""
    from generator.scenario.reader import MODELS

    listed = {entry.id for entry in content.sources.systems} if content else set(MODELS)
    choices = [known for known in MODELS if known in listed]
    if system in choices:
        return system
    if not choices:
        raise UserError("no-scenario-system-here", system=system, known=", ".join(MODELS))
    raise UserError("no-scenario-system", system=system, choices=", ".join(choices))


def table_side(args: argparse.Namespace) -> TableSide:
    """The content as the table-side commands read it: the cached snapshot when it holds this
    exact content, else validated afresh."""
    from generator.tableside.snapshot import table_side as snapshot_of

    snapshot = snapshot_of(args.content, args.overlay, fresh=getattr(args, "fresh", False))
    args.from_cache = snapshot.cached
    args.snapshot = snapshot
    return snapshot


def answering(
    run: Callable[[argparse.Namespace, str], int],
) -> Callable[[argparse.Namespace, str], int]:
    """A table-side command's body that answers in the language that is current where a
    translation is pending (generator.content.printing), then warns of each such text."""
    from generator.content.printing import printing

    def answer(args: argparse.Namespace, lang: str) -> int:
        from generator.core.locales import keep_catalogs

        with printing("current") as answered:
            code = run(args, lang)
        keep_catalogs()  # the content answered from has loaded
        snapshot = getattr(args, "snapshot", None)
        if answered.pending and snapshot is not None:
            sys.stdout.flush()
            print_pending(snapshot.pending_issues(answered.pending), lang)
            for shown in sorted({"en" if asked == "ja" else "ja" for _, asked in answered.pending}):
                language = f"word:language-{shown}"
                print(say(lang, "outcome:answered-current", language=language), file=sys.stderr)
        return code

    answer.__doc__ = run.__doc__
    return answer


def print_pending(issues: list[Issue], lang: str) -> None:
    """Each finding about a pending translation that was printed all the same, as a warning."""
    for issue in issues:
        print(replace(issue, severity="warning").render(lang), file=sys.stderr)


# The last content verified in this process, with the typeface and what was found: a watch's
# rebuild whose content this process holds already (generator.content.load) verifies it once.
_VERIFIED: list[tuple[Content, Any, list[Issue], list[tuple[Any, Any]]]] = []


def verify_content(content: Content) -> tuple[list[Issue], list[tuple[Any, Any]]]:
    """What checking the content finds beyond loading it, sorted: the worked examples run
    through their procedures and the sample scenarios checked against the rules; and the
    samples as checked, for what prints them."""
    from generator.render.fonts import typeface
    from generator.scenario.check import check_documents
    from generator.tableside.examples import example_issues

    face = typeface()
    for done, done_face, issues, samples in _VERIFIED:
        if done is content and done_face is face:
            return list(issues), list(samples)
    findings, samples = check_documents(content, content.scenarios, typeface=face)
    issues = sorted(set(example_issues(content) + findings))
    _VERIFIED[:] = [(content, face, issues, samples)]
    return list(issues), list(samples)


def checked_samples(content: Content) -> list[tuple[Any, Any]]:
    """The sample scenarios, checked; ContentError when verifying the content finds an error
    (its infos and warnings are check's to report)."""
    issues, samples = verify_content(content)
    problems = [p for p in issues if p.severity == "error"]
    if problems:
        raise ContentError(problems)
    return samples


def print_json(value: object) -> None:
    """Print JSON that every reader accepts: never NaN or Infinity."""
    print(json.dumps(value, ensure_ascii=False, indent=2, allow_nan=False))


def print_issues(error: ContentError, lang: str, form: str) -> None:
    """Every finding of a failed load, as text on standard error, or on standard output as one
    JSON array, GitHub workflow commands or a SARIF log (generator.commands.annotations)."""
    from generator.commands import annotations

    if form == "json":
        print_json([issue.as_json(lang) for issue in error.issues])
        return
    if form == "sarif":
        print_json(annotations.sarif_log(error.issues, lang))
        return
    for line in annotations.github_lines(error.issues, lang) if form == "github" else ():
        print(line)
    for issue in error.issues if form != "github" else ():
        print(issue.render(lang), file=sys.stderr)
    count = sum(issue.severity == "error" for issue in error.issues)
    print(say(lang, "outcome:problems", count=count), file=sys.stderr)


def print_problems(problems: list[str], lang: str) -> int:
    """A failed build's problems, one a line, and the line that says nothing was written."""
    for problem in problems:
        print(f"playaid: {problem}", file=sys.stderr)
    print(say(lang, "outcome:build-failed"), file=sys.stderr)
    return EXIT_USER


def say(lang: str, code: str, **params: object) -> str:
    """A command's closing words in the language asked for."""
    from generator.core.messages import text_in

    return text_in(lang, code, **params)


def is_scenario_file(target: str) -> bool:
    """Whether a build target names a file rather than a document, table or system."""
    return target.endswith((".yaml", ".yml")) or os.sep in target


def write_or_print(text: str, out: str, lang: str, force: bool = False) -> None:
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
        raise UserError("cannot-write", path=out, reason=os_reason(error)) from error
    print(say(lang, "outcome:wrote", path=out), file=sys.stderr)


def os_reason(error: BaseException) -> str:
    """Why a write failed, in the system's words where it gave some."""
    return error.strerror if isinstance(error, OSError) and error.strerror else str(error)


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


def schema_line(system: str, out: str) -> str:
    """Where the schema line of a file written to `out` points: in a checkout, the schema's path
    relative to the file (the samples' own form); installed, its `file://` address inside the
    installed package, which stays where it is whatever folder the file is moved to."""
    from generator.core.places import INSTALLED
    from generator.scenario.schema import schema_path

    if INSTALLED:
        return schema_path(system).as_uri()
    folder = Path.cwd() if out == "-" else Path(out).resolve().parent
    return Path(os.path.relpath(schema_path(system), folder)).as_posix()
