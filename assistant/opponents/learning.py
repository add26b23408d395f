"""Learning a player's profile from the hands they played, shrunk toward the population.

A player's hands give counts of HUD statistics, each a number of times done out of a
number of chances (``shared/design/hud_stats.md``).  The population is a **mixture of
archetypes** (``shared/design/opponent_model.md`` §2.2 and §3.7, stage A): each archetype
(nit, TAG, fish, maniac, ...) has a mean for every statistic, and a player of that
archetype has each rate drawn from a beta of that mean and strength
:data:`ARCHETYPE_STRENGTH`.  Given a player's counts, Bayes' rule gives

* the archetype's posterior ``P(k | counts) ∝ π_k Π_s BetaBinom(done_s | chances_s, k)``,
  over all the statistics at once (a VPIP of 60 % and a PFR of 40 % say "maniac" together
  long before either does alone), and
* each rate's posterior mean ``Σ_k P(k | counts) (done_s + m p_ks) / (chances_s + m)``.

So 20 hands move a profile a little toward the archetypes they resemble and 2,000 hands
put it on the player's own rates.  A single beta around the population mean (the design's
§2.3) has thin tails: it took a 3-bet share of 30 % for 13 % after 25 chances, and a
maniac who 3-bets that often was played as a regular for hundreds of hands.  The last
component, ``anyone``, is the robust floor: a vague beta (strength
:data:`ANYONE_STRENGTH`) around the population mean, so that a player unlike every
archetype (all-in every hand) is learned from their own counts.

The estimates then set the profile's parameters through
:func:`assistant.opponents.profile.profile_from_hud`, which maps VPIP to looseness,
PFR / VPIP to the raise share, fold to c-bet to stickiness and the aggression factor to
the betting logit and bluff share.  The parameters no statistic here measures (the
elasticity, how much less a player calls a big bet than a small one; the share of raises
among postflop continues; the crying calls) are the archetypes' (:data:`UNSEEN`)
averaged over the posterior: a player who looks like a maniac is expected to raise bets
and to call big ones nearly as often as small ones.  The aggression factor is a
ratio, not a share: it is learned as the share of aggressive actions among aggressive
actions and calls, ``AF / (1 + AF)``.
"""

import functools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from assistant.database.stats import COUNTERS, count_hand, stat_counts
from assistant.errors import PokerInputError
from assistant.history.record import HandRecord
from assistant.opponents.profile import Profile, profile_from_hud

STATISTICS = ("vpip", "pfr", "three_bet", "fold_to_cbet", "aggression")
"""The statistics the model learns from."""
ARCHETYPE_STRENGTH = 40.0
"""How many chances an archetype's mean is worth: the spread of players within an
archetype (a standard deviation of 6.5 points of VPIP around a TAG's 22 %, 4 points of
3-bet around 7 %), the width of the practitioners' tiers."""
UNSEEN = ("elasticity", "raise_share_postflop", "call_floor")
"""The profile's parameters the statistics do not measure, taken from the archetypes."""
ANYONE_STRENGTH = 2.0
"""The vague floor component's strength: two chances' worth."""
EVIDENCE_KEPT = 1 << 14
"""Evidence terms :func:`_evidence` keeps (about 3 MB: those of 400 hands at six players)."""


@dataclass(frozen=True)
class Archetype:
    """A kind of player: its share ``weight`` of the population, its mean ``rates``, one
    per statistic of :data:`STATISTICS` (``strength`` chances' worth of belief), and its
    profile's parameters of :data:`UNSEEN`."""

    name: str
    weight: float
    rates: Mapping[str, float]
    unseen: Mapping[str, float]
    strength: float = ARCHETYPE_STRENGTH


def _archetype(name: str, weight: float, vpip: float, pfr: float, three_bet: float,
               fold_to_cbet: float, aggression_factor: float, elasticity: float,
               raise_share_postflop: float, call_floor: float) -> Archetype:
    return Archetype(name, weight, {"vpip": vpip, "pfr": pfr, "three_bet": three_bet,
                                    "fold_to_cbet": fold_to_cbet,
                                    "aggression": aggression_factor / (1 + aggression_factor)},
                     dict(zip(UNSEEN, (elasticity, raise_share_postflop, call_floor),
                              strict=True)))


