"""Replay a recorded hand step by step, with the advice at each of one player's decisions.

A :class:`Replay` is a cursor over a hand's actions: the window steps it forward and
back and draws :attr:`Replay.hand`, the state before the next action.  At each
betting decision of the chosen player (the hero), :meth:`Replay.review` gives what
the assistant would have advised there (:func:`assistant.advice.advise_hand` on the
state just before the action, knowing only the hero's own hole cards and the board)
beside the action actually taken, and how much growth the difference cost.

The hero's hole cards are taken from wherever the record shows them, a deal or the
showdown: the hero knew them all along.  Equity is chosen as everywhere else (the
preflop table, exact counting where it fits, else sampling), the sampling with a
fixed seed, so a replay always gives the same advice.

Agreement: the action taken agrees with the advice when it is of the same kind
(fold, check, call, raise, all-in; a bet counts as a raise, and a call or raise of the
whole stack as all-in) and, for raises, its amount is within :data:`RAISE_TOLERANCE`
of the advised amount; or when it grows the bankroll as fast (an all-in that the
opponents can only call as far as the advised raise).  The growth given up is the
advised action's expected log-growth less the taken action's, in nats (``inf`` where
the taken action can lose the whole bankroll: give a bankroll to avoid that).
"""

import math
from dataclasses import dataclass

from assistant.advice import Advice, advise_hand, whole_chips
from assistant.equity import Progress, ShouldStop
from assistant.errors import PokerInputError
from assistant.hand import Action, ActionKind, Decision, Hand, Street
from assistant.hand import describe_action as hand_words
from assistant.history.record import HandRecord, amount_text, finishing_stacks, play
from assistant.kelly import Action as KellyAction
from assistant.kelly import growth

REPLAY_SEED = 20_240_601
"""The seed of every sampled equity in a replay."""
RAISE_TOLERANCE = 0.25
"""A raise agrees with an advised raise within this fraction of the advised amount."""
GROWTH_TOLERANCE = 1e-9
"""An action that gives up at most this growth (nats) agrees with the advice."""
BETTING = frozenset({ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET,
                     ActionKind.RAISE})


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

    ``taken`` and ``taken_amount`` are the action in the advice's terms (hero's new
    chips).  Without ``advice`` (hero's cards unknown), ``note`` says why and the
    growth fields are ``None``.  Growths are in nats.
    """

    step: int
    decision: Decision
    advice: Advice | None
    note: str
    taken: KellyAction
    taken_amount: int
    taken_growth: float | None
    agrees: bool | None

    @property
    def growth_given_up(self) -> float | None:
        """The advised action's growth less the taken one's (nats)."""
        if self.advice is None or self.taken_growth is None:
            return None
        return self.advice.choice.growth - self.taken_growth


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


class Replay:
    """A cursor over a recorded hand, reviewing one player's decisions.

    ``position`` counts the actions played (0 to ``len(steps)``); :attr:`hand` is the
    state there and :attr:`step` the next action.  ``kelly_scale`` and ``bankroll``
    (the hero's whole bankroll at the start of the hand, at least the starting stack)
    go to the advice; with a bankroll, each decision counts the wealth left after the
    chips already in the pot.
    """

    def __init__(self, record: HandRecord, hero: int | None = None, *,
                 kelly_scale: float = 1.0, bankroll: float | None = None,
                 seed: int = REPLAY_SEED) -> None:
        self.record = record
        self.hero = default_hero(record) if hero is None else hero
        if not 0 <= self.hero < record.config.n_seats:
            raise PokerInputError(f"seat {self.hero + 1} is not at the table")
        start = record.config.stacks[self.hero]
        if bankroll is not None and not bankroll >= start:
            raise PokerInputError(f"bankroll {bankroll!r} is less than the hero's starting"
                                  f" stack {start}")
        self.kelly_scale = kelly_scale
        self.bankroll = bankroll
        self.seed = seed
        self.steps = _steps(record, self.hero)
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
        ``None`` if the hero does not decide there.  Computed once, then kept."""
        position = self._position if position is None else position
        if not 0 <= position < len(self.steps) or not self.steps[position].hero_decision:
            return None
        if position not in self._reviews:
            self._reviews[position] = self._review(self.steps[position], progress, should_stop)
        return self._reviews[position]

    def summary(self, progress: Progress | None = None,
                should_stop: ShouldStop | None = None) -> HandSummary:
        """Every hero decision reviewed, and the hand's outcome."""
        positions = self.decision_positions
        reviews = []
        for done, position in enumerate(positions):
            def part(fraction: float, done: int = done) -> None:
                if progress is not None:
                    progress((done + fraction) / len(positions))
            review = self.review(position, part, should_stop)
            assert review is not None
            reviews.append(review)
            part(1.0)
        final = finishing_stacks(self.record)
        result = None if final is None else final[self.hero] - self.record.config.stacks[self.hero]
        return HandSummary(self.hero, tuple(reviews), final, result)

    def _review(self, step: Step, progress: Progress | None,
                should_stop: ShouldStop | None) -> DecisionReview:
        hand = play(self.record, step.index)
        cards = self.record.known_cards(self.hero)
        if hand.hole_cards(self.hero) is None and cards is not None:
            hand.deal_hole(self.hero, cards)
        decision = hand.decision(self.hero)
        taken, amount = _taken(step.action, decision)
        if cards is None:
            return DecisionReview(step.index, decision, None, "the hero's hole cards are not"
                                  " in the record", taken, amount, None, None)
        bankroll = (None if self.bankroll is None
                    else self.bankroll - hand.contribution(self.hero))
        advice = advise_hand(hand, self.hero, kelly_scale=self.kelly_scale, bankroll=bankroll,
                             seed=self.seed, progress=progress, should_stop=should_stop)
        taken_growth = 0.0 if taken == "fold" else growth(float(amount), advice.situation,
                                                           advice.outcome)
        agrees = (_same_action(advice, taken, amount)
                  or advice.choice.growth - taken_growth <= GROWTH_TOLERANCE)
        return DecisionReview(step.index, decision, advice, "", taken, amount, taken_growth,
                              agrees)


def _steps(record: HandRecord, hero: int) -> tuple[Step, ...]:
    hand = Hand(record.config)
    steps = []
    for index, action in enumerate(record.actions):
        decision = action.kind in BETTING and action.seat == hero
        steps.append(Step(index, action, hand.street,
                          describe_action(action, record, hand.street), decision))
        hand.apply(action)
    return tuple(steps)


def _taken(action: Action, decision: Decision) -> tuple[KellyAction, int]:
    """The action taken in the advice's terms, with the hero's new chips."""
    if action.kind == ActionKind.FOLD:
        return "fold", 0
    if action.kind == ActionKind.CHECK:
        return "check", 0
    chips = action.amount if action.kind == ActionKind.CALL else action.amount - decision.bet
    if chips == decision.stack:
        return "all-in", chips
    return ("call" if action.kind == ActionKind.CALL else "raise"), chips


def _same_action(advice: Advice, taken: KellyAction, amount: int) -> bool:
    if advice.choice.action != taken:
        return False
    if taken != "raise":
        return True
    advised = whole_chips(advice)
    return abs(amount - advised) <= RAISE_TOLERANCE * advised


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
