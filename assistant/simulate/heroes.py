"""Hero policies, by name: how the player being measured decides.

A hero policy is a callable ``(hand, seat, settings) -> Action`` and keeps the dealer's
rule (:mod:`assistant.simulate.dealer`): it reads only its own hole cards and public
information.  New policies join with :func:`register_hero` (at import of the module that
defines them, so that worker processes see them too).
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from assistant import advice as earlier
from assistant import door
from assistant.errors import PokerInputError
from assistant.hand import Action, Hand
from assistant.opponents.profile import Profile, get_profile


@dataclass(frozen=True)
class HeroSettings:
    """What a hero policy knows beyond the hand.

    ``bankroll`` is hero's whole bankroll in chips at the start of the hand (the stack
    included); ``seed`` seeds any sampling at this decision, so runs repeat exactly.
    """

    kelly_scale: float = 1.0
    bankroll: float | None = None
    seed: int | None = None
    opponent_profile: str | None = None
    """The profile the opponents play (``None`` for bots that play none): only the
    policies that are told it, as a HUD would after many hands, use it."""
    learned: Mapping[int, Profile] = field(default_factory=dict)
    """Each opponent's profile by seat, learned from the hands of the run so far, for
    the policies registered as learning (:func:`register_hero`)."""


HeroPolicy = Callable[[Hand, int, HeroSettings], Action]

HERO_POLICIES: dict[str, HeroPolicy] = {}
"""The hero policies by name; :func:`register_hero` adds to it."""
LEARNING_HEROES: set[str] = set()
"""The names of the policies that learn the opponents' profiles as a run goes on."""


def register_hero(name: str, policy: HeroPolicy, learns: bool = False) -> None:
    """Make ``policy`` available as ``--hero name``; one that ``learns`` is given the
    opponents' profiles learned so far in :attr:`HeroSettings.learned`."""
    HERO_POLICIES[name] = policy
    if learns:
        LEARNING_HEROES.add(name)


def hero_policy(name: str) -> HeroPolicy:
    """The hero policy registered as ``name``."""
    try:
        return HERO_POLICIES[name]
    except KeyError:
        raise PokerInputError(f"unknown hero policy {name!r}; known: "
                              + ", ".join(sorted(HERO_POLICIES))) from None


def _advised(hand: Hand, seat: int, settings: HeroSettings, scale: float,
             profiles: Mapping[int, Profile] | None = None) -> Action:
    """The action the door advises at ``scale`` of Kelly on the whole bankroll, with
    ``profiles`` for the opponents it names (``unknown`` for the rest)."""
    return door.decide(hand, seat, door.Settings(scale, settings.bankroll, profiles or {}))


def kelly(hand: Hand, seat: int, settings: HeroSettings) -> Action:
    """The advice (:mod:`assistant.door`) at ``settings.kelly_scale`` of Kelly, growing the
    whole bankroll, every opponent taken as the ``unknown`` profile."""
    return _advised(hand, seat, settings, settings.kelly_scale)


def half_kelly(hand: Hand, seat: int, settings: HeroSettings) -> Action:
    """:func:`kelly` at half the scale."""
    return _advised(hand, seat, settings, settings.kelly_scale / 2)


def half_kelly_told(hand: Hand, seat: int, settings: HeroSettings) -> Action:
    """:func:`half_kelly`, told the profile every opponent plays (as a HUD tells it after
    enough hands); the ``unknown`` profile for bots that play none."""
    profile = get_profile(settings.opponent_profile or "unknown")
    profiles = {other: profile for other in range(hand.config.n_seats) if other != seat}
    return _advised(hand, seat, settings, settings.kelly_scale / 2, profiles)


def half_kelly_hud(hand: Hand, seat: int, settings: HeroSettings) -> Action:
    """:func:`half_kelly` with each opponent's profile learned from the hands played so
    far, as the window's HUD learns from the hand database; an opponent not yet seen is
    taken as ``unknown``."""
    return _advised(hand, seat, settings, settings.kelly_scale / 2, settings.learned)


def baseline(hand: Hand, seat: int, settings: HeroSettings) -> Action:
    """The earlier advice with its defaults: random hands that always call, full Kelly,
    the stack taken as the bankroll."""
    return earlier.advised_action(hand, seat, earlier.advise_hand(hand, seat,
                                                                  seed=settings.seed))


register_hero("kelly", kelly)
register_hero("half-kelly", half_kelly)
register_hero("half-kelly-told", half_kelly_told)
register_hero("half-kelly-hud", half_kelly_hud, learns=True)
register_hero("baseline", baseline)
