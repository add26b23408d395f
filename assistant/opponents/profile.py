"""Player profiles: a few named numbers that say how a player plays, and the presets.

Every parameter is a frequency or a logit with a meaning a player can check against a
HUD (the design in ``shared/design/opponent_model.md`` §1.3):

``looseness`` (λ)
    Scales every seat's first-in range at once: the share of hands a player enters with
    from a seat is ``1 - (1 - x_ref)**λ``, where ``x_ref`` is the reference share of that
    seat (:func:`assistant.opponents.seats.reference_share`).  λ = 1 is a standard
    regular; λ = 0.5 a nit; λ = 3 a calling station.
``raise_share`` (ρ)
    The share of pot entries that are raises rather than limps or calls (PFR / VPIP).
``three_bet`` (t3)
    The share of all hands a player 3-bets with facing an open raise (the 3-bet %).
``stickiness`` (α_C)
    Postflop, the logit of continuing (call or raise) against a bet of 2/3 of the pot:
    0 means folding half the time to a 2/3-pot c-bet.
``elasticity`` (η)
    How fast continuing falls as a bet grows: the continue logit drops by η per unit of
    log bet size.  η = 1 with α_C = log(1/0.66) defends exactly 1 / (1 + bet/pot), the
    minimum-defence frequency; η = 0.3 is a station who calls big bets as often as
    small ones.
``aggression`` (α_B)
    The logit of betting when checked to (or first to act with nothing to call).
``raise_share_postflop`` (ρ_R)
    Of the hands that continue against a bet, the share that raise.
``bluff`` (β)
    The share of bets and raises made with the weakest part of the range.
``call_floor`` (ε_c)
    Calls with any hand at all ("crying calls"), so no holding is ever ruled out.

Where the presets come from (see the README's opponent section for the table):
the archetype statistics (VPIP / PFR, 3-bet, AF, fold to c-bet, WTSD) are practitioner
ranges collected in ``shared/design/opponent_model.md`` §2.2 with their sources
(pokerstrategy.com AF/AFq tiers, HUD-guide WTSD tiers, zero1magazine VPIP/3-bet figures,
acepokersolutions player types); the mapping of those statistics to the parameters
above is this project's own (general knowledge, marked (gk) in the design) and is what
:func:`profile_from_hud` computes.  ``unknown`` is the population default: the design's
prior means (VPIP 28 %, fold to c-bet 50 %, 3-bet 6 %) with a human's inelastic
defence (η 0.7).
"""

import math
from dataclasses import dataclass, replace

from assistant.errors import PokerInputError
from assistant.opponents.seats import looseness_for_vpip


@dataclass(frozen=True)
class Profile:
    """How a player plays, in the parameters the module docstring defines."""

    name: str
    looseness: float
    raise_share: float
    three_bet: float
    stickiness: float
    elasticity: float
    aggression: float
    raise_share_postflop: float
    bluff: float
    call_floor: float

    def __post_init__(self) -> None:
        for field in ("raise_share", "three_bet", "raise_share_postflop", "bluff",
                      "call_floor"):
            value = getattr(self, field)
            if not 0.0 <= value <= 1.0:
                raise PokerInputError(f"profile {self.name!r}: {field} {value!r} is not a"
                                      " share between 0 and 1")
        for field in ("looseness", "elasticity"):
            value = getattr(self, field)
            if not 0.0 < value <= 10.0:
                raise PokerInputError(f"profile {self.name!r}: {field} {value!r} must be"
                                      " above 0 and at most 10")
        for field in ("stickiness", "aggression"):
            if not -10.0 <= getattr(self, field) <= 10.0:
                raise PokerInputError(f"profile {self.name!r}: {field}"
                                      f" {getattr(self, field)!r} is not a logit in [-10, 10]")


