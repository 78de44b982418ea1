"""Every diagnostic's message under its stable code; Japanese lives in the Babel catalog.

English is written here through `message(code, english)`, which `python -m generator.render.i18n
extract` (or `pybabel extract`) collects into locales/messages.pot with the code as the message
context; locales/ja/LC_MESSAGES/messages.po holds the Japanese. Words that fill messages (type names,
pattern names, language names) are messages of their own, coded `word:<name>`.
"""

from __future__ import annotations

from pathlib import PurePath

from generator.core.limits import shown_name
from generator.core.locales import translate, translate_plural

REGISTRY: dict[str, str] = {}
# A message that counts: its singular and plural English, and the parameter that holds the count.
PLURALS: dict[str, tuple[str, str, str]] = {}


def message(code: str, english: str) -> str:
    """Register the English text of a diagnostic under its code (and mark it for extraction)."""
    REGISTRY[code] = english
    return code


def plural(code: str, singular: str, plurals: str, count: str = "count") -> str:
    """Register a message that counts (its form chosen by the parameter `count`, as ngettext
    chooses by the catalog's Plural-Forms); extracted as a plural entry."""
    REGISTRY[code] = plurals
    PLURALS[code] = (singular, plurals, count)
    return code


def text(code: str, **params: object) -> tuple[str, str]:
    """The English and Japanese message for a code, filled with its parameters.

    A parameter given as a `word:` code, or as an (English, Japanese) pair, is shown in each
    language; any other value is shown as it is in both.
    """
    return text_in("en", code, **params), text_in("ja", code, **params)


def text_in(lang: str, code: str, **params: object) -> str:
    """The message for a code in one language, filled with its parameters: English reads no
    catalog (a warm `check` prints its summary without Babel)."""
    shown = _form(lang, code, params)
    return shown.format(**{key: _word(_name(key, value), lang) for key, value in params.items()})


def _form(lang: str, code: str, params: dict[str, object]) -> str:
    """A message in one language, in the form its count asks for where it counts."""
    if code not in PLURALS:
        return translate(lang, REGISTRY[code], code)
    singular, plurals, count = PLURALS[code]
    return translate_plural(lang, (singular, plurals), _count(params[count]), code)


def _count(value: object) -> object:
    """A count as given: a number, or a number formatted for printing (`1,234`)."""
    if isinstance(value, str) and value.replace(",", "").isdigit():
        return int(value.replace(",", ""))
    return value


def _name(key: str, value: object) -> object:
    """A parameter as every message shows one: a file or folder name, or a value read from a
    file (an id, a key, a text), escaped, so that none holding a line break can ever print a
    line of its own (`ok: 1 scenario file(s) — no problems`)."""
    if isinstance(value, PurePath | str):
        return shown_name(value)
    if isinstance(value, tuple) and all(isinstance(side, str) for side in value):
        return tuple(shown_name(side) for side in value)
    return value


def _word(value: object, lang: str) -> object:
    """A parameter as shown in one language: a registered word, one side of an (en, ja) pair, or
    the value itself."""
    if isinstance(value, str) and value.startswith("word:") and value in REGISTRY:
        return translate(lang, REGISTRY[value], value)
    if isinstance(value, tuple) and len(value) == 2:
        return value[1] if lang == "ja" else value[0]
    return value


# Two marks every printed page writes from the catalog, which the table-side commands print too:
# a die range in each language's one range mark (0–3, 0〜3), and the mark between facts, the
# templates' `_(" · ")` (· in English, ・ in Japanese).
DIE_RANGE = message("chart-die-range", "{low}–{high}")
BETWEEN_FACTS = " · "


def between_facts(lang: str) -> str:
    """The mark between facts in one language, as the PDFs' templates print it."""
    return translate(lang, BETWEEN_FACTS)


