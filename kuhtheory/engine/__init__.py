"""The Kuhhandel engine: immutable game states, legal actions, observations and scores."""
