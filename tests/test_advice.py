"""Advice: the hand's numbers reach the Kelly math intact, and advice is always playable."""

import math
import random

import pytest

from assistant.advice import advise, advise_hand, play_advice, situation_of, whole_chips
from assistant.errors import PokerInputError
from assistant.hand import Action, Hand, HandConfig
from assistant.kelly import BetSituation, Caller, choose_action
from tests.test_hand_pokerkit import random_betting_action, random_config

FIVE_SEATS = HandConfig.standard([5000] * 5, button=4, small_blind=15, big_blind=30)


def test_situation_a_reaches_the_kelly_math_with_what_each_opponent_owes() -> None:
    hand = Hand(FIVE_SEATS)
    hand.raise_to(2, 60)
    situation = situation_of(hand.decision(3))
    assert (situation.stack, situation.pot, situation.to_call) == (5000, 105, 60)
    assert [(o.owed, o.stack) for o in situation.opponents] == [
        (45, 4985), (30, 4970), (0, 4940), (60, 5000)]
    assert situation.min_raise == 90


def test_a_short_stack_sees_the_true_call_not_the_capped_one() -> None:
    # Found by the random test below: Decision caps the call at the stack (30 of 190),
    # but the side pots of the model need the bet itself.
    hand = Hand(HandConfig.standard([1000, 1000, 40], button=2, small_blind=5, big_blind=10))
    hand.call(2)
    hand.raise_to(0, 200)
    hand.call(1)
    situation = situation_of(hand.decision(2))
    assert (situation.stack, situation.to_call, situation.pot) == (30, 190, 410)
    assert [o.owed for o in situation.opponents] == [0, 0]
    hand.deal_hole(2, "AsAd")
    advice = advise_hand(hand, 2)
    assert set(advice.choice.candidates) == {"fold", "all-in"}
    play_advice(hand, 2, advice)


def test_advice_at_a_hand_decision_uses_hero_cards_and_board() -> None:
    hand = Hand(FIVE_SEATS)
    hand.deal_hole(3, "AsAd")
    hand.raise_to(2, 60)
    advice = advise_hand(hand, 3)
    assert advice.equity.method == "table" and len(advice.equity.split) == 4
    assert advice.choice.action == "raise"
    same = choose_action(advice.situation, advice.outcome)
    assert same == advice.choice
    unknown = Hand(FIVE_SEATS)
    with pytest.raises(PokerInputError, match="seat 3's hole cards are not known"):
        advise_hand(unknown, 2)


def test_bankroll_and_kelly_scale_reach_the_choice() -> None:
    spot = BetSituation(1000, 300, 0, (Caller(),), 20)
    full = advise("AsAd", "Ah 7c 2d", spot)
    half = advise("AsAd", "Ah 7c 2d", spot, kelly_scale=0.5)
    assert half.choice.amount == pytest.approx(full.choice.amount / 2)


def test_whole_chips_stay_within_the_legal_raise() -> None:
    spot = BetSituation(1000, 300, 0, (Caller(),), 20)
    advice = advise("AsAd", "Ah 7c 2d", spot)
    assert advice.choice.action == "raise"
    chips = whole_chips(advice)
    assert chips == math.floor(advice.choice.amount) or chips == math.ceil(advice.choice.amount)
    assert 20 <= chips <= 1000


def test_to_dict_has_the_issue_fields() -> None:
    spot = BetSituation(5000, 450, 100, (Caller(3000), Caller(8000)), 200)
    data = advise("AhKd", "Qs7d2c", spot).to_dict()
    assert {"win", "split", "lose", "equity", "exact", "trials", "stderr", "method",
            "kelly_fraction", "kelly_amount", "action", "amount", "growth"} <= set(data)
    assert set(data["growth"]) == {"fold", "call", "raise", "all-in"}  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", range(40))
def test_advised_actions_are_always_legal(seed: int) -> None:
    rng = random.Random(seed)
    hand = Hand(random_config(rng))
    deck = rng.sample(range(52), 52)
    for seat in range(hand.config.n_seats):
        hand.deal_hole(seat, [deck.pop(), deck.pop()])
    while not hand.is_over:
        seat = hand.to_act
        if hand.needs_board:
            hand.deal_board([deck.pop() for _ in range(3 if not hand.board else 1)])
        elif seat is None:
            for live in hand.live_seats():
                if not hand.has_shown(live):
                    hand.show(live)
        elif rng.random() < 0.6:
            play_advice(hand, seat, advise_hand(hand, seat, samples=2000, seed=seed))
        else:
            kind, amount = random_betting_action(hand, rng)
            hand.apply(Action(kind, seat, amount))
    assert sum(hand.finishing_stacks()) == sum(hand.config.stacks)
