"""``poker-assistant gui [FILE]``: the window, the default command."""

import argparse
from pathlib import Path

from assistant.errors import PokerInputError


def add_parser(commands: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Register the command."""
    gui = commands.add_parser("gui", help="open the window (the default command)",
                              description="Open the window, with FILE's hands in the replay"
                                          " view if given.")
    gui.add_argument("file", nargs="?", type=Path, help="a hand history file to replay")
    gui.set_defaults(run=run)


def open_window(hand_file: Path | None = None) -> int:
    """Open the window; the engine imports the Qt layer only here, when asked to."""
    from ui.app import run

    return run(hand_file)


def run(args: argparse.Namespace) -> int:
    """``poker-assistant gui [FILE]``."""
    if args.file is not None and not args.file.is_file():
        raise PokerInputError(f"{str(args.file)!r} is not a file")
    return open_window(args.file)
