"""Saving the live hands: one hand on request, every hand of a session to a folder,
and a recovery copy for the crash dialog.  Files are written atomically by
:func:`assistant.history.save_phh`, with the players' names typed into the seats
(a seat left blank is a player unknown)."""

from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths

from assistant.errors import PokerInputError
from assistant.hand import Hand
from assistant.history import HandRecord, make_record, save_phh


class SessionFiles:
    """Where the window's hands are saved; each method returns a message (or raises
    nothing: problems come back as the error text)."""

    def __init__(self, settings: QSettings,
                 names: Callable[[], Sequence[str]] = lambda: ()) -> None:
        self.settings = settings
        self.names = names  # the names typed into the seats, by seat
        self.session_file: Path | None = None
        self.records: list[HandRecord] = []

    def record(self, hand: Hand) -> HandRecord:
        """The record of ``hand`` as saved, its players named as typed (none when every
        seat is blank)."""
        n = hand.config.n_seats
        typed = [name.strip() for name in self.names()][:n]
        typed += [""] * (n - len(typed))
        return make_record(hand, names=typed if any(typed) else ())

    @property
    def folder(self) -> str:
        """The folder every hand goes to, or '' when saving every hand is off."""
        return str(self.settings.value("history/folder", "") or "")

    def set_folder(self, folder: Path | None) -> None:
        """Save every finished hand of this session in ``folder`` (None: nowhere)."""
        self.settings.setValue("history/folder", str(folder) if folder else "")
        self.session_file = None
        self.records = []

    def save_hand(self, path: Path, hand: Hand) -> tuple[bool, str]:
        """Write ``hand`` to ``path`` as PHH: (saved, message)."""
        try:
            save_phh(path, [self.record(hand)])
        except (PokerInputError, OSError) as error:
            return False, f"could not save {path}: {error}"
        return True, f"saved {path}"

    def add_to_session(self, hand: Hand) -> str | None:
        """Add ``hand`` to this session's file if saving every hand is on; an error
        message if that failed."""
        if not self.folder:
            return None
        if self.session_file is None:
            stamp = datetime.now().strftime("%Y-%m-%d-%H%M%S")
            self.session_file = Path(self.folder) / f"session-{stamp}.phhs"
        self.records.append(self.record(hand))
        try:
            save_phh(self.session_file, self.records)
        except (PokerInputError, OSError) as error:
            return f"could not save the session to {self.session_file}: {error}"
        return None

    def save_recovery(self, hand: Hand) -> Path | None:
        """Save ``hand`` where the crash dialog can point to it; None if impossible."""
        folder = Path(QStandardPaths.writableLocation(
            QStandardPaths.StandardLocation.AppDataLocation))
        path = folder / "recovered-hand.phh"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            save_phh(path, [self.record(hand)])
        except (PokerInputError, OSError):
            return None
        return path
