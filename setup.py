"""Put the content, templates and message catalogs into the wheel, inside the package.

The repository keeps `content/`, `templates/` and `locales/` at its top (the layout its users
chose); an installed playaid finds them as `generator/_bundled/` through importlib.resources
(generator/core/places.py). An editable install reads them where they are, so nothing is copied
then. Everything else is declared in pyproject.toml.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

BUNDLED = ("content", "templates", "locales")
LEFT_OUT = shutil.ignore_patterns("__pycache__", "*.py[co]", "*.mo", ".*")


class BuildWithData(build_py):
    """build_py that also copies the data folders into the built package."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        target = Path(self.build_lib) / "generator" / "_bundled"
        shutil.rmtree(target, ignore_errors=True)
        for name in BUNDLED:
            shutil.copytree(Path(name), target / name, ignore=LEFT_OUT)


setup(cmdclass={"build_py": BuildWithData})
