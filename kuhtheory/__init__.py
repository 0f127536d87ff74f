"""kuhtheory: a teaching and game-theory toolkit built around Kuhhandel."""

__version__ = "0.1.0"
