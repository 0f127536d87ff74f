"""``make check-gambit``: Gambit's own LP on every trade kuhtheory exports, against solve_trade.

Each trade of ``tests/test_solvers_gambit_io.py``'s ``TRADE_CASES`` (every set of trade rules of
the editions and variants; single hands, collapsed or not; a hand of A drawn by chance) is written
with :func:`kuhtheory.solvers.gambit_io.write_efg`, read by Gambit (pygambit), solved by Gambit's
sequence-form LP in exact rational arithmetic (``pygambit.nash.lp_solve(rational=True)``), and
its value to A compared with :func:`kuhtheory.solvers.solve_trade`'s exact value; Kuhn poker's
value must be -1/18 (Kuhn 1950). Prints one line per game and exits 1 if any value differs.

Not part of ``make test``: pygambit (the ``[gambit]`` extra) builds from source for several
minutes; ``make check-gambit`` installs it first.
"""

from __future__ import annotations

import sys
import tempfile
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

try:
    import pygambit as gbt
except ImportError:
    sys.exit("check_gambit: pygambit is missing: pip install -e '.[gambit]' (make check-gambit)")

from test_solvers_gambit_io import TRADE_CASES  # noqa: E402

from kuhtheory.solvers import solve_trade  # noqa: E402
from kuhtheory.solvers.efg import Game  # noqa: E402
from kuhtheory.solvers.gambit_io import write_efg  # noqa: E402
from kuhtheory.solvers.kuhn import kuhn_poker  # noqa: E402
from kuhtheory.solvers.trade import trade_game  # noqa: E402


def gambit_value(game: Game, folder: Path) -> Fraction:
    """The first player's equilibrium payoff by Gambit's LP, read from the exported .efg file."""
    read = gbt.read_efg(str(write_efg(game, folder / "game.efg")))
    equilibrium = gbt.nash.lp_solve(read, rational=True).equilibria[0]
    return Fraction(equilibrium.payoff(next(iter(read.players))))


def main() -> int:
    rows: list[tuple[str, Fraction, Fraction]] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        rows.append(
            ("Kuhn poker (Kuhn 1950: -1/18)", gambit_value(kuhn_poker(), folder), Fraction(-1, 18))
        )
        for name, edition, a, b, value, collapse in TRADE_CASES:
            got = gambit_value(trade_game(edition, a, b, value, collapse=collapse), folder)
            exact = solve_trade(edition, a, b, value, exact=True).value_exact
            assert exact is not None
            rows.append((name, got, exact))
    width = max(len(name) for name, _, _ in rows)
    print(f"{'game':<{width}}  {'Gambit LP':>10}  {'kuhtheory':>10}")
    bad = 0
    for name, got, exact in rows:
        same = got == exact
        bad += not same
        print(
            f"{name:<{width}}  {str(got):>10}  {str(exact):>10}  {'same' if same else 'DIFFERENT'}"
        )
    print(f"{len(rows) - bad} of {len(rows)} values agree exactly (pygambit {gbt.__version__})")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
