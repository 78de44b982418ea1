"""Ma.K codes decoded into plain English and Japanese, for `check --explain` and the sheets."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from generator.content.bilingual import pair_of
from generator.content.load import Content
from generator.core.diagnostics import format_key_path
from generator.core.messages import text
from generator.scenario import messages  # noqa: F401  (registers the messages)
from generator.scenario.mak.forces import SIDES
from generator.scenario.mak.model import MakScenario
from generator.scenario.mak.notation import (
    Artillery,
    Deployment,
    Leader,
    NotationError,
    UnitCode,
    parse_artillery,
    parse_deployment,
    parse_unit_code,
)
from generator.scenario.mak.pilots import rank_choice, roster

Pair = tuple[str, str]


@dataclass(frozen=True)
class Decoded:
    """One code as written and what it means in each language."""

    key_path: str
    code: str
    en: str
    ja: str


def explain_scenario(scenario: MakScenario, content: Content) -> list[Decoded]:
    """Every code of a scenario that reads, decoded; codes that do not read are left to check."""
    decoded = []
    for side in SIDES:
        forces = getattr(scenario.forces, side)
        names = pilot_names(scenario, content, side)
        for index, entry in enumerate(forces.units):
            path = ("forces", side, "units", index)
            for key, value, parser, describe in (
                ("code", entry.code, parse_unit_code, partial(explain_unit_code, names=names)),
                ("deploy", entry.deploy, parse_deployment, explain_deployment),
            ):
                if value is None:
                    continue
                try:
                    en, ja = describe(parser(value))
                except NotationError:
                    continue
                decoded.append(Decoded(format_key_path((*path, key)), value, en, ja))
        for index, battery in enumerate(forces.artillery):
            try:
                en, ja = explain_artillery(parse_artillery(battery.code))
            except NotationError:
                continue
            path = format_key_path(("forces", side, "artillery", index, "code"))
            decoded.append(Decoded(path, battery.code, en, ja))
    return decoded


def pilot_names(scenario: MakScenario, content: Content, side: str) -> dict[int, Pair]:
    """Each pilot's name and rank as the sheet prints it: the chart's, or the file's own."""
    names = {number: pair_of(p.name) for number, p in roster(content, side).items()}
    ranks = content.tables.get("mak.rank-vp")
    for pilot in getattr(scenario.forces, side).pilots:
        if not (pilot.created and pilot.name):
            continue
        rank = rank_choice(content, pilot.rank) if pilot.rank else None
        name_en, name_ja = names[pilot.number] = pair_of(pilot.name)
        if rank and ranks:
            label_en, label_ja = pair_of(ranks.axis("rank").choice(rank).label)
            shown = {"name": (name_en, name_ja), "rank": (label_en, label_ja)}
            names[pilot.number] = text("word:pilot-name-rank", **shown)
    return names


def _join(pairs: list[Pair]) -> Pair:
    return " ".join(p[0] for p in pairs), "".join(p[1] for p in pairs)


def _boards(boards: tuple[int, ...]) -> Pair:
    numbers_en = " and ".join(str(b) for b in boards)
    numbers_ja = "・".join(str(b) for b in boards)
    word = "map boards" if len(boards) > 1 else "map board"
    return f"{word} {numbers_en}", f"マップボード{numbers_ja}"


def deployment_message(deploy: Deployment, family: str, boards: object) -> tuple[str, dict]:
    """The message a deployment code is said with, in a family of messages
    (`<family>-setup`, `-turn`, `-edge`, `-edge-hex`, `-turn-edge`, `-turn-edge-hex`), and its
    parameters, the boards as `boards` words them."""
    params: dict[str, object] = {"turn": deploy.turn, "boards": boards, "hex": deploy.hex}
    if deploy.edge:
        params["edge"] = f"word:edge-{deploy.edge}"
    params["direction"] = f"word:edge-{deploy.direction}" if deploy.direction else ""
    if deploy.edge is None:
        form = "setup" if deploy.turn is None else "turn"
    elif deploy.turn is None:
        form = "edge-hex" if deploy.hex else "edge"
    else:
        form = "turn-edge-hex" if deploy.hex else "turn-edge"
    return f"{family}-{form}", params


def explain_deployment(deploy: Deployment) -> Pair:
    """`1⑤N▷1801` → "Turn 1: enter map board 5 through the north edge, from hex 1801 and …"."""
    code, params = deployment_message(deploy, "explain-deploy", _boards(deploy.boards))
    return text(code, **params)


def explain_unit_code(code: UnitCode, names: dict[int, Pair]) -> Pair:
    """`×12 (Ld 1①) (Ld 2⑤) ⑪` → how many units, who commands, which pilots fly them."""

    def name(pilot: int) -> Pair:
        en, ja = names.get(pilot, ("", ""))
        return (f" ({en})", f"({ja})") if en else ("", "")

    ranks = {1: "primary", 2: "secondary", None: "sole"}
    parts = [
        text("explain-count-one")
        if code.count == 1
        else text("explain-count-many", count=code.count)
    ]
    for leader in code.leaders:
        which = ranks.get(leader.rank, "primary")
        parts.append(text(f"explain-leader-{which}", pilot=leader.pilot, name=name(leader.pilot)))
    alone = "explain-pilot-one" if code.count == 1 else "explain-pilot"
    for pilot in code.pilots:
        parts.append(text(alone, pilot=pilot, name=name(pilot)))
    controller = code.controller
    if isinstance(controller, Leader):
        which = f"word:commander-{ranks.get(controller.rank, 'primary')}"
        parts.append(
            text(
                "explain-controller-leader",
                which=which,
                pilot=controller.pilot,
                name=name(controller.pilot),
            )
        )
    elif controller is not None:
        parts.append(text("explain-controller", pilot=controller, name=name(controller)))
    return _join(parts)


def artillery_params(artillery: Artillery) -> dict[str, object]:
    """What an artillery code's messages are filled with: type, where it stands, rounds."""
    return {
        "type": artillery.type,
        "distance": artillery.distance,
        "edge": f"word:edge-{artillery.edge}",
        "board": artillery.board,
        "total": artillery.total,
        "per_turn": artillery.per_turn,
    }


def explain_artillery(artillery: Artillery) -> Pair:
    """`Type II … ⑥W−80×5 (2)` → type, where it stands, rounds in all and per turn."""
    return text("explain-artillery", **artillery_params(artillery))
