"""Where playaid's own folders are, and where it may keep caches (`$XDG_CACHE_HOME/playaid`)."""

from __future__ import annotations

import os
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
DEFAULT_CONTENT = PROJECT / "content"
CODE = PROJECT / "generator"
SEEDS = PROJECT.parent / "shared" / "seeds"  # the seed files content cites (../shared/seeds)


def cache_root() -> Path:
    """The one folder playaid writes caches under: `$XDG_CACHE_HOME/playaid`, else
    `~/.cache/playaid`."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "playaid"
