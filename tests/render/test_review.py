"""playaid review: one reviewer's PDF per system with the seed's own lines, the English and the
Japanese side by side, each text's state, uncertain notes and disagreeing languages."""

from __future__ import annotations

import contextlib
import io
import re
import shutil
from pathlib import Path

import pytest
from correction_list import every_correction_in
from japanese_measure import unspaced
from markupsafe import escape
from pypdf import PdfReader

from generator.cli import main
from generator.render import doccache
from generator.render.review import SeedFiles, review

EPOCH = "1700000000"  # 2023-11-14
SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def flat(text: str) -> str:
    """Text with every white space removed: a Japanese line wraps anywhere."""
    return re.sub(r"\s+", "", text)


def outline_ids(path: Path) -> list[str]:
    """The id of every entry bookmarked: `[16.21] cf.16.21-2 title` → cf.16.21-2."""

    def walk(items: list) -> list[str]:
        found = []
        for item in items:
            if isinstance(item, list):
                found += walk(item)
            else:
                words = item.title.split()
                if words and words[0].startswith("["):
                    words = words[1:]
                found.append(words[0] if words else "")
        return found

    return walk(PdfReader(path).outline)


def entry_page(path: Path, entry_id: str) -> str:
    """The text of the page where an entry starts (its heading line)."""
    for page in PdfReader(path).pages:
        text = page.extract_text()
        if re.search(rf"(^|\s){re.escape(entry_id)}(\s|$)", text):
            return text
    raise AssertionError(f"{entry_id} is not in {path}")


def entry_text(path: Path, entry_id: str) -> str:
    """An entry as extracted: from its heading to the next entry's state line."""
    text = pdf_text(path)
    match = re.search(rf"^(\[[^\]]+\] )?{re.escape(entry_id)}( .*)?$", text, flags=re.MULTILINE)
    assert match, f"{entry_id} is not in {path}"
    start = match.start() + len(match.group(1) or "")
    own = text.index("\nEnglish", start)
    following = text.find("\nEnglish", own + 1)
    return text[start : following if following > 0 else len(text)]


def review_of(system: str, out: Path, *options: str) -> Path:
    assert main([*options, "review", system, "--out", str(out)]) == 0
    return out / "review" / f"{system}.review.pdf"


@pytest.fixture(scope="module")
def reviews(tmp_path_factory):
    """The cf and fpcf reviews, dated by SOURCE_DATE_EPOCH; "said": what the command printed for
    each, "out": the folder (the suite renders each review once: issue 46)."""
    out = tmp_path_factory.mktemp("review")
    found: dict = {"said": {}, "out": out}
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SOURCE_DATE_EPOCH", EPOCH)
        for system in ("cf", "fpcf"):
            printed = io.StringIO()
            with contextlib.redirect_stdout(printed):
                found[system] = review_of(system, out)
            found["said"][system] = printed.getvalue()
    return found


@pytest.fixture(scope="module")
def altered(tmp_path_factory):
    """The cf review of a content copy with one stale translation (cf.16.21-2's `from` changed)
    whose sources.yaml names a seed file that is not there."""
    root = tmp_path_factory.mktemp("altered")
    content = root / "content"
    shutil.copytree(Path(__file__).resolve().parents[2] / "content", content)
    rules = content / "cf" / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    assert text.count('from: "16b92839"') == 1
    rules.write_text(text.replace('from: "16b92839"', 'from: "00000000"'), encoding="utf-8")
    sources = content / "sources.yaml"
    sources.write_text(
        sources.read_text(encoding="utf-8").replace(
            "file: 001_ad280b7930f0b777.txt", "file: 001_not-here.txt"
        ),
        encoding="utf-8",
    )
    return content, review_of("cf", root / "out", "--content", str(content))


