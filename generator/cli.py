"""The command line: the top-level parser, the dispatch to generator.commands, the guarded
output streams and the exit codes; the commands print their answers, and only here is an error
turned into an exit code.

Exit codes: 0 success, 1 bad input or content problems, 2 usage, 3 internal bug, 130 interrupted.
"""

from __future__ import annotations

import argparse
import os
import sys
import traceback
from pathlib import Path
from typing import Any

from generator import __version__
from generator.commands import (
    build,
    calc,
    check,
    fonts,
    generate,
    lookup,
    new,
    review,
    rules,
    schema,
    site,
    stamp,
    tables,
    translations,
)
from generator.commands.common import (
    EXIT_BUG,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    EXIT_USER,
    print_issues,
    say,
)
from generator.commands.inputs import check_paths, check_values, unusable_name, warn_home
from generator.core.errors import ContentError, InternalError, UserError
from generator.core.limits import sanitize

__all__ = ["EXIT_BUG", "EXIT_INTERRUPTED", "EXIT_OK", "EXIT_USAGE", "EXIT_USER", "main"]

# Every command, in the order `playaid --help` lists them.
MODULES = (
    check,
    generate,
    new,
    schema,
    tables,
    lookup,
    rules,
    calc,
    stamp,
    fonts,
    build,
    site,
    review,
    translations,
)
COMMANDS = {command.name: command for module in MODULES for command in module.COMMANDS}


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
    """The top-level options, and each command's own (generator.commands)."""
    parser = argparse.ArgumentParser(
        prog="playaid",
        description="Bilingual (English/Japanese) player aids for hex-and-counter wargames.",
    )
    parser.add_argument("--version", action="version", version=f"playaid {__version__}")
    _common(parser, top=True)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, command in COMMANDS.items():
        sub = commands.add_parser(name, help=command.help)
        command.add_arguments(sub)
        # build's --lang names the editions it builds
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
            line = say(lang, "output-failed", reason=failed.args[0])
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
    check_values(parser, args, lang)
    warn_home(lang)
    try:
        check_paths(args)
        return _run(args, lang)
    except ContentError as error:
        print_issues(error, lang, getattr(args, "format", "text"))
        return EXIT_USER
    except UserError as error:
        print(f"playaid: {error.message(lang)}", file=sys.stderr)
        return EXIT_USER
    except KeyboardInterrupt:
        print("playaid: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except (InternalError, Exception) as error:
        if isinstance(error, OSError) and unusable_name(error, lang):
            return EXIT_USER
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
        return COMMANDS[args.command].run(args, lang)
    except (ContentError, UserError, KeyboardInterrupt):
        raise
    except Exception:
        if not getattr(args, "from_cache", False):
            raise
    from generator.tableside.snapshot import forget

    forget(args.content, args.overlay)
    args.fresh, args.from_cache = True, False
    return COMMANDS[args.command].run(args, lang)
