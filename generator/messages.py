"""Every diagnostic's message, in English and Japanese, under its stable code."""

from __future__ import annotations

LANGUAGE_NAMES = {"en": ("English", "英語"), "ja": ("Japanese", "日本語")}

MESSAGES: dict[str, tuple[str, str]] = {
    "yaml-syntax": ("the file is not valid YAML: {detail}", "YAMLとして読めません: {detail}"),
    "not-utf8": ("the file is not UTF-8 text: {detail}", "UTF-8のテキストではありません: {detail}"),
    "empty-file": ("the file is empty", "ファイルが空です"),
    "yaml-merge-key": (
        "merge keys (<<) are not supported; write the keys out",
        "マージキー(<<)は使えません。キーを直接書いてください",
    ),
    "yaml-tag": (
        "the tag {tag} is not allowed; content is plain YAML",
        "タグ {tag} は使えません。コンテンツは素の YAML で書いてください",
    ),
    "duplicate-key": (
        "the key '{key}' appears twice in this mapping; the first is at line {line}, column {column}",
        "キー '{key}' がこのマッピングに2回あります。最初は {line} 行 {column} 列です",
    ),
    "not-a-mapping": (
        "the file must be a mapping with a 'kind' key",
        "ファイルは 'kind' キーを持つマッピングでなければなりません",
    ),
    "unknown-kind": (
        "unknown kind '{kind}'; expected one of: {choices}",
        "kind '{kind}' は不明です。次のいずれかを指定してください: {choices}",
    ),
    "missing-key": ("the required key '{key}' is missing", "必須のキー '{key}' がありません"),
    "unknown-key": (
        "unknown key '{key}'; allowed here: {allowed}",
        "不明なキー '{key}' です。ここで使えるキー: {allowed}",
    ),
    "wrong-type": (
        "expected {expected}, found {found}",
        "{expected_ja}が必要ですが、{found_ja}が書かれています",
    ),
    "bad-value": ("{detail}", "値が不正です: {detail}"),
    "bad-choice": (
        "'{value}' is not allowed; expected one of: {choices}",
        "'{value}' は使えません。次のいずれかを指定してください: {choices}",
    ),
    "too-short": (
        "this list needs at least {min} item(s)",
        "このリストには少なくとも {min} 個の項目が必要です",
    ),
    "bad-pattern": (
        "'{value}' is not a valid {what}",
        "'{value}' は{what_ja}として正しくありません",
    ),
    "missing-translation": (
        "the {language} text is missing",
        "{language_ja}のテキストがありません",
    ),
    "empty-text": (
        "the text is empty in both languages",
        "テキストが両言語とも空です",
    ),
    "unstamped-translation": (
        "the {language} translation does not record which source text it was made from;"
        ' once it is checked, add `from: "{expected}"` (or run `playaid stamp`)',
        '{language_ja}の翻訳に翻訳元テキストの記録がありません。確認後、`from: "{expected}"` を'
        "追加してください(`playaid stamp` でも追加できます)",
    ),
    "stale-translation": (
        "the {language} translation is stale: it was made from source text {recorded}, but the"
        ' {source} source text is now {expected}; update the translation, then set `from: "{expected}"`',
        "{language_ja}の翻訳が古くなっています。翻訳元は {recorded} ですが、{source_ja}の原文は現在"
        ' {expected} です。翻訳を更新してから `from: "{expected}"` にしてください',
    ),
    "untranslated-hash": (
        "`from` is only for translations; with tr: none both texts are source text",
        "`from` は翻訳にのみ使います。tr: none の場合、両方のテキストが原文です",
    ),
    "unknown-seed": (
        "seed '{seed}' is not listed in sources.yaml; known seeds: {choices}",
        "シード '{seed}' は sources.yaml にありません。既知のシード: {choices}",
    ),
    "unknown-system": (
        "system '{system}' is not listed in sources.yaml; known systems: {choices}",
        "システム '{system}' は sources.yaml にありません。既知のシステム: {choices}",
    ),
    "wrong-system": (
        "the id '{id}' must start with this file's system '{system}.'",
        "ID '{id}' はこのファイルのシステム '{system}.' で始まらなければなりません",
    ),
    "duplicate-id": (
        "the id '{id}' is already used in {other}",
        "ID '{id}' は既に {other} で使われています",
    ),
    "axis-kind": (
        "an axis needs exactly one of 'die', 'choices' or 'enum'",
        "軸には 'die'、'choices'、'enum' のいずれか1つだけが必要です",
    ),
    "unknown-enum": (
        "there is no shared list '{enum}'; known lists: {choices}",
        "共有リスト '{enum}' はありません。既知のリスト: {choices}",
    ),
    "duplicate-choice": (
        "'{value}' names two choices of the axis '{axis}'",
        "'{value}' が軸 '{axis}' の2つの選択肢を指しています",
    ),
    "duplicate-axis": ("the axis key '{key}' is used twice", "軸キー '{key}' が2回使われています"),
    "unknown-axis": (
        "'{value}' is not an axis of this table; axes: {choices}",
        "'{value}' はこの表の軸ではありません。軸: {choices}",
    ),
    "columns-die": (
        "the column axis must be an enumerated axis, not a die",
        "列の軸はダイスではなく列挙軸でなければなりません",
    ),
    "row-missing-key": (
        "this row does not say its '{key}'",
        "この行には '{key}' がありません",
    ),
    "row-unknown-key": (
        "unknown key '{key}' in a row; allowed here: {allowed}",
        "行の中の不明なキー '{key}' です。ここで使えるキー: {allowed}",
    ),
    "unknown-choice": (
        "'{value}' is not a choice of '{axis}'; choices: {choices}",
        "'{value}' は '{axis}' の選択肢ではありません。選択肢: {choices}",
    ),
    "bad-die-range": (
        "'{value}' is not a die range such as 3 or 0-2",
        "'{value}' はダイスの範囲(3 や 0-2 など)ではありません",
    ),
    "die-out-of-range": (
        "the range {value} lies outside the {die} rolls {low}-{high}",
        "範囲 {value} は {die} の出目 {low}-{high} の外にあります",
    ),
    "die-gap": (
        "{die} rolls {rolls} are not covered{where}",
        "{die} の出目 {rolls} に対応する行がありません{where_ja}",
    ),
    "die-overlap": (
        "roll {roll} is covered twice: here and at line {line}",
        "出目 {roll} が2回定義されています: ここと {line} 行目",
    ),
    "cells-needed": (
        "this table spreads '{axis}' across its columns, so each row needs 'cells'",
        "この表は '{axis}' を列にしているので、各行に 'cells' が必要です",
    ),
    "value-needed": (
        "this table has no column axis, so each row needs 'value'",
        "この表には列の軸がないので、各行に 'value' が必要です",
    ),
    "missing-cell": (
        "no cell for {combination}; mark the table `complete: false` if the chart has none",
        "{combination} のセルがありません。表にない場合は `complete: false` を指定してください",
    ),
    "duplicate-cell": (
        "the cell {combination} is given twice; the first is at line {line}",
        "セル {combination} が2回あります。最初は {line} 行目です",
    ),
    "unknown-note": (
        "there is no note '{note}' under this table; notes: {choices}",
        "この表に注 '{note}' はありません。注: {choices}",
    ),
    "bad-default": (
        "the default '{value}' is not a choice of '{axis}'",
        "既定値 '{value}' は '{axis}' の選択肢ではありません",
    ),
    "unresolved-ref": (
        "the reference '{ref}' names no case; mark it `external: true` if the sources do not contain it",
        "参照 '{ref}' に該当するケースがありません。出典に含まれないケースなら `external: true` にしてください",
    ),
    "case-empty": (
        "a case needs a text, or a title when the seed prints only a heading",
        "ケースにはテキストが必要です(見出しだけのケースならタイトル)",
    ),
    "unknown-procedure": (
        "there is no procedure '{id}'; procedures: {choices}",
        "手順 '{id}' はありません。手順: {choices}",
    ),
    "example-mismatch": (
        "the worked example does not come out as printed: the procedure gives {got}",
        "作例が印刷どおりになりません。手順の結果は {got} です",
    ),
    "slot-keys": (
        "{id} must have the keys {keys}, in that order, as the chart the rules name",
        "{id} はルールが参照する表と同じく、キー {keys} をこの順に持たなければなりません",
    ),
    "glossary-term": (
        "the English uses the glossary term '{term}' but the Japanese lacks its fixed rendering '{ja}'",
        "英語は用語集の '{term}' を使っていますが、日本語に定訳 '{ja}' がありません",
    ),
    "unlinked-ref": (
        "the text cites [{number}], but refs does not list it; add its case id (or mark it external)",
        "本文は [{number}] を参照していますが、refs にありません。ケース ID を追加してください(出典にないなら external)",
    ),
    "external-ref-exists": (
        "the reference '{ref}' is marked external, but the case exists in {other}",
        "参照 '{ref}' は外部とされていますが、ケースは {other} にあります",
    ),
}

