"""The earlier advice, kept as the simulator's baseline: hero's odds against random hands
that always call, and the Kelly bet of that model.  (The advice itself comes through
:mod:`assistant.door`.)

This is where the rules (:mod:`assistant.hand`), the odds (:mod:`assistant.equity`)
and the Kelly math (:mod:`assistant.kelly`) meet.  The window and the command line
both come through here, so they cannot disagree.
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass

from assistant.cards import cards_to_mask, format_cards, parse_cards
from assistant.equity import Equity, Progress, ShouldStop, equity
from assistant.errors import PokerInputError
from assistant.evaluator import describe, evaluate
from assistant.hand import Action, ActionKind, Decision, Hand
from assistant.kelly import (
    BetSituation,
    Caller,
    KellyChoice,
    Outcome,
    choose_action,
    growth,
)

ADVISED_KINDS = {"fold": ActionKind.FOLD, "check": ActionKind.CHECK, "call": ActionKind.CALL,
                 "all-in": ActionKind.ALL_IN}
"""The hand's action for each advised action but the raise (whose kind depends on the bet)."""


@dataclass(frozen=True)
class Advice:
    """Everything the window shows at a decision, as plain data.

    ``made_hand`` describes hero's best five cards once there is a board.
    """

    equity: Equity
    choice: KellyChoice
    situation: BetSituation
    made_hand: str | None

    @property
    def outcome(self) -> Outcome:
        """The outcome distribution the Kelly math used."""
        return Outcome(self.equity.win, self.equity.split, self.equity.lose)

    def to_dict(self) -> dict[str, object]:
        """The equity fields, the Kelly fraction and amount, the chosen action and its
        amount (hero's new chips), and the growth of every legal action, keyed by action."""
        return {
            **self.equity.to_dict(),
            "kelly_fraction": self.choice.kelly_fraction,
            "kelly_amount": self.choice.kelly_amount,
            "action": self.choice.action,
            "amount": self.choice.amount,
            "growth": {action: c.growth for action, c in self.choice.candidates.items()},
        }


def advise(hero: str, board: str, situation: BetSituation, vs: Sequence[str] = (),
           dead: str = "", kelly_scale: float = 1.0, samples: int | None = None,
           seed: int | None = None, progress: Progress | None = None,
           should_stop: ShouldStop | None = None) -> Advice:
    """Odds and Kelly advice for ``hero`` on ``board`` at ``situation``.

    The live opponents are ``situation.opponents``; ``vs`` names the hands or ranges
    of some of them (the rest hold random cards).  ``samples``, ``seed``, ``progress``
    and ``should_stop`` go to :func:`assistant.equity.equity`.

    >>> spot = BetSituation(stack=5000, pot=450, to_call=100,
    ...                     opponents=(Caller(), Caller()), min_raise=200)
    >>> advice = advise("AhKd", "Qs7d2c", spot)
    >>> advice.equity.method, advice.choice.action, advice.made_hand
    ('exact', 'call', 'ace high')
    """
    odds = equity(hero, board, len(situation.opponents), vs, dead, samples=samples, seed=seed,
                  progress=progress, should_stop=should_stop)
    outcome = Outcome(odds.win, odds.split, odds.lose)
    made_hand = None
    cards = parse_cards(hero) + parse_cards(board)
    if board and len(cards) >= 5:
        made_hand = describe(evaluate(cards_to_mask(cards)))
    return Advice(odds, choose_action(situation, outcome, kelly_scale), situation, made_hand)


def situation_of(decision: Decision, bankroll: float | None = None) -> BetSituation:
    """The Kelly question of a player's decision in a hand.

    Amounts owed are taken before the all-in caps of :class:`Decision`: the model's
    side pots need each opponent's bet relative to the player's, even when someone
    cannot cover it.
    """
    opponents = tuple(Caller(stack=o.stack, owed=decision.current_bet - o.bet)
                      for o in decision.opponents)
    return BetSituation(decision.stack, decision.pot, decision.current_bet - decision.bet,
                        opponents, decision.min_raise, bankroll)


def advise_hand(hand: Hand, seat: int, vs: Sequence[str] = (), kelly_scale: float = 1.0,
                bankroll: float | None = None, samples: int | None = None,
                seed: int | None = None, progress: Progress | None = None,
                should_stop: ShouldStop | None = None) -> Advice:
    """Advice for ``seat`` at its turn in ``hand``, from its hole cards and the board."""
    decision = hand.decision(seat)
    if decision.hole_cards is None:
        raise PokerInputError(f"{hand.config.seat_name(seat)}'s hole cards are not known yet")
    return advise(format_cards(decision.hole_cards), format_cards(decision.board),
                  situation_of(decision, bankroll), vs, kelly_scale=kelly_scale,
                  samples=samples, seed=seed, progress=progress, should_stop=should_stop)


def whole_chips(advice: Advice) -> int:
    """The advised new chips as a whole number: a raise is rounded to whichever
    neighbouring whole amount within the legal interval grows the bankroll more."""
    amount = advice.choice.amount
    if advice.choice.action != "raise":
        return round(amount)
    low, high = advice.situation.raise_interval or (amount, amount)
    options = {min(max(math.floor(amount), math.ceil(low)), math.floor(high)),
               min(max(math.ceil(amount), math.ceil(low)), math.floor(high))}
    return max(sorted(options), key=lambda chips: growth(float(chips), advice.situation,
                                                         advice.outcome))


def advised_action(hand: Hand, seat: int, advice: Advice) -> Action:
    """The hand's action that follows ``advice`` for ``seat``: a raise in whole chips, as
    a bet when it opens the street."""
    action = advice.choice.action
    if action != "raise":
        return Action(ADVISED_KINDS[action], seat)
    return hand.bet_or_raise_to(seat, hand.street_contribution(seat) + whole_chips(advice))


def play_advice(hand: Hand, seat: int, advice: Advice) -> None:
    """Take the advised action for ``seat`` in ``hand`` (a raise in whole chips)."""
    hand.apply(advised_action(hand, seat, advice))
