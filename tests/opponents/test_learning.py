"""Learning profiles: shrinkage by hand, and recovery of known players' parameters."""

from pathlib import Path

import numpy as np
import pytest

from assistant.errors import PokerInputError
from assistant.opponents.learning import (
    POPULATION,
    UNSEEN,
    Archetype,
    fit_profile,
    learned_rates,
    population_weights,
    posterior,
)
from assistant.opponents.profile import profile_from_hud

PLAYERS = {
    "nit": {"vpip": 0.13, "pfr": 0.10, "three_bet": 0.03, "fold_to_cbet": 0.60,
            "aggression": 0.68},
    "station": {"vpip": 0.58, "pfr": 0.05, "three_bet": 0.01, "fold_to_cbet": 0.22,
                "aggression": 0.3},
    "maniac": {"vpip": 0.60, "pfr": 0.40, "three_bet": 0.18, "fold_to_cbet": 0.30,
               "aggression": 0.82},
}
CHANCES_PER_HAND = {"vpip": 1.0, "pfr": 1.0, "three_bet": 0.25, "fold_to_cbet": 0.12,
                    "aggression": 0.6}
"""About how many chances each statistic gets per hand at a six-handed table."""


def play(rates: dict[str, float], hands: int, rng: np.random.Generator
         ) -> dict[str, tuple[int, int]]:
    """A synthetic player's counts: each chance a Bernoulli trial of its true rate."""
    counts = {}
    for stat, rate in rates.items():
        chances = round(CHANCES_PER_HAND[stat] * hands)
        counts[stat] = (int(rng.binomial(chances, rate)), chances)
    return counts


TOY = (Archetype("tight", 0.7, {"vpip": 0.2, "three_bet": 0.05}, {}, 20.0),
       Archetype("loose", 0.3, {"vpip": 0.6, "three_bet": 0.25}, {}, 10.0))
"""Two kinds of player, with betas whose densities are finite at 0 and 1."""


def _integrated(counts: dict[str, tuple[int, int]]) -> tuple[dict[str, float], dict[str, float]]:
    """The toy population's archetype posterior and posterior mean rates by numerical
    integration over a grid of rates: prior density times binomial likelihood."""
    grid = (np.arange(200_000) + 0.5) / 200_000
    evidence, means = {}, {}
    for kind in TOY:
        evidence[kind.name] = kind.weight
        means[kind.name] = {}
        for stat, mean in kind.rates.items():
            a, b = kind.strength * mean, kind.strength * (1 - mean)
            done, chances = counts.get(stat, (0, 0))
            prior = grid ** (a - 1) * (1 - grid) ** (b - 1)
            prior /= prior.mean()
            likelihood = grid ** done * (1 - grid) ** (chances - done)
            evidence[kind.name] *= float((prior * likelihood).mean())
            means[kind.name][stat] = float((grid * prior * likelihood).sum()
                                           / (prior * likelihood).sum())
    total = sum(evidence.values())
    chance = {name: value / total for name, value in evidence.items()}
    rates = {stat: sum(chance[kind.name] * means[kind.name][stat] for kind in TOY)
             for stat in ("vpip", "three_bet")}
    return chance, rates


@pytest.mark.parametrize("counts", [{}, {"vpip": (3, 10)}, {"vpip": (7, 10)},
                                    {"vpip": (11, 20), "three_bet": (2, 5)},
                                    {"three_bet": (0, 12)}])
def test_bayes_by_numerical_integration(counts: dict[str, tuple[int, int]]) -> None:
    chance, rates = _integrated(counts)
    assert posterior(counts, TOY) == pytest.approx(chance, abs=1e-6)
    assert learned_rates(counts, TOY) == pytest.approx(rates, abs=1e-6)


def test_a_maniac_is_seen_in_few_hands_and_a_regular_stays_one() -> None:
    """Thirty hands of a 60 / 40 player who 3-bets 7 times in 25 chances: the archetype
    posterior is nearly sure, and the 3-bet estimate is near the player's, where one beta
    of the population's 6 % ± 3 % (62 chances' worth) said 13 %."""
    maniac = {"vpip": (18, 30), "pfr": (12, 30), "three_bet": (7, 25)}
    assert posterior(maniac)["maniac"] > 0.9
    assert learned_rates(maniac)["three_bet"] > 0.2
    regular = {"vpip": (7, 30), "pfr": (5, 30), "three_bet": (2, 25)}
    assert learned_rates(regular)["three_bet"] == pytest.approx(0.07, abs=0.02)
    assert posterior(regular)["maniac"] < 0.01
    # The unseen parameters are the archetypes' averaged over the posterior: a maniac's.
    for key in UNSEEN:
        assert getattr(fit_profile(maniac), key) == pytest.approx(
            sum(chance * kind.unseen[key] for chance, kind in
                zip(posterior(maniac).values(), POPULATION, strict=True)))
    assert fit_profile(maniac).elasticity < 0.45 < 0.8 < fit_profile(regular).elasticity
    assert fit_profile(maniac).raise_share_postflop > 0.3 > 0.15 > fit_profile(
        regular).raise_share_postflop


