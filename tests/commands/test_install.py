"""Installed like any Python tool (issue 23): the sdist and the wheel built from it carry the
content, templates, catalogs and schemas; the wheel installed into a fresh virtual environment
runs every command from an empty folder, and prints the same bytes as this editable install."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path
from urllib.parse import unquote, urlparse

import jsonschema
import pytest
import yaml
from pypdf import PdfReader

from generator import __version__
from generator.core.places import CODE, DATA, DEFAULT_CONTENT

REPOSITORY = CODE.parent
SAMPLE = DEFAULT_CONTENT / "scenarios" / "mak" / "rehn-crossing.yaml"
CARD = "fpcf/en/fpcf.air-drop.card.a5.pdf"
SCENARIO_CARD = "mak/en/mak.rehn-crossing.sheet.a4.pdf"
INSTALL_TIMEOUT = 900  # a guard against a hung download, not a speed limit
pytestmark = pytest.mark.xdist_group("install")  # one virtual environment, on one worker


def _run(command: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    """A command's result, its output as text."""
    return subprocess.run(
        command, cwd=cwd, env=env, capture_output=True, text=True, timeout=INSTALL_TIMEOUT
    )


def _environment(cache: Path, *, player: bool = True) -> dict[str, str]:
    """The environment of a player's shell (no PYTHONPATH), or of this test's own process (the
    editable install it runs), with a cache of the test's own."""
    left_out = ("PYTHONPATH", "VIRTUAL_ENV") if player else ()
    env = {key: value for key, value in os.environ.items() if key not in left_out}
    return {**env, "XDG_CACHE_HOME": str(cache), "SOURCE_DATE_EPOCH": "1700000000"}


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> dict[str, Path]:
    """A fresh virtual environment with playaid installed from a wheel built from the sdist."""
    root = tmp_path_factory.mktemp("install")
    environment = root / "venv"
    venv.EnvBuilder(with_pip=True).create(environment)
    python = environment / "bin" / "python"
    env = _environment(root / "cache")
    # The build backend pyproject.toml names, installed once here: `build --no-isolation` then
    # makes the sdist and the wheel without a fresh environment of its own for each (issue 46).
    tools = _run([str(python), "-m", "pip", "install", "-q", "build", "setuptools>=68"], root, env)
    assert tools.returncode == 0, tools.stderr
    source = root / "source"  # a copy of the checkout, so the build writes nothing into it
    shutil.copytree(
        REPOSITORY,
        source,
        ignore=shutil.ignore_patterns(
            ".git", "output", "build", "dist", "*.egg-info", "__pycache__", ".*cache", "tests"
        ),
    )
    built = _run(
        [str(python), "-m", "build", "--no-isolation", "--outdir", str(root / "dist"), str(source)],
        root,
        env,
    )
    assert built.returncode == 0, built.stderr[-3000:]
    [wheel] = (root / "dist").glob("*.whl")
    [sdist] = (root / "dist").glob("*.tar.gz")
    # --no-compile: what is tested is what the wheel carries and runs, not pip's bytecode pass
    # over every dependency (a third of the install's time).
    install = _run(
        [str(python), "-m", "pip", "install", "-q", "--no-compile", str(wheel)], root, env
    )
    assert install.returncode == 0, install.stderr[-3000:]
    return {"root": root, "bin": environment / "bin", "wheel": wheel, "sdist": sdist}


def _package(installed: dict[str, Path]) -> Path:
    """The installed generator package."""
    [package] = (installed["bin"].parent / "lib").glob("python3*/site-packages/generator")
    return package


def _files_under(folder: Path) -> dict[str, tuple[int, int]]:
    """Each file below `folder` (compiled bytecode aside) with its size and modification time."""
    return {
        path.relative_to(folder).as_posix(): (path.stat().st_size, path.stat().st_mtime_ns)
        for path in folder.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }


def test_the_sdist_and_the_wheel_carry_everything_playaid_reads(installed):
    """Every content file, template, catalog and schema of the checkout is in both archives."""
    wanted = sorted(
        path.relative_to(DATA).as_posix()
        for folder in ("content", "templates", "locales")
        for path in (DATA / folder).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".mo"
    )
    assert "content/scenarios/mak.schema.json" in wanted
    with zipfile.ZipFile(installed["wheel"]) as wheel:
        in_wheel = {name.removeprefix("generator/_bundled/") for name in wheel.namelist()}
    with tarfile.open(installed["sdist"]) as sdist:
        in_sdist = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    assert [name for name in wanted if name not in in_wheel] == []
    assert [name for name in wanted if name not in in_sdist] == []


