"""Scenario files at the card's size budget's limits (generator/scenario/budget.py): every list as
long and every text as long as the budget allows, with the units, options and codes that make a
card longest (every optional rule, units with special rules, long names, entry zones), yet legal,
so that `check` passes them. Built from the budget's own numbers, so a change to the budget is
tested as it is made."""

from __future__ import annotations

import json

from generator.render.fonts import typeface
from generator.scenario import budget

FACE = typeface()  # the font the build prints with: the budget measures as it sets texts

MAK_OPTIONS = [
    "concealment",
    "escaping",
    "pilot-creation",
    "artillery",
    "airdrop",
    "defensive-positions",
    "pf-supply",
    "land-mines",
    "smoke-screen",
    "night-combat",
    "fire",
]
# Units with long names, as a side may field them: (unit, rounds it may carry). With every option
# and O.G.P. (12 rules), the three units with special rules bring the rules in use to the budget's
# 16 ([19.5.3], [14.4.4], and the NeuSpotter's [8.2.3] and [16.2]).
STRAHL = [
    ("SAFS Mk. II", None),
    ("Anti-AFS Rifle Squad (AAR.SQ)", None),
    ("NeuSpotter", None),
    ("Sph69-p Troop Transport", None),
    ("Company Command (Cpn.HQ)", None),
    ("Oscar", 2),
    ("PK40", None),
    ("Green Buffalo", None),
    ("Infantry Squad (Inf.SQ)", None),
    ("Jerry", None),
]
MERCENARY = [
    ("Gladiator", 3),
    ("Doll House", 4),
    ("AFS(S)", None),
    ("Falke", None),
    ("Kraftwagen", None),
    ("Pzkw 182", None),
    ("Seduce", None),
    ("Ravin", None),
    ("Infantry Squad (Inf.SQ)", None),
    ("Makel", None),
]
AERONAUTICAL = {"PK40", "Falke"}


