"""The ``poker-assistant`` command: a thin layer of argparse over the engine, one module
per command.

Every engine error (:class:`~assistant.errors.PokerInputError`) is caught in
:func:`main`, printed as one line, and ends the command with status 2.
"""

import argparse
import os
import sys
from collections.abc import Callable, Sequence

from assistant import __version__
from assistant.cli import advise, equity, gui, replay, simulate
from assistant.errors import PokerInputError

Command = Callable[[argparse.Namespace], int]
COMMANDS = (equity, advise, replay, simulate, gui)
"""The command modules, in the order ``--help`` lists them."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the command line, with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="poker-assistant",
        description="Exact Texas hold 'em odds and Kelly-optimal bets. With no command,"
                    " opens the window.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in COMMANDS:
        command.add_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        return gui.open_window()
    try:
        run: Command = args.run
        return run(args)
    except PokerInputError as error:
        print(f"poker-assistant: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader (say, `head`) left: end quietly, and stop Python's own flush at
        # exit from complaining about the closed pipe.
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - must outlive this call
        return 1
