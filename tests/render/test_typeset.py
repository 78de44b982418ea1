"""generator.render.typeset: the spans a page's Japanese gets, read from the HTML it writes."""

from __future__ import annotations

import itertools
import re

import pytest

from generator.render.typeset import typeset
from generator.render.typeset.phrases import phrase_bounds, words_pattern
from generator.render.typeset.tokens import read_tokens, text_markup

GAP = '<span class="ja-gap"></span>'
KEEP = '<span class="ja-keep">'
HUNG = '<span class="ja-halt ja-hang">{}</span>'  # a paragraph's last mark, half width and hung


def page(body: str, lang: str = "ja") -> str:
    return f'<html lang="{lang}"><head><title>t</title></head><body>{body}</body></html>'


def body(html: str) -> str:
    return html.split("<body>")[1].split("</body>")[0]


def unkept(html: str) -> str:
    """The markup without its phrases, kept stretches and a paragraph's hung last mark."""
    out, keeps = [], []
    for token in read_tokens(html):
        if token.kind == "start" and token.tag == "span":
            keeps.append(token.attrs.get("class") in ("ja-keep", "ja-phrase", "ja-halt ja-hang"))
            if keeps[-1]:
                continue
        if token.kind == "end" and token.tag == "span" and keeps.pop():
            continue
        out.append(text_markup(token.raw) if token.kind == "text" else token.raw)
    return "".join(out)


def text_of(html: str) -> str:
    """What a reader gets: the text, tags taken out."""
    return re.sub(r"<[^>]+>", "", body(html))


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("<p>2機のNeuSpotterを</p>", f"<p>2{GAP}機の{GAP}NeuSpotter{GAP}を</p>"),
        ("<p>OCR が Y の</p>", f"<p>OCR{GAP}が{GAP}Y{GAP}の</p>"),  # source spaces fold in
        ("<p>O.G.P.の合計</p>", f"<p>O.G.P.{GAP}の合計</p>"),
        ("<p>攻撃力+1の</p>", f"<p>攻撃力{GAP}+1{GAP}の</p>"),
        ("<p>「Y」と(AFS)、[16.2]。</p>", "<p>「Y」と(AFS)、[16.2]。</p>"),  # brackets: no gap
    ],
)
def test_a_gap_wherever_japanese_meets_latin_and_nowhere_else(source, expected):
    assert unkept(body(typeset(page(source)))) == expected


def test_a_gap_across_elements_takes_in_the_templates_spaces_too():
    html = unkept(
        typeset(page('<p>射程は<a href="#x">Range</a>です</p><li><b>18.0</b> パイロット</li>'))
    )
    assert f'射程は{GAP}<a href="#x">Range</a>{GAP}です' in html  # before the element, not in it
    assert f"<b>18.0</b>{GAP}パイロット" in html


def test_an_element_laid_out_apart_meets_no_text_beside_it():
    """A span of class `apart` (a unit's code floated right of its name, a turn's arrivals one
    under another) is a block of its own: no gap joins it to its neighbours, where one began
    「 工兵分隊 (Pnr.SQ)」 and made an empty line in a turn's cell (issue 44); a plain span
    still meets them, and the apart element's own text is typeset as its holder's."""
    head = '<p class="unit-head"><span class="code apart">×2</span><strong>工兵分隊</strong></p>'
    cell = '<td><span class="arrival apart">AFS ×3</span><span class="arrival apart">トラック</span></td>'
    inline = '<p><span class="code">×2</span><strong>工兵分隊</strong></p>'
    html = unkept(body(typeset(page(head + cell + inline))))
    assert html.count(GAP) == 1 and f"×2</span>{GAP}<strong>工兵分隊" in html
    apart = unkept(body(typeset(page('<p><span class="apart">第1ターンにNo. 4が登場</span></p>'))))
    assert apart.count(GAP) == 4  # 第|1|ターン, に|No. 4|が: inside, as in its paragraph


