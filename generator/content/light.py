"""The models' validation read without pydantic, for a scenario check that would otherwise spend
most of its time importing pydantic and building the models' validators (issue 46).

`spec_of` turns a model's own pydantic-core schema, in a process that has the model, into plain
data (kept with the content a scenario check reads, generator.tableside.scenario_content).
`Reader` reads a value by that data into light objects: the same fields, values and behaviours
(the models' pydantic-free bases, generator.content.behaviour) as the model would give. It only
answers where it is sure pydantic would accept the value and give the same: anything else
(an error, a value pydantic would convert, a union two choices could take) raises `Declined`,
and the caller validates with the model, which finds and words every error. A schema with a
part this reader does not know gives no spec at all (`Unsupported`).
"""

from __future__ import annotations

import datetime
import importlib
import re
from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any

# The models' own validators, by their qualified names, and their pydantic-free twins
# (module:function): an after-validator's twin returns a problem or None; a before-validator's
# twin returns the value converted, or None.
TWINS = {
    "generator.content.model.base:_ordered_lines": "generator.content.behaviour:lines_problem",
    "generator.content.model.base:Source._one_origin": "generator.content.behaviour:origin_problem",
    "generator.content.model.glossary:Term._reading_reads_the_japanese": (
        "generator.content.behaviour:reading_problem"
    ),
    "generator.content.model.errata:_calendar_date": "generator.content.behaviour:calendar_date",
    "generator.scenario.mak.model:_printable_year": "generator.scenario.behaviour:year_problem",
}
# Where a light class's bases come from: the models' pydantic-free behaviours. A spec is kept in
# the user's cache, which the reader does not trust: it imports nothing else a spec names.
BEHAVIOURS = ("generator.content.behaviour", "generator.scenario.behaviour")
# What a scenario check reads by a spec: each system's scenario file, and the content's models
# the kept content holds (generator.tableside.scenario_content), by module:class: named, not
# imported, here (generator.scenario.light.specs makes the specs).
MODELS = {
    "mak": "generator.scenario.mak.model:MakScenario",
    "fpcf": "generator.scenario.fpcf.model:FpcfScenario",
    "units": "generator.content.model.units:Unit",
    "maps": "generator.content.model.maps:GameMap",
    "boards": "generator.content.model.boards:Board",
    "options": "generator.content.model.options:ScenarioOption",
    "glossary": "generator.content.model.glossary:Glossary",
    "errata": "generator.content.model.errata:Erratum",
}


_CONFIG = {"extra_fields_behavior": "forbid", "strict": False}
_IGNORED = {"type", "metadata", "serialization", "ref"}


class Unsupported(Exception):
    """A model's schema has a part the light reader does not know."""


class Declined(Exception):
    """The light reader cannot vouch for a value: the model validates it."""


def spec_of(model: Any) -> dict[str, Any]:
    """A model's pydantic-core schema as plain data the Reader reads by (Unsupported when it
    holds a part the Reader does not know)."""
    definitions: dict[str, Any] = {}
    root = _node(model.__pydantic_core_schema__, definitions)
    return {"root": root, "definitions": definitions}


def _name(thing: Any) -> str:
    return f"{thing.__module__}:{thing.__qualname__}"


def _only(node: dict[str, Any], *allowed: str) -> None:
    """The node has no key but those the reader reads (and those that change nothing)."""
    unknown = set(node) - _IGNORED - set(allowed)
    if unknown:
        raise Unsupported(f"{node['type']}: {sorted(unknown)}")


def _node(node: dict[str, Any], definitions: dict[str, Any]) -> Any:
    """One schema node as plain data."""
    kind = node["type"]
    builder = _BUILDERS.get(kind)
    if builder is None:
        raise Unsupported(kind)
    found = builder(node, definitions)
    if "ref" in node:
        definitions[node["ref"]] = found
        return {"type": "ref", "ref": node["ref"]}
    return found


def _definitions(node: dict[str, Any], definitions: dict[str, Any]) -> Any:
    _only(node, "schema", "definitions")
    for each in node["definitions"]:
        _node(each, definitions)  # each has a ref: it registers itself
    return _node(node["schema"], definitions)


def _reference(node: dict[str, Any], definitions: dict[str, Any]) -> Any:
    _only(node, "schema_ref")
    return {"type": "ref", "ref": node["schema_ref"]}


