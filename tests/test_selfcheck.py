"""kuhtheory.selfcheck: questions that answer on a static page (the browser half is in
tests/test_notebooks.py: test_self_check_answers_right_and_wrong_on_the_static_page)."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from kuhtheory.selfcheck import Choice, Number, SelfCheck


def test_number_answers_and_tolerances():
    assert Number("q?", answer=3).shown() == "3"
    assert Number("q?", answer=40.3456, tolerance=0.005).shown() == "40.35"
    assert Number("q?", answer=Fraction(1, 3), tolerance=0.001).shown() == "0.333"
    assert Number("q?", answer=2.0).shown() == "2"  # a whole number needs no tolerance


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"question": "", "answer": 1}, "question must be non-empty"),
        ({"question": "q?", "answer": "1"}, "answer must be a number"),
        ({"question": "q?", "answer": True}, "answer must be a number"),
        ({"question": "q?", "answer": float("nan")}, "answer must be finite"),
        ({"question": "q?", "answer": 1, "tolerance": -1}, "tolerance must be a number >= 0"),
        ({"question": "q?", "answer": 0.5}, "not a whole number: give a tolerance"),
    ],
)
def test_bad_number_questions_are_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Number(**kwargs)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("q?", ["only"], 0), "at least two options"),
        (("q?", ["a", "a"], 0), "two options read the same"),
        (("q?", ["a", ""], 0), "option must be non-empty"),
        (("q?", ["a", "b"], 2), "the answer 2 is no option"),
        (("q?", ["a", "b"], "a"), "answer is an option's index"),
    ],
)
def test_bad_choice_questions_are_refused(args, message):
    with pytest.raises(ValueError, match=message):
        Choice(*args)


def test_self_check_needs_questions():
    with pytest.raises(ValueError, match="at least one question"):
        SelfCheck()
    with pytest.raises(ValueError, match="is not a Number or a Choice"):
        SelfCheck("what?")  # type: ignore[arg-type]


def test_html_holds_questions_answers_and_the_script_and_nothing_external():
    check = SelfCheck(
        Number("The value of *W*?", answer=40.35, tolerance=0.005, why="From `solve_trade`."),
        Choice("Who <b>pays</b>?", ["A", "B", "the bank"], answer=1),
    )
    page = check._repr_html_()
    assert page.count('class="kt-sc-q"') == 2
    assert 'data-kind="number" data-answer="40.35" data-tolerance="0.005"' in page
    assert 'data-kind="choice" data-answer="1"' in page
    assert "<em>W</em>" in page and "<code>solve_trade</code>" in page
    assert "&lt;b&gt;pays&lt;/b&gt;" in page  # text is escaped, never markup
    assert "<strong>40.35</strong>" in page and "<strong>B</strong>" in page
    assert "<script>" in page and "addEventListener" in page and "<style>" in page
    assert not re.search(r"(src|href)=|https?://|//cdn", page)


def test_the_same_questions_give_the_same_page():
    a = SelfCheck(Number("q?", answer=1), Choice("c?", ["x", "y"], 0))
    b = SelfCheck(Number("q?", answer=1), Choice("c?", ["x", "y"], 0))
    c = SelfCheck(Number("q?", answer=2), Choice("c?", ["x", "y"], 0))
    assert a._repr_html_() == b._repr_html_()
    assert a.key != c.key
    # radio groups are named after the quiz, so two quizzes on one page do not share them
    assert f'name="{a.key}-1"' in a._repr_html_()
    assert repr(a) == "SelfCheck(2 questions)"
