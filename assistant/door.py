"""The one door to the advice: a hand state (or a decision in numbers) and the player's
settings in, the advised action with its reasons out, as plain data.

The window (live and replay), the ``advise`` and ``replay`` commands, the simulator and
the library entry point :func:`advise_phh` all come through :func:`advise_spot`, so the
same decision always gets the same advice.

**What the bankroll means at a decision.**  ``bankroll`` is the player's wealth at the
start of the hand, table stack included (default: :data:`DEFAULT_BUYINS` buy-ins, a
buy-in being 100 big blinds or hero's starting stack if that is deeper).  At a decision
hero's wealth is that bankroll less the chips hero has put in this hand so far: those
chips are in the pot, counted once, as chips hero may win back.  A Kelly scale ``k``
plays full Kelly on ``k`` times that wealth.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from assistant.betting import min_raise_chips
from assistant.combos import N_COMBOS, live_combos
from assistant.equity import Equity
from assistant.errors import PokerInputError
from assistant.growth import Evaluated, Opponent, Spot, best, indifference, put_in
from assistant.growth import evaluate as evaluate_growth
from assistant.hand import VOLUNTARY, Action, ActionKind, Hand, HandConfig, Street
from assistant.kelly import BetSituation, Caller, Outcome
from assistant.kelly import growth as always_called_growth
from assistant.opponents.narrowing import acting_position, narrow, postflop_likelihood
from assistant.opponents.priors import prior_range
from assistant.opponents.profile import Profile
from assistant.opponents.seats import RAISES
from assistant.range_view import check_weights
from assistant.ranges import Range

if TYPE_CHECKING:
    from assistant.showdown import Showdown

DEFAULT_BUYINS = 25
"""The default bankroll, in buy-ins (a buy-in: 100 big blinds, or hero's starting stack
if deeper)."""
BUYIN_BIG_BLINDS = 100


@dataclass(frozen=True)
class Settings:
    """The player's settings: the Kelly scale, the bankroll at the start of the hand (in
    chips; ``None`` for :data:`DEFAULT_BUYINS` buy-ins), a profile per seat, and the
    player's own range for any seat (float64 ``(1326,)`` weights), which
    :func:`advise_hand` takes in place of the narrowed one."""

    kelly_scale: float = 1.0
    bankroll: float | None = None
    profiles: Mapping[int, Profile] = field(default_factory=dict)
    ranges: Mapping[int, np.ndarray] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not (isinstance(self.kelly_scale, int | float) and 0 < self.kelly_scale <= 1):
            raise PokerInputError(f"Kelly scale {self.kelly_scale!r} must be above 0 and at"
                                  " most 1")
        if self.bankroll is not None and not (
                isinstance(self.bankroll, int | float) and 0 < self.bankroll < math.inf):
            raise PokerInputError(f"bankroll {self.bankroll!r} must be a positive number"
                                  " of chips")
        for seat, weights in self.ranges.items():
            if not check_weights(weights).any():
                raise PokerInputError(f"the range given for seat {seat + 1} is empty")


@dataclass(frozen=True)
class SeatView:
    """One live opponent at the decision: its range after every action so far (card
    removal against ``dead_mask``, the cards hero knows)."""

    seat: int
    profile: str
    weights: np.ndarray
    equity_vs: float
    dead_mask: int = 0

    @functools.cached_property
    def range(self) -> Range:
        """The weights as a :class:`Range`: its ``combos`` (after card removal) and
        ``percent`` of all 1,326 combos are the seat's read-out."""
        return Range.from_weights(self.weights)

    @property
    def combos(self) -> float:
        """The combos in the range (sum of weights after card removal)."""
        return self.range.combos

    @property
    def percent(self) -> float:
        """The range as a percentage of all 1,326 combos."""
        return self.range.percent

    @property
    def notation(self) -> str:
        """The range in standard notation, weights rounded (:meth:`Range.to_notation`)."""
        return self.range.to_notation(self.dead_mask)


