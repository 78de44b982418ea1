"""A scenario file checked against the kept content is read without pydantic (issue 46:
generator.content.light, generator.scenario.light): where the light reader answers, it gives the
values the model gives and the check finds what the model's check finds; anything else it leaves
to the model."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from generator.content.light import Declined, Reader
from generator.content.yaml_loader import load_yaml
from generator.scenario.light import specs
from generator.scenario.reader import MODELS

ROOT = Path(__file__).resolve().parents[2]
CASES = sorted((ROOT / "tests" / "scenarios").glob("*/*/*.yaml"))
SAMPLES = sorted((ROOT / "content" / "scenarios").glob("*/*.yaml"))


@pytest.fixture(scope="module")
def readers() -> dict[str, Reader]:
    found = specs()
    assert found is not None, "a model has a part the light reader does not know"
    return {kind: Reader(json.loads(json.dumps(spec))) for kind, spec in found.items()}


def shape(value: Any) -> Any:
    """A model tree or its light twin as plain data: each model by its class and fields."""
    if isinstance(value, BaseModel):
        kind = type(value)
        fields = [(name, getattr(value, name)) for name in kind.model_fields]
        return (f"{kind.__module__}:{kind.__qualname__}", [(n, shape(v)) for n, v in fields])
    if hasattr(type(value), "light_fields"):
        fields = [(name, getattr(value, name)) for name, _ in value.light_fields]
        return (type(value).light_model, [(n, shape(v)) for n, v in fields])
    if isinstance(value, tuple | list):
        return (type(value).__name__, [shape(item) for item in value])
    if isinstance(value, dict):
        return ("dict", [(key, shape(item)) for key, item in value.items()])
    return (type(value).__name__, value)


def _both(readers: dict[str, Reader], data: Any) -> tuple[Any, Any]:
    """The model and the light reader on the same data (None: an error, or declined)."""
    model = MODELS[data["system"]]
    try:
        validated = model.model_validate(data)
    except ValidationError:
        validated = None
    try:
        light = readers[data["system"]].read(data)
    except Declined:
        light = None
    return validated, light


def _data(path: Path) -> dict[str, Any]:
    document, _ = load_yaml(path, str(path))
    assert document is not None and isinstance(document.data, dict)
    return document.data


@pytest.mark.parametrize("path", SAMPLES + CASES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_light_reader_gives_what_the_model_gives_or_declines(readers, path):
    validated, light = _both(readers, _data(path))
    if light is not None:
        assert validated is not None and shape(light) == shape(validated)
    if path in SAMPLES:
        assert light is not None  # every sample is read light


# Values a model converts, refuses or could read two ways: the light reader never gives them
# a value of its own (a value pydantic would convert would print otherwise).
CHANGES = [
    ("turns", "6"),
    ("turns", 6.0),
    ("turns", True),
    ("turns", 0),
    ("id", "mak.Quarry"),
    ("id", "mak.quarry\n"),
    ("date", 2885),
    ("date", "0000-01"),
    ("first_player", "Strahl"),
    ("title", {"en": "x", "ja": "x", "tr": "none", "surprise": 1}),
    ("title", {"en": "x", "ja": "x", "tr": "none", "from_": "0123abcd"}),
    ("title", {"en": b"x", "ja": "x", "tr": "none"}),
    ("title", {"en": "\ud800", "ja": "x", "tr": "none"}),
    ("optional_rules", "mak-x"),
    ("optional_rules", {"a": 1}),
    ("surprise", "yes"),
]


@pytest.mark.parametrize(("key", "value"), CHANGES)
def test_the_light_reader_declines_what_the_model_would_convert_or_refuse(readers, key, value):
    data = copy.deepcopy(_data(ROOT / "content" / "scenarios" / "mak" / "quarry-road.yaml"))
    data[key] = value
    validated, light = _both(readers, data)
    assert light is None or shape(light) == shape(validated)
    assert light is None


def test_a_hex_is_read_as_the_model_reads_it_written_either_way(readers):
    data = copy.deepcopy(_data(ROOT / "content" / "scenarios" / "mak" / "quarry-road.yaml"))
    markers = data.setdefault("markers", [])
    markers.append({"marker": "objective", "board": 1, "hex": 1801})
    markers.append({"marker": "objective", "board": 1, "hex": "1802"})
    validated, light = _both(readers, data)
    assert light is not None and shape(light) == shape(validated)
    assert [m.hex for m in light.markers[-2:]] == [1801, "1802"]


def test_the_kept_content_reads_its_models_as_their_models(content, readers):
    """The maps, boards, units, options, glossary and errata a scenario check reads, through
    the light reader and through their models, from the same kept data."""
    from generator.tableside.scenario_content import KeptContent, content_data

    data = json.loads(json.dumps(content_data(content, specs()), allow_nan=False))
    light, heavy = KeptContent(data, set()), KeptContent({**data, "light": None}, set())
    assert light.light and not heavy.light
    for part in ("maps", "boards", "options"):
        assert shape(getattr(light, part)) == shape(getattr(heavy, part))
    assert shape(light.glossary) == shape(heavy.glossary)
    for system, catalogue in light.catalogues.items():
        assert shape(catalogue.units) == shape(heavy.catalogues[system].units)
    assert shape(light._errata) == shape(heavy._errata)
    assert all(
        hasattr(type(unit), "light_fields") for unit in light.catalogues["mak"].units.values()
    )


def _renamed(spec: Any, key: str, name: str) -> tuple[Any, int]:
    """A spec with every `key` (a twin, or each of a model's bases) naming `name`, and how many."""
    count = 0
    if isinstance(spec, dict):
        found = {}
        for field, value in spec.items():
            if field == key:
                found[field] = name if key == "twin" else [name] * len(value)
                count += 1
            else:
                found[field], inner = _renamed(value, key, name)
                count += inner
        return found, count
    if isinstance(spec, list):
        items = [_renamed(item, key, name) for item in spec]
        return [item for item, _ in items], sum(inner for _, inner in items)
    return spec, 0


@pytest.mark.parametrize(
    ("key", "name"),
    [("twin", "os:system"), ("twin", "builtins:eval"), ("bases", "subprocess:Popen")],
)
def test_a_kept_spec_naming_other_code_is_declined_and_nothing_it_names_runs(
    monkeypatch, key, name
):
    """The specs are kept in the user's cache (generator.tableside.scenario_content), which the
    reader does not trust: a spec whose validator twin or light class base names code outside
    the behaviours playaid wrote is declined (the model validates), and nothing it names runs."""
    called = []
    monkeypatch.setattr("os.system", lambda *args: called.append(args))
    monkeypatch.setattr("builtins.eval", lambda *args: called.append(args))
    spec, count = _renamed(json.loads(json.dumps(specs()["mak"])), key, name)
    assert count > 0
    data = _data(next(path for path in SAMPLES if path.parent.name == "mak"))
    with pytest.raises(Declined):
        Reader(spec).read(data)
    assert called == []
