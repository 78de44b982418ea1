"""Tagged PDFs bound from tagged PDFs: imposed card sheets and kits keep their parts' structure.

pypdf copies pages, never structure (it drops each page's /StructParents). `Structure` copies each
part's structure elements under one /Document of the bound PDF, in the parts' order: each element
points at its new page, a marked-content reference at the form XObject that now holds an imposed
card's content (/MCR with /Stm), an object reference at the copied link. One parent tree maps every
marked-content sequence and link back to its element. `finish` gives the bound PDF what a tagged
PDF needs besides (/MarkInfo, /Lang, /Title shown as the window's title) and, for a variant, what
it claims: the XMP metadata of PDF/A-3b or PDF/UA-1 and PDF/A's output intent (sRGB), taken from
the parts, which WeasyPrint wrote with one.
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    BooleanObject,
    DictionaryObject,
    IndirectObject,
    NameObject,
    NullObject,
    NumberObject,
    StreamObject,
    TextStringObject,
)

PRODUCER = "playaid"
_STRUCTURAL = {"/P", "/Pg", "/K", "/Type"}  # rewritten for the new PDF; every other key is copied


def _name(value: str) -> NameObject:
    return NameObject(value)


def _kids(element: DictionaryObject) -> list[Any]:
    kids = element.get("/K")
    if kids is None:
        return []
    return list(kids) if isinstance(kids, ArrayObject) else [kids]


def _number(value: Any) -> int | None:
    value = value.get_object() if isinstance(value, IndirectObject) else value
    return int(value) if isinstance(value, int) and not isinstance(value, bool) else None


class Structure:
    """The structure tree of a PDF being bound: each part's tree copied under one /Document."""

    def __init__(self, writer: PdfWriter) -> None:
        self.writer = writer
        self.tree = DictionaryObject({_name("/Type"): _name("/StructTreeRoot")})
        self.tree_ref = writer._add_object(self.tree)
        self.document = DictionaryObject(
            {
                _name("/Type"): _name("/StructElem"),
                _name("/S"): _name("/Document"),
                _name("/P"): self.tree_ref,
                _name("/K"): ArrayObject(),
            }
        )
        self.document_ref = writer._add_object(self.document)
        self.tree[_name("/K")] = ArrayObject([self.document_ref])
        self.entries: list[tuple[int, Any]] = []  # the parent tree: key -> elements
        self.owners: dict[int, ArrayObject] = {}  # a page or form's MCID -> element array
        self.identifiers: list[tuple[str, Any]] = []  # the ID tree: header cells by identifier
        self.keyed: set[int] = set()  # id() of each page, form and link given a parent tree key
        self.parts = 0

    def copy(
        self,
        reader: PdfReader,
        pages: dict[int, IndirectObject],
        forms: dict[int, IndirectObject] | None = None,
        streams: dict[int, IndirectObject] | None = None,
        annotations: dict[int, IndirectObject] | None = None,
        lang: str | None = None,
    ) -> None:
        """Copy one part's structure, its top elements marked `lang` where it is given (a part
        in another language than the bound PDF's). `pages` maps its pages (by object number) to
        the pages their content is now on; `forms` a page to the form XObject now holding its
        content (an imposed card); `streams` its own form XObjects to their copies;
        `annotations` its links to theirs. A part without structure adds nothing."""
        root = reader.trailer["/Root"].get_object()
        if "/StructTreeRoot" not in root:
            return
        self.parts += 1
        source = _Source(reader, pages, forms or {}, streams or {}, annotations or {})
        source.prefix = f"p{self.parts}-"
        before = len(self.document[_name("/K")])
        for top in _kids(root["/StructTreeRoot"]):
            element = top.get_object()
            if element.get("/S") == "/Document":
                for kid in _kids(element):
                    if isinstance(kid, IndirectObject):
                        self._copy(source, kid, self.document_ref, None)
            else:
                self._copy(source, top, self.document_ref, None)
        if lang:
            for top in self.document[_name("/K")][before:]:
                element = top.get_object()
                if "/Lang" not in element:
                    element[_name("/Lang")] = TextStringObject(lang)
        self._orphans(source)
        # What pypdf copied still carries the part's own parent tree keys: dropped where no
        # element of the copy claimed it.
        copies = [(link, "/StructParent") for link in source.annotations.values()]
        copies += [(form, "/StructParents") for form in source.streams.values()]
        for copied, key in copies:
            target = copied.get_object()
            if id(target) not in self.keyed and key in target:
                del target[key]

    def _copy(
        self, source: _Source, reference: IndirectObject, parent: IndirectObject, page: int | None
    ) -> None:
        """Copy one element and its kids under `parent` (its page inherited as `page`)."""
        element = reference.get_object()
        if not isinstance(element, DictionaryObject) or element.get("/Type", "/StructElem") != (
            "/StructElem"
        ):
            return
        made = DictionaryObject(
            {
                NameObject(key): value.clone(self.writer)
                for key, value in element.items()
                if key not in _STRUCTURAL
            }
        )
        # Header cells' identifiers, and the cells' references to them, made unique to the part.
        if "/ID" in made:
            made[_name("/ID")] = TextStringObject(source.prefix + str(made["/ID"]))
            self.identifiers.append((str(made["/ID"]), None))
        if "/A" in made:
            made[_name("/A")] = _prefixed_headers(made["/A"], source.prefix)
        made[_name("/Type")] = _name("/StructElem")
        made[_name("/P")] = parent
        made_ref = self.writer._add_object(made)
        if "/ID" in made:
            self.identifiers[-1] = (str(made["/ID"]), made_ref)
        source.copied[reference.idnum] = made_ref
        parent.get_object()[_name("/K")].append(made_ref)
        page = element.raw_get("/Pg").idnum if "/Pg" in element else page
        if page in source.pages:
            made[_name("/Pg")] = source.pages[page]
        made[_name("/K")] = ArrayObject()
        for kid in _kids(element):
            mcid = _number(kid)
            if mcid is not None:
                self._content(source, made_ref, page, None, mcid)
                continue
            if not isinstance(kid, IndirectObject | DictionaryObject):
                continue
            target = kid.get_object()
            kind = target.get("/Type")
            if kind == "/MCR":
                stream = target.raw_get("/Stm") if "/Stm" in target else None
                where = target.raw_get("/Pg").idnum if "/Pg" in target else page
                self._content(source, made_ref, where, stream, int(target["/MCID"]))
            elif kind == "/OBJR":
                self._link(source, made_ref, page, target.raw_get("/Obj"))
            elif isinstance(kid, IndirectObject):
                self._copy(source, kid, made_ref, page)

    def _content(
        self,
        source: _Source,
        element: IndirectObject,
        page: int | None,
        stream: IndirectObject | None,
        mcid: int,
    ) -> None:
        """A marked-content sequence of `element`: in a page's content, a form of the part's own
        (`stream`) or a card's page drawn as a form on a sheet."""
        if page not in source.pages:
            return
        new_page = source.pages[page]
        owner = source.streams.get(stream.idnum) if stream is not None else source.forms.get(page)
        if stream is not None and owner is None:
            return  # a form that was not copied
        kids = element.get_object()[_name("/K")]
        if owner is None:
            kids.append(NumberObject(mcid))
            self._claim(new_page, mcid, element)
        else:
            reference = DictionaryObject(
                {
                    _name("/Type"): _name("/MCR"),
                    _name("/Pg"): new_page,
                    _name("/Stm"): owner,
                    _name("/MCID"): NumberObject(mcid),
                }
            )
            kids.append(reference)
            self._claim(owner, mcid, element)

    def _claim(self, owner: IndirectObject, mcid: int, element: IndirectObject) -> None:
        """The parent tree's entry for one MCID of a page's or form's content."""
        elements = self.owners.get(owner.idnum)
        if elements is None:
            elements = self.owners[owner.idnum] = ArrayObject()
            owner.get_object()[_name("/StructParents")] = NumberObject(len(self.entries))
            self.keyed.add(id(owner.get_object()))
            self.entries.append((len(self.entries), elements))
        while len(elements) <= mcid:
            elements.append(NullObject())
        elements[mcid] = element

    def _link(
        self, source: _Source, element: IndirectObject, page: int | None, annotation: Any
    ) -> None:
        """A link of `element`, where the copy kept it."""
        copied = source.annotations.get(getattr(annotation, "idnum", None))
        if copied is None or page not in source.pages:
            return
        reference = DictionaryObject(
            {
                _name("/Type"): _name("/OBJR"),
                _name("/Obj"): copied,
                _name("/Pg"): source.pages[page],
            }
        )
        element.get_object()[_name("/K")].append(self.writer._add_object(reference))
        copied.get_object()[_name("/StructParent")] = NumberObject(len(self.entries))
        self.keyed.add(id(copied.get_object()))
        self.entries.append((len(self.entries), element))

    def _orphans(self, source: _Source) -> None:
        """Marked content the part's parent tree maps to elements outside its tree (WeasyPrint's
        running heads and page numbers, page furniture): each mapped to a copy of its element,
        outside the tree as in the part, so that no MCID of the bound PDF is left unmapped."""
        tree = source.reader.trailer["/Root"]["/StructTreeRoot"]
        nums = tree["/ParentTree"].get("/Nums", []) if "/ParentTree" in tree else []
        numbered = {int(nums[i]): nums[i + 1] for i in range(0, len(nums) - 1, 2)}
        owners = [(number, None) for number in source.pages]
        owners += [(None, number) for number in source.streams]
        for page, stream in owners:
            holder = source.page(page) if page is not None else source.stream(stream)
            if "/StructParents" not in holder:
                continue
            entry = numbered.get(int(holder["/StructParents"]))
            elements = entry.get_object() if entry is not None else None
            if not isinstance(elements, ArrayObject):
                continue
            for mcid, reference in enumerate(elements):
                if not isinstance(reference, IndirectObject):
                    continue
                if reference.idnum in source.copied:
                    continue
                element = reference.get_object()
                where = element.raw_get("/Pg").idnum if "/Pg" in element else page
                if where is None or where not in source.pages:
                    continue
                orphan = DictionaryObject(
                    {
                        _name("/Type"): _name("/StructElem"),
                        _name("/S"): element.get("/S", _name("/NonStruct")),
                        _name("/P"): self.document_ref,
                        _name("/Pg"): source.pages[where],
                        _name("/K"): ArrayObject(),
                    }
                )
                orphan_ref = self.writer._add_object(orphan)
                stream_ref = IndirectObject(stream, 0, source.reader) if stream else None
                self._content(source, orphan_ref, where, stream_ref, mcid)

    def finish(self, title: str, lang: str, variant: str | None, intents: PdfReader | None) -> None:
        """The parent tree, and the catalog and metadata of a tagged PDF (of `variant`)."""
        nums = ArrayObject()
        for key, value in self.entries:
            nums += [NumberObject(key), value]
        self.tree[_name("/ParentTree")] = self.writer._add_object(
            DictionaryObject({_name("/Nums"): nums})
        )
        self.tree[_name("/ParentTreeNextKey")] = NumberObject(len(self.entries))
        if self.identifiers:
            names = ArrayObject()
            for identifier, element in sorted(self.identifiers, key=lambda item: item[0].encode()):
                names += [TextStringObject(identifier), element]
            self.tree[_name("/IDTree")] = self.writer._add_object(
                DictionaryObject({_name("/Names"): names})
            )
        root = self.writer._root_object
        root[_name("/StructTreeRoot")] = self.tree_ref
        root[_name("/MarkInfo")] = DictionaryObject({_name("/Marked"): BooleanObject(True)})
        root[_name("/Lang")] = TextStringObject(lang)
        root[_name("/ViewerPreferences")] = DictionaryObject(
            {_name("/DisplayDocTitle"): BooleanObject(True)}
        )
        self.writer.add_metadata({"/Producer": PRODUCER, "/Title": title})
        self.writer.pdf_header = "%PDF-1.7"
        if variant is None:
            return
        if variant.startswith("pdf/a") and intents is not None:
            source = intents.trailer["/Root"].get_object()
            if "/OutputIntents" in source:
                root[_name("/OutputIntents")] = source.raw_get("/OutputIntents").clone(self.writer)
        metadata = StreamObject()
        metadata.set_data(xmp(title, variant))
        metadata.update({_name("/Type"): _name("/Metadata"), _name("/Subtype"): _name("/XML")})
        root[_name("/Metadata")] = self.writer._add_object(metadata)