@dataclass(frozen=True)
class Advice:
    """The advice at one decision: the odds against the narrowed ranges, every candidate
    action's growth with the opponents' answers (and as if every hand called), the
    chosen action and the opponents' ranges."""

    equity: Equity
    candidates: tuple[Evaluated, ...]
    choice: Evaluated
    always_called: tuple[float, ...]
    opponents: tuple[SeatView, ...]
    made_hand: str | None
    spot: Spot

    def growth_of(self, kind: str, chips: int) -> float:
        """The growth of an action given as a kind (fold, check, call, bet, raise, all-in)
        and hero's new chips, whether or not it was a candidate."""
        if kind == "fold":
            return 0.0
        for candidate in self.candidates:
            if candidate.kind == kind and (kind == "check" or candidate.chips == chips):
                return candidate.growth
        if kind == "check":
            raise PokerInputError("hero cannot check here")
        return put_in(self.spot, [self.spot.bet + chips])[0].growth

    def to_dict(self, names: Sequence[str] | None = None, decimals: int = 0
                ) -> dict[str, object]:
        """Plain JSON-ready data: the action, its chips and street total, the odds, the
        growth of every candidate (keyed by :func:`label`), the answers at the advised
        action and the ranges.

        ``names`` are the players by seat (``p1`` .. ``pn`` by default); amounts are in a
        file's unit of ``decimals`` places (whole chips by default).  This is the dict
        :func:`advise_phh` returns and ``replay --json`` prints for a decision.
        """
        def player(seat: int) -> str:
            return names[seat] if names else f"p{seat + 1}"

        def money(chips: int) -> str:
            return f"{chips / 10**decimals:.{decimals}f}"

        def amount(chips: int) -> float:
            return chips / 10**decimals if decimals else chips

        words = [label(c, self.spot, money) for c in self.candidates]
        return {
            "action": self.choice.kind,
            "amount": amount(self.choice.chips),
            "to": amount(self.choice.total),
            "equity": self.equity.to_dict(),
            "made_hand": self.made_hand,
            "growth": {word: float(c.growth) for word, c in
                       zip(words, self.candidates, strict=True)},
            "growth_if_always_called": {word: float(g) for word, g in
                                        zip(words, self.always_called, strict=True)},
            "all_fold": float(self.choice.all_fold),
            "answers": [{"player": player(a.seat), "fold": a.fold, "call": a.call,
                         "raise": a.raise_} for a in self.choice.answers],
            "opponents": [{"player": player(o.seat), "profile": o.profile,
                           "combos": o.combos, "percent": o.percent, "range": o.notation,
                           "equity_vs": o.equity_vs} for o in self.opponents],
        }


def label(candidate: Evaluated, spot: Spot, money: Callable[[int], str] = str) -> str:
    """A candidate in words, amounts as street totals: ``fold``, ``check``, ``call 40``,
    ``bet 60``, ``raise to 180``, ``all-in 500``; a call of hero's last chips is
    ``call 100 (all-in)``.  ``money`` writes an amount of chips (as a file's unit, say).
    The one place that puts advice into words."""
    if candidate.kind in ("fold", "check"):
        return candidate.kind
    if candidate.kind == "call":
        all_in = " (all-in)" if candidate.chips >= spot.stack else ""
        return f"call {money(candidate.chips)}{all_in}"
    if candidate.kind == "raise":
        return f"raise to {money(candidate.total)}"
    return f"{candidate.kind} {money(candidate.total)}"


def decide(hand: Hand, seat: int, settings: Settings | None = None) -> Action:
    """The action :func:`advise_hand` advises ``seat`` at its turn in ``hand``, worked out
    alone: the simulator's question, without the odds, the seats' views and the
    every-hand-calls growth the advice also reports."""
    spot = hand_spot(hand, seat, settings)
    return action_for(hand, seat, choose(tuple(evaluate_growth(spot)), spot))


