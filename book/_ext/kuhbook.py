"""The book's own Sphinx extension: clause links, one local plotly.js and MathJax, page styles.

Loaded by book/_config.yml (``sphinx: local_extensions: {kuhbook: _ext}``). What it does:

* **Clause ids link to the rules digest.** The appendix page (``kuhbook_digest_doc``) includes the
  digest shipped in the package (kuhtheory/data/rules/RULES.md); :class:`ClauseTargets` gives each
  clause of it (a list item starting with its id, ``- K-TRD-3 ...``) an anchor, ``k-trd-3``, and
  registers it as a label. On every other page :class:`ClauseLinks` turns each clause id in the
  running text (never in code, literal output, titles or existing links) into a reference to that
  label, so an unknown id is a broken reference: a warning, an error under ``-W``.
  :class:`ClauseTitles` then gives each such link the clause's text as its tooltip.
  :class:`RawClauseLinks` does the same inside the text of executed HTML outputs (a self-check's
  answers, say), which Sphinx never parses: an unknown id there is a warning too.
* **plotly.js once per page, from the book's static files.** plotly's notebook renderer embeds
  the whole library (about 5 MB) in the first figure of every chapter, and each figure asks for
  MathJax from a CDN. :class:`StripPlotlyBundles` removes both from the executed outputs;
  :func:`add_page_assets` loads ``_static/plotly/plotly.min.js`` (copied from the installed
  plotly package, the one that executed the chapters, by :func:`copy_plotly_js`) on the pages
  that draw a figure.
* **MathJax from the book's static files** (``mathjax_path`` in _config.yml points into
  _wstatic/mathjax, fetched by scripts/fetch_mathjax.sh); ``_static/kuhbook.js`` lets the widget
  manager, which still speaks MathJax 2, typeset through MathJax 3.
* No remote scripts: sphinx-thebe's are dropped (:func:`add_page_assets`).
* **The single-page build** that ``make pdf`` prints (scripts/build_pdf.py):
  :func:`share_html_visitors` gives it the visitors of the nodes only registered for ``html``,
  and :func:`add_every_pages_notebook_scripts` every chapter's saved widget state.
* ``_static/kuhbook.css``: pages that fit a phone-width screen, the notice that a widget needs a
  live kernel (shown on static pages only), and the print styles of the PDF.
"""

from __future__ import annotations

import re
import shutil
from html import escape as html_escape
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging

from kuhtheory.rules_digest import CLAUSE_ID, anchor, clauses

logger = logging.getLogger(__name__)

HERE = Path(__file__).resolve().parent

#: The start of the plotly.js bundle that plotly's notebook renderer inlines, with its version.
PLOTLY_BUNDLE = re.compile(
    r"<script[^>]*>\s*/\*\*\s*\*\s*plotly\.js v(?P<version>[\w.+-]+)[\s\S]*?</script>"
)
#: A ``<script src=...>`` that loads MathJax from anywhere but the book itself.
REMOTE_MATHJAX = re.compile(
    r"<script[^>]*\bsrc=\"https?://[^\"]*mathjax[^\"]*\"[^>]*>\s*</script>", re.IGNORECASE
)
#: Where the book serves plotly.js, under _static.
PLOTLY_STATIC = "plotly/plotly.min.js"

# Clause ids are not linked inside these (code, program output, raw HTML, existing links, titles).
_NO_LINKS = (
    nodes.FixedTextElement,
    nodes.literal,
    nodes.raw,
    nodes.reference,
    nodes.title,
    nodes.target,
    addnodes.pending_xref,
    addnodes.desc_signature,
    nodes.comment,
)


def _linkable(node: nodes.Node) -> bool:
    parent = node.parent
    while parent is not None:
        if isinstance(parent, _NO_LINKS):
            return False
        parent = parent.parent
    return True


def split_clause_ids(text: str) -> list[str | tuple[str]]:
    """``text`` cut into plain strings and 1-tuples holding each clause id, in order.

    >>> split_clause_ids("pays (K-PAY-1), see K-AUC-1..4")
    ['pays (', ('K-PAY-1',), '), see ', ('K-AUC-1',), '..4']
    """
    parts: list[str | tuple[str]] = []
    last = 0
    for match in CLAUSE_ID.finditer(text):
        if match.start() > last:
            parts.append(text[last : match.start()])
        parts.append((match.group(0),))
        last = match.end()
    if last < len(text):
        parts.append(text[last:])
    return parts