def test_nothing_is_inserted_inside_a_western_word():
    """A code, or a token a build replaces after typesetting, stays whole."""
    text = "これは長い段落で、最後の行が短くならないように組む。コンテンツ @@playaid-revision@@"
    html = body(typeset(page(f"<p>{text}</p><td>内容 @@playaid-site-revision@@</td>")))
    assert "@@playaid-revision@@" in html and "@@playaid-site-revision@@" in html


def test_nothing_is_added_to_the_text_but_spaces_are_taken_into_gaps():
    source = "<p>NeuSpotter 1機ごとに、第1ターンの「攻撃。」</p><td>最大4発</td>"
    html = typeset(page(source))
    assert text_of(html) == text_of(page(source))
    spaced = typeset(page("<p>OCR が Y の</p>"))
    assert text_of(spaced) == "OCRがYの"


@pytest.mark.parametrize(
    ("source", "halted"),
    [
        ("「終わり。」です", "。"),  # a closing mark before a closing bracket
        ("「甲」「乙」", "」"),  # a closing bracket before an opening one
        ("である、「乙」", "、"),
        ("「『乙』」", "『"),  # of two opening brackets, the second
        ("修理できない。 †", "。"),  # a full stop before a reference mark (mak.rules [11.2.2])
    ],
)
def test_the_first_of_two_marks_is_set_half_width(source, halted):
    html = body(typeset(page(f"<p>{source}</p>")))
    assert html.count('<span class="ja-halt">') == 1 + source.count("』」")
    assert f'<span class="ja-halt">{halted}</span>' in html


def test_a_short_text_is_set_phrase_by_phrase():
    html = body(typeset(page("<h1>航空攻撃のダイスを振る国</h1>")))
    assert re.findall(r'<span class="ja-phrase">([^<]*)</span>', html) == [
        "航空",
        "攻撃の",
        "ダイスを",
        "振る国",
    ]


def test_a_glossary_term_is_never_split_between_phrases():
    text = "航空優勢を得る"
    assert phrase_bounds(text, None)[0] < len("航空優勢")  # BudouX alone cuts the term
    bounds = phrase_bounds(text, words_pattern(["航空優勢"]))
    assert bounds and all(bound >= len("航空優勢") for bound in bounds)


def test_a_long_compound_breaks_where_kanji_and_katakana_meet():
    """BudouX leaves 15 ems whole, wider than a narrow cell, where it wrapped inside itself and
    ran out of the cell (issue 44); its words are the phrases."""
    html = body(typeset(page("<td>ワルシャワ条約機構軍プレイヤー</td>")))
    phrases = re.findall(r'<span class="ja-phrase">([^<]*)</span>', html)
    assert phrases == ["ワルシャワ", "条約機構軍", "プレイヤー"]


def test_a_long_compound_breaks_at_a_glossary_term_in_it_but_never_inside_one():
    text = "39親衛機械化ライフル師団"
    cuts = [0, *phrase_bounds(text, words_pattern(["機械化ライフル"])), len(text)]
    assert [text[a:b] for a, b in itertools.pairwise(cuts)] == [
        "39親衛",
        "機械化ライフル",
        "師団",
    ]


def test_a_short_compound_or_a_lone_kanji_is_not_cut():
    assert phrase_bounds("ワルシャワ軍", None) == []


def test_the_last_characters_of_a_paragraph_stay_together():
    text = "これは長い段落で、最後の行が一文字や二文字だけにならないように組む。そして終わる。"
    html = body(typeset(page(f"<p>{text}</p>")))
    assert html.endswith(f"{KEEP}終わる{HUNG.format('。')}</span></p>")


def test_a_paragraph_ending_in_a_link_keeps_the_whole_link_with_its_full_stop():
    text = "これは長い段落で、最後の行が一文字や二文字だけにならないように組む。詳細は"
    html = body(typeset(page(f'<p>{text}<a href="#r">[16.2]</a>。</p>')))
    assert html.endswith(f'{KEEP}<a href="#r">[16.2]</a>{HUNG.format("。")}</span></p>')


def test_english_paragraphs_and_verbatim_text_are_left_alone():
    english = "<p>An English paragraph that is long enough to have a last line of its own.</p>"
    verbatim = '<div class="verbatim">OCR が Y の「終わり。」</div>'
    styled = "<style>p { content: 'の A'; }</style>"
    html = typeset(page(english + verbatim + styled, "en"))
    assert body(html) == english + verbatim + styled


