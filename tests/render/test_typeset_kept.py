"""Typeset pages are kept between builds, keyed by the raw page (issue 46, item 3): a build with
nothing changed typesets no page again, a kept page is the one typesetting makes, and any change
to the page, the terms, the options or playaid misses; a damaged entry is typeset again."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.render.typeset import kept, typeset

PAGE = '<html lang="ja"><body><p class="phrase-lines">ダイスを2個振る。Roll 2d6 で判定する。</p></body></html>'


@pytest.fixture
def own_cache(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "playaid" / "typeset"


@pytest.fixture
def counted(monkeypatch) -> list[str]:
    """The pages actually typeset."""
    calls: list[str] = []

    def counting(html: str, *args: object, **options: object) -> str:
        calls.append(html)
        return typeset(html, *args, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(kept, "typeset", counting)
    return calls


def test_a_kept_page_is_the_page_typesetting_makes(own_cache, counted):
    first = kept.typeset_kept(PAGE, ["ダイス"], kept.Layout(keep_breaks=True))
    again = kept.typeset_kept(PAGE, ["ダイス"], kept.Layout(keep_breaks=True))
    assert first == again == typeset(PAGE, ["ダイス"], keep_breaks=True)
    assert len(counted) == 1 and len(list(own_cache.glob("*.json"))) == 1


@pytest.mark.parametrize(
    "change",
    [
        {"html": PAGE.replace("2個", "3個")},
        {"words": ["判定"]},
        {"keep_breaks": False},
        {"card_lines": False},
    ],
)
def test_any_change_to_the_page_terms_or_options_misses(own_cache, counted, change):
    kept.typeset_kept(PAGE, ["ダイス"], kept.Layout(keep_breaks=True))
    options = {"html": PAGE, "words": ["ダイス"], "keep_breaks": True} | change
    page, words = options.pop("html"), options.pop("words")
    assert kept.typeset_kept(page, words, kept.Layout(**options)) == typeset(page, words, **options)
    assert len(counted) == 2


def test_a_change_to_playaid_misses(own_cache, counted, monkeypatch):
    kept.typeset_kept(PAGE)
    monkeypatch.setattr(kept, "_environment", lambda: "another playaid")
    kept.typeset_kept(PAGE)
    assert len(counted) == 2


def test_a_damaged_entry_is_typeset_again_and_fresh_reads_nothing(own_cache, counted):
    good = kept.typeset_kept(PAGE)
    [entry] = own_cache.glob("*.json")
    raw = bytearray(entry.read_bytes())
    raw[-20] ^= 0x01
    entry.write_bytes(bytes(raw))
    assert kept.typeset_kept(PAGE) == good and len(counted) == 2
    assert kept.typeset_kept(PAGE, fresh=True) == good and len(counted) == 3


def test_a_rebuild_with_nothing_changed_typesets_no_page(own_cache, counted, run, tmp_path):
    out = tmp_path / "out"
    target = ("build", "fpcf.reaction", "--lang", "ja", "-j", "1", "--out", str(out))
    assert run(*target).code == 0
    assert counted  # the first build typeset its pages
    counted.clear()
    again = run(*target)
    assert again.code == 0 and "再利用 1 件" in again.out  # --lang ja speaks Japanese
    assert counted == []


def test_old_pages_are_pruned_beyond_the_number_kept(own_cache, monkeypatch):
    monkeypatch.setattr(kept, "KEPT", 2)
    for number in range(4):
        kept.typeset_kept(PAGE.replace("2個", f"{number}個"))
    (own_cache / "notes.txt").write_text("not playaid's", encoding="utf-8")
    kept.prune()
    assert len(list(own_cache.glob("*.json"))) == 2 and (own_cache / "notes.txt").exists()
