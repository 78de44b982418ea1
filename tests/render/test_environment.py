"""The editions' Jinja environments compile each template once a process between them, and
afresh for an environment whose compiler settings differ."""

from __future__ import annotations

from jinja2 import DictLoader, Environment

from generator.render import environment

BLANK = "This page is intentionally blank."
PAGE = {
    "page.html": f'<p>{{{{ ui("{BLANK}") }}}} {{% trans %}}{BLANK}{{% endtrans %}} {{{{ n }}}}</p>'
}


def test_each_template_compiles_once_for_every_edition_and_renders_the_same(monkeypatch):
    compiled: list[str] = []
    real = Environment.compile

    def counted(self, source, name=None, *rest, **options):
        compiled.append(name)
        return real(self, source, name, *rest, **options)

    monkeypatch.setattr(Environment, "compile", counted)
    monkeypatch.setattr(environment, "COMPILED_ONCE", environment.CompiledOnce())

    def made(edition: str, shared: bool = True) -> Environment:
        env = environment.new_environment(edition)
        env.loader = DictLoader(PAGE)
        env.bytecode_cache = env.bytecode_cache if shared else None
        return env

    pages = [made(e).get_template("page.html").render(n=1) for e in environment.EDITIONS]
    assert compiled == ["page.html"]
    assert len(set(pages)) == 3  # each edition's own words
    assert made("ja", shared=False).get_template("page.html").render(n=1) == pages[1]
    other = made("en")
    other.trim_blocks = True  # a setting the compiler reads: compiled again
    other.get_template("page.html")
    assert compiled == ["page.html"] * 3
