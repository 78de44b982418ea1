"""Flashpoint: Central Front procedures, reading their numbers from the seed-000 tables."""

from __future__ import annotations

from typing import Any

from generator.content.chart_reads import needed_number
from generator.tableside.lookup import format_value, lookup, plain_value
from generator.tableside.procedures.base import Outcome, procedure, signed
from generator.tableside.procedures.params import Param, yes_no_param


@procedure(
    "fpcf.air-superiority",
    ("fpcf.air-strike-availability",),
    Param("level", "text", "this turn's air superiority level", "今ターンの航空優勢レベル"),
    Param(
        "nato-strikes", "int", "NATO air strikes this turn", "今ターンのNATO軍の航空攻撃数", low=0
    ),
    Param(
        "wp-strikes", "int", "WP air strikes this turn", "今ターンのワルシャワ軍の航空攻撃数", low=0
    ),
    readings=("air-superiority-one-way",),
)
def air_superiority(inputs: dict[str, Any], content: Any) -> Outcome:
    """More NATO strikes than WP strikes: one level toward the NATO end; otherwise no change."""
    table = content.table("fpcf.air-strike-availability")
    axis = table.axis("level")
    level = lookup(table, {"level": inputs["level"]}).keys["level"]
    slugs = [choice.slug for choice in axis.choices]
    nato, wp = inputs["nato-strikes"], inputs["wp-strikes"]
    index = slugs.index(level)
    moved = nato > wp and index < len(slugs) - 1
    after = slugs[index + 1] if moved else level
    names = (axis.label(level, "en"), axis.label(after, "en"))
    names_ja = (axis.label(level, "ja"), axis.label(after, "ja"))
    if nato > wp:
        en = f"NATO {nato} > WP {wp}: the level moves one toward NATO, {names[0]} → {names[1]}."
        ja = f"NATO軍 {nato} > ワルシャワ軍 {wp}: レベルはNATO側へ1段階動く。{names_ja[0]} → {names_ja[1]}。"
        if not moved:
            en = f"NATO {nato} > WP {wp}, but {names[0]} is already the NATO end: no change."
            ja = f"NATO軍 {nato} > ワルシャワ軍 {wp} だが、{names_ja[0]} は既にNATO側の端のため変化なし。"
    else:
        en = f"NATO {nato} is not more than WP {wp}: the level stays {names[0]}."
        ja = f"NATO軍 {nato} はワルシャワ軍 {wp} を上回らない: レベルは {names_ja[0]} のまま。"
    return Outcome(after, {"before": level, "moved": moved}, en, ja, ("air-superiority-one-way",))


@procedure(
    "fpcf.air-strikes",
    ("fpcf.air-strike-availability",),
    Param("level", "text", "the air superiority level", "航空優勢レベル"),
    Param("nation", "text", "the nation rolling for air units", "航空ユニットを振る国"),
    readings=("air-strike-fractions",),
)
def air_strikes(inputs: dict[str, Any], content: Any) -> Outcome:
    """The Air Strike Availability Chart's entry for the level and nation."""
    table = content.table("fpcf.air-strike-availability")
    answer = lookup(table, {"level": inputs["level"], "nation": inputs["nation"]})
    cell = answer.cells[0]
    level = table.axis("level").label(answer.keys["level"], "en")
    nation = table.axis("nation").label(answer.keys["nation"], "en")
    level_ja = table.axis("level").label(answer.keys["level"], "ja")
    nation_ja = table.axis("nation").label(answer.keys["nation"], "ja")
    value = plain_value(cell.value, "en")
    en = f"{nation} at {level}: {value} air strike(s) on the Air Strike Availability Chart."
    ja = f"{level_ja} の {nation_ja}: 航空攻撃可能数表で {value}。"
    return Outcome(cell.value, dict(answer.keys), en, ja, ("air-strike-fractions",))


