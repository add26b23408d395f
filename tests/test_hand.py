"""Scripted hands: the worked situations, turn order, short all-ins, side pots,
showdown, undo, and every rejection with its message."""

import copy
import dataclasses
import inspect
from collections.abc import Callable
from dataclasses import replace

import pytest

from assistant.cards import parse_cards
from assistant.errors import PokerInputError
from assistant.hand import (
    Action,
    ActionKind,
    Decision,
    Hand,
    HandConfig,
    OtherSeat,
    Street,
)
from assistant.pots import Pot

FIVE_SEATS = HandConfig.standard([5000] * 5, button=4, small_blind=15, big_blind=30)
"""The worked situations' table: seat 0 posts 15, seat 1 posts 30, seat 4 is the button."""


MEMOS = frozenset({"_decided", "_strengths", "_pots"})
"""Fields that keep values a query worked out (the pots' winners, shown hands' values,
the pots): a query may fill them without changing the hand."""


def snapshot(hand: Hand) -> dict[str, object]:
    """Every field of a hand's state, to compare before and after."""
    return copy.deepcopy({name: value for name, value in vars(hand).items()
                          if name not in MEMOS})


def check_down(hand: Hand, board: str) -> None:
    """Deal the rest of ``board`` and let every seat check or call until the river ends."""
    cards = parse_cards(board)
    while not hand.betting_closed:
        seat = hand.to_act
        if seat is not None:
            (hand.call if hand.to_call(seat) else hand.check)(seat)
        else:
            street = Street(hand.street + 1)
            count = 3 if street == Street.FLOP else 1
            hand.deal_board(cards[len(hand.board):len(hand.board) + count])


# The worked situations of kelly_seed_examples.md.


def test_situation_a_player_faces_a_raise_with_no_money_in() -> None:
    hand = Hand(FIVE_SEATS)
    hand.raise_to(2, 60)
    decision = hand.decision(3)
    assert (decision.stack, decision.pot, decision.to_call, decision.n_opponents) == (
        5000, 105, 60, 4)
    assert (decision.min_raise, decision.max_raise) == (90, 5000)
    assert decision.opponents == (
        OtherSeat(0, 45, 4985, 15), OtherSeat(1, 30, 4970, 30), OtherSeat(2, 0, 4940, 60),
        OtherSeat(4, 60, 5000, 0),
    )


def test_situation_b_big_blind_faces_a_raise_after_a_call() -> None:
    hand = Hand(FIVE_SEATS)
    hand.call(2)
    hand.raise_to(3, 60)
    hand.fold(4)
    hand.call(0)
    decision = hand.decision(1)
    assert (decision.stack, decision.pot, decision.to_call, decision.n_opponents) == (
        4970, 180, 30, 3)
    assert (decision.min_raise, decision.max_raise) == (60, 4970)


def test_situation_c_small_blind_in_a_limped_pot() -> None:
    hand = Hand(FIVE_SEATS)
    hand.call(2)
    hand.fold(3)
    hand.fold(4)
    decision = hand.decision(0)
    assert (decision.stack, decision.pot, decision.to_call, decision.n_opponents) == (
        4985, 75, 15, 2)
    assert decision.street == Street.PREFLOP


def test_situation_d_flop_check_raise_closes_at_450() -> None:
    # A pot of 100 with four players cannot come from 15/30 blinds, so this table
    # plays 5/10 and four players see the flop for 25 each.  Seat 0 is the player.
    hand = Hand(HandConfig.standard([5000] * 5, button=4, small_blind=5, big_blind=10))
    hand.raise_to(2, 25)
    hand.call(3)
    hand.fold(4)
    hand.call(0)
    hand.call(1)
    hand.deal_hole(0, "AsKs")
    hand.deal_board("Ts 7d 2c")
    assert hand.pot == 100
    hand.check(0)
    hand.check(1)
    hand.bet(2, 50)
    hand.call(3)
    hand.call(0)
    hand.raise_to(1, 100)
    hand.fold(2)
    hand.call(3)
    decision = hand.decision(0)
    assert (decision.pot, decision.to_call, decision.n_opponents) == (400, 50, 2)
    assert (decision.min_raise, decision.max_raise) == (100, 4925)
    assert decision.hole_cards == tuple(parse_cards("AsKs"))
    assert decision.board == tuple(parse_cards("Ts7d2c"))
    hand.call(0)
    assert hand.round_over and hand.needs_board
    assert hand.pot == 450
    assert hand.live_seats() == (0, 1, 3)


