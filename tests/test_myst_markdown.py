"""scripts/myst_markdown.py: MyST turned into the Markdown JupyterLab renders."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import myst_markdown as mm  # noqa: E402

BASE = "https://example.org/book/"


@pytest.fixture(scope="module")
def index() -> mm.BookIndex:
    return mm.BookIndex(
        base_url=BASE,
        titles={"notebooks/trade": "The trade", "howto/live": "Run live", "bibliography": "B"},
        labels={
            "chapter-trade": mm.Target("notebooks/trade", "chapter-trade", "The trade"),
            "ex-a": mm.Target("notebooks/trade", "ex-a", "Exercise 9.1"),
            "ex-b": mm.Target("notebooks/trade", "ex-b", "Exercise 9.2"),
        },
        numbers={"notebooks/trade": "9"},
        exercises={"ex-a": "9.1", "ex-b": "9.2"},
        citations={"kuhn1950simplified": ("Kuhn", "1950"), "k2": ("Koller et al.", "1996")},
        api_pages={"kuhtheory.payment": "reference/payment", "kuhtheory.editions": "ref/ed"},
    )


def md(text: str, index: mm.BookIndex, instructor: bool = False, doc: str = "notebooks/x"):
    ctx = mm.Context(doc, index, instructor=instructor)
    return mm.convert(text, ctx)


def one(text: str, index: mm.BookIndex, **kw) -> str:
    cells = md(text, index, **kw)
    assert [c.kind for c in cells] == ["markdown"], cells
    return cells[0].source


def test_label_lines_and_comments_disappear(index):
    assert one("(chapter-x)=\n# Title\n\n% a comment\ntext", index) == "# Title\n\ntext"


def test_citations_link_to_their_entry_in_the_bibliography(index):
    out = one("as shown {cite}`kuhn1950simplified,k2`.", index)
    assert out == (
        f"as shown \\[[Kuhn, 1950]({BASE}bibliography.html#cite-kuhn1950simplified); "
        f"[Koller et al., 1996]({BASE}bibliography.html#cite-k2)\\]."
    )
    assert one("{cite:t}`kuhn1950simplified`", index) == (
        f"Kuhn \\[[1950]({BASE}bibliography.html#cite-kuhn1950simplified)\\]"
    )


def test_unknown_citation_key_names_it(index):
    with pytest.raises(mm.ConversionError, match="'nobody2000'"):
        md("{cite}`nobody2000`", index)


def test_refs_and_docs_link_to_the_published_pages(index):
    assert one("see {ref}`chapter-trade`", index) == (
        f"see [The trade]({BASE}notebooks/trade.html#chapter-trade)"
    )
    assert one("see {ref}`this chapter <chapter-trade>`", index) == (
        f"see [this chapter]({BASE}notebooks/trade.html#chapter-trade)"
    )
    assert one("open {doc}`../howto/live`", index, doc="notebooks/trade") == (
        f"open [Run live]({BASE}howto/live.html)"
    )
    # an exercise of the same page is named, not linked
    assert one("({ref}`ex-b`)", index, doc="notebooks/trade") == "(Exercise 9.2)"
    assert one("({ref}`ex-b`)", index, doc="notebooks/other") == (
        f"([Exercise 9.2]({BASE}notebooks/trade.html#ex-b))"
    )


def test_unknown_label_and_page_are_errors(index):
    with pytest.raises(mm.ConversionError, match="unknown label 'nowhere'"):
        md("{ref}`nowhere`", index)
    with pytest.raises(mm.ConversionError, match="no such page"):
        md("{doc}`../nowhere`", index, doc="notebooks/trade")


def test_python_roles_become_code_links_to_the_reference(index):
    assert one("{py:func}`~kuhtheory.payment.least_overpay`", index) == (
        f"[`least_overpay()`]({BASE}reference/payment.html#kuhtheory.payment.least_overpay)"
    )
    assert one("{py:mod}`kuhtheory.payment`", index) == (
        f"[`kuhtheory.payment`]({BASE}reference/payment.html#module-kuhtheory.payment)"
    )
    # a re-exported name links to where it is defined and documented
    assert one("{py:class}`~kuhtheory.editions.Edition`", index) == (
        f"[`Edition`]({BASE}ref/ed.html#kuhtheory.editions.Edition)"
    )
    # no reference page: plain code
    assert one("{py:func}`kuhtheory.nowhere.f`", index) == "`kuhtheory.nowhere.f()`"


def test_code_spans_and_code_blocks_are_left_alone(index):
    text = 'write `` {cite}`key` `` in the source\n\n```python\nx = f"{y}`"\n```'
    assert one(text, index) == text


def test_unknown_role_and_directive_are_errors(index):
    with pytest.raises(mm.ConversionError, match=r"role \{sup\}"):
        md("x{sup}`2`", index)
    with pytest.raises(mm.ConversionError, match=r"directive \{mermaid\}"):
        md("```{mermaid}\ngraph\n```", index)


EXERCISE = """## Exercises

