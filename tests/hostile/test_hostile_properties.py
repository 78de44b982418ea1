"""Property tests: random and mutated YAML built from the real files goes through the reader, the
content model and the scenario checker giving findings, never anything else; valid files
round-trip. CI runs a bounded number of examples; docs/testing.md says how to run a campaign."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.content.checks.texts import text_issues
from generator.content.load import DEFAULT_CONTENT, is_scenario, load_content, validate_document
from generator.content.yaml_loader import load_yaml
from generator.scenario.check import check_documents

EXAMPLES = int(os.environ.get("PLAYAID_HYPOTHESIS_EXAMPLES", "40"))
SAMPLES = sorted(DEFAULT_CONTENT.rglob("*.yaml"))
CONTENT = load_content()
SEEDS = {seed.id for seed in CONTENT.sources.seeds}
SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
NASTY = [*list(":-[]{}&*!|>'\"#%@`,?\n\t "), "0x1F", "1:30", ".nan", "\u202e", "\x1b", "~", "null"]


def _everything(text: str) -> None:
    """Read, validate and check a file; any exception fails the property."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "probe.yaml"
        path.write_text(text, encoding="utf-8")
        document, _ = load_yaml(path, "probe.yaml")
        if document is None:
            return
        if is_scenario(document):
            check_documents(CONTENT, [document])
            return
        _, model, _ = validate_document(document)
        if model is not None:
            text_issues(document, model, SEEDS)


@st.composite
def mutated(draw) -> str:
    """A real content or scenario file with some slices deleted, repeated or replaced."""
    text = draw(st.sampled_from(SAMPLES)).read_text(encoding="utf-8")[:6000]
    for _ in range(draw(st.integers(1, 6))):
        if not text:
            break
        start = draw(st.integers(0, len(text) - 1))
        end = draw(st.integers(start, min(len(text), start + 40)))
        operation = draw(st.sampled_from(["delete", "insert", "repeat"]))
        if operation == "delete":
            text = text[:start] + text[end:]
        elif operation == "insert":
            text = text[:start] + draw(st.sampled_from(NASTY)) + text[start:]
        else:
            text = text[:end] + text[start:end] + text[end:]
    return text


@SETTINGS
@given(mutated())
def test_a_mutated_file_gives_findings_never_an_exception(text):
    _everything(text)


scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=30),
)
documents = st.recursive(
    scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=5),
        st.dictionaries(
            st.text(st.characters(whitelist_categories=("Ll",)), min_size=1, max_size=8),
            children,
            max_size=5,
        ),
    ),
    max_leaves=30,
)


@SETTINGS
@given(documents, st.sampled_from(["table", "rules", "scenario", "units", "map", None]))
def test_random_yaml_gives_findings_never_an_exception(value, kind):
    if isinstance(value, dict) and kind:
        value = {"kind": kind, **value}
    _everything(yaml.safe_dump(value, allow_unicode=True))


@SETTINGS
@given(documents)
def test_valid_yaml_round_trips(value):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "value.yaml"
        path.write_text(yaml.safe_dump(value, allow_unicode=True), encoding="utf-8")
        document, problems = load_yaml(path, "value.yaml")
    assert not [p for p in problems if p.code != "duplicate-key"]
    assert document is not None and document.data == value


def test_every_real_file_round_trips():
    for path in SAMPLES:
        document, problems = load_yaml(path, path.name)
        assert document is not None and not problems, path
        with tempfile.TemporaryDirectory() as folder:
            again = Path(folder) / path.name
            again.write_text(yaml.safe_dump(document.data, allow_unicode=True), encoding="utf-8")
            reread, _ = load_yaml(again, path.name)
        assert reread.data == document.data, path
