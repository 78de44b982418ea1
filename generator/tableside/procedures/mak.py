"""Ma.K S.F.3.D II procedures: attacks, dog-fights, breakthrough, pilots, morale, fire, artillery."""

from __future__ import annotations

import itertools
from typing import Any

from generator.core.errors import UserError
from generator.tableside.procedures.base import Outcome, procedure, signed
from generator.tableside.procedures.params import Param, yes_no_param

WEAPONS = ("L", "G", "MG", "R", "PF")


def _int(
    name: str,
    en: str,
    ja: str,
    default: int | None = None,
    low: int | None = None,
    high: int | None = None,
) -> Param:
    return Param(name, "int", en, ja, default=default, low=low, high=high)


def _dice(count: int = 2) -> Param:
    return Param("dice", "dice", "the dice rolled", "振ったダイスの目", dice=count)


@procedure(
    "mak.attack-target",
    ("mak.5.1.1", "mak.5.1.3", "mak.18.1.2"),
    _int("attack", "attack ability of the attacking unit", "攻撃ユニットの攻撃力"),
    _int("defense", "defense of the target unit", "目標ユニットの防御力"),
    Param(
        "modifiers",
        "ints",
        "terrain, range, indirect and damage modifiers",
        "地形・距離・間接・損傷の修正",
        default=(),
    ),
    _int("pilot-attack", "the attacking pilot's modifier", "攻撃側パイロットの修正", default=0),
    _int("pilot-defense", "the target pilot's modifier", "目標側パイロットの修正", default=0),
)
def attack_target(inputs: dict[str, Any], content: Any) -> Outcome:
    """(attack + pilot) + modifiers − (defense + pilot) = attack target."""
    attack, defense = inputs["attack"], inputs["defense"]
    mods: tuple[int, ...] = inputs["modifiers"]
    p_att, p_def = inputs["pilot-attack"], inputs["pilot-defense"]
    adjusted_attack = attack + p_att
    adjusted_defense = defense + p_def
    target = adjusted_attack + sum(mods) - adjusted_defense
    shown_mods = " ".join(signed(m) for m in mods) or "0"
    attack_part = f"({attack} {signed(p_att)})" if p_att else str(attack)
    defense_part = f"({defense} {signed(p_def)})" if p_def else str(defense)
    arithmetic = f"{attack_part} + [{shown_mods}] − {defense_part} = {target}"
    ineffective = target < 0
    en = f"Attack target: {arithmetic}. A 2d6 roll of {target} or less hits."
    ja = f"攻撃目標値: {arithmetic}。2d6 の合計が {target} 以下なら命中。"
    if ineffective:
        en += " Below zero: the attack is ineffective (a laser or machine gun still rolls to see whether it is expended)."
        ja += "0未満のため攻撃は無効(レーザーと機関銃は、消耗するかどうかの判定のためにダイスを振る)。"
    details = {
        "attack": adjusted_attack,
        "defense": adjusted_defense,
        "modifiers": list(mods),
        "modifier_total": sum(mods),
        "ineffective": ineffective,
    }
    return Outcome(target, details, en, ja)


