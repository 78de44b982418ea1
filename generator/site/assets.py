"""The site's files besides its pages: the style sheet and script written for it (copied from
templates/site/), the web app manifest, the service worker that lists every file, the icons."""

from __future__ import annotations

import json

from jinja2 import Environment

from generator.render.i18n import TEMPLATES
from generator.site.icon import ICON_SIZES, icon_png

STATIC = ("site.css", "site.js")
THEME = "#1d4e89"


def static_files() -> dict[str, bytes]:
    """The style sheet and the script, as written by hand."""
    return {name: (TEMPLATES / "site" / name).read_bytes() for name in STATIC}


def icons() -> dict[str, bytes]:
    """The home-screen icons by file name."""
    return {f"icon-{size}.png": icon_png(size) for size in ICON_SIZES}


def web_manifest() -> bytes:
    """manifest.webmanifest: what a phone needs to add the site to its home screen."""
    manifest = {
        "name": "playaid",
        "short_name": "playaid",
        "start_url": "index.html",
        "scope": "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": THEME,
        "icons": [
            {"src": name, "sizes": f"{size}x{size}", "type": "image/png", "purpose": "any"}
            for size, name in ((size, f"icon-{size}.png") for size in ICON_SIZES)
        ],
    }
    return (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode()


def service_worker(env: Environment, files: list[str], revision: str) -> bytes:
    """sw.js: it keeps `files` (every file of the site but itself, and the folder's own address)
    under a cache named by the site's revision, so that a new build replaces the old copy."""
    kept = ["./", *sorted(files)]
    return env.get_template("site/sw.js").render(files=kept, revision=revision).encode()
