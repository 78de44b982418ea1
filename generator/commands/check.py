"""`playaid check`: validate the content, or scenario files against it, and report every
problem; exit 1 on any error (or warning, with --strict)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from generator.commands.common import (
    EXIT_OK,
    EXIT_USER,
    Command,
    load,
    print_json,
    say,
)

if TYPE_CHECKING:
    from generator.content.load import Content
    from generator.core.diagnostics import Issue
    from generator.tableside.verdict import Verdict

HELP = "validate the content, or scenario files against it, and report every problem"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The files to check and how to report."""
    parser.add_argument(
        "files",
        nargs="*",
        type=Path,
        metavar="FILE",
        help="scenario files to check (default: the content and its sample scenarios)",
    )
    parser.add_argument(
        "--format",
        choices=("text", "json", "github", "sarif"),
        default="text",
        help="text (the default), json, github (GitHub Actions workflow commands) or sarif"
        " (SARIF 2.1.0)",
    )
    parser.add_argument(
        "--scenarios-only",
        action="store_true",
        help="check only the files named that are scenario files (kind: scenario), passing over"
        " other YAML; none left is a pass (the pre-commit hook)",
    )
    parser.add_argument("--strict", action="store_true", help="fail on warnings too")
    parser.add_argument(
        "--explain",
        action="store_true",
        help="also print every scenario code decoded into English and Japanese",
    )


def run(args: argparse.Namespace, lang: str) -> int:
    """Report the findings, from the cached verdict where the same check ran before."""
    if args.scenarios_only:
        from generator.scenario.kind import is_scenario_file

        named = bool(args.files)
        args.files = [path for path in args.files if is_scenario_file(path)]
        if named and not args.files:
            return _nothing_to_check(args.format, lang)
    font = _font()  # worked out once: it asks fontconfig
    verdict = None if args.explain else _cached_verdict(args, font)
    verdict = verdict or _kept_content_verdict(args, font) or _fresh_verdict(args, font)
    issues = verdict.issues
    _print_findings(issues, args.format, lang)
    counts = {s: sum(i.severity == s for i in issues) for s in ("error", "warning", "info")}
    failed = counts["error"] or (args.strict and counts["warning"])
    if args.format == "text":
        summary = _summary(verdict, bool(args.files), counts, bool(failed), lang)
        print(summary, file=sys.stderr if failed else sys.stdout)
        if verdict.differ:
            marked = say(
                lang,
                "outcome:languages-differ",
                count=len(verdict.differ),
                ids=", ".join(verdict.differ),
            )
            print(marked, file=sys.stderr if failed else sys.stdout)
    return EXIT_USER if failed else EXIT_OK


def _nothing_to_check(form: str, lang: str) -> int:
    """Files were named, none a scenario: a pass, said in the format asked for."""
    _print_findings([], form, lang)
    if form == "text":
        found = say(lang, "outcome:no-problems")
        what = say(lang, "outcome:check-files", scenarios=0)
        print(say(lang, "outcome:check-passed", what=what, found=found))
    return EXIT_OK


def _print_findings(issues: list[Issue], form: str, lang: str) -> None:
    """The findings in the format asked for: text lines on stderr, the others on stdout."""
    from generator.commands import annotations

    if form == "json":
        print_json([i.as_json(lang) for i in issues])
    elif form == "sarif":
        print_json(annotations.sarif_log(issues, lang))
    elif form == "github":
        for line in annotations.github_lines(issues, lang):
            print(line)
    else:
        for issue in issues:
            print(issue.render(lang), file=sys.stderr)


def _cached_verdict(args: argparse.Namespace, font: str) -> Verdict | None:
    """The findings of the last check of exactly this content and these files, when cached."""
    from generator.tableside.verdict import cached_verdict

    if getattr(args, "fresh", False):
        return None
    return cached_verdict(args.content, args.overlay, args.files, font)