@procedure(
    "mak.attack-roll",
    ("mak.5.1.1", "mak.5.1.2", "mak.11.2.1", "mak.11.2.2", "mak.11.2.4", "mak.14.2.4"),
    _int("target", "the attack target", "攻撃目標値"),
    _dice(2),
    Param("weapon", "choice", "the weapon fired", "使用武器", choices=WEAPONS),
    yes_no_param("infantry", "whether the attacker is an infantry unit", "攻撃側が歩兵ユニットか"),
    readings=("snake-eyes",),
)
def attack_roll(inputs: dict[str, Any], content: Any) -> Outcome:
    """Hit on a sum at or below the target; 1+1 destroys; lasers and machine guns may give out."""
    target, (a, b), weapon = inputs["target"], inputs["dice"], inputs["weapon"]
    total = a + b
    hit = total <= target
    automatic_d = hit and (a, b) == (1, 1)
    pair = tuple(sorted((a, b)))
    laser_depleted = weapon == "L" and pair in ((5, 6), (6, 6))
    mg_breakdown = weapon == "MG" and pair == (6, 6) and not inputs["infantry"]
    round_expended = weapon in ("R", "PF")
    en = [
        f"Roll {a} + {b} = {total} against attack target {target}: " + ("hit." if hit else "miss.")
    ]
    ja = [f"ダイス {a} + {b} = {total}、攻撃目標値 {target}: " + ("命中。" if hit else "外れ。")]
    if target < 0:
        en.append("The attack target is below zero, so the attack is ineffective.")
        ja.append("攻撃目標値が0未満のため攻撃は無効。")
    if automatic_d:
        en.append(
            "A roll of 1 + 1: the result is D (destroyed) without the armor endurance chart [5.1.2]."
        )
        ja.append("1 + 1 の目: 装甲耐久力表を見ずに結果は D(撃破)[5.1.2]。")
    elif hit:
        en.append("Roll 2d6 on the armor endurance chart for the effect [5.1.1].")
        ja.append("効果は 2d6 を振って装甲耐久力表で判定する [5.1.1]。")
    if laser_depleted:
        en.append(
            "Natural 5-6 or 6-6 with a laser: the laser is depleted after this shot [11.2.1]."
        )
        ja.append("レーザーで5・6または6・6の目: この射撃の後、レーザーは消耗する [11.2.1]。")
    if weapon == "MG" and pair == (6, 6):
        if mg_breakdown:
            en.append("Natural 6-6 with a machine gun: it breaks down after this shot [11.2.2].")
            ja.append("機関銃で6・6の目: この射撃の後、機関銃は故障する [11.2.2]。")
        else:
            en.append(
                "Natural 6-6, but an infantry squad's machine guns do not break down [14.2.4]."
            )
            ja.append("6・6の目だが、歩兵分隊の機関銃は故障しない [14.2.4]。")
    if round_expended:
        en.append("One round is expended [5.1.1, 11.2.4].")
        ja.append("弾数を1消費する [5.1.1、11.2.4]。")
    details = {
        "sum": total,
        "hit": hit,
        "automatic_d": automatic_d,
        "laser_depleted": laser_depleted,
        "mg_breakdown": mg_breakdown,
        "round_expended": round_expended,
    }
    notes = ("snake-eyes",) if (a, b) == (1, 1) else ()
    return Outcome("hit" if hit else "miss", details, " ".join(en), "".join(ja), notes)


@procedure(
    "mak.dogfight-losses",
    ("mak.10.2.1",),
    Param(
        "ratings",
        "ints",
        "dog-fight ratings of the losing side's units",
        "損失側ユニットのドッグファイト値",
    ),
    _int(
        "loss", "the loss from the Dog-Fight Resolution Chart", "ドッグファイト解決表の損失", low=0
    ),
    readings=("dogfight-choice",),
)
def dogfight_losses(inputs: dict[str, Any], content: Any) -> Outcome:
    """Lose units whose ratings add up as close to the loss as possible without going over."""
    ratings: tuple[int, ...] = inputs["ratings"]
    loss: int = inputs["loss"]
    if not ratings or any(r <= 0 for r in ratings):
        raise UserError("dogfight-no-ratings")
    if len(ratings) > 20:
        raise UserError("dogfight-too-many")
    subsets = [
        combo
        for size in range(len(ratings) + 1)
        for combo in itertools.combinations(range(len(ratings)), size)
        if sum(ratings[i] for i in combo) <= loss
    ]
    lost = max(sum(ratings[i] for i in combo) for combo in subsets)
    reaching = [combo for combo in subsets if sum(ratings[i] for i in combo) == lost]
    best = min(reaching, key=lambda combo: (len(combo), combo))
    options = {tuple(sorted(ratings[i] for i in combo)) for combo in reaching}
    units = [{"unit": i + 1, "rating": ratings[i]} for i in best]
    listed_en = ", ".join(f"unit {u['unit']} (rating {u['rating']})" for u in units) or "no unit"
    listed_ja = "、".join(f"ユニット {u['unit']}(値 {u['rating']})" for u in units) or "なし"
    en = (
        f"Loss {loss} against ratings {', '.join(map(str, ratings))}: the closest total without going"
        f" over is {lost}; lost: {listed_en}."
    )
    ja = (
        f"損失 {loss}、ドッグファイト値 {'、'.join(map(str, ratings))}: 超えない範囲で最も近い合計は"
        f" {lost}。失うユニット: {listed_ja}。"
    )
    notes: tuple[str, ...] = ("dogfight-choice",) if len(options) > 1 else ()
    if len(options) > 1:
        choices = " / ".join("+".join(map(str, o)) for o in sorted(options))
        en += f" Other sets reach the same total ({choices}); this aid loses the fewest units."
        ja += f"同じ合計になる組み合わせが他にもある({choices})。本エイドは失うユニット数が最も少ないものを示す。"
    return Outcome(lost, {"units": units, "equal_sets": sorted(options)}, en, ja, notes)


