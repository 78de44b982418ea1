"""What counts as Japanese text: one definition for the renderer (runs kept on one line) and the
style check (punctuation after Japanese)."""

from __future__ import annotations

import re
import unicodedata

# A run of Japanese: kanji, kana (not ・, after which a line may break), 々 and 〆, half-width kana.
# Header cells keep each run on one line; the build refuses a header that splits one.
JAPANESE = (
    "\u3005\u3006\u3041-\u3096\u309d-\u30fa\u30fc-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f"
)
JAPANESE_RUN = re.compile(f"[{JAPANESE}]+")


def text_ems(text: str) -> float:
    """A text's rough width in ems: a full-width character one (and an ambiguous one beyond
    Latin-1, such as ③ or ▷, which the Japanese font draws full width), any other a little over
    half."""
    return sum(
        1.0
        if unicodedata.east_asian_width(ch) in "WF"
        or (unicodedata.east_asian_width(ch) == "A" and ord(ch) > 0xFF)
        else 0.58
        for ch in text
    )


# What a reading spells in kana: kanji (with 々 and 〆) and the digits among them (第1 → だいいち).
KANJI = re.compile("[\u3005\u3006\u3400-\u4dbf\u4e00-\u9fff]")
_READ = re.compile("[\u3005\u3006\u3400-\u4dbf\u4e00-\u9fff0-9]+")
_SMALL = str.maketrans("ぁぃぅぇぉっゃゅょゎゕゖ", "あいうえおつやゆよわかけ")
_VOWELS = {
    kana: vowel
    for vowel, row in zip(
        "あいうえお",
        (
            "あかさたなはまやらわ",
            "いきしちにひみり",
            "うくすつぬふむゆる",
            "えけせてねへめれ",
            "おこそとのほもよろを",
        ),
        strict=True,
    )
    for kana in row
}


def reads(reading: str, text: str) -> bool:
    """Whether a reading reads a Japanese text: its kanji (and the digits among them) in
    hiragana, its kana and Latin letters as they are (機械化ライフル: きかいかライフル)."""
    parts = _READ.split(text)
    pattern = "[\u3041-\u3096\u30fc]+".join(re.escape(part) for part in parts)
    return re.fullmatch(pattern, reading) is not None


def gojuon_key(reading: str) -> tuple[int, str, str]:
    """A sort key in 五十音 order, as a Japanese glossary sorts (after JIS X 4061): a reading that
    opens with a Latin letter or a digit first, alphabetically; then kana, katakana as hiragana,
    voiced as unvoiced and small as large, ー as the vowel before it, ties broken by the marks."""
    if reading[:1].isascii():
        return 0, reading.casefold(), reading
    hiragana = "".join(chr(ord(ch) - 0x60) if "\u30a1" <= ch <= "\u30f6" else ch for ch in reading)
    plain = unicodedata.normalize("NFD", hiragana)
    plain = re.sub("[\u3099\u309a]", "", plain).translate(_SMALL)
    vowels = []
    for ch in plain:
        vowels.append(_VOWELS.get(vowels[-1], ch) if ch == "ー" and vowels else ch)
    return 1, "".join(vowels), hiragana
