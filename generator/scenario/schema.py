"""The JSON Schema of each system's scenario files, generated from the models.

The schemas are committed as content/scenarios/<system>.schema.json (JSON, so no content loader
takes them for content); sample files point editors at them with a `yaml-language-server` line,
and a test fails when a committed schema is stale. The models accept a little more than a good
file holds (an unquoted hex, so the checker can say why it is wrong), so the schema is tightened
for editors: texts in both languages, hexes as quoted four digits, boards 1 to 7, lists of names
without repeats, and the closed sets of names the content defines as enums (open ones, which an
overlay may extend, as examples).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from generator.content.load import DEFAULT_CONTENT, Content
from generator.scenario.reader import MODELS

SCHEMA_DRAFT = "https://json-schema.org/draft/2020-12/schema"
TITLES = {
    "mak": "playaid scenario: Maschinen Krieger S.F.3.D II",
    "fpcf": "playaid scenario: Flashpoint: Central Front",
}


HEX = {
    "type": "string",
    "pattern": "^[0-9]{4}$",
    "description": 'a hex number as printed on the map, XXYY, in quotes: "1801"',
}
UNIQUE = {"nations", "maps", "air_strike_nations", "optional_rules", "activation"}


def scenario_schema(system: str, content: Content) -> dict[str, Any]:
    """The schema of one system's scenario files, as an editor should check them."""
    schema = MODELS[system].model_json_schema(by_alias=True)
    _tighten(schema)
    _rule_bounds(schema, system)
    _name_choices(schema, system, content)
    return {
        "$schema": SCHEMA_DRAFT,
        "title": TITLES[system],
        **{key: value for key, value in schema.items() if key != "title"},
    }


def schema_text(system: str, content: Content) -> str:
    """The schema as the committed file holds it."""
    return json.dumps(scenario_schema(system, content), ensure_ascii=False, indent=2) + "\n"


def _objects(schema: dict[str, Any]) -> list[dict[str, Any]]:
    """The schema's top level and every definition."""
    return [schema, *schema.get("$defs", {}).values()]


def _tighten(schema: dict[str, Any]) -> None:
    """Texts in both languages, quoted hexes, boards 1 to 7, lists without repeats."""
    text = schema["$defs"]["LocalizedText"]
    text["required"] = ["en", "ja", "tr"]
    text["properties"].pop("corrections", None)  # a scenario's texts are its own, never a seed's
    schema["$defs"].pop("Correction", None)
    for language in ("en", "ja"):
        text["properties"][language] = {"type": "string", "minLength": 1}
    for definition in _objects(schema):
        properties = definition.get("properties", {})
        for name, prop in properties.items():
            if name == "hex":
                properties[name] = dict(HEX)
            elif name == "board":
                prop.update(minimum=1, maximum=7)
            elif name in UNIQUE and prop.get("type") == "array":
                prop["uniqueItems"] = True


def _rule_bounds(schema: dict[str, Any], system: str) -> None:
    """Bounds the rules set, so an editor flags them as they are typed (the checker still cites
    the rule): the id's system, mines 5 to 13 a hex [19.1.1], positions rated -1 or -2 [12.3],
    no ability modifier above 4 [18.3.3]."""
    schema["properties"]["id"]["pattern"] = rf"^{system}\.[a-z0-9]+(?:-[a-z0-9]+)*$"
    if system != "mak":
        return
    definitions = schema["$defs"]
    definitions["Minefield"]["properties"]["attack"].update(minimum=5, maximum=13)
    _non_null(definitions["Marker"]["properties"]["rating"])["enum"] = [-1, -2]
    for ability in ("attack", "defense", "dogfight"):
        _non_null(definitions["Pilot"]["properties"][ability])["maximum"] = 4


def _name_choices(schema: dict[str, Any], system: str, content: Content) -> None:
    """Enums for the names the content closes (nations, qualities, levels), examples for the
    names an overlay may add to (maps, units, options)."""
    options = sorted(content.options.get(system, {}))
    _items(schema["properties"]["optional_rules"])["examples"] = options
    if system == "mak":
        catalogue = content.catalogues.get("mak")
        names = sorted({unit.name.en for unit in catalogue.units.values()}) if catalogue else []
        schema["$defs"]["Entry"]["properties"]["unit"]["examples"] = names
        return
    nations = _slugs(content, "fpcf.starting-morale", "nation") - {"wp-other"}
    for prop in (schema["properties"]["nations"], schema["properties"]["air_strike_nations"]):
        _items(prop)["enum"] = sorted(nations)
    formation = schema["$defs"]["Formation"]["properties"]
    formation["nation"]["enum"] = sorted(nations)
    _non_null(formation["morale"])["enum"] = sorted(
        _slugs(content, "fpcf.troop-quality", "quality")
    )
    levels = _slugs(content, "fpcf.air-strike-availability", "level")
    schema["properties"]["air_superiority"]["enum"] = sorted(levels)
    maps = sorted(content.maps.get("fpcf", {}))
    _items(schema["properties"]["maps"])["examples"] = maps
    for definition in ("Place", "Unit", "Drop"):
        schema["$defs"][definition]["properties"]["map"]["examples"] = maps


def _items(prop: dict[str, Any]) -> dict[str, Any]:
    return prop["items"]


def _non_null(prop: dict[str, Any]) -> dict[str, Any]:
    """The non-null branch of an optional value's schema."""
    return next(branch for branch in prop.get("anyOf", [prop]) if branch.get("type") != "null")


def _slugs(content: Content, table_id: str, axis: str) -> set[str]:
    table = content.tables.get(table_id)
    found = table.axis(axis) if table else None
    return {choice.slug for choice in found.choices} if found else set()


def schema_path(system: str, root: Path = DEFAULT_CONTENT) -> Path:
    """Where the committed schema of a system lives."""
    return root / "scenarios" / f"{system}.schema.json"
