"""The bots: preflop frequencies in the ranges of the design's bot zoo, postflop answers
that follow their rules on hand-made spots, and the hand reading they rest on."""

import numpy as np
import pytest

from assistant.cards import parse_cards
from assistant.hand import Action, ActionKind, Hand, HandConfig, Street
from assistant.simulate.bots import PROFILES, lateness, make_bot
from assistant.simulate.dealer import play_hand
from assistant.simulate.reading import Made, has_draw, made_hand, top_fraction

VOLUNTARY = (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE)


def preflop_frequencies(bot: str, hands: int = 600) -> tuple[float, float]:
    """VPIP and PFR of a bot in seat 0 of a table of five TAGs (a regulars' table)."""
    rng = np.random.default_rng(42)
    policies = [make_bot(bot, 6)] + [make_bot("tag", 6)] * 5
    chances = played = raised = 0
    for index in range(hands):
        hand = play_hand([200] * 6, index % 6, policies, rng, 1, 2)
        preflop = []
        for action in hand.actions:
            if action.kind == ActionKind.BOARD:
                break
            preflop.append(action)
        for seat in (0,):
            acts = [a for a in preflop if a.seat == seat and a.kind not in
                    (ActionKind.BLIND, ActionKind.HOLE)]
            if not acts:
                continue
            chances += 1
            played += any(a.kind in VOLUNTARY for a in acts)
            raised += any(a.kind in (ActionKind.BET, ActionKind.RAISE) for a in acts)
    return played / chances, raised / chances


# The design's VPIP / PFR (nit 12/9, TAG 22/18, LAG 30/25, station 60/5, maniac 60/40),
# give or take about a third.
@pytest.mark.parametrize(("bot", "vpip", "pfr"), [
    ("nit", (0.07, 0.16), (0.05, 0.12)),
    ("tag", (0.15, 0.30), (0.12, 0.24)),
    ("lag", (0.22, 0.40), (0.18, 0.33)),
    ("station", (0.45, 0.75), (0.0, 0.08)),
    ("maniac", (0.45, 0.75), (0.30, 0.55)),
])
def test_preflop_frequencies_fit_the_profiles(bot: str, vpip: tuple[float, float],
                                              pfr: tuple[float, float]) -> None:
    played, raised = preflop_frequencies(bot)
    assert vpip[0] <= played <= vpip[1]
    assert pfr[0] <= raised <= pfr[1]


def flop_spot(hole: str, board: str, bet: int) -> Hand:
    """Heads-up, 100 big blinds, a called raise to 3 big blinds, then the button (seat 0
    holding ``hole``) facing a flop bet of ``bet`` chips into 12 (nothing if 0)."""
    hand = Hand(HandConfig.standard([200, 200], button=0, small_blind=1, big_blind=2))
    hand.deal_hole(0, hole)
    hand.deal_hole(1, "2c3d")
    hand.raise_to(0, 6)
    hand.call(1)
    hand.deal_board(board)
    if bet:
        hand.bet(1, bet)
    else:
        hand.check(1)
    assert hand.to_act == 0 and hand.street == Street.FLOP
    return hand


def answer(bot: str, hand: Hand) -> ActionKind:
    return make_bot(bot, 2)(hand, 0, np.random.default_rng(0)).kind


def test_a_station_calls_bottom_pair_and_an_ace_high_but_folds_air_to_an_overbet() -> None:
    assert answer("station", flop_spot("7s6h", "KdJc7d", 12)) == ActionKind.CALL
    assert answer("station", flop_spot("As5h", "KdJc8d", 12)) == ActionKind.CALL
    assert answer("station", flop_spot("9s5h", "KdJc8d", 30)) == ActionKind.FOLD


def test_a_nit_folds_a_weak_pair_to_a_pot_bet_and_raises_a_set() -> None:
    assert answer("nit", flop_spot("7s6h", "KdJc7d", 12)) == ActionKind.FOLD
    assert answer("nit", flop_spot("JsJh", "KdJc7d", 12)) == ActionKind.RAISE
    assert answer("nit", flop_spot("KsQh", "KdJc7d", 6)) == ActionKind.CALL


def test_value_bets_follow_the_profile_when_checked_to() -> None:
    top_pair = flop_spot("KsQh", "KdJc7d", 0)
    assert answer("tag", top_pair) == ActionKind.BET
    assert answer("nit", flop_spot("QsQh", "KdJc7d", 0)) in (ActionKind.CHECK, ActionKind.BET)
    action = make_bot("tag", 2)(top_pair, 0, np.random.default_rng(0))
    assert action.amount == round(PROFILES["tag"].bet_fraction * top_pair.pot)


def test_the_jam_bot_is_all_in_and_the_random_bot_is_legal() -> None:
    rng = np.random.default_rng(3)
    for _ in range(30):
        hand = Hand(HandConfig.standard([100, 100, 100], button=0, small_blind=1, big_blind=2))
        assert make_bot("jam", 3)(hand, 0, rng) == Action(ActionKind.ALL_IN, 0)
        action = make_bot("random", 3)(hand, 0, rng)
        hand.apply(action)  # raises if illegal


def test_lateness_runs_from_under_the_gun_to_the_button() -> None:
    hand = Hand(HandConfig.standard([100] * 6, button=2, small_blind=1, big_blind=2))
    assert [lateness(hand, seat) for seat in (5, 0, 1, 2)] == pytest.approx([0, 1 / 3, 2 / 3, 1])
    heads_up = Hand(HandConfig.standard([100] * 2, button=1, small_blind=1, big_blind=2))
    assert lateness(heads_up, 1) == 1.0 and lateness(heads_up, 0) == 0.0


@pytest.mark.parametrize(("hole", "board", "made"), [
    ("AhQh", "Ks7d2c", Made.AIR),
    ("Kh3c", "Ks7d2c", Made.TOP_PAIR),
    ("AcAd", "Ks7d2c", Made.TOP_PAIR),
    ("QcQd", "Ks7d2c", Made.WEAK_PAIR),
    ("7h2h", "Ks7d2c", Made.TWO_PAIR),
    ("7c7h", "Ks7d2c", Made.STRONG),
    ("Kc3h", "KsKd2c", Made.STRONG),  # trips
    ("3c4h", "KsKd2c", Made.AIR),  # the board's pair is not the bot's
    ("9c2h", "Th Jd Qc Ks Ad", Made.AIR),  # the board's straight plays
    ("9cKh", "Th Jd Qc 8s 2d", Made.STRONG),
    ("2h3h", "Ah 7h Kh", Made.STRONG),
])
def test_made_hand(hole: str, board: str, made: Made) -> None:
    assert made_hand(parse_cards(hole), parse_cards(board)) == made


def test_draws() -> None:
    assert has_draw(parse_cards("2h3h"), parse_cards("Ah 7h Kc"))
    assert not has_draw(parse_cards("2c3d"), parse_cards("Ah 7h Kh"))  # no hole card in it
    assert has_draw(parse_cards("2c3d"), parse_cards("4h 5s Kh"))  # 2345: the ace or the six
    assert not has_draw(parse_cards("Qc Jd"), parse_cards("Kh As 2c"))  # one end only


def test_top_fraction_counts_every_combination_once() -> None:
    top = top_fraction()
    assert np.isclose(top.max(), 1.0)
    steps = np.diff(np.sort(top)) * 1326
    assert set(np.round(steps).astype(int)) <= {4, 6, 12}
