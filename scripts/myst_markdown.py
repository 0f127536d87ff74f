"""MyST Markdown -> the Markdown JupyterLab renders: the text half of the student notebooks.

The book's sources (notebooks/*.md, book/**/*.md) are MyST: directives (```` ```{exercise} ````),
roles (``{cite}`key```, ``{ref}`label```), label lines (``(chapter-trade)=``). JupyterLab renders
CommonMark with math and some HTML, and shows MyST syntax as plain text. :func:`convert` turns
one Markdown cell into what JupyterLab renders:

- an exercise becomes a numbered paragraph (**Exercise 9.1**), numbered as the book numbers it
  (:class:`BookIndex` reads the chapter numbers from book/_toc.yml);
- a solution is dropped from the student edition and kept, with its Python blocks as code cells,
  in the instructor edition;
- admonitions become block quotes, dropdowns ``<details>``, math blocks ``$$``;
- ``{ref}``/``{doc}`` become links to the published pages, ``{cite}`` links to the entry in the
  bibliography page, ``{py:func}`` and the other Python roles links to the API reference;
- label lines and MyST comments disappear.

Anything this module does not know (a directive or role added to the book later) raises
:class:`ConversionError` naming the file and line, so no MyST reaches a student by accident.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"


class ConversionError(ValueError):
    """MyST that has no notebook form (names the file, the line and the construct)."""


@dataclass(frozen=True)
class Target:
    """Where a label points: a page of the book, an anchor on it, and the text of a reference."""

    docname: str
    anchor: str
    text: str


@dataclass(frozen=True)
class Cell:
    """One cell of the converted text: ``markdown`` or ``code`` (a solution's Python block)."""

    kind: str
    source: str


@dataclass
class BookIndex:
    """What a reference needs from the rest of the book.

    ``base_url`` is the published book (``html.baseurl`` in book/_config.yml); ``titles`` maps a
    docname (``notebooks/trade``) to its title, ``labels`` a label to its :class:`Target`,
    ``numbers`` a docname to its chapter number where its part of the table of contents is
    numbered, ``exercises`` an exercise label to its number ("9.1"), ``citations`` a BibTeX key to
    (authors, year), ``api_pages`` a module to the reference page that documents it.
    """

    base_url: str
    titles: dict[str, str] = field(default_factory=dict)
    labels: dict[str, Target] = field(default_factory=dict)
    numbers: dict[str, str] = field(default_factory=dict)
    exercises: dict[str, str] = field(default_factory=dict)
    citations: dict[str, tuple[str, str]] = field(default_factory=dict)
    api_pages: dict[str, str] = field(default_factory=dict)

    def url(self, docname: str, anchor: str = "") -> str:
        return f"{self.base_url}{docname}.html" + (f"#{anchor}" if anchor else "")


# ----- reading the book -----------------------------------------------------------------------
HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
LABEL_LINE = re.compile(r"^\(([^()\s]+)\)=\s*$")
OPTION = re.compile(r"^:([\w-]+):\s*(.*)$")
FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,}|:{3,})(?P<info>.*)$")
DIRECTIVE = re.compile(r"^\{(?P<name>[\w:-]+)\}\s*(?P<arg>.*)$")
AUTOMODULE = re.compile(r"^\s*\.\. automodule::\s+(\S+)", re.M)


def toc_entries(toc: dict) -> list[tuple[str, bool]]:
    """Every page of the table of contents in reading order, with whether its part is numbered."""
    found: list[tuple[str, bool]] = [(str(toc["root"]), False)]

    def walk(entries: list, numbered: bool) -> None:
        for entry in entries or ():
            if "file" in entry:
                found.append((str(entry["file"]), numbered))
            walk(entry.get("sections", []), numbered)

    for part in toc.get("parts", []):
        walk(part.get("chapters", []), bool(part.get("numbered")))
    walk(toc.get("chapters", []), bool(toc.get("numbered")))
    return found


def source_of(docname: str, book: Path = BOOK) -> Path | None:
    for suffix in (".md", ".ipynb"):
        path = book / f"{docname}{suffix}"
        if path.is_file():
            return path
    return None