def _model(node: dict[str, Any], definitions: dict[str, Any]) -> Any:
    _only(node, "cls", "schema", "config", "custom_init", "root_model", "post_init")
    config = node.get("config", {})
    wanted = {"validate_by_alias": True, "validate_by_name": True, **_CONFIG}
    if any(config.get(key) != value for key, value in wanted.items()) or node.get("custom_init"):
        raise Unsupported(f"model config {config}")
    if node.get("root_model") or node.get("post_init") not in (None, "model_post_init"):
        raise Unsupported("model init")
    cls = node["cls"]
    private = {}
    for name, attribute in getattr(cls, "__private_attributes__", {}).items():
        if attribute.default is not None or attribute.default_factory is not None:
            raise Unsupported(f"private {name}")
        private[name] = None
    fields_node = node["schema"]
    _only(fields_node, "fields", "model_name", "computed_fields")
    if fields_node.get("computed_fields"):
        raise Unsupported("computed fields")
    fields = [_field(name, field, definitions) for name, field in fields_node["fields"].items()]
    mixins = [b for b in cls.__mro__ if b is not object and not _is_model(b)]
    bases = [_name(b) for b in mixins if not any(c is not b and issubclass(c, b) for c in mixins)]
    if any(base.partition(":")[0] not in BEHAVIOURS for base in bases):
        raise Unsupported(f"a base outside {', '.join(BEHAVIOURS)}: {bases}")
    return {
        "type": "model",
        "name": _name(cls),
        "bases": bases,
        "fields": fields,
        "private": private,
    }


def _is_model(cls: type) -> bool:
    from pydantic import BaseModel

    return issubclass(cls, BaseModel)


def _field(name: str, field: dict[str, Any], definitions: dict[str, Any]) -> list[Any]:
    """[name, the key a file writes, schema, required, default]."""
    _only(field, "schema", "validation_alias", "serialization_alias")
    alias = field.get("validation_alias", name)
    if not isinstance(alias, str):
        raise Unsupported(f"alias of {name}")
    schema = field["schema"]
    if schema["type"] != "default":
        return [name, alias, _node(schema, definitions), True, None]
    _only(schema, "schema", "default", "default_factory", "default_factory_takes_data")
    inner = _node(schema["schema"], definitions)
    if "default_factory" in schema:
        factory = schema["default_factory"]
        if schema.get("default_factory_takes_data") or not (factory is dict or _is_model(factory)):
            raise Unsupported(f"default factory of {name}")
        return [name, alias, inner, False, {"factory": "dict" if factory is dict else "model"}]
    return [name, alias, inner, False, {"value": _plain(schema["default"])}]


def _plain(value: Any) -> Any:
    """A default as JSON data (a tuple marked, to come back a tuple)."""
    if value is None or type(value) in (str, int, bool):
        return value
    if type(value) is tuple:
        return {"tuple": [_plain(item) for item in value]}
    raise Unsupported(f"default {value!r}")


def _simple(*keys: str) -> Callable[[dict[str, Any], dict[str, Any]], Any]:
    def build(node: dict[str, Any], definitions: dict[str, Any]) -> Any:
        _only(node, *keys)
        return {key: node[key] for key in ("type", *keys) if key in node}

    return build


def _wrapped(*keys: str) -> Callable[[dict[str, Any], dict[str, Any]], Any]:
    def build(node: dict[str, Any], definitions: dict[str, Any]) -> Any:
        _only(node, "schema", *keys)
        found = {key: node[key] for key in ("type", *keys) if key in node}
        return {**found, "schema": _node(node["schema"], definitions)}

    return build


def _tuple(node: dict[str, Any], definitions: dict[str, Any]) -> Any:
    _only(node, "items_schema", "variadic_item_index", "min_length", "max_length")
    if len(node["items_schema"]) != 1 or node.get("variadic_item_index") != 0:
        raise Unsupported("a tuple of fixed length")
    found = {k: node[k] for k in ("min_length", "max_length") if k in node}
    return {"type": "tuple", **found, "items": _node(node["items_schema"][0], definitions)}


def _dict(node: dict[str, Any], definitions: dict[str, Any]) -> Any:
    _only(node, "keys_schema", "values_schema")
    keys, values = (_node(node[k], definitions) for k in ("keys_schema", "values_schema"))
    return {"type": "dict", "keys": keys, "values": values}