class _Source:
    """One part being copied: its reader, where its pages, forms and links went, and which of
    its elements were copied (by object number)."""

    def __init__(
        self,
        reader: PdfReader,
        pages: dict[int, IndirectObject],
        forms: dict[int, IndirectObject],
        streams: dict[int, IndirectObject],
        annotations: dict[int, IndirectObject],
    ) -> None:
        self.reader = reader
        self.pages = pages
        self.forms = forms
        self.streams = streams
        self.annotations = annotations
        self.copied: dict[int, IndirectObject] = {}
        self.prefix = ""

    def page(self, number: int) -> DictionaryObject:
        return self.reader.get_object(number)

    def stream(self, number: int) -> DictionaryObject:
        return self.reader.get_object(number)


def _prefixed_headers(attributes: Any, prefix: str) -> Any:
    """A cell's attributes with the identifiers its /Headers name prefixed."""
    if isinstance(attributes, ArrayObject):
        return ArrayObject(_prefixed_headers(item, prefix) for item in attributes)
    if isinstance(attributes, DictionaryObject) and "/Headers" in attributes:
        attributes[_name("/Headers")] = ArrayObject(
            TextStringObject(prefix + str(header)) for header in attributes["/Headers"]
        )
    return attributes


def _array(value: Any) -> list[Any]:
    value = value.get_object() if value is not None else None
    return list(value) if isinstance(value, ArrayObject) else []