```{exercise}
:label: ex-a

Raise *W* ({ref}`chapter-trade`).
```

````{solution} ex-a
:class: dropdown

More: see the code.

```python
print(1 + 1)
```

So it is 2.
````
"""


def test_student_exercises_are_numbered_and_solutions_dropped(index):
    out = one(EXERCISE, index, doc="notebooks/trade")
    assert out.startswith("## Exercises\n\n**Exercise 9.1**\n\nRaise *W* ([The trade](")
    assert "Solution" not in out and "print(1 + 1)" not in out and "dropdown" not in out


def test_instructor_solutions_follow_with_runnable_code(index):
    cells = md(EXERCISE, index, instructor=True, doc="notebooks/trade")
    assert [c.kind for c in cells] == ["markdown", "code", "markdown"]
    assert cells[0].source.endswith("**Solution to Exercise 9.1**\n\nMore: see the code.")
    assert cells[1].source == "print(1 + 1)"
    assert cells[2].source == "So it is 2."


def test_exercise_without_a_known_label_is_an_error(index):
    with pytest.raises(mm.ConversionError, match="needs a :label:"):
        md("```{exercise}\n:label: ex-z\nQ\n```", index)


def test_admonitions_dropdowns_math_and_tables(index):
    assert one("```{note}\nTake care.\n```", index) == "> **Note**\n>\n> Take care."
    assert one(":::{admonition} Static pages\n:class: tip\nNo kernel.\n:::", index) == (
        "> **Static pages**\n>\n> No kernel."
    )
    assert one("```{dropdown} More\nHidden.\n```", index) == (
        "<details><summary>More</summary>\n\nHidden.\n\n</details>"
    )
    assert one("```{math}\n:label: eq\nx^2\n```", index) == "$$\nx^2\n$$"
    table = "```{list-table} Editions\n:header-rows: 1\n\n* - a\n  - b\n* - 1\n  - 2\n```"
    assert one(table, index) == "**Editions**\n\n| a | b |\n|---|---|\n| 1 | 2 |"


def test_nested_fences_close_at_the_right_line(index):
    text = "````{note}\n```python\nx = 1\n```\n````\nafter"
    assert one(text, index) == "> **Note**\n>\n> ```python\n> x = 1\n> ```\n\nafter"


def test_the_book_index_numbers_chapters_and_exercises_like_the_toc():
    index = mm.build_index()
    assert index.base_url.startswith("https://") and index.base_url.endswith("/")
    toc = [
        doc
        for doc, numbered in mm.toc_entries(
            mm.yaml.safe_load((mm.BOOK / "_toc.yml").read_text(encoding="utf-8"))
        )
        if numbered
    ]
    assert [index.numbers[doc] for doc in toc if doc in index.numbers] == [
        str(k) for k in range(1, len(index.numbers) + 1)
    ]
    for label, number in index.exercises.items():
        chapter = index.labels[label].docname
        assert number.split(".")[0] == index.numbers[chapter], label
    assert index.citations["kuhn1950simplified"] == ("Kuhn", "1950")
    assert index.citations["vonstengel1996efficient"][0] == "von Stengel"
