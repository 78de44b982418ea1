"""`playaid new`: a commented starter file for a system, every key explained in English and
Japanese, that loads and passes `check` as it stands."""

from __future__ import annotations

from generator.errors import UserError
from generator.model.base import source_hash


def _text(en: str, ja: str) -> str:
    return f'{{en: "{en}", ja: "{ja}", tr: ja, from: "{source_hash(en)}"}}'


def starter(system: str, schema: str) -> str:
    """The starter file of `system`, its schema line pointing at `schema`."""
    if system == "mak":
        return MAK.format(
            schema=schema,
            title=_text("My scenario", "私のシナリオ"),
            briefing=_text(
                "What the players read before the game.", "ゲーム前にプレイヤーが読む状況説明。"
            ),
            conditions=_text(
                "The side with the higher O.G.P. at the end wins.",
                "終了時にO.G.P.が高い側の勝利。",
            ),
        )
    if system == "fpcf":
        return FPCF.format(
            schema=schema,
            title=_text("My scenario", "私のシナリオ"),
            briefing=_text(
                "What the players read before the game.", "ゲーム前にプレイヤーが読む状況説明。"
            ),
            name_nato=_text("1st Armoured Division", "第1機甲師団"),
            name_wp=_text("Soviet tank division", "ソビエト軍戦車師団"),
            conditions=_text("Hold the map at the end.", "終了時にマップを保持する。"),
        )
    raise UserError("scenario-system", system=system, choices="mak, fpcf")


MAK = """\
# yaml-language-server: $schema={schema}
# A Ma.K S.F.3.D II scenario. Every key is explained in docs/scenarios.md; check it with
# `playaid check FILE`, print it with `playaid build FILE --kit`. The schema line above lets an
# editor complete and check the keys (it points at content/scenarios/mak.schema.json).
# Ma.K S.F.3.D II のシナリオ。各キーの説明は docs/scenarios.md にある。`playaid check FILE` で検査し、
# `playaid build FILE --kit` で印刷する。上の schema の行によりエディターがキーを補完・検査する。
kind: scenario
system: mak
# <system>.<slug>, unique. / <システム>.<スラッグ>。重複しないこと。
id: mak.my-scenario
# Texts in both languages; tr: the language you translated; `playaid stamp FILE` records `from`.
# 両言語のテキスト。tr は自分が翻訳した言語。`playaid stamp FILE` が `from` を記録する。
title: {title}
briefing: {briefing}
# Year and month: [16.2.2] turns on it. / 年と月。[16.2.2] はこれで決まる。
date: 2885-03
boards:
  # Rows north to south, boards west to east (1-7), null for a gap. / 北から南への行、西から東へのボード(1〜7)、空きは null。
  layout: [[5, 6]]
# Game turns. / ゲームターン数。
turns: 8
# Whose phase comes first; who attacks (ties of dog-fight ratings, [10.2.1]). / 先手、および攻撃側([10.2.1] の同点時)。
first_player: strahl
attacker: strahl
# concealment, escaping, pilot-creation, airdrop, defensive-positions, pf-supply, land-mines,
# smoke-screen, night-combat, fire. / 使用するオプションルール・特別ルール。
optional_rules: []
forces:
  strahl:
    units:
      # unit: a name from the unit catalogue; code: ×count (Ld 1 pilot) …; deploy: turn, board, edge.
      # unit: ユニット一覧の名前。code: ×数 (Ld 1 パイロット)…。deploy: ターン、ボード、端。
      - {{unit: PKA, code: "×3 (Ld 1⑥)", deploy: "1⑤W"}}
      - {{unit: NeuSpotter, code: "×2", deploy: "1⑤W▽0105"}}
    # Off-board artillery: type, board, direction, distance, rounds in all and per turn.
    # マップ外砲兵: タイプ、ボード、方角、距離、総弾数と1ターンの弾数。
    artillery:
      - {{code: "Type II … ⑤W−80×4 (2)"}}
  mercenary:
    units:
      # setup: hexes where units start ("board", "hex" in quotes). / setup: 開始ヘクス(hex は引用符で)。
      - unit: AFS
        code: "×2 (Ld 1③)"
        setup: [{{board: 6, hex: "0804", count: 2}}]
      - {{id: truck, unit: Truck, setup: [{{board: 6, hex: "1204"}}]}}
      # aboard: the id of the vehicle line that transports these units. / aboard: 輸送する車両の行の id。
      - {{unit: Inf.SQ, aboard: truck}}
    # Ability modifiers from the tokens, for victory points [18.2.5]. / トークンの能力修正(勝利ポイント用)。
    pilots: []
victory:
  # ogp: O.G.P. = ① + ③ − ②; amu: dropped AMUs score (after December 2884 only).
  # ogp: O.G.P. = ① + ③ − ②。amu: 落ちたAMUが得点になる(2884年12月より後のみ)。
  ogp: true
  amu: true
  conditions: {conditions}
"""

