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

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from assistant.combos import COMBO_MASKS, N_COMBOS
from assistant.equity import Equity
from assistant.errors import PokerInputError
from assistant.evaluator import describe, evaluate
from assistant.growth import Evaluated, Rival, Spot, best, put_in
from assistant.growth import evaluate as evaluate_growth
from assistant.hand import Action, ActionKind, Hand, Street
from assistant.kelly import BetSituation, Opponent, Outcome
from assistant.kelly import growth as always_called_growth
from assistant.opponents.narrowing import acting_position, narrow
from assistant.opponents.priors import prior_range
from assistant.opponents.profile import Profile, get_profile
from assistant.range_view import check_weights
from assistant.ranges import Range
from assistant.showdown import Showdown, board_strength, showdown

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

    @property
    def combos(self) -> float:
        """The combos in the range (sum of weights after card removal)."""
        return float(self.weights.sum())

    @property
    def percent(self) -> float:
        """The range as a percentage of all 1,326 combos."""
        return 100.0 * self.combos / N_COMBOS

    @property
    def notation(self) -> str:
        """The range in standard notation, weights rounded (:meth:`Range.to_notation`)."""
        return Range.from_weights(self.weights).to_notation(self.dead_mask)


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

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready data: the action, its chips and street total, the odds, the
        growth of every candidate, the answers at the advised action and the ranges."""
        return {
            "action": self.choice.kind,
            "amount": self.choice.chips,
            "to": self.choice.total,
            "equity": self.equity.to_dict(),
            "made_hand": self.made_hand,
            "growth": {label(c, self.spot): c.growth for c in self.candidates},
            "growth_if_always_called": {label(c, self.spot): g for c, g in
                                        zip(self.candidates, self.always_called, strict=True)},
            "all_fold": self.choice.all_fold,
            "answers": [{"seat": a.seat, "fold": a.fold, "call": a.call, "raise": a.raise_}
                        for a in self.choice.answers],
            "opponents": [{"seat": o.seat, "profile": o.profile, "combos": o.combos,
                           "percent": o.percent, "range": o.notation,
                           "equity_vs": o.equity_vs} for o in self.opponents],
        }


def label(candidate: Evaluated, spot: Spot) -> str:
    """A candidate in words, amounts as street totals: ``fold``, ``check``, ``call 40``,
    ``bet 60``, ``raise to 180``, ``all-in 500``; a call of hero's last chips is
    ``call 100 (all-in)``.  The one place that puts advice into words."""
    if candidate.kind in ("fold", "check"):
        return candidate.kind
    if candidate.kind == "call":
        all_in = " (all-in)" if candidate.chips >= spot.stack else ""
        return f"call {candidate.chips}{all_in}"
    if candidate.kind == "raise":
        return f"raise to {candidate.total}"
    return f"{candidate.kind} {candidate.total}"


def advised_action(hand: Hand, seat: int, advice: Advice) -> Action:
    """The hand's action that follows ``advice`` for ``seat`` (at its turn)."""
    kind = advice.choice.kind
    if kind in ("fold", "check", "call"):
        return Action(ActionKind(kind), seat)
    return hand.bet_or_raise_to(seat, advice.choice.total)


