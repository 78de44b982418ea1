"""`playaid new`: a commented starter file for a system, every key explained in English and
Japanese, that loads and passes `check` as it stands.

Every key of the system's schema appears in the file: as a live key, or for an optional key the
starter does not use, as an example line that starts with `#~ ` (after the indentation). Deleting
that marker from every such line gives a file that still loads and meets the schema (tests check
this), so a user can take any example by deleting its marker. Every other comment is English
followed by Japanese: a line `# key: English.` explaining a key, then `#   日本語。` under it.
"""

from __future__ import annotations

import re

from generator.content.model.base import source_hash
from generator.core.errors import UserError

EXAMPLE_MARKER = "#~ "
"""The start of a commented-out example line (after its indentation)."""


def _text(en: str, ja: str) -> str:
    return f'{{en: "{en}", ja: "{ja}", tr: ja, from: "{source_hash(en)}"}}'


def _fill(template: str, **values: str) -> str:
    """The template with every «name» replaced by its value."""
    return re.sub(r"«(\w+)»", lambda match: values[match.group(1)], template)


def starter(system: str, schema: str) -> str:
    """The starter file of `system`, its schema line pointing at `schema`."""
    if system == "mak":
        return _fill(
            MAK,
            schema=schema,
            title=_text("My scenario", "私のシナリオ"),
            briefing=_text(
                "What the players read before the game.", "ゲーム前にプレイヤーが読む状況説明。"
            ),
            special_rules=_text("Rules of this scenario only.", "このシナリオだけのルール。"),
            unit_note=_text("A note printed with this line.", "この行に添えて印刷する注記。"),
            pilot='{en: "Kurt Adler", ja: "Kurt Adler", tr: none}',
            artillery_note=_text(
                "A note printed with this artillery.", "この砲兵に添えて印刷する注記。"
            ),
            side_note=_text(
                "A note printed with this side's forces.", "この軍の戦力に添えて印刷する注記。"
            ),
            zone_note=_text("west of the river", "川の西側"),
            what=_text(
                "each NeuSpotter that leaves the board by the west edge of board 5",
                "マップボード5の西端からマップ外に出たNeuSpotter 1機ごと",
            ),
            conditions=_text(
                "The side with the higher O.G.P. at the end wins.",
                "終了時に作戦目標ポイントが高い側の勝利。",
            ),
        )
    if system == "fpcf":
        return _fill(
            FPCF,
            schema=schema,
            title=_text("My scenario", "私のシナリオ"),
            briefing=_text(
                "What the players read before the game.", "ゲーム前にプレイヤーが読む状況説明。"
            ),
            special_rules=_text("Rules of this scenario only.", "このシナリオだけのルール。"),
            name_nato=_text("3rd Panzer Division", "第3装甲師団"),
            name_brigade=_text("7th Panzer Brigade", "第7装甲旅団"),
            name_wp=_text("Soviet tank division", "ソビエト軍戦車師団"),
            name_airborne=_text("Airborne battalion", "空挺大隊"),
            morale_note=_text(
                "Why the morale differs from the chart.", "初期士気が表と異なる理由。"
            ),
            area=_text("the east edge of the map", "マップの東端"),
            part=_text("the original game's US corps", "原作ゲームのアメリカ軍軍団"),
            conditions=_text("Hold the map at the end.", "終了時にマップを保持する。"),
        )
    raise UserError("scenario-system", system=system, choices="mak, fpcf")