message("yaml-syntax", "the file is not valid YAML: {detail}")
message(
    "not-utf8",
    "the file is not UTF-8 text: the byte {byte} here is not UTF-8 (save the file as UTF-8)",
)
message("empty-file", "the file is empty")
message("yaml-merge-key", "merge keys (<<) are not supported; write the keys out")
message("yaml-tag", "the tag {tag} is not allowed; content is plain YAML")
message(
    "duplicate-key",
    "the key '{key}' appears twice in this mapping; the first is at line {line}, column {column}",
)
message("not-a-mapping", "the file must be a mapping with a 'kind' key")
message("missing-kind", "the file has no 'kind' key; give it one of: {choices}")
message(
    "id-number",
    "the id {id} says another case than the number {number} it prints; an id is its system and"
    " its number",
)
message(
    "missing-sources",
    "the content needs exactly one sources.yaml of its own (kind: sources); found {count}: {files}."
    " A game added beside the shipped ones keeps its sources.yaml in its own folder, given with"
    " --overlay GAME_DIR",
)
message(
    "sources-clash",
    "'{id}' is listed by two sources.yaml files ({other} lists it already); give it an id of its"
    " own",
)
message(
    "seed-not-found",
    "seed {seed}: the file {file} is not in {folder}, so the line citations of seed {seed} were"
    " not checked",
)
message(
    "seeds-not-found",
    "seed {seed}: there is no seeds folder ({folder}), so the line citations of seed {seed} were"
    " not checked (review reads seeds with --seeds DIR)",
)
message("unknown-kind", "unknown kind '{kind}'; expected one of: {choices}")
message("missing-key", "the required key '{key}' is missing")
message("unknown-key", "unknown key '{key}'; allowed here: {allowed}")
message("wrong-type", "expected {expected}, found {found}")
message("bad-value", "{detail}")
message("bad-choice", "'{value}' is not allowed; expected one of: {choices}")
plural(
    "too-short",
    "this list needs at least {min} item",
    "this list needs at least {min} items",
    "min",
)
plural(
    "list-too-long",
    "this list has more than {max} item, the most it may have",
    "this list has more than {max} items, the most it may have",
    "max",
)
plural(
    "text-too-short",
    "this text needs at least {min} character",
    "this text needs at least {min} characters",
    "min",
)
message("number-too-small", "{value} is too small: the least allowed is {limit}")
message("number-not-above", "{value} is too small: it must be more than {limit}")
message("number-too-large", "{value} is too large: the most allowed is {limit}")
message("number-not-below", "{value} is too large: it must be less than {limit}")
message(
    "source-origin",
    "a source gives one of `seed`, `erratum` (an erratum of errata.yaml) or, in an overlay,"
    " `supplied`: exactly one",
)
message(
    "source-erratum-lines",
    "an erratum source cites no seed, so it has no seed lines: remove `lines`",
)
message(
    "source-change-erratum",
    "`change` says what an erratum changed: give the erratum (`erratum: ID`) instead of `seed`",
)
message(
    "unknown-erratum", "erratum '{erratum}' is not listed in errata.yaml; known errata: {choices}"
)
message(
    "too-long",
    "this is longer than {limit} characters, the most an id may have (ids become file names)",
)
message(
    "no-room-for-temporaries",
    "playaid cannot write its working files to {folder} ({reason}), nor to its cache: free some"
    " space there, or point TMPDIR and XDG_CACHE_HOME at a disk with room",
)
message("text-too-long", "this text is longer than {limit} characters, the most it may have")
message("bad-pattern", "'{value}' is not a valid {what}")
message(
    "date-not-year-month",
    "{value} is a full date; write the year and month only, such as 2885-03",
)
message(
    "key-not-quoted",
    'write this key in quotes, as "{value}": YAML reads a key without quotes as a number',
)
message("missing-translation", "the {language} text is missing")
message("empty-text", "the text is empty in both languages")
message(
    "unstamped-translation",
    'the {language} translation does not record which source text it was made from; once it is checked, add `from: "{expected}"` (or run `playaid stamp`)',
)
message(
    "stale-translation",
    'the {language} translation is stale: it was made from source text {recorded}, but the {source} source text is now {expected}; update the translation, then set `from: "{expected}"`',
)
message(
    "untranslated-hash", "`from` is only for translations; with tr: none both texts are source text"
)
message(
    "correction-reason",
    "the correction's reason '{reason}' is not listed in content/corrections.yaml; expected one of: {choices}",
)
message(
    "correction-not-printed",
    "the {language} text does not print '{printed}', which this correction says is printed",
)
message(
    "correction-seed-left",
    "the {language} text still prints the seed's '{seed}', which this correction replaces; correct every occurrence",
)
message(
    "correction-translated-side",
    "the {language} text is this project's translation (tr: {tr}); a correction is for the source text a seed gives",
)
message(
    "correction-unlisted",
    "corrections are listed only for the texts of rule cases and charts, not in a file of kind '{kind}'",
)
message(
    "correction-in-scenario",
    "a scenario's texts are its own: corrections are for texts copied from a seed",
)
message(
    "table-combinations",
    "the axes' choices make {count} combinations, more than the {limit} cells a table may have",
)
message(
    "glossary-term-en",
    "the Japanese source says {ja}, which this project's English renders as '{term}' (content/glossary.yaml)",
)
message(
    "text-full-width",
    "'{character}' is full-width: this project writes brackets and digits half-width, as the seeds' own Japanese does",
)
message(
    "english-in-japanese",
    "'{word}' is English left inside this project's Japanese: translate it, or quote the seed's words 「…」",
)
message(
    "japanese-punctuation",
    "'{text}': a comma or period after Japanese; this project's Japanese ends a sentence with 。 and separates list items with 、",
)
message(
    "japanese-space",
    "'{text}': a space after 。 or 、; Japanese needs none there",
)
message(
    "turn-number-form",
    "'{text}': this project writes a turn number one way, 第Nターン (第Nゲームターン)",
)
message(
    "differ-without-note",
    "languages_differ says the seed's English and Japanese disagree here; add the uncertain note that states both readings and which one playaid follows",
)
message(
    "note-editor-words",
    "this note is printed for the player, but it holds the editor's words {words}: say it in a player's words and put the seed's lines, OCR forms, code points and how playaid read or translated the text in its `detail`, which only the reviewer's copy prints",
)
message(
    "notation-range",
    "a range is written '{form}' here; playaid writes a range between numbers with {expected} (Japanese 〜, English – en dash)",
)
message(
    "notation-range-original",
    "the original writes a range '{form}' here; playaid prints a range between numbers with {expected} (Japanese 〜, English – en dash): print it so and record a correction (reason notation)",
)
message(
    "notation-minus",
    "'{form}' stands for a minus sign here; playaid writes the minus as {expected} (U+2212) in both languages",
)
message(
    "notation-example",
    "an example is marked '{form}' here; playaid marks an example {expected}",
)
message(
    "supplied-not-overlay",
    "`supplied` is for facts a player adds in an --overlay folder; shipped content cites its seed",
)
message(
    "reference-template-number",
    "a reference template holds {{number}} exactly once, where the case number is printed, such as [{{number}}]",
)
message(
    "reference-template-before",
    "a reference template starts with the text printed before the number, and that text does not end in a digit or a dot, such as the [ of [{{number}}]",
)
message(
    "reference-template-after",
    "the text after {{number}} cannot start with a digit: the number takes every digit there",
)
message(
    "calendar-date",
    "a date here is a calendar date written YYYY-MM-DD, such as 2025-03-01; a number is never"
    " read as one",
)
message("reference-template-too-long", "a reference template has at most {limit} characters")
message("unknown-seed", "seed '{seed}' is not listed in sources.yaml; known seeds: {choices}")
message(
    "unknown-system", "system '{system}' is not listed in sources.yaml; known systems: {choices}"
)
message("wrong-system", "the id '{id}' must start with this file's system '{system}.'")
message("duplicate-id", "the id '{id}' is already used in {other}")
message("axis-kind", "an axis needs exactly one of 'die', 'choices' or 'enum'")
message("unknown-enum", "there is no shared list '{enum}'; known lists: {choices}")
message("duplicate-choice", "'{value}' names two choices of the axis '{axis}'")
message("duplicate-axis", "the axis key '{key}' is used twice")
message("unknown-axis", "'{value}' is not an axis of this table; axes: {choices}")
message("columns-die", "the column axis must be an enumerated axis, not a die")
message("row-missing-key", "this row does not say its '{key}'")
message("row-unknown-key", "unknown key '{key}' in a row; allowed here: {allowed}")
message("unknown-choice", "'{value}' is not a choice of '{axis}'; choices: {choices}")
message("bad-die-range", "'{value}' is not a die range such as 3 or 0-2")
message("die-out-of-range", "the range {value} lies outside the {die} rolls {low}-{high}")
plural(
    "die-gap",
    "{die} roll {rolls} is not covered{where}: no row's {key} holds it",
    "{die} rolls {rolls} are not covered{where}: no row's {key} holds them",
)
message("die-overlap", "roll {roll} is covered twice: here and at line {line}")
message("cells-needed", "this table spreads '{axis}' across its columns, so each row needs 'cells'")
message("value-needed", "this table has no column axis, so each row needs 'value'")
message(
    "missing-cell",
    "no cell for {combination}; mark the table `complete: false` if the chart has none",
)
message("duplicate-cell", "the cell {combination} is given twice; the first is at line {line}")
message("unknown-note", "there is no note '{note}' under this table; notes: {choices}")
message("bad-default", "the default '{value}' is not a choice of '{axis}'")
message(
    "unresolved-ref",
    "the reference '{ref}' names no case; mark it `external: true` if the sources do not contain it",
)
message("case-empty", "a case needs a text, or a title when the seed prints only a heading")
message("unknown-procedure", "there is no procedure '{id}'; procedures: {choices}")
message(
    "example-mismatch", "the worked example does not come out as printed: the procedure gives {got}"
)
message("slot-keys", "{id} must have the keys {keys}, in that order, as the chart the rules name")
message(
    "slot-layout-unknown",
    "{id} names a chart the sources do not lay out, so playaid cannot check a table supplied for it; give the table an id of its own",
)
message(
    "glossary-term",
    "the English uses the glossary term '{term}' but the Japanese lacks its fixed rendering '{ja}'",
)
message(
    "glossary-avoid",
    "the Japanese writes '{form}', a form to avoid: the glossary fixes '{ja}' for '{term}'",
)
message(
    "glossary-avoid-original",
    "the original's Japanese writes '{form}' here, a form to avoid: the glossary fixes '{ja}' for '{term}'; print '{ja}' and record a correction (reason one-word, or term for a word left in Latin letters)",
)
message(
    "glossary-reading",
    "the reading '{reading}' does not read '{ja}': write its kanji (and the digits among them) in hiragana and keep its kana and Latin letters as they are",
)
message(
    "glossary-reading-missing",
    "the Japanese glossary is sorted by reading in 五十音 order: give '{ja}' its `reading` in hiragana",
)
message(
    "glossary-other-form",
    "the text writes '{form}', a form the glossary keeps out of both languages: write '{fixed}' ({ja})",
)
message(
    "glossary-other-form-original",
    "the original writes '{form}' here, a form the glossary keeps out of both languages: print '{fixed}' ({ja}) and record a correction (reason abbreviation)",
)
message(
    "glossary-abbreviation",
    "running Japanese spells out '{ja}'; the abbreviation '{abbr}' is for a chart's or card's labels (content/glossary.yaml)",
)
message(
    "unlinked-ref",
    "the text cites [{number}], but refs does not list it; add {case_id} to refs (or mark it"
    " external)",
)
message(
    "external-ref-exists",
    "the reference '{ref}' is marked external, but the case exists in {other}",
)
message(
    "unit-spelling-clash",
    "the spelling '{spelling}' already names the unit '{other}'; a name must find one unit",
)
message(
    "unit-chart-disagrees",
    "the catalogue gives {unit} {ours}, but {table} prints {printed}; correct one of them",
)