PRESETS: dict[str, Profile] = {
    profile.name: profile for profile in (
        #        name       λ     ρ     t3    α_C   η     α_B   ρ_R   β     ε_c
        Profile("unknown", 1.2, 0.55, 0.05, 0.0, 0.7, -0.3, 0.12, 0.25, 0.03),
        Profile("nit", 0.5, 0.75, 0.03, -0.3, 1.0, -0.7, 0.10, 0.15, 0.01),
        Profile("tag", 1.0, 0.80, 0.07, 0.2, 0.9, 0.0, 0.12, 0.30, 0.02),
        Profile("lag", 1.5, 0.80, 0.10, 0.4, 0.8, 0.4, 0.18, 0.40, 0.03),
        Profile("station", 3.0, 0.12, 0.01, 1.5, 0.3, -1.7, 0.04, 0.05, 0.20),
        Profile("maniac", 3.5, 0.70, 0.18, 0.8, 0.4, 1.1, 0.35, 0.50, 0.05),
    )
}
"""The named profiles; ``unknown`` is the population default."""
DEFAULT_PROFILE = "unknown"


def get_profile(name: str) -> Profile:
    """The preset called ``name`` (case-insensitive).

    >>> get_profile("NIT").looseness
    0.5
    >>> get_profile("shark")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    assistant.errors.PokerInputError: unknown profile 'shark': choose one of unknown, nit, ...
    """
    profile = PRESETS.get(name.strip().lower()) if isinstance(name, str) else None
    if profile is None:
        raise PokerInputError(f"unknown profile {name!r}: choose one of {', '.join(PRESETS)}")
    return profile


def logit(p: float) -> float:
    """The log-odds of a probability strictly between 0 and 1."""
    return math.log(p / (1.0 - p))


def profile_from_hud(vpip: float, pfr: float, aggression_factor: float,
                     fold_to_cbet: float, three_bet: float | None = None,
                     name: str = "custom") -> Profile:
    """A profile from HUD statistics (shares in [0, 1], AF as a ratio).

    VPIP sets the looseness (bisection on the mean first-in share over the seats of a
    six-handed table), PFR / VPIP the raise share, fold to c-bet the stickiness, and the
    aggression factor the betting logit and the bluff share (this project's mapping:
    a betting frequency of ``0.05 + 0.15 AF`` and a bluff share of ``0.1 + 0.08 AF``,
    both clipped: a player who never bets nor raises, AF 0, bets 5 % when checked to,
    and an aggressive one, AF 3, half the time).  Parameters the statistics do not speak
    to come from ``unknown``.

    >>> p = profile_from_hud(vpip=0.12, pfr=0.09, aggression_factor=2.2, fold_to_cbet=0.58)
    >>> round(p.looseness, 2), p.raise_share, round(p.stickiness, 2)
    (0.3, 0.75, -0.32)
    """
    for label, value in (("VPIP", vpip), ("PFR", pfr), ("fold to c-bet", fold_to_cbet)):
        if not 0.0 <= value <= 1.0:
            raise PokerInputError(f"{label} {value!r} is not a share between 0 and 1")
    if pfr > vpip:
        raise PokerInputError(f"PFR {pfr!r} cannot exceed VPIP {vpip!r}")
    if not 0.0 <= aggression_factor <= 100.0:
        raise PokerInputError(f"aggression factor {aggression_factor!r} is not between 0"
                              " and 100")
    base = PRESETS[DEFAULT_PROFILE]
    continue_share = min(max(1.0 - fold_to_cbet, 0.02), 0.98)
    bet_share = min(max(0.05 + 0.15 * aggression_factor, 0.05), 0.9)
    return replace(
        base, name=name,
        looseness=looseness_for_vpip(min(max(vpip, 0.02), 0.98)),
        raise_share=pfr / vpip if vpip else base.raise_share,
        three_bet=base.three_bet if three_bet is None else min(max(three_bet, 0.0), 0.5),
        stickiness=logit(continue_share),
        aggression=logit(bet_share),
        bluff=min(max(0.1 + 0.08 * aggression_factor, 0.05), 0.6),
    )