_HEADER = """\
# yaml-language-server: $schema=«schema»
# A «game» scenario. Every key is explained below and in docs/scenarios.md.
#   «game» のシナリオ。各キーの説明は下記と docs/scenarios.md にある。
# Check it with `playaid check FILE`; print it with `playaid build FILE --kit`.
#   `playaid check FILE` で検査し、`playaid build FILE --kit` で印刷する。
# The schema line above lets an editor complete and check the keys («schema_file»).
#   上の schema の行により、エディターがキーを補完・検査する(«schema_file»)。
# Lines that start with "#~ " are examples of optional keys and values: to use one, delete its "#~ ".
#   「#~ 」で始まる行は省略可能なキーや値の例。使うときは、その例の各行の「#~ 」を消す。
# Hex numbers are written as the map prints them, four digits (XXYY), in quotes: "0105".
#   ヘクス番号はマップの表記どおり4桁(XXYY)で書き、引用符で囲む: "0105"。

# kind: always scenario.
#   常に scenario。
kind: scenario
# system: mak (Maschinen Krieger S.F.3.D II) or fpcf (Flashpoint: Central Front).
#   mak(Maschinen Krieger S.F.3.D II)または fpcf(Flashpoint: Central Front)。
system: «system»
# id: <system>.<slug>, at most 64 characters, unique among the scenarios checked together.
#   <システム>.<スラッグ>。64文字まで。一緒に検査するシナリオの間で重複しないこと。
#   The slug is lower-case letters, digits and single hyphens, e.g. «example_id».
#   スラッグは英小文字・数字・単独のハイフンで書く。例: «example_id»。
id: «system».my-scenario
# Texts (title, briefing, notes…) are written in both languages: {en: ..., ja: ..., tr: ja, from: "..."}.
#   テキスト(title、briefing、note など)は両言語で書く: {en: ..., ja: ..., tr: ja, from: "..."}。
# en, ja: the text in English and in Japanese; both are required and non-empty.
#   英語と日本語のテキスト。どちらも必須で、空にはできない。
# tr: the language you translated: ja (you wrote English first), en (Japanese first), none (both yours).
#   自分が翻訳した言語。ja(英語を先に書いた)、en(日本語を先に書いた)、none(両方とも自分の原文)。
# from: with tr: ja or en, the fingerprint of the text you translated from; `playaid stamp FILE` adds it.
#   tr が ja か en のとき、翻訳元テキストのフィンガープリント。`playaid stamp FILE` が追加する。
#   When the source text changes, `check` reports the translation stale until you update it and from.
#   原文が変わると、訳と from を更新するまで `check` は訳が古いと報告する。
# title: the scenario's name.
#   シナリオ名。
title: «title»
# briefing: the situation, as the players read it.
#   プレイヤーが読む状況説明。
briefing: «briefing»
# author: optional: who wrote the scenario.
#   省略可。シナリオの作者。
#~ author: Your Name
"""

