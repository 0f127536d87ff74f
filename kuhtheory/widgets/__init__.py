"""Widgets for the notebooks: the only package that imports ipywidgets.

Each widget is a class with a ``.widget`` (the ipywidgets container to display) and pure methods
that compute what is shown from its state, so tests drive it without a browser:

* :class:`~kuhtheory.widgets.play.PlayTable` — a full game against bots
  (logic in :class:`~kuhtheory.widgets.controller.GameController`);
* :class:`~kuhtheory.widgets.replay.ReplayViewer` — step through a game record;
* :class:`~kuhtheory.widgets.trade.TradeExplorer` — the trade and bluffing, solved live;
* :class:`~kuhtheory.widgets.preemption.PreemptionExplorer` — the preemption decision and the
  auction it shapes;
* :class:`~kuhtheory.widgets.tournament.TournamentRunner` — a tournament between bots, with its
  table and intervals.

The classes are imported lazily (``from kuhtheory.widgets import PlayTable``), so importing one
does not load the solvers the others need.
"""

from __future__ import annotations

import importlib
from typing import Any

_WHERE = {
    "PlayTable": "kuhtheory.widgets.play",
    "GameController": "kuhtheory.widgets.controller",
    "ReplayViewer": "kuhtheory.widgets.replay",
    "TradeExplorer": "kuhtheory.widgets.trade",
    "PreemptionExplorer": "kuhtheory.widgets.preemption",
    "TournamentRunner": "kuhtheory.widgets.tournament",
    "CardPicker": "kuhtheory.widgets.common",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(importlib.import_module(_WHERE[name]), name)
    raise AttributeError(f"module 'kuhtheory.widgets' has no attribute {name!r}")