class ClauseTargets(SphinxTransform):
    """In the digest's page: an anchor and a label ``k-trd-3`` on each clause's list item."""

    default_priority = 700  # before SphinxDomains (850), which collects the labels

    def apply(self, **kwargs: Any) -> None:
        if self.env.docname != self.config.kuhbook_digest_doc:
            return
        for item in list(self.document.findall(nodes.list_item)):
            if not item.children or not isinstance(item[0], nodes.paragraph):
                continue
            paragraph = item[0]
            first = paragraph[0] if paragraph.children else None
            if not isinstance(first, nodes.Text):
                continue
            match = re.match(rf"({CLAUSE_ID.pattern}) ", str(first))
            if not match:
                continue
            clause_id = match.group(1)
            label = anchor(clause_id)
            item["names"].append(label)
            self.document.note_explicit_target(item, item)
            item["classes"].append("kt-clause-def")
            rest = str(first)[match.end(1) :]
            paragraph.replace(first, nodes.Text(rest))
            paragraph.insert(0, nodes.strong(clause_id, clause_id))


class ClauseLinks(SphinxTransform):
    """Each clause id in running text becomes a reference to its label in the digest's page."""

    default_priority = 710

    def apply(self, **kwargs: Any) -> None:
        for text in list(self.document.findall(nodes.Text)):
            if not CLAUSE_ID.search(str(text)) or not _linkable(text):
                continue
            if self.env.docname == self.config.kuhbook_digest_doc and isinstance(
                text.parent, nodes.strong
            ):
                continue  # the clause's own id in its definition
            new: list[nodes.Node] = []
            for part in split_clause_ids(str(text)):
                if isinstance(part, str):
                    new.append(nodes.Text(part))
                    continue
                (clause_id,) = part
                ref = addnodes.pending_xref(
                    "",
                    nodes.inline(clause_id, clause_id),
                    refdomain="std",
                    reftype="ref",
                    reftarget=anchor(clause_id),
                    refexplicit=True,
                    refwarn=True,
                )
                new.append(ref)
            text.parent.replace(text, new)


class ClauseTitles(SphinxPostTransform):
    """A clause link's tooltip is the clause's text (after the references are resolved)."""

    default_priority = 20  # ReferencesResolver runs at 10

    def run(self, **kwargs: Any) -> None:
        texts = clauses()
        for ref in self.document.findall(nodes.reference):
            text = ref.astext()
            if not ref.get("internal") or not CLAUSE_ID.fullmatch(text):
                continue
            target = ref.get("refuri", "") or ref.get("refid", "")
            if target.endswith(anchor(text)):
                ref["reftitle"] = texts.get(text, "")
                ref["classes"].append("kt-clause-link")


#: What of an HTML output is not running text: scripts, styles, code, existing links and tags.
_HTML_NOT_TEXT = re.compile(
    r"<(script|style|pre|code|a)\b.*?</\1\s*>|<[^>]*>", re.IGNORECASE | re.DOTALL
)


def link_clause_ids_in_html(html: str, link: Any) -> str:
    """``html`` with each clause id in its text (not in tags, scripts, styles, code or links)
    replaced by ``link(clause_id)``.

    >>> link_clause_ids_in_html('<p title="K-AUC-4">no change (K-PAY-1)</p>', lambda c: f"[{c}]")
    '<p title="K-AUC-4">no change ([K-PAY-1])</p>'
    >>> link_clause_ids_in_html("<script>K-PAY-1</script><a>K-PAY-1</a>", lambda c: "x")
    '<script>K-PAY-1</script><a>K-PAY-1</a>'
    """
    out: list[str] = []
    last = 0
    for skipped in _HTML_NOT_TEXT.finditer(html):
        out.append(CLAUSE_ID.sub(lambda m: link(m.group(0)), html[last : skipped.start()]))
        out.append(skipped.group(0))
        last = skipped.end()
    out.append(CLAUSE_ID.sub(lambda m: link(m.group(0)), html[last:]))
    return "".join(out)


