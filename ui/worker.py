"""The engine worker: one thread runs the window's latest engine task.

It follows Qt's threading examples: the latest task waits under a mutex, a newer one
makes the running computation stop at its next chunk (through ``should_stop``), and
closing the window aborts it.  Results carry the serial number of their task, so the
window can drop any that are stale.  A task is an engine call taking ``progress``
and ``should_stop``: live advice (:func:`answer`), a replay's review or summary, or
the growth curve of advice on screen (:func:`curve`).  Hand files are read elsewhere
(:mod:`ui.file_reader`), so closing never waits for one.

The thread imports the engine's kernels itself (:func:`assistant.prepare.prepare_engine`),
so the window's thread starts without numba.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import QMutex, QMutexLocker, QObject, QThread, QWaitCondition, Signal

from assistant.curve import SizeCurve, size_curve
from assistant.door import Advice, Settings
from assistant.equity import Progress, ShouldStop
from assistant.errors import Cancelled, PokerInputError
from assistant.live import Found, Question, work_out


@dataclass(frozen=True)
class Request:
    """A question with the player's settings for the door (Kelly scale, bankroll at
    the start of the hand, profiles), and the most deals an odds-only question may
    sample."""

    question: Question
    settings: Settings = field(default_factory=Settings)
    samples: int | None = None


@dataclass(frozen=True)
class Answer:
    """What the engine found for one request (advice at hero's turn, else the odds), and
    how long it took."""

    request: Request
    found: Found
    seconds: float


@dataclass(frozen=True)
class Curved:
    """The growth curve of an advice (live or replayed), asked for once the advice is
    on screen."""

    advice: Advice
    curve: SizeCurve | None


Task = Callable[[Progress, ShouldStop], object]


def answer(request: Request, progress: Progress, should_stop: ShouldStop) -> Answer:
    """The live hand's question answered by :func:`assistant.live.work_out`."""
    start = time.perf_counter()
    found = work_out(request.question, request.settings, request.samples, progress,
                     should_stop)
    return Answer(request, found, time.perf_counter() - start)


def curve(advice: Advice, progress: Progress, should_stop: ShouldStop) -> Curved:
    """The growth curve of ``advice`` (:func:`assistant.curve.size_curve`)."""
    return Curved(advice, size_curve(advice))


class EngineWorker(QThread):
    """Runs every engine call off the GUI thread; the latest task wins."""

    ready = Signal()
    preparing = Signal(float)
    progressed = Signal(int, float)  # serial, fraction done
    answered = Signal(int, object)  # serial, the task's result
    failed = Signal(int, str)  # serial, message

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._mutex = QMutex()
        self._wake = QWaitCondition()
        self._pending: tuple[int, Task] | None = None
        self._serial = 0
        self._abort = False

    def ask(self, task: Task) -> int:
        """Queue ``task`` in place of any waiting one; returns its serial number."""
        with QMutexLocker(self._mutex):
            self._serial += 1
            self._pending = (self._serial, task)
            self._wake.wakeOne()
            serial = self._serial
        if not self.isRunning():
            self.start()
        return serial

    def stop(self) -> None:
        """Abort any computation and end the thread (blocks until it has)."""
        with QMutexLocker(self._mutex):
            self._abort = True
            self._wake.wakeOne()
        self.wait()

    def _stale(self, serial: int) -> bool:
        with QMutexLocker(self._mutex):
            return self._abort or serial != self._serial

    def run(self) -> None:
        from assistant.prepare import prepare_engine  # numba: imported on this thread

        prepare_engine(self.preparing.emit)
        self.ready.emit()
        while True:
            with QMutexLocker(self._mutex):
                while self._pending is None and not self._abort:
                    self._wake.wait(self._mutex)
                if self._abort:
                    return
                assert self._pending is not None
                serial, task = self._pending
                self._pending = None

            def should_stop(serial: int = serial) -> bool:
                return self._stale(serial)

            def progress(fraction: float, serial: int = serial) -> None:
                self.progressed.emit(serial, fraction)

            try:
                result = task(progress, should_stop)
            except Cancelled:
                continue
            except PokerInputError as error:
                self.failed.emit(serial, str(error))
            except Exception:  # the window shows it; the thread lives on
                self.failed.emit(serial, "internal error: " + traceback.format_exc(limit=3))
            else:
                if not self._stale(serial):
                    self.answered.emit(serial, result)