def _authors(persons: list) -> str:
    import codecs

    import latexcodec  # noqa: F401  (registers the "ulatex" codec; pybtex depends on it)

    last = [
        codecs.decode(" ".join(p.prelast_names + p.last_names), "ulatex").replace("{", "")
        for p in persons
    ]
    last = [name.replace("}", "") for name in last]
    if len(last) == 1:
        return last[0]
    if len(last) == 2:
        return f"{last[0]} and {last[1]}"
    return f"{last[0]} et al."


def read_citations(bib: Path) -> dict[str, tuple[str, str]]:
    """BibTeX key -> (authors as the book prints them, year)."""
    from pybtex.database import parse_file

    data = parse_file(str(bib))
    out = {}
    for key, entry in data.entries.items():
        persons = entry.persons.get("author") or entry.persons.get("editor") or []
        out[key] = (_authors(persons), entry.fields.get("year", "n.d."))
    return out


def build_index(book: Path = BOOK) -> BookIndex:
    """The :class:`BookIndex` of the book in ``book`` (its config, toc, sources and .bib)."""
    config = yaml.safe_load((book / "_config.yml").read_text(encoding="utf-8"))
    base = str((config.get("html") or {}).get("baseurl") or "").rstrip("/") + "/"
    if base == "/":
        raise ConversionError("book/_config.yml: html.baseurl (the published book) is not set")
    index = BookIndex(base_url=base)
    toc = yaml.safe_load((book / "_toc.yml").read_text(encoding="utf-8"))
    chapter = 0
    unnumbered_exercises = 0  # Sphinx numbers these through the book, in reading order
    for docname, numbered in toc_entries(toc):
        path = source_of(docname, book)
        if path is None or path.suffix != ".md":
            continue
        text = path.read_text(encoding="utf-8")
        if numbered:
            chapter += 1
            index.numbers[docname] = str(chapter)
        title = ""
        pending: list[str] = []  # label lines waiting for the heading they name
        in_code = ""
        for line in text.splitlines():
            fence = FENCE.match(line)
            if in_code:
                closes = fence and fence["fence"][0] == in_code[0] and not fence["info"].strip()
                if closes and len(fence["fence"]) >= len(in_code):
                    in_code = ""
                continue
            info = fence["info"].strip() if fence else ""
            if fence and (not info.startswith("{") or info.startswith("{code-cell}")):
                in_code = fence["fence"]
                continue
            label = LABEL_LINE.match(line)
            heading = HEADING.match(line)
            if label:
                pending.append(label.group(1))
            elif heading:
                text_of = strip_inline(heading.group(2))
                title = title or text_of
                for name in pending:
                    index.labels[name] = Target(docname, name, text_of)
                pending = []
            elif line.strip():
                pending = []
        index.titles[docname] = title
        # Exercise labels, in order: the :label: option right after an {exercise} fence.
        labels = re.findall(
            r"^(?:`{3,}|:{3,})\{exercise\}[^\n]*\n(?:(?::[\w-]+:[^\n]*\n)*?):label:\s*(\S+)",
            text,
            re.M,
        )
        for k, name in enumerate(labels, start=1):
            if docname in index.numbers:
                number = f"{index.numbers[docname]}.{k}"
            else:
                unnumbered_exercises += 1
                number = str(unnumbered_exercises)
            index.exercises[name] = number
            index.labels[name] = Target(docname, name, f"Exercise {number}")
    index.citations = read_citations(book / "references.bib")
    for page in sorted((book / "reference").rglob("*.md")):
        docname = page.relative_to(book).with_suffix("").as_posix()
        for module in AUTOMODULE.findall(page.read_text(encoding="utf-8")):
            index.api_pages[module] = docname
    return index


def strip_inline(text: str) -> str:
    """Heading text as the page shows it: roles reduced to their text, emphasis kept."""
    return ROLE.sub(lambda m: _role_text(m.group("content")), text).strip()


# ----- roles ------------------------------------------------------------------------------------
ROLE = re.compile(r"\{(?P<name>[a-z][\w:+-]*)\}`(?P<content>[^`]+)`")
TITLED = re.compile(r"^(?P<title>.*?)\s*<(?P<target>[^<>]+)>$", re.S)
#: A role or a code span, whichever starts first: roles are converted, code spans kept as written.
ROLE_OR_CODE = re.compile(
    r"(?P<role>\{(?P<name>[a-z][\w:+-]*)\}`(?P<content>[^`]+)`)"
    r"|(?P<code>(?P<ticks>`+).+?(?<!`)(?P=ticks)(?!`))",
    re.S,
)