# Turn order.


def test_heads_up_button_posts_small_blind_acts_first_then_last() -> None:
    hand = Hand(HandConfig.standard([1000, 1000], button=1, small_blind=5, big_blind=10))
    assert hand.actions == (Action(ActionKind.BLIND, 0, 10), Action(ActionKind.BLIND, 1, 5))
    assert hand.to_act == 1
    hand.call(1)
    assert hand.to_act == 0
    hand.check(0)
    hand.deal_board("2c 7d Jh")
    assert hand.to_act == 0
    hand.check(0)
    assert hand.to_act == 1


def test_straddler_acts_last_and_sets_the_minimum_raise() -> None:
    config = HandConfig.standard([1000] * 5, button=0, small_blind=5, big_blind=10,
                                 straddle=20)
    assert config.blinds == (0, 5, 10, 20, 0)
    hand = Hand(config)
    assert hand.to_act == 4
    assert hand.min_raise_to() == 40
    hand.call(4)
    hand.call(0)
    hand.call(1)
    hand.call(2)
    assert hand.to_act == 3
    assert hand.legal_actions() == {ActionKind.CHECK, ActionKind.RAISE,
                                    ActionKind.ALL_IN}


def test_short_all_in_does_not_reopen_the_betting() -> None:
    config = HandConfig.standard([10000, 10000, 10000, 400], button=3, small_blind=50,
                                 big_blind=100)
    hand = Hand(config)
    hand.raise_to(2, 300)
    hand.all_in(3)  # to 400: 100 more, less than the full raise of 200
    assert hand.actions[-1] == Action(ActionKind.RAISE, 3, 400)
    assert hand.min_raise_to() == 600  # the blinds have not acted: they may raise
    hand.call(0)
    hand.call(1)
    assert hand.to_act == 2
    assert hand.legal_actions() == {ActionKind.FOLD, ActionKind.CALL}
    assert hand.min_raise_to() is None and hand.max_raise_to() is None
    with pytest.raises(PokerInputError, match=(
        r"^seat 3 cannot raise to 800: it has acted and faces only 100 more, less than a"
        r" full raise of 200, so the betting is not reopened$"
    )):
        hand.raise_to(2, 800)
    hand.call(2)
    assert hand.round_over


def test_short_all_ins_that_add_up_to_a_full_raise_reopen_the_betting() -> None:
    # TDA rule 47, example 1: A bets 100, B all-in 125, C calls, D all-in 200, E calls.
    config = HandConfig.standard([10000, 225, 10000, 300, 10000], button=4,
                                 small_blind=50, big_blind=100)
    hand = Hand(config)
    hand.call(2)
    hand.call(3)
    hand.call(4)
    hand.call(0)
    hand.check(1)
    hand.deal_board("2c 7d Jh")
    hand.bet(0, 100)
    hand.all_in(1)
    hand.call(2)
    hand.all_in(3)
    hand.call(4)
    assert hand.to_act == 0
    assert ActionKind.RAISE in hand.legal_actions()
    assert hand.min_raise_to() == 300
    hand.call(0)
    assert hand.to_act == 2  # C called 125 and faces only 75 more
    assert hand.legal_actions() == {ActionKind.FOLD, ActionKind.CALL}


def test_short_all_in_bet_does_not_let_a_checked_player_raise() -> None:
    config = HandConfig.standard([1000, 1000, 150], button=2, small_blind=50, big_blind=100)
    hand = Hand(config)
    hand.call(2)
    hand.call(0)
    hand.check(1)
    hand.deal_board("2c 7d Jh")
    hand.check(0)
    hand.check(1)
    hand.all_in(2)  # a bet of 50, half the minimum bet
    assert hand.actions[-1] == Action(ActionKind.BET, 2, 50)
    assert hand.legal_actions() == {ActionKind.FOLD, ActionKind.CALL}