def _with_floor(archetypes: Sequence[Archetype], floor: float) -> tuple[Archetype, ...]:
    """The archetypes scaled to ``1 - floor`` of the population, and ``anyone``: a vague
    component around their mean rates with the rest."""
    total = sum(kind.weight for kind in archetypes)
    weight = {kind.name: kind.weight for kind in archetypes}
    mean = {field: {key: value / total for key, value in
                    _averaged(weight, archetypes, field).items()}
            for field in ("rates", "unseen")}
    scaled = [replace(kind, weight=(1 - floor) * kind.weight / total) for kind in archetypes]
    return (*scaled, Archetype("anyone", floor, mean["rates"], mean["unseen"],
                               ANYONE_STRENGTH))


def _averaged(chance: Mapping[str, float], kinds: Sequence[Archetype], field: str
              ) -> dict[str, float]:
    """The sums of the archetypes' ``rates`` or ``unseen`` parameters times ``chance``
    (by archetype name): their average when the chances add up to 1."""
    keys = getattr(kinds[0], field)
    return {key: sum(chance[kind.name] * getattr(kind, field)[key] for kind in kinds)
            for key in keys}


POPULATION: tuple[Archetype, ...] = _with_floor((
    #          name            π    VPIP  PFR    3-bet  FtCB   AF   η    ρ_R   ε_c
    _archetype("nit", 0.10, 0.12, 0.09, 0.03, 0.575, 2.2, 1.0, 0.10, 0.01),
    _archetype("tight-passive", 0.10, 0.15, 0.05, 0.015, 0.55, 1.0, 0.9, 0.06, 0.02),
    _archetype("tag", 0.45, 0.22, 0.18, 0.07, 0.45, 2.7, 0.9, 0.12, 0.02),
    _archetype("lag", 0.06, 0.30, 0.25, 0.105, 0.40, 3.5, 0.8, 0.18, 0.03),
    _archetype("fish", 0.20, 0.45, 0.075, 0.02, 0.325, 1.0, 0.5, 0.06, 0.10),
    _archetype("station", 0.05, 0.60, 0.05, 0.01, 0.225, 0.7, 0.3, 0.04, 0.20),
    _archetype("maniac", 0.04, 0.60, 0.40, 0.175, 0.30, 4.5, 0.4, 0.35, 0.05),
), floor=0.05)
"""The default population (the design's §2.2 until a database refits the weights with
:func:`population_weights`): each archetype's statistics are the middle of the
practitioners' tiers of the design's table, and its weight the design's default mixture
(regulars 45 %, loose-passive 20 %, tight-passive and nits 10 % each, station 5 %, LAG and
maniac 10 % between them), scaled to 95 % beside the 5 % ``anyone`` floor.  η is the
design's θ sketch; ρ_R and ε_c are the presets' of :mod:`assistant.opponents.profile`
where there is one, and for the two passive kinds this project's estimate (gk): they
raise rarely, and the fish calls with anything a tenth of the time."""


def _log_beta(a: float, b: float) -> float:
    return math.lgamma(a) + math.lgamma(b) - math.lgamma(a + b)


def _check(counts: Mapping[str, tuple[int, int]]) -> None:
    unknown = set(counts) - set(STATISTICS)
    if unknown:
        raise PokerInputError(f"unknown statistics {sorted(unknown)}: the model learns from"
                              f" {', '.join(STATISTICS)}")
    for done, chances in counts.values():
        if not 0 <= done <= chances:
            raise PokerInputError(f"a statistic done {done!r} times in {chances!r} chances")


def _log_evidence(counts: Mapping[str, tuple[int, int]], kind: Archetype) -> float:
    """log P(counts | archetype) up to the binomial coefficients, which every archetype
    shares: the sum over statistics of the beta-binomial's log B(a + done, b + misses) -
    log B(a, b)."""
    total = 0.0
    for stat, (done, chances) in counts.items():
        total += _evidence(kind.strength, kind.rates[stat], done, chances)
    return total