def _role_text(content: str) -> str:
    titled = TITLED.match(content)
    return titled.group("title") if titled else content.lstrip("~").rsplit(".", 1)[-1]


def _escape_link_text(text: str) -> str:
    return text.replace("[", r"\[").replace("]", r"\]")


def _py_role(kind: str, content: str, index: BookIndex) -> str:
    titled = TITLED.match(content)
    target = titled.group("target") if titled else content
    short = target.startswith("~")
    target = target.lstrip("~.")
    if titled:
        text = titled.group("title")
    else:
        text = target.rsplit(".", 1)[-1] if short else target
        if kind in {"func", "meth"}:
            text += "()"
    url = _api_url(kind, target, index)
    code = f"`{text}`"
    return f"[{code}]({url})" if url else code


def _api_url(kind: str, target: str, index: BookIndex) -> str | None:
    """The reference page and anchor that document ``target``, or None."""
    if kind == "mod":
        page = index.api_pages.get(target)
        return index.url(page, f"module-{target}") if page else None
    module, obj = _resolve(target)
    if module is None:
        return None
    page = index.api_pages.get(module)
    return index.url(page, f"{module}.{obj}") if page else None


def _resolve(target: str) -> tuple[str | None, str]:
    """(the module that defines ``target``, its qualified name there), importing the package."""
    parts = target.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        try:
            module = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        obj = module
        try:
            for name in parts[cut:]:
                obj = getattr(obj, name)
        except AttributeError:
            return None, ""
        home = getattr(obj, "__module__", None)
        qualname = getattr(obj, "__qualname__", None)
        if home and qualname and not isinstance(obj, type(module)):
            return home, qualname
        # An attribute without a home (a constant): documented under the module named.
        return ".".join(parts[:cut]), ".".join(parts[cut:])
    return None, ""


def _cite(kind: str, content: str, index: BookIndex, where: str) -> str:
    keys = [k.strip() for k in content.split(",") if k.strip()]
    links = []
    for key in keys:
        if key not in index.citations:
            raise ConversionError(f"{where}: {{cite}} of {key!r}, not in book/references.bib")
        authors, year = index.citations[key]
        links.append((authors, year, index.url("bibliography", f"cite-{key}")))
    if kind in {"cite:t", "cite:ts"}:
        return ", ".join(f"{a} \\[[{y}]({u})\\]" for a, y, u in links)
    return "\\[" + "; ".join(f"[{a}, {y}]({u})" for a, y, u in links) + "\\]"


def convert_roles(text: str, index: BookIndex, docname: str, where: str) -> str:
    """Every role of one paragraph replaced by Markdown (code spans are left alone)."""

    def role(match: re.Match[str]) -> str:
        if match.group("code"):
            return match.group(0)
        name, content = match.group("name"), match.group("content")
        if name.startswith("cite"):
            return _cite(name, content, index, where)
        if name.startswith("py:"):
            return _py_role(name[3:], content, index)
        if name in {"ref", "numref"}:
            return _ref(content, index, docname, where)
        if name == "doc":
            return _doc(content, index, docname, where)
        if name == "math":
            return f"${content}$"
        if name in {"code", "file", "samp", "command", "envvar"}:
            return f"`{content}`"
        if name in {"guilabel", "menuselection", "term", "abbr", "sub"}:
            return content
        if name == "kbd":
            return f"<kbd>{content}</kbd>"
        raise ConversionError(f"{where}: role {{{name}}} has no notebook form")

    return ROLE_OR_CODE.sub(role, text)


def _ref(content: str, index: BookIndex, docname: str, where: str) -> str:
    titled = TITLED.match(content)
    label = (titled.group("target") if titled else content).strip()
    if label not in index.labels:
        raise ConversionError(f"{where}: {{ref}} to an unknown label {label!r}")
    target = index.labels[label]
    text = titled.group("title") if titled else target.text
    if target.docname == docname and label in index.exercises:
        return text  # "Exercise 6.1" on the same page: the reader finds it below
    return f"[{_escape_link_text(text)}]({index.url(target.docname, target.anchor)})"


