"""Whether the cache can take files this run, and where to go without it.

Every cache lives under `$XDG_CACHE_HOME/playaid` (generator.core.places.cache_root). When a cache
folder cannot be made or written (a file stands where it would be, it is read-only, the disk is
full), the command goes on without saving to the cache: one warning on stderr, once a run, in the
user's language. What must still be written somewhere (the build's font subsets, WeasyPrint's
temporary files) goes to a private temporary folder outside the cache (tempfile.mkdtemp), removed
when the run ends (by the process that made it: a rendering process forked by the build uses
the build's). What the cache already holds is still read where it can be: every entry is
checked when read (generator.core.fingerprint.unseal), so a read-only cache serves what it has.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from generator.core.files import WriteError, cache_folder, create_temporary, is_real_folder
from generator.core.messages import message, text
from generator.core.places import cache_root

CACHE_UNWRITABLE = message(
    "cache-unwritable",
    "warning: cannot write to the cache {folder} ({reason}); going on without saving to it",
)
NO_TEMPORARY_FOLDER = message(
    "cache-no-temporary-folder",
    "cannot write to the cache {folder} nor make a temporary folder ({reason}); a build needs"
    " one of them for its fonts",
)

# One process's state: the cache root a write to which failed (nothing more is written there),
# the language of the warning (set by the command line), and the private folder made instead.
_state: dict[str, Any] = {"failed": None, "lang": None, "private": None, "owner": None}
# The system's temporary folder, read before a build points tempfile at its scratch folder in the
# cache (generator.render.scratch), so that the private folder is never made inside the cache.
SYSTEM_TEMP = tempfile.gettempdir()


def set_language(lang: str) -> None:
    """The language of the warning (`en` or `ja`), as the command line chose it."""
    _state["lang"] = lang


def writable() -> bool:
    """Whether the cache may still be written this run (no write to it has failed)."""
    return _state["failed"] != cache_root()


def give_up(error: BaseException) -> None:
    """A write to the cache failed: write to it no more this run, and say so once."""
    if not writable():
        return
    _state["failed"] = cache_root()
    english, japanese = text(CACHE_UNWRITABLE, folder=cache_root(), reason=_reason(error))
    line = japanese if _language() == "ja" else english
    with contextlib.suppress(OSError, ValueError):  # stderr closed: the command still goes on
        print(f"playaid: {line}", file=sys.stderr, flush=True)


def folder(name: str) -> Path | None:
    """`$XDG_CACHE_HOME/playaid/<name>` as a real folder ready to take files (a link standing
    there is replaced, never followed), or None when the cache cannot be written (said once)."""
    if not writable():
        return None
    try:
        return cache_folder(name)
    except (OSError, WriteError) as error:
        give_up(error)
        return None


def probe(names: tuple[str, ...]) -> bool:
    """Whether each of these cache folders takes a file, tried with a temporary file removed at
    once; the first that does not is warned about. A build asks before it starts its rendering
    processes, so that they know it too and none of them warns again."""
    for name in names:
        where = folder(name)
        if where is None:
            return False
        try:
            temporary, descriptor = create_temporary(where, "probe")
            os.close(descriptor)
            temporary.unlink()
        except (OSError, WriteError) as error:
            give_up(error)
            return False
    return True


def private_folder() -> Path:
    """A folder of this process's own outside the cache, for what must be written when the cache
    cannot take it: made when first asked for (tempfile.mkdtemp: mode 0700, a new name), removed
    when the process that made it ends."""
    made = _state["private"]
    if made is not None and is_real_folder(made):  # this process's, or its parent's
        return made
    try:
        made = Path(tempfile.mkdtemp(prefix="playaid-", dir=SYSTEM_TEMP))
    except OSError as error:
        from generator.core.errors import UserError

        raise UserError(NO_TEMPORARY_FOLDER, folder=cache_root(), reason=_reason(error)) from None
    _state["private"], _state["owner"] = made, os.getpid()
    atexit.register(_remove_private, made, os.getpid())
    # A rendering process ends without running atexit; multiprocessing runs its finalizers.
    import multiprocessing.util  # here: importing it costs a table-side command dear

    multiprocessing.util.Finalize(None, _remove_private, (made, os.getpid()), exitpriority=0)
    return made


def private_folders() -> list[Path]:
    """The private folder, when this process or the build that forked it made one (the places a
    renderer may read from)."""
    made = _state["private"]
    return [made] if made is not None else []


def _remove_private(made: Path, owner: int) -> None:
    """Remove a private folder at exit, only in the process that made it (a forked worker that
    inherited the handler leaves it to its parent)."""
    if os.getpid() == owner:
        shutil.rmtree(made, ignore_errors=True)


def _reason(error: BaseException) -> str:
    """Why a write failed, in the system's words (Not a directory)."""
    return getattr(error, "strerror", None) or str(error) or type(error).__name__


def _language() -> str:
    """The warning's language: the one the command line set, else the one `--lang` asks for
    (`ja` only when every `--lang` given says ja, as `build --lang ja` prints in Japanese)."""
    if _state["lang"] in ("en", "ja"):
        return _state["lang"]
    argv = sys.argv[1:]
    asked = {argv[i + 1] for i, word in enumerate(argv[:-1]) if word == "--lang"}
    asked |= {word.removeprefix("--lang=") for word in argv if word.startswith("--lang=")}
    return "ja" if asked == {"ja"} else "en"