MAK = (
    _fill(
        _HEADER,
        game="Ma.K S.F.3.D II",
        schema_file="content/scenarios/mak.schema.json",
        system="mak",
        example_id="mak.rehn-crossing",
        schema="«schema»",
        title="«title»",
        briefing="«briefing»",
    )
    + """\
# date: year and month of the battle, YYYY-MM; [16.2.2] turns on it.
#   戦闘の年と月(YYYY-MM)。[16.2.2] はこれで決まる。
date: 2885-03
# boards: the map boards in play and how they lie.
#   使用するマップボードとその並べ方。
boards:
  # layout: rows from north to south, each the board numbers from west to east; null leaves a gap.
  #   北から南への行。各行は西から東へのマップボード番号。null は空き。
  #   Boards are 1 to 7 [2.1], each at most once, north edge up: [[5, 6]] puts board 6 east of 5.
  #   マップボードは1〜7 [2.1]、各1回まで、北端を上にして置く。[[5, 6]] はマップボード5の東にマップボード6。
  layout: [[5, 6]]
# turns: the number of game turns, 1 or more.
#   ゲームターン数。1以上。
turns: 8
# first_player: strahl or mercenary: whose phase comes first each turn.
#   strahl(シュトラール軍)か mercenary(傭兵軍)。各ターンに先にフェイズを行う側。
first_player: strahl
# attacker: strahl or mercenary: the attacking side, the aggressor when dog-fight ratings are equal [10.2.1].
#   strahl か mercenary。攻撃側。ドッグファイト値が等しいときは攻撃側が攻勢側となる [10.2.1]。
attacker: strahl
# set_up: the order of set-up; no rule says who sets up first, so the file does (check warns without it).
#   配置の順。どちらが先に配置するかを定めるルールはないので、ファイルで決める(書かないと check が警告する)。
set_up:
  # first: strahl or mercenary: the side that sets up first.
  #   strahl か mercenary。先に配置する側。
  first: mercenary
  # hidden: optional: true where each side sets up out of the other's sight until play begins; default false.
  #   省略可。true なら、ゲーム開始まで互いに相手から見えないように配置する。省略時は false。
  #~ hidden: true
# optional_rules: optional and special rules in use, by id (content/mak/scenario-options.yaml).
#   使用するオプションルール・特別ルールの id(content/mak/scenario-options.yaml)。
#   Default none. A rule marked * is in use, listed or not, whenever the file has what follows the *.
#   省略時はなし。* 印のルールは、* の後に書いたものがファイルにあれば、挙げなくても使用する。
optional_rules:
  - artillery               # [17] Artillery *: a side's artillery / [17] 砲兵 *: いずれかの軍の artillery
  #~ - concealment          # [15] Concealment (optional) / [15] 隠蔽(オプションルール)
  #~ - escaping             # [18.2] Escaping (optional) / [18.2] 脱出(オプションルール)
  #~ - pilot-creation       # [18.3] Pilot Creation (optional), for created pilots / [18.3] パイロットの作成(オプションルール)。作成したパイロットに必要
  #~ - airdrop              # [12.2] Airdrop / [12.2] 空挺降下
  #~ - defensive-positions  # [12.3] Defensive Position *: a defensive-position marker / [12.3] 陣地 *: defensive-position マーカー
  #~ - pf-supply            # [11.3] Supplement of PF *: a depot marker / [11.3] PFの補給 *: depot マーカー
  #~ - land-mines           # [19.1] Land mines *: a side's land_mines / [19.1] 地雷 *: いずれかの軍の land_mines
  #~ - smoke-screen         # [19.2] Smoke screen / [19.2] 煙幕
  #~ - night-combat         # [19.3] Night combat / [19.3] 夜間戦闘
  #~ - fire                 # [19.4] Fire / [19.4] 火災
# special_rules: optional: rules of this scenario only.
#   省略可。このシナリオだけのルール。
#~ special_rules: «special_rules»
# forces: each side's forces; both sides are required, either may be empty ({}).
#   両軍の戦力。両軍とも必須だが、どちらも空({})でもよい。
forces:
  # strahl: the Strahl Troops.
  #   シュトラール軍。
  strahl:
    # units: the side's units, one line per kind of unit.
    #   その軍のユニット。ユニットの種類ごとに1行。
    units:
      # unit: the unit, by its id or any name the rulebook prints for it (content/mak/units.yaml).
      #   ユニット。ユニット一覧(content/mak/units.yaml)の id か、ルールブックに印刷された名前。
      # code: optional: the unit code: ×3 (Ld 1⑥) is 3 units, pilot No. 6 the primary commander.
      #   省略可。ユニットの記号。×3 (Ld 1⑥) は3ユニットで、パイロットNo. 6 が第1指揮官。
      #   Without a code the line is one unit with no pilot named.
      #   記号がなければ、この行はパイロットを指定しない1ユニット。
      # deploy: optional: the deployment code: turn, board, edge, then a direction and a hex if any.
      #   省略可。配置の記号: ターン、マップボード、端、必要なら方向とヘクス。
      #   1⑤W: turn 1, through the west edge of board 5; ⑤ alone: set up on board 5 before play.
      #   1⑤W は第1ターンにマップボード5の西端から登場。⑤だけならゲーム開始前にマップボード5に配置。
      #   Without deploy or setup, where and when is up to the players.
      #   deploy も setup もなければ、どこにいつ登場するかはプレイヤーが決める。
      #   ASCII works too: (5) for ⑤, x for ×, - for −, > < v ^ for ▷ ◁ ▽ △.
      #   ASCII でも書ける: ⑤ は (5)、× は x、− は -、▷ ◁ ▽ △ は > < v ^。
      # rounds: optional: the rocket or PanzerFaust rounds each unit carries, at most [11.2.4]'s count.
      #   省略可。各ユニットが携行するロケットまたはパンツァーファウスト(PF)の弾数。[11.2.4] の数まで。
      # note: optional: a note printed with the line.
      #   省略可。この行に添えて印刷する注記。
      - unit: PKA
        code: "×3 (Ld 1⑥)"
        deploy: "1⑤W"
        #~ rounds: 2
        #~ note: «unit_note»
      - {unit: NeuSpotter, code: "×2", deploy: "1⑤W▽0105"}
      # equipment: optional: bomb, missile and laser markers carried; aeronautical units only [11.4].
      #   省略可。搭載する bomb、missile、laser のマーカー。航空ユニットのみ [11.4]。
      #~ - {unit: Hornisse, code: "×2 ⑩", deploy: "3⑤N", equipment: [missile]}
      # The line of the created pilot No. 17 (see pilots, below).
      #   作成したパイロットNo. 17 の行(下の pilots を参照)。
      #~ - {unit: PKA, code: "⑰", deploy: "2⑤W"}
    # pilots: optional: pilots the scenario says more about, by number (playaid lookup mak.pilots).
    #   省略可。シナリオが詳しく定めるパイロット。番号で指定する(playaid lookup mak.pilots)。
    #   The first example gives pilot No. 6's modifiers (copy them from the token); the second creates No. 17.
    #   1つ目の例はパイロットNo. 6 の能力修正(値はトークンから写す)。2つ目はNo. 17 を作成する。
    # number: the pilot number used in the codes.
    #   記号で使うパイロット番号。
    # attack, defense, dogfight: the ability modifiers on the pilot's token (1, 0, -1); none above 4 [18.3.3].
    #   パイロットのトークンに印刷された能力修正(1、0、-1 など)。いずれも4以下 [18.3.3]。
    #   With them the scenario sheet prints the pilot's victory points [18.2.5].
    #   これを書くと、シナリオシートにパイロットの勝利ポイントが印刷される [18.2.5]。
    # created: true for a pilot created under [18.3]; it needs pilot-creation in optional_rules.
    #   [18.3] で作成したパイロットなら true。optional_rules に pilot-creation が必要。
    #   It takes a number the chart does not use, a name, a rank and all three modifiers.
    #   パイロット表にない番号を使い、名前、階級、3つの能力修正をすべて書く。
    #   dogfight, and attack + defense, are each -1, 0, +1 or +2, as the chart of [18.3.1] gives.
    #   dogfight、および attack + defense は、[18.3.1] の表のとおり -1、0、+1、+2 のいずれか。
    # name: a created pilot's name.
    #   作成したパイロットの名前。
    # rank: a created pilot's rank, as the rank chart names it (playaid lookup mak.rank-vp).
    #   作成したパイロットの階級。階級表の名前で書く(playaid lookup mak.rank-vp)。
    #~ pilots:
    #~   - {number: 6, attack: 1, defense: 0, dogfight: -1}
    #~   - {number: 17, created: true, name: «pilot», rank: Sergeant, attack: 1, defense: 0, dogfight: 1}
    # artillery: optional: off-board artillery.
    #   省略可。マップ外砲兵。
    artillery:
      # code: the artillery code: Type II … ⑤W−80×4 (2) is Type II artillery 80 hexes west of board 5,
      #   砲兵の記号。Type II … ⑤W−80×4 (2) はマップボード5の西方80ヘクスにあるタイプIIの砲兵で、
      #   4 rounds in all, at most 2 a turn. ASCII: Type II ... (5)W-80x4 (2).
      #   総弾数4発、1ターンに2発まで。ASCII では Type II ... (5)W-80x4 (2)。
      # vp_per_round: optional: the victory points each round fired costs the side (② of O.G.P.).
      #   省略可。1発撃つごとにその軍が失う勝利ポイント(作戦目標ポイントの ②)。
      # note: optional: a note printed with the artillery.
      #   省略可。この砲兵に添えて印刷する注記。
      - code: "Type II … ⑤W−80×4 (2)"
        #~ vp_per_round: 1
        #~ note: «artillery_note»
    # note: optional: a note printed with the side's forces.
    #   省略可。この軍の戦力に添えて印刷する注記。
    #~ note: «side_note»
  # mercenary: the Mercenary Troops.
  #   傭兵軍。
  mercenary:
    units:
      # setup: optional: hexes where the scenario sets the line's units up.
      #   省略可。シナリオがこの行のユニットを配置するヘクス。
      # board, hex: the board number (1 to 7) and the hex number, in quotes.
      #   マップボード番号(1〜7)とヘクス番号(引用符で囲む)。
      # count: how many of the line's units stand there; default 1.
      #   この行のユニットのうち、そのヘクスに置く数。省略時は1。
      - unit: AFS
        code: "×2 (Ld 1③)"
        setup: [{board: 6, hex: "0804", count: 2}]
      # id: optional: a name for the line (a slug), so that other lines can be aboard it.
      #   省略可。この行の名前(スラッグ)。他の行が aboard で指すために付ける。
      - {id: truck, unit: Truck, setup: [{board: 6, hex: "1204"}]}
      # aboard: optional: the id of the side's vehicle line that transports these units [13.1.2].
      #   省略可。このユニットを輸送する、同じ軍の車両の行の id [13.1.2]。
      #   They come on with it, so they have no deploy or setup of their own.
      #   車両と一緒に登場するので、自分の deploy や setup は書かない。
      - {unit: Inf.SQ, aboard: truck}
    # land_mines: optional: the mines the side distributes [19.1].
    #   省略可。その軍が配置する地雷 [19.1]。
    # budget: the total attack value the side distributes.
    #   配置する地雷の攻撃力の合計。
    # fields: optional: hexes the scenario fixes; together at most the budget.
    #   省略可。シナリオが決める地雷原のヘクス。合計で budget まで。
    #   The player records the rest secretly.
    #   残りはプレイヤーが秘密に記録する。
    # attack: the attack value of the mines in the hex, 5 to 13 [19.1.1].
    #   そのヘクスの地雷の攻撃力。5〜13 [19.1.1]。
    # fixed: with fields: open (the card prints them for both players) or secret [19.1.1].
    #   fields があるとき、open(カードに載せて両プレイヤーに公開)か secret [19.1.1]。
    #   Secret fields are printed only on the side's Minefield Record Sheet.
    #   secret の地雷原は、その軍の地雷原記録用紙にだけ印刷する。
    # zone: where the side's mines lie, the fixed fields and the rest, as both players know.
    #   その軍の地雷(シナリオ指定の地雷原と残り)を置く範囲。両プレイヤーが知っている。
    #   boards: the map boards; note: optional words that narrow the zone [19.1.1].
    #   boards はマップボード、note は範囲を絞る言葉(省略可)[19.1.1]。
    #~ land_mines:
    #~   budget: 24
    #~   fields: [{board: 6, hex: "0703", attack: 8}]
    #~   fixed: open
    #~   zone: {boards: [6], note: «zone_note»}
# markers: optional: depots, defensive positions and objectives the scenario places.
#   省略可。シナリオが置く Depot(弾薬集積所)、陣地、目標のマーカー。
# marker: depot [11.3], defensive-position [12.3] or objective.
#   depot(Depot [11.3])、defensive-position(陣地 [12.3])、objective(目標)のいずれか。
# side: optional: strahl or mercenary, whose it is where that matters.
#   省略可。strahl か mercenary。どちらの軍のものかが意味を持つときに書く。
# rating: a defensive position's rating, -1 or -2 as its markers print; no other marker has one.
#   陣地の値。マーカーに印刷されているとおり -1 か -2。陣地以外のマーカーには書かない。
#~ markers:
#~   - {marker: defensive-position, side: mercenary, board: 6, hex: "0804", rating: -1}
#~   - {marker: depot, side: mercenary, board: 6, hex: "1204"}
#~   - {marker: objective, board: 6, hex: "1006"}
# victory: how the game is won.
#   勝敗の決め方。
victory:
  # ogp: true when the sides compare O.G.P. = ① + ③ − ② (playaid rule mak.ogp).
  #   両軍が作戦目標ポイント = ① + ③ − ② を比べるなら true(playaid rule mak.ogp)。
  ogp: true
  # unit_values: where ① takes each unit's victory points from: counter (printed on its token).
  #   ①で数える各ユニットの勝利ポイントの出どころ。counter はトークンに記載された値。
  #   Or a list of the values the scenario gives: [{unit: PKA, vp: 3}].
  #   シナリオが値を定めるなら、その一覧 [{unit: PKA, vp: 3}]。
  unit_values: counter
  # amu: true when dropped AMUs score [16.2.2]; only for a date after December 2884 (2885-01 on).
  #   落とされたAMUが得点になるなら true [16.2.2]。2884年12月より後(2885-01以降)の日付のみ。
  amu: true
  # scenario_points: optional: ③ of O.G.P., points the scenario adds.
  #   省略可。作戦目標ポイントの ③。シナリオが指定する追加の勝利ポイント。
  # side: strahl or mercenary: who scores them.
  #   strahl か mercenary。得点する軍。
  # vp: how many; may be negative.
  #   点数。負でもよい。
  # what: what earns them.
  #   何に対する得点か。
  #~ scenario_points:
  #~   - {side: strahl, vp: 2, what: «what»}
  # conditions: the victory conditions in words.
  #   勝利条件を文章で書く。
  conditions: «conditions»
  # otherwise: strahl, mercenary or draw: who wins when the conditions name no winner, a tie included.
  #   strahl、mercenary、draw(引き分け)。勝利条件で勝者が決まらない場合(同点を含む)の結果。
  #   Without it, check warns.
  #   書かないと check が警告する。
  otherwise: mercenary
"""
)

