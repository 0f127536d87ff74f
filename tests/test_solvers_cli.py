"""``kuhtheory solve trade`` and ``solve kuhn`` through register() and, when present, main()."""

from __future__ import annotations

import argparse
import json

import pytest

from kuhtheory.cli.solve_trade import parse_a, register
from kuhtheory.errors import KuhtheoryError


def run(argv):
    parser = argparse.ArgumentParser(prog="solve")
    register(parser.add_subparsers(dest="solver"))
    args = parser.parse_args(argv)
    return args.func(args)


def test_trade_json_exact(capsys):
    argv = (
        "trade --edition classic --a 0,0,10,10,10,10,50 --b 0,10,10,50 --value 100 --exact --json"
    )
    assert run(argv.split()) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["value"] == 55 and data["value_exact"] == "55" and data["exact"] is True
    for key in ("offerer", "responder", "exploitability", "seconds"):
        assert key in data


def test_trade_table(capsys):
    assert run("trade --edition bluff --a 0,10 --b 10 --value 30".split()) == 0
    out = capsys.readouterr().out
    assert "Value to A" in out and "accept" not in out.split("B replies")[1]


def test_kuhn_json(capsys):
    assert run(["kuhn", "--json", "--exact"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["value_exact"] == "-1/18" and data["exact"]


def test_kuhn_table_and_efg(capsys, tmp_path):
    assert run(["kuhn", "--efg", str(tmp_path / "k.efg")]) == 0
    assert "-1/18" in capsys.readouterr().out
    assert (tmp_path / "k.efg").read_text().startswith("EFG 2 R")


def test_hidden_hands_syntax():
    assert parse_a("0,10") == "0,10"
    assert [p for _, p in parse_a("0,10@1/4;10@3/4")] == [0.25, 0.75]


def test_bad_input_raises_a_kuhtheory_error():
    with pytest.raises(KuhtheoryError, match="20"):
        run("trade --a 0,20 --b 10 --value 10".split())
    with pytest.raises(KuhtheoryError, match="needs a probability"):
        run(["trade", "--a", "0;10@1", "--b", "10", "--value", "10"])


def test_main_prints_one_line_errors(capsys):
    main = pytest.importorskip("kuhtheory.cli").main
    assert main("solve trade --a 0,20 --b 10 --value 10".split()) == 2
    err = capsys.readouterr().err
    assert err.startswith("kuhtheory: error:") and "Traceback" not in err
    assert main(["solve", "kuhn", "--exact"]) == 0


@pytest.mark.parametrize("refinement", ["none", "quasi-perfect", "proper"])
def test_trade_refinement_in_json_and_text(capsys, refinement):
    argv = ["trade", "--edition", "2025", "--a", "0,10,50", "--b", "10,10", "--value", "60"]
    assert run([*argv, "--refinement", refinement, "--json", "--exact"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["refinement"] == refinement and data["value_exact"] == "25"
    assert data["verified"].startswith("exact: best-response values equal 25")
    if refinement != "none":
        assert f"{refinement}: each plan an exact best response" in data["verified"]
    assert run([*argv, "--refinement", refinement, "--no-timing"]) == 0
    out = capsys.readouterr().out
    assert f"Refinement: {refinement}" in out and "Verified: float" in out


def test_the_default_refinement_is_quasi_perfect(capsys):
    assert run("trade --edition classic --a 0,10 --b 10 --value 30 --json".split()) == 0
    assert json.loads(capsys.readouterr().out)["refinement"] == "quasi-perfect"


def test_kuhn_refinement(capsys):
    assert run(["kuhn", "--json", "--refinement", "none"]) == 0
    assert json.loads(capsys.readouterr().out)["refinement"] == "none"


def test_an_unknown_refinement_is_one_error_line(capsys):
    main = pytest.importorskip("kuhtheory.cli").main
    assert main("solve trade --a 0 --b 0 --value 1 --refinement perfect".split()) == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'perfect'" in err and err.count("\n") == 1
    assert main("solve kuhn --refinement proper".split()) == 2