@procedure(
    "mak.breakthrough",
    ("mak.10.3",),
    _int(
        "own",
        "own units on air combat missions after the dog-fight",
        "ドッグファイト後の自軍空中戦ユニット数",
        low=0,
    ),
    _int(
        "enemy",
        "enemy units on air combat missions after the dog-fight",
        "ドッグファイト後の敵空中戦ユニット数",
        low=0,
    ),
    readings=("at-least-double",),
)
def breakthrough(inputs: dict[str, Any], content: Any) -> Outcome:
    """No enemy, or at least double the enemy: the difference may break through."""
    own, enemy = inputs["own"], inputs["enemy"]
    allowed = own > 0 and (enemy == 0 or own >= 2 * enemy)
    count = own - enemy if allowed else 0
    if enemy == 0 and own > 0:
        en = f"No enemy units on air combat missions: all {own} may break through ({own} − 0 = {own})."
        ja = f"空中戦任務の敵ユニットがないため、{own} ユニットすべてが突破できる({own} − 0 = {own})。"
    elif allowed:
        en = f"{own} is at least double {enemy}: {own} − {enemy} = {count} unit(s) may break through."
        ja = f"{own} は {enemy} の2倍以上: {own} − {enemy} = {count} ユニットが突破できる。"
    else:
        en = f"{own} is less than double {enemy} (needs {2 * enemy}): no breakthrough."
        ja = f"{own} は {enemy} の2倍({2 * enemy})未満: 突破できない。"
    return Outcome(count, {"allowed": allowed}, en, ja, ("at-least-double",))


@procedure(
    "mak.pilot-vp",
    ("mak.18.2.5",),
    Param("rank", "text", "the pilot's rank", "パイロットの階級"),
    Param(
        "modifiers",
        "ints",
        "the pilot's ability modifiers as its token prints them, e.g. 1,2,0 (none if it has none)",
        "トークンに印刷されたパイロットの能力修正(例: 1,2,0。なければ none)",
    ),
)
def pilot_vp(inputs: dict[str, Any], content: Any) -> Outcome:
    """+1 per positive ability point, −1 per negative one, plus the rank's value."""
    from generator.content.chart_reads import chart_number
    from generator.tableside.lookup import lookup

    table = content.table("mak.rank-vp")
    answer = lookup(table, {"rank": inputs["rank"]})
    cell = answer.cells[0]
    rank_label = table.axis("rank").label(cell.address["rank"], "en")
    rank_label_ja = table.axis("rank").label(cell.address["rank"], "ja")
    rank_vp = chart_number(table.id, cell.value)
    if rank_vp is None:
        raise UserError("pilot-vp-no-value", rank=(rank_label, rank_label_ja))
    mods: tuple[int, ...] = inputs["modifiers"]
    ability = sum(mods)
    total = ability + rank_vp
    shown = " + ".join(str(m) for m in mods) or "0"
    en = (
        f"Ability modifiers {shown} = {ability}; rank {rank_label} = {rank_vp};"
        f" victory points {ability} + {rank_vp} = {total}."
    )
    ja = (
        f"能力修正 {shown} = {ability}、階級 {rank_label_ja} = {rank_vp}、"
        f"勝利ポイント {ability} + {rank_vp} = {total}。"
    )
    details = {"ability": ability, "rank": cell.address["rank"], "rank_vp": rank_vp}
    return Outcome(total, details, en, ja)


