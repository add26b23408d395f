"""Hero policies, by name: how the player being measured decides.

A hero policy is a callable ``(hand, seat, settings) -> Action`` and keeps the dealer's
rule (:mod:`assistant.simulate.dealer`): it reads only its own hole cards and public
information.  New policies join with :func:`register_hero` (at import of the module that
defines them, so that worker processes see them too).
"""

from collections.abc import Callable
from dataclasses import dataclass, replace

from assistant.advice import ADVISED_KINDS, Advice, advise_hand, whole_chips
from assistant.errors import PokerInputError
from assistant.hand import Action, Hand
from assistant.simulate.dealer import raise_to


@dataclass(frozen=True)
class HeroSettings:
    """What a hero policy knows beyond the hand.

    ``bankroll`` is hero's whole bankroll in chips at the start of the hand (the stack
    included); ``seed`` seeds any sampling at this decision, so runs repeat exactly.
    """

    kelly_scale: float = 1.0
    bankroll: float | None = None
    seed: int | None = None


HeroPolicy = Callable[[Hand, int, HeroSettings], Action]

HERO_POLICIES: dict[str, HeroPolicy] = {}
"""The hero policies by name; :func:`register_hero` adds to it."""


def register_hero(name: str, policy: HeroPolicy) -> None:
    """Make ``policy`` available as ``--hero name``."""
    HERO_POLICIES[name] = policy


def hero_policy(name: str) -> HeroPolicy:
    """The hero policy registered as ``name``."""
    try:
        return HERO_POLICIES[name]
    except KeyError:
        raise PokerInputError(f"unknown hero policy {name!r}; known: "
                              + ", ".join(sorted(HERO_POLICIES))) from None


def advice_action(hand: Hand, seat: int, advice: Advice) -> Action:
    """The action that takes ``advice`` for ``seat``: a raise in whole chips, as a bet
    when it opens the street."""
    action = advice.choice.action
    if action != "raise":
        return Action(ADVISED_KINDS[action], seat)
    return raise_to(hand, seat, hand.street_contribution(seat) + whole_chips(advice))


def kelly(hand: Hand, seat: int, settings: HeroSettings) -> Action:
    """Today's advice at ``settings.kelly_scale`` of Kelly, growing the whole bankroll."""
    return advice_action(hand, seat, advise_hand(hand, seat, kelly_scale=settings.kelly_scale,
                                                 bankroll=settings.bankroll,
                                                 seed=settings.seed))


def half_kelly(hand: Hand, seat: int, settings: HeroSettings) -> Action:
    """:func:`kelly` at half the scale."""
    return kelly(hand, seat, replace(settings, kelly_scale=settings.kelly_scale / 2))


def baseline(hand: Hand, seat: int, settings: HeroSettings) -> Action:
    """Today's advice with its defaults: full Kelly, the stack taken as the bankroll."""
    return advice_action(hand, seat, advise_hand(hand, seat, seed=settings.seed))


register_hero("kelly", kelly)
register_hero("half-kelly", half_kelly)
register_hero("baseline", baseline)