def test_the_review_is_written_where_the_command_says(reviews):
    for system in ("cf", "fpcf"):
        path = reviews["out"] / "review" / f"{system}.review.pdf"
        assert reviews["said"][system].strip() == f"wrote {path}"
        assert path.read_bytes().startswith(b"%PDF-")
    assert not list(reviews["out"].rglob("*.partial*"))  # written atomically: no temporary left
    page = PdfReader(reviews["cf"]).pages[0]
    assert page.mediabox.width > page.mediabox.height  # A4 landscape
    assert round(float(page.mediabox.width) / 72 * 25.4) == 297


@pytest.mark.parametrize("system", ["cf", "fpcf"])
def test_every_correction_is_shown_in_the_reviewers_copy(reviews, content, system):
    text = flat(pdf_text(reviews[system]))
    corrections = every_correction_in(content, system)
    assert corrections
    shown = {"en": "Original:{}→Printed:{}", "ja": "原文:{}→本書:{}"}
    for lang, seed, printed in corrections:
        assert flat(shown[lang].format(seed, printed)) in text, (seed, printed)


@pytest.mark.parametrize("system", ["cf", "fpcf"])
def test_every_case_and_chart_of_the_system_is_in_its_review(reviews, content, system):
    ids = outline_ids(reviews[system])
    cases = [cid for cid in content.cases if cid.startswith(f"{system}.")]
    charts = sorted(tid for tid in content.tables if tid.startswith(f"{system}."))
    assert [i for i in ids if i in content.cases] == cases  # printed order
    assert sorted(i for i in ids if i in content.tables) == charts
    text = pdf_text(reviews[system])
    assert all(entry_id in text for entry_id in cases + charts)


def test_the_review_shows_the_detail_behind_a_note_that_player_pages_leave_out(reviews, content):
    """A note's technical detail (seed lines, OCR forms) is printed with the note, in both
    languages: the chart's own note and a case's uncertain note."""
    text = flat(pdf_text(reviews["fpcf"]))
    chart = content.tables["fpcf.hq-capability"].table.notes[0].text
    case = content.cases["fpcf.non-surprise-scenario"].uncertain
    for note in (chart, case):
        assert note.detail is not None
        for lang in ("en", "ja"):
            assert flat(note.detail.get(lang)) in text, (lang, note.detail.get(lang))
    assert text.count(flat("Editor's note (reviewer's copy only)")) >= 2


def test_the_mak_review_exists_with_every_case(tmp_path, content):
    path = review_of("mak", tmp_path)
    cases = [cid for cid in content.cases if cid.startswith("mak.")]
    assert len(cases) > 200
    ids = outline_ids(path)
    assert [i for i in ids if i in content.cases] == cases
    assert {"mak.pilots", "mak.rank-vp"} <= set(ids)
    page = entry_page(path, "mak.1.0")
    assert "English: from the seed; Japanese: translated by playaid" in page
    assert "190" in page and "Introduction" in page


def test_a_case_shows_the_seeds_own_lines_with_their_numbers(reviews):
    seed = next(SEEDS.glob("001_*.txt")).read_text(encoding="utf-8").split("\n")
    assert seed[38].startswith("[16.21] 工兵ユニットが河川もしくは")  # line 39
    case = entry_text(reviews["cf"], "cf.16.21-2")
    # The seed's line, numbered, before the English and the Japanese of the case.
    assert flat(case).index("39" + flat(seed[38])) < flat(case).index("IfanEngineerunit")


def test_the_view_model_cites_exactly_the_lines_of_the_source(content):
    view = review(content, "fpcf")
    setup = next(entry for entry in view.cases if entry.id == "fpcf.setup")
    assert [line.number for line in setup.excerpt.lines] == [209, 235]
    assert [line.lang for line in setup.excerpt.lines] == ["en", "ja"]
    assert setup.excerpt.lines[1].after_gap and not setup.excerpt.lines[0].after_gap
    lines = next(SEEDS.glob("000_*.txt")).read_text(encoding="utf-8").split("\n")
    assert setup.excerpt.lines[0].text == escape(lines[208])
    assert view.counts["cases"].total == len([c for c in content.cases if c.startswith("fpcf.")])


