"""The hand being entered at the table: cards in any order, corrections, questions."""

import pytest

from assistant.cards import parse_card
from assistant.errors import PokerInputError
from assistant.hand import ActionKind, HandConfig
from assistant.live import BOARD, LiveHand, Slot

FIVE_SEATS = HandConfig.standard([5000] * 5, button=4, small_blind=15, big_blind=30)


def place(live: LiveHand, slots: list[Slot], text: str) -> None:
    for slot, card in zip(slots, text.split(), strict=True):
        live.set_card(slot, parse_card(card))


def to_the_flop() -> LiveHand:
    live = LiveHand(FIVE_SEATS, hero=3)
    place(live, [Slot(3, 0), Slot(3, 1)], "Ah Kd")
    live.act(ActionKind.RAISE, 60)
    for kind in (ActionKind.CALL, ActionKind.FOLD, ActionKind.FOLD, ActionKind.CALL):
        live.act(kind)
    return live


def test_situation_a_is_asked_with_every_amount_owed() -> None:
    live = LiveHand(FIVE_SEATS, hero=3)
    assert live.question() is None  # hero's cards are not known yet
    place(live, [Slot(3, 0), Slot(3, 1)], "Ah Kd")
    live.act(ActionKind.RAISE, 60)
    question = live.question()
    assert question is not None and question.situation is not None
    assert (question.hero, question.board, question.opponents) == ("AhKd", "", 4)
    assert (question.situation.pot, question.situation.to_call) == (105, 60)


def test_board_cards_go_in_when_their_street_comes() -> None:
    live = to_the_flop()
    assert live.waiting_for() == "deal the flop"
    assert live.open_board_slots() == BOARD[:3]
    with pytest.raises(PokerInputError, match="2c cannot go on the turn yet: deal the flop"):
        live.set_card(BOARD[3], parse_card("2c"))
    place(live, list(BOARD[:3]), "Qs 7d 2c")
    assert live.hand.board == (parse_card("Qs"), parse_card("7d"), parse_card("2c"))
    question = live.question()
    assert question is not None and question.situation is None  # seat 1 acts first
    assert (question.board, question.opponents) == ("Qs7d2c", 2)
    assert live.waiting_for() == "seat 2 to act"


def test_a_card_moves_to_its_new_slot_and_a_dealt_card_can_be_replaced() -> None:
    live = to_the_flop()
    place(live, list(BOARD[:3]), "Qs 7d 2c")
    live.act(ActionKind.CHECK)
    live.set_card(BOARD[0], parse_card("Ks"))  # a correction: the betting replays
    assert live.hand.board[0] == parse_card("Ks") and len(live.betting) == 6
    with pytest.raises(PokerInputError, match="replace a card instead of removing it"):
        live.set_card(BOARD[2], None)  # the flop check needs the whole flop
    live.undo()
    live.set_card(BOARD[1], parse_card("Ks"))  # Ks moves from the first slot
    assert live.slot_of(parse_card("Ks")) == BOARD[1] and BOARD[0] not in live.cards
    assert live.hand.board == ()  # the flop is incomplete again
    live.set_card(BOARD[0], parse_card("9h"))
    assert len(live.hand.board) == 3


def test_known_opponent_hands_join_the_question() -> None:
    live = to_the_flop()
    place(live, list(BOARD[:3]), "Qs 7d 2c")
    place(live, [Slot(1, 0), Slot(1, 1)], "Qh Qd")
    place(live, [Slot(0, 0), Slot(0, 1)], "9c 9d")  # seat 0 folded: not asked about
    question = live.question()
    assert question is not None and question.vs == ("QhQd",)


def test_illegal_actions_and_undo_leave_the_hand_as_it_was() -> None:
    live = LiveHand(FIVE_SEATS, hero=3)
    with pytest.raises(PokerInputError, match="cannot raise to 40"):
        live.act(ActionKind.RAISE, 40)
    assert live.betting == []
    live.act(ActionKind.CALL)
    live.undo()
    assert live.betting == [] and live.hand.to_act == 2
    with pytest.raises(PokerInputError, match="no action to undo"):
        live.undo()


def test_a_board_card_moves_to_a_hole_slot_only_while_nothing_relies_on_it() -> None:
    live = to_the_flop()
    place(live, list(BOARD[:3]), "Qs 7d 2c")
    live.set_card(Slot(2, 0), parse_card("Qs"))  # no flop betting yet: Qs leaves the board
    assert live.hand.board == () and live.slot_of(parse_card("Qs")) == Slot(2, 0)


def test_hero_seat_must_be_at_the_table() -> None:
    with pytest.raises(PokerInputError, match="hero's seat 8 is not at this table of 5"):
        LiveHand(FIVE_SEATS, hero=7)