# Files from strangers: what the reader refuses.
message("file-too-large", "the file is larger than {limit} bytes, the most playaid reads")
message("yaml-alias", "anchors and aliases (& and *) are not supported; write the value out")
message("yaml-depth", "the file nests mappings and lists more than {limit} deep")
message("yaml-long-text", "a text is longer than {limit} characters")
message("yaml-long-list", "a list or mapping has more than {limit} entries")
message(
    "yaml-many-entries",
    "the file has more than {limit} entries in all (the items of every list and the keys of every"
    " mapping, nested ones included): playaid reads at most {limit} a file",
)
message(
    "yaml-number",
    "'{written}' is not a decimal number: write it as digits (such as 12 or 1.5), or in quotes if it is text",
)
message("text-control", "the text holds the control or direction character {character}; remove it")
message(
    "text-undrawable",
    "the text holds {character}, which the font that prints it has no glyph for ({font}): no document could print it; remove it or write another character",
)
message(
    "capital-undrawable",
    "the text holds {character}, which a card may print as a capital, {capital}, and the font that prints it has no glyph for that ({font}): remove it or write another character",
)
message(
    "file-not-regular",
    "{file} is not a regular file (a link, a folder, a FIFO or a device), and playaid reads only"
    " a regular file itself, never through a link: put the file itself there",
)
message(
    "seed-file-name",
    "the seed file '{file}' is not a plain file name: a seed is a file of the seeds folder,"
    " named without a folder, `..` or a leading /",
)
message(
    "seeds-folder-not-real",
    "{folder} is not a folder itself (a link, or a file), and playaid reads a game's own seeds"
    " only from a real folder, never through a link: put the seed files in a folder seeds/"
    " beside sources.yaml",
)
message(
    "seed-not-regular",
    "the seed file {file} in {folder} is not a regular file (a link, a FIFO, a device or a"
    " folder), and playaid never opens one: put the seed's text file itself there",
)
message("file-unreadable", "the file cannot be read: {detail}")

