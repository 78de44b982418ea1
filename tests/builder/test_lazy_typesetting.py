"""A document's later type sizes and layouts are typeset only when the render pool tries them
(generator.builder.html.Unset, issue 46): a card that fits its first size is typeset once, and
its key still changes with what a later variant would print."""

from __future__ import annotations

from generator.builder.html import Unset, variant_key, variant_text
from generator.cli import main
from generator.render.typeset import kept


def test_a_card_that_fits_its_first_size_is_typeset_once(tmp_path, monkeypatch):
    typeset = kept.typeset
    calls: list[str] = []

    def counted(html, *args, **kwargs):
        calls.append(html)
        return typeset(html, *args, **kwargs)

    monkeypatch.setattr(kept, "typeset", counted)
    argv = ["build", "fpcf.detection", "--lang", "ja", "--no-cache", "-j", "1"]
    assert main([*argv, "--out", str(tmp_path)]) == 0
    assert len(calls) == 1  # three type sizes and three running-text layouts were typeset before


def test_an_unset_variant_is_keyed_by_what_it_is_made_of_and_typesets_as_at_once():
    page = '<html lang="ja"><body><p class="phrase-lines">ダイスを2個振る。Roll 2d6。</p></body></html>'
    layout = kept.Layout(keep_breaks=True)
    unset = Unset(page, ("ダイス",), layout, fresh=True)
    assert variant_text(unset) == kept.typeset_kept(page, ("ダイス",), layout, fresh=True)
    other_page = Unset(page.replace("2個", "3個"), ("ダイス",), layout, fresh=True)
    other_layout = Unset(page, ("ダイス",), kept.Layout(card_lines=False), fresh=True)
    other_terms = Unset(page, ("判定",), layout, fresh=True)
    keys = {variant_key(v) for v in (unset, other_page, other_layout, other_terms)}
    assert len(keys) == 4
    assert unset.replace("Roll", "Throw").html == page.replace("Roll", "Throw")