@procedure(
    "fpcf.detection-range",
    ("fpcf.detection",),
    Param(
        "target",
        "text",
        "the target unit: nato, wp or firing-artillery",
        "目標: nato、wp、firing-artillery",
    ),
    Param("level", "text", "the air superiority level", "航空優勢レベル"),
    yes_no_param("moving", "whether the target is moving", "目標が移動中か", default=None),
)
def detection_range(inputs: dict[str, Any], content: Any) -> Outcome:
    """The listed range for a moving target; half of it, rounded down, for a stationary one."""
    table = content.table("fpcf.detection")
    answer = lookup(table, {"target": inputs["target"], "level": inputs["level"]})
    cell = answer.cells[0]
    listed = needed_number("fpcf.detection-range", table.id, cell)
    result = listed if inputs["moving"] else listed // 2
    label = format_value(table, cell, "en", marks=False)
    label_ja = format_value(table, cell, "ja", marks=False)
    if inputs["moving"]:
        en, ja = f"Moving target: {label} as listed.", f"移動中の目標: 表のとおり {label_ja}。"
    else:
        en = f"Stationary target: half of {label}, rounded down = {result} hexes (note b)."
        ja = f"停止中の目標: {label_ja} の1/2、端数切り捨て = {result}ヘクス(注b)。"
    if answer.keys["target"] == "firing-artillery":
        en += " Only artillery units can detect firing artillery (note a)."
        ja += "射撃中の砲兵を探知できるのは砲兵ユニットのみ(注a)。"
    details = {"listed": listed, "target": answer.keys["target"], "level": answer.keys["level"]}
    return Outcome(result, details, en, ja)


@procedure(
    "fpcf.air-drop",
    ("fpcf.air-drop", "fpcf.air-drop-modifiers", "fpcf.airborne-units"),
    Param("die", "int", "the d10 roll (0-9)", "d10 の目(0〜9)", low=0, high=9),
    yes_no_param("broken", "landing in broken terrain (+1)", "荒地に降下(+1)"),
    yes_no_param("wooded", "landing in a wooded hex (+1)", "森林ヘクスに降下(+1)"),
    yes_no_param(
        "ada-fire",
        "the unit received ADA fire, whether it lost morale or not (+1)",
        "ADA攻撃を受けた(+1)",
    ),
    readings=("air-drop-above-table",),
)
def air_drop(inputs: dict[str, Any], content: Any) -> Outcome:
    """Die plus modifiers on the Air Drop Table; a total above 9 reads the 7-9 row (and one a
    house rule's negative modifier puts below the table, its lowest row)."""
    modifiers = content.table("fpcf.air-drop-modifiers")
    applied = [name for name in ("broken", "wooded", "ada-fire") if inputs[name]]
    values = [
        needed_number(
            "fpcf.air-drop", modifiers.id, lookup(modifiers, {"condition": name}).cells[0]
        )
        for name in applied
    ]
    bonus = sum(values)
    total = inputs["die"] + bonus
    table = content.table("fpcf.air-drop")
    low, high = table.die_axis.faces
    row = max(low, min(total, high))
    cell = lookup(table, {"die": str(row)}).cells[0]
    loss_en, loss_ja = plain_value(cell.value, "en"), plain_value(cell.value, "ja")
    shown = " ".join(
        f"{signed(value)} ({name})" for value, name in zip(values, applied, strict=True)
    )
    en = f"Die {inputs['die']} {shown} = {total}".replace("  ", " ") + f": morale loss {loss_en}."
    ja = f"ダイス {inputs['die']} {shown} = {total}".replace("  ", " ") + f": 士気低下 {loss_ja}。"
    notes: tuple[str, ...] = ()
    if total > high:
        en += f" ({total} is above the table's {high}; read on the highest row.)"
        ja += f"({total} は表の上限 {high} を超えるため、最上段で読む。)"
        notes = ("air-drop-above-table",)
    elif total < low:
        en += f" ({total} is below the table's {low}; read on the lowest row.)"
        ja += f"({total} は表の下限 {low} を下回るため、最下段で読む。)"
    details = {"modified": total, "modifier": bonus, "morale_loss": {"en": loss_en, "ja": loss_ja}}
    return Outcome(loss_en, details, en, ja, notes)
