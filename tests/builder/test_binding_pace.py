"""What makes a full build cheaper without changing a byte of it (issue 21): binding reads each
finished PDF once per process, kits that bind the same cards share their card sheets, cache entries
are not fsynced (they are sealed and checked when read) while documents are, and the garbage
collector is paced for a build."""

from __future__ import annotations

import gc
import io
import os

import pytest
from pypdf import PdfReader

from generator.builder import collector, kits
from generator.core.files import write_atomically
from generator.render import kit, readers
from generator.render.kit import Piece, assemble

TABLES = ("mak.unit-errata", "mak.smoke-units", "mak.stack-points")


@pytest.fixture(scope="module")
def cards(tmp_path_factory) -> list[bytes]:
    """Three one-page player-aid cards, built once."""
    from generator.cli import main

    out = tmp_path_factory.mktemp("cards")
    assert main(["build", *TABLES, "--lang", "en", "--out", str(out)]) == 0
    return [(out / "mak" / "en" / f"{table}.card.a5.pdf").read_bytes() for table in TABLES]


def test_pdfs_read_once_bind_to_the_same_bytes_as_pdfs_read_afresh(cards, monkeypatch):
    """One piece bound twice (as a kit binds its blank backs): the first binding reads every
    piece, the second reuses the readers, a third reads each piece afresh; all three agree."""
    first, second, twice = cards
    pieces = [Piece(first, "one"), Piece(twice), Piece(second, "two"), Piece(twice)]
    readers.parsed.cache_clear()
    reading = assemble(pieces, b"0" * 16, title="Kit")
    assert readers.parsed.cache_info().currsize == 3  # the piece's second binding reads afresh
    reused = assemble(pieces, b"0" * 16, title="Kit")
    assert readers.parsed.cache_info().hits >= 3
    monkeypatch.setattr(kit, "parsed", lambda data: PdfReader(io.BytesIO(data)))
    afresh = assemble(pieces, b"0" * 16, title="Kit")
    assert reading == reused == afresh
    assert reading[1] == 4


def test_a_build_carries_the_readers_it_used_to_the_next_and_drops_the_rest(cards):
    first, second, _ = cards
    readers.forget()
    readers.forget()  # nothing carried
    readers.parsed(first), readers.parsed(second)
    readers.forget()
    assert readers.carried() == 2
    kept = readers.parsed(first)  # the next build: the reader carried, not parsed again
    readers.forget()
    assert readers.carried() == 1 and readers.parsed(first) is kept
    readers.forget()


def test_kits_binding_the_same_cards_share_one_sheet_named_by_its_cards(cards):
    """The sheet is made once and its identifier comes from the cards, not from a kit."""
    pair = tuple(cards[:2])
    kits._card_sheet.cache_clear()
    sheet = kits._card_sheet(pair, "2up", "a4", "Player aid", "en", None)
    again = kits._card_sheet(pair, "2up", "a4", "Player aid", "en", None)
    assert again is sheet and kits._card_sheet.cache_info().misses == 1
    other = kits._card_sheet(pair[::-1], "2up", "a4", "Player aid", "en", None)
    identifiers = [PdfReader(io.BytesIO(pdf)).trailer["/ID"][0] for pdf, _ in (sheet, other)]
    assert identifiers[0] != identifiers[1]
    assert PdfReader(io.BytesIO(sheet[0])).pages[0].extract_text()


def test_only_cache_entries_skip_the_wait_for_the_disk(tmp_path, monkeypatch):
    """A document is fsynced with its folder before the write returns; a cache entry is not."""
    synced: list[int] = []
    real = os.fsync
    monkeypatch.setattr(
        os, "fsync", lambda descriptor: synced.append(descriptor) or real(descriptor)
    )
    write_atomically(tmp_path / "document.pdf", b"%PDF")
    assert len(synced) == 2  # the file, then its folder
    write_atomically(tmp_path / "entry.json", b"{}", durable=False)
    assert len(synced) == 2
    assert (tmp_path / "entry.json").read_bytes() == b"{}"


def test_a_build_paces_the_collector_once_per_process(monkeypatch):
    """Young objects are collected every YOUNG_THRESHOLD allocations and what lived before the
    build is frozen; a second build (a --watch rebuild) leaves the pace as it is."""
    monkeypatch.setattr(collector, "_tuned", False)
    before = gc.get_threshold()
    frozen = gc.get_freeze_count()
    try:
        collector.tune_for_build()
        assert gc.get_threshold() == (collector.YOUNG_THRESHOLD, *before[1:])
        assert gc.get_freeze_count() > frozen
        gc.set_threshold(*before)
        collector.tune_for_build()
        assert gc.get_threshold() == before
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()