def test_small_blind_facing_a_short_all_in_big_blind_does_not_act() -> None:
    # The big blind is all-in for 3; the button's small blind of 5 already covers it.
    hand = Hand(HandConfig.standard([3, 1000], button=1, small_blind=5, big_blind=10))
    assert hand.to_act is None and hand.round_over and hand.betting_closed
    assert hand.returned(1) == 2
    assert hand.pot == 6
    assert hand.all_in_seats() == (0,)


# Posts, pots and payouts.


def test_short_stacks_post_what_they_have_ante_first() -> None:
    config = HandConfig.standard([8, 25, 1000, 1000], button=3, small_blind=10, big_blind=20,
                                 ante=10)
    hand = Hand(config)
    assert hand.actions[:4] == (
        Action(ActionKind.ANTE, 0, 8), Action(ActionKind.ANTE, 1, 10),
        Action(ActionKind.ANTE, 2, 10), Action(ActionKind.ANTE, 3, 10),
    )
    assert hand.actions[4:] == (Action(ActionKind.BLIND, 1, 15),)
    assert hand.all_in_seats() == (0, 1)
    assert hand.to_act == 2
    assert hand.to_call(2) == 20  # the big blind's 15 is incomplete: the full 20 is owed
    assert hand.min_raise_to() == 40


def test_three_all_ins_make_side_pots_and_each_is_won_separately() -> None:
    config = HandConfig.standard([100, 250, 600, 1000], button=3, small_blind=10, big_blind=20)
    hand = Hand(config)
    hand.all_in(2)
    hand.call(3)
    hand.all_in(0)
    hand.all_in(1)
    assert hand.betting_closed and hand.needs_board
    assert hand.all_in_seats() == (0, 1, 2)
    assert hand.pots() == [Pot(400, (0, 1, 2, 3)), Pot(450, (1, 2, 3)), Pot(700, (2, 3))]
    assert hand.pot == 1550
    assert [hand.contribution(seat) for seat in range(4)] == [100, 250, 600, 600]
    assert hand.stack(3) == 400
    for seat, cards in enumerate(["AsAd", "KsKd", "QsQd", "QhQc"]):
        hand.show(seat, cards)
    hand.deal_board("2c 7d 9h")
    hand.deal_board("Js")
    assert not hand.is_over
    hand.deal_board("3c")
    assert hand.is_over
    assert [(r.amount, r.winners, r.shares) for r in hand.results()] == [
        (400, (0,), (400,)), (450, (1,), (450,)), (700, (2, 3), (350, 350)),
    ]
    assert hand.finishing_stacks() == (400, 450, 350, 750)


@pytest.mark.parametrize(("button", "odd_chip_seat"), [(0, 1), (1, 2)])
def test_split_pot_odd_chip_goes_to_first_winner_left_of_button(
    button: int, odd_chip_seat: int
) -> None:
    config = HandConfig.standard([1000] * 3, button=button, small_blind=5, big_blind=10,
                                 ante=1)
    hand = Hand(config)
    check_down(hand, "As Ks Qd Jc 2h")
    assert hand.pot == 33
    hand.show(0, "2c2d")
    hand.show(1, "Th3c")
    hand.show(2, "Td4c")
    stacks = list(hand.finishing_stacks())
    assert stacks[0] == 989
    assert stacks[odd_chip_seat] == 1006
    assert sum(stacks) == 3000


def test_uncalled_raise_is_returned_when_everyone_folds() -> None:
    hand = Hand(FIVE_SEATS)
    hand.raise_to(2, 300)
    for seat in (3, 4, 0, 1):
        hand.fold(seat)
    assert hand.is_over and hand.betting_closed
    assert hand.returned(2) == 270
    assert hand.contribution(2) == 30
    assert hand.results()[0].winners == (2,)
    assert hand.finishing_stacks() == (4985, 4970, 5045, 5000, 5000)


def test_bet_larger_than_the_all_in_call_is_returned_in_part() -> None:
    hand = Hand(HandConfig.standard([1000, 230], button=1, small_blind=5, big_blind=10))
    hand.call(1)
    hand.check(0)
    hand.deal_board("2c 7d Jh")
    hand.bet(0, 500)
    hand.call(1)
    assert hand.returned(0) == 280
    assert hand.street_contribution(0) == 220
    assert hand.pots() == [Pot(460, (0, 1))]
    assert hand.betting_closed and hand.needs_board


