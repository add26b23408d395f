"""The opponents, by name: rule bots after the design's bot zoo, a jam bot, a random bot,
today's advice as a baseline bot, and the example players of PyPokerEngine.

A profile bot (``nit``, ``tag``, ``lag``, ``station``, ``maniac``) plays by
:class:`Profile`:

* **Preflop**, with nobody raised yet, it opens to ``open_size`` big blinds with the top
  share of hands (:func:`~assistant.simulate.reading.in_top`) for its position, from
  ``open_early`` under the gun to ``open_late`` on the button, and limps (calls or
  checks) with the top ``limp`` otherwise.  Facing one raise it re-raises to three times
  the bet with the top ``reraise`` and calls with the top ``call``; facing a re-raise it
  goes all-in with the top third of ``reraise`` and calls with the top ``reraise``.
  Whatever it would not play it folds (or checks, in the big blind).
* **Postflop** it reads its hand (:func:`~assistant.simulate.reading.made_hand`).  Facing a
  bet of ``f`` times the pot before it, it raises with ``raise_level`` or better, calls
  with ``call_level`` or better (one class more above ``call_limit`` pots, two above twice
  that), calls draws up to ``call_limit`` if ``calls_draws``, calls an ace high up to
  ``call_limit`` if ``calls_ace_high``, and folds the rest.  Checked to, it bets
  ``bet_fraction`` of the pot with ``value_level`` or better and, with probability
  ``bluff``, with anything else.
* With probability ``jam``, any bet or raise it makes is all-in instead.
"""

from dataclasses import dataclass

import numpy as np

from assistant.encoding import card_rank
from assistant.errors import PokerInputError
from assistant.hand import Action, ActionKind, Hand, Street
from assistant.simulate.dealer import Policy, give_up, passive, pot_raise_to, raise_to
from assistant.simulate.heroes import HeroSettings, baseline
from assistant.simulate.reading import ACE, Made, has_draw, in_top, made_hand

RERAISE_FACTOR = 3

@dataclass(frozen=True)
class Profile:
    """How a profile bot plays; see the module's docstring."""

    open_early: float
    open_late: float
    limp: float
    call: float
    reraise: float
    open_size: float
    value_level: Made
    call_level: Made
    raise_level: Made
    calls_draws: bool
    calls_ace_high: bool
    bluff: float
    bet_fraction: float
    call_limit: float = 0.75
    jam: float = 0.0

PROFILES = {
    "nit": Profile(0.08, 0.16, 0.0, 0.06, 0.03, 3.0, Made.TWO_PAIR, Made.TOP_PAIR, Made.STRONG,
                   False, False, 0.05, 0.5),
    "tag": Profile(0.14, 0.32, 0.0, 0.12, 0.07, 2.5, Made.TOP_PAIR, Made.TOP_PAIR, Made.STRONG,
                   True, False, 0.35, 0.66),
    "lag": Profile(0.22, 0.48, 0.0, 0.20, 0.10, 2.5, Made.TOP_PAIR, Made.WEAK_PAIR,
                   Made.TWO_PAIR, True, False, 0.45, 0.75),
    "station": Profile(0.04, 0.06, 0.60, 0.55, 0.01, 3.0, Made.TWO_PAIR, Made.WEAK_PAIR,
                       Made.STRONG, True, True, 0.0, 0.5, call_limit=1.0),
    "maniac": Profile(0.50, 0.70, 0.0, 0.60, 0.30, 4.0, Made.WEAK_PAIR, Made.WEAK_PAIR,
                      Made.TOP_PAIR, True, True, 0.5, 1.0, call_limit=1.0, jam=0.15),
}
"""The profile bots; shares are of the 1,326 starting hands (VPIP/PFR of the design's
bot zoo: nit 12/9, TAG 22/18, LAG 30/25, station 60/5, maniac 60/40, roughly)."""

def lateness(hand: Hand, seat: int) -> float:
    """0 for the first seat to act before the flop, 1 for the last but the blinds (the
    button; heads-up, the button itself opens first and counts as 1)."""
    n = hand.config.n_seats
    if n == 2:
        return 1.0 if seat == hand.config.button else 0.0
    first = (hand.config.button + 3) % n
    behind = n - 1 - (seat - first) % n  # seats still to act after this one
    return min(1.0, max(0.0, 1 - (behind - 2) / max(n - 3, 1)))

_BOARD, _BET, _RAISE = ActionKind.BOARD, ActionKind.BET, ActionKind.RAISE
"""Members read once: reading one off its class costs some fifteen times a name
(:mod:`assistant.hand`), and :func:`street_raises` reads them for each entry of the log."""

def street_raises(hand: Hand) -> int:
    """How many bets and raises this street has had so far (blinds not counted)."""
    count = 0
    for action in reversed(hand.actions):
        kind = action.kind
        if kind == _BOARD:
            break
        if kind in (_BET, _RAISE):
            count += 1
    return count