WRONG_TYPE_WORDS: dict[str, tuple[str, str]] = {
    "mapping": ("a mapping", "マッピング"),
    "list": ("a list", "リスト"),
    "text": ("a text", "テキスト"),
    "number": ("a number", "数値"),
    "integer": ("a whole number", "整数"),
    "boolean": ("true or false", "true か false"),
    "null": ("nothing (null)", "null"),
    "cell": (
        "a cell value (a number, a text, {en: ..., ja: ..., tr: ...} or {value: ...})",
        "セルの値(数値、テキスト、{en: ..., ja: ..., tr: ...} または {value: ...})",
    ),
    "bilingual": (
        "a text in both languages ({en: ..., ja: ..., tr: ...})",
        "両言語のテキスト ({en: ..., ja: ..., tr: ...})",
    ),
}

PATTERN_WORDS: dict[str, tuple[str, str]] = {
    "slug": (
        "slug (lower-case letters, digits and single hyphens)",
        "スラッグ(小文字・数字・ハイフン)",
    ),
    "seed": ("seed number such as 000", "シード番号(000 など)"),
    "lines": ("line or line range such as 12 or 30-42", "行番号または範囲(12 や 30-42 など)"),
    "hash": ("source hash (8 hex digits)", "原文ハッシュ(16進8桁)"),
    "id": ("id such as fpcf.troop-quality", "ID(fpcf.troop-quality など)"),
    "case id": ("case id such as cf.15.41", "ケースID(cf.15.41 など)"),
}


def text(code: str, **params: object) -> tuple[str, str]:
    """The English and Japanese message for a code, filled with its parameters."""
    english, japanese = MESSAGES[code]
    if "language" in params:
        params.setdefault("language_ja", LANGUAGE_NAMES[str(params["language"])][1])
        params["language"] = LANGUAGE_NAMES[str(params["language"])][0]
    if "source" in params:
        params.setdefault("source_ja", LANGUAGE_NAMES[str(params["source"])][1])
        params["source"] = LANGUAGE_NAMES[str(params["source"])][0]
    params.setdefault("expected_ja", params.get("expected", ""))
    params.setdefault("found_ja", params.get("found", ""))
    params.setdefault("what_ja", params.get("what", ""))
    params.setdefault("where_ja", params.get("where", ""))
    return english.format(**params), japanese.format(**params)
