"""The rules digest shipped in the package (kuhtheory/data/rules/RULES.md) and its reader.

Every clause id cited anywhere in the project (code, tests, chapters, book pages) must be defined
by the digest: the book links each id to its entry, and an undefined id would be a dead link.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kuhtheory import rules_digest
from kuhtheory.rules_digest import CLAUSE_ID, DIGEST_PATH, anchor, clause, clauses

ROOT = Path(__file__).resolve().parent.parent

#: The clause ids of the digest, by rule family, as the rule texts number them.
EXPECTED = {
    "K-TURN": 2,
    "K-AUC": 4,
    "K-PAY": 2,
    "K-DONK": 1,
    "K-TRD": 4,
    "K-END": 2,
    "K-VAR": 1,
    "K-HOUSE": 1,
    "S-DECK": 1,
    "S-ROUND": 1,
    "S-PRE": 1,
    "S-TRICK": 6,
    "S-SORT": 3,
    "S-END": 1,
}


def test_the_digest_is_package_data():
    assert DIGEST_PATH.is_file()
    assert DIGEST_PATH.parent == ROOT / "kuhtheory" / "data" / "rules"
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"data/rules/*.md"' in pyproject


def test_every_family_of_clauses_is_numbered_from_one():
    ids = list(clauses())
    for family, count in EXPECTED.items():
        assert [i for i in ids if i.rsplit("-", 1)[0] == family] == [
            f"{family}-{n}" for n in range(1, count + 1)
        ]
    assert len(ids) == sum(EXPECTED.values())


def test_clause_texts_come_from_the_rule_texts():
    # K-PAY-1: no change (all editions); K-TRD-4: the pair-against-pair stake; K-DONK-1 payouts
    assert clause("K-PAY-1").startswith("No change is ever given.")
    assert "both" in clause("K-TRD-4") and "exactly two cards" in clause("K-TRD-4")
    assert "50 for the first donkey, 100 for the second, 200" in clause("K-DONK-1")
    assert clause("S-TRICK-5").startswith("A super offer may be played at any time")
    # no clause swallowed the next one or a heading
    assert all(not CLAUSE_ID.search(text) for text in clauses().values())
    assert all("##" not in text for text in clauses().values())


def test_an_unknown_clause_is_a_key_error_naming_it():
    with pytest.raises(KeyError, match="'K-TRD-9'"):
        clause("K-TRD-9")


def test_anchor_is_the_lower_case_id():
    assert anchor("S-TRICK-2") == "s-trick-2"
    assert all(re.fullmatch(r"[ks]-[a-z]+-\d+", anchor(i)) for i in clauses())


def test_continuation_lines_belong_to_their_clause(monkeypatch: pytest.MonkeyPatch):
    text = "# Digest\n\n- K-AUC-1 first line\n  and its second line.\n- K-AUC-2 next.\n\nprose\n"
    monkeypatch.setattr(rules_digest, "digest_text", lambda: text)
    rules_digest.clauses.cache_clear()
    try:
        assert rules_digest.clauses() == {
            "K-AUC-1": "first line and its second line.",
            "K-AUC-2": "next.",
        }
    finally:
        rules_digest.clauses.cache_clear()


def _project_texts() -> list[Path]:
    paths = list((ROOT / "kuhtheory").rglob("*.py")) + list((ROOT / "tests").glob("*.py"))
    paths += list((ROOT / "notebooks").glob("*.md")) + list((ROOT / "benchmarks").glob("*.py"))
    paths += [p for p in (ROOT / "book").rglob("*.md") if "_build" not in p.parts]
    paths += [ROOT / "README.md"]
    return [p for p in paths if p.is_file() and p.name != "test_rules_digest.py"]


def test_every_clause_id_cited_in_the_project_is_defined():
    known = set(clauses())
    for path in _project_texts():
        for cited in set(CLAUSE_ID.findall(path.read_text(encoding="utf-8"))):
            assert cited in known, f"{path.relative_to(ROOT)} cites {cited}, not in the digest"
