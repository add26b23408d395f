"""Each opponent's range through a hand: the preflop prior of its position and action,
then narrowed by Bayes at every postflop action.

Preflop, a player's range is the prior (:mod:`assistant.opponents.priors`) of its last
voluntary action, named by how many raises it faced: a raise into an unopened pot is an
``open``, a call there a ``limp``; facing one raise a call is a ``call`` and a raise a
``3bet``; facing two or more a call is a ``call-3bet`` and a raise a ``4bet``.  A big
blind that checks its option keeps every hand but the ones it would have raised; a
player who has not acted keeps every hand.

Postflop, after each action ``a`` of a player whose range is ``w``::

    w[c] <- w[c] * P̃(a | u(c))

with ``u(c)`` the combo's percentile in the player's range (below) by its strength on
the board as its holder sees it (:attr:`assistant.showdown.Showdown.strength`), ``P``
the policy of
:mod:`assistant.opponents.policy` (checks and bets at an initiative node; folds, calls and
raises facing a bet, priced by the bet over the pot before it), ``P̃`` that likelihood
mixed with its range-level mean (:func:`assistant.opponents.policy.robust`), so that
model error never rules a holding out.

**The range a call is solved on.**  A profile's continue frequency (against a 2/3-pot
bet) is a share of the range the player *saw the flop with*, held at the current board's
strengths, on every street: whether a holding calls depends on where it sits in that
range, not in what is left of it.  So a range that has called the flop and the turn is
made of hands above the player's thresholds, and continues on the river far more often
than half the time; a range that has only checked is capped and folds more.  Bets and
raises stay frequencies of the range as it stands (the bluff share β is a share of the
bets made at that node).  (Solving each street on the range left, as this model
first did, had every player fold about half of what remained on every street, however
strong: the advice barrelled air into players who had called twice, and lost, measured,
53 big blinds per 100 hands heads-up against the calling station.)

(The design's tempered update, a power κ < 1 of the likelihood, was measured and
dropped: it inflates the tiny likelihood of a bluff far more than that of a value hand,
so a nit's river raise came out a third bluffs instead of the share β its profile
states.)  Board cards remove combos as they come.
"""

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import numpy as np

from assistant.cards import cards_to_mask
from assistant.combos import N_COMBOS, live_combos
from assistant.hand import FORCED, Action, ActionKind, Hand, HandConfig, Street
from assistant.opponents import policy
from assistant.opponents.priors import band, prior_range
from assistant.opponents.profile import PRESETS, Profile

BETTING = frozenset({ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET,
                     ActionKind.RAISE, ActionKind.ALL_IN})
AGGRESSIVE = frozenset({ActionKind.BET, ActionKind.RAISE})


def acting_position(seat: int, config: HandConfig) -> int:
    """A seat's preflop acting-order position (0 first to act ... n-1 the big blind)."""
    n = config.n_seats
    if n == 2:
        return (seat - config.button) % n
    return (seat - config.button - 3) % n


@dataclass
class SeatRange:
    """One opponent's range as the hand goes: its weights over the 1,326 combos, its
    profile, its preflop action so far and whether it has folded."""

    seat: int
    profile: Profile
    weights: np.ndarray = field(default_factory=lambda: np.ones(N_COMBOS))
    preflop: str | None = None
    folded: bool = False
    priced: bool = False
    flop_weights: np.ndarray | None = None
    """The range it saw the flop with (board cards removed): its strategy's range."""
    likelihood: float = 0.0
    """The log-probability of the player's postflop actions under the model (for fitting)."""


def _preflop_action(kind: ActionKind, raises: int, opened: bool) -> str | None:
    """The prior named by an aggressive or calling action facing ``raises`` raises."""
    if kind in AGGRESSIVE:
        return ("open", "3bet")[raises] if raises < 2 else "4bet"
    if kind == ActionKind.CALL:
        if raises == 0:
            return "limp"
        return "call" if raises == 1 and not opened else "call-3bet"
    return None


def _preflop_weights(seat: SeatRange, position: int, players: int) -> np.ndarray:
    if seat.preflop is None:
        return np.ones(N_COMBOS)
    if seat.preflop == "check":
        # A big blind that checks its option raised none of its raising hands.
        return 1.0 - 0.9 * band(0.1 * seat.profile.raise_share * seat.profile.looseness)
    return prior_range(seat.profile, position, seat.preflop, players)


def narrow(config: HandConfig, actions: Iterable[Action], hero: int,
           profiles: Mapping[int, Profile] | None = None) -> dict[int, SeatRange]:
    """Every opponent's range (by seat) after ``actions``, the log of a hand of ``config``
    as far as it has gone.  ``profiles`` maps seats to profiles (``unknown`` for the
    rest).  Board cards are removed; hero's cards are not (the caller knows them)."""
    profiles = profiles or {}
    seats = {s: SeatRange(s, profiles.get(s, PRESETS["unknown"]))
             for s in range(config.n_seats) if s != hero}
    hand = Hand(config)
    raises = callers = 0
    opened: set[int] = set()
    street = Street.PREFLOP
    aggressor: int | None = None  # the last street's last bettor or raiser
    last_aggressor: int | None = None
    acted: set[int] = set()
    for action in actions:
        if action.kind in FORCED:
            continue  # the new hand posts them itself
        if action.kind not in BETTING or action.seat is None:
            hand.apply(action)
            continue
        if hand.street != street:
            street, raises, callers = hand.street, 0, 0
            aggressor, acted = last_aggressor, set()
            _enter_street(seats.values(), hand)
        if action.seat in seats:
            leading = aggressor in (None, action.seat) or aggressor in acted
            _observe(seats[action.seat], action, hand, raises, callers, opened, leading)
        acted.add(action.seat)
        hand.apply(action)
        logged = hand.actions[-1]
        if logged.kind in AGGRESSIVE:
            raises, callers = raises + 1, 0
            last_aggressor = action.seat
            if street == Street.PREFLOP:
                opened.add(action.seat)
        elif logged.kind == ActionKind.CALL:
            callers += 1
    _enter_street(seats.values(), hand)
    return seats


