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
    base = Path(configured) if os.path.isabs(configured) else Path.home() / ".cache"
    return base / "playaid"
