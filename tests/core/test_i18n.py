"""UI strings and diagnostics: the .pot is current and the Japanese catalog is complete."""

from __future__ import annotations

import importlib
import pkgutil
import re
import shutil
import subprocess

from babel.messages.pofile import read_po

import generator
from generator.builder import kits
from generator.core.locales import po_path
from generator.core.messages import PLURALS, REGISTRY, text
from generator.render.i18n import LOCALES, extract_catalog, pot_text
from generator.render.scenario import words as card_words
from generator.scenario import messages as scenario_messages


def test_messages_pot_is_not_stale():
    assert (LOCALES / "messages.pot").read_text(encoding="utf-8") == pot_text(extract_catalog()), (
        "run: python -m generator.render.i18n extract"
    )


def test_japanese_catalog_is_complete_and_not_fuzzy():
    with po_path("ja").open("rb") as handle:
        catalog = read_po(handle, locale="ja")
    template = {(message.context, message.id) for message in extract_catalog() if message.id}
    translated = {(message.context, message.id) for message in catalog if message.id}
    assert translated == template
    for message in catalog:
        if message.id:
            assert message.string, f"untranslated: {message.context} {message.id}"
            assert not message.fuzzy, f"fuzzy: {message.context} {message.id}"


def test_the_japanese_catalog_has_a_header_gettext_accepts():
    text = po_path("ja").read_text(encoding="utf-8")
    header = text[: text.index("\n\n")]  # the first entry: msgid ""
    assert header.startswith('msgid ""\nmsgstr ""\n'), header
    assert '"Plural-Forms: nplurals=1; plural=0;\\n"' in header  # ngettext messages need it
    assert '"Content-Type: text/plain; charset=UTF-8\\n"' in header
    assert "Date" not in header  # the file changes only when a message does
    if shutil.which("msgfmt"):  # gettext's own check, where gettext is installed
        check = ["msgfmt", "--check", "-o", "/dev/null", str(po_path("ja"))]
        result = subprocess.run(check, capture_output=True, text=True, check=False)
        assert result.returncode == 0, result.stderr


def test_every_diagnostic_is_in_the_catalog_under_its_code():
    assert scenario_messages.message and card_words.message and kits.message  # registered
    for module in pkgutil.walk_packages(generator.__path__, "generator."):  # every message(),
        if module.name != "generator.__main__":  # whichever tests ran before in this process
            importlib.import_module(module.name)
    extracted = {message.context: message.id for message in extract_catalog() if message.context}
    registered = {code: PLURALS.get(code, (english,))[:2] for code, english in REGISTRY.items()}
    assert {code: extracted[code] if isinstance(extracted[code], tuple) else (extracted[code],)
            for code in extracted} == registered  # fmt: skip


def test_japanese_messages_use_the_same_placeholders_as_the_english():
    with po_path("ja").open("rb") as handle:
        catalog = read_po(handle, locale="ja")
    for message in catalog:
        if message.id and message.context:
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            english = {name for form in ids for name in re.findall(r"\{(\w+)\}", form)}
            for form in strings:
                japanese = set(re.findall(r"\{(\w+)\}", form))
                assert japanese == english, f"{message.context}: {english} vs {japanese}"


def test_words_fill_messages_in_each_language():
    en, ja = text("missing-translation", language="word:language-ja")
    assert en == "the Japanese text is missing"
    assert ja == "日本語のテキストがありません"