def test_states_say_which_side_is_the_seeds(reviews):
    cf = pdf_text(reviews["cf"])
    assert "English: translated by playaid; Japanese: from the seed" in cf
    assert "英語: playaid による翻訳、日本語: シードの原文" in cf
    fpcf = entry_page(reviews["fpcf"], "fpcf.west-german-brigades")
    assert "English and Japanese: both from the seed" in fpcf


def test_uncertain_notes_and_disagreeing_languages_are_marked(reviews, content):
    page = entry_page(reviews["fpcf"], "fpcf.setup")
    heading = page[page.index("fpcf.setup") :].split("\n")[0]
    assert "Languages differ / 英日で内容が異なる" in heading
    assert "Uncertain reading / 不確実な読み取り" in heading
    note = content.cases["fpcf.setup"].uncertain
    assert flat(note.en[:80]) in flat(page) and flat(note.ja[:40]) in flat(page)
    assert "playaid's note, written in English; the Japanese translated by playaid" in page
    cover = PdfReader(reviews["fpcf"]).pages[0].extract_text()
    assert "Languages differ / 英日で内容が異なる 6 1" in cover  # cases, charts


def test_a_stale_translation_is_rendered_and_marked(altered, run):
    content, path = altered
    assert run("--content", str(content), "check").code == 1  # check refuses it
    case = entry_text(path, "cf.16.21-2")
    assert case.split("\n")[0] == "cf.16.21-2 Stale translation / 古い翻訳"
    assert "STALE TRANSLATION: made from an earlier source text" in case
    assert "from: 00000000 → 16b92839" in case
    assert "If an Engineer unit is adjacent to a river hexside" in case
    cover = PdfReader(path).pages[0].extract_text()
    assert "Stale translation / 古い翻訳 1" in cover
    assert "Stale translation / 古い翻訳 cf.16.21-2" in cover


def test_a_missing_seed_file_is_said_plainly_in_each_cell(altered, content):
    _, path = altered
    text = pdf_text(path)
    cases = [cid for cid in content.cases if cid.startswith("cf.")]
    assert text.count("Seed file not available / シードファイルがありません") >= len(cases)
    assert "001_not-here.txt" in text
    assert "If an Engineer unit is adjacent to a river hexside" in text  # the rest is there
    empty = SeedFiles(content, SEEDS.parent / "no-such-folder").excerpt(
        content.cases["cf.16.21-2"].source
    )
    assert empty.problem == "missing" and not empty.lines


def test_seed_names_never_leave_the_seed_folder(content, tmp_path):
    seeds = SeedFiles(content, tmp_path)
    (tmp_path / "x.txt").write_text("a\tb\x07\n", encoding="utf-8")
    seeds.seeds["000"] = seeds.seeds["000"].model_copy(update={"file": "../x.txt"})
    assert seeds.lines("000") is None
    seeds = SeedFiles(content, tmp_path)
    seeds.seeds["000"] = seeds.seeds["000"].model_copy(update={"file": "x.txt"})
    assert seeds.lines("000") == ["a\tb\x07"]
    line = seeds.excerpt(content.cases["fpcf.setup"].source.model_copy(update={"lines": "1"}))
    assert (
        str(line.lines[0].text)
        == 'a<span class="tab">→</span>b<span class="codepoint">[U+0007]</span>'
    )


def test_an_unknown_system_lists_the_choices(run, tmp_path):
    result = run("review", "chess", "--out", str(tmp_path))
    assert result.code == 1
    assert "there are no rules for 'chess'; systems: fpcf, cf, mak" in result.err
    assert not (tmp_path / "review").exists()
    with pytest.raises(SystemExit) as raised:
        run("review")
    assert raised.value.code == 2


def test_the_same_content_and_epoch_give_the_same_bytes(reviews, tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    monkeypatch.setattr(doccache, "folder", lambda: tmp_path / "empty-cache")  # render afresh
    again = review_of("cf", tmp_path / "again")
    assert again.read_bytes() == reviews["cf"].read_bytes()
    cover = PdfReader(again).pages[0].extract_text()
    assert "November 14, 2023 / 2023年11月14日" in unspaced(cover)