def test_a_page_is_typeset_once():
    once = typeset(page("<p>2機</p>"))
    with pytest.raises(ValueError, match="once"):
        typeset(once)


def test_the_kept_end_takes_in_a_numeral_glued_to_it():
    """「13である。」: the numeral keeps its counter, but a line may break before the numeral
    (「攻撃力」/「13である。」), so 力 is not kept with it."""
    text = "射程区分は、1-8が攻撃力15、9-12が攻撃力14、13-100が攻撃力13である。"
    html = body(typeset(page(f"<p>{text}</p>")))
    assert html.endswith(f"攻撃力{GAP}{KEEP}13{GAP}である{HUNG.format('。')}</span></p>")


def test_a_paragraph_ending_inside_a_long_span_keeps_its_end_inside_the_span():
    note = "印刷された参照[14.21]は、自らを[5.1.1]の例外と述べているケースと解した。印刷どおりに残した。"
    html = body(
        typeset(page(f'<p><span class="mark">(?)</span> <span lang="ja">{note}</span></p>'))
    )
    assert html.endswith(f"印刷どおりに{KEEP}残した{HUNG.format('。')}</span></span></p>")


def test_a_cards_short_line_breaks_between_phrases_and_its_sentence_as_running_text():
    """A card's page (class phrase-lines) sets a line of up to SHORT_CHARACTERS Japanese
    characters by phrases (no 「2ヘ|クス」), and its labels however long; a cell's, an item's or
    a definition's longer text is a sentence, set as running text: phrase breaks left its lines
    half empty (「煙を」/「発生させる弾を」, the errata card, issue 44)."""
    short = "師団HQは隷下ユニットから2ヘクス以内に置く。"
    long = "原作ゲームどおりに配置し、師団HQは隷下ユニットから2ヘクス以内に置く。師団の最初のユニットとともに登場する。"
    html = body(typeset(page(f'<div class="phrase-lines"><ul><li>{short}</li></ul></div>')))
    assert "ja-keep" not in html and html.count("ja-phrase") > 3
    assert f'<span class="ja-phrase">2{GAP}ヘクス以内に置く。</span>' in html  # no runt 置く。
    label = f'<div class="phrase-lines"><table><tr><th>{long}</th></tr></table></div>'
    assert "ja-keep" not in body(typeset(page(label))) and "ja-phrase" in body(typeset(page(label)))
    for tag in ("li", "td", "dd"):
        html = body(typeset(page(f'<div class="phrase-lines"><{tag}>{long}</{tag}></div>')))
        assert "ja-phrase" not in html and f"{KEEP}場する{HUNG.format('。')}</span>" in html
    bilingual = f'<div class="phrase-lines"><li><span lang="en">{"An English text. " * 4}</span>'
    html = body(typeset(page(f'{bilingual}<span lang="ja">{short}</span></li></div>', "en")))
    assert "ja-phrase" in html  # the English does not make the Japanese a sentence


def test_a_card_that_does_not_fit_sets_its_lines_as_running_text_keeping_its_gaps():
    """Its gaps kept (issue 44: the last resort, without them, printed the Quarry Road card on
    Letter; tests/render/test_scenario_card.py measures the cards)."""
    text = "原作ゲームどおりに配置し、師団HQは隷下ユニットから2ヘクス以内に置く。師団の最初のユニットとともに登場する。"
    card = page(f'<div class="phrase-lines"><ul><li>{text}</li></ul></div>')
    running = body(typeset(card, card_lines=False))
    assert "ja-phrase" not in running and "ja-keep" in running and GAP in running


def test_a_space_taken_into_a_gap_keeps_its_break_at_no_size_for_the_pdf():
    """For WeasyPrint (keep_breaks) the text's own space stays after the gap, set at no size, so
    a line may still end there; not after a numeral (which keeps its counter) or after 第."""
    html = body(typeset(page("<td><b>師団</b> 3501、4 発、第 1 ターン</td>"), keep_breaks=True))
    assert unkept(html) == (
        f'<td><b>師団</b>{GAP}<span class="ja-break"> </span>3501、4{GAP}発、第{GAP}1{GAP}ターン</td>'
    )
    assert text_of(typeset(page("<td><b>師団</b> 3501</td>"))).endswith("師団3501")  # the site