def _mask(cards: Sequence[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _removed(weights: np.ndarray, dead_mask: int) -> np.ndarray:
    return np.where((COMBO_MASKS & np.uint64(dead_mask)) == 0, weights, 0.0)


def _equity(sd: Showdown, ranges: Sequence[np.ndarray]) -> Equity:
    win, tie = sd.outcome(np.stack(ranges, axis=1))
    lose = max(1.0 - win - tie, 0.0)
    split = (tie,) + (0.0,) * (len(ranges) - 1)
    exact = sd.exact and len(ranges) == 1
    return Equity(win, split, lose, win + tie / 2, exact, sd.runouts, 0.0,
                  "exact" if exact else "ranges")


def default_bankroll(hand: Hand, seat: int) -> float:
    """The bankroll of :data:`DEFAULT_BUYINS` buy-ins for ``seat``."""
    buyin = max(BUYIN_BIG_BLINDS * hand.config.min_bet, hand.config.stacks[seat])
    return float(DEFAULT_BUYINS * buyin)


def _postflop_order(seat: int, hand: Hand) -> int:
    return (seat - hand.config.button - 1) % hand.config.n_seats


def advise_hand(hand: Hand, seat: int, settings: Settings | None = None,
                known: Mapping[int, Sequence[int]] | None = None,
                dead: Sequence[int] = ()) -> Advice:
    """The advice for ``seat`` at its turn in ``hand``, from its hole cards, the board
    and every action so far.

    ``known`` gives opponents' hole cards hero knows (their range is that hand);
    ``settings.ranges`` the player's own range for a seat, used instead of the narrowed
    one (and instead of the position priors' answers of a seat yet to act preflop);
    ``dead`` cards are out of play (a card seen by accident); a folded player's shown
    cards are dead too.  Other players' hole cards in ``hand`` are not used: hero does
    not see them.
    """
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
    blocked = hero_mask | board_mask | dead_mask
    strength = board_strength(board_mask)
    order = _postflop_order(seat, hand)
    live = [o for o in decision.opponents]
    preflop = decision.street == Street.PREFLOP
    rivals = []
    for opponent in live:
        seat_range = ranges[opponent.seat]
        if opponent.seat in known:
            weights = np.zeros(N_COMBOS)
            cards = tuple(known[opponent.seat])
            weights[np.flatnonzero(np.uint64(_mask(cards)) == COMBO_MASKS)] = 1.0
        elif opponent.seat in settings.ranges:
            weights = _removed(check_weights(settings.ranges[opponent.seat]), blocked)
            if weights.sum() <= 0:
                raise PokerInputError(f"the range given for {hand.config.seat_name(opponent.seat)}"
                                      " is empty once the known cards are removed")
        else:
            weights = _removed(seat_range.weights, blocked)
        if weights.sum() <= 0:
            weights = _removed(np.ones(N_COMBOS), blocked)
        if preflop:
            acts_after = acting_position(opponent.seat, hand.config) > acting_position(
                seat, hand.config)
        else:
            acts_after = _postflop_order(opponent.seat, hand) > order
        cold = None
        if preflop and seat_range.preflop is None and opponent.seat not in settings.ranges:
            cold = (acting_position(opponent.seat, hand.config), hand.config.n_seats)
        rivals.append(Rival(opponent.seat, weights, strength, seat_range.profile,
                            opponent.stack, opponent.bet, acts_after, cold))
    bankroll = settings.bankroll if settings.bankroll is not None else default_bankroll(
        hand, seat)
    bankroll = max(bankroll, float(hand.config.stacks[seat]))
    wealth = (bankroll - hand.contribution(seat)) * settings.kelly_scale
    in_position = all(_postflop_order(o.seat, hand) < order for o in live)
    sd = showdown(hero_mask, board_mask, dead_mask)
    lowest = None if decision.min_raise is None else decision.bet + decision.min_raise
    highest = None if decision.max_raise is None else decision.bet + decision.max_raise
    spot = Spot(wealth, decision.pot, decision.stack, decision.bet, decision.current_bet,
                lowest, highest, hand.config.min_bet, preflop,
                decision.street == Street.RIVER, in_position, tuple(rivals), sd)
    return advise_spot(spot)


@dataclass(frozen=True)
class Villain:
    """An opponent given in numbers (the ``advise`` command, the window's quick mode):
    its profile, its chips behind, and either an explicit range (weights), or its
    acting-order position and preflop action (its prior), or neither (every hand)."""

    profile: Profile
    stack: int
    weights: np.ndarray | None = None
    position: int | None = None
    action: str | None = None


def advise_numbers(hero: Sequence[int], board: Sequence[int], *, pot: int, to_call: int,
                   stack: int, villains: Sequence[Villain], big_blind: int,
                   players: int = 6, in_position: bool = False,
                   settings: Settings | None = None, dead: Sequence[int] = ()) -> Advice:
    """The advice at a decision given in numbers: hero's cards and the board (card
    indices), the pot, the amount to call, hero's chips behind and the live opponents.

    Every opponent is taken to have put in the current bet already; when there is
    nothing to call they act after hero.  The smallest raise is to twice the bet (at
    least a big blind), the largest all-in.
    """
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
    if pot < to_call * len(villains) or pot <= 0:
        raise PokerInputError(f"pot {pot} is less than the {to_call * len(villains)} chips"
                              f" the {len(villains)} opponents have bet")
    hero_mask, board_mask, dead_mask = _mask(hero), _mask(board), _mask(dead)
    blocked = hero_mask | board_mask | dead_mask
    preflop = not board
    strength = board_strength(board_mask)
    rivals = []
    for index, villain in enumerate(villains):
        weights = villain.weights
        if weights is None and villain.position is not None and villain.action is not None:
            weights = prior_range(villain.profile, villain.position, villain.action, players)
        cold = None
        if weights is None:
            weights = np.ones(N_COMBOS)
            if preflop and villain.position is not None:
                cold = (villain.position, players)
        weights = _removed(np.asarray(weights, dtype=np.float64), blocked)
        if weights.sum() <= 0:
            raise PokerInputError(f"opponent {index + 1}'s range is empty once the known"
                                  " cards are removed")
        rivals.append(Rival(index + 1, weights, strength, villain.profile, villain.stack,
                            to_call, to_call == 0, cold))
    bankroll = settings.bankroll if settings.bankroll is not None else float(
        DEFAULT_BUYINS * max(BUYIN_BIG_BLINDS * big_blind, stack))
    wealth = max(bankroll, float(stack)) * settings.kelly_scale
    raisable = stack > to_call
    spot = Spot(wealth, pot, stack, 0, to_call,
                min(max(2 * to_call, big_blind), stack) if raisable else None,
                stack if raisable else None, big_blind, preflop, len(board) == 5,
                in_position, tuple(rivals), showdown(hero_mask, board_mask, dead_mask))
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
        made = describe(evaluate(sd.board_mask | sd.hero_mask))
    return Advice(_equity(sd, [r.weights for r in spot.rivals]), candidates, best(candidates),
                  _always_called(spot, candidates), views, made, spot)


def _always_called(spot: Spot, candidates: Sequence[Evaluated]) -> tuple[float, ...]:
    """Each candidate's growth in the earlier model: random hands that always call."""
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
        tuple(Opponent(stack=r.stack, owed=max(spot.current_bet - r.bet, 0))
              for r in spot.rivals), min_raise, max(spot.wealth, spot.stack))
    return tuple(0.0 if c.kind == "fold" else float(always_called_growth(
        float(c.chips), situation, outcome)) for c in candidates)


def advise_phh(text: str, hero: str, *, kelly_scale: float = 1.0,
               bankroll: float | None = None,
               profiles: Mapping[str, str] | None = None) -> dict[str, object]:
    """The advice at hero's current decision of a hand written in PHH, as far as the hand
    has gone: the library entry point for scripts and bots.

    ``hero`` is a player's name or ``pN``; ``bankroll`` is in the file's units (default
    :data:`DEFAULT_BUYINS` buy-ins); ``profiles`` maps player names (or ``pN``) to
    profile names.  Returns :meth:`Advice.to_dict` with the amounts in the file's units.
    """
    from assistant.history import read_hands
    from assistant.history.replay import find_hero

    hands = read_hands(text, "<phh>")
    if not hands.hands:
        problems = "; ".join(str(entry) for entry in hands.entries) or "no hand"
        raise PokerInputError(f"the text holds no readable hand: {problems}")
    record = hands.hands[-1]
    seat = find_hero(record, hero)
    hand = Hand(record.config)
    for action in record.actions:
        hand.apply(action)
    scale = 10 ** record.decimals
    seat_profiles = {}
    for name, profile in (profiles or {}).items():
        seat_profiles[find_hero(record, name)] = get_profile(profile)
    settings = Settings(kelly_scale, None if bankroll is None else bankroll * scale,
                        seat_profiles)
    if hand.to_act != seat:
        raise PokerInputError(f"it is not {hero}'s turn to act in this hand")
    cards = record.known_cards(seat)
    if hand.hole_cards(seat) is None and cards is not None:
        hand.deal_hole(seat, cards)
    advice = advise_hand(hand, seat, settings)
    data = advice.to_dict()
    if record.decimals:
        data["amount"] = advice.choice.chips / scale
        data["to"] = advice.choice.total / scale
    return data

