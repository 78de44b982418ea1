"""Shared fixtures: the built-in content, a scratch content folder, a CLI runner, golden files."""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import subprocess
import textwrap
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pdf_pages
import pytest

from generator.cli import main
from generator.content.load import DEFAULT_CONTENT, Content, load_content

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden"
SEEDS = ROOT.parent / "shared" / "seeds"

MINIMAL_SOURCES = """\
kind: sources
seeds:
  - {id: "000", file: 000_c72f8361b479dd96.txt, title: {en: Seed, ja: シード, tr: none}}
systems:
  - {id: fpcf, seed: "000", title: {en: Test, ja: テスト, tr: none}}
"""


def one_case_rules(en: str, ja: str, tr: str) -> str:
    """A rules file of MINIMAL_SOURCES' system holding one case with this text."""
    return f"""\
kind: rules
system: fpcf
source: {{seed: "000"}}
cases:
  - id: fpcf.x
    title: {{en: X, ja: X, tr: none}}
    text: {{en: "{en}", ja: "{ja}", tr: {tr}}}
    source: {{seed: "000"}}
"""


# The modules that take longest (CPU seconds of a CI run on 2 cores, longest first): they start
# first, so that at the end of a parallel run no worker waits alone on one of them. xdist's own
# order (most tests first, `--no-loadscope-reorder` turns it off) left the long modules of few tests
# to the end, with one core idle for most of a minute (issue 46). Other modules keep their order.
LONGEST_FIRST = (
    "test_japanese_print",
    "test_scenario_card",
    "test_print_floor",  # after test_japanese_print has read the pages both measure (pdf_pages)
    "test_hostile_caches",
    "test_hostile_files",
    "test_site_browser",
    "test_review",
    "test_install",
    "test_hostile_faults",
    "test_hostile_writes",
    "test_hostile_cli",
    "test_translations",
    "test_tableside",
    "test_translations_safety",
    "test_build",
    "test_scenario_kit",
    "test_scenarios",
    "test_hostile_prints",
    "test_build_cache",
    "test_hostile_overlays",
    "test_hostile_round3",
    "test_pre_commit",
    "test_hostile_watch",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest modules first (LONGEST_FIRST), every other test in its collected order."""
    rank = {name: place for place, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.stem, len(rank)))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-goldens",
        action="store_true",
        help="rewrite golden files from the current output (only for intended changes)",
    )


@pytest.fixture(scope="session", autouse=True)
def _pdf_readings_shared(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The PDFs' readings (tests/pdf_pages.py) kept in a folder all xdist workers share."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    pdf_pages.KEPT["folder"] = shared / "pdf-readings"


@pytest.fixture(scope="session")
def full_build(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict]]:
    """A full build of every edition (the site aside) and its manifest's PDF entries: after
    `playaid build` its documents come from the caches, so a module pays for its measuring."""
    out = tmp_path_factory.mktemp("full-build")
    assert main(["build", "--no-site", "--out", str(out)]) == 0
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    entries = [entry for entry in manifest["documents"] if entry["path"].endswith(".pdf")]
    assert len(entries) > 100
    return out, entries


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """A copy of the built-in content, to change."""
    target = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, target)
    return target


@pytest.fixture(scope="session")
def content() -> Content:
    """The built-in content, loaded once."""
    return load_content()


@dataclass
class Result:
    code: int
    out: str
    err: str


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str]) -> Callable[..., Result]:
    """Run the CLI in-process; return exit code, stdout and stderr."""

    def invoke(*argv: str) -> Result:
        code = main(list(argv))
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    return invoke


@pytest.fixture
def make_content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Path]:
    """Write a small content folder (sources plus the given files) and chdir above it."""
    monkeypatch.chdir(tmp_path)

    def write(files: dict[str, str], sources: str = MINIMAL_SOURCES) -> Path:
        root = tmp_path / "content"
        root.mkdir(exist_ok=True)
        (root / "sources.yaml").write_text(sources, encoding="utf-8")
        for name, body in files.items():
            (root / name).write_text(textwrap.dedent(body), encoding="utf-8")
        return root

    return write


@pytest.fixture
def golden(request: pytest.FixtureRequest) -> Callable[[str, str], None]:
    """Compare text with tests/golden/NAME; `pytest --update-goldens` rewrites it instead."""
    update = request.config.getoption("--update-goldens")

    def check(name: str, actual: str) -> None:
        path = GOLDEN / name
        if update:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(actual, encoding="utf-8")
            return
        assert path.exists(), f"no golden file {path}; run pytest --update-goldens"
        assert actual == path.read_text(encoding="utf-8"), f"output differs from {path}"

    return check


def assert_contract(
    content: Content, table_id: str, keys: dict[str, str | None], exact: bool
) -> None:
    """The table has exactly these keys in order, and these choices (all of them when exact)."""
    table = content.table(table_id)
    assert [axis.key for axis in table.axes] == list(keys)
    for key, choices in keys.items():
        if choices:
            slugs = {choice.slug for choice in table.axis(key).choices}
            assert (slugs == set(choices.split())) if exact else (set(choices.split()) <= slugs)


# Test data only, deliberately unlike any token: every pilot +1 attack, 0 defense, +1 dog-fight.
TOKENS = """\
kind: table
id: mak.pilot-abilities
title: {en: My tokens, ja: 自分のトークン, tr: none}
source: {supplied: test data for playaid}
complete: false
axes:
  - {key: side, enum: mak.side}
  - key: number
    choices: [%s]
  - key: ability
    choices:
      - {slug: attack, label: {en: attack, ja: 攻撃, tr: none}}
      - {slug: defense, label: {en: defense, ja: 防御, tr: none}}
      - {slug: dogfight, label: {en: dog-fight, ja: ドッグファイト, tr: none}}
rows:
%s
"""


@pytest.fixture
def tokens_overlay(tmp_path: Path) -> Path:
    """An overlay folder with test pilot tokens (mak.pilot-abilities): every pilot +1/0/+1."""
    numbers = range(1, 17)
    choices = ", ".join(
        f'{{slug: "{n}", label: {{en: "No. {n}", ja: "No. {n}", tr: none}}}}' for n in numbers
    )
    rows = "\n".join(
        f'  - {{side: {side}, number: "{n}", ability: {ability}, value: {value}}}'
        for side in ("strahl", "mercenary")
        for n in numbers
        for ability, value in (("attack", 1), ("defense", 0), ("dogfight", 1))
    )
    folder = tmp_path / "tokens"
    folder.mkdir()
    (folder / "tokens.yaml").write_text(TOKENS % (choices, rows), encoding="utf-8")
    return folder


def in_process(
    args: list[str], cwd: Path, env: dict[str, str] | None = None
) -> tuple[int, str, str, float]:
    """Run playaid's main() in this process, in `cwd` with `env` added to the environment, as
    a probe that needs no real process runs (issue 46: a process's start-up is most of such a
    probe's time); return exit code, stdout, stderr and wall time. Everything is restored."""
    start = time.monotonic()
    out, err = io.StringIO(), io.StringIO()
    saved_env, saved_cwd = dict(os.environ), os.getcwd()
    try:
        os.environ.update(env or {})
        os.chdir(cwd)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(list(args))
            except SystemExit as usage:  # argparse's own exit: 2 for a usage error
                code = usage.code if isinstance(usage.code, int) else 1
    finally:
        os.chdir(saved_cwd)
        os.environ.clear()
        os.environ.update(saved_env)
    return code, out.getvalue(), err.getvalue(), time.monotonic() - start


def completed_in_process(
    args: list[str], cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess:
    """`in_process`, answered as subprocess.run answers (returncode, stdout, stderr)."""
    code, out, err, _ = in_process(args, cwd, env)
    return subprocess.CompletedProcess(["playaid", *args], code, out, err)


def files_of(root: Path) -> dict[str, bytes]:
    """Every file below a folder, by its path from there, with its bytes."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def tree(folder: Path) -> dict[str, object]:
    """Everything below a folder, links not followed: a file's bytes, a link's target, a
    folder, or the kind of anything else; to compare what a command left with what was there."""
    found: dict[str, object] = {}
    for parent, folders, files in os.walk(folder):
        for name in folders + files:
            path = Path(parent) / name
            key = str(path.relative_to(folder))
            if path.is_symlink():
                found[key] = ("link", os.readlink(path))
            elif path.is_dir():
                found[key] = "folder"
            elif path.is_file():
                found[key] = path.read_bytes()
            else:
                found[key] = "other"
    return found
