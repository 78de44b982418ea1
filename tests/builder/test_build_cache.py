"""The document cache: a build with nothing changed renders nothing and writes the same bytes;
everything that can change a PDF is in its key; only the documents a change touches are
rendered again; a corrupt cache is rendered over; --no-cache renders everything."""

from __future__ import annotations

import hashlib
import re
import shutil
from pathlib import Path

import pytest
from building import build
from pypdf import PdfReader

from generator.content.load import load_content
from generator.core import fingerprint
from generator.core.places import DEFAULT_CONTENT
from generator.render import doccache

CARDS = ["fpcf.terrain-movement", "fpcf.reaction"]


@pytest.fixture
def cache_home(tmp_path, monkeypatch) -> Path:
    """An empty cache of the test's own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache"


@pytest.fixture
def copied(tmp_path) -> Path:
    folder = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, folder)
    return folder


def _build(root: Path, out: Path, targets=CARDS, **options) -> tuple[dict, tuple[int, int]]:
    counts: list[tuple[int, int]] = []
    manifest = build(
        load_content(root),
        out,
        targets,
        editions=options.pop("editions", ("en",)),
        reused=lambda rendered, cached: counts.append((rendered, cached)),
        **options,
    )
    return manifest, counts[0]


def _hashes(manifest: dict) -> dict[str, str]:
    return {entry["path"]: entry["sha256"] for entry in manifest["documents"]}


def test_a_build_with_nothing_changed_renders_nothing_and_writes_the_same_bytes(
    cache_home, tmp_path
):
    first, counts = _build(DEFAULT_CONTENT, tmp_path / "a")
    assert counts == (2, 0)
    again, counts = _build(DEFAULT_CONTENT, tmp_path / "b")
    assert counts == (0, 2)
    fresh, counts = _build(DEFAULT_CONTENT, tmp_path / "c", fresh=True)
    assert counts == (2, 0)
    assert _hashes(first) == _hashes(again) == _hashes(fresh)
    for path in _hashes(first):
        assert (tmp_path / "b" / path).read_bytes() == (tmp_path / "c" / path).read_bytes()


def test_only_the_documents_a_content_change_touches_are_rendered_again(
    cache_home, copied, tmp_path
):
    before, _ = _build(copied, tmp_path / "a")
    table = copied / "fpcf" / "terrain-movement.yaml"
    table.write_text(table.read_text(encoding="utf-8").replace("leg: 2}", "leg: 3}", 1))
    after, counts = _build(copied, tmp_path / "b")
    assert counts == (1, 1)
    changed = {path for path, digest in _hashes(after).items() if _hashes(before)[path] != digest}
    assert changed == {"fpcf/en/fpcf.terrain-movement.card.a5.pdf"}


def _stamp(pdf: Path) -> str:
    """The content revision a document records in its metadata (its pages no longer print it)."""
    return re.search(r"content ([0-9a-f]{10})", PdfReader(pdf).metadata["/Keywords"]).group(1)


def test_each_document_is_stamped_with_its_own_inputs(cache_home, copied, tmp_path):
    _build(copied, tmp_path / "a")
    terrain, reaction = (tmp_path / "a/fpcf/en" / f"{t}.card.a5.pdf" for t in CARDS)
    stamps = (_stamp(terrain), _stamp(reaction))
    assert stamps[0] != stamps[1]
    table = copied / "fpcf" / "terrain-movement.yaml"
    table.write_text(table.read_text(encoding="utf-8").replace("leg: 2}", "leg: 3}", 1))
    _build(copied, tmp_path / "b")
    terrain, reaction = (tmp_path / "b/fpcf/en" / f"{t}.card.a5.pdf" for t in CARDS)
    assert _stamp(terrain) != stamps[0] and _stamp(reaction) == stamps[1]


@pytest.mark.parametrize(
    ("targets", "base", "change"),
    [
        (["fpcf.reaction"], {}, {"bleed": 2}),
        (["fpcf.reaction"], {}, {"editions": ("ja",)}),
        (["mak.artillery-request-sheet"], {}, {"paper": "letter"}),
        (["fpcf.notes"], {"editions": ("both",)}, {"layout": "sequential"}),
        (["fpcf.reaction"], {}, {"pdf_variant": "pdf/ua-1"}),
    ],
)
def test_every_build_option_that_reaches_a_document_renders_it_again(
    cache_home, tmp_path, targets, base, change
):
    _build(DEFAULT_CONTENT, tmp_path / "a", targets, **base)
    _, counts = _build(DEFAULT_CONTENT, tmp_path / "b", targets, **{**base, **change})
    assert counts[0] >= 1 and counts[1] == 0


def test_the_document_key_covers_options_and_html():
    environment = "e" * 64
    options = {"id": "x", "edition": "en", "paper": "a5", "forms": False, "bleed": 0}
    base = doccache.document_key(environment, ["<p>1</p>"], options)
    assert doccache.document_key(environment, ["<p>2</p>"], options) != base
    assert doccache.document_key(environment, ["<p>1</p>", "<p>1</p>"], options) != base
    assert doccache.document_key("f" * 64, ["<p>1</p>"], options) != base
    changes = [("edition", "ja"), ("paper", "a4"), ("forms", True), ("bleed", 3)]
    for name, value in [*changes, ("pdf_variant", "pdf/a-3b")]:
        assert doccache.document_key(environment, ["<p>1</p>"], {**options, name: value}) != base


def test_the_environment_covers_templates_fonts_epoch_versions_and_code(tmp_path, monkeypatch):
    templates, font = tmp_path / "templates", tmp_path / "font.otf"
    (templates / "styles").mkdir(parents=True)
    (templates / "styles" / "card.css").write_text("p { color: black }")
    font.write_bytes(b"font one")
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    seen = {doccache.environment_digest(templates, [font])}

    def changed() -> bool:
        digest = doccache.environment_digest(templates, [font])
        new = digest not in seen
        seen.add(digest)
        return new

    (templates / "styles" / "card.css").write_text("p { color: red }")
    assert changed()
    (templates / "card.html").write_text("<p>")
    assert changed()
    font.write_bytes(b"font two")
    assert changed()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    assert changed()
    for package in doccache.RENDERERS:
        real = doccache.metadata.version
        monkeypatch.setattr(
            doccache.metadata,
            "version",
            lambda name, real=real, package=package: "99" if name == package else real(name),
        )
        assert changed(), package
        monkeypatch.setattr(doccache.metadata, "version", real)
    monkeypatch.setattr(fingerprint, "__version__", "99.0")
    assert changed()
    monkeypatch.setattr(doccache, "code_digest", lambda: "another playaid")
    assert changed()


def test_the_embedding_subsetter_is_asked_as_weasyprint_asks():
    """The document key says which subsetter WeasyPrint embeds fonts with, asked without
    importing WeasyPrint: by WeasyPrint's own library names, with WeasyPrint's own answer."""
    import ast

    from weasyprint.text import ffi

    tree = ast.parse(Path(ffi.__file__).read_text(encoding="utf-8"))
    [call] = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and [getattr(target, "id", None) for target in node.targets] == ["harfbuzz_subset"]
    ]
    assert tuple(argument.value for argument in call.args[1:]) == doccache.HARFBUZZ_SUBSET
    weasyprints = "fonttools" if ffi.harfbuzz_subset is None else "harfbuzz-subset"
    assert doccache.embedding_subsetter() == weasyprints


@pytest.mark.parametrize("damage", ["pdf bytes", "record", "link", "folder"])
def test_a_damaged_cache_entry_is_rendered_again(cache_home, tmp_path, damage):
    first, _ = _build(DEFAULT_CONTENT, tmp_path / "a", ["fpcf.reaction"])
    [record] = doccache.folder().glob("*.json")
    pdf = record.with_suffix(".pdf")
    if damage == "pdf bytes":
        damaged = bytearray(pdf.read_bytes())
        damaged[len(damaged) // 2] ^= 0xFF
        pdf.write_bytes(bytes(damaged))
    elif damage == "record":
        record.write_text('{"pages": 1, "sha256": "' + hashlib.sha256(b"x").hexdigest() + '"}')
    elif damage == "link":
        pdf.unlink()
        pdf.symlink_to("/dev/zero")
    else:
        pdf.unlink()
        pdf.mkdir()
    again, counts = _build(DEFAULT_CONTENT, tmp_path / "b", ["fpcf.reaction"])
    assert counts == (1, 0)
    assert _hashes(again) == _hashes(first)


def test_no_cache_renders_everything_and_refreshes_the_cache(cache_home, tmp_path):
    _build(DEFAULT_CONTENT, tmp_path / "a")
    [record, _] = sorted(doccache.folder().glob("*.json"))
    record.write_text("{}")
    _, counts = _build(DEFAULT_CONTENT, tmp_path / "b", fresh=True)
    assert counts == (2, 0)
    _, counts = _build(DEFAULT_CONTENT, tmp_path / "c")
    assert counts == (0, 2)


def test_a_kits_first_page_is_probed_in_one_type_size():
    """The probe that finds the words a kit's first page prints (their characters, its digest)
    typeset the page in all three type sizes, each the same words (issue 46's card + kit row)."""
    from generator.builder.html import _variants
    from generator.builder.kits import COVER_PROBE, COVER_SIZES

    assert _variants(COVER_PROBE) == [{"size_class": "l"}]
    assert len(_variants({**COVER_PROBE, "size_classes": COVER_SIZES})) == 3  # a real first page
