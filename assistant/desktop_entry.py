"""The freedesktop launcher entry and icons, written under the user's data directory.

``install`` writes ``applications/kelly-poker-assistant.desktop`` and the icon in each
size under ``icons/hicolor`` of ``$XDG_DATA_HOME`` (default ``~/.local/share``);
``uninstall`` removes exactly those files.  Nothing here needs Qt: the icons are
files (pre-rendered PNGs and the SVG) handed in by the caller.
"""

import os
from collections.abc import Mapping, Sequence
from pathlib import Path

from assistant.atomic_file import write_atomically
from assistant.errors import PokerInputError

APP_ID = "kelly-poker-assistant"
"""The entry's file name and the icon's name (the window reports it as its desktop file)."""
RESERVED = frozenset(" \t\"'\\><~|&;$*?#()`")
"""Characters that make the desktop entry spec require an argument to be quoted."""


def data_home(environ: Mapping[str, str] = os.environ) -> Path:
    """``$XDG_DATA_HOME`` if it is an absolute path, else ``~/.local/share``.

    >>> str(data_home({"XDG_DATA_HOME": "/data", "HOME": "/home/p"}))
    '/data'
    >>> str(data_home({"XDG_DATA_HOME": "relative", "HOME": "/home/p"}))
    '/home/p/.local/share'
    """
    configured = environ.get("XDG_DATA_HOME", "")
    if configured and Path(configured).is_absolute():
        return Path(configured)
    home = environ.get("HOME") or str(Path.home())
    return Path(home) / ".local" / "share"


def quote_argument(argument: str) -> str:
    """One argument of an ``Exec`` key, quoted and escaped as the desktop entry spec asks
    (before the string escaping of the whole value).

    >>> quote_argument("/usr/bin/poker"), quote_argument("/home/p/my apps/poker")
    ('/usr/bin/poker', '"/home/p/my apps/poker"')
    >>> print(quote_argument('/odd/"$dir"/100%'))
    "/odd/\\"\\$dir\\"/100%%"
    """
    if any(character in argument for character in "\n\r"):
        raise PokerInputError(f"{argument!r} cannot be run from a desktop entry")
    argument = argument.replace("%", "%%")
    if not RESERVED.intersection(argument):
        return argument
    escaped = "".join("\\" + c if c in '"`$\\' else c for c in argument)
    return f'"{escaped}"'


def entry_text(command: Sequence[str]) -> str:
    """The ``.desktop`` file that runs ``command`` with the file to open, if any."""
    exec_value = " ".join([*map(quote_argument, command), "%f"]).replace("\\", "\\\\")
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.5",
        "Name=Kelly poker assistant",
        "GenericName=Poker odds and bet sizing",
        "Comment=Exact Texas hold 'em odds and Kelly-optimal bets",
        f"Exec={exec_value}",
        f"Icon={APP_ID}",
        "Terminal=false",
        "Categories=Game;CardGame;",
        "Keywords=poker;holdem;odds;kelly;bankroll;",
        "StartupNotify=true",
        "StartupWMClass=assistant",  # the class Qt gives the window (the app name)
        "",
    ])


def icon_path(home: Path, size: str, suffix: str) -> Path:
    """Where the icon of ``size`` (``48x48`` or ``scalable``) goes in the hicolor theme."""
    return home / "icons" / "hicolor" / size / "apps" / f"{APP_ID}{suffix}"


def entry_path(home: Path) -> Path:
    """Where the launcher entry goes."""
    return home / "applications" / f"{APP_ID}.desktop"


def install(command: Sequence[str], icons: Mapping[str, Path],
            home: Path | None = None) -> list[Path]:
    """Write the entry running ``command`` and copy ``icons`` (size name to file, e.g.
    ``{"48x48": .../48x48.png, "scalable": .../icon.svg}``); the paths written."""
    home = home or data_home()
    written = []
    for size, source in sorted(icons.items()):
        target = icon_path(home, size, source.suffix)
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(target, source.read_bytes())
        written.append(target)
    target = entry_path(home)
    target.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(target, entry_text(command).encode())
    written.append(target)
    return written


def uninstall(home: Path | None = None) -> list[Path]:
    """Remove the entry and every icon of this program; the paths removed."""
    home = home or data_home()
    candidates = [entry_path(home), *sorted(
        (home / "icons" / "hicolor").glob(f"*/apps/{APP_ID}.*"))]
    removed = []
    for path in candidates:
        if path.is_file():
            path.unlink()
            removed.append(path)
    return removed