def _enter_street(seats: Iterable[SeatRange], hand: Hand) -> None:
    """Price each preflop range by its prior (once), remove the board's cards, and keep
    the range each player sees the flop with."""
    live = live_combos(cards_to_mask(hand.board))
    for seat in seats:
        if not seat.priced:
            position = acting_position(seat.seat, hand.config)
            seat.weights = seat.weights * _preflop_weights(seat, position,
                                                           hand.config.n_seats)
            seat.priced = True
        seat.weights = seat.weights * live
        if hand.board:
            seat.flop_weights = (seat.weights if seat.flop_weights is None
                                 else seat.flop_weights * live)


def _observe(seat: SeatRange, action: Action, hand: Hand, raises: int, callers: int,
             opened: set[int], leading: bool) -> None:
    """Take one betting action of ``seat`` into its range."""
    if action.kind == ActionKind.FOLD:
        seat.folded = True
        return
    to_call = hand.to_call(seat.seat)
    kind = action.kind
    if kind == ActionKind.ALL_IN:
        kind = ActionKind.CALL if hand.stack(seat.seat) <= to_call else ActionKind.RAISE
    if hand.street == Street.PREFLOP:
        if kind == ActionKind.CHECK:
            seat.preflop = seat.preflop or "check"
        else:
            named = _preflop_action(kind, raises, action.seat in opened)
            if named is not None:
                seat.preflop = named
        return
    from assistant.showdown import board_strength  # numba: off the window's imports

    strength = board_strength(cards_to_mask(hand.board))
    weights = seat.weights
    likelihood = postflop_likelihood(weights, strength, seat.profile,
                                     aggressive=kind in AGGRESSIVE, to_call=to_call,
                                     pot=hand.pot, players=len(hand.live_seats()),
                                     leading=leading, callers=callers,
                                     reference=seat.flop_weights)
    total = float(weights.sum())
    if total > 0:
        seat.likelihood += float(np.log(max((weights * likelihood).sum() / total, 1e-300)))
    seat.weights = weights * likelihood


LIKELIHOODS_KEPT = 256
"""Likelihoods :func:`postflop_likelihood` keeps by content: :func:`narrow` goes over the
whole hand at each of hero's decisions, so each earlier action is asked for again."""


def postflop_likelihood(weights: np.ndarray, strength: np.ndarray, profile: Profile, *,
                        aggressive: bool, to_call: int, pot: int, players: int,
                        leading: bool, callers: int,
                        reference: np.ndarray | None = None) -> np.ndarray:
    """float64 (1326,), read-only: each combo's robust likelihood ``P̃(a | u(c))`` of one
    postflop action of a player of ``profile`` whose range is ``weights`` on a board of
    combo ``strength``; facing a bet, its calls are solved on ``reference``, the range it
    saw the flop with (``None``: ``weights``; :func:`policy.answer_bet`).

    With nothing ``to_call`` the action bets (``aggressive``) or checks, among
    ``players`` live players, ``leading`` unless it would bet into the last street's
    aggressor still to act; facing ``to_call`` chips with ``pot`` in the middle (that
    bet included) after ``callers`` callers it raises (``aggressive``) or calls.  The
    likelihood is mixed with its range-level mean (:func:`policy.robust`).  Kept by the
    content of every input (:data:`LIKELIHOODS_KEPT`).
    """
    return _kept_likelihood(policy.content(weights), policy.content(strength), profile,
                            aggressive, to_call, pot, players, leading, callers,
                            None if reference is None else policy.content(reference))


@functools.lru_cache(maxsize=LIKELIHOODS_KEPT)
def _kept_likelihood(weights: bytes, strength: bytes, profile: Profile, aggressive: bool,
                     to_call: int, pot: int, players: int, leading: bool, callers: int,
                     reference: bytes | None) -> np.ndarray:
    """:func:`postflop_likelihood` of arrays given as their float64 bytes."""
    w, s = np.frombuffer(weights), np.frombuffer(strength)
    if to_call == 0:
        betting = policy.bet_probability(w, s, profile,
                                         policy.bet_share(profile, players, leading))
        likelihood = betting if aggressive else 1.0 - betting
    else:
        ratio = to_call / max(pot - to_call, 1)
        continuing = policy.continue_share(profile, ratio, callers)
        answers = policy.answer_bet(w, s, profile, continuing,
                                    profile.raise_share_postflop * continuing,
                                    np.array([ratio]), preflop=False,
                                    reference=None if reference is None
                                    else np.frombuffer(reference))
        likelihood = (answers.raise_ if aggressive else answers.call)[0]
    out = policy.robust(likelihood, w)
    out.setflags(write=False)
    return out
