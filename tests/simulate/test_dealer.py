"""The dealer: every hand between every kind of bot ends legally, conserves chips, and
ends with pokerkit's stacks when its log is replayed there."""

import numpy as np
import pytest
from pokerkit import State

from assistant.cards import format_cards
from assistant.errors import PokerInputError
from assistant.hand import Action, ActionKind, Hand, HandConfig
from assistant.simulate.bots import PROFILES, make_bot
from assistant.simulate.dealer import play_hand, raise_to
from tests.test_hand_pokerkit import pokerkit_state, to_pokerkit_order

pytestmark = pytest.mark.filterwarnings("ignore:A card being dealt:UserWarning")

FAST_BOTS = [*PROFILES, "jam", "random"]


def replay_in_pokerkit(hand: Hand) -> State:
    """pokerkit's state after the same hand: holes, board, bets and shows from the log."""
    config = hand.config
    state = pokerkit_state(config)
    for seat in to_pokerkit_order(range(config.n_seats), config):
        hole = hand.hole_cards(seat)
        assert hole is not None
        state.deal_hole(format_cards(hole))
    for action in hand.actions:
        if action.kind == ActionKind.BOARD:
            # With everyone all-in, pokerkit's showdown comes before the rest of the board.
            while state.can_show_or_muck_hole_cards():
                state.show_or_muck_hole_cards(True)
            state.deal_board(format_cards(action.cards))
        elif action.kind == ActionKind.FOLD:
            state.fold()
        elif action.kind in (ActionKind.CHECK, ActionKind.CALL):
            state.check_or_call()
        elif action.kind in (ActionKind.BET, ActionKind.RAISE):
            state.complete_bet_or_raise_to(action.amount)
    while state.can_show_or_muck_hole_cards():
        state.show_or_muck_hole_cards(True)
    return state


def random_table(rng: np.random.Generator) -> tuple[list[int], int]:
    """Stacks from short to deep (so all-ins and side pots come up) and a button."""
    n = int(rng.integers(2, 7))
    return [int(s) for s in rng.integers(3, 400, n)], int(rng.integers(n))


@pytest.mark.parametrize("seed", range(60))
def test_hands_conserve_chips_and_end_as_in_pokerkit(seed: int) -> None:
    rng = np.random.default_rng(seed)
    stacks, button = random_table(rng)
    names = [FAST_BOTS[int(i)] for i in rng.integers(len(FAST_BOTS), size=len(stacks))]
    policies = [make_bot(name, len(stacks)) for name in names]
    hand = play_hand(stacks, button, policies, rng, 1, 2)
    assert hand.is_over
    finishing = hand.finishing_stacks()
    assert sum(finishing) == sum(stacks)
    assert min(finishing) >= 0
    state = replay_in_pokerkit(hand)
    assert not state.status
    assert tuple(state.stacks) == tuple(to_pokerkit_order(finishing, hand.config))


def test_every_hand_deals_distinct_cards_from_the_generator() -> None:
    hand = play_hand([200] * 6, 0, [make_bot("station", 6)] * 6, np.random.default_rng(5), 1, 2)
    dealt = [c for a in hand.actions if a.kind in (ActionKind.HOLE, ActionKind.BOARD)
             for c in a.cards]
    assert len(dealt) == len(set(dealt)) == 12 + len(hand.board)
    again = play_hand([200] * 6, 0, [make_bot("station", 6)] * 6, np.random.default_rng(5), 1, 2)
    assert again.actions == hand.actions


def test_a_policy_acting_for_another_seat_is_refused() -> None:
    def impostor(hand: Hand, seat: int, rng: np.random.Generator) -> Action:
        return Action(ActionKind.CALL, (seat + 1) % 2)

    with pytest.raises(PokerInputError, match="not a betting action of its own"):
        play_hand([100, 100], 0, [impostor] * 2, np.random.default_rng(0), 1, 2)


def test_an_illegal_action_is_refused_by_the_hand() -> None:
    def checker(hand: Hand, seat: int, rng: np.random.Generator) -> Action:
        return Action(ActionKind.CHECK, seat)

    with pytest.raises(PokerInputError, match="check"):
        play_hand([100, 100], 0, [checker] * 2, np.random.default_rng(0), 1, 2)


def test_raise_to_keeps_within_the_legal_sizes() -> None:
    hand = Hand(HandConfig.standard([100, 100, 100], button=0, small_blind=1, big_blind=2))
    seat = hand.to_act
    assert seat == 0
    assert raise_to(hand, seat, 3) == Action(ActionKind.RAISE, 0, 4)
    assert raise_to(hand, seat, 9.6) == Action(ActionKind.RAISE, 0, 10)
    assert raise_to(hand, seat, 500) == Action(ActionKind.RAISE, 0, 100)
    hand.raise_to(0, 100)
    hand.call(1)
    # Seat 2 can only call or fold now, and so raise_to calls.
    hand_short = Hand(HandConfig.standard([100, 100, 100], button=0, small_blind=1,
                                          big_blind=2))
    hand_short.all_in(0)
    assert raise_to(hand_short, 1, 300) == Action(ActionKind.CALL, 1)