def test_the_board_when_the_betting_closed_stays_as_the_board_grows() -> None:
    hand = Hand(HandConfig.standard([1000, 230], button=1, small_blind=5, big_blind=10))
    hand.call(1)
    hand.check(0)
    hand.deal_board("2c 7d Jh")
    assert hand.board_when_closed is None  # a round ended, the betting did not
    hand.bet(0, 500)
    assert hand.board_when_closed is None
    hand.call(1)
    flop = tuple(parse_cards("2c 7d Jh"))
    assert hand.board_when_closed == flop
    hand.deal_board("Qs")
    hand.deal_board("3c")
    assert hand.board_when_closed == flop and len(hand.board) == 5
    hand.undo()
    hand.undo()
    hand.undo()
    assert hand.board_when_closed is None


def test_big_blind_ante_is_dead_money_in_the_main_pot() -> None:
    config = HandConfig(stacks=(1000, 100, 1000), button=2, blinds=(50, 100, 0),
                        antes=(0, 100, 0), min_bet=100, dead_antes=True)
    hand = Hand(config)
    # The big blind's whole stack goes to its ante: it posts no blind but stays live.
    assert hand.actions == (Action(ActionKind.ANTE, 1, 100), Action(ActionKind.BLIND, 0, 50))
    assert hand.to_act == 2
    hand.raise_to(2, 300)
    hand.call(0)
    # Dead antes are open to every live seat, even one all-in for its ante alone.
    assert hand.pots() == [Pot(100, (0, 1, 2)), Pot(600, (0, 2))]


def test_a_seat_that_wins_nothing_is_dropped_before_odd_chips_are_counted() -> None:
    # Two pots both tied between seats 1 and 2 are split as one, as pokerkit does.
    config = HandConfig.standard([45, 1000, 1000], button=0, small_blind=5, big_blind=10)
    hand = Hand(config)
    hand.all_in(0)
    hand.raise_to(1, 100)
    hand.call(2)
    check_down(hand, "As Ks Qd Jc 2h")
    assert hand.pots() == [Pot(135, (0, 1, 2)), Pot(110, (1, 2))]
    hand.show(0, "2c2d")
    hand.show(1, "Th3c")
    hand.show(2, "Td4c")
    assert [(r.amount, r.winners, r.shares) for r in hand.results()] == [
        (245, (1, 2), (123, 122)),
    ]


def test_muck_concedes_and_last_claimant_wins_without_showing() -> None:
    hand = Hand(HandConfig.standard([1000] * 3, button=2, small_blind=5, big_blind=10))
    check_down(hand, "2c 7d 9h Js 3c")
    hand.show(0, "AsAd")
    hand.muck(1)
    assert not hand.is_over
    hand.muck(2)
    assert hand.is_over
    assert hand.finishing_stacks() == (1020, 990, 990)


def test_last_seat_to_muck_keeps_the_pot_nobody_else_claims() -> None:
    config = HandConfig.standard([100, 1000, 1000], button=2, small_blind=5, big_blind=10)
    hand = Hand(config)
    hand.raise_to(2, 300)
    hand.all_in(0)
    hand.call(1)
    check_down(hand, "2c 7d 9h Js 3c")
    hand.muck(2)
    hand.show(0, "AsAd")
    hand.muck(1)
    # Seat 0 takes the main pot; seat 1 mucked last in the side pot, so keeps it.
    assert hand.finishing_stacks() == (300, 1100, 700)


def one_chip_over_an_all_in(free_folds: bool) -> Hand:
    """Seats 0 and 1 on the flop, each one chip over the all-in seat 3: a side pot of 2."""
    config = HandConfig.standard([206, 243, 1, 146, 1, 1], button=1, small_blind=0,
                                 big_blind=1)
    hand = Hand(replace(config, free_folds=free_folds))
    hand.all_in(4)
    hand.all_in(5)
    hand.raise_to(0, 147)
    hand.call(1)
    hand.all_in(2)
    hand.all_in(3)
    hand.deal_board("2c 7d Jh")
    return hand


