"""Preflop priors: widths by position, profile and action; seat names; bad input."""

import itertools
import math

import numpy as np
import pytest

from assistant.combos import N_COMBOS
from assistant.errors import PokerInputError
from assistant.opponents.priors import (
    ACTIONS,
    BLINDS_POT_BB,
    REFERENCE_OPEN_BB,
    REFERENCE_REGULAR,
    call_share,
    cold_continue,
    opener_scale,
    preflop_rank,
    preflop_strength,
    prior_range,
    range_share,
)
from assistant.opponents.profile import PRESETS, get_profile, profile_from_hud
from assistant.opponents.seats import (
    BREAK_EVEN,
    entry_share,
    looseness_for_vpip,
    position_names,
    position_of,
)


@pytest.mark.parametrize("players", range(3, 11))
@pytest.mark.parametrize("profile", list(PRESETS))
def test_opens_widen_from_the_first_seat_to_the_button(players: int, profile: str) -> None:
    opens = [range_share(prior_range(PRESETS[profile], p, "open", players))
             for p in range(players - 2)]
    assert all(a < b for a, b in itertools.pairwise(opens))


@pytest.mark.parametrize("position", range(6))
def test_ranges_widen_from_nit_to_maniac(position: int) -> None:
    order = ["nit", "tag", "lag", "maniac"]
    for action in ("open", "3bet", "call-3bet"):
        widths = [range_share(prior_range(PRESETS[p], position, action, 6)) for p in order]
        assert widths == sorted(widths), (action, widths)


@pytest.mark.parametrize("profile", ["nit", "tag", "lag", "unknown"])
@pytest.mark.parametrize("position", [3, 4, 5])
def test_three_bets_are_tighter_than_calls(profile: str, position: int) -> None:
    three = range_share(prior_range(PRESETS[profile], position, "3bet", 6))
    call = range_share(prior_range(PRESETS[profile], position, "call", 6))
    assert three < call


def test_the_order_starts_with_aces_and_ends_with_the_worst_hands() -> None:
    rank = preflop_rank()
    strength = preflop_strength()
    assert rank.min() > 0 and rank.max() < 1
    assert np.argmin(rank) == np.argmax(strength)
    assert np.all(np.diff(strength[np.argsort(rank)]) <= 1e-12)


def test_weights_are_probabilities_and_every_action_has_a_prior() -> None:
    for profile in PRESETS.values():
        for action in ACTIONS:
            weights = prior_range(profile, 2, action, 9)
            assert weights.shape == (N_COMBOS,)
            assert np.all((weights >= 0) & (weights <= 1))
            assert weights.sum() > 0


def test_a_tight_open_holds_the_premium_pairs_and_not_the_trash() -> None:
    from assistant.cards import parse_cards
    from assistant.combos import combo_index

    utg = prior_range(PRESETS["tag"], 0, "open", 9)
    assert utg[combo_index(*parse_cards("AsAh"))] > 0.99
    assert utg[combo_index(*parse_cards("7c2d"))] < 0.01
    assert 0.05 < range_share(utg) < 0.14


def test_position_names_and_bad_positions() -> None:
    assert position_names(9)[-3:] == ("BTN", "SB", "BB")
    assert position_of("co", 6) == 2
    with pytest.raises(PokerInputError, match="unknown position 'LJ' at 6 players"):
        position_of("LJ", 6)
    with pytest.raises(PokerInputError, match="players 11"):
        position_names(11)


def test_bad_profile_and_action_are_named() -> None:
    with pytest.raises(PokerInputError, match="unknown profile 'fish'"):
        get_profile("fish")
    with pytest.raises(PokerInputError, match="unknown action 'squeeze'"):
        prior_range(PRESETS["tag"], 0, "squeeze", 6)
    with pytest.raises(PokerInputError, match="position 6 is not a seat of 6"):
        prior_range(PRESETS["tag"], 6, "open", 6)


def test_hud_statistics_order_profiles_as_players_would() -> None:
    nit = profile_from_hud(vpip=0.12, pfr=0.09, aggression_factor=2.2, fold_to_cbet=0.58)
    fish = profile_from_hud(vpip=0.45, pfr=0.06, aggression_factor=0.8, fold_to_cbet=0.3)
    assert nit.looseness < fish.looseness
    assert nit.raise_share > fish.raise_share
    assert nit.stickiness < fish.stickiness
    with pytest.raises(PokerInputError, match=r"PFR 0\.3 cannot exceed VPIP 0\.2"):
        profile_from_hud(vpip=0.2, pfr=0.3, aggression_factor=1, fold_to_cbet=0.5)
    with pytest.raises(PokerInputError, match=r"VPIP 1\.5"):
        profile_from_hud(vpip=1.5, pfr=0.3, aggression_factor=1, fold_to_cbet=0.5)


