"""`playaid translations export SYSTEM` and `playaid translations import FILE.po`: the content's
translations out to any translation tool as gettext PO files, and back into the YAML."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from generator.commands.common import EXIT_OK, Command, os_reason, say
from generator.core.errors import UserError
from generator.core.messages import message, plural

STATES = ("all", "stale", "missing")  # what `--state` exports
HELP = "export the content's translations as PO files for a translator, or import them back"
message("translations-no-system", "there are no translated texts of {system}; systems: {choices}")
message(
    "translations-no-texts", "{file} has no translated texts (none marked `tr: ja` or `tr: en`)"
)
message(
    "translations-out-one-file",
    "{system}'s texts go both ways ({directions}): --out names a folder, not a file",
)
message(
    "translations-previous-not-folder",
    "--previous {path}: there is no such folder (give the earlier content folder)",
)
plural(
    "outcome:exported",
    "wrote {path}: {count} text, {fuzzy} fuzzy, {empty} untranslated",
    "wrote {path}: {count} texts, {fuzzy} fuzzy, {empty} untranslated",
)
plural(
    "outcome:imported",
    "{path}: {count} translation written",
    "{path}: {count} translations written",
)
message("outcome:imported-none", "no translation needed writing: the content already holds them")
message(
    "outcome:fuzzy-skipped-one",
    "1 fuzzy entry skipped ({addresses}): clear the fuzzy flag to import it",
)
message(
    "outcome:fuzzy-skipped",
    "{count} fuzzy entries skipped ({addresses}): clear the fuzzy flags to import them",
)
FUZZY_SHOWN = 10  # addresses of skipped fuzzy entries named


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """export SYSTEM [--out PATH] [--state …] [--previous DIR], or import FILE.po."""
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    export = actions.add_parser("export", help="write one PO file per direction of a system")
    export.add_argument(
        "system",
        metavar="SYSTEM|FILE.yaml",
        help="a system's texts (mak), or those of one scenario or content file",
    )
    export.add_argument(
        "--out",
        type=Path,
        metavar="PATH",
        help="the PO file, where the system's texts go one way; a folder, where they go both"
        " ways (default: output/translations/, as SYSTEM.en-ja.po and SYSTEM.ja-en.po)",
    )
    export.add_argument(
        "--state",
        choices=STATES,
        default="all",
        help="all texts, only the stale ones (fuzzy), or only the untranslated ones",
    )
    export.add_argument(
        "--previous",
        type=_folder,
        metavar="DIR",
        help="an earlier content folder to find a stale text's earlier source in (default:"
        " the content's git history)",
    )
    export.add_argument(
        "--force",
        action="store_true",
        help="replace a PO file that is there already (by default the export merges into it,"
        " keeping its translations, as msgmerge does)",
    )
    export.add_argument(
        "--pot",
        action="store_true",
        help="write a template instead (SYSTEM.DIRECTION.pot, every msgstr empty), for a tool"
        " that starts a translation from one (msginit, Weblate, Poedit's 'new from POT')",
    )
    imported = actions.add_parser("import", help="write a PO file's translations into the YAML")
    imported.add_argument("file", type=Path, metavar="FILE.po")
    imported.add_argument(
        "target",
        type=Path,
        nargs="?",
        metavar="FILE.yaml",
        help="the scenario (or content) file the PO file was exported from, to write into"
        " (default: the content)",
    )


def run(args: argparse.Namespace, lang: str) -> int:
    """Export or import."""
    return (_export if args.action == "export" else _import)(args, lang)


def _export(args: argparse.Namespace, lang: str) -> int:
    """Write the system's PO files, merging into any already there (unless --force)."""
    from generator.commands.translations.export import po_file, wanted
    from generator.commands.translations.merging import existing, merge

    root = _content_root(args)
    mine, system, history = _exported(args, root)
    directions = sorted({text.direction for text in mine})
    destinations = _destinations(args, system, directions)
    replace = args.force or args.pot  # a template is made anew; a translator's file merges
    olds = {path: None if replace else existing(path) for path, _ in destinations}
    for path, direction in destinations:
        ours = [t for t in mine if t.direction == direction]
        chosen = [t for t in ours if wanted(t, args.state)]
        source_lang, target_lang = direction.split("-")
        po = po_file(chosen, (source_lang, target_lang), history, system, template=args.pot)
        if olds[path] is not None:
            po = merge(olds[path], po, path, {t.address for t in ours})
        _write_po(path, po)
        fuzzy = sum("fuzzy" in entry.flags for entry in po if not entry.obsolete)
        empty = sum(not entry.msgstr for entry in po if not entry.obsolete)
        count = sum(not entry.obsolete for entry in po)
        print(say(lang, "outcome:exported", path=path, count=count, fuzzy=fuzzy, empty=empty))
    _print_findings(history.findings, lang)
    return EXIT_OK