def test_regression_two_free_folds_left_a_pot_nobody_could_win() -> None:
    # Found by the state machine when free folds were allowed: seats 0 and 1 put in
    # one chip more than the all-in seat 3, then both folded on the flop.
    hand = one_chip_over_an_all_in(free_folds=False)
    assert hand.legal_actions() == {ActionKind.CHECK, ActionKind.BET, ActionKind.ALL_IN}
    with pytest.raises(PokerInputError, match=r"^seat 1 cannot fold: nothing to call; check$"):
        hand.fold(0)
    assert all(pot.eligible for pot in hand.pots())


def test_free_folds_are_allowed_only_where_the_config_says() -> None:
    # A site's history may fold where checking is free; a live hand refuses it.
    config = replace(FIVE_SEATS, free_folds=True)
    hand = Hand(config)
    for seat in (2, 3, 4, 0):
        hand.call(seat)
    assert ActionKind.FOLD in hand.legal_actions()
    hand.fold(1)
    assert hand.live_seats() == (0, 2, 3, 4)
    hand.undo()
    assert hand.to_act == 1


def test_a_free_fold_that_would_orphan_a_pot_is_refused_even_when_allowed() -> None:
    # The case of the regression above: seat 0 may fold freely, but then seat 1
    # would leave the side pot of 2 chips to nobody.
    hand = one_chip_over_an_all_in(free_folds=True)
    hand.fold(0)
    assert ActionKind.FOLD not in hand.legal_actions()
    with pytest.raises(PokerInputError, match=r"^seat 2 cannot fold: nothing to call, and"
                                              r" folding would leave a pot of 2 that no live"
                                              r" player can win; check$"):
        hand.fold(1)
    assert all(pot.eligible for pot in hand.pots())


def test_a_post_is_live_but_the_action_starts_left_of_the_big_blind() -> None:
    # Seat 3 joins and posts the big blind out of turn: seat 2 still acts first, seat 3
    # may check its post when no one raised, and the big blind keeps its option.
    base = HandConfig.standard([1000] * 5, button=4, small_blind=5, big_blind=10)
    config = replace(base, blinds=(5, 10, 0, 10, 0), posts=(3,))
    hand = Hand(config)
    assert hand.to_act == 2 and hand.pot == 25
    hand.call(2)
    assert ActionKind.CHECK in hand.legal_actions()
    hand.check(3)
    hand.call(4)
    hand.call(0)
    assert hand.to_act == 1
    hand.check(1)
    assert hand.needs_board and hand.pot == 50
    as_straddle = Hand(replace(config, posts=()))
    assert as_straddle.to_act == 4


@pytest.mark.parametrize("posts", [(2,), (1, 1), (7,)])
def test_posts_must_be_seats_with_a_blind(posts: tuple[int, ...]) -> None:
    with pytest.raises(PokerInputError, match="must name distinct seats that post a blind"):
        replace(FIVE_SEATS, posts=posts)


def test_pot_winners_are_given_pot_by_pot_once_the_hand_is_over() -> None:
    hand = Hand(HandConfig.standard([100, 300, 300], button=0, small_blind=5, big_blind=10))
    with pytest.raises(PokerInputError, match="the hand is not over yet"):
        hand.pot_winners()
    for seat in (0, 1, 2):
        hand.all_in(seat)
    hand.show(0, "AsAd")
    hand.show(1, "KsKd")
    hand.show(2, "KcKh")
    for cards in ("2c 7d 9h", "Jc", "4s"):
        hand.deal_board(cards)
    assert hand.pot_winners() == [(Pot(300, (0, 1, 2)), (0,)), (Pot(400, (1, 2)), (1, 2))]


def test_players_all_in_may_show_before_the_board_is_out() -> None:
    hand = Hand(HandConfig.standard([1000, 1000], button=1, small_blind=5, big_blind=10))
    hand.deal_hole(0, "AsAd")
    hand.all_in(1)
    hand.call(0)
    assert hand.betting_closed and not hand.is_over
    hand.show(0)
    hand.show(1, "KsKd")
    assert hand.hole_cards(1) == tuple(parse_cards("KsKd"))
    hand.deal_board("2c 7d 9h")
    hand.deal_board("Js")
    hand.deal_board("3c")
    assert hand.finishing_stacks() == (2000, 0)