def _kept_content_verdict(args: argparse.Namespace, font: str) -> Verdict | None:
    """The files named, checked against the content a full load of it kept (issue 46: a
    scenario edit validates that scenario alone); None where no copy answers for this content."""
    from generator.tableside.scenario_content import kept

    if not args.files or args.explain or getattr(args, "fresh", False):
        return None
    content = kept((args.content, args.overlay, frozenset(), font), args.files)
    if content is None:
        return None
    from generator.render.fonts import typeface
    from generator.scenario.check import check_documents, read_documents
    from generator.tableside.verdict import Verdict, store_verdict

    documents, issues = read_documents(args.files)
    if not content.accepts(documents, issues):
        return None
    args.from_cache = True  # a failure while answering from it is retried afresh (cli._run)
    findings, _ = check_documents(content, documents, issues, typeface(font))
    verdict = Verdict(sorted(set(issues + findings)), *content.counts, len(args.files))
    store_verdict(args.content, args.overlay, verdict, args.files, font)
    return verdict


def _font() -> str:
    """The identity of the font the build prints with (what it can draw is checked)."""
    from generator.render.fonts import font_identity

    return font_identity()


def _fresh_verdict(args: argparse.Namespace, font: str) -> Verdict:
    """Check the content (and its samples), or the files named, from scratch."""
    from generator.render.fonts import typeface
    from generator.scenario.check import check_documents, read_documents
    from generator.tableside.examples import example_issues
    from generator.tableside.verdict import Verdict, store_verdict

    content = load(args)
    documents, issues = read_documents(args.files) if args.files else (content.scenarios, [])
    findings, checked = check_documents(content, documents, issues, typeface(font))
    if not args.files:
        issues += content.warnings + example_issues(content) + _catalog_issues(content)
    issues = sorted(set(issues + findings))
    if args.explain:
        from generator.scenario.explain import explain_lines

        where = sys.stdout if args.format == "text" else sys.stderr  # stdout stays machine-read
        print("\n".join(explain_lines(checked, content, issues)), file=where)
    verdict = Verdict(
        issues,
        content.files,
        len(content.tables),
        len(content.cases),
        len(args.files) if args.files else len(documents),
        differ=[] if args.files else _languages_differ(content),
    )
    store_verdict(args.content, args.overlay, verdict, args.files, font)
    return verdict


def _catalog_issues(content: Content) -> list[Issue]:
    """The forms to avoid in the Japanese UI catalog, by the content's glossary, and its
    notation."""
    from generator.content.checks.catalog_words import catalog_avoid_issues, catalog_notation_issues

    avoided = catalog_avoid_issues(content.glossary) if content.glossary else []
    return avoided + catalog_notation_issues()


def _languages_differ(content: Content) -> list[str]:
    """The cases and charts whose seed English and Japanese disagree, each marked with a note."""
    marked = [case.id for case in content.cases.values() if case.languages_differ]
    marked += [
        tid
        for tid, table in content.tables.items()
        if table.table.languages_differ or any(n.languages_differ for n in table.table.notes)
    ]
    return sorted(marked)


def _summary(
    verdict: Verdict, only_files: bool, counts: dict[str, int], failed: bool, lang: str
) -> str:
    """One line: whether the check passed, what it covered, and the findings by severity."""
    found = [say(lang, f"outcome:count-{kind}", count=n) for kind, n in counts.items() if n]
    if only_files:
        what = say(lang, "outcome:check-files", scenarios=verdict.scenarios)
    else:
        what = say(
            lang,
            "outcome:check-content",
            files=verdict.files,
            tables=verdict.tables,
            cases=verdict.cases,
            scenarios=verdict.scenarios,
        )
    shown = say(lang, "outcome:separator").join(found) or say(lang, "outcome:no-problems")
    return say(lang, f"outcome:check-{'failed' if failed else 'passed'}", what=what, found=shown)


COMMANDS = (Command("check", HELP, add_arguments, run),)
