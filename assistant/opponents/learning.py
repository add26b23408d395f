"""Learning a player's profile from the hands they played, shrunk toward the population.

A player's hands give counts of HUD statistics, each a number of times done out of a
number of chances (``shared/design/hud_stats.md``).  Each statistic's estimate is the
beta-binomial posterior mean

    p = (done + n0 p0) / (chances + n0)

with the population's mean ``p0`` (what the ``unknown`` profile implies) and a prior
strength ``n0`` from the spread of that statistic between players (method of moments,
``n0 = p0 (1 - p0) / var - 1``; ``shared/design/opponent_model.md`` §2.3).  So 20 hands
move a profile a little and 2,000 hands a lot.  The estimates then set the profile's
parameters through :func:`assistant.opponents.profile.profile_from_hud`, which maps VPIP
to looseness, PFR / VPIP to the raise share, fold to c-bet to stickiness and the
aggression factor to the betting logit and bluff share.

The aggression factor is a ratio, not a share: it is estimated through the share of
aggressive actions among aggressive actions and calls, ``AF / (1 + AF)``, shrunk the same
way.
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from assistant.database.stats import COUNTERS, count_hand, stat_counts
from assistant.errors import PokerInputError
from assistant.history.record import HandRecord
from assistant.opponents.profile import Profile, profile_from_hud


@dataclass(frozen=True)
class Prior:
    """A statistic's population mean and between-player spread (a standard deviation)."""

    mean: float
    spread: float

    @property
    def strength(self) -> float:
        """``n0``: how many chances the population prior is worth."""
        return self.mean * (1.0 - self.mean) / self.spread**2 - 1.0


POPULATION: dict[str, Prior] = {
    "vpip": Prior(0.28, 0.10),
    "pfr": Prior(0.18, 0.08),
    "three_bet": Prior(0.06, 0.03),
    "fold_to_cbet": Prior(0.50, 0.12),
    "aggression": Prior(0.55, 0.12),
}
"""Population priors (the design's gk values until a database refits them):
VPIP 28 % ± 10, PFR 18 % ± 8, 3-bet 6 % ± 3, fold to c-bet 50 % ± 12, and aggressive
actions 55 % ± 12 of aggressive actions and calls (an AF of about 1.2)."""
STATISTICS = tuple(POPULATION)


def shrunk(done: int, chances: int, prior: Prior) -> float:
    """The posterior mean of a rate seen ``done`` times in ``chances``.

    >>> round(shrunk(0, 0, Prior(0.3, 0.1)), 3), round(shrunk(900, 1000, Prior(0.3, 0.1)), 3)
    (0.3, 0.888)
    """
    if not 0 <= done <= chances:
        raise PokerInputError(f"a statistic done {done!r} times in {chances!r} chances")
    return (done + prior.strength * prior.mean) / (chances + prior.strength)


def fit_profile(counts: Mapping[str, tuple[int, int]], name: str = "learned",
                population: Mapping[str, Prior] = POPULATION) -> Profile:
    """A player's profile from their statistic counts: ``counts[stat] = (done, chances)``
    for the statistics of :data:`STATISTICS` (missing ones count as never seen)."""
    unknown = set(counts) - set(STATISTICS)
    if unknown:
        raise PokerInputError(f"unknown statistics {sorted(unknown)}: the model learns from"
                              f" {', '.join(STATISTICS)}")
    rate = {stat: shrunk(*counts.get(stat, (0, 0)), prior) for stat, prior in
            population.items()}
    aggressive = min(rate["aggression"], 0.98)
    return profile_from_hud(vpip=rate["vpip"], pfr=min(rate["pfr"], rate["vpip"]),
                            aggression_factor=aggressive / (1.0 - aggressive),
                            fold_to_cbet=rate["fold_to_cbet"],
                            three_bet=rate["three_bet"], name=name)


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

    def profiles(self) -> dict[str, Profile]:
        """Each player seen so far, fitted from the hands added."""
        return _fit_sums(self._sums)


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


def population_priors(players: Iterable[Mapping[str, tuple[float, int]]],
                      least_chances: int = 50) -> dict[str, Prior]:
    """The population priors refitted from many players' statistic counts (as
    :func:`learning_counts` gives them): each statistic's mean over the players with at
    least ``least_chances`` chances, and its spread between them less the binomial noise
    of each player's own estimate (method of moments), floored so that the prior keeps
    some strength.  Statistics with fewer than five such players keep the default."""
    rates: dict[str, list[tuple[float, int]]] = {stat: [] for stat in STATISTICS}
    for counts in players:
        for stat, (done, chances) in counts.items():
            if stat in rates and chances >= least_chances:
                rates[stat].append((done / chances, int(chances)))
    out = dict(POPULATION)
    for stat, seen in rates.items():
        if len(seen) < 5:
            continue
        values = [rate for rate, _ in seen]
        mean = sum(values) / len(values)
        spread = sum((rate - mean) ** 2 for rate in values) / (len(values) - 1)
        noise = sum(mean * (1 - mean) / chances for _, chances in seen) / len(seen)
        floor = (0.25 * mean * (1 - mean)) ** 0.5 / 10
        out[stat] = Prior(min(max(mean, 0.01), 0.99), max((spread - noise) ** 0.5 if
                                                         spread > noise else 0.0, floor))
    return out