# Bad input at the command line (UserError).
message("no-die", "the table {table} has no die to roll; use `playaid lookup {table}`")
message("roll-given-die", "`roll` rolls {key} itself; to choose the roll use `playaid lookup`")
message(
    "chart-not-printed",
    "{id} ({title}) is named by the rules ({where}) but not printed in them, so playaid ships none of its numbers. Supply it as a table with the keys {keys} in a folder given with --overlay DIR (see docs/content-format.md).",
)
message(
    "chart-from-box",
    "{id} ({title}) is a chart of the game box ({where}): the sources do not print it or give its layout, so playaid ships none of its numbers and a kit names it among what to take from the box.",
)
message("unknown-table", "there is no table '{table}'; tables: {choices}")
message("no-content-folder", "the content or overlay folder {folder} does not exist")
message(
    "since-unknown",
    "--changes-since {since}: neither a content folder nor a git revision of {folder}",
)
message(
    "since-no-content", "--changes-since {since}: the revision holds no content folder {folder}"
)
plural(
    "since-invalid",
    "--changes-since {since}: that content does not load with this playaid ({count} problem;"
    " the first: {first})",
    "--changes-since {since}: that content does not load with this playaid ({count} problems;"
    " the first: {first})",
)
message(
    "since-empty",
    "--changes-since needs a git revision of the content folder or an earlier content folder;"
    " an empty name is neither",
)
message(
    "since-too-large",
    "--changes-since {since}: {file} in that revision is larger than {limit} bytes, the most"
    " playaid reads; compare with another revision",
)
message(
    "since-link",
    "--changes-since {since}: {file} in that revision is a link, and playaid reads no link"
    " from a content folder; compare with another revision",
)
message(
    "since-unwritable",
    "--changes-since {since}: {file} of that revision cannot be read into a temporary folder"
    " ({reason}); compare with another revision",
)
message(
    "path-too-long",
    "{path}: a name in this path is longer than a file system holds ({limit} bytes): give a"
    " shorter one",
)
message(
    "path-unusable",
    "{path}: the system cannot use this name ({reason}): give a shorter path, or one without"
    " a loop of links",
)
message(
    "home-unusable",
    "warning: HOME is '{home}', not an absolute path, so it is ignored as an unset HOME is: the"
    " cache goes to {folder}; set HOME or XDG_CACHE_HOME to an absolute path to choose another",
)
message(
    "draft-site",
    "--draft prints proofs and writes no site: build the site without --draft, or leave `site`"
    " out of the targets",
)
message("not-key-value", "'{pair}' is not KEY=VALUE (for example nation=US or die=3)")
message("unknown-table-key", "the table {table} has no key '{key}'; its keys are: {keys}")
message("not-a-roll", "{key}={raw} is not a {die} roll of {table}; rolls are {low} to {high}")
message("not-a-choice", "'{raw}' is not a {key} of {table}; choices: {choices}")
message("no-cell", "{table} has no cell at {key}={value}{where}; {key} there is one of: {values}")
message("file-missing", "there is no file {file}")
message(
    "missing-resource",
    "playaid cannot read {path}, which printing needs; reinstall playaid (pip install -e .)",
)
message("nothing-to-build", "nothing to build for {targets}; targets: {choices}")
message("no-rule-case-nearby", "there is no rule case '{id}'; nearby: {listed}")
message("no-rule-case-system", "there is no rule case '{id}'; systems: {listed}")
message(
    "no-scenario-system",
    "playaid has no scenarios for '{system}'; systems with scenarios: {choices}",
)
message(
    "no-scenario-system-here",
    "playaid has no scenarios for '{system}', and this content lists none of the systems that have them ({known})",
)
message("no-rules-for-system", "there are no rules for '{system}'; systems: {choices}")
message(
    "review-no-seeds",
    "review prints each case beside the lines of its seed, and {folder} holds no seed files: give --seeds with the folder that holds them (000_….txt, …)",
)
message(
    "review-seeds-not-installed",
    "review prints each case beside the lines of its seed, and the seed files are not installed with playaid: give --seeds with the folder that holds them (000_….txt, …; ../shared/seeds beside a checkout of playaid)",
)
message("bad-parameter", "{procedure}: {name}={raw} is not valid; {name} takes {accepted}")
message("unknown-parameter", "{procedure} has no parameter '{name}'; its parameters are: {choices}")
message("missing-parameters", "{procedure} needs: {needed}")
message(
    "dogfight-no-ratings",
    "mak.dogfight-losses: ratings must list at least one positive dog-fight rating",
)
message("dogfight-too-many", "mak.dogfight-losses: at most 20 units can be weighed at once")
message("pilot-vp-no-value", "mak.pilot-vp: the rank chart prints no victory points for {rank}")
message("word:accepts-choice", "one of: {choices}")
message("word:accepts-yesno", "yes or no")
message("word:accepts-ints", "a comma list of signed whole numbers, e.g. +1,-2, or none")
plural(
    "word:accepts-dice",
    "{dice} die roll from 1 to 6, e.g. {example}",
    "{dice} die rolls from 1 to 6, comma separated, e.g. {example}",
    "dice",
)
message("word:accepts-text", "a value from its chart")
message("word:accepts-range", "a whole number from {low} to {high}")
message("word:accepts-int", "a whole number")