@functools.lru_cache(maxsize=EVIDENCE_KEPT)
def _evidence(strength: float, rate: float, done: int, chances: int) -> float:
    """One statistic's term of :func:`_log_evidence` for an archetype's beta of
    ``strength`` and mean ``rate`` (kept: the same counts come back from player to player
    and hand to hand)."""
    a, b, prior = _prior(strength, rate)
    return _log_beta(a + done, b + chances - done) - prior


@functools.lru_cache(maxsize=1024)
def _prior(strength: float, rate: float) -> tuple[float, float, float]:
    """An archetype's beta for one statistic: ``a``, ``b`` and log B(a, b) (the same for
    every player: worked out once)."""
    a = strength * rate
    b = strength - a
    return a, b, _log_beta(a, b)


def posterior(counts: Mapping[str, tuple[int, int]],
              population: Sequence[Archetype] = POPULATION) -> dict[str, float]:
    """Each archetype's posterior probability given a player's counts
    (``counts[stat] = (done, chances)``; missing statistics count as never seen)."""
    _check(counts)
    logs = [math.log(kind.weight) + _log_evidence(counts, kind) if kind.weight > 0
            else -math.inf for kind in population]
    top = max(logs)
    odds = [math.exp(value - top) for value in logs]
    total = sum(odds)
    return {kind.name: value / total for kind, value in zip(population, odds, strict=True)}


def learned_rates(counts: Mapping[str, tuple[int, int]],
                  population: Sequence[Archetype] = POPULATION) -> dict[str, float]:
    """Each statistic's posterior mean rate given a player's counts (see the module's
    docstring)."""
    return _rates(counts, population, posterior(counts, population))


def _rates(counts: Mapping[str, tuple[int, int]], population: Sequence[Archetype],
           chance: Mapping[str, float]) -> dict[str, float]:
    """:func:`learned_rates` given the archetypes' posterior ``chance``."""
    rates = {}
    for stat in population[0].rates:
        done, chances = counts.get(stat, (0, 0))
        rates[stat] = sum(chance[kind.name] * (done + kind.strength * kind.rates[stat])
                          / (chances + kind.strength) for kind in population)
    return rates


def fit_profile(counts: Mapping[str, tuple[int, int]], name: str = "learned",
                population: Sequence[Archetype] = POPULATION) -> Profile:
    """A player's profile from their statistic counts: ``counts[stat] = (done, chances)``
    for the statistics of :data:`STATISTICS` (missing ones count as never seen)."""
    return fit_with_posterior(counts, name, population)[0]


def fit_with_posterior(counts: Mapping[str, tuple[int, int]], name: str = "learned",
                       population: Sequence[Archetype] = POPULATION
                       ) -> tuple[Profile, dict[str, float]]:
    """:func:`fit_profile`, and the archetypes' posterior it was fitted with
    (:func:`posterior`), worked out once."""
    chance = posterior(counts, population)
    rate = _rates(counts, population, chance)
    aggressive = min(rate["aggression"], 0.98)
    profile = profile_from_hud(vpip=rate["vpip"], pfr=min(rate["pfr"], rate["vpip"]),
                               aggression_factor=aggressive / (1.0 - aggressive),
                               fold_to_cbet=rate["fold_to_cbet"],
                               three_bet=rate["three_bet"], name=name)
    unseen = _averaged(chance, population, "unseen")
    return replace(profile, elasticity=unseen["elasticity"],
                   raise_share_postflop=unseen["raise_share_postflop"],
                   call_floor=unseen["call_floor"]), chance


@functools.cache
def population_profile() -> Profile:
    """The profile learned from no hands: the default population's (kept, as it is asked
    for at every advice of a seat whose player has no hands yet)."""
    return fit_profile({})


def learning_counts(stats: Mapping[str, tuple[float, int]]) -> dict[str, tuple[int, int]]:
    """The counts :func:`fit_profile` learns from, out of a player's HUD statistic counts
    (:func:`assistant.database.queries.player_counts`, or
    :func:`assistant.database.stats.stat_counts` of summed hand counts): the aggressive
    share is the aggressive actions among aggressive actions and calls."""
    aggressive, calls = stats["af"]
    return {"vpip": _whole(stats["vpip"]), "pfr": _whole(stats["pfr"]),
            "three_bet": _whole(stats["three_bet"]),
            "fold_to_cbet": _whole(stats["fold_to_cbet"]),
            "aggression": (int(aggressive), int(aggressive) + int(calls))}


