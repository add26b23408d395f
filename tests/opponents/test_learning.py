"""Learning profiles: shrinkage by hand, and recovery of known players' parameters."""

from pathlib import Path

import numpy as np
import pytest

from assistant.errors import PokerInputError
from assistant.opponents.learning import POPULATION, Prior, fit_profile, shrunk
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


def test_shrinkage_by_hand() -> None:
    prior = Prior(0.28, 0.10)  # n0 = 0.28 * 0.72 / 0.01 - 1 = 19.16
    assert prior.strength == pytest.approx(19.16)
    assert shrunk(10, 20, prior) == pytest.approx((10 + 19.16 * 0.28) / (20 + 19.16))


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


def test_twenty_hands_move_a_profile_a_little_and_two_thousand_a_lot() -> None:
    rates = PLAYERS["station"]
    rng = np.random.default_rng(7)
    start = fit_profile({})
    few = np.mean([fit_profile(play(rates, 20, rng)).looseness for _ in range(50)])
    many = np.mean([fit_profile(play(rates, 2000, rng)).looseness for _ in range(50)])
    truth = fit_profile(play(rates, 10**7, rng)).looseness
    assert abs(few - start.looseness) < 0.5 * abs(truth - start.looseness)
    assert abs(many - truth) < 0.1 * abs(truth - start.looseness)


def test_no_hands_is_the_population() -> None:
    fitted = fit_profile({})
    assert fitted.three_bet == pytest.approx(POPULATION["three_bet"].mean)


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