FPCF = (
    _fill(
        _HEADER,
        game="Flashpoint: Central Front",
        schema_file="content/scenarios/fpcf.schema.json",
        system="fpcf",
        example_id="fpcf.weser-screen",
        schema="«schema»",
        title="«title»",
        briefing="«briefing»",
    )
    + """\
# map_group: north or south, the map groups of the Air Strike Aircraft Type Tables.
#   north か south。航空攻撃機種表のマップ群。
map_group: north
# maps: the maps in play, by id: north-german-plain, baor (north), fifth-corps, hof-gap (south).
#   使用するマップの id: north-german-plain、baor(north)、fifth-corps、hof-gap(south)。
#   A map of your own works too, under a new id, from a folder given with --overlay.
#   自作のマップも新しい id で使える。そのフォルダーを --overlay で指定する。
maps: [baor]
# map_layout: optional: how the maps lie: rows from north to south, each the map ids from west to east.
#   省略可。マップの並べ方。北から南への行。各行は西から東へのマップの id。
#   null leaves a gap; every map of maps once, north edge up, e.g. [[north-german-plain], [baor]].
#   null は空き。maps の各マップを1回ずつ、北端を上にして置く。例: [[north-german-plain], [baor]]。
#~ map_layout: [[baor]]
# surprise: true for a Soviet surprise game (pre-GT1 activation), false otherwise.
#   ソビエト軍の奇襲ゲーム(pre-GT1 活性化あり)なら true、そうでなければ false。
surprise: false
# turns: the number of game turns, 1 or more.
#   ゲームターン数。1以上。
turns: 6
# set_up: the order of set-up; no rule says who sets up first, so the file does (check warns without it).
#   配置の順。どちらが先に配置するかを定めるルールはないので、ファイルで決める(書かないと check が警告する)。
set_up:
  # first: nato or wp: the side that sets up first.
  #   nato か wp。先に配置する側。
  first: nato
  # hidden: optional: true where each side sets up out of the other's sight until play begins; default false.
  #   省略可。true なら、ゲーム開始まで互いに相手から見えないように配置する。省略時は false。
  #~ hidden: true
# forces_in_play: which forces are in play (check refuses a file without it): listed, only the formations this file lists;
#   どの部隊が登場するか(書かないと check がエラーにする)。listed: このファイルが挙げる部隊のみ。
#   original-game: the original game's whole set-up and order of battle, those listed as this file says;
#   original-game: 原作ゲームの配置と戦闘序列のすべて(挙げた部隊はこのファイルのとおり)。
#   parts: the parts of the original game's forces that original_parts names, and those listed.
#   parts: original_parts に挙げた原作ゲームの部隊の一部と、このファイルが挙げる部隊。
forces_in_play: listed
# original_parts: with forces_in_play: parts, the parts of the original game's forces in play, in words.
#   forces_in_play: parts のとき、登場する原作ゲームの部隊の一部を文章で挙げる。
#   Set forces_in_play: parts to use it.
#   使う場合は forces_in_play: parts にする。
#~ original_parts: [«part»]
# air_superiority: the starting level; every scenario starts at wp-3 (WP level 3).
#   開始時の航空優勢のレベル。すべてのシナリオは wp-3(「WP レベル3」)から始まる。
air_superiority: wp-3
# nations: the nations present: us, uk, wg, fr, be, nl, ca (NATO), su, eg, po, cz (Warsaw Pact).
#   登場する国籍: us、uk、wg、fr、be、nl、ca(NATO軍)、su、eg、po、cz(ワルシャワ軍)。
nations: [wg, su]
# air_strike_nations: optional: the nations that roll for air strikes; only nations with land units.
#   省略可。航空攻撃のダイスを振る国籍。このシナリオに地上ユニットのある国籍だけ。
air_strike_nations: [wg, su]
# pre_game: optional: what happens before game turn 1.
#   省略可。第1ゲームターンの前に行うこと。
pre_game:
  # nato_ops_points: in a non-surprise game, the Ops points NATO may move before the game, at most 4.
  #   非奇襲ゲームで、NATO軍がゲーム開始前に移動できる作戦ポイント。最大4。
  nato_ops_points: 4
  # activation: in a surprise game, and required there: the pre-GT1 activation, every Warsaw Pact formation entering on GT1.
  #   奇襲ゲームでは必須: pre-GT1 活性化で行動する部隊。第1ゲームターンに登場するワルシャワ軍のすべての部隊。
  #   Their ids, in order; they enter on game turn 1. Set surprise: true and delete nato_ops_points.
  #   部隊の id を順に挙げる。これらは第1ゲームターンに登場する。surprise: true にし、nato_ops_points を消す。
  #~ activation: [su-1]
# optional_rules: optional rules in use, by id (content/fpcf/scenario-options.yaml); default none.
#   使用するオプションルールの id(content/fpcf/scenario-options.yaml)。省略時はなし。
#   airborne-drops is in use, listed or not, whenever a formation has drops.
#   airborne-drops は、いずれかの部隊に drops があれば挙げなくても使用する。
#~ optional_rules:
#~   - engineer-units        # Engineer Units / 工兵ユニット
#~   - major-training-areas  # Major Training Areas / 主要演習場
#~   - paralysis             # U.S and British Paralysis / 米英軍の麻痺(U.S and British Paralysis)
#~   - airborne-drops        # [15] Airborne units and the Air Drop notes / [15] 空挺ユニットと空挺降下の注記
# special_rules: optional: rules of this scenario only.
#   省略可。このシナリオだけのルール。
#~ special_rules: «special_rules»
# formations: the divisions, brigades, armies and independent units, at least one.
#   師団、旅団、軍、独立ユニット。1つ以上。
formations:
  # id: a name for the formation within this file (a slug), unique.
  #   このファイル内での部隊の名前(スラッグ)。重複しないこと。
  # name: the formation's name.
  #   部隊名。
  # nation: one of the nations, listed in nations.
  #   国籍。nations に挙げたもののいずれか。
  # echelon: front, army, corps, division, brigade, regiment or independent.
  #   front(方面軍)、army(軍)、corps(軍団)、division(師団)、brigade(旅団)、regiment(連隊)、independent(独立)。
  - id: wg-3-pz
    name: «name_nato»
    nation: wg
    echelon: division
    # morale: optional: starting morale: elite, first-line, reserve or militia.
    #   省略可。初期士気: elite(精鋭)、first-line(第一線)、reserve(予備)、militia(民兵)。
    #   For a division or army it is the Starting Morale chart's, or morale_note says why not.
    #   師団と軍では初期士気表のとおりにする。違う場合は morale_note に理由を書く。
    #   A regiment, brigade or independent unit (the chart lists none) and one that drops must give it.
    #   表にない部隊(連隊、旅団、独立ユニット)と空挺降下する部隊には必ず書く。書かないと check がエラーにする。
    morale: first-line
    # morale_row: optional: the chart's row where a nation has several: 5gta, 7ta, 11ga (Soviet armies).
    #   省略可。国籍に複数の行がある場合の初期士気表の行: 5gta、7ta、11ga(ソビエト軍の各軍)。
    #   Default all.
    #   省略時は all。
    #~ morale_row: all
    # morale_note: optional: why the morale differs from the chart.
    #   省略可。初期士気が表と異なる理由。
    #~ morale_note: «morale_note»
    # hq: optional: where the formation's HQ sets up, {map, hex}; a division's within 2 hexes of one of its units.
    #   省略可。部隊のHQを配置する場所 {map, hex}。師団のHQは隷下ユニットのいずれかから2ヘクス以内。
    # map, hex: the id of a map in maps, and the hex number in quotes.
    #   maps にあるマップの id と、ヘクス番号(引用符で囲む)。
    hq: {map: baor, hex: "2215"}
    # units: optional: units set up on the map, each {name, map, hex}.
    #   省略可。マップに配置するユニット。それぞれ {name, map, hex}。
    # name: the unit as printed on its counter, e.g. 3/27 MR.
    #   カウンターに印刷されたユニット名。例: 3/27 MR。
    units:
      - {name: Pz Bde 8, map: baor, hex: "2214"}
  # attached_to: a West German brigade's division: the id of a NATO division in this file.
  #   西ドイツ軍の旅団が所属する師団。このファイルにあるNATO軍の師団の id。
  #   Only for West German brigades; one without it is activated by the overall HQ or as an independent unit (a warning).
  #   西ドイツ軍の旅団にだけ書く。書かない旅団は、全体を統括するHQで、または独立ユニットとして活性化する(check が警告する)。
  # original_setup: optional: true where the formation's units set up as the original game's set-up places them.
  #   省略可。true なら、部隊のユニットを原作ゲームの配置どおりに置く。
  #   Its units and their hexes are then the original game's: list no units (Set-up).
  #   ユニットと配置ヘクスは原作ゲームのとおりなので、units には書かない(「配置」のルール)。
  #~ - id: wg-pz-7
  #~   name: «name_brigade»
  #~   nation: wg
  #~   echelon: brigade
  #~   morale: first-line
  #~   attached_to: wg-3-pz
  #~   original_setup: true
  - id: su-1
    name: «name_wp»
    nation: su
    echelon: division
    morale: first-line
    # arrives: optional: when and where the formation enters as reinforcements.
    #   省略可。部隊が増援として登場するターンと場所。
    arrives:
      # turn: the game turn it enters.
      #   登場するゲームターン。
      turn: 1
      # area: the entry area, in words: which map edge, which hexes.
      #   登場する地域を文章で書く。どのマップ端の、どのヘクスか。
      #   check warns without it, unless each march column gives its entry hex.
      #   書かないと check が警告する(各隊列がエントリーヘクスを書いている場合を除く)。
      area: «area»
      # units: optional: the units that enter, where they do not come in march columns.
      #   省略可。隊列で登場しない場合に登場するユニット。
      # original_oob: optional: true where it enters with the original game's order of battle.
      #   省略可。true なら原作ゲームの戦闘序列のユニットで登場する。
      #   A NATO formation that arrives gives units or original_oob (check errs otherwise).
      #   登場するNATO軍の部隊は units か original_oob を書く(書かないと check がエラーにする)。
      #~ original_oob: true
      # columns: a Warsaw Pact division's two march columns [17.2] (check errs without them).
      #   省略可。ワルシャワ軍の師団の2本の隊列 [17.2]。
      #   Their entry hexes lie within 8 hexes of each other counting both, at most 7 apart [17.21].
      #   2本の隊列のエントリーヘクスは、両方を含めて数えて8ヘクス以内(間隔は7ヘクスまで)[17.21]。
      #   They may be left out: the player chooses entry hexes at the start of the turn [17.22].
      #   省略してもよい。エントリーヘクスはそのターンの開始時にプレイヤーが選ぶ [17.22]。
      # entry: optional: the column's entry hex, {map, hex}; none: picked at the start of the turn [17.22].
      #   省略可。隊列のエントリーヘクス {map, hex}。省略するとターンのはじめに決める [17.22]。
      # units: optional: the column's units, in march order; none: the original game's March Order.
      #   省略可。隊列のユニット。行軍序列の順に書く。省略すると原作ゲームの行軍序列に従う。
      columns:
        - entry: {map: baor, hex: "3501"}
          #~ units: [HQ, 61 Gds Tk Rgt, 62 Gds Tk Rgt]
        - entry: {map: baor, hex: "3701"}
          #~ units: [63 Gds Tk Rgt, 248 Gds MR Rgt]
  # drops: optional: a formation's airborne drops [15.2], each {unit, turn, map, hex}.
  #   省略可。部隊の空挺降下 [15.2]。それぞれ {unit, turn, map, hex}。
  # unit, turn: the airborne unit, by the name on its counter, and the game turn of the drop.
  #   カウンターの名前で書く空挺ユニットと、降下するゲームターン。
  #   No drop into City or Rough, an occupied hex, an enemy ZOC or a hex already dropped into.
  #   都市や険阻地のヘクス、ユニットのいるヘクス、敵のZOC、既に降下のあったヘクスには降下できない。
  # fallback: where it drops when [15.2] bars the hex then: {hex: "2409"}, or {area: ...} the player chooses in.
  #   [15.2] によりそのヘクスに降下できない場合の降下先: {hex: "2409"}、またはプレイヤーが選ぶ地域 {area: ...}。
  #   check warns without it where NATO's pre-game moves can reach the drop hex.
  #   NATO軍のゲーム開始前の移動が降下ヘクスに届く場合、書かないと check が警告する。
  #~ - id: su-airborne
  #~   name: «name_airborne»
  #~   nation: su
  #~   echelon: independent
  #~   morale: first-line
  #~   drops:
  #~     - {unit: 1/345 Abn, turn: 2, map: baor, hex: "2408", fallback: {hex: "2409"}}
# victory: how the game is won.
#   勝敗の決め方。
victory:
  # conditions: the victory conditions in words.
  #   勝利条件を文章で書く。
  conditions: «conditions»
  # otherwise: nato, wp or draw: who wins when the conditions name no winner, a tie included.
  #   nato、wp、draw(引き分け)。勝利条件で勝者が決まらない場合(同点を含む)の結果。
  #   Without it, check warns.
  #   書かないと check が警告する。
  otherwise: nato
  # hqs_count: optional: true or false: whether HQs count as units where the conditions count units.
  #   省略可。true か false。勝利条件がユニットを数えるとき、HQもユニットとして数えるか。
  #   Conditions that count units without it make check warn.
  #   ユニットを数える勝利条件でこれがないと check が警告する。
  #~ hqs_count: false
"""
)