def _whole(count: tuple[float, int]) -> tuple[int, int]:
    return int(count[0]), int(count[1])


class Learner:
    """Hand after hand, what the named players have shown of their play: their summed
    statistic counts, and the profiles fitted from them (for a session that learns as it
    goes, as the simulator's learning heroes do)."""

    def __init__(self) -> None:
        self._sums: dict[str, dict[str, float]] = {}

    def add(self, record: HandRecord) -> None:
        """Count one finished hand (one that cannot be counted is skipped)."""
        _add(self._sums, _player_sums([record]))

    def profiles(self, names: Iterable[str] | None = None) -> dict[str, Profile]:
        """Each player seen so far (of ``names``, when given: the others are not
        fitted), fitted from the hands added."""
        if names is None:
            return _fit_sums(self._sums)
        return _fit_sums({name: self._sums[name] for name in names if name in self._sums})


def learn_from_hands(records: Iterable[HandRecord]) -> dict[str, Profile]:
    """Each named player's profile fitted from their finished hands among ``records``
    (hands that cannot be counted are skipped; nameless seats teach nothing)."""
    learner = Learner()
    for record in records:
        learner.add(record)
    return learner.profiles()


def learn_from_other_hands(records: Sequence[HandRecord]) -> list[dict[str, Profile]]:
    """For each hand of ``records``, its named players' profiles fitted from the *other*
    hands (as :func:`learn_from_hands` of all the others), counting every hand once;
    a player seen in no other hand is left out."""
    each = [_player_sums([record]) for record in records]
    total: dict[str, dict[str, float]] = {}
    for sums in each:
        _add(total, sums)
    learned = []
    for record, own in zip(records, each, strict=True):
        rest = {}
        for name in record.named_seats.values():
            if name not in total:
                continue
            mine = own.get(name, {})
            left = {key: value - mine.get(key, 0.0) for key, value in total[name].items()}
            if left["hands"] > 0:
                rest[name] = left
        learned.append(_fit_sums(rest))
    return learned


def _player_sums(records: Iterable[HandRecord]) -> dict[str, dict[str, float]]:
    """Each named player's counters summed over the hands of ``records`` that count."""
    sums: dict[str, dict[str, float]] = {}
    for record in records:
        named = record.named_seats
        if not named:
            continue
        try:
            counts = count_hand(record)
        except PokerInputError:
            continue
        _add(sums, {name: counts.counts[seat] for seat, name in named.items()})
    return sums


def _add(sums: dict[str, dict[str, float]], more: Mapping[str, Mapping[str, float]]) -> None:
    for name, counts in more.items():
        total = sums.setdefault(name, dict.fromkeys((*COUNTERS, "won_bb"), 0.0))
        for key, value in counts.items():
            total[key] += value


def _fit_sums(sums: Mapping[str, Mapping[str, float]]) -> dict[str, Profile]:
    return {name: fit_profile(learning_counts(stat_counts(total)), name=name)
            for name, total in sums.items()}


def population_weights(players: Iterable[Mapping[str, tuple[int, int]]],
                       population: Sequence[Archetype] = POPULATION,
                       rounds: int = 50) -> tuple[Archetype, ...]:
    """The population refitted to a database: the archetypes' weights re-estimated from
    many players' counts (as :func:`learning_counts` gives them) by expectation-
    maximisation (the design's §3.4): each round, a weight becomes the mean of the
    players' posterior chance of that archetype.  The archetypes' rates stay as they are;
    with no players the population is returned unchanged."""
    seen = list(players)
    if not seen:
        return tuple(population)
    current = tuple(population)
    for _ in range(rounds):
        sums = dict.fromkeys((kind.name for kind in current), 0.0)
        for counts in seen:
            for name, chance in posterior(counts, current).items():
                sums[name] += chance
        current = tuple(replace(kind, weight=sums[kind.name] / len(seen)) for kind in current)
    return current
