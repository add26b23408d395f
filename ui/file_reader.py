"""Reading hand files off the GUI thread, without ever making the window wait.

A long export can take many seconds to read.  Each file is read on a thread of its own
(:class:`ui.background.LatestTask`); opening another file or closing the window marks
the older read stale, so it stops at its next check and its result is dropped, and
nothing waits for it.
"""

from pathlib import Path

from PySide6.QtCore import QObject, Signal

from assistant.equity import Progress, ShouldStop
from assistant.history import HandFile, load_hands
from ui.background import LatestTask


def read_hand_file(path: Path, progress: Progress, should_stop: ShouldStop) -> HandFile:
    """A hand file read as a task: every hand is played through the rules, ``progress``
    hears the fraction read, and the read stops once ``should_stop()`` says so."""
    return load_hands(path, progress, should_stop)


class FileReader(QObject):
    """Reads one hand file at a time for the window; the latest request wins."""

    loaded = Signal(int, object)  # serial, the HandFile
    failed = Signal(int, str)  # serial, message
    progressed = Signal(int, float)  # serial, fraction read

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._task = LatestTask("read", self)
        self._task.done.connect(self._loaded)
        self._task.failed.connect(self._failed)
        self._task.progressed.connect(self._progressed)

    def read(self, path: Path) -> int:
        """Start reading ``path``; any read still running becomes stale.  Returns the
        serial number its signals carry."""
        return self._task.run(lambda progress, should_stop: read_hand_file(
            path, progress, should_stop))

    def close(self) -> None:
        """Drop every read still running (they stop at their next check); returns at
        once."""
        self._task.close()

    def _loaded(self, serial: int, hands: object) -> None:
        self.loaded.emit(serial, hands)

    def _failed(self, serial: int, message: str) -> None:
        self.failed.emit(serial, message)

    def _progressed(self, serial: int, fraction: object) -> None:
        self.progressed.emit(serial, float(fraction))  # type: ignore[arg-type]
