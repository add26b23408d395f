"""Preflop ranges by position and action, as a function of the player's profile.

Hands are ordered by their heads-up equity against a random hand (the exact preflop
table), and every preflop range is a band of that order: "the top x % of hands", with
soft edges of width :data:`EDGE` so that neighbouring hands are not split by a cliff.
A combo's rank ``q`` is the share of combos stronger than it plus half of those as
strong (0 is aces, 1 is the worst hand); ``band(q, x)`` is the logistic step
``sigmoid((x - q) / EDGE)``.

For a seat at position ``p`` of ``n`` players and a profile (λ, ρ, t3, β, ...):

* **open**: the top ``ρ x`` where ``x = entry_share(p, n, λ)``;
* **limp**: from ``ρ x`` to ``x``;
* **call** (a single open raise): the band below the value 3-bets, ``f_call`` wide,
  with ``f_call = x (0.5 + 0.4 (1 - ρ)) - t3`` for the seats before the blinds and the
  blind defence ``1 - (1 - d)**λ - t3`` for the blinds (``d`` of
  :data:`assistant.opponents.seats.BLIND_DEFENCE`);
* **3bet**: the top ``(1 - β) t3`` for value plus ``β t3`` of bluffs from just below
  the calls (suited wheel aces and connectors sit there);
* **call-3bet**: of the open range, the part that continues against a 3-bet,
  ``sigmoid(α_C - 0.6)`` of it (40 % for a regular), less its 4-bets;
* **4bet**: the top of the open range that 4-bets, ``ρ_4 = min(0.5, 2.5 ρ_R)`` of the
  continuing part, with a floor of the top 1.5 % (QQ+, AK).

An under-the-gun open is tighter than a button open because ``x`` grows with the
players behind; a 3-bet range is tighter than a calling range because ``t3`` is small.
"""

import functools
import math

import numpy as np

from assistant.bisection import increasing_root
from assistant.combos import COMBO_CLASS, N_COMBOS
from assistant.errors import PokerInputError
from assistant.opponents.policy import sigmoid
from assistant.opponents.profile import PRESETS, Profile, logit
from assistant.opponents.seats import (
    ACTIONS,
    BLIND_DEFENCE,
    BREAK_EVEN,
    HEADS_UP_DEFENCE,
    check_players,
    entry_share,
    position_names,
)
from assistant.preflop_table import load_preflop_table

EDGE = 0.015
"""Width of the soft edge of a preflop band, as a share of all hands."""
FOUR_BET_FLOOR = 0.015
"""The share of hands (QQ+, AK) every player 4-bets with."""
REFERENCE_OPEN_BB = 2.5
"""The open raise, in big blinds, the continue shares are stated for."""
BLINDS_POT_BB = 1.5
"""The pot, in big blinds, an open raise is stated against: the blinds alone."""
REFERENCE_REGULAR = "tag"
"""The profile of looseness 1, the standard regular the first-in ranges are stated for."""
SHARE_FLOOR = 1e-6
"""How near 0 or 1 a share stated at a reference price may come, so that its logit,
which the price moves, exists."""
CALL_SHARES_KEPT = 256
"""Profiles and seats whose :func:`call_share` is kept."""


@functools.cache
def preflop_strength() -> np.ndarray:
    """float64 (1326,): each combo's heads-up equity against a random hand."""
    out = load_preflop_table().equity[:, 0][COMBO_CLASS].astype(np.float64)
    out.setflags(write=False)
    return out


@functools.cache
def preflop_rank() -> np.ndarray:
    """float64 (1326,): each combo's rank ``q`` in (0, 1), 0 the strongest (mid-rank for
    combos of equal strength)."""
    strength = preflop_strength()
    stronger = np.searchsorted(np.sort(-strength), -strength, side="left")
    equal = np.searchsorted(np.sort(-strength), -strength, side="right") - stronger
    out = (stronger + 0.5 * equal) / N_COMBOS
    out.setflags(write=False)
    return out


def band(top: float) -> np.ndarray:
    """float64 (1326,): the soft indicator of the top ``top`` share of hands."""
    return 1.0 / (1.0 + np.exp(-(top - preflop_rank()) / EDGE))


@functools.lru_cache(maxsize=CALL_SHARES_KEPT)
def call_share(profile: Profile, position: int, players: int) -> float:
    """The share of all hands that flat a single open raise from a seat (kept: each cold
    player's answer to every size of a raise asks for it)."""
    names = position_names(players)
    defence = BLIND_DEFENCE.get(names[position])
    if players == 2 and names[position] == "BB":
        defence = HEADS_UP_DEFENCE
    if defence is not None:
        wide = 1.0 - (1.0 - defence) ** profile.looseness
    else:
        x = entry_share(position, players, profile.looseness)
        wide = x * (0.5 + 0.4 * (1.0 - profile.raise_share))
    return max(wide - profile.three_bet, 0.01)


def three_bet_continue(profile: Profile) -> float:
    """The share of an open range that continues (calls or 4-bets) against a 3-bet."""
    return float(1.0 / (1.0 + np.exp(-(profile.stickiness - 0.6))))


