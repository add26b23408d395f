"""The engine worker: one thread answers the window's latest question.

It follows Qt's threading examples: the latest request waits under a mutex, a newer
one makes the running computation stop at its next chunk (through ``should_stop``),
and closing the window aborts it.  Answers carry the serial number of their
question, so the window can drop any that are stale.
"""

import time
import traceback
from dataclasses import dataclass

from PySide6.QtCore import QMutex, QMutexLocker, QObject, QThread, QWaitCondition, Signal

from assistant.advice import Advice, advise
from assistant.equity import Equity, equity
from assistant.errors import Cancelled, PokerInputError
from assistant.hand_strength import HandStrength, hand_strength
from assistant.kelly import BetSituation
from assistant.live import Question
from assistant.prepare import prepare_engine


@dataclass(frozen=True)
class Request:
    """A question with the player's settings."""

    question: Question
    kelly_scale: float = 1.0
    bankroll: float | None = None
    samples: int | None = None


@dataclass(frozen=True)
class Answer:
    """What the engine found for one request: advice at hero's turn, else the odds."""

    serial: int
    request: Request
    equity: Equity
    advice: Advice | None
    strength: HandStrength | None
    seconds: float


class EngineWorker(QThread):
    """Runs every engine call off the GUI thread; the latest request wins."""

    ready = Signal()
    preparing = Signal(float)
    progressed = Signal(int, float)  # serial, fraction done
    answered = Signal(object)  # Answer
    failed = Signal(int, str)  # serial, message

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._mutex = QMutex()
        self._wake = QWaitCondition()
        self._pending: tuple[int, Request] | None = None
        self._serial = 0
        self._abort = False

    def ask(self, request: Request) -> int:
        """Queue ``request`` in place of any unanswered one; returns its serial number."""
        with QMutexLocker(self._mutex):
            self._serial += 1
            self._pending = (self._serial, request)
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
        prepare_engine(self.preparing.emit)
        self.ready.emit()
        while True:
            with QMutexLocker(self._mutex):
                while self._pending is None and not self._abort:
                    self._wake.wait(self._mutex)
                if self._abort:
                    return
                assert self._pending is not None
                serial, request = self._pending
                self._pending = None
            try:
                answer = self._answer(serial, request)
            except Cancelled:
                continue
            except PokerInputError as error:
                self.failed.emit(serial, str(error))
            except Exception:
                self.failed.emit(serial, "internal error: " + traceback.format_exc(limit=3))
            else:
                if not self._stale(serial):
                    self.answered.emit(answer)

    def _answer(self, serial: int, request: Request) -> Answer:
        start = time.perf_counter()
        q = request.question

        def should_stop() -> bool:
            return self._stale(serial)

        def progress(fraction: float) -> None:
            self.progressed.emit(serial, fraction)

        advice = None
        if q.situation is not None:
            situation = q.situation
            if request.bankroll is not None:
                situation = BetSituation(situation.stack, situation.pot, situation.to_call,
                                         situation.opponents, situation.min_raise,
                                         max(request.bankroll, situation.stack))
            advice = advise(q.hero, q.board, situation, q.vs, kelly_scale=request.kelly_scale,
                            samples=request.samples, seed=1, progress=progress,
                            should_stop=should_stop)
            odds = advice.equity
        else:
            odds = equity(q.hero, q.board, q.opponents, q.vs, samples=request.samples, seed=1,
                          progress=progress, should_stop=should_stop)
        strength = hand_strength(q.hero, q.board) if q.board else None
        return Answer(serial, request, odds, advice, strength, time.perf_counter() - start)