def test_the_aggression_factor_sets_how_often_a_player_bets_when_checked_to() -> None:
    """AF counts bets and raises per call: a player who never bets nor raises (AF 0) is
    expected to bet rarely (the 5 % floor), not a fifth of the time; AF 3, the top of
    the practitioners' "aggressive" tier, bets half the time; a hyper-aggressive AF 6
    at the 90 % ceiling."""
    def betting(factor: float) -> float:
        profile = profile_from_hud(vpip=0.3, pfr=0.1, aggression_factor=factor,
                                   fold_to_cbet=0.5)
        return 1 / (1 + math.exp(-profile.aggression))

    assert betting(0.0) == pytest.approx(0.05)
    assert betting(0.3) == pytest.approx(0.095)
    assert betting(3.0) == pytest.approx(0.5)
    assert betting(6.0) == pytest.approx(0.9)
    shares = [betting(factor) for factor in (0.0, 0.5, 1.0, 2.0, 4.0, 8.0)]
    assert shares == sorted(shares)


@pytest.mark.parametrize("players", [2, 6, 9])
@pytest.mark.parametrize("vpip", [0.02, 0.12, 0.3, 0.55, 0.8])
def test_the_looseness_for_a_vpip_gives_that_mean_first_in_share(players: int,
                                                                 vpip: float) -> None:
    """Directly from :func:`entry_share`, seat by seat."""
    looseness = looseness_for_vpip(vpip, players)
    mean = sum(entry_share(p, players, looseness) for p in range(players)) / players
    assert mean == pytest.approx(vpip, abs=1e-12)


@pytest.mark.parametrize("players", [2, 6, 9])
def test_a_table_of_regulars_folds_to_an_open_as_the_first_in_ranges_assume(
        players: int) -> None:
    """From every seat, the players behind an open of 2.5 big blinds, all standard
    regulars, all fold with the chance the first-in ranges are built on (the product
    of their folds, taken here seat by seat)."""
    regular = PRESETS[REFERENCE_REGULAR]
    for opener in range(players - 1):
        folds = 1.0
        for seat in range(opener + 1, players):
            folds *= 1.0 - cold_continue(regular, seat, players, REFERENCE_OPEN_BB, opener)[0]
        assert folds == pytest.approx(BREAK_EVEN, abs=1e-9)


def test_players_defend_less_against_an_early_open_than_against_a_steal() -> None:
    assert opener_scale(0, 9) < opener_scale(0, 6) < 1.0 < opener_scale(3, 6) < opener_scale(
        4, 6)
    unknown = PRESETS["unknown"]
    early = cold_continue(unknown, 5, 6, 2.5, opener=0)[0]
    steal = cold_continue(unknown, 5, 6, 2.5, opener=3)[0]
    assert early < cold_continue(unknown, 5, 6, 2.5)[0] < steal
    with pytest.raises(PokerInputError, match="cannot open"):
        opener_scale(5, 6)


def _logit(p: float) -> float:
    return math.log(p / (1.0 - p))


@pytest.mark.parametrize("profile", list(PRESETS))
@pytest.mark.parametrize("seat, players, opener", [(5, 6, 0), (3, 6, None), (1, 2, 0),
                                                    (8, 9, 2)])
def test_the_continue_logit_follows_the_price_of_the_raise(
        profile: str, seat: int, players: int, opener: int | None) -> None:
    """At the reference open the share is the flats and 3-bets (times the opener's
    factor); at any other raise and pot its logit moves by ``-η log`` of the price
    ratio, the raise over the pot before it against 2.5 over 1.5 big blinds."""
    p = PRESETS[profile]
    factor = opener_scale(opener, players) if opener is not None else 1.0
    stated = min((p.three_bet + call_share(p, seat, players)) * factor, 1.0 - 1e-6)
    assert cold_continue(p, seat, players, REFERENCE_OPEN_BB, opener)[0] == pytest.approx(
        stated, rel=1e-12)
    for raise_to, pot in [(2.0, 1.5), (3.5, 1.5), (20.0, 1.5), (100.0, 1.5), (2.2, 3.0),
                          (4.0, 2.5)]:
        continuing = cold_continue(p, seat, players, raise_to, opener, pot)[0]
        price_ratio = (raise_to / pot) / (REFERENCE_OPEN_BB / BLINDS_POT_BB)
        assert _logit(continuing) == pytest.approx(
            _logit(stated) - p.elasticity * math.log(price_ratio), abs=1e-9)


def test_antes_widen_the_defence_as_a_cheaper_raise_would() -> None:
    """A big-blind ante of 1.5 big blinds doubles the pot: an open of 4 big blinds then
    costs what an open of 2 costs into the blinds alone."""
    tag = PRESETS["tag"]
    for seat in range(1, 6):
        with_ante = cold_continue(tag, seat, 6, 4.0, 0, 2 * BLINDS_POT_BB)
        assert with_ante == pytest.approx(cold_continue(tag, seat, 6, 2.0, 0), rel=1e-12)
        no_ante = cold_continue(tag, seat, 6, 2.5, 0)[0]
        assert no_ante < cold_continue(tag, seat, 6, 2.5, 0, 3.0)[0] < 1.0


def test_a_bigger_raise_is_answered_less_and_3_bet_less() -> None:
    unknown = PRESETS["unknown"]
    answers = [cold_continue(unknown, 5, 6, size, 2) for size in (2.0, 2.5, 3.5, 10.0, 40.0)]
    assert all(a[0] > b[0] and a[1] >= b[1] for a, b in itertools.pairwise(answers))
    assert all(0.0 < r <= c < 1.0 for c, r in answers)