def test_decision_of_a_short_stack_is_an_all_in_call() -> None:
    hand = Hand(HandConfig.standard([1000, 1000, 40], button=2, small_blind=5, big_blind=10))
    hand.call(2)
    hand.raise_to(0, 200)
    hand.call(1)
    decision = hand.decision(2)
    assert decision == Decision(
        seat=2, street=Street.PREFLOP, stack=30, pot=410, to_call=30, current_bet=200, bet=10,
        min_raise=None, max_raise=None,
        opponents=(OtherSeat(0, 0, 800, 200), OtherSeat(1, 0, 800, 200)),
        hole_cards=None, board=(),
    )
    assert hand.legal_actions() == {ActionKind.FOLD, ActionKind.CALL, ActionKind.ALL_IN}


# Undo.


def test_undo_restores_each_earlier_state_exactly() -> None:
    hand = Hand(FIVE_SEATS)
    states = [snapshot(hand)]
    steps: list[Callable[[], None]] = [
        lambda: hand.deal_hole(3, "AsKs"),
        lambda: hand.raise_to(2, 60),
        lambda: hand.call(3),
        lambda: hand.fold(4),
        lambda: hand.fold(0),
        lambda: hand.call(1),
        lambda: hand.deal_board("Ts 7d 2c"),
        lambda: hand.bet(1, 100),
    ]
    for step in steps:
        step()
        states.append(snapshot(hand))
    for state in reversed(states[:-1]):
        hand.undo()
        assert snapshot(hand) == state
    with pytest.raises(PokerInputError, match=r"^nothing to undo: only the forced posts"):
        hand.undo()


def test_apply_replays_a_log() -> None:
    hand = Hand(FIVE_SEATS)
    hand.raise_to(2, 60)
    hand.all_in(3)
    hand.call(4)
    copy_of_hand = Hand(FIVE_SEATS)
    for action in hand.actions[2:]:
        copy_of_hand.apply(action)
    assert snapshot(copy_of_hand) == snapshot(hand)


# Rejections: each leaves the hand as it was and says why.


def _after_a_raise() -> Hand:
    hand = Hand(FIVE_SEATS)
    hand.raise_to(2, 60)
    return hand


def _new_hand() -> Hand:
    return Hand(FIVE_SEATS)


def _small_blind_facing_a_raise() -> Hand:
    hand = _after_a_raise()
    hand.fold(3)
    hand.fold(4)
    return hand


def _after_preflop() -> Hand:
    hand = Hand(FIVE_SEATS)
    hand.deal_hole(3, "AsKs")
    hand.call(2)
    hand.call(3)
    hand.fold(4)
    hand.call(0)
    hand.check(1)
    return hand


def _on_the_flop() -> Hand:
    hand = _after_preflop()
    hand.deal_board("Ts 7d 2c")
    return hand


def _folded_out() -> Hand:
    hand = Hand(FIVE_SEATS)
    for seat in (2, 3, 4, 0):
        hand.fold(seat)
    return hand


def _at_showdown() -> Hand:
    hand = _on_the_flop()
    check_down(hand, "Ts 7d 2c 9h 3d")
    return hand


def _after_a_show() -> Hand:
    hand = _at_showdown()
    hand.show(3)
    return hand