def _union(node: dict[str, Any], definitions: dict[str, Any]) -> Any:
    _only(node, "choices")
    if any(not isinstance(choice, dict) for choice in node["choices"]):
        raise Unsupported("a tagged choice")
    choices = [_node(choice, definitions) for choice in node["choices"]]
    return {"type": "union", "choices": choices}


def _function(node: dict[str, Any], definitions: dict[str, Any]) -> Any:
    _only(node, "function", "schema")
    function = node["function"]
    if function.get("type") != "no-info" or set(function) - {"type", "function"}:
        raise Unsupported("a validator given information")
    twin = TWINS.get(_name(function["function"]))
    if twin is None:
        raise Unsupported(f"no twin for {_name(function['function'])}")
    return {"type": node["type"], "twin": twin, "schema": _node(node["schema"], definitions)}


_BUILDERS: dict[str, Callable[[dict[str, Any], dict[str, Any]], Any]] = {
    "definitions": _definitions,
    "definition-ref": _reference,
    "model": _model,
    "nullable": _wrapped(),
    "str": _simple("pattern", "min_length", "max_length", "strict"),
    "int": _simple("ge", "le", "strict"),
    "bool": _simple("strict"),
    "date": _simple(),
    "literal": _simple("expected"),
    "tuple": _tuple,
    "dict": _dict,
    "union": _union,
    "function-after": _function,
    "function-before": _function,
}


class LightModel:
    """A model's values read without pydantic: frozen, equal to another of its kind with the
    same values. `light_fields` are (name, the key a file writes) in the model's order
    (generator.content.model.walk reads them as it reads a model's fields)."""

    light_fields: tuple[tuple[str, str], ...] = ()

    def __init__(self, values: dict[str, Any]) -> None:
        self.__dict__.update(values)

    def __setattr__(self, name: str, value: Any) -> None:
        if not name.startswith("_"):  # a private attribute, as a model's, may be set
            raise TypeError(f"{type(self).__name__} is frozen")
        self.__dict__[name] = value

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and self.__dict__ == other.__dict__

    def __hash__(self) -> int:
        return hash((type(self), *(getattr(self, name) for name, _ in self.light_fields)))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name, _ in self.light_fields)
        return f"{type(self).__name__}({shown})"


@cache
def _resolve(name: str) -> Any:
    """A module's attribute named module:qualname."""
    module, _, qualname = name.partition(":")
    found: Any = importlib.import_module(module)
    for part in qualname.split("."):
        found = getattr(found, part)
    return found


def _twin(name: str) -> Callable[[Any], Any]:
    """A validator's pydantic-free twin, one of TWINS' (Declined for any other name)."""
    if name not in TWINS.values():
        raise Declined
    return _resolve(name)


def _base(name: str) -> type:
    """A light class's base: a class of the behaviour modules (Declined for any other name)."""
    module, _, qualname = name.partition(":")
    if module not in BEHAVIOURS or not qualname.isidentifier():
        raise Declined
    found = getattr(importlib.import_module(module), qualname, None)
    if not isinstance(found, type) or found.__module__ != module:
        raise Declined
    return found


@cache
def _light_class(name: str, bases: tuple[str, ...], fields: tuple[tuple[str, str], ...]) -> type:
    """The light class of a model: its pydantic-free bases and LightModel."""
    mixins = tuple(_base(base) for base in bases)
    title = name.rpartition(".")[2]
    return type(title, (*mixins, LightModel), {"light_fields": fields, "light_model": name})


