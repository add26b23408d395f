"""The names of the equity methods and the engine's limits, in a module light enough for
argument parsing.

>>> METHODS
('auto', 'exact', 'table', 'monte-carlo')
"""

METHODS = ("auto", "exact", "table", "monte-carlo")
"""The ways :func:`assistant.equity.equity` may answer (its ``method`` argument)."""
MAX_TRIALS = 50_000_000
"""The most deals a sampled equity draws."""
MAX_OPPONENTS = 9
"""The most random opponents the preflop table covers."""
