"""The names of the equity methods, in a module light enough for argument parsing.

>>> METHODS
('auto', 'exact', 'table', 'monte-carlo')
"""

METHODS = ("auto", "exact", "table", "monte-carlo")
"""The ways :func:`assistant.equity.equity` may answer (its ``method`` argument)."""