def test_population_weights_are_recovered_by_em() -> None:
    """Players drawn 70 / 30 from two archetypes, 300 hands each: the refitted weights
    start from the default population's and come back within a few points."""
    rng = np.random.default_rng(3)
    kinds = {kind.name: kind for kind in POPULATION}
    players = []
    for index in range(400):
        kind = kinds["tag" if index % 10 < 7 else "fish"]
        rates = {stat: rng.beta(kind.strength * mean, kind.strength * (1 - mean))
                 for stat, mean in kind.rates.items()}
        players.append(play(rates, 300, rng))
    weights = {kind.name: kind.weight for kind in population_weights(players)}
    assert weights["tag"] == pytest.approx(0.7, abs=0.05)
    assert weights["fish"] == pytest.approx(0.3, abs=0.05)
    assert sum(weights.values()) == pytest.approx(1.0)
    assert population_weights([]) == POPULATION


@pytest.mark.parametrize("player", list(PLAYERS))
def test_many_hands_recover_the_players_parameters(player: str) -> None:
    rates = PLAYERS[player]
    truth = profile_from_hud(vpip=rates["vpip"], pfr=rates["pfr"],
                             aggression_factor=rates["aggression"] / (1 - rates["aggression"]),
                             fold_to_cbet=rates["fold_to_cbet"], three_bet=rates["three_bet"])
    errors = []
    for seed in range(20):
        fitted = fit_profile(play(rates, 5000, np.random.default_rng(seed)))
        errors.append([fitted.looseness / truth.looseness - 1,
                       fitted.raise_share - truth.raise_share,
                       fitted.three_bet - truth.three_bet,
                       fitted.stickiness - truth.stickiness])
    mean_error = np.abs(np.mean(errors, axis=0))
    # Within 10 % on looseness, 4 points on the raise share, 1 point on the 3-bet share
    # and 0.2 on the continue logit (binomial noise at 5,000 hands is well inside these).
    assert mean_error[0] < 0.10
    assert mean_error[1] < 0.04
    assert mean_error[2] < 0.01
    assert mean_error[3] < 0.2


def test_twenty_hands_move_a_profile_part_way_and_two_thousand_all_the_way() -> None:
    rates = PLAYERS["station"]
    rng = np.random.default_rng(7)
    start = fit_profile({})
    few = np.mean([fit_profile(play(rates, 20, rng)).looseness for _ in range(50)])
    many = np.mean([fit_profile(play(rates, 2000, rng)).looseness for _ in range(50)])
    truth = fit_profile(play(rates, 10**7, rng)).looseness
    assert start.looseness < few < truth
    assert abs(few - truth) > 0.1 * abs(truth - start.looseness)
    assert abs(many - truth) < 0.1 * abs(truth - start.looseness)


def test_no_hands_is_the_population() -> None:
    fitted = fit_profile({})
    mean = sum(kind.weight * kind.rates["three_bet"] for kind in POPULATION)
    assert fitted.three_bet == pytest.approx(mean)
    assert 0.04 < mean < 0.07  # the design's population 3-bets about 6 %


def test_bad_counts_are_named() -> None:
    with pytest.raises(PokerInputError, match="unknown statistics \\['wtsd'\\]"):
        fit_profile({"wtsd": (1, 2)})
    with pytest.raises(PokerInputError, match="done 5 times in 3 chances"):
        fit_profile({"vpip": (5, 3)})


def test_learning_from_hands_counts_as_the_database_does(tmp_path: Path) -> None:
    """Two paths to a player's counts agree: summing each hand's counts in memory, and
    importing the hands into the database and asking it."""
    from assistant.database.importer import import_paths
    from assistant.database.queries import player_counts
    from assistant.database.schema import open_database
    from assistant.opponents.learning import learn_from_hands, learning_counts
    from tests.database.support import PLAYERS, named_records, numbered, write_phhs

    records = numbered(named_records(30), 30)
    learned = learn_from_hands(records)
    connection = open_database(tmp_path / "hands.db")
    import_paths(connection, [str(write_phhs(tmp_path / "hands.phhs", records))])
    for name in PLAYERS[:4]:
        counts = learning_counts(player_counts(connection, name))
        assert learned[name] == fit_profile(counts, name=name)
        assert counts["vpip"][1] > 0


def test_learning_from_the_other_hands_leaves_each_hand_out() -> None:
    """Each hand's players learned from the other hands, every hand counted once, are
    what :func:`learn_from_hands` fits from those other hands."""
    from assistant.opponents.learning import learn_from_hands, learn_from_other_hands
    from tests.database.support import named_records, numbered

    records = numbered(named_records(12), 12)
    left_out = learn_from_other_hands(records)
    assert len(left_out) == len(records)
    for index, record in enumerate(records):
        others = learn_from_hands(records[:index] + records[index + 1:])
        expected = {name: others[name] for name in record.config.names if name in others}
        assert left_out[index] == expected and expected
    lonely = learn_from_other_hands(records[:1])
    assert lonely == [{}]  # nobody was seen in another hand


def test_a_learner_asked_for_some_players_fits_those_alone() -> None:
    """:meth:`Learner.profiles` of some names: the same profiles as the fit of everyone,
    for those names seen so far, and nobody else (the simulator leaves hero's out)."""
    from assistant.opponents.learning import Learner
    from tests.database.support import PLAYERS, named_records, numbered

    learner = Learner()
    for record in numbered(named_records(12), 12):
        learner.add(record)
    everyone = learner.profiles()
    asked = [PLAYERS[1], PLAYERS[3], "nobody seen"]
    some = learner.profiles(asked)
    assert some == {name: everyone[name] for name in asked[:2]}
    assert len(everyone) > len(some) == 2
