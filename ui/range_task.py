"""The opponents' ranges at the shown point of a hand, as one task for an engine worker.

A :class:`RangeQuestion` is plain data (the hand's setup and actions so far, the cards
hero knows, the profiles and the player's own ranges); :func:`work_out_ranges` answers it
with the engine: :func:`assistant.opponents.narrowing.narrow` for every seat, the
read-out of :func:`assistant.range_view.range_size`, and the board breakdown of
:func:`assistant.breakdown.range_breakdown` for the seats whose range window is open.
No Qt here: the window runs it in a worker thread.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

import numpy as np

from assistant.breakdown import Breakdown, range_breakdown
from assistant.cards import cards_to_mask
from assistant.equity import Progress, ShouldStop
from assistant.errors import Cancelled, PokerInputError
from assistant.hand import Action, Hand, HandConfig
from assistant.live import LiveHand
from assistant.opponents.narrowing import narrow
from assistant.opponents.profile import Profile
from assistant.range_view import range_size


@dataclass(frozen=True, eq=False)
class RangeQuestion:
    """What to work out: the opponents of ``hero`` after ``actions`` of a hand of
    ``config``, with ``board`` and ``known`` (seat: the hole cards hero knows, one or
    two, hero's own included) as card indices.  ``yours`` holds the player's own ranges (float64
    ``(1326,)``) that replace the model's, ``breakdowns`` the seats to break down on the
    board."""

    config: HandConfig
    actions: tuple[Action, ...]
    hero: int
    board: tuple[int, ...]
    known: Mapping[int, tuple[int, ...]]
    profiles: Mapping[int, Profile] = field(default_factory=dict)
    yours: Mapping[int, np.ndarray] = field(default_factory=dict)
    breakdowns: frozenset[int] = frozenset()

    def dead_mask(self, seat: int) -> int:
        """The cards ``seat`` cannot hold: the board and every other known hand."""
        return cards_to_mask([*self.board, *(card for other, cards in self.known.items()
                                             if other != seat for card in cards)])


@dataclass(frozen=True)
class SeatRangeView:
    """One opponent's range as the window shows it: the model's weights (narrowed after
    every action so far), the player's own weights if given, the cards it cannot hold,
    the live combos and their share of all 1,326, the board breakdown (or why there is
    none), and its hole cards when hero knows both (the advice then uses them)."""

    seat: int
    model: np.ndarray
    yours: np.ndarray | None
    dead_mask: int
    folded: bool
    combos: float
    share: float
    breakdown: Breakdown | None = None
    breakdown_note: str = ""
    cards: tuple[int, ...] = ()

    @property
    def weights(self) -> np.ndarray:
        """The range the advice uses: the player's own if given, else the model's."""
        return self.model if self.yours is None else self.yours


def work_out_ranges(question: RangeQuestion, progress: Progress | None = None,
                    should_stop: ShouldStop | None = None) -> dict[int, SeatRangeView]:
    """Every opponent's range (by seat) at the question's point of the hand."""
    seats = narrow(question.config, question.actions, question.hero, question.profiles)
    board = cards_to_mask(question.board)
    hero_cards = question.known.get(question.hero, ())
    hero_mask = cards_to_mask(list(hero_cards)) if len(hero_cards) == 2 else 0
    views = {}
    for done, (seat, seat_range) in enumerate(sorted(seats.items()), start=1):
        if should_stop is not None and should_stop():
            raise Cancelled("a newer question came")
        yours = question.yours.get(seat)
        dead = question.dead_mask(seat)
        weights = seat_range.weights if yours is None else yours
        combos, share = range_size(weights, dead)
        cards = question.known.get(seat, ())
        view = SeatRangeView(seat, seat_range.weights, yours, dead, seat_range.folded, combos,
                             share, cards=cards if len(cards) == 2 else ())
        if seat in question.breakdowns:
            view = _with_breakdown(view, board, hero_mask)
        views[seat] = view
        if progress is not None:
            progress(done / len(seats))
    return views


def _with_breakdown(view: SeatRangeView, board: int, hero_mask: int) -> SeatRangeView:
    if board.bit_count() < 3:
        return replace(view, breakdown_note="the breakdown starts on the flop")
    try:
        breakdown = range_breakdown(view.weights, board, hero_mask,
                                    view.dead_mask & ~board & ~hero_mask)
    except PokerInputError as error:
        return replace(view, breakdown_note=str(error))
    return replace(view, breakdown=breakdown)


def question_of_live(live: LiveHand, profiles: Mapping[int, Profile],
                     yours: Mapping[int, np.ndarray],
                     breakdowns: Iterable[int] = ()) -> RangeQuestion:
    """The question at the live hand's latest action."""
    config = live.config
    known = {seat: cards for seat in range(config.n_seats) if (cards := live.hole_cards(seat))}
    return RangeQuestion(config, live.hand.actions, live.hero, tuple(live.hand.board), known,
                         profiles, _valid(yours, config, live.hero), frozenset(breakdowns))


def question_of_replay(hand: Hand, hero: int, hero_cards: tuple[int, ...] | None,
                       breakdowns: Iterable[int] = ()) -> RangeQuestion:
    """The question at a replay's cursor (``hand`` the state there), every opponent on
    the default profile."""
    known = {hero: tuple(hero_cards)} if hero_cards else {}
    return RangeQuestion(hand.config, hand.actions, hero, tuple(hand.board), known,
                         breakdowns=frozenset(breakdowns))


def _valid(yours: Mapping[int, np.ndarray], config: HandConfig,
           hero: int) -> dict[int, np.ndarray]:
    """The player's ranges for seats at this table other than hero's."""
    return {seat: weights for seat, weights in yours.items()
            if 0 <= seat < config.n_seats and seat != hero}