REJECTIONS: list[tuple[str, Callable[[], Hand], Callable[[Hand], None], str]] = [
    ("out of turn", _new_hand, lambda h: h.call(3),
     "seat 4 cannot call: it is seat 3's turn"),
    ("check when owing", _after_a_raise, lambda h: h.check(3),
     "seat 4 cannot check: 60 to call"),
    ("fold when checking is free", _on_the_flop, lambda h: h.fold(0),
     "seat 1 cannot fold: nothing to call; check"),
    ("call with nothing to call", _on_the_flop, lambda h: h.call(0),
     "seat 1 cannot call: there is no bet; check"),
    ("raise below the minimum", _after_a_raise, lambda h: h.raise_to(3, 80),
     "seat 4 cannot raise to 80: the minimum raise is to 90"),
    ("bet below the minimum", _on_the_flop, lambda h: h.bet(0, 20),
     "seat 1 cannot bet 20: the minimum bet is 30"),
    ("bet over the stack", _on_the_flop, lambda h: h.bet(0, 5000),
     "seat 1 cannot bet 5000: only 4970 behind"),
    ("raise over the stack", _new_hand, lambda h: h.raise_to(2, 5001),
     "seat 3 cannot raise to 5001: only 5000 behind"),
    ("raise over the stack with chips in", _small_blind_facing_a_raise,
     lambda h: h.raise_to(0, 5001),
     "seat 1 cannot raise to 5001: only 4985 behind, so 5000 at most"),
    ("bet facing a bet", _new_hand, lambda h: h.bet(2, 100),
     "seat 3 cannot bet 100: the bet is 30 already; raise instead"),
    ("raise with no bet", _on_the_flop, lambda h: h.raise_to(0, 100),
     "seat 1 cannot raise to 100: there is no bet to raise; bet instead"),
    ("chips that are not a number", _on_the_flop, lambda h: h.bet(0, 99.5),  # type: ignore[arg-type]
     "seat 1 cannot bet 99.5: 99.5 is not a number of chips"),
    ("action before the flop is dealt", _after_preflop, lambda h: h.check(0),
     "seat 1 cannot check: the flop has not been dealt"),
    ("board while a seat is to act", _after_a_raise, lambda h: h.deal_board("2c 3c 4c"),
     "cannot deal the flop: it is seat 4's turn"),
    ("board of the wrong size", _after_preflop, lambda h: h.deal_board("2c 3c"),
     "the flop must be 3 cards, got 2"),
    ("sixth board card", _at_showdown, lambda h: h.deal_board("4c"),
     "cannot deal the board: all five cards are out"),
    ("board card in a hand", _after_preflop, lambda h: h.deal_board("2c 3c As"),
     "the flop: As is in seat 4's hand"),
    ("hole card on the board", _on_the_flop, lambda h: h.deal_hole(0, "Ts Ah"),
     "seat 1's hole cards: Ts is on the board"),
    ("hole card in another hand", _on_the_flop, lambda h: h.deal_hole(0, "Ks Ah"),
     "seat 1's hole cards: Ks is in seat 4's hand"),
    ("the same card twice", _new_hand, lambda h: h.deal_hole(0, [51, 51]),
     "As appears twice in 'As As'"),
    ("hole cards twice", _on_the_flop, lambda h: h.deal_hole(3, "Qh Qd"),
     "seat 4 already has hole cards AsKs"),
    ("three hole cards", _new_hand, lambda h: h.deal_hole(0, "Qh Qd Qc"),
     "seat 1's hole cards must be 2 cards, got 3"),
    ("not a card", _new_hand, lambda h: h.deal_hole(0, [51, 52]),
     "52 is not a card index (0 to 51)"),
    ("show while betting", _after_a_raise, lambda h: h.show(3, "QhQd"),
     "seat 4 cannot show: it is seat 4's turn"),
    ("show other cards than dealt", _at_showdown, lambda h: h.show(3, "QhQd"),
     "seat 4 cannot show QhQd: its hole cards are AsKs"),
    ("show unknown cards", _at_showdown, lambda h: h.show(0),
     "seat 1 cannot show: its hole cards are unknown"),
    ("shown card in another hand", _at_showdown, lambda h: h.show(0, "Qh Ks"),
     "seat 1's shown cards: Ks is in seat 4's hand"),
    ("show twice", _after_a_show, lambda h: h.show(3),
     "seat 4 cannot show: it has already shown"),
    ("muck after folding", _at_showdown, lambda h: h.muck(4),
     "seat 5 cannot muck: it has folded"),
    ("fold after the hand", _folded_out, lambda h: h.fold(1),
     "seat 2 cannot fold: the hand is over"),
    ("board after the hand", _folded_out, lambda h: h.deal_board("2c 3c 4c"),
     "cannot deal the flop: the hand is over"),
    ("show after the hand", _folded_out, lambda h: h.show(1, "2c 3c"),
     "seat 2 cannot show: the hand is over"),
    ("seat off the table", _new_hand, lambda h: h.fold(5),
     "5 is not a seat at the table (seats 0 to 4)"),
    ("decision out of turn", _after_a_raise, lambda h: h.decision(0) and None,
     "seat 1 has no decision to make: it is seat 4's turn"),
    ("results before the end", _after_a_raise, lambda h: h.results() and None,
     "the hand is not over yet: it is seat 4's turn"),
    ("applying a forced post", _after_a_raise, lambda h: h.apply(Action(ActionKind.BLIND, 3, 30)),
     "blind posts are made by the hand itself, not applied"),
]


