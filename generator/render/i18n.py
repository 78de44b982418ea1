"""UI strings and diagnostics through Babel: extract them to messages.pot, compile .po at build.

Run `python -m generator.render.i18n extract` after changing a template string or a diagnostic,
then translate the new messages in locales/ja/LC_MESSAGES/messages.po; a test fails while the .pot
is stale or a message is untranslated or fuzzy. `pybabel extract -F babel.cfg -k message:1c,2
-k plural:1c,2,3 -k ui -k ui_in:1 -k ui_mark -k ui_texts -o locales/messages.pot .` reads the same
strings.
"""

from __future__ import annotations

import io
import sys

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po
from babel.support import Translations

from generator.core.locales import po_path
from generator.core.places import CODE, LOCALES, TEMPLATES

PACKAGE = CODE
KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "ui": None,
    "ui_in": (1,),
    "ui_mark": None,
    "ui_texts": None,
    "message": ((1, "c"), 2),
    "plural": ((1, "c"), 2, 3),
}
SOURCES = (
    (
        TEMPLATES,
        [("**.html", "jinja2.ext:babel_extract")],
        {"**.html": {"extensions": "jinja2.ext.i18n"}},
    ),
    (PACKAGE, [("**.py", "python")], {}),
)


def extract_catalog() -> Catalog:
    """Every translatable string of the templates and every diagnostic, with where it is used."""
    catalog = Catalog(project="playaid", charset="utf-8", fuzzy=False)
    for folder, methods, options in SOURCES:
        found = extract_from_dir(folder, methods, keywords=KEYWORDS, options_map=options)
        for filename, lineno, message, comments, context in found:
            where = f"{folder.name}/{filename}"
            catalog.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
    return catalog


def pot_text(catalog: Catalog) -> str:
    """The .pot as text, without the dates that would make it change on every run."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, omit_header=True, sort_output=True, width=100, include_lineno=False)
    return buffer.getvalue().decode("utf-8")


def load_translations(lang: str) -> Translations:
    """The compiled catalog of one language (English is the msgid itself)."""
    if lang == "en":
        return Translations()
    with po_path(lang).open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return Translations(fp=buffer)


def main(argv: list[str]) -> int:
    """`extract`: rewrite locales/messages.pot and merge new messages into each .po."""
    if argv != ["extract"]:
        print("usage: python -m generator.render.i18n extract", file=sys.stderr)
        return 2
    template = extract_catalog()
    (LOCALES / "messages.pot").write_text(pot_text(template), encoding="utf-8")
    for path in sorted(LOCALES.glob("*/LC_MESSAGES/messages.po")):
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=path.parts[-3])
        catalog.update(template, no_fuzzy_matching=True)
        buffer = io.BytesIO()
        write_po(
            buffer,
            catalog,
            omit_header=True,
            sort_output=True,
            width=100,
            ignore_obsolete=True,
            include_lineno=False,
        )
        path.write_bytes(po_header(path.parts[-3]).encode("utf-8") + buffer.getvalue())
    return 0


def po_header(lang: str) -> str:
    """A catalog's header entry: its charset and plural forms, which gettext's `msgfmt --check`
    needs for the plural messages, and no dates (the file changes only when a message does)."""
    fields = (
        "Project-Id-Version: playaid",
        f"Language: {lang}",
        "Language-Team: playaid",
        "Last-Translator: playaid",
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=UTF-8",
        "Content-Transfer-Encoding: 8bit",
        f"Plural-Forms: {get_plural(lang)}",
    )
    lines = "".join(f'"{field}\\n"\n' for field in fields)
    return f'msgid ""\nmsgstr ""\n{lines}\n'


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
