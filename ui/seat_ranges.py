"""The opponents' ranges in the window: worked out off the GUI thread after every change,
read out beside the seats, and shown in a :class:`~ui.range_window.RangeWindow` per
opponent the player opens.

The ranges come from the engine (:func:`ui.range_task.work_out_ranges`) on an engine
worker of their own, so a question about ranges never cancels the advice being worked
out; a newer question makes an older answer stale, and it is dropped.  The player's own
ranges (edits in a range window) replace the model's for the live hand until the next
hand, and :meth:`SeatRanges.yours` hands them to the advice.
"""

import functools
from collections.abc import Callable

import numpy as np
from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from assistant.hand import Hand
from assistant.live import LiveHand
from assistant.opponents.narrowing import acting_position
from assistant.opponents.profile import Profile
from ui.range_task import RangeQuestion, question_of_live, question_of_replay, work_out_ranges
from ui.range_window import RangeWindow
from ui.worker import EngineWorker


class SeatRanges(QObject):
    """Keeps the opponents' ranges and their windows up to date.

    ``views_changed`` carries the live hand's ranges (seat: :class:`SeatRangeView`) for the
    seats' read-outs; ``yours_changed`` says the player's own ranges changed, so the
    advice must be asked again.
    """

    views_changed = Signal(object)
    yours_changed = Signal()

    def __init__(self, parent: QWidget, worker: EngineWorker | None = None) -> None:
        super().__init__(parent)
        self._parent = parent
        self.worker = worker if worker is not None else EngineWorker(self)
        self.worker.answered.connect(self._on_answer)
        self.worker.failed.connect(self._on_failure)
        self.windows: dict[int, RangeWindow] = {}
        self._yours: dict[int, np.ndarray] = {}
        self._source: Callable[[frozenset[int]], RangeQuestion] | None = None
        self._live = True
        self._asked: tuple[int, RangeQuestion] | None = None

    def yours(self) -> dict[int, np.ndarray]:
        """The player's own ranges of the live hand (seat: float64 (1326,) weights); an
        empty one (cleared to paint anew) is not used."""
        return {seat: weights.copy() for seat, weights in self._yours.items() if weights.any()}

    def show_live(self, live: LiveHand, profiles: dict[int, Profile]) -> None:
        """Work out the ranges at the live hand's latest action."""
        self._live = True
        self._source = functools.partial(question_of_live, live, profiles, self._yours)
        self._ask()

    def show_replay(self, hand: Hand, hero: int, hero_cards: tuple[int, ...] | None) -> None:
        """Work out the ranges at a replay's cursor (``hand``, the state there)."""
        self._live = False
        self._source = functools.partial(question_of_replay, hand, hero, hero_cards)
        self._ask()

    def open(self, seat: int, title: str) -> RangeWindow:
        """Show ``seat``'s range window (made on first use) and work its range out."""
        window = self.windows.get(seat)
        if window is None:
            window = RangeWindow(seat, title, self._parent)
            window.edited.connect(self._on_edit)
            self.windows[seat] = window
        window.setWindowTitle(title)
        if self._source is not None:
            config = self._source(frozenset()).config
            if 0 <= seat < config.n_seats:
                window.editor.set_seat(config.n_seats, acting_position(seat, config))
        window.show()
        window.raise_()
        self._ask()
        return window

    def new_hand(self) -> None:
        """A new hand: the player's own ranges are forgotten."""
        if self._yours:
            self._yours.clear()
            self.yours_changed.emit()

    def stop(self) -> None:
        """End the worker (the window is closing)."""
        self.worker.stop()

    def _ask(self) -> None:
        if self._source is None:
            return
        shown = frozenset(seat for seat, window in self.windows.items() if window.isVisible())
        question = self._source(shown)
        self._asked = (self.worker.ask(functools.partial(work_out_ranges, question)), question)

    def _on_answer(self, serial: int, views: object) -> None:
        if self._asked is None or serial != self._asked[0] or not isinstance(views, dict):
            return
        question = self._asked[1]
        if self._live:
            self.views_changed.emit(views)
        hero_known = len(question.known.get(question.hero, ())) == 2
        for seat, window in self.windows.items():
            view = views.get(seat)
            if view is None:
                window.show_note(f"Seat {seat + 1} is not an opponent at this table.")
            else:
                window.show_view(view, hero_known, editable=self._live)

    def _on_failure(self, serial: int, message: str) -> None:
        if self._asked is not None and serial == self._asked[0]:
            for window in self.windows.values():
                window.show_note(message)

    def _on_edit(self, seat: int, yours: object) -> None:
        if isinstance(yours, np.ndarray):
            self._yours[seat] = yours
        elif self._yours.pop(seat, None) is None:
            return
        self.yours_changed.emit()
        self._ask()