def _doc(content: str, index: BookIndex, docname: str, where: str) -> str:
    titled = TITLED.match(content)
    path = (titled.group("target") if titled else content).strip()
    if path.startswith("/"):
        target = path.lstrip("/")
    else:
        target = (Path(docname).parent / path).as_posix()
        parts: list[str] = []
        for part in target.split("/"):
            if part == "..":
                if parts:
                    parts.pop()
            elif part not in {"", "."}:
                parts.append(part)
        target = "/".join(parts)
    if target not in index.titles:
        raise ConversionError(f"{where}: {{doc}} to {path!r}: no such page in the book")
    text = titled.group("title") if titled else index.titles[target]
    return f"[{_escape_link_text(text)}]({index.url(target)})"


# ----- directives -------------------------------------------------------------------------------
ADMONITIONS = {
    "note": "Note",
    "tip": "Tip",
    "hint": "Hint",
    "important": "Important",
    "warning": "Warning",
    "caution": "Caution",
    "attention": "Attention",
    "danger": "Danger",
    "error": "Error",
    "seealso": "See also",
    "admonition": "",
    "margin": "",
    "sidebar": "",
    "topic": "",
    "epigraph": "",
}
DROPPED = {"bibliography", "tableofcontents", "contents"}


@dataclass
class Context:
    """The page being converted, and which edition."""

    docname: str
    index: BookIndex
    instructor: bool = False
    path: str = ""
    cell: int = 0

    def where(self, line: int) -> str:
        return f"{self.path or self.docname} (cell {self.cell}, line {line} of the cell)"


def _split_options(body: list[str]) -> tuple[dict[str, str], list[str]]:
    options: dict[str, str] = {}
    if body and body[0].strip() == "---":
        end = next((k for k in range(1, len(body)) if body[k].strip() == "---"), None)
        if end is not None:
            loaded = yaml.safe_load("\n".join(body[1:end])) or {}
            return {str(k): str(v) for k, v in loaded.items()}, body[end + 1 :]
    k = 0
    while k < len(body):
        option = OPTION.match(body[k])
        if not option:
            break
        options[option.group(1)] = option.group(2).strip()
        k += 1
    return options, body[k:]


def _closing(lines: list[str], start: int, fence: str) -> int:
    """The index of the line that closes the fence opened at ``start``."""
    for k in range(start + 1, len(lines)):
        stripped = lines[k].strip()
        if stripped and set(stripped) == {fence[0]} and len(stripped) >= len(fence):
            return k
    return len(lines)


def _quote(text: str) -> str:
    return "\n".join(f"> {line}".rstrip() for line in text.splitlines())


def convert(text: str, ctx: Context, first_line: int = 1) -> list[Cell]:
    """One MyST Markdown cell as notebook cells (markdown, and code for instructors' solutions)."""
    lines = text.splitlines()
    cells: list[Cell] = []
    out: list[str] = []
    paragraph: list[str] = []

    def flush_paragraph() -> None:
        if paragraph:
            joined = "\n".join(paragraph)
            out.append(convert_roles(joined, ctx.index, ctx.docname, ctx.where(first_line + i)))
            paragraph.clear()

    def flush_markdown() -> None:
        flush_paragraph()
        body = "\n".join(out).strip("\n")
        body = re.sub(r"\n{3,}", "\n\n", body)
        if body.strip():
            cells.append(Cell("markdown", body))
        out.clear()

    i = 0
    while i < len(lines):
        line = lines[i]
        fence = FENCE.match(line)
        if fence:
            info = fence["info"].strip()
            directive = DIRECTIVE.match(info)
            end = _closing(lines, i, fence["fence"])
            body = lines[i + 1 : end]
            if directive is None:
                flush_paragraph()
                out.extend(lines[i : end + 1])  # a plain code block: as it is
            else:
                flush_paragraph()
                name, arg = directive["name"], directive["arg"].strip()
                options, content = _split_options(body)
                inner = "\n".join(content)
                where = ctx.where(first_line + i)
                converted = _directive(name, arg, options, inner, ctx, first_line + i + 1, where)
                for cell in converted:
                    if cell.kind == "markdown":
                        out.append(cell.source)
                        out.append("")
                    else:
                        flush_markdown()
                        cells.append(cell)
            i = end + 1
            continue
        if LABEL_LINE.match(line) or re.match(r"^%", line) or line.strip() == "+++":
            i += 1
            continue
        if not line.strip():
            flush_paragraph()
            out.append("")
        else:
            paragraph.append(line)
        i += 1
    flush_markdown()
    return cells


def _markdown(cells: list[Cell]) -> str:
    return "\n\n".join(c.source for c in cells if c.kind == "markdown")


