"""Replay a recorded hand step by step, with the advice at each of one player's decisions.

A :class:`Replay` is a cursor over a hand's actions: the window steps it forward and
back and draws :attr:`Replay.hand`, the state before the next action.  At each
betting decision of the chosen player (the hero), :meth:`Replay.review` gives what
the assistant would have advised there beside the action actually taken, and how much
growth the difference cost.  The advice comes through the one door,
:func:`assistant.door.advise_hand`, on the state just before the action: the
opponents' ranges narrowed by every action so far, knowing only the hero's own hole
cards, the board and cards shown by players who folded.  The settings are the door's
(:class:`assistant.door.Settings`): the bankroll is the hero's at the start of the
hand, as in live advice, so the same decision gets the same advice live and here.

The hero's hole cards are taken from wherever the record shows them, a deal or the
showdown: the hero knew them all along.  The hand is played once, when the replay is
made; the state at each hero decision is kept for its review.

Agreement: the action taken agrees with the advice when it is of the same kind (fold,
check, call, bet, raise, all-in: a bet or raise of the whole stack is an all-in, as the
door names it) and, for bets and raises, its chips are within :data:`RAISE_TOLERANCE`
of the advised chips; or when it grows the bankroll as fast (within
:data:`GROWTH_TOLERANCE`).  The growth given up is the advised action's expected
log-growth less the taken action's (:meth:`assistant.door.Advice.growth_of`), in nats.
"""

import copy
import math
from collections.abc import Mapping
from dataclasses import dataclass

from assistant.door import Advice, Settings, advise_hand
from assistant.equity import Progress, ShouldStop
from assistant.errors import Cancelled, PokerInputError
from assistant.hand import Action, ActionKind, Decision, Hand, Street
from assistant.hand import describe_action as hand_words
from assistant.history.decisions import BETTING
from assistant.history.record import HandRecord, amount_text, finishing_stacks, play
from assistant.opponents.profile import Profile, get_profile

RAISE_TOLERANCE = 0.25
"""A bet or raise agrees with an advised one within this fraction of the advised chips."""
GROWTH_TOLERANCE = 1e-9
"""An action that gives up at most this growth (nats) agrees with the advice."""


@dataclass(frozen=True)
class Step:
    """One action of the hand as the replay walks it: ``index`` into the record's
    actions, the street it is played on, its words, and whether it is a hero decision."""

    index: int
    action: Action
    street: Street
    text: str
    hero_decision: bool


@dataclass(frozen=True)
class DecisionReview:
    """One hero decision: the numbers before it, the advice, and the action taken.

    ``taken`` is the action's kind as the door names it (fold, check, call, bet, raise,
    all-in) and ``taken_amount`` the chips it adds.  Without ``advice`` (hero's cards
    unknown), ``note`` says why and the growth fields are ``None``.  Growths are in nats.
    """

    step: int
    decision: Decision
    advice: Advice | None
    note: str
    taken: str
    taken_amount: int
    taken_growth: float | None
    agrees: bool | None

    @property
    def growth_given_up(self) -> float | None:
        """The advised action's growth less the taken one's (nats)."""
        if self.advice is None or self.taken_growth is None:
            return None
        return float(self.advice.choice.growth - self.taken_growth)


@dataclass(frozen=True)
class HandSummary:
    """A hand reviewed for the hero: every decision, how many agreed with the advice,
    the growth given up (nats, summed over the decisions with advice), and the hero's
    result in chips (``None``, like the finishing stacks, for an unfinished hand)."""

    hero: int
    reviews: tuple[DecisionReview, ...]
    finishing_stacks: tuple[int, ...] | None
    result: int | None

    @property
    def advised(self) -> int:
        """The decisions that have advice."""
        return sum(review.advice is not None for review in self.reviews)

    @property
    def agreed(self) -> int:
        """The decisions whose action agreed with the advice."""
        return sum(bool(review.agrees) for review in self.reviews)

    @property
    def growth_given_up(self) -> float:
        """The growth given up over the hand, in nats."""
        return math.fsum(review.growth_given_up or 0.0 for review in self.reviews)


def default_hero(record: HandRecord) -> int:
    """The seat to advise by default: the first whose hole cards are dealt in the record
    (the site's "Dealt to"), else the first whose cards are shown, else seat 0."""
    for kinds in ((ActionKind.HOLE,), (ActionKind.SHOW,)):
        for action in record.actions:
            if action.kind in kinds and action.seat is not None and action.cards:
                return action.seat
    return 0


