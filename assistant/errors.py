"""The single error type for input the engine cannot accept."""


class PokerInputError(ValueError):
    """Input that cannot describe a real poker situation.

    Raised at the public boundary of the engine (parsers, validators) with a message
    that quotes the offending value, so the command line and the window can show it
    as it is.
    """


class Cancelled(Exception):  # noqa: N818 - a signal, not an error
    """Long work stopped early because its ``should_stop`` callable asked it to."""