def action_for(hand: Hand, seat: int, choice: Evaluated) -> Action:
    """The hand's action that takes the candidate ``choice`` for ``seat`` (at its turn):
    an advice's own is ``action_for(hand, seat, advice.choice)``."""
    if choice.kind in ("fold", "check", "call"):
        return Action(ActionKind(choice.kind), seat)
    return hand.bet_or_raise_to(seat, choice.total)


def _mask(cards: Sequence[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _removed(weights: np.ndarray, live: np.ndarray) -> np.ndarray:
    """``weights`` with the combos not ``live`` (:func:`live_combos`) at 0."""
    return np.where(live, weights, 0.0)


def _equity(sd: Showdown, ranges: Sequence[np.ndarray]) -> Equity:
    win, tie = sd.outcome(np.stack(ranges, axis=1))
    lose = max(1.0 - win - tie, 0.0)
    split = (tie,) + (0.0,) * (len(ranges) - 1)
    exact = sd.exact and len(ranges) == 1
    return Equity(win, split, lose, win + tie / 2, exact, sd.runouts, 0.0,
                  "exact" if exact else "ranges")


def buyin(config: HandConfig, seat: int) -> float:
    """A buy-in for ``seat`` at a table of ``config``: 100 big blinds, or the seat's
    starting stack if deeper."""
    return float(max(BUYIN_BIG_BLINDS * config.min_bet, config.stacks[seat]))


def default_bankroll(hand: Hand, seat: int) -> float:
    """The bankroll of :data:`DEFAULT_BUYINS` buy-ins for ``seat``."""
    return DEFAULT_BUYINS * buyin(hand.config, seat)


def _postflop_order(seat: int, hand: Hand) -> int:
    return (seat - hand.config.button - 1) % hand.config.n_seats


def advise_hand(hand: Hand, seat: int, settings: Settings | None = None,
                known: Mapping[int, Sequence[int]] | None = None,
                dead: Sequence[int] = ()) -> Advice:
    """The advice for ``seat`` at its turn in ``hand`` (:func:`hand_spot`'s decision)."""
    return advise_spot(hand_spot(hand, seat, settings, known, dead))


def hand_spot(hand: Hand, seat: int, settings: Settings | None = None,
              known: Mapping[int, Sequence[int]] | None = None,
              dead: Sequence[int] = ()) -> Spot:
    """The decision of ``seat`` at its turn in ``hand`` in numbers, from its hole cards,
    the board and every action so far (:func:`advise_spot` and :func:`decide` take it
    from there).

    ``known`` gives opponents' hole cards hero knows (their range is that hand);
    ``settings.ranges`` the player's own range for a seat, used instead of the narrowed
    one (and instead of the position priors' answers of a seat yet to act preflop);
    ``dead`` cards are out of play (a card seen by accident); a folded player's shown
    cards are dead too.  Other players' hole cards in ``hand`` are not used: hero does
    not see them.
    """
    from assistant.showdown import board_strength, showdown  # numba: off the window's imports

    settings = settings or Settings()
    decision = hand.decision(seat)
    if decision.hole_cards is None:
        raise PokerInputError(f"{hand.config.seat_name(seat)}'s hole cards are not known yet")
    known = known or {}
    hero_mask, board_mask = _mask(decision.hole_cards), _mask(decision.board)
    dead_mask = _mask(dead)
    for other in range(hand.config.n_seats):
        cards = hand.hole_cards(other)
        if other != seat and other not in hand.live_seats() and cards and hand.has_shown(
                other):
            dead_mask |= _mask(cards)
    dead_mask &= ~(hero_mask | board_mask)
    ranges = narrow(hand.config, hand.actions, seat, settings.profiles)
    unblocked = live_combos(hero_mask | board_mask | dead_mask)
    strength = board_strength(board_mask)
    order = _postflop_order(seat, hand)
    live = [o for o in decision.opponents]
    preflop = decision.street == Street.PREFLOP
    # Hero's raise would be the open: the cold players answer an open from hero's seat
    # (the big blind, last to act, has no cold players behind it).
    position = acting_position(seat, hand.config)
    opener = position if (preflop and decision.current_bet <= hand.config.min_bet
                          and position < hand.config.n_seats - 1) else None
    rivals = []
    for opponent in live:
        seat_range = ranges[opponent.seat]
        reference = None
        if opponent.seat in known:
            weights = Range.of_hand(*known[opponent.seat]).weights
        elif opponent.seat in settings.ranges:
            weights = _removed(check_weights(settings.ranges[opponent.seat]), unblocked)
            if weights.sum() <= 0:
                raise PokerInputError(f"the range given for {hand.config.seat_name(opponent.seat)}"
                                      " is empty once the known cards are removed")
        else:
            weights = _removed(seat_range.weights, unblocked)
            if seat_range.flop_weights is not None:
                reference = _removed(seat_range.flop_weights, unblocked)
        if weights.sum() <= 0:
            weights = _removed(np.ones(N_COMBOS), unblocked)
            reference = None
        if preflop:
            acts_after = acting_position(opponent.seat, hand.config) > position
        else:
            acts_after = _postflop_order(opponent.seat, hand) > order
        cold = None
        if preflop and seat_range.preflop is None and opponent.seat not in settings.ranges:
            cold = (acting_position(opponent.seat, hand.config), hand.config.n_seats, opener)
        raised = seat_range.preflop if seat_range.preflop in RAISES else None
        rivals.append(Opponent(opponent.seat, weights, strength, seat_range.profile,
                               opponent.stack, opponent.bet, acts_after, cold, reference,
                               raised))
    bankroll = settings.bankroll if settings.bankroll is not None else default_bankroll(
        hand, seat)
    bankroll = max(bankroll, float(hand.config.stacks[seat]))
    wealth = (bankroll - hand.contribution(seat)) * settings.kelly_scale
    in_position = all(_postflop_order(o.seat, hand) < order for o in live)
    sd = showdown(hero_mask, board_mask, dead_mask)
    lowest = None if decision.min_raise is None else decision.bet + decision.min_raise
    highest = None if decision.max_raise is None else decision.bet + decision.max_raise
    first_in = preflop and not any(action.kind in VOLUNTARY for action in hand.actions)
    return Spot(wealth, decision.pot, decision.stack, decision.bet, decision.current_bet,
                lowest, highest, hand.config.min_bet, preflop,
                decision.street == Street.RIVER, in_position, tuple(rivals), sd, first_in)


@dataclass(frozen=True)
class Villain:
    """An opponent given in numbers (the ``advise`` command, the window's quick mode):
    its profile, its chips behind, and either an explicit range (weights), or its
    acting-order position and preflop action (its prior), or neither (every hand, narrowed
    after the flop by the bet it made or called: :func:`advise_numbers`).
    ``bet`` is what it has put in this street: ``None`` for the bet hero faces (it made
    or called it); less, and it is still to answer after hero."""

    profile: Profile
    stack: int
    weights: np.ndarray | None = None
    position: int | None = None
    action: str | None = None
    bet: int | None = None


def advise_numbers(hero: Sequence[int], board: Sequence[int], *, pot: int, to_call: int,
                   stack: int, villains: Sequence[Villain], big_blind: int,
                   players: int = 6, in_position: bool = False,
                   settings: Settings | None = None, dead: Sequence[int] = ()) -> Advice:
    """The advice at a decision given in numbers: hero's cards and the board (card
    indices), the pot, the amount to call, hero's chips behind and the live opponents.

    Every opponent is taken to have put in the current bet already, unless its ``bet``
    says less (it then acts after hero); when there is nothing to call they all act
    after hero.  The smallest raise is by the bet faced, at least a big blind
    (:func:`assistant.betting.min_raise_chips`), the largest all-in.

    An opponent's range is its explicit ``weights``, else the prior of its position and
    preflop action, else every hand.  After the flop, facing a bet, a prior or
    every-hand range is narrowed as :func:`assistant.opponents.narrowing.narrow` would narrow it
    (:func:`~assistant.opponents.narrowing.postflop_likelihood`): the first opponent
    whose bet is the amount to call is taken to have made the bet, checked to (leading,
    the pot before it being ``pot`` less every opponent's bet), and each later one with
    that bet to have called it after the callers before it.  Opponents still to act,
    explicit ranges (the player's own reading) and preflop ranges are left as they are.
    """
    from assistant.showdown import board_strength, showdown  # numba: off the window's imports

    settings = settings or Settings()
    if len(hero) != 2:
        raise PokerInputError(f"advice needs hero's two cards, not {len(hero)}")
    if len(board) not in (0, 3, 4, 5):
        raise PokerInputError(f"a board has 0, 3, 4 or 5 cards, not {len(board)}")
    if not villains:
        raise PokerInputError("advice needs at least one live opponent")
    if stack <= 0:
        raise PokerInputError(f"stack {stack} leaves hero nothing to bet")
    if big_blind <= 0:
        raise PokerInputError(f"big blind {big_blind} must be at least one chip")
    bets = [to_call if v.bet is None else v.bet for v in villains]
    for index, bet in enumerate(bets):
        if not 0 <= bet <= to_call:
            raise PokerInputError(f"opponent {index + 1}'s bet {bet} is not between 0 and"
                                  f" the {to_call} to call")
    if pot < sum(bets) or pot <= 0:
        raise PokerInputError(f"pot {pot} is less than the {sum(bets)} chips"
                              f" the {len(villains)} opponents have bet")
    hero_mask, board_mask, dead_mask = _mask(hero), _mask(board), _mask(dead)
    unblocked = live_combos(hero_mask | board_mask | dead_mask)
    preflop = not board
    strength = board_strength(board_mask)
    bettor = None if preflop or to_call == 0 else next(
        (index for index, bet in enumerate(bets) if bet == to_call), None)
    before = pot - sum(bets)  # the pot before this street's bet
    rivals = []
    for index, villain in enumerate(villains):
        weights = villain.weights
        if weights is None and villain.position is not None and villain.action is not None:
            weights = prior_range(villain.profile, villain.position, villain.action, players)
        cold = None
        guessed = villain.weights is None  # a prior or every hand: the model's guess
        if weights is None:
            weights = np.ones(N_COMBOS)
            if preflop and villain.position is not None:
                cold = (villain.position, players, None)
        weights = _removed(np.asarray(weights, dtype=np.float64), unblocked)
        if weights.sum() <= 0:
            raise PokerInputError(f"opponent {index + 1}'s range is empty once the known"
                                  " cards are removed")
        reference = None
        if guessed and bettor is not None and index >= bettor and bets[index] == to_call:
            reference = weights  # the range it saw this street with
            callers = bets[bettor + 1:index].count(to_call)
            made = index == bettor
            weights = weights * postflop_likelihood(
                weights, strength, villain.profile, aggressive=made,
                to_call=0 if made else to_call,
                pot=before if made else before + to_call * (1 + callers),
                players=len(villains) + 1, leading=True, callers=callers)
        rivals.append(Opponent(index + 1, weights, strength, villain.profile, villain.stack,
                               bets[index], to_call == 0 or bets[index] < to_call, cold,
                               reference, villain.action if villain.action in RAISES
                               else None))
    bankroll = settings.bankroll if settings.bankroll is not None else float(
        DEFAULT_BUYINS * max(BUYIN_BIG_BLINDS * big_blind, stack))
    wealth = max(bankroll, float(stack)) * settings.kelly_scale
    lowest = min_raise_chips(to_call, big_blind, stack)  # hero has nothing in: a total
    # In numbers, a seat with chips in and neither a range nor an action given is a blind
    # that has not acted: hero is first in when every such seat is one.
    first_in = preflop and to_call <= big_blind and all(
        rival.cold is not None for rival in rivals if rival.bet > 0)
    spot = Spot(wealth, pot, stack, 0, to_call, lowest, None if lowest is None else stack,
                big_blind, preflop, len(board) == 5, in_position, tuple(rivals),
                showdown(hero_mask, board_mask, dead_mask), first_in)
    return advise_spot(spot)


def advise_spot(spot: Spot) -> Advice:
    """The advice at ``spot``: every candidate's growth, the best one, the odds against
    the ranges and the growth each candidate would have if every hand called."""
    candidates = tuple(evaluate_growth(spot))
    sd = spot.showdown
    known = sd.hero_mask | sd.board_mask | sd.dead_mask
    views = tuple(SeatView(r.seat, r.profile.name, r.weights, _equity(sd, [r.weights]).equity,
                           known) for r in spot.rivals)
    made = None
    if sd.board_mask:
        from assistant.evaluator import describe, evaluate  # numba: off the window's imports

        made = describe(evaluate(sd.board_mask | sd.hero_mask))
    always = growth_if_always_called(spot, np.array([c.chips for c in candidates], dtype=float))
    return Advice(_equity(sd, [r.weights for r in spot.rivals]), candidates,
                  choose(candidates, spot),
                  tuple(0.0 if c.kind == "fold" else float(g)
                        for c, g in zip(candidates, always, strict=True)), views, made, spot)


def choose(candidates: Sequence[Evaluated], spot: Spot) -> Evaluated:
    """The advised one of the ``candidates`` at ``spot``: the one that grows most, unless
    one risking fewer chips is within the model's error (:func:`assistant.growth.best`
    with :func:`assistant.growth.indifference`)."""
    return best(candidates, indifference(spot))


def growth_if_always_called(spot: Spot, chips: np.ndarray) -> np.ndarray:
    """The growth of putting in each of ``chips`` (new chips) in the earlier model:
    random hands that always call (:func:`assistant.kelly.growth`)."""
    sd = spot.showdown
    live = sd.live_combos().astype(np.float64)
    win, tie = sd.outcome(np.stack([live] * len(spot.rivals), axis=1))
    split = (tie,) + (0.0,) * (len(spot.rivals) - 1)
    outcome = Outcome(win, split, max(1.0 - win - tie, 0.0))
    min_raise = None
    if spot.min_raise_to is not None:
        min_raise = max(spot.min_raise_to - spot.bet, spot.to_call + 1)
    situation = BetSituation(
        spot.stack, spot.pot, spot.to_call,
        tuple(Caller(stack=r.stack, owed=max(spot.current_bet - r.bet, 0))
              for r in spot.rivals), min_raise, max(spot.wealth, spot.stack))
    return always_called_growth(np.asarray(chips, dtype=np.float64), situation, outcome)


def advise_phh(text: str, hero: str, *, kelly_scale: float = 1.0,
               bankroll: float | None = None,
               profiles: Mapping[str, str] | None = None) -> dict[str, object]:
    """The advice at hero's current decision of a hand written in PHH, as far as the hand
    has gone: the library entry point for scripts and bots.

    ``hero`` is a player's name or ``pN``; ``bankroll`` is hero's at the start of the
    hand, in the file's units (default :data:`DEFAULT_BUYINS` buy-ins); ``profiles`` maps
    player names (or ``pN``) to profile names.  Returns :meth:`Advice.to_dict` with the
    record's player names and amounts in the file's units: the same dict that
    ``poker-assistant replay --json`` prints for that decision.
    """
    from assistant.history import read_hands
    from assistant.history.replay import file_settings, find_hero, hand_at

    hands = read_hands(text, "<phh>")
    if not hands.hands:
        problems = "; ".join(str(entry) for entry in hands.entries) or "no hand"
        raise PokerInputError(f"the text holds no readable hand: {problems}")
    record = hands.hands[-1]
    seat = find_hero(record, hero)
    settings = file_settings(record, seat, kelly_scale=kelly_scale, bankroll=bankroll,
                             profiles=profiles)
    hand = hand_at(record, seat)
    if hand.to_act != seat:
        raise PokerInputError(f"it is not {hero}'s turn to act in this hand")
    return advise_hand(hand, seat, settings).to_dict(record.names, record.decimals)