def find_hero(record: HandRecord, who: str) -> int:
    """The seat of ``who``: a player's name, or ``pN`` (PHH's N-th player, 1-based).

    Raises :class:`PokerInputError` naming the players when nobody matches.
    """
    if who in record.config.names:
        return record.config.names.index(who)
    n = record.config.n_seats
    if who[:1].lower() == "p" and who[1:].isdigit() and 1 <= int(who[1:]) <= n:
        return int(who[1:]) - 1
    raise PokerInputError(f"{who!r} is not a player of this hand: the players are "
                          f"{', '.join(record.names)} (or p1 to p{n})")


def file_settings(record: HandRecord, hero: int, *, kelly_scale: float = 1.0,
                  bankroll: float | None = None,
                  profiles: Mapping[str, str | Profile] | None = None) -> Settings:
    """The door's settings for the hero of a hand from a file, given as a user gives
    them: ``bankroll`` in the file's unit, ``profiles`` by player name or ``pN`` (profile
    names or profiles; the hero's own is left out, as hero's play is not modelled).
    The bankroll must cover the hero's starting stack."""
    seats = {}
    for who, profile in (profiles or {}).items():
        seat = find_hero(record, who)
        if seat != hero:
            seats[seat] = profile if isinstance(profile, Profile) else get_profile(profile)
    chips = None if bankroll is None else bankroll * 10**record.decimals
    settings = Settings(kelly_scale, chips, seats)
    _check_bankroll(record, hero, settings)
    return settings


def _check_bankroll(record: HandRecord, hero: int, settings: Settings) -> None:
    start = record.config.stacks[hero]
    if settings.bankroll is not None and not settings.bankroll >= start:
        given = amount_text(settings.bankroll, record.decimals).replace(",", "")
        raise PokerInputError(f"bankroll {given} is less than the hero's starting stack"
                              f" {amount_text(start, record.decimals).replace(',', '')}")


def hand_at(record: HandRecord, hero: int, count: int | None = None) -> Hand:
    """The hand after the record's first ``count`` actions (all by default), the hero's
    hole cards dealt wherever the record shows them."""
    hand = play(record, count)
    cards = record.known_cards(hero)
    if hand.hole_cards(hero) is None and cards is not None:
        hand.deal_hole(hero, cards)
    return hand


class Replay:
    """A cursor over a recorded hand, reviewing one player's decisions.

    ``position`` counts the actions played (0 to ``len(steps)``); :attr:`hand` is the
    state there and :attr:`step` the next action.  ``settings`` go to the door as they
    are: the Kelly scale, the hero's bankroll at the start of the hand in chips (at
    least the starting stack) and the opponents' profiles by seat.
    """

    def __init__(self, record: HandRecord, hero: int | None = None,
                 settings: Settings | None = None) -> None:
        self.record = record
        self.hero = default_hero(record) if hero is None else hero
        if not 0 <= self.hero < record.config.n_seats:
            raise PokerInputError(f"seat {self.hero + 1} is not at the table")
        self.settings = settings or Settings()
        _check_bankroll(record, self.hero, self.settings)
        self.steps, self._hands = _walk(record, self.hero)
        self._position = 0
        self._reviews: dict[int, DecisionReview] = {}

    @property
    def position(self) -> int:
        """How many actions have been played."""
        return self._position

    @property
    def step(self) -> Step | None:
        """The next action, or ``None`` at the end."""
        return self.steps[self._position] if self._position < len(self.steps) else None

    @property
    def hand(self) -> Hand:
        """The hand state at the cursor (a fresh copy the caller may keep)."""
        return play(self.record, self._position)

    @property
    def decision_positions(self) -> tuple[int, ...]:
        """The positions at which the hero decides."""
        return tuple(step.index for step in self.steps if step.hero_decision)

    def seek(self, position: int) -> None:
        """Move the cursor to ``position`` (0 to ``len(steps)``)."""
        if not 0 <= position <= len(self.steps):
            raise PokerInputError(f"position {position} is outside 0 to {len(self.steps)}")
        self._position = position

    def forward(self) -> bool:
        """Play the next action; ``False`` at the end."""
        if self._position == len(self.steps):
            return False
        self._position += 1
        return True

    def back(self) -> bool:
        """Take back the last action; ``False`` at the start."""
        if self._position == 0:
            return False
        self._position -= 1
        return True

    def review(self, position: int | None = None, progress: Progress | None = None,
               should_stop: ShouldStop | None = None) -> DecisionReview | None:
        """The review of the hero decision at ``position`` (the cursor by default), or
        ``None`` if the hero does not decide there.  Computed once, then kept.
        ``should_stop`` is asked before the advice is worked out (raising
        :class:`~assistant.errors.Cancelled`); ``progress`` hears 1.0 when it is done."""
        position = self._position if position is None else position
        if not 0 <= position < len(self.steps) or not self.steps[position].hero_decision:
            return None
        if position not in self._reviews:
            if should_stop is not None and should_stop():
                raise Cancelled
            self._reviews[position] = self._review(self.steps[position])
        if progress is not None:
            progress(1.0)
        return self._reviews[position]

    def summary(self, progress: Progress | None = None,
                should_stop: ShouldStop | None = None) -> HandSummary:
        """Every hero decision reviewed, and the hand's outcome."""
        positions = self.decision_positions
        reviews = []
        for done, position in enumerate(positions, 1):
            review = self.review(position, should_stop=should_stop)
            assert review is not None
            reviews.append(review)
            if progress is not None:
                progress(done / len(positions))
        final = finishing_stacks(self.record)
        result = None if final is None else final[self.hero] - self.record.config.stacks[self.hero]
        return HandSummary(self.hero, tuple(reviews), final, result)

    def _review(self, step: Step) -> DecisionReview:
        hand = self._hands[step.index]
        decision = hand.decision(self.hero)
        taken, amount = _taken(step.action, decision)
        if decision.hole_cards is None:
            return DecisionReview(step.index, decision, None, "the hero's hole cards are not"
                                  " in the record", taken, amount, None, None)
        advice = advise_hand(hand, self.hero, self.settings)
        taken_growth = float(advice.growth_of(taken, amount))
        agrees = (_same_action(advice, taken, amount)
                  or bool(advice.choice.growth - taken_growth <= GROWTH_TOLERANCE))
        return DecisionReview(step.index, decision, advice, "", taken, amount, taken_growth,
                              agrees)