def xmp(title: str, variant: str) -> bytes:
    """XMP metadata claiming `variant` (pdf/a-3b or pdf/ua-1), with the title and producer the
    document information also holds, as PDF/A requires."""
    if variant == "pdf/a-3b":
        claim = (
            'xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/" pdfaid:part="3" pdfaid:conformance="B"'
        )
    elif variant == "pdf/ua-1":
        claim = 'xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/" pdfuaid:part="1"'
    else:
        raise ValueError(f"unknown PDF variant {variant!r}")
    return (
        '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>\n'
        '<x:xmpmeta xmlns:x="adobe:ns:meta/">'
        '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
        f'<rdf:Description rdf:about="" {claim}/>'
        '<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/"'
        f' pdf:Producer="{PRODUCER}"/>'
        '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>'
        f'<rdf:Alt><rdf:li xml:lang="x-default">{escape(title)}</rdf:li></rdf:Alt>'
        "</dc:title></rdf:Description></rdf:RDF></x:xmpmeta>\n"
        '<?xpacket end="r"?>'
    ).encode()


def annotations_moved(source: Any, copy: Any) -> dict[int, IndirectObject]:
    """The links of a page (by object number) to their copies on the page pypdf made of it,
    matched by kind and rectangle (pypdf keeps their order but may leave some out)."""
    kept: dict[tuple, IndirectObject] = {}
    for reference in _array(copy.get("/Annots")):
        annotation = reference.get_object()
        kept.setdefault(_annotation_key(annotation), reference)
    moved = {}
    for reference in _array(source.get("/Annots")):
        if not isinstance(reference, IndirectObject):
            continue
        match = kept.pop(_annotation_key(reference.get_object()), None)
        if match is not None:
            moved[reference.idnum] = match
    return moved


def _annotation_key(annotation: DictionaryObject) -> tuple:
    rect = tuple(round(float(v), 3) for v in annotation.get("/Rect", ()))
    return (str(annotation.get("/Subtype")), rect)


def forms_moved(source: Any, copy: Any) -> dict[int, IndirectObject]:
    """The form XObjects of a page (by object number) to their copies, matched by name."""

    def forms(page: Any) -> dict[str, Any]:
        resources = page.get("/Resources")
        resources = resources.get_object() if resources is not None else {}
        xobjects = resources.get("/XObject")
        return dict(xobjects.get_object()) if xobjects is not None else {}

    copied = forms(copy)
    return {
        reference.idnum: copied[name]
        for name, reference in forms(source).items()
        if isinstance(reference, IndirectObject) and isinstance(copied.get(name), IndirectObject)
    }
