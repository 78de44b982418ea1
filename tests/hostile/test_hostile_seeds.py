"""Issue 42 §1: a seed that is a link, a FIFO, a device or anything but a regular file is a
finding in `check` and is never opened, wherever seeds are looked up (a game's own `seeds/`,
`review --seeds DIR`, the table side's fingerprint); a seed's `file:` is a plain file name; a
content YAML file that is a link is a finding and is never read."""

from __future__ import annotations

import builtins
import io
import os
import shutil
from pathlib import Path

import pytest

from generator.content.load import load_content
from generator.core.errors import ContentError
from generator.render.review import SeedFiles
from generator.tableside.cache import seed_fingerprints

GAME = Path(__file__).resolve().parent.parent / "games" / "tg"
SEED = "900_tidal_gate.txt"


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """A copy of the test game, its seed in its own seeds/."""
    copy = tmp_path / "tg"
    shutil.copytree(GAME, copy)
    return copy


def _plant(seed: Path, kind: str, secret: Path) -> None:
    """Put something that is not a regular file where the seed was."""
    seed.unlink()
    if kind == "link to a secret":
        seed.symlink_to(secret)
    elif kind == "link to the environment":
        seed.symlink_to("/proc/self/environ")
    elif kind == "fifo":
        os.mkfifo(seed)
    elif kind == "device":
        seed.symlink_to(os.devnull) if not hasattr(os, "mknod") else _device(seed)
    else:
        seed.mkdir()


def _device(seed: Path) -> None:
    """A character device where root may make one, else a link to /dev/null (refused alike)."""
    try:
        os.mknod(seed, 0o600 | 0o020000, os.makedev(1, 3))
    except PermissionError:
        seed.symlink_to(os.devnull)


class _Opened:
    """Every path opened through os.open, open() and io.open while it is installed."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.paths: list[str] = []
        for module, name in ((os, "open"), (builtins, "open"), (io, "open")):
            real = getattr(module, name)
            monkeypatch.setattr(module, name, self._spy(real))

    def _spy(self, real):
        def spy(path, *args, **kwargs):
            if isinstance(path, str | bytes | os.PathLike):
                self.paths.append(os.fsdecode(path))
            return real(path, *args, **kwargs)

        return spy

    def touched(self, name: str) -> list[str]:
        return [path for path in self.paths if path.endswith(name)]


KINDS = ["link to a secret", "link to the environment", "fifo", "device", "folder"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_seed_that_is_not_a_regular_file_is_a_finding_and_never_opened(
    game, kind, tmp_path, monkeypatch
):
    secret = tmp_path / "secret.txt"
    secret.write_text("SECRET_TOKEN=hunter2\n" * 30, encoding="utf-8")
    _plant(game / "seeds" / SEED, kind, secret)
    shipped = load_content(GAME)
    opened = _Opened(monkeypatch)
    with pytest.raises(ContentError) as refused:
        load_content(game)
    found = [issue for issue in refused.value.issues if issue.code == "seed-not-regular"]
    assert len(found) == 1, refused.value.issues
    assert found[0].file.endswith("sources.yaml") and found[0].line == 5
    assert found[0].key_path == "seeds[0].file" and SEED in found[0].message_en
    seeds = SeedFiles(shipped, game / "seeds")  # review --seeds DIR
    assert seeds.lines("900") is None
    assert dict(seed_fingerprints(game))[SEED] == "-"
    assert [path for path in opened.touched(SEED) if path.startswith(str(game))] == []
    assert not [path for path in opened.paths if path.startswith(("/proc", str(secret)))]


@pytest.mark.parametrize("name", ["../secret.txt", "/etc/passwd", "sub/900.txt", "..", "a\\b"])
def test_a_seed_file_name_that_points_anywhere_is_a_finding(game, name):
    sources = game / "sources.yaml"
    sources.write_text(
        sources.read_text(encoding="utf-8").replace(SEED, name.replace("\\", "\\\\")),
        encoding="utf-8",
    )
    with pytest.raises(ContentError) as refused:
        load_content(game)
    found = [issue for issue in refused.value.issues if issue.code == "seed-file-name"]
    assert len(found) == 1 and found[0].line == 5, refused.value.issues


def test_a_regular_seed_is_still_read(game):
    assert load_content(game).sources.seeds[0].file == SEED
    assert SeedFiles(load_content(game), game / "seeds").lines("900")


@pytest.mark.parametrize("inside", [False, True])
def test_a_content_yaml_file_that_is_a_link_is_a_finding_never_read(
    game, tmp_path, monkeypatch, inside
):
    outside = tmp_path / "outside.yaml"
    shutil.copy(game / "terrain.yaml", outside)
    target = game / "terrain.yaml" if inside else outside
    house = game / "house.yaml"
    house.symlink_to(target)
    if not inside:
        (game / "terrain.yaml").unlink()
    opened = _Opened(monkeypatch)
    with pytest.raises(ContentError) as refused:
        load_content(game)
    found = [issue for issue in refused.value.issues if issue.file.endswith("house.yaml")]
    assert [issue.code for issue in found] == ["file-not-regular"]
    assert "link" in found[0].message_en
    assert opened.touched("house.yaml") == [] and opened.touched("outside.yaml") == []


def test_check_names_a_fifo_seed(game, run):
    _plant(game / "seeds" / SEED, "fifo", game)
    result = run("--content", str(game), "check")
    assert result.code == 1
    assert "sources.yaml:5:" in result.out + result.err
    assert "seed-not-regular" in result.out + result.err
    assert "Traceback" not in result.err


@pytest.mark.parametrize("kind", ["link", "file"])
def test_a_game_seeds_folder_that_is_a_link_is_a_finding(game, tmp_path, kind, monkeypatch):
    elsewhere = tmp_path / "elsewhere"
    shutil.move(game / "seeds", elsewhere)
    if kind == "link":
        (game / "seeds").symlink_to(elsewhere, target_is_directory=True)
    else:
        (game / "seeds").write_text("not a folder\n", encoding="utf-8")
    opened = _Opened(monkeypatch)
    with pytest.raises(ContentError) as refused:
        load_content(game)
    found = [issue for issue in refused.value.issues if issue.code == "seeds-folder-not-real"]
    assert len(found) == 1 and found[0].file.endswith("sources.yaml"), refused.value.issues
    assert opened.touched(SEED) == []