# Words that fill messages.
message("word:type-mapping", "a mapping")
message("word:type-list", "a list")
message("word:type-text", "a text")
message("word:type-number", "a number")
message("word:type-integer", "a whole number")
message("word:type-boolean", "true or false")
message("word:type-null", "nothing (null)")
message(
    "word:type-cell", "a cell value (a number, a text, {en: ..., ja: ..., tr: ...} or {value: ...})"
)
message("word:type-bilingual", "a text in both languages ({en: ..., ja: ..., tr: ...})")
message("word:pattern-slug", "slug (lower-case letters, digits and single hyphens)")
message("word:pattern-seed", "seed number such as 000")
message("word:pattern-lines", "line or line range such as 12 or 30-42")
message("word:pattern-hash", "source hash (8 hex digits)")
message(
    "word:pattern-id",
    "id (a system, a dot, then lower-case letters, digits and single hyphens, such as fpcf.air-drop)",
)
message("word:pattern-hex", "hex number (four digits, column then row, such as 1801)")
message("word:pattern-year-month", "year and month (YYYY-MM, such as 2885-03)")
message("word:pattern-case-id", "case id such as cf.15.41")
message("word:language-en", "English")
message("word:language-ja", "Japanese")


# What a command says when it ends (printed to the terminal, not findings).
plural("outcome:problems", "{count} problem found", "{count} problems found")
plural(
    "outcome:drafted",
    '{count} passage printed as a draft, marked "translation pending" (the warning above says'
    " which)",
    '{count} passages printed as drafts, marked "translation pending" (the warnings above say'
    " which)",
)
message(
    "outcome:pending-ways-out",
    "the documents that would print them were not written: to print them with the texts marked"
    " as a proof, build again with --draft; to send the texts to a translator: {commands}",
)
message(
    "outcome:answered-current",
    "answered in {language} where the translation is pending (the warnings above say which)",
)
message("outcome:check-passed", "ok: {what} — {found}")
message("outcome:check-failed", "failed: {what} — {found}")
message(
    "outcome:check-content",
    "{files} files, {tables} tables, {cases} rule cases, {scenarios} scenarios",
)
plural(
    "outcome:check-files", "{scenarios} scenario file", "{scenarios} scenario files", "scenarios"
)
message("outcome:no-problems", "no problems")
plural("outcome:count-error", "{count} error", "{count} errors")
plural("outcome:count-warning", "{count} warning", "{count} warnings")
message("outcome:count-info", "{count} info")
message("outcome:separator", ", ")
message(
    "outcome:languages-differ",
    "the seed's English and Japanese say different things in {count} passages, each marked with a note of both readings (playaid rule ID): {ids}",
)
plural("outcome:stamped", "stamped {count} translation", "stamped {count} translations")
message("outcome:wrote", "wrote {path}")
message("outcome:font", "Japanese font: {font}")
message("outcome:rolled", "roll {die}: {shown}")
message("outcome:table-unprinted", "{title} (not printed in the rules: supply it with --overlay)")
message("outcome:table-from-box", "{title} (not printed: take it from the game box)")
message("output-failed", "cannot write to standard output: {reason}")
message("word:output-closed", "it is closed")
message("outcome:build-failed", "build failed; nothing was written")
plural(
    "outcome:built",
    "built {count} document ({pages}) in {out}; manifest: {manifest}",
    "built {count} documents ({pages}) in {out}; manifest: {manifest}",
)
plural("outcome:pages", "{count} page", "{count} pages")
message("outcome:build-cache", "rendered {rendered}, reused {cached} from the cache")
plural(
    "outcome:watching",
    "watching {count} file: each save builds again (the last good PDFs stay until a build"
    " succeeds); Ctrl-C stops",
    "watching {count} files: each save builds again (the last good PDFs stay until a build"
    " succeeds); Ctrl-C stops",
)
message("outcome:watch-changed", "changed: {files}")
message("outcome:watch-stopped", "stopped watching; every PDF in {out} is complete")
message(
    "outcome:site-written",
    "wrote the site to {path}: {pages} pages, {files} files, {size} KB ({changed} changed)",
)