@lru_cache(maxsize=256)
def _pattern(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


class Reader:
    """Values read by a spec (spec_of), or Declined."""

    def __init__(self, spec: dict[str, Any]) -> None:
        self.root, self.definitions = spec["root"], spec["definitions"]

    def read(self, value: Any) -> Any:
        """The light objects of a value the model would accept as they are; Declined else."""
        return self._read(self.root, value)

    def _read(self, node: dict[str, Any], value: Any) -> Any:
        return getattr(self, "_" + node["type"].replace("-", "_"))(node, value)

    def _ref(self, node: dict[str, Any], value: Any) -> Any:
        return self._read(self.definitions[node["ref"]], value)

    def _nullable(self, node: dict[str, Any], value: Any) -> Any:
        return None if value is None else self._read(node["schema"], value)

    def _str(self, node: dict[str, Any], value: Any) -> Any:
        if type(value) is not str or not _fits(node, len(value)):
            raise Declined
        try:
            value.encode("utf-8")  # a lone surrogate is pydantic's error
        except UnicodeEncodeError:
            raise Declined from None
        pattern = node.get("pattern")
        # Python's `$` matches before a final newline, pydantic's (Rust) does not.
        if pattern is not None and ("\n" in value or not _pattern(pattern).search(value)):
            raise Declined
        return value

    def _int(self, node: dict[str, Any], value: Any) -> Any:
        if type(value) is not int:
            raise Declined
        if ("ge" in node and value < node["ge"]) or ("le" in node and value > node["le"]):
            raise Declined
        return value

    def _bool(self, node: dict[str, Any], value: Any) -> Any:
        if type(value) is not bool:
            raise Declined
        return value

    def _date(self, node: dict[str, Any], value: Any) -> Any:
        if type(value) is not datetime.date:
            raise Declined
        return value

    def _literal(self, node: dict[str, Any], value: Any) -> Any:
        for expected in node["expected"]:
            if type(expected) is type(value) and expected == value:
                return expected
        raise Declined

    def _tuple(self, node: dict[str, Any], value: Any) -> Any:
        if type(value) not in (list, tuple) or not _fits(node, len(value)):
            raise Declined
        return tuple(self._read(node["items"], item) for item in value)

    def _dict(self, node: dict[str, Any], value: Any) -> Any:
        if type(value) is not dict:
            raise Declined
        return {
            self._read(node["keys"], k): self._read(node["values"], v) for k, v in value.items()
        }

    def _union(self, node: dict[str, Any], value: Any) -> Any:
        # pydantic's smart union takes the choice that fits exactly; the reader answers only
        # where exactly one choice takes the value's own type.
        takers = [choice for choice in node["choices"] if self._takes(choice, value)]
        if len(takers) != 1:
            raise Declined
        return self._read(takers[0], value)

    def _takes(self, node: dict[str, Any], value: Any) -> bool:
        """Whether a choice takes a value of this type as it is."""
        kind = node["type"]
        if kind == "ref":
            return self._takes(self.definitions[node["ref"]], value)
        if kind == "nullable":
            return value is None or self._takes(node["schema"], value)
        if kind == "function-after":
            return self._takes(node["schema"], value)
        if kind == "literal":
            return any(type(e) is type(value) and e == value for e in node["expected"])
        types = {"str": str, "int": int, "bool": bool, "date": datetime.date, "dict": dict}
        if kind in types:
            return type(value) is types[kind]
        if kind == "tuple":
            return type(value) in (list, tuple)
        if kind == "model":
            return type(value) is dict
        return True  # a before-validator may take anything: two takers decline

    def _function_after(self, node: dict[str, Any], value: Any) -> Any:
        found = self._read(node["schema"], value)
        if _twin(node["twin"])(found) is not None:
            raise Declined
        return found

    def _function_before(self, node: dict[str, Any], value: Any) -> Any:
        converted = _twin(node["twin"])(value)
        if converted is None:
            raise Declined
        return self._read(node["schema"], converted)

    def _model(self, node: dict[str, Any], value: Any) -> Any:
        if type(value) is not dict:
            raise Declined
        fields = node["fields"]
        keys = {alias for _, alias, *_ in fields}
        names = {name for name, alias, *_ in fields if name != alias}
        if not all(type(key) is str and key in keys for key in value) or names & set(value):
            raise Declined  # a key the model forbids, or a field given by its name
        values = {
            name: self._field(value, name, alias, schema, required, default)
            for name, alias, schema, required, default in fields
        }
        values.update(node["private"])
        cls = _light_class(node["name"], tuple(node["bases"]), tuple((f[0], f[1]) for f in fields))
        return cls(values)

    def _field(
        self,
        given: dict[str, Any],
        name: str,
        alias: str,
        schema: Any,
        required: bool,
        default: Any,
    ) -> Any:
        if alias in given:
            return self._read(schema, given[alias])
        if required:
            raise Declined
        if "factory" in default:
            return {} if default["factory"] == "dict" else self._read(schema, {})
        return _value(default["value"])


def _fits(node: dict[str, Any], length: int) -> bool:
    return node.get("min_length", 0) <= length <= node.get("max_length", length)


def _value(data: Any) -> Any:
    """A default as the model holds it (a tuple marked in the spec)."""
    if isinstance(data, dict):
        return tuple(_value(item) for item in data["tuple"])
    return data