LONG = "これは長い段落で、最後の行が一文字や二文字だけにならないように組む。"


def test_a_latin_word_a_product_name_and_a_reference_stay_whole_in_running_text():
    text = f"{LONG}S.F.3.D と S.F.3.D II を合わせる。「pre-GT1」では [9.3.2] を見る。{LONG}"
    html = body(typeset(page(f"<p>{text}</p>")))
    kept = re.findall(r'<span class="ja-keep">([^<]*)</span>', html)
    assert kept[:4] == ["S.F.3.D", "S.F.3.D II", "pre-GT1", "[9.3.2]"]


def test_dai_stays_with_its_numeral_kanji_numerals_too():
    html = body(typeset(page(f"<p>{LONG}「pre-GT1」では、第一ターンに数える。{LONG}</p>")))
    assert f"{KEEP}第一</span>ターン" in html


def test_a_mark_after_the_text_does_not_count_toward_the_last_line():
    html = body(typeset(page(f'<p>{LONG}攻撃できない。 <span class="tr-mark">◇</span></p>')))
    assert f'{KEEP}きない。<span class="tr-mark">◇</span></span></p>' in html


def test_no_space_follows_a_full_width_mark_where_two_japanese_texts_are_joined():
    html = body(typeset(page("<p>勝利する。 HQ はユニットとして数えない。 それ以外は負け。</p>")))
    assert re.sub("<[^>]+>", "", html) == "勝利する。HQはユニットとして数えない。それ以外は負け。"
    english = body(typeset(page('<p lang="en">It wins. Then</p>')))
    assert "wins. Then" in english


def test_a_short_item_ending_on_a_phrase_of_two_characters_joins_it_to_the_one_before():
    html = body(typeset(page('<li>回数に制限はない。 <span class="tr-mark">◇</span></li>')))
    assert '<span class="ja-phrase">制限はない。</span>' in html
    paragraph = body(typeset(page("<p>回数に制限はない。</p>")))  # a paragraph is running text
    assert "ja-phrase" not in paragraph and KEEP in paragraph
    cell = body(typeset(page("<td>回数に制限はない。</td>")))  # a cell keeps its phrases
    assert '<span class="ja-phrase">ない。</span>' in cell


def test_a_gap_beside_an_allowed_break_stands_before_it():
    """`loc_whole`'s <wbr> where a name's Latin letters meet its Japanese (Sph69-p兵員輸送車): a
    line broken there ends with the gap, and the next starts flush, not a quarter em in."""
    html = body(typeset(page('<td>Sph69-p<wbr><span class="whole">兵員輸送車</span></td>')))
    assert unkept(html) == f'<td>Sph69-p{GAP}<wbr><span class="whole">兵員輸送車</span></td>'
    html = body(typeset(page('<td><span class="whole">兵員輸送車</span><wbr>Sph</td>')))
    assert unkept(html) == f'<td><span class="whole">兵員輸送車</span>{GAP}<wbr>Sph</td>'


def test_a_product_name_stays_whole_on_a_cards_line_between_its_phrases():
    """The unit-errata card's label printed 「NeuSpotter の防御力(S.F.」/「3.D Original)」, and
    its English 「defense (S.F.」/「3.D Original)」 (issue 44): Unicode's line breaking allows a
    break after a letter's dot before a digit. A word inside a phrase is the phrase's."""
    label = "NeuSpotter の防御力(S.F.3.D Original)"
    html = body(
        typeset(page(f'<div class="phrase-lines"><table><tr><th>{label}</th></tr></table></div>'))
    )
    assert f"{KEEP}(S.F.3.D</span>" in html
    english = '<p lang="en">Gustav tokens 1 through 6 (S.F.3.D Original) and S.F.3.D II.</p>'
    html = body(typeset(page(english, "en")))
    assert f'6<span class="ja-space"> </span>{KEEP}(S.F.3.D</span> Original)' in html
    assert f"{KEEP}S.F.3.D II.</span>" in html
    assert text_of(typeset(page(english, "en"))) == re.sub("<[^>]+>", "", english)


