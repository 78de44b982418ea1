"""Where playaid's own files are (its content, templates and catalogs), and where it may keep
caches (`$XDG_CACHE_HOME/playaid`).

The repository keeps `content/`, `templates/` and `locales/` at its top, beside the `generator`
package. A wheel carries them inside the package, as `generator/_bundled/` (setup.py puts them
there), so an installed playaid finds them through importlib.resources wherever it runs; an
editable install or a checkout finds the package the same way and the folders beside it.
Nothing is ever written here at run time.
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

CODE = Path(os.fspath(resources.files("generator"))).resolve()  # the generator package itself
BUNDLED = CODE / "_bundled"  # content, templates and catalogs, in an installed wheel
INSTALLED = BUNDLED.is_dir()
DATA = BUNDLED if INSTALLED else CODE.parent  # the folder holding content/, templates/, locales/
DEFAULT_CONTENT = DATA / "content"
TEMPLATES = DATA / "templates"
LOCALES = DATA / "locales"
# The checkout, when playaid runs from one (None when installed from a wheel).
PROJECT: Path | None = None if INSTALLED else CODE.parent
# The seed files content cites, ../shared/seeds beside a checkout; they are not installed.
SEEDS: Path | None = None if PROJECT is None else PROJECT.parent / "shared" / "seeds"


def seeds_for(content: Path) -> Path | None:
    """The folder of seed files a content folder cites: its own `seeds/` beside sources.yaml
    when it carries one (a game added from content alone brings its source text; a link there is
    never followed), else SEEDS."""
    own = content / "seeds"
    return own if own.is_dir() and not own.is_symlink() else SEEDS


def cache_root() -> Path:
    """The one folder playaid writes caches under: `$XDG_CACHE_HOME/playaid`, else (unset, empty
    or relative) `~/.cache/playaid`."""
    configured = os.environ.get("XDG_CACHE_HOME", "")
    # The XDG base directory spec: a relative path there is invalid and is to be ignored.
    base = Path(configured) if os.path.isabs(configured) else home() / ".cache"
    return base / "playaid"


def home() -> Path:
    """The user's home folder: `$HOME` when it is an absolute path; when it is unset, empty or
    relative (`HOME=""` once put the cache in `/.cache`, a relative one under the current
    folder), the account's own home, as with HOME unset (home_unusable says so)."""
    if not home_unusable():
        return Path.home()
    try:
        import pwd

        return Path(pwd.getpwuid(os.getuid()).pw_dir)
    except (ImportError, KeyError, OSError):
        return Path(os.path.expanduser("~"))


def home_unusable() -> bool:
    """Whether `$HOME` is set but is no absolute path (empty or relative), and so is ignored."""
    configured = os.environ.get("HOME")
    return configured is not None and not os.path.isabs(configured)