def reraised_continue(profile: Profile, action: str | None) -> float | None:
    """The share of its range a player whose last preflop action (``action``, a name of
    :data:`~assistant.opponents.seats.ACTIONS`) was a 3-bet continues with, calls or
    raises, against a 4-bet of the usual size: its value part, ``1 - β`` (kept off 0
    and 1 by :data:`SHARE_FLOOR`).  Its value raises come from the top of its range and
    its bluffs (a share β) from below the calls, so the bluffs are what folds.  ``None``
    for any other player, whose answer follows the price as after the flop: an opener
    facing a 3-bet, and a 4-bettor facing a 5-bet (its range here holds no bluffs, so
    this rule would have it call every shove).

    (The postflop continue share, used before for every raiser, had a regular fold half
    of its 3-bets to a 4-bet, value hands included: the advice 4-bet a third of the
    opens that were 3-bet, mostly as bluffs, into ranges that call.)"""
    if action != "3bet":
        return None
    return min(max(1.0 - profile.bluff, SHARE_FLOOR), 1.0 - SHARE_FLOOR)


def four_bet_share(profile: Profile) -> float:
    """The share of continues against a 3-bet that are 4-bets."""
    return min(0.5, 2.5 * profile.raise_share_postflop)


def prior_range(profile: Profile, position: int, action: str, players: int) -> np.ndarray:
    """float64 (1326,): the weights of the range a player of ``profile`` at acting-order
    ``position`` of ``players`` holds after ``action`` (one of :data:`ACTIONS`)."""
    check_players(players)
    if not 0 <= position < players:
        raise PokerInputError(f"position {position!r} is not a seat of {players} players")
    if action not in ACTIONS:
        raise PokerInputError(f"unknown action {action!r}: choose one of {', '.join(ACTIONS)}")
    x = entry_share(position, players, profile.looseness)
    opens = profile.raise_share * x
    value_3bet = (1.0 - profile.bluff) * profile.three_bet
    flats = call_share(profile, position, players)
    if action == "open":
        weights = band(opens)
    elif action == "limp":
        weights = band(x) - band(opens)
    elif action == "call":
        weights = band(value_3bet + flats) - band(value_3bet)
    elif action == "3bet":
        bluffs = profile.bluff * profile.three_bet
        weights = band(value_3bet) + band(value_3bet + flats + bluffs) - band(value_3bet + flats)
    else:
        continuing = opens * three_bet_continue(profile)
        fours = max(continuing * four_bet_share(profile), FOUR_BET_FLOOR)
        weights = band(fours) if action == "4bet" else band(continuing) - band(fours)
    return np.clip(weights, 0.0, 1.0)


def cold_continue(profile: Profile, position: int, players: int, raise_to_bb: float,
                  opener: int | None = None, pot_bb: float = BLINDS_POT_BB
                  ) -> tuple[float, float]:
    """A player who has not acted yet, facing a raise to ``raise_to_bb`` big blinds with
    ``pot_bb`` big blinds of dead money in the pot (blinds, antes and limps: what no live
    raise put in): the share of all hands that continue, and the share that 3-bet.

    The continuing share ``c`` is stated for a 2.5 big-blind open into the blinds alone
    (its flats and 3-bets, times :func:`opener_scale` when the raise is the open of the
    seat at acting position ``opener``: a player defends less against an early open than
    against a steal).  It follows the price as after the flop
    (:func:`assistant.opponents.policy.continue_share`): the raise over the dead money,
    ``z = raise_to_bb / pot_bb``, moves the logit by ``-η log(z / z_ref)`` (η the profile's
    elasticity, ``z_ref = 2.5 / 1.5``).  So a bigger raise is answered less, and antes and
    limps, which make the same raise cheaper against what it wins, are answered more,
    with diminishing effect as the share nears all hands.  Facing a re-raise, the first
    raise is not dead money (its maker is still in), so a 3-bet is priced on the blinds
    and antes as an open of its size would be.  The 3-bet share moves in proportion, by
    at most 1.5 times.
    """
    factor = 1.0 if opener is None else opener_scale(opener, players)
    reference = (profile.three_bet + call_share(profile, position, players)) * factor
    reference = min(max(reference, SHARE_FLOOR), 1.0 - SHARE_FLOOR)
    price = max(raise_to_bb, 1.0) / max(pot_bb, 1.0)
    shift = -profile.elasticity * math.log(price * BLINDS_POT_BB / REFERENCE_OPEN_BB)
    continuing = float(sigmoid(logit(reference) + shift))
    raising = profile.three_bet * min(continuing / reference, 1.5) * factor
    return continuing, min(raising, continuing)


@functools.cache
def opener_scale(opener: int, players: int) -> float:
    """The factor on the continue shares of the players behind an open from acting
    position ``opener`` at a table of ``players``: the one with which a table of standard
    regulars (:data:`REFERENCE_REGULAR`, λ = 1) folds to a 2.5 big-blind open with the
    chance the first-in ranges are built on, :data:`~assistant.opponents.seats.BREAK_EVEN`
    (``(1 - x_ref)**n`` for the ``n`` players behind).  So the answers to an open agree
    with the opening ranges of the same model: without it a regular table folded to an
    under-the-gun open 30 % of the time and to a small-blind open 60 %: the advice saw
    too few folds early and too many late.  Found by bisection: the chance everyone
    folds falls as the factor grows."""
    check_players(players)
    if not 0 <= opener < players - 1:
        raise PokerInputError(f"position {opener!r} cannot open at {players} players")
    regular = PRESETS[REFERENCE_REGULAR]
    shares = [cold_continue(regular, seat, players, REFERENCE_OPEN_BB)[0]
              for seat in range(opener + 1, players)]

    def minus_all_fold(factor: float) -> float:  # rises with the factor
        return -float(np.prod([1.0 - min(1.0, factor * share) for share in shares]))

    return increasing_root(minus_all_fold, -BREAK_EVEN, 0.0, 10.0)


def range_share(weights: np.ndarray) -> float:
    """The share of all 1,326 combos a weight vector holds."""
    return float(np.sum(weights) / N_COMBOS)