@procedure(
    "mak.ogp",
    ("mak.ogp",),
    _int(
        "enemy-losses-vp",
        "① VP of enemy units destroyed, immobilized or disarmed",
        "① 撃破・移動不能・武装不能にした敵ユニットの VP",
    ),
    _int("artillery-vp", "② VP of friendly artillery used", "② 使用した味方砲兵の VP"),
    _int(
        "scenario-vp",
        "③ additional VP the scenario designates (may be negative)",
        "③ シナリオ指定の追加 VP(負も可)",
        default=0,
    ),
)
def ogp(inputs: dict[str, Any], content: Any) -> Outcome:
    """O.G.P. = ① + ③ − ②."""
    losses, artillery, scenario = (
        inputs["enemy-losses-vp"],
        inputs["artillery-vp"],
        inputs["scenario-vp"],
    )
    total = losses + scenario - artillery
    arithmetic = f"{losses} + ({scenario}) − {artillery} = {total}"
    return Outcome(
        total, {}, f"O.G.P. = ① + ③ − ② = {arithmetic}.", f"O.G.P. = ①+③−② = {arithmetic}。"
    )


COVER = ("none", "forest", "building", "defensive-position")


@procedure(
    "mak.morale-recovery",
    ("mak.14.3.2",),
    _int("die", "the die rolled", "ダイスの目", low=1, high=6),
    yes_no_param(
        "stacked",
        "stacked with an unbroken unit, or otherwise able to attack (−1)",
        "士気崩壊していないユニットとスタック等(−1)",
    ),
    Param(
        "cover",
        "choice",
        "forest or building hex (−2), defensive position (−1)",
        "森林・建物ヘクス(−2)、陣地(−1)",
        choices=COVER,
        default="none",
    ),
    yes_no_param(
        "enemy-near",
        "an enemy able to attack within 3 hexes (+1)",
        "3ヘクス以内に攻撃可能な敵(+1)",
    ),
    yes_no_param(
        "attacked-again", "attacked again while broken (+1)", "士気崩壊中に再び攻撃を受けた(+1)"
    ),
    readings=("cover-one-modifier",),
)
def morale_recovery(inputs: dict[str, Any], content: Any) -> Outcome:
    """One die plus modifiers; 1 to 4 recovers, 5 or more stays broken."""
    die = inputs["die"]
    parts: list[tuple[str, str, int]] = []
    if inputs["stacked"]:
        parts.append(("stacked", "スタック", -1))
    cover_mod = {"forest": -2, "building": -2, "defensive-position": -1}.get(inputs["cover"], 0)
    if cover_mod:
        parts.append(
            (
                inputs["cover"],
                {"forest": "森林", "building": "建物", "defensive-position": "陣地"}[
                    inputs["cover"]
                ],
                cover_mod,
            )
        )
    if inputs["enemy-near"]:
        parts.append(("enemy within 3 hexes", "3ヘクス以内の敵", 1))
    if inputs["attacked-again"]:
        parts.append(("attacked again", "再攻撃", 1))
    total = die + sum(p[2] for p in parts)
    recovered = total <= 4
    mods_en = " ".join(f"{signed(v)} ({n})" for n, _, v in parts)
    mods_ja = " ".join(f"{signed(v)}({n})" for _, n, v in parts)
    en = (f"Die {die} {mods_en} = {total}: " if parts else f"Die {die}: ") + (
        "recovered (1 to 4)." if recovered else "morale stays broken (5 or more)."
    )
    ja = (f"ダイス {die} {mods_ja} = {total}: " if parts else f"ダイス {die}: ") + (
        "回復(1〜4)。" if recovered else "士気崩壊のまま(5以上)。"
    )
    details = {"modified": total, "modifiers": {n: v for n, _, v in parts}}
    return Outcome("recovered" if recovered else "broken", details, en, ja, ("cover-one-modifier",))