class RawClauseLinks(SphinxPostTransform):
    """Clause ids in the text of executed HTML outputs link to the digest like running text.

    The links have the markup :class:`ClauseLinks` and :class:`ClauseTitles` give running text.
    """

    default_priority = 20
    formats = ("html",)

    def run(self, **kwargs: Any) -> None:
        texts = clauses()
        digest = self.config.kuhbook_digest_doc
        here = self.env.docname
        page = "" if here == digest else self.app.builder.get_relative_uri(here, digest)

        def link(clause_id: str) -> str:
            if clause_id not in texts:
                logger.warning(
                    "kuhbook: unknown clause id %s in an output", clause_id, location=(here, None)
                )
                return clause_id
            return (
                f'<a class="kt-clause-link reference internal" href="{page}#{anchor(clause_id)}" '
                f'title="{html_escape(texts[clause_id])}"><span class="std std-ref">'
                f"{clause_id}</span></a>"
            )

        for raw in list(self.document.findall(nodes.raw)):
            if "html" not in raw.get("format", "").split():
                continue
            text = raw.astext()
            if not CLAUSE_ID.search(text):
                continue
            linked = link_clause_ids_in_html(text, link)
            if linked != text:
                raw.children = []
                raw.append(nodes.Text(linked))


def strip_plotly_assets(html: str) -> tuple[str, str | None]:
    """An output's HTML without the inlined plotly.js bundle and remote MathJax scripts, and the
    plotly.js version of the bundle removed (None if there was none).

    >>> html = '<script>/**\\n* plotly.js v4.1.1\\n*/ code</script><div>figure</div>'
    >>> strip_plotly_assets(html)
    ('<div>figure</div>', '4.1.1')
    >>> strip_plotly_assets('<script src="https://cdn.example/mathjax/tex-svg.js"></script>ok')
    ('ok', None)
    """
    version = None
    bundle = PLOTLY_BUNDLE.search(html)
    if bundle:
        version = bundle.group("version")
        html = PLOTLY_BUNDLE.sub("", html)
    return REMOTE_MATHJAX.sub("", html), version


class StripPlotlyBundles(SphinxTransform):
    """Executed outputs lose the plotly.js they inline and their remote MathJax (see module)."""

    default_priority = 720

    def apply(self, **kwargs: Any) -> None:
        for raw in list(self.document.findall(nodes.raw)):
            if "html" not in raw.get("format", "").split():
                continue
            text = raw.astext()
            if "plotly" not in text and "mathjax" not in text.lower():
                continue
            html, version = strip_plotly_assets(text)
            if html == text:
                continue
            if version is not None:
                versions = getattr(self.env, "kuhbook_plotly_versions", {})
                versions[self.env.docname] = version
                self.env.kuhbook_plotly_versions = versions  # type: ignore[attr-defined]
            raw.children = []
            raw.append(nodes.Text(html))


def installed_plotly_js() -> tuple[Path, str]:
    """The plotly.min.js of the installed plotly package and its version."""
    import plotly

    path = Path(plotly.__file__).resolve().parent / "package_data" / "plotly.min.js"
    head = path.read_text(encoding="utf-8", errors="replace")[:200]
    found = re.search(r"plotly\.js v([\w.+-]+)", head)
    return path, found.group(1) if found else "unknown"


def is_thebe_script(script: Any) -> bool:
    """Whether a page script belongs to sphinx-thebe (see :func:`add_page_assets`)."""
    filename = str(getattr(script, "filename", script) or "")
    body = str(getattr(script, "attributes", {}).get("body", ""))
    return filename.endswith("sphinx-thebe.js") or "THEBE_JS_URL" in body