def aggressive(hand: Hand, seat: int, total: float, profile: Profile,
               rng: np.random.Generator) -> Action:
    """A bet or raise to ``total``, or all-in with probability ``profile.jam``."""
    if profile.jam and rng.random() < profile.jam and ActionKind.ALL_IN in hand.legal_actions():
        return Action(ActionKind.ALL_IN, seat)
    return raise_to(hand, seat, total)

def preflop(hand: Hand, seat: int, hole: tuple[int, ...], profile: Profile,
            rng: np.random.Generator) -> Action:
    """A profile bot's action before the flop."""
    raises = street_raises(hand)
    big_blind = hand.config.min_bet
    if raises == 0:
        share = profile.open_early + lateness(hand, seat) * (profile.open_late - profile.open_early)
        if in_top(hole, share):
            return aggressive(hand, seat, profile.open_size * big_blind, profile, rng)
        return passive(hand, seat) if in_top(hole, profile.limp) else give_up(hand, seat)
    if raises == 1:
        if in_top(hole, profile.reraise):
            current = hand.street_contribution(seat) + hand.to_call(seat)
            return aggressive(hand, seat, RERAISE_FACTOR * current, profile, rng)
        return passive(hand, seat) if in_top(hole, profile.call) else give_up(hand, seat)
    if in_top(hole, profile.reraise / 3) and ActionKind.ALL_IN in hand.legal_actions():
        return Action(ActionKind.ALL_IN, seat)
    return passive(hand, seat) if in_top(hole, profile.reraise) else give_up(hand, seat)

def postflop(hand: Hand, seat: int, hole: tuple[int, ...], profile: Profile,
             rng: np.random.Generator) -> Action:
    """A profile bot's action on the flop, turn or river."""
    board = hand.board
    made = made_hand(hole, board)
    owed = hand.to_call(seat)
    if not owed:
        if made >= profile.value_level or rng.random() < profile.bluff:
            return aggressive(hand, seat, pot_raise_to(hand, seat, profile.bet_fraction),
                              profile, rng)
        return passive(hand, seat)
    size = owed / max(hand.pot - owed, 1)
    if made >= profile.raise_level:
        return aggressive(hand, seat, pot_raise_to(hand, seat, profile.bet_fraction),
                          profile, rng)
    limit = profile.call_limit
    needed = profile.call_level + (size > limit) + (size > 2 * limit)
    if (made >= needed
            or (profile.calls_draws and size <= limit and has_draw(hole, board))
            or (profile.calls_ace_high and size <= limit and ACE in map(card_rank, hole))):
        return passive(hand, seat)
    return give_up(hand, seat)

def profile_bot(profile: Profile) -> Policy:
    """The policy of a profile bot."""
    def act(hand: Hand, seat: int, rng: np.random.Generator) -> Action:
        hole = hand.hole_cards(seat)
        assert hole is not None, "the dealer deals every seat"
        if hand.street == Street.PREFLOP:
            return preflop(hand, seat, hole, profile, rng)
        return postflop(hand, seat, hole, profile, rng)
    return act

def jam(hand: Hand, seat: int, rng: np.random.Generator) -> Action:
    """All-in whenever it may, else call or check."""
    if ActionKind.ALL_IN in hand.legal_actions():
        return Action(ActionKind.ALL_IN, seat)
    return passive(hand, seat)

def random_bot(hand: Hand, seat: int, rng: np.random.Generator) -> Action:
    """A legal kind of action uniformly at random; a bet or raise of a uniform size
    between the smallest and the pot (all-in is a kind of its own)."""
    kinds = sorted(hand.legal_actions())
    kind = kinds[int(rng.integers(len(kinds)))]
    if kind in (ActionKind.BET, ActionKind.RAISE):
        lowest = hand.min_raise_to()
        assert lowest is not None
        return raise_to(hand, seat, rng.uniform(lowest, max(lowest, pot_raise_to(hand, seat, 1))))
    return Action(kind, seat)

def baseline_bot(hand: Hand, seat: int, rng: np.random.Generator) -> Action:
    """Today's advice (every hand calls, the stack as the bankroll)."""
    return baseline(hand, seat, HeroSettings(seed=int(rng.integers(2**62))))

SIMPLE_BOTS: dict[str, Policy] = {"jam": jam, "random": random_bot, "baseline": baseline_bot}

def bot_names() -> list[str]:
    """Every opponent type, the external ones included when their package is installed."""
    from assistant.simulate import external
    return [*PROFILES, *SIMPLE_BOTS, *external.available()]

def make_bot(name: str, players: int) -> Policy:
    """The policy of opponent type ``name`` at a table of ``players``."""
    if name in PROFILES:
        return profile_bot(PROFILES[name])
    if name in SIMPLE_BOTS:
        return SIMPLE_BOTS[name]
    from assistant.simulate import external
    if name in external.EXTERNAL_BOTS:
        return external.make_external_bot(name, players)
    raise PokerInputError(f"unknown opponent type {name!r}; known: " + ", ".join(bot_names()))