FPCF = """\
# yaml-language-server: $schema={schema}
# A Flashpoint: Central Front scenario. Every key is explained in docs/scenarios.md; check it with
# `playaid check FILE`, print it with `playaid build FILE --kit`. The schema line above lets an
# editor complete and check the keys (it points at content/scenarios/fpcf.schema.json).
# Flashpoint: Central Front のシナリオ。各キーの説明は docs/scenarios.md にある。`playaid check FILE`
# で検査し、`playaid build FILE --kit` で印刷する。上の schema の行によりエディターがキーを補完・検査する。
kind: scenario
system: fpcf
# <system>.<slug>, unique. / <システム>.<スラッグ>。重複しないこと。
id: fpcf.my-scenario
# Texts in both languages; `playaid stamp FILE` records `from`. / 両言語のテキスト。`playaid stamp FILE` が `from` を記録する。
title: {title}
briefing: {briefing}
# north or south; the maps by id (content/fpcf/maps). / north か south。マップの id。
map_group: north
maps: [baor]
# A Soviet surprise game? / ソビエト軍の奇襲ゲームか。
surprise: false
turns: 6
# Every scenario starts at WP level 3. / すべてのシナリオは WP level 3 から開始する。
air_superiority: wp-3
# us, uk, wg, fr, be, nl, ca, su, eg, po, cz
nations: [uk, su]
# Only nations with land units roll for air strikes. / 地上ユニットのある国だけが航空攻撃のダイスを振る。
air_strike_nations: [uk, su]
# Non-surprise: up to 4 NATO Ops points; surprise: `activation: [ids]`. / 非奇襲: NATO の作戦ポイント4まで。奇襲: activation。
pre_game: {{nato_ops_points: 4}}
optional_rules: []
formations:
  - id: uk-1
    name: {name_nato}
    nation: uk
    # front, army, corps, division, brigade, regiment, independent
    echelon: division
    # elite, first-line, reserve, militia: the Starting Morale chart's, or say why in morale_note.
    # 初期士気表どおり。違う場合は morale_note に理由を書く。
    morale: elite
    # A division's HQ within 2 hexes of one of its units. / 師団のHQは隷下ユニットから2ヘクス以内。
    hq: {{map: baor, hex: "1812"}}
    units:
      - {{name: 7 Armd Bde, map: baor, hex: "1813"}}
  - id: su-1
    name: {name_wp}
    nation: su
    echelon: division
    morale: first-line
    # Reinforcements: turn, and for the Warsaw Pact two march columns at most 7 hexes apart.
    # 増援: ターン、ワルシャワ軍は7ヘクス以内の2本の行軍縦隊。
    arrives:
      turn: 1
      columns:
        - entry: {{map: baor, hex: "3501"}}
        - entry: {{map: baor, hex: "3701"}}
victory:
  conditions: {conditions}
"""