def text_of(width: int, ja: bool = False) -> str:
    """A text exactly `width` half-width characters long, in words (Japanese counting two)."""
    if ja:
        words = "それぞれの部隊は夜明けまでに目標へ到達しなければならない。"
        return (words * (width // (2 * len(words)) + 1))[: width // 2]
    words = "Each force must reach its objective before dawn breaks over the valley. "
    text = (words * (width // len(words) + 1))[:width]
    return text[:-1] + "." if text.endswith(" ") else text


def localized(*path: object) -> str:
    """A text at its budget: both languages as long as the card allows at `path`."""
    most = budget.text_limit(path)
    return json.dumps({"en": text_of(most), "ja": text_of(most, ja=True), "tr": "none"})


def plain(*path: object) -> str:
    """A text written once for both languages, as long as the budget allows at `path`."""
    return json.dumps(text_of(budget.plain_limit(path)))


def named(name: str, *path: object) -> str:
    """A counter's name padded with words to the budget's limit at `path`."""
    most = budget.plain_limit(path)
    text = (name + " Reserve Recce Group" * 2)[:most].rstrip()
    while budget.width(text, FACE) > most:  # as wide as the font sets it (issue 33)
        text = text[:-1].rstrip()
    return json.dumps(text)


def circled(number: int) -> str:
    return chr(0x2460 + number - 1)


def mak_at_limits() -> str:
    """A Ma.K scenario with every list and text at the budget's limit."""
    lines = [
        "kind: scenario",
        "system: mak",
        "id: mak.at-the-limits",
        f"title: {localized('title')}",
        f"briefing: {localized('briefing')}",
        f"author: {plain('author')}",
        "date: 2885-03",
        "boards: {layout: [[1, 2, 3, 4], [5, 6, 7]]}",
        f"turns: {budget.TURNS}",
        "first_player: strahl",
        "set_up: {first: mercenary, hidden: true}",
        "attacker: strahl",
        f"optional_rules: [{', '.join(MAK_OPTIONS)}]",
        f"special_rules: {localized('special_rules')}",
        "forces:",
    ]
    most_lines = dict((limit.what, limit.most) for limit in budget.MAK_LIMITS)
    unit_lines = most_lines["word:budget-unit-lines"]
    pilots = budget.MAK_PILOTS
    setup_hexes = most_lines["word:budget-setup-hexes"]
    for side, units, edge, board in (("strahl", STRAHL, "W", 1), ("mercenary", MERCENARY, "E", 4)):
        lines += [f"  {side}:", f"    note: {localized('forces', side, 'note')}", "    units:"]
        for index, (unit, rounds) in enumerate(units[:unit_lines]):
            pilot = index + 1
            role = {0: f"(Ld 1{circled(pilot)})", 1: f"(Ld 2{circled(pilot)})"}
            if pilot > pilots:
                role = {index: ""}
            fields = [f"unit: {json.dumps(unit)}"]
            if index % 2 == 0:
                count = setup_hexes
                code = f"×{count} {role.get(index, circled(pilot))}".strip()
                hexes = ", ".join(
                    f'{{board: {board + (index // 4) % 2 * 4 if board + 4 <= 7 else board}, hex: "{index + 1:02d}{row + 1:02d}"}}'
                    for row in range(setup_hexes)
                )
                fields += [f'code: "{code}"', f"setup: [{hexes}]"]
            else:
                turn = 1 + index % budget.TURNS
                code = f"×2 {role.get(index, circled(pilot))}".strip()
                arrow = "▽" if edge in "WE" else "▷"
                column = "01" if edge == "W" else f"0{index % 9 + 1}"  # a west zone's hex is on it
                fields += [
                    f'code: "{code}"',
                    f'deploy: "{turn}{circled(board)}{edge}{arrow}{column}0{index % 9 + 1}"',
                ]
            if rounds:
                fields.append(f"rounds: {rounds}")
            if unit in AERONAUTICAL:
                fields.append("equipment: [bomb, missile, laser]")
            fields.append(f"note: {localized('forces', side, 'units', index, 'note')}")
            lines.append(f"      - {{{', '.join(fields)}}}")
        batteries = most_lines["word:budget-batteries"]
        lines.append("    artillery:")
        for number in range(batteries):
            code = f"Type II … {circled(board)}{edge}−{80 + number}×12 (3)"
            lines.append(
                f'      - {{code: "{code}", vp_per_round: 1, note: {localized("forces", side, "artillery", number, "note")}}}'
            )
        fields = most_lines["word:budget-mine-fields"]
        mine_hexes = ", ".join(
            f'{{board: {board + 1}, hex: "{15 - n:02d}{10 - n:02d}", attack: 13}}'
            for n in range(fields)
        )
        zone_note = localized("forces", side, "land_mines", "zone", "note")
        lines += [
            "    land_mines:",
            f"      budget: {13 * fields + 5}",  # 5 left: the card says where it lies
            f"      fields: [{mine_hexes}]",
            "      fixed: open",  # printed on the card, the longer
            f"      zone: {{boards: [1, 2, 3, 4, 5, 6, 7], note: {zone_note}}}",
        ]
    markers = most_lines["word:budget-markers"]
    lines.append("markers:")
    for number in range(markers):
        kind = ("depot", "defensive-position", "objective")[number % 3]
        rating = ", rating: -2" if kind == "defensive-position" else ""
        side = "strahl" if number % 2 else "mercenary"
        lines.append(
            f'  - {{marker: {kind}, side: {side}, board: 7, hex: "{number + 1:02d}15"{rating}}}'
        )
    points = most_lines["word:budget-points"]
    lines += ["victory:", "  ogp: true", _unit_values(unit_lines), "  scenario_points:"]
    for number in range(points):
        side = "strahl" if number % 2 else "mercenary"
        lines.append(
            f"    - {{side: {side}, vp: {number + 1}, what: {localized('victory', 'scenario_points', number, 'what')}}}"
        )
    lines.append(f"  conditions: {localized('victory', 'conditions')}")
    lines.append("  otherwise: draw")
    return "\n".join(lines) + "\n"


# Each NATO nation's divisions on the Starting Morale chart (000 l.23-25): a division that drops
# gives its morale (the Air Drop Table takes levels from it).
CHART_MORALE = {"us": "first-line", "uk": "elite", "wg": "first-line", "be": "reserve"}
CHART_MORALE |= {"nl": "reserve", "ca": "elite"}


def _unit_values(unit_lines: int) -> str:
    """The `unit_values` line: a value for each unit in play, the longest the card prints."""
    values = ", ".join(
        f"{{unit: {json.dumps(unit)}, vp: 10}}"
        for unit, _ in (*STRAHL[:unit_lines], *MERCENARY[:unit_lines])
    )
    return f"  unit_values: [{values}]"


def fpcf_at_limits() -> str:
    """A Flashpoint scenario with every list and text at the budget's limit."""
    most = {limit.what: limit.most for limit in budget.FPCF_LIMITS}
    maps = ["north-german-plain", "baor"]
    lines = [
        "kind: scenario",
        "system: fpcf",
        "id: fpcf.at-the-limits",
        f"title: {localized('title')}",
        f"briefing: {localized('briefing')}",
        f"author: {plain('author')}",
        "map_group: north",
        f"maps: [{', '.join(maps)}]",
        f"map_layout: [[{maps[0]}], [{maps[1]}]]",
        "surprise: false",
        f"turns: {budget.TURNS}",
        "set_up: {first: nato, hidden: true}",
        "forces_in_play: listed",
        "air_superiority: wp-3",
        "nations: [us, uk, wg, be, nl, ca, su, po, eg]",
        "air_strike_nations: [us, uk, wg, be, nl, ca, su, po, eg]",
        "pre_game: {nato_ops_points: 4}",
        "optional_rules: [engineer-units, major-training-areas, paralysis]",
        f"special_rules: {localized('special_rules')}",
        "formations:",
    ]
    nato = ["us", "uk", "wg", "be", "nl", "ca", "us", "uk"]
    for number, nation in enumerate(nato[: budget.FPCF_FORMATIONS]):
        row = 2 + number * 4
        lines += [
            f"  - id: nato-{number}",
            f"    name: {localized('formations', number, 'name')}",
            f"    nation: {nation}",
            "    echelon: division",
            f"    morale: {CHART_MORALE[nation]}",
            f"    morale_note: {localized('formations', number, 'morale_note')}",
            f'    hq: {{map: baor, hex: "05{row:02d}"}}',
            "    units:",
        ]
        for unit in range(most["word:budget-formation-units"]):
            lines.append(
                f'      - {{name: {named(f"{nation.upper()} Bde {number}-{unit}", "formations", number, "units", unit, "name")}, map: baor, hex: "{6 + unit:02d}{row:02d}"}}'
            )
        drops = (
            most["word:budget-drops"]
            if number < budget.FPCF_DROPS // most["word:budget-drops"]
            else 0
        )
        lines += ["    drops:"] if drops else []
        for drop in range(drops):
            lines.append(
                f'      - {{unit: {named(f"{nation.upper()} Abn {number}-{drop}", "formations", number, "drops", drop, "unit")}, turn: {2 + drop}, map: north-german-plain, hex: "{10 + number:02d}{10 + drop:02d}"}}'
            )
    wp = ["su", "po", "eg", "su", "po", "eg", "su", "su"]
    for number, nation in enumerate(wp[: budget.FPCF_FORMATIONS]):
        path = ("formations", number, "arrives", "columns", 0, "units", 0)
        column_units = [
            json.loads(named(f"{nation.upper()} Rgt {number}-{unit}", *path))
            for unit in range(most["word:budget-column-units"])
        ]
        lines += [
            f"  - id: wp-{number}",
            f"    name: {localized('formations', number, 'name')}",
            f"    nation: {nation}",
            "    echelon: division",
            f"    morale_note: {localized('formations', number, 'morale_note')}",
            "    arrives:",
            f"      turn: {1 + number % budget.TURNS}",
            f"      area: {localized('formations', number, 'arrives', 'area')}",
            "      columns:",
            f'        - {{entry: {{map: baor, hex: "{30 + number:02d}01"}}, units: {json.dumps(column_units[: len(column_units) // 2])}}}',
            f'        - {{entry: {{map: baor, hex: "{32 + number:02d}01"}}, units: {json.dumps(column_units[len(column_units) // 2 :])}}}',
        ]
    lines += ["victory:", f"  conditions: {localized('victory', 'conditions')}"]
    lines += ["  otherwise: draw", "  hqs_count: false"]
    return "\n".join(lines) + "\n"