def _content_root(args: argparse.Namespace) -> Path:
    """The content folder, which must be one (never an empty list of texts)."""
    from generator.core.places import DEFAULT_CONTENT

    root = (args.content or DEFAULT_CONTENT).resolve()
    if not root.is_dir():
        raise UserError("no-content-folder", folder=root)
    return root


def _exported(args: argparse.Namespace, root: Path) -> tuple[list[Any], str, Any]:
    """The texts to export, what the files are named after (the system, or the scenario or
    content file named, by its stem), and where their earlier versions are looked for."""
    from generator.commands.common import is_scenario_file
    from generator.commands.translations.export import History
    from generator.commands.translations.texts import content_texts, file_texts, glossary_terms

    terms = glossary_terms(root)
    if is_scenario_file(args.system):
        path = Path(args.system)
        if not path.is_file():
            raise UserError("file-missing", file=path)
        mine = file_texts(path)
        if not mine:
            raise UserError("translations-no-texts", file=path)
        return mine, path.stem, History(path.resolve().parent, args.previous, terms)
    texts = content_texts(root)
    system = args.system.lower()
    mine = [text for text in texts if text.system == system]
    if not mine:
        choices = ", ".join(sorted({text.system for text in texts}))
        raise UserError("translations-no-system", system=args.system, choices=choices)
    return mine, system, History(root, args.previous, terms)


def _print_findings(findings: list[Any], lang: str) -> None:
    """The earlier versions that could not be read, as warnings, at most limits.PO_FINDINGS."""
    from generator.core import limits

    for issue in sorted(set(findings))[: limits.PO_FINDINGS]:
        print(issue.render(lang), file=sys.stderr)


def _folder(value: str) -> Path:
    """--previous: a folder that is there; anything else is a usage error (exit 2), never
    quietly ignored."""
    from generator.core.messages import text

    path = Path(value)
    if not path.is_dir():
        raise argparse.ArgumentTypeError(text("translations-previous-not-folder", path=path)[0])
    return path


def _write_po(path: Path, po: Any) -> None:
    """Replace the PO file in one step (never through a link standing there), written as
    msgcat writes it."""
    from generator.commands.translations.po_write import po_text
    from generator.core.files import WriteError, write_atomically

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, po_text(po).encode("utf-8"))
    except (OSError, WriteError) as error:
        raise UserError("cannot-write", path=path, reason=os_reason(error)) from error


def _destinations(
    args: argparse.Namespace, system: str, directions: list[str]
) -> list[tuple[Path, str]]:
    """Where each direction's file goes: --out itself for one direction given a file name,
    else SYSTEM.DIRECTION.po in the --out folder (output/translations/ by default)."""
    out = args.out
    if out is not None and out.suffix in (".po", ".pot"):
        if len(directions) > 1:
            raise UserError(
                "translations-out-one-file", system=system, directions=", ".join(directions)
            )
        return [(out, directions[0])]
    folder = out or Path("output") / "translations"
    suffix = ".pot" if args.pot else ".po"
    return [(folder / f"{system}.{direction}{suffix}", direction) for direction in directions]


def _import(args: argparse.Namespace, lang: str) -> int:
    """Write a PO file's finished translations into the content, every file or none."""
    from generator.commands.translations.importing import finish_interrupted, import_po
    from generator.commands.translations.po_read import read_po
    from generator.commands.translations.texts import content_texts, file_texts
    from generator.core.diagnostics import display_path
    from generator.core.limits import shown_name

    po = read_po(args.file)
    if args.target is not None:  # a scenario (or content) file named: its texts alone
        if not args.target.is_file():
            raise UserError("file-missing", file=args.target)
        root = args.target.resolve().parent  # one file, replaced in one step: no journal
        texts, one_file = file_texts(args.target), True
    else:
        root = _content_root(args)
        finish_interrupted(root)
        texts, one_file = content_texts(root), False
    shown = shown_name(display_path(args.file))
    outcome = import_po(po, shown, texts, root, one_file=one_file)
    try:  # the content is written: the exit code says so, whether or not this can be printed
        for path, count in outcome.written:
            print(say(lang, "outcome:imported", path=path, count=count))
        if not outcome.written:
            print(say(lang, "outcome:imported-none"))
        if outcome.fuzzy:
            print(_fuzzy_line(lang, outcome.fuzzy), file=sys.stderr)
        sys.stdout.flush()
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException:  # standard output closed or full (cli.main's OutputFailed)
        if not outcome.written:
            raise
    return EXIT_OK


def _fuzzy_line(lang: str, addresses: list[str]) -> str:
    """`1 fuzzy entry skipped (mak.10.1.3 text): clear the fuzzy flag to import it`."""
    shown = ", ".join(addresses[:FUZZY_SHOWN]) + (", …" if len(addresses) > FUZZY_SHOWN else "")
    if len(addresses) == 1:
        return say(lang, "outcome:fuzzy-skipped-one", addresses=shown)
    return say(lang, "outcome:fuzzy-skipped", count=len(addresses), addresses=shown)


COMMANDS = (Command("translations", HELP, add_arguments, run),)