def _walk(record: HandRecord, hero: int) -> tuple[tuple[Step, ...], dict[int, Hand]]:
    """The steps of the hand, and a copy of the state at each hero decision (the hero's
    hole cards dealt from the start when the record shows them only later), playing
    the hand once."""
    hand = Hand(record.config)
    cards = record.known_cards(hero)
    dealt = any(action.kind == ActionKind.HOLE and action.seat == hero
                for action in record.actions)
    if cards is not None and not dealt:
        hand.deal_hole(hero, cards)
    steps, hands = [], {}
    for index, action in enumerate(record.actions):
        decision = action.kind in BETTING and action.seat == hero
        if decision:
            hands[index] = copy.deepcopy(hand)
        steps.append(Step(index, action, hand.street,
                          describe_action(action, record, hand.street), decision))
        hand.apply(action)
    return tuple(steps), hands


def _taken(action: Action, decision: Decision) -> tuple[str, int]:
    """The action taken, named as the door names it, with the chips it adds."""
    if action.kind == ActionKind.FOLD:
        return "fold", 0
    if action.kind == ActionKind.CHECK:
        return "check", 0
    if action.kind == ActionKind.CALL:
        return "call", min(decision.current_bet - decision.bet, decision.stack)
    chips = decision.stack if action.kind == ActionKind.ALL_IN else action.amount - decision.bet
    if chips >= decision.stack and (decision.bet + chips > decision.current_bet):
        return "all-in", chips
    if action.kind == ActionKind.ALL_IN:
        return "call", chips
    return ("bet" if decision.current_bet == 0 else "raise"), chips


def _same_action(advice: Advice, taken: str, amount: int) -> bool:
    advised = advice.choice
    if advised.kind != taken:
        return False
    if taken not in ("bet", "raise"):
        return True
    return abs(amount - advised.chips) <= RAISE_TOLERANCE * advised.chips


def describe_action(action: Action, record: HandRecord, street: Street) -> str:
    """An action played on ``street`` in words, amounts in the file's unit.

    >>> from assistant.hand import HandConfig
    >>> config = HandConfig.standard([500] * 2, 1, 5, 10, names=("Ivey", "Dwan"))
    >>> describe_action(Action(ActionKind.RAISE, 1, 3050), HandRecord(config, (), 2),
    ...                 Street.PREFLOP)
    'Dwan raises to 30.50'
    >>> describe_action(Action(ActionKind.BOARD, cards=(12,)), HandRecord(config, ()),
    ...                 Street.FLOP)
    'turn: Ac'
    """
    name = record.names[action.seat] if action.seat is not None else ""
    return hand_words(action, name, street, lambda chips: amount_text(chips, record.decimals))