def test_every_command_runs_from_an_empty_folder_as_the_editable_install_does(installed, tmp_path):
    """check, lookup, rule, a card and a scenario card from an empty folder, their output and the
    PDFs' bytes the same as this checkout's; nothing written into the installed package."""
    package = _package(installed)
    before = _files_under(package)
    playaid = str(installed["bin"] / "playaid")
    editable = [sys.executable, "-m", "generator"]
    runs = {}
    for name, command in (("installed", [playaid]), ("editable", editable)):
        folder = tmp_path / name
        folder.mkdir()
        env = _environment(tmp_path / f"cache-{name}", player=name == "installed")
        shutil.copy(SAMPLE, folder / "my.yaml")
        steps = [
            ("check", "--strict", "my.yaml"),
            ("lookup", "fpcf.aircraft-type", "nation=USA", "die=3"),
            ("rule", "mak.18.2"),
            ("build", "fpcf.air-drop", "--lang", "en", "-j", "1"),
            ("build", "my.yaml", "--lang", "en", "-j", "1", "--out", "cards"),
        ]
        results = [_run([*command, *step], folder, env) for step in steps]
        for step, result in zip(steps, results, strict=True):
            assert result.returncode == 0, (name, step, result.stderr)
        runs[name] = (folder, [result.stdout for result in results[:3]])
    (installed_folder, installed_out), (editable_folder, editable_out) = runs.values()
    assert installed_out == editable_out
    for built in (f"output/{CARD}", f"cards/{SCENARIO_CARD}"):
        assert (installed_folder / built).read_bytes() == (editable_folder / built).read_bytes()
    manifest = json.loads((installed_folder / "output" / "manifest.json").read_text())
    assert [entry["path"] for entry in manifest["documents"]] == [CARD]
    assert _files_under(package) == before


def test_the_version_is_the_projects_one(installed, tmp_path):
    """`playaid --version` prints the version the package and the wheel carry."""
    result = _run([str(installed["bin"] / "playaid"), "--version"], tmp_path, os.environ.copy())
    assert (result.returncode, result.stdout) == (0, f"playaid {__version__}\n")
    assert installed["wheel"].name.startswith(f"playaid-{__version__}-")


@pytest.mark.parametrize("command", [("new", "mak"), ("generate", "fpcf", "--seed", "3")])
def test_a_new_file_points_at_a_schema_the_editor_can_read(installed, tmp_path, command):
    """Installed, the schema line is the schema's file:// address inside the installed package:
    it resolves from wherever the file is moved, and the file meets that schema."""
    env = _environment(tmp_path / "cache")
    playaid = str(installed["bin"] / "playaid")
    result = _run([playaid, *command, "--out", "s.yaml"], tmp_path, env)
    assert result.returncode == 0, result.stderr
    moved = tmp_path / "elsewhere" / "deeper"
    moved.mkdir(parents=True)
    text = (tmp_path / "s.yaml").read_text(encoding="utf-8")
    (moved / "s.yaml").write_text(text, encoding="utf-8")
    first = text.splitlines()[0]
    assert first.startswith("# yaml-language-server: $schema=file:///")
    address = urlparse(first.split("$schema=", 1)[1])
    schema = Path(unquote(address.path))
    assert schema.is_relative_to(_package(installed))
    jsonschema.validate(yaml.safe_load(text), json.loads(schema.read_text(encoding="utf-8")))
    check = _run([playaid, "check", "--strict", "s.yaml"], moved, env)
    assert check.returncode == 0, check.stdout + check.stderr


def test_review_says_where_to_find_the_seeds(installed, tmp_path):
    """The seeds are not installed: review says so and names --seeds, without a traceback."""
    env = _environment(tmp_path / "cache")
    result = _run([str(installed["bin"] / "playaid"), "review", "mak"], tmp_path, env)
    assert result.returncode == 1
    assert "not installed" in result.stderr and "--seeds" in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "output").exists()


# The game docs/content-format.md, "Adding a game", is written around.
GAME = REPOSITORY / "tests" / "games" / "tg"


def test_a_game_added_as_the_docs_say_builds_beside_the_shipped_ones(installed, tmp_path):
    """Issue 45: the docs' game in a folder of its own, given with --overlay to the playaid a
    wheel installed (as pipx does), from an empty folder outside the checkout: check and rules
    see it beside the shipped games, and its Japanese booklet and card build with the catalog's
    words (templates, locales, fonts and the shipped content all come from the wheel)."""
    game = Path(shutil.copytree(GAME, tmp_path / "games" / "tg"))
    folder = tmp_path / "empty"
    folder.mkdir()
    env = _environment(tmp_path / "cache")
    playaid = [str(installed["bin"] / "playaid"), "--overlay", str(game)]
    check = _run([*playaid, "check"], folder, env)
    assert check.returncode == 0, check.stdout + check.stderr
    rules = _run([*playaid, "rules", "tg"], folder, env)
    assert rules.returncode == 0, rules.stderr
    assert [line.split("\t")[0] for line in rules.stdout.splitlines()][:2] == ["tg.8.0", "tg.8.1"]
    build = _run([*playaid, "build", "tg.rules", "tg.crt", "--lang", "ja", "-j", "1"], folder, env)
    assert build.returncode == 0, build.stderr
    out = folder / "output" / "tg" / "ja"
    booklet = "".join(page.extract_text() for page in PdfReader(out / "tg.rules.a4.pdf").pages)
    card = "".join(page.extract_text() for page in PdfReader(out / "tg.crt.card.a5.pdf").pages)
    for words in ("タイダル・ゲート", "目次", "用語集"):
        assert words in booklet, (words, booklet[:500])
    assert "戦闘結果表" in card and "出典" in card, card
