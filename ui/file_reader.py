"""Reading hand files off the GUI thread, without ever making the window wait.

A long export can take many seconds to read.  Each file is read on a daemon thread
of its own; opening another file or closing the window only marks the older read
stale, so its result is dropped and nothing waits for it.  The read is the task
:func:`read_hand_file`, given ``progress`` and ``should_stop`` like every engine
task: once the reader accepts them, the stale read also stops early.
"""

import threading
from pathlib import Path

from PySide6.QtCore import QObject, Signal, SignalInstance

from assistant.equity import Progress, ShouldStop
from assistant.errors import Cancelled, PokerInputError
from assistant.history import HandFile, load_hands


def read_hand_file(path: Path, progress: Progress, should_stop: ShouldStop) -> HandFile:
    """A hand file read as a task: every hand is played through the rules."""
    return load_hands(path)


class FileReader(QObject):
    """Reads one hand file at a time for the window; the latest request wins."""

    loaded = Signal(int, object)  # serial, the HandFile
    failed = Signal(int, str)  # serial, message
    progressed = Signal(int, float)  # serial, fraction read

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._lock = threading.Lock()
        self._serial = 0
        self._closed = False

    def read(self, path: Path) -> int:
        """Start reading ``path``; any read still running becomes stale.  Returns the
        serial number its signals carry."""
        with self._lock:
            self._serial += 1
            serial = self._serial
        threading.Thread(target=self._run, args=(serial, path), daemon=True,
                         name=f"read {path.name}").start()
        return serial

    def close(self) -> None:
        """Drop every read still running (they end on their own); returns at once."""
        with self._lock:
            self._closed = True

    def is_current(self, serial: int) -> bool:
        """Whether ``serial`` is the latest read and the window is still open."""
        with self._lock:
            return not self._closed and serial == self._serial

    def _run(self, serial: int, path: Path) -> None:
        def should_stop() -> bool:
            return not self.is_current(serial)

        def progress(fraction: float) -> None:
            self._emit(serial, self.progressed, fraction)

        try:
            result = read_hand_file(path, progress, should_stop)
        except Cancelled:
            return
        except PokerInputError as error:
            self._emit(serial, self.failed, str(error))
        except Exception as error:  # the window shows it and lives on
            self._emit(serial, self.failed, f"internal error reading {path}: {error!r}")
        else:
            self._emit(serial, self.loaded, result)

    def _emit(self, serial: int, signal: SignalInstance, value: object) -> None:
        if not self.is_current(serial):
            return
        try:
            signal.emit(serial, value)
        except RuntimeError:  # the window went away meanwhile
            return