# Untrusted input (issue 10)
message(
    "yaml-number-too-large",
    "the number has more than {limit} digits; no number in playaid's files is nearly that large",
)
message(
    "table-too-many-cells",
    "the table has {count} cells; a table has at most {limit}: split it into several tables",
)
message("table-too-many-axes", "the table has {count} axes; a table has at most {limit}")
message(
    "table-too-much-text",
    "the table holds {count} characters of text; a table holds at most {limit}, far more than a card prints",
)
message(
    "too-many-choices",
    "{count} choices; an axis or a shared list of choices has at most {limit}",
)
message(
    "folder-too-deep",
    "this folder is more than {limit} folders deep in the content or overlay folder, deeper than playaid looks: move its files up",
)
message("output-not-a-folder", "{path} cannot be the output folder: {reason}")
message(
    "output-in-the-way",
    "{path} is a folder, where playaid keeps its lock or journal: remove it or choose another --out",
)
message("cannot-write", "cannot write {path}: {reason}")
message("word:is-a-folder", "it is a folder")
message(
    "out-exists",
    "{path} already exists ({what}) and is left as it is; give --force to replace it with the"
    " new file, or another --out",
)
message("word:standing-file", "a file")
message("word:standing-link", "a link")
message("word:standing-fifo", "a FIFO")
message("word:standing-device", "a device")
message("word:standing-other", "not a regular file")
message("word:not-a-folder", "it is not a folder")