def _directive(
    name: str, arg: str, options: dict[str, str], inner: str, ctx: Context, line: int, where: str
) -> list[Cell]:
    if name == "exercise":
        label = options.get("label", "")
        number = ctx.index.exercises.get(label)
        if number is None:
            raise ConversionError(
                f"{where}: an exercise needs a :label: the book knows ({label!r})"
            )
        title = f"**Exercise {number}**" + (f" ({arg})" if arg else "")
        return [Cell("markdown", title), *convert(inner, ctx, line)]
    if name in {"solution", "solution-start", "solution-end"}:
        if not ctx.instructor or name == "solution-end":
            return []
        number = ctx.index.exercises.get(arg, arg)
        return [
            Cell("markdown", f"**Solution to Exercise {number}**"),
            *_solution(inner, ctx, line),
        ]
    if name in ADMONITIONS:
        title = arg or ADMONITIONS[name]
        body = _markdown(convert(inner, ctx, line))
        if title:
            title = convert_roles(title, ctx.index, ctx.docname, where)
            body = f"**{title}**\n\n{body}"
        return [Cell("markdown", _quote(body))]
    if name == "dropdown":
        body = _markdown(convert(inner, ctx, line))
        summary = convert_roles(arg or "Details", ctx.index, ctx.docname, where)
        return [Cell("markdown", f"<details><summary>{summary}</summary>\n\n{body}\n\n</details>")]
    if name == "math":
        return [Cell("markdown", f"$$\n{inner.strip()}\n$$")]
    if name in {"code-block", "code", "sourcecode"}:
        return [Cell("markdown", f"```{arg}\n{inner}\n```")]
    if name in {"image", "figure"}:
        alt = options.get("alt", "")
        caption = _markdown(convert(inner, ctx, line)) if name == "figure" else ""
        image = f"![{alt}]({arg})"
        return [Cell("markdown", image + (f"\n\n*{caption}*" if caption else ""))]
    if name == "table":
        body = _markdown(convert(inner, ctx, line))
        head = convert_roles(arg, ctx.index, ctx.docname, where)
        return [Cell("markdown", (f"**{head}**\n\n" if head else "") + body)]
    if name == "list-table":
        return [Cell("markdown", _list_table(arg, options, inner, ctx, where))]
    if name in {"raw"} and arg == "html":
        return [Cell("markdown", inner)]
    if name in DROPPED:
        return []
    raise ConversionError(f"{where}: directive {{{name}}} has no notebook form")


def _solution(inner: str, ctx: Context, line: int) -> list[Cell]:
    """A solution for instructors: its text, and each Python block as a runnable code cell."""
    cells: list[Cell] = []
    lines = inner.splitlines()
    start = 0
    k = 0
    while k < len(lines):
        fence = FENCE.match(lines[k])
        if fence and fence["info"].strip() in {"python", "python3", "ipython3", "{code-cell}"}:
            end = _closing(lines, k, fence["fence"])
            cells.extend(convert("\n".join(lines[start:k]), ctx, line + start))
            cells.append(Cell("code", "\n".join(lines[k + 1 : end])))
            start = k = end + 1
            continue
        if fence:
            k = _closing(lines, k, fence["fence"]) + 1
            continue
        k += 1
    cells.extend(convert("\n".join(lines[start:]), ctx, line + start))
    return cells


def _list_table(arg: str, options: dict[str, str], inner: str, ctx: Context, where: str) -> str:
    rows: list[list[str]] = []
    for line in inner.splitlines():
        if re.match(r"^\*\s+-", line):
            rows.append([line.split("-", 1)[1].strip()])
        elif re.match(r"^\s+-", line) and rows:
            rows[-1].append(line.strip()[1:].strip())
        elif line.strip() and rows:
            rows[-1][-1] += " " + line.strip()
    if not rows:
        raise ConversionError(f"{where}: an empty list-table")
    cells = [[convert_roles(c, ctx.index, ctx.docname, where) for c in row] for row in rows]
    header = cells[0] if options.get("header-rows", "0") != "0" else [""] * len(cells[0])
    body = cells[1:] if options.get("header-rows", "0") != "0" else cells
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in body]
    title = convert_roles(arg, ctx.index, ctx.docname, where)
    return (f"**{title}**\n\n" if title else "") + "\n".join(lines)
