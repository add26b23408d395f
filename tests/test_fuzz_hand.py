"""Fuzzing the hand state: card text from anywhere, and random action sequences, legal
or not, played against pokerkit.

Every action the hand state accepts, pokerkit accepts too, and afterwards both agree on
whose turn it is, the pot, the call and the stacks; every action it refuses leaves the
state as it was, with a :class:`PokerInputError`.  The hand state is stricter than
pokerkit in the three places its module docstring names, never looser.

How to run the fuzz suite longer, and replay a failure from its printed seed, is in
``tests/test_fuzz_files.py``.
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.cards import RANKS, SUITS, format_cards
from assistant.errors import PokerInputError
from assistant.hand import ActionKind, Hand, HandConfig, Street
from tests.test_hand_pokerkit import deal_both, random_config

pytestmark = pytest.mark.filterwarnings("ignore:A card being dealt:UserWarning")

CARD_TEXT = (st.text(alphabet=RANKS + SUITS + RANKS.lower() + SUITS.upper() + " ,10?x\t",
                     max_size=14)
             | st.text(max_size=14))


def snapshot(hand: Hand) -> tuple[object, ...]:
    """What an action changes, to check that a refused one changed nothing."""
    n = hand.config.n_seats
    return (hand.actions, hand.pot, hand.to_act, hand.board, hand.street,
            tuple(hand.stack(seat) for seat in range(n)),
            tuple(hand.hole_cards(seat) for seat in range(n)))


@given(CARD_TEXT, CARD_TEXT, st.integers(-1, 3))
def test_card_text_is_taken_or_refused_with_the_state_unchanged(
        hole: str, board: str, seat: int) -> None:
    hand = Hand(HandConfig.standard([100] * 3, button=2, small_blind=1, big_blind=2))
    for attempt in (lambda: hand.deal_hole(seat, hole), lambda: hand.deal_board(board)):
        before = snapshot(hand)
        try:
            attempt()
        except PokerInputError as error:
            assert str(error) and snapshot(hand) == before


KINDS = sorted(set(ActionKind) - {ActionKind.ANTE, ActionKind.BLIND, ActionKind.HOLE,
                                  ActionKind.BOARD, ActionKind.SHOW, ActionKind.MUCK})


def act(hand: Hand, seat: int, kind: ActionKind, amount: int) -> None:
    """One betting action, as the window or a reader would ask for it."""
    match kind:
        case ActionKind.FOLD:
            hand.fold(seat)
        case ActionKind.CHECK:
            hand.check(seat)
        case ActionKind.CALL:
            hand.call(seat)
        case ActionKind.BET:
            hand.bet(seat, amount)
        case ActionKind.RAISE:
            hand.raise_to(seat, amount)
        case _:
            hand.all_in(seat)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.data())
def test_random_actions_legal_or_not_agree_with_pokerkit(seed: int,
                                                         data: st.DataObject) -> None:
    rng = random.Random(seed)
    config = random_config(rng)
    n = config.n_seats
    seat_of = [(config.button + 1 + i) % n for i in range(n)]
    deck = list(range(52))
    rng.shuffle(deck)
    hand, state = deal_both(config, [format_cards([deck.pop(), deck.pop()]) for _ in range(n)])
    for attempt in range(400):
        if not state.status:
            break
        if state.actor_index is None:
            if state.can_show_or_muck_hole_cards():
                assert state.showdown_index is not None
                hand.show(seat_of[state.showdown_index])
                state.show_or_muck_hole_cards(True)
            else:
                cards = [deck.pop() for _ in range(3 if hand.street == Street.PREFLOP else 1)]
                hand.deal_board(cards)
                state.deal_board(format_cards(cards))
            continue
        seat = data.draw(st.sampled_from([seat_of[state.actor_index]] * 4 + list(range(n))),
                         label="seat")
        kind = data.draw(st.sampled_from(KINDS), label="kind")
        if attempt >= 200:  # enough fuzz: finish the hand
            seat, kind = seat_of[state.actor_index], ActionKind.CALL
            if not hand.to_call(seat):
                kind = ActionKind.CHECK
        bound = hand.stack(seat) + hand.street_contribution(seat)
        amount = data.draw(st.integers(-1, bound + 2) | st.sampled_from(
            [hand.min_raise_to() or 0, bound]), label="amount")
        before = snapshot(hand)
        try:
            act(hand, seat, kind, amount)
        except PokerInputError:
            assert snapshot(hand) == before
            continue
        assert seat == seat_of[state.actor_index]
        done = hand.actions[-1]
        if done.kind == ActionKind.FOLD:
            state.fold()
        elif done.kind in (ActionKind.CHECK, ActionKind.CALL):
            state.check_or_call()
        else:
            assert state.can_complete_bet_or_raise_to(done.amount), (done, seed)
            state.complete_bet_or_raise_to(done.amount)
        actor = state.actor_index
        assert hand.to_act == (None if actor is None else seat_of[actor])
        if actor is not None:
            assert hand.pot == state.total_pot_amount
            assert hand.to_call(seat_of[actor]) == state.checking_or_calling_amount
    assert not state.status
    while not hand.is_over:  # pokerkit may end the hand before everyone has shown
        hand.show(next(s for s in hand.live_seats()
                       if not hand.has_shown(s) and not hand.has_mucked(s)))
    assert hand.finishing_stacks() == tuple(state.stacks[seat_of.index(seat)]
                                            for seat in range(n))