# Overlay values (issue 20): every value an overlay can set is checked when it is loaded.
message("source-line-zero", "lines are counted from 1: there is no line 0")
message(
    "source-line-too-large",
    "line {line} is past the end of any seed: a source cites lines up to {limit}",
)
message(
    "source-lines-order",
    "the line range {range} ends before it starts: write its first line, then its last, such as 30-46",
)
message("source-line-beyond", "seed {seed} has {count} lines: line {line} is past its end")
message(
    "source-supplied-lines",
    "a supplied source cites no seed, so it has no seed lines: remove `lines` (`supplied` says where the facts come from)",
)
message("chart-axes", "playaid looks {table} up by the axes {keys}; this table has {found}")
message(
    "chart-axis-die",
    "playaid rolls a die on the axis '{axis}' of {table}: give it `die:` (d6, 2d6 or d10)",
)
message(
    "chart-number-kind",
    "playaid computes with this cell of {table}: it must be {accepts}, not {found}",
)
message(
    "chart-number-range",
    "playaid computes with this cell of {table}: {value} lies outside {low} to {high}",
)
message(
    "chart-slug-number",
    "'{slug}' is not a {axis} playaid can read: the {axis} choices of {table} are whole numbers from {low} to {high}, written plainly (7, not 07)",
)
message(
    "chart-choice-unknown",
    "'{slug}' is not a {axis} playaid knows in {table}; it knows {choices}",
)
message(
    "chart-choice-needed",
    "{table} needs the {axis} choices {choices}, which playaid looks up by name",
)
message("word:chart-whole", "a whole number such as 3")
message(
    "procedure-reading-missing",
    "{procedure} prints the reading '{reading}' with some of its results, so its entry must give"
    " that reading under `readings` (copy it from the shipped procedures file)",
)
message(
    "layout-axis-twice",
    "the card lays the axis '{key}' out twice: name each axis once, in `rows` or in `columns`",
)
message(
    "layout-axis-missing",
    "the card lays out no row or column for the axis '{key}', so one printed cell would stand"
    " for several: add it to `rows` or `columns`",
)
message(
    "layout-split",
    "'{value}' is not an enumerated axis of this table, so a card cannot be split by it;"
    " enumerated axes: {choices}",
)
message("layout-group-empty", "group {number} names no choice, so its card would be empty")
message(
    "layout-group-twice", "'{value}' is in two groups: each choice of '{axis}' goes on one card"
)
message(
    "layout-groups-missing",
    "the groups leave out {choices} of '{axis}': each choice goes on one card, or its cells"
    " are printed on none",
)
message(
    "map-group-unknown",
    "'{group}' is not a map group of {table}, which scenarios and `generate` look maps up by;"
    " its groups: {choices}",
)
message("word:chart-fraction", "a number such as 1 or 1.5")
message(
    "word:chart-signed",
    'a whole number such as 2, or one written as text with its sign such as "+1"',
)
message(
    "chart-cell-not-number",
    "{table} holds no whole number at {where}, which {procedure} needs; run `playaid check` on the chart",
)

