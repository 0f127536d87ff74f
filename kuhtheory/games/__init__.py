"""The other games of the collection, built on the same protocols as Kuhhandel.

Each game is a subpackage exposing a :class:`kuhtheory.game.GameSpec` named ``GAME``, reached by
name through :func:`kuhtheory.game.get_game`:

* :mod:`kuhtheory.games.schnaeppchen`: Uwe Rosenberg's trick-taking game *Schnäppchen Jagd*
  (RULES.md clauses S-*).
"""