def test_running_text_may_break_at_a_gap_where_the_text_has_no_space():
    """For WeasyPrint (keep_breaks) a `<wbr>` after each gap of running text, so that
    「GustavとKonradが」 is no unbreakable stretch (issue 44); never after a numeral (its counter)
    or 第, nor before a character that may not start a line; a short text breaks by phrases."""
    text = f"{LONG}GustavとKonradが2機と第1ターンにSAFSァを動かす。{LONG}"
    html = unkept(body(typeset(page(f"<p>{text}</p>"), keep_breaks=True)))
    wbr = f"{GAP}<wbr>"
    assert f"Gustav{wbr}と{wbr}Konrad{wbr}が{wbr}2{GAP}機と第{GAP}1{GAP}ターンに{wbr}SAFS" in html
    assert f"SAFS{GAP}ァ" in html
    assert "<wbr>" not in body(typeset(page(f"<p>{text}</p>")))  # the site: a browser breaks
    short = unkept(body(typeset(page("<td>GustavとKonradが</td>"), keep_breaks=True)))
    assert short == f"<td>Gustav{GAP}と{GAP}<wbr>Konrad{GAP}が</td>"  # between phrases only


def test_a_short_text_may_break_at_a_gap_where_a_phrase_starts():
    """The unit-errata card's label 「傭兵軍のInf.SQのトークン05から20(S.F.3.D II: …)」 was glued
    whole by its gaps, a piece so wide that the Erratum column kept 14 ems and its justified lines
    spread 0.24 em (issue 44): a label breaks between its phrases, at a gap too, never inside a
    phrase (Inf.SQ|の) nor between a numeral and its counter (05|から)."""
    label = "傭兵軍のInf.SQのトークン05から20(S.F.3.D II: Operation Faserei)"
    card = f'<div class="phrase-lines"><table><tr><th>{label}</th></tr></table></div>'
    html = re.sub(r"</?span[^>]*>", "", body(typeset(page(card), keep_breaks=True)))
    assert "傭兵軍の<wbr>Inf.SQのトークン05から<wbr>20(S.F.3.D II: Operation" in html
    assert html.count("<wbr>") == 2
    assert "<wbr>" not in body(typeset(page(card)))  # the site: a browser breaks


def test_a_long_english_word_in_running_text_may_be_hyphenated():
    """「移動不能(Immobilized)」: kept whole, the 7 ems of (Immobilized)」 left the line before it
    spread 0.26 em between characters in the bilingual mak.rules (issue 44). A word of eight
    letters or more gets lang="en" and may be hyphenated; S.F.3.D and a code stay whole."""
    text = f"{LONG}「移動不能(Immobilized)」を置く。S.F.3.DのNeuSpotterと[9.3.2]。{LONG}"
    html = body(typeset(page(f"<p>{text}</p>")))
    hyphens = '<span lang="en" class="ja-hyphens">'
    assert f"({hyphens}Immobilized</span>)」" in html
    assert f"{hyphens}NeuSpotter</span>" in html and f"{KEEP}S.F.3.D</span>" in html
    assert text_of(typeset(page(f"<p>{text}</p>"))) == text


def test_a_dagger_stays_with_what_it_marks_and_no_space_follows_it_in_japanese():
    html = body(
        typeset(page(f"<p>{LONG}以後使えない。† ブースター使用中の S.F.3.D† は動く。{LONG}</p>"))
    )
    assert f'{KEEP}<span class="ja-halt">。</span>†</span>ブースター' in html  # no space, no break
    assert f"{KEEP}S.F.3.D†</span>" in html  # a kept word takes the dagger after it in
    english = body(typeset(page('<p lang="en">It ends.† Then S.F.3.D† moves.</p>')))
    assert "ends.† Then" in english and f"{KEEP}S.F.3.D</span>† moves" in english
