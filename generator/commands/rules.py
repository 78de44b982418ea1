"""`playaid rule` and `playaid rules`: print one rule case (or a chart's notes), or list a
system's cases."""

from __future__ import annotations

import argparse
from typing import Any

from generator.commands.common import EXIT_OK, Command, answering, print_json, table_side

RULE_HELP = "print one rule case, or the notes of a chart when ID is a table id"
RULES_HELP = "list the rule cases of a system of the content (fpcf, cf, mak as shipped)"


def add_rule_arguments(parser: argparse.ArgumentParser) -> None:
    """The case or table id."""
    parser.add_argument("case_id", metavar="ID")
    parser.add_argument("--json", action="store_true", help="print JSON")


def add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    """The system."""
    parser.add_argument("system", metavar="SYSTEM")


def run_rule(args: argparse.Namespace, lang: str) -> int:
    """Print one case."""
    from generator.tableside.cases import find_rule, render_rule, rule_json

    content = table_side(args)
    rule = find_rule(content, args.case_id)
    if args.json:
        print_json(rule_json(rule, lang) | _pending_json(args, lang))
    else:
        translator = content.translator(rule.id.split(".")[0], lang)
        print(render_rule(rule, lang, content, translator))
    return EXIT_OK


def _pending_json(args: argparse.Namespace, lang: str) -> dict[str, Any]:
    """What a JSON answer adds about pending translations: whether any text it printed is
    pending, the language it printed those in, and which texts they are."""
    from generator.content.printing import printing_now

    now = printing_now()
    met = now.pending if now else []
    snapshot = getattr(args, "snapshot", None)
    issues = snapshot.pending_issues(met) if met and snapshot is not None else []
    printed = ("en" if lang == "ja" else "ja") if met else lang
    texts = {f"{issue.subject} {issue.subject_path.removesuffix('.from')}" for issue in issues}
    return {"pending": bool(met), "printed_language": printed, "pending_texts": sorted(texts)}


def run_rules(args: argparse.Namespace, lang: str) -> int:
    """List the cases of one system."""
    from generator.tableside.cases import list_cases

    print("\n".join(list_cases(table_side(args), args.system.lower(), lang)))
    return EXIT_OK


COMMANDS = (
    Command("rule", RULE_HELP, add_rule_arguments, answering(run_rule)),
    Command("rules", RULES_HELP, add_rules_arguments, answering(run_rules)),
)
