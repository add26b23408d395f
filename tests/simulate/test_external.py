"""PyPokerEngine's example players at our table: the translation of cards and amounts
agrees with PyPokerEngine's own objects, and every hand with them ends legally."""

import numpy as np
import pytest

from assistant.cards import format_card
from assistant.hand import Hand, HandConfig
from assistant.simulate.bots import make_bot
from assistant.simulate.dealer import play_hand
from assistant.simulate.external import EXTERNAL_BOTS, card_text, round_state, valid_actions

card_module = pytest.importorskip("pypokerengine.engine.card")


def test_cards_read_back_in_pypokerengine() -> None:
    ranks = "23456789TJQKA"
    for card in range(52):
        theirs = card_module.Card.from_str(card_text(card))
        ours = format_card(card)
        assert theirs.rank == ranks.index(ours[0]) + 2
        assert card_module.Card.SUIT_MAP[theirs.suit] == ours[1].upper()


def test_amounts_are_street_totals() -> None:
    hand = Hand(HandConfig.standard([100, 100, 100], button=0, small_blind=1, big_blind=2))
    hand.raise_to(0, 6)
    fold, call, raise_ = valid_actions(hand, 1)  # the small blind, 1 chip in
    assert fold == {"action": "fold", "amount": 0}
    assert call == {"action": "call", "amount": 6}
    assert raise_ == {"action": "raise", "amount": {"min": 10, "max": 100}}
    state = round_state(hand, 1)
    assert state["street"] == "preflop" and state["pot"]["main"]["amount"] == 9
    assert state["action_histories"]["preflop"] == [
        {"action": "RAISE", "amount": 6, "uuid": "0"}]


@pytest.mark.parametrize("name", sorted(EXTERNAL_BOTS))
@pytest.mark.parametrize("players", [2, 4])
def test_hands_with_external_bots_end_legally(name: str, players: int) -> None:
    rng = np.random.default_rng(players)
    policies = [make_bot(name, players), *[make_bot("tag", players)] * (players - 1)]
    for index in range(3 if name.endswith("honest") else 15):
        hand = play_hand([200] * players, index % players, policies, rng, 1, 2)
        assert sum(hand.finishing_stacks()) == 200 * players


def test_external_bots_repeat_with_the_seed() -> None:
    policies = [make_bot("pypokerengine-random", 2)] * 2
    first = play_hand([200, 200], 0, policies, np.random.default_rng(9), 1, 2)
    second = play_hand([200, 200], 0, policies, np.random.default_rng(9), 1, 2)
    assert first.actions == second.actions