# `playaid stamp` (issue 20): it never writes a file it cannot read back.
message(
    "stamp-breaks-yaml",
    '{file}:{line}:{column}: {key}: adding `from: "{expected}"` here would make the file unreadable ({detail}), so stamp changed no file; add it by hand',
)
message(
    "stamp-changes-data",
    '{file}:{line}:{column}: {key}: adding `from: "{expected}"` here would change what the file says at {changed}, so stamp changed no file; add it by hand',
)
message(
    "stamp-no-mapping",
    '{file}:{line}:{column}: {key}: stamp cannot find where this text is written, so it changed no file; add `from: "{expected}"` by hand',
)
message(
    "stamp-not-regular",
    "cannot stamp {file}: it is not a regular file (a link, a FIFO, a device or a folder), so stamp changed no file; name the file itself",
)
message("stamp-read-only", "cannot stamp {file}: it is read-only, so stamp changed no file")
message(
    "stamp-changed-meanwhile",
    "{file} changed while stamp was reading it and was left as it is; run stamp again",
)
message("stamp-cannot-write", "cannot write {file}: {reason}; the file is unchanged")
message("word:pattern-case-number", "printed case number (numbers joined by dots, such as 18.3.1)")
message(
    "fonts-halt",
    "{family} has half-width punctuation (the OpenType feature halt): where two Japanese marks meet (。」), the first is set half width, as JLREQ asks",
)
message(
    "fonts-no-halt",
    "{family} has no half-width punctuation (the OpenType feature halt): where two Japanese marks meet (。」), both are printed full width",
)
