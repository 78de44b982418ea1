"""An HTML page as a flat list of tokens that write back to an equivalent page."""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from html.parser import HTMLParser

VOID = frozenset(
    [
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
    ]
)


@dataclass
class Token:
    """A start tag, an end tag, a run of text, or anything else (comment, doctype), as written."""

    kind: str  # "start", "end", "empty" (a void or self-closed tag), "text", "other"
    raw: str  # the markup as written; for text, the text unescaped
    tag: str = ""
    attrs: dict[str, str | None] = field(default_factory=dict)
    cdata: bool = False  # text of <style> or <script>, written back as is


class _Reader(HTMLParser):
    """Collects tokens; character references in text are resolved (written back escaped)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tokens: list[Token] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        kind = "empty" if tag in VOID else "start"
        self.tokens.append(Token(kind, self.get_starttag_text() or "", tag, dict(attrs)))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tokens.append(Token("empty", self.get_starttag_text() or "", tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        self.tokens.append(Token("end", f"</{tag}>", tag))

    def handle_data(self, data: str) -> None:
        cdata = self.cdata_elem is not None
        self.tokens.append(Token("text", data, cdata=cdata))

    def handle_comment(self, data: str) -> None:
        self.tokens.append(Token("other", f"<!--{data}-->"))

    def handle_decl(self, decl: str) -> None:
        self.tokens.append(Token("other", f"<!{decl}>"))

    def handle_pi(self, data: str) -> None:
        self.tokens.append(Token("other", f"<?{data}>"))


def read_tokens(html: str) -> list[Token]:
    """The tokens of a page, in order."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return reader.tokens


def text_markup(text: str) -> str:
    """Text as it is written in HTML: &, < and > escaped (quotes need no escape in text)."""
    return escape(text, quote=False)


def start_tag(tag: str, attrs: dict[str, str | None]) -> str:
    """A start tag written from its name and attributes (an attribute without a value bare)."""
    written = "".join(
        f" {name}" if value is None else f' {name}="{escape(value, quote=True)}"'
        for name, value in attrs.items()
    )
    return f"<{tag}{written}>"