@procedure("mak.fire-ignition", ("mak.19.4", "mak.19.4.1"), _dice(2))
def fire_ignition(inputs: dict[str, Any], content: Any) -> Outcome:
    """After a D on a building hex by a missile, gun or artillery: fire on 4 or less."""
    a, b = inputs["dice"]
    fire = a + b <= 4
    en = f"Roll {a} + {b} = {a + b}: " + ("fire (4 or less)." if fire else "no fire (5 or more).")
    ja = f"ダイス {a} + {b} = {a + b}: " + ("火災発生(4以下)。" if fire else "火災なし(5以上)。")
    return Outcome("fire" if fire else "no-fire", {"sum": a + b}, en, ja)


@procedure(
    "mak.arson",
    ("mak.14.4.2", "mak.14.4.3", "mak.19.4.1"),
    _dice(2),
    _int(
        "squads",
        "Engineer Squads stacked and targeting the hex",
        "同じヘクスを狙いスタックしている工兵分隊の数",
        default=1,
        low=1,
    ),
)
def arson(inputs: dict[str, Any], content: Any) -> Outcome:
    """Two dice, −2 for a second squad and −1 for each squad beyond two; fire on 5 or less."""
    a, b = inputs["dice"]
    squads = inputs["squads"]
    modifier = 0 if squads == 1 else -2 - (squads - 2)
    total = a + b + modifier
    fire = total <= 5
    shown = f" {signed(modifier)} ({squads} squads)" if modifier else ""
    shown_ja = f" {signed(modifier)}({squads} 分隊)" if modifier else ""
    en = f"Roll {a} + {b}{shown} = {total}: " + (
        "fire is set (5 or less)." if fire else "no fire (6 or more)."
    )
    ja = f"ダイス {a} + {b}{shown_ja} = {total}: " + (
        "放火成功(5以下)。" if fire else "失敗(6以上)。"
    )
    return Outcome("fire" if fire else "no-fire", {"modified": total, "modifier": modifier}, en, ja)


@procedure(
    "mak.artillery-deviation",
    ("mak.17.2.1",),
    _int("target", "the target number from the Artillery Deviation Chart", "砲撃偏差表の目標値"),
    _dice(2),
    _int(
        "direction",
        "the one-die direction roll, if the shot lands adjacent",
        "隣接ヘクスに着弾した場合の方向のダイス",
        default=0,
        low=0,
        high=6,
    ),
    readings=("artillery-equal",),
)
def artillery_deviation(inputs: dict[str, Any], content: Any) -> Outcome:
    """At or under the target: on target; 1–2 over: an adjacent hex; 3 or more over: failed."""
    target, (a, b) = inputs["target"], inputs["dice"]
    total = a + b
    over = total - target
    if over <= 0:
        result, en_r, ja_r = "on-target", "the shot hits the target hex", "目標ヘクスに着弾"
    elif over <= 2:
        result, en_r, ja_r = "adjacent", "the shot lands in an adjacent hex", "隣接ヘクスに着弾"
    else:
        result, en_r, ja_r = "failed", "the attack fails completely", "砲撃は完全に失敗"
    en = f"Roll {a} + {b} = {total} against target {target} ({signed(over)}): {en_r}."
    ja = f"ダイス {a} + {b} = {total}、目標値 {target}({signed(over)}): {ja_r}。"
    details: dict[str, Any] = {"sum": total, "over": over}
    if result == "adjacent":
        if inputs["direction"]:
            details["direction_roll"] = inputs["direction"]
            en += (
                f" Direction roll {inputs['direction']}: read it on the Artillery Deviation Chart."
            )
            ja += f"方向のダイス {inputs['direction']}: 砲撃偏差表で方向を読む。"
        else:
            en += " Roll one die for the direction on the Artillery Deviation Chart."
            ja += "方向は1d6を振り、砲撃偏差表で決める。"
    return Outcome(result, details, en, ja, ("artillery-equal",) if over == 0 else ())
