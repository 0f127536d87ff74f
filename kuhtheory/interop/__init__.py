"""Kuhhandel for the wider ecosystem: PettingZoo, OpenSpiel, trajectories, Dask clusters.

These adapters sit on the engine's public API (:mod:`kuhtheory.engine`: ``new_game``,
``setup_position``, ``GameState.legal_actions``, ``observation``, ``apply``, records) and are
installed with the optional extras: ``pip install 'kuhtheory[rl]'`` (PettingZoo, Gymnasium,
OpenSpiel) and ``pip install 'kuhtheory[cluster]'`` (Dask distributed).

* :mod:`~kuhtheory.interop.encoding`: the fixed action encoding (one integer code per move, money
  laid card by card) shared by every adapter;
* :mod:`~kuhtheory.interop.coded`: a game driven by those codes (:class:`CodedState`), with masks;
* :mod:`~kuhtheory.interop.features`: a player's observation as a vector and as text;
* :mod:`~kuhtheory.interop.pettingzoo`: the PettingZoo AEC environment (``env``, ``raw_env``);
* :mod:`~kuhtheory.interop.openspiel`: OpenSpiel games ``python_kuhhandel`` and
  ``python_kuhhandel_trade``, registered on import (on :mod:`~kuhtheory.interop.spiel`, what the
  two share, and :mod:`~kuhtheory.interop.infostate`, perfect-recall information states);
* :mod:`~kuhtheory.interop.trajectories`: game records as OpenSpiel-style trajectories;
* :mod:`~kuhtheory.interop.cluster`: tournaments on a Dask distributed cluster.

The encoding, the coded game, the features, ``infostate`` and ``trajectories`` need nothing
beyond numpy; each of the others imports its own library when it is imported, and says which
extra to install if it is missing.
"""

from __future__ import annotations

from kuhtheory.interop.coded import CodedState, new_coded_game
from kuhtheory.interop.encoding import ActionEncoding, Move, MoveKind

__all__ = ["ActionEncoding", "CodedState", "Move", "MoveKind", "new_coded_game"]