def add_page_assets(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """Load plotly.js on the pages that draw a plotly figure (once, from _static), and drop
    sphinx-thebe's scripts: Jupyter Book always loads that extension, but the book launches
    Binder, never thebe, and its scripts only declared a remote script URL (twice, an error)."""
    if "plotly-graph-div" in context.get("body", ""):
        app.add_js_file(PLOTLY_STATIC, priority=400)
    if app.builder.name == "singlehtml":
        add_every_pages_notebook_scripts(app, pagename)
    scripts = context.get("script_files")
    if scripts is not None:
        scripts[:] = [s for s in scripts if not is_thebe_script(s)]


def add_every_pages_notebook_scripts(app: Sphinx, pagename: str) -> None:
    """On the single page (``make pdf``), the scripts myst-nb gives each chapter's page: each
    chapter's saved widget state, and the widget manager once.

    myst-nb adds them to the page of the document that holds the widgets; the single page is the
    root document's, so without this its widgets would show as "Loading widget..." text. Every
    state goes in its own script tag: the widget manager renders the views of each.
    """
    from myst_nb.sphinx_ import NbMetadataCollector

    env: Any = app.env
    own = NbMetadataCollector.get_js_files(env, pagename)
    added: set[str] = set()
    for docname in sorted(env.found_docs - {pagename}):
        for key, (uri, kwargs) in NbMetadataCollector.get_js_files(env, docname).items():
            if key in own or (uri is not None and uri in added):
                continue
            app.add_js_file(uri, **kwargs)
            if uri is not None:
                added.add(uri)


def copy_plotly_js(app: Sphinx, exception: Exception | None) -> None:
    """Copy the installed plotly.js to _static/plotly/, checking it is the version that the
    chapters were executed with (a cached output of an older plotly would not draw)."""
    if exception is not None or app.builder.format != "html":
        return
    path, version = installed_plotly_js()
    executed = set(getattr(app.env, "kuhbook_plotly_versions", {}).values())
    if executed - {version}:
        logger.warning(
            "kuhbook: chapters were executed with plotly.js %s but plotly.js %s is installed:"
            " clear the execution cache (book/_build/.jupyter_cache) and rebuild",
            ", ".join(sorted(executed)),
            version,
        )
    target = Path(app.outdir) / "_static" / PLOTLY_STATIC
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(path, target)


def purge_doc(app: Sphinx, env: Any, docname: str) -> None:
    getattr(env, "kuhbook_plotly_versions", {}).pop(docname, None)


def merge_info(app: Sphinx, env: Any, docnames: Any, other: Any) -> None:
    versions = getattr(env, "kuhbook_plotly_versions", {})
    versions.update(getattr(other, "kuhbook_plotly_versions", {}))
    env.kuhbook_plotly_versions = versions


def share_html_visitors(app: Sphinx) -> None:
    """The single-page build (``make pdf``) draws every node the page build draws.

    Sphinx gives a builder the visitors registered under its name (``singlehtml``) and only when
    there are none those of its format (``html``); sphinx-exercise registers some for
    ``singlehtml``, so myst-nb's (registered for ``html`` only, such as the folded code cells')
    would be missing there and the build would stop on an unknown node.
    """
    builder = app.builder
    if builder.name == "html" or builder.format != "html":
        return
    handlers = app.registry.translation_handlers
    own = handlers.setdefault(builder.name, {})
    for node, visitors in handlers.get("html", {}).items():
        own.setdefault(node, visitors)


def add_static_path(app: Sphinx) -> None:
    """kuhbook.css and kuhbook.js live beside this file; serve them from _static."""
    static = str(HERE / "kuhbook_static")
    if static not in app.config.html_static_path:
        app.config.html_static_path.append(static)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("kuhbook_digest_doc", "appendix/rules", "env")
    app.add_transform(ClauseTargets)
    app.add_transform(ClauseLinks)
    app.add_transform(StripPlotlyBundles)
    app.add_post_transform(ClauseTitles)
    app.add_post_transform(RawClauseLinks)
    app.connect("builder-inited", add_static_path)
    app.connect("builder-inited", share_html_visitors)
    # MathJax on every page, not only on those with a formula in their text: widgets and figures
    # typeset labels too.
    app.set_html_assets_policy("always")
    app.connect("html-page-context", add_page_assets)
    app.connect("build-finished", copy_plotly_js)
    app.connect("env-purge-doc", purge_doc)
    app.connect("env-merge-info", merge_info)
    # Before the theme's scripts and MathJax (priority 500): the MathJax 2 shim must be in place
    # when MathJax 3 reads its configuration.
    app.add_js_file("kuhbook.js", priority=510)
    app.add_css_file("kuhbook.css")
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
