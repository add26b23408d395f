"""Work off the GUI thread (hand files, the hand database): each call runs on a daemon
thread of its own, and only the latest call of a :class:`LatestTask` reports back.

For any function of ``(progress, should_stop)``: a newer call,
:meth:`LatestTask.cancel` or closing the window marks the older call stale; its
``should_stop`` then says so (the function stops at its next check) and its result is
dropped.  Nothing here ever waits for a thread.  The engine worker (:mod:`ui.worker`)
is not used: a long read or import must not hold up the advice.
"""

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal, SignalInstance

from assistant.errors import Cancelled, PokerInputError

Task = Callable[[Callable[[object], None], Callable[[], bool]], object]
"""A function of ``(progress, should_stop)``: ``progress`` takes any value to pass on to
the window, ``should_stop`` says whether the result is no longer wanted."""


class LatestTask(QObject):
    """Runs one kind of task at a time off the GUI thread; the latest call wins."""

    done = Signal(int, object)  # serial, the result
    failed = Signal(int, str)  # serial, message
    progressed = Signal(int, object)  # serial, what the task reported

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self._lock = threading.Lock()
        self._serial = 0
        self._closed = False

    def run(self, task: Task) -> int:
        """Start ``task``; any call still running becomes stale.  Returns the serial
        number its signals carry."""
        with self._lock:
            self._serial += 1
            serial = self._serial
        threading.Thread(target=self._run, args=(serial, task), daemon=True,
                         name=f"{self.name} {serial}").start()
        return serial

    def cancel(self) -> None:
        """Make the call running stale: it stops at its next check, reporting nothing."""
        with self._lock:
            self._serial += 1

    def close(self) -> None:
        """Drop every call still running, now and from now on; returns at once."""
        with self._lock:
            self._closed = True

    def is_current(self, serial: int) -> bool:
        """Whether ``serial`` is the latest call and the window is still open."""
        with self._lock:
            return not self._closed and serial == self._serial

    def _run(self, serial: int, task: Task) -> None:
        def should_stop() -> bool:
            return not self.is_current(serial)

        def progress(value: object) -> None:
            self._emit(serial, self.progressed, value)

        try:
            result = task(progress, should_stop)
        except Cancelled:
            return
        except PokerInputError as error:
            self._emit(serial, self.failed, str(error))
        except Exception as error:  # the window shows it and lives on
            self._emit(serial, self.failed, f"internal error ({self.name}): {error!r}")
        else:
            self._emit(serial, self.done, result)

    def _emit(self, serial: int, signal: SignalInstance, value: Any) -> None:
        if not self.is_current(serial):
            return
        try:
            signal.emit(serial, value)
        except RuntimeError:  # the window went away meanwhile
            return
