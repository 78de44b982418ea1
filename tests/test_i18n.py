"""UI strings: the .pot is current and the Japanese catalog is complete."""

from __future__ import annotations

from babel.messages.pofile import read_po

from generator.render.i18n import LOCALES, extract_catalog, pot_text


def test_messages_pot_is_not_stale():
    assert (LOCALES / "messages.pot").read_text(encoding="utf-8") == pot_text(extract_catalog()), (
        "run: python -m generator.render.i18n extract"
    )


def test_japanese_catalog_is_complete_and_not_fuzzy():
    with (LOCALES / "ja" / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        catalog = read_po(handle, locale="ja")
    template = {message.id for message in extract_catalog() if message.id}
    translated = {message.id for message in catalog if message.id}
    assert translated == template
    for message in catalog:
        if message.id:
            assert message.string, f"untranslated: {message.id}"
            assert not message.fuzzy, f"fuzzy: {message.id}"