@pytest.mark.parametrize(("make", "act", "message"), [row[1:] for row in REJECTIONS],
                         ids=[row[0] for row in REJECTIONS])
def test_illegal_input_is_rejected_and_changes_nothing(
    make: Callable[[], Hand], act: Callable[[Hand], None], message: str
) -> None:
    hand = make()
    before = snapshot(hand)
    with pytest.raises(PokerInputError) as caught:
        act(hand)
    assert str(caught.value) == message
    assert snapshot(hand) == before


def test_messages_use_player_names_when_given() -> None:
    config = HandConfig.standard([100, 100], button=0, small_blind=1, big_blind=2,
                                 names=["Ivey", "Dwan"])
    with pytest.raises(PokerInputError, match=r"^seat 2 \(Dwan\) cannot fold: it is seat 1 "
                                              r"\(Ivey\)'s turn$"):
        Hand(config).fold(1)


# The configuration.


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: HandConfig.standard([100], 0, 1, 2), "a hand needs 2 to 10 seats, got 1"),
        (lambda: HandConfig.standard([100] * 11, 0, 1, 2), "a hand needs 2 to 10 seats, got 11"),
        (lambda: HandConfig.standard([100, 0], 0, 1, 2), "seat 2's stack must be positive: 0"),
        (lambda: HandConfig.standard([100, 100], 2, 1, 2),
         "button 2 is not a seat at the table (seats 0 to 1)"),
        (lambda: HandConfig.standard([100, 100], 0, -1, 2),
         "the small blind must be a whole number of chips, not negative: -1"),
        (lambda: HandConfig.standard([100, 100], 0, 1, 0), "the big blind must be positive: 0"),
        (lambda: HandConfig.standard([100, 100], 0, 3, 2),
         "the small blind 3 is larger than the big blind 2"),
        (lambda: HandConfig.standard([100, 100], 0, 1, 2, straddle=4),
         "a straddle needs at least 3 seats, not 2"),
        (lambda: HandConfig.standard([100] * 3, 0, 1, 2, straddle=2),
         "a straddle of 2 must be larger than the big blind 2"),
        (lambda: HandConfig((100, 100), 0, (1, 2, 0), (0, 0), 2),
         "3 blinds for 2 seats: (1, 2, 0)"),
        (lambda: HandConfig((100, 100), 0, (1, 2), (0, 0), 2, names=("a",)),
         "1 names for 2 seats: ('a',)"),
        (lambda: HandConfig((100, 100), 0, (0, 0), (0, 0), 2), "a hand needs a blind or an ante"),
        (lambda: HandConfig((100, 100), 0, (1, 2), (0, 0), 0), "min_bet must be positive: 0"),
        (lambda: HandConfig((100, 100), 0, (1, 2), (0, 5), 2),
         "antes (0, 5) differ by seat: set dead_antes for big-blind or button antes"),
        (lambda: HandConfig((100, 100), 0, (1, -2), (0, 0), 2),
         "seat 2's blind must be a whole number of chips, not negative: -2"),
    ],
)
def test_invalid_config_is_rejected(make: Callable[[], HandConfig], message: str) -> None:
    with pytest.raises(PokerInputError) as caught:
        make()
    assert str(caught.value) == message


def test_an_action_s_hand_written_init_takes_every_field_in_order() -> None:
    """``Action.__init__`` is written by hand for speed: it must name the dataclass's
    fields, in order, with their defaults, and set each one."""
    fields = dataclasses.fields(Action)
    parameters = list(inspect.signature(Action.__init__).parameters.values())[1:]
    assert [p.name for p in parameters] == [f.name for f in fields]
    assert [p.default for p in parameters] == [
        inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default
        for f in fields]
    action = Action(ActionKind.RAISE, 2, 60, (1, 2))
    assert dataclasses.astuple(action) == (ActionKind.RAISE, 2, 60, (1, 2))
    assert action == Action(kind=ActionKind.RAISE, seat=2, amount=60, cards=(1, 2))
