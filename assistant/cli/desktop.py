"""``poker-assistant install-desktop [--uninstall]``: the launcher entry and icons."""

import argparse
import sys
from pathlib import Path


def add_parser(commands: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Register the command."""
    desktop = commands.add_parser(
        "install-desktop", help="add the window to the desktop's applications menu",
        description="Write a freedesktop launcher entry and the icon in several sizes under"
        " $XDG_DATA_HOME (default ~/.local/share), so the window starts from the"
        " applications menu and opens hand files from a file manager.")
    desktop.add_argument("--uninstall", action="store_true",
                         help="remove the entry and the icons instead")
    desktop.set_defaults(run=run)


def launch_command() -> list[str]:
    """How the desktop starts this installation: the bundle's program, the
    ``poker-assistant`` script beside this Python, or ``python -m assistant``."""
    if getattr(sys, "frozen", False):
        return [sys.executable]
    script = Path(sys.executable).with_name("poker-assistant")
    if script.is_file():
        return [str(script)]
    return [sys.executable, "-m", "assistant"]


def run(args: argparse.Namespace) -> int:
    """``poker-assistant install-desktop``."""
    import importlib.resources
    from contextlib import ExitStack

    from assistant.desktop_entry import install, uninstall

    if args.uninstall:
        for path in uninstall():
            print(f"removed {path}")
        return 0
    resources = importlib.resources.files("ui.resources")
    with ExitStack() as files:
        icons = {entry.name.removesuffix(".png"): files.enter_context(
                     importlib.resources.as_file(entry))
                 for entry in (resources / "icons").iterdir() if entry.name.endswith(".png")}
        icons["scalable"] = files.enter_context(importlib.resources.as_file(
            resources / "icon.svg"))
        for path in install([*launch_command(), "gui"], icons):
            print(f"wrote {path}")
    return 0
