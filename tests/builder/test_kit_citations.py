"""A kit carries every rule its card relies on (issue 43, §2): over the six samples and one
generated file per system, in English, Japanese and the bilingual edition, every rule reference
the card prints names a case the same kit's rules appendix prints (read from their HTML, as the
build renders them); a scenario's features bring the cases that govern them; the first page lists
the charts to take from the game box; a reference the kit cannot print fails the build."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from generator.builder.citations import PRINTED_NUMBER, card_languages, text_of
from generator.builder.html import render_html
from generator.builder.plan import plan_build
from generator.builder.request import BuildRequest
from generator.content.load import DEFAULT_CONTENT, load_content
from generator.core.errors import ContentError
from generator.render.fonts import typeface
from generator.render.scenario.appendix import CARD_REFERENCE, card_references
from generator.scenario.check import check_documents, read_documents

SAMPLES = sorted((DEFAULT_CONTENT / "scenarios").glob("*/*.yaml"))
EDITIONS = ("en", "ja", "both")


@pytest.fixture(scope="module")
def content():
    return load_content()


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """The samples and one large generated file per system."""
    out = tmp_path_factory.mktemp("generated")
    generated = []
    for system in ("mak", "fpcf"):
        path = out / f"{system}.yaml"
        command = [sys.executable, "-m", "generator", "generate", system, "--seed", "7"]
        command += ["--size", "large", "--out", str(path)]
        subprocess.run(command, check=True, capture_output=True)
        generated.append(path)
    return [*SAMPLES, *generated]


def _html(content, paths: list[Path]) -> tuple[dict[tuple[str, str], str], list[str]]:
    """Each scenario's card and rules appendix in every edition, as HTML (first type size)."""
    documents, problems = read_documents(paths)
    findings, checked = check_documents(content, documents, problems, typeface())
    assert not [f for f in findings if f.severity == "error"], findings
    ids = [scenario.id for _, scenario in checked]
    request = BuildRequest(
        content, Path("unused"), tuple(ids), editions=EDITIONS, scenarios=tuple(checked), kits=True
    )
    _, pages = render_html(request, plan_build(request))
    return {(page.spec.id, page.edition): page.variants[0] for page in pages}, ids


@pytest.fixture(scope="module")
def rendered(content, files):
    return _html(content, files)


def _printed(appendix: str) -> set[str]:
    return {n for label in PRINTED_NUMBER.findall(appendix) for n in CARD_REFERENCE.findall(label)}


def test_every_reference_on_every_card_names_a_case_printed_in_its_kit(rendered):
    html, ids = rendered
    assert len(ids) == 8
    counted = 0
    for scenario_id in ids:
        for edition in EDITIONS:
            printed = _printed(html[(f"{scenario_id}.rules", edition)])
            for lang in card_languages(edition):
                cited = card_references(text_of(html[(f"{scenario_id}.sheet", lang)]))
                assert cited, (scenario_id, lang)
                counted += len(cited)
                assert set(cited) <= printed, (scenario_id, edition, set(cited) - printed)
    assert counted > 200


def _appendix(html, scenario_id: str) -> set[str]:
    return _printed(html[(f"{scenario_id}.rules", "en")])


def test_an_arrival_and_a_drop_bring_the_cases_that_govern_them(rendered):
    html, _ = rendered
    hof = _appendix(html, "fpcf.hof-gap-dawn")
    assert {"17.11", "17.14", "17.2", "17.21", "17.22", "17.23", "17.26"} <= hof
    weser = _appendix(html, "fpcf.weser-screen")
    assert {"15.11", "15.2", "15.4", "15.41", "15.42", "15.43"} <= weser
    # FP:CF replaces [15.1] and [15.3] with its own airborne rule and Air Drop Table (000 l.215).
    assert not {"15.1", "15.3"} & weser
    assert {"16.2", "16.2.1", "16.2.3", "16.2.5"} <= _appendix(html, "mak.rehn-crossing")
    # Quarry Road's engineers set fires ([14.4.2]): its kit prints what fire does (read-through 5).
    assert {"14.4.2", "19.4"} <= _appendix(html, "mak.quarry-road")
    # Every Ma.K card writes its forces in the rulebook's notation ((Ld 1⑥), 1⑤W, ⑥W−80×5) and
    # cites its d): every kit prints Understanding the Scenarios (read-through 5).
    for scenario in ("mak.depot-raid", "mak.falke-screen", "mak.quarry-road", "mak.rehn-crossing"):
        assert "Understanding the Scenarios" in html[(f"{scenario}.rules", "en")], scenario


def test_the_first_page_lists_the_charts_to_take_from_the_box(content):
    from generator.render.scenario.features import box_charts

    documents, problems = read_documents(SAMPLES)
    _, checked = check_documents(content, documents, problems, typeface())
    box = {
        scenario.id: [slot.title.en for slot in box_charts(document, scenario, content)]
        for document, scenario in checked
    }
    assert "Artillery Deviation Chart" in box["mak.rehn-crossing"]
    assert "Dog-Fight Resolution Chart" in box["mak.rehn-crossing"]
    assert "Dog-Fight Resolution Chart" in box["mak.falke-screen"]
    assert box["mak.depot-raid"].count("Attack Modifiers Chart") == 1
    assert "Artillery Deviation Chart" in box["mak.depot-raid"]
    # [17.2.3] sends the artillery player to the Efficiency Chart (002 l.704), in every kit with
    # artillery (read-through 5: no kit listed it).
    with_artillery = [s for s, charts in box.items() if "Artillery Deviation Chart" in charts]
    assert len(with_artillery) == 4
    assert all("Artillery Efficiency Chart" in box[s] for s in with_artillery)
    assert "Smoke Screen Equipment Chart" in box["mak.quarry-road"]
    # Every FP:CF game resolves combat on Golan's own CRT, which the conversion keeps (000 l.92).
    golan = ["Flashpoint: Golan Combat Results Table"]
    assert box["fpcf.weser-screen"] == golan and box["fpcf.hof-gap-dawn"] == golan


def test_a_reference_the_kit_cannot_print_fails_the_build(content, tmp_path):
    source = (DEFAULT_CONTENT / "scenarios" / "mak" / "rehn-crossing.yaml").read_text("utf-8")
    changed = source.replace('from: "a637b78a"', 'from: "967c3a99"')
    changed = re.sub(r"(briefing:\s*\n\s*en: >-\s*\n\s*)", r"\1See [99.9]. ", changed, count=1)
    assert changed.count("[99.9]") == 1
    path = tmp_path / "rehn.yaml"
    path.write_text(changed, "utf-8")
    with pytest.raises(ContentError) as raised:
        _html(content, [path])
    messages = [issue.message_en for issue in raised.value.issues]
    assert any("[99.9]" in m and "mak.rehn-crossing.kit" in m for m in messages), messages
