"""The hand being entered at the table: cards in any order, corrections, questions, and
the questions answered through the one door."""

import pytest

from assistant.cards import parse_card, parse_cards
from assistant.door import Settings, Villain, advise_hand, advise_numbers
from assistant.equity import equity
from assistant.errors import PokerInputError
from assistant.hand import ActionKind, HandConfig
from assistant.live import BOARD, HandTurn, LiveHand, QuickSpot, QuickTurn, Slot, work_out
from assistant.opponents.profile import get_profile

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


def test_hero_s_turn_asks_about_the_hand_state_itself() -> None:
    live = LiveHand(FIVE_SEATS, hero=3)
    assert live.question() is None  # hero's cards are not known yet
    place(live, [Slot(3, 0), Slot(3, 1)], "Ah Kd")
    live.act(ActionKind.RAISE, 60)
    question = live.question()
    assert question is not None and isinstance(question.decision, HandTurn)
    assert (question.hero, question.board, question.opponents) == (
        tuple(parse_cards("AhKd")), (), 4)
    turn = question.decision
    assert turn.hand is live.hand and turn.seat == 3 and turn.known == ()
    decision = turn.hand.decision(3)
    assert (decision.pot, decision.current_bet - decision.bet) == (105, 60)
    # The same state asked again is the same question (the window asks it once).
    assert live.question() == question
    live.act(ActionKind.CALL)  # another state: another question, not hero's turn
    after = live.question()
    assert after is not None and after != question and after.decision is None


def test_board_cards_go_in_when_their_street_comes() -> None:
    live = to_the_flop()
    assert live.waiting_for() == "deal the flop"
    assert live.open_board_slots() == BOARD[:3]
    with pytest.raises(PokerInputError, match="2c cannot go on the turn yet: deal the flop"):
        live.set_card(BOARD[3], parse_card("2c"))
    place(live, list(BOARD[:3]), "Qs 7d 2c")
    assert live.hand.board == (parse_card("Qs"), parse_card("7d"), parse_card("2c"))
    question = live.question()
    assert question is not None and question.decision is None  # seat 1 acts first
    assert (question.board, question.opponents) == (tuple(parse_cards("Qs7d2c")), 2)
    assert live.waiting_for() == "seat 2 to act"


def test_a_dealt_card_can_be_replaced_but_a_card_in_use_is_refused_by_its_place() -> None:
    live = to_the_flop()
    place(live, list(BOARD[:3]), "Qs 7d 2c")
    live.act(ActionKind.CHECK)
    live.set_card(BOARD[0], parse_card("Ks"))  # a correction: the betting replays
    assert live.hand.board[0] == parse_card("Ks") and len(live.betting) == 6
    with pytest.raises(PokerInputError, match="replace a card instead of removing it"):
        live.set_card(BOARD[2], None)  # the flop check needs the whole flop
    with pytest.raises(PokerInputError, match="Ks is already on the flop"):
        live.set_card(BOARD[1], parse_card("Ks"))
    with pytest.raises(PokerInputError, match=r"Ah is already in your hand \(seat 4\)"):
        live.set_card(Slot(5 - 1, 0), parse_card("Ah"))
    place(live, [Slot(1, 0), Slot(1, 1)], "Qh Qd")
    with pytest.raises(PokerInputError, match="Qd is already in seat 2's hand"):
        live.set_card(BOARD[1], parse_card("Qd"))
    assert live.hand.board[1] == parse_card("7d") and live.hole_cards(1) == (
        parse_card("Qh"), parse_card("Qd"))


def test_known_hands_join_the_question_and_a_folded_seat_s_cards_are_dead() -> None:
    live = to_the_flop()
    place(live, list(BOARD[:3]), "Qs 7d 2c")
    place(live, [Slot(1, 0), Slot(1, 1)], "Qh Qd")
    place(live, [Slot(0, 0), Slot(0, 1)], "9c 9d")  # seat 0 folded: its cards are dead
    question = live.question()
    assert question is not None and question.known == (tuple(parse_cards("QhQd")),)
    assert question.dead == tuple(parse_cards("9c9d"))
    odds = work_out(question).equity  # seat 1's queens and one random hand
    expected = equity("AhKd", "Qs7d2c", 2, ["QhQd"], dead="9c9d")
    assert (odds.win, odds.split, odds.lose) == (expected.win, expected.split, expected.lose)
    assert odds != equity("AhKd", "Qs7d2c", 2, ["QhQd"])  # the dead cards count


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


def to_the_river_checked_down() -> LiveHand:
    """Seat 3 bets 60 on the flop, hero (AhKd) calls, seat 2 folds; then checks down
    to Qs 7d 2c Ks 3h."""
    live = to_the_flop()
    place(live, list(BOARD[:3]), "Qs 7d 2c")
    live.act(ActionKind.CHECK)
    live.act(ActionKind.BET, 60)
    live.act(ActionKind.CALL)
    live.act(ActionKind.FOLD)
    for card, slot in (("Ks", BOARD[3]), ("3h", BOARD[4])):
        live.set_card(slot, parse_card(card))
        live.act(ActionKind.CHECK)
        live.act(ActionKind.CHECK)
    return live


def test_the_showdown_names_the_winner_and_the_stacks_carry_on() -> None:
    live = to_the_river_checked_down()
    assert live.to_show() == (2,)  # hero's cards are shown; seat 3's are needed
    assert live.waiting_for() == "showdown: enter the cards seat 3 shows, or muck"
    place(live, [Slot(2, 0), Slot(2, 1)], "Qh Qd")
    assert live.hand.is_over
    # Preflop: blinds 15 and 30, seat 3 raises to 60, hero and the big blind call, two
    # fold: 3 x 60 + 15 = 195.  The flop adds 60 from each of two: 315.  Seat 3's set
    # of queens wins it.
    assert live.results() == ["pot 315 won by seat 3 (three of a kind, queens) 315"]
    stacks, notes = live.next_stacks(rebuy_to=5000)
    assert stacks == [4985, 4940, 5000 - 120 + 315, 4880, 5000] and notes == []


def test_a_muck_gives_the_pot_to_the_hand_shown_and_undo_takes_it_back() -> None:
    live = to_the_river_checked_down()
    live.muck()
    assert live.hand.is_over and live.results() == ["pot 315 won by you (pair of kings) 315"]
    live.undo()
    assert not live.hand.is_over and live.to_show() == (2,)


def test_a_busted_seat_rebuys_and_an_unfinished_hand_keeps_the_stacks() -> None:
    config = HandConfig.standard([100, 100], button=1, small_blind=1, big_blind=2)
    live = LiveHand(config, hero=0)
    assert live.next_stacks(rebuy_to=100) == ([100, 100], [])
    place(live, [Slot(0, 0), Slot(0, 1), Slot(1, 0), Slot(1, 1)], "Ah Ad Kc Kd")
    live.act(ActionKind.ALL_IN)
    live.act(ActionKind.CALL)
    place(live, list(BOARD), "2c 3d 7h 8s Jc")
    assert live.results() == ["pot 200 won by you (pair of aces) 200"]
    assert live.next_stacks(rebuy_to=100) == ([200, 100], ["seat 2 rebuys for 100"])


def test_hero_seat_must_be_at_the_table() -> None:
    with pytest.raises(PokerInputError, match="hero's seat 8 is not at this table of 5"):
        LiveHand(FIVE_SEATS, hero=7)


def test_the_logged_hand_s_advice_is_the_door_s_for_that_hand() -> None:
    live = to_the_flop()
    place(live, list(BOARD[:3]), "Qs 7d 2c")
    place(live, [Slot(0, 0), Slot(0, 1)], "9c 9d")  # a folded seat's cards: dead
    live.act(ActionKind.CHECK)
    live.act(ActionKind.BET, 90)
    question = live.question()
    assert question is not None and isinstance(question.decision, HandTurn)
    settings = Settings(0.5, 40_000, {2: get_profile("station")})
    found = work_out(question, settings)
    direct = advise_hand(live.hand, 3, Settings(0.5, 40_000, {2: get_profile("station")}),
                         dead=parse_cards("9c9d"))
    assert found.advice is not None
    assert found.advice.to_dict() == direct.to_dict()
    assert found.equity == direct.equity and found.advice.equity == direct.equity
    assert found.strength is not None


def test_a_quick_spot_asks_the_door_with_the_numbers_entered() -> None:
    hero = tuple(parse_cards("AhKd"))
    spot = QuickSpot(hero, (), pot=105, to_call=60, stack=5000,
                     opponent_stacks=(4940, 5000, 4985), big_blind=30,
                     profiles=("tag", "nit", "unknown"), in_position=True)
    question = spot.question()
    assert question is not None and question.decision == QuickTurn(
        105, 60, 5000, (4940, 5000, 4985), ("tag", "nit", "unknown"), 30, True)
    found = work_out(question, Settings(1.0, 100_000))
    # The opponent who bet has put in the 60; the two others are still to answer.
    villains = [Villain(get_profile("tag"), 4940), Villain(get_profile("nit"), 5000, bet=0),
                Villain(get_profile("unknown"), 4985, bet=0)]
    direct = advise_numbers(hero, (), pot=105, to_call=60, stack=5000, villains=villains,
                            big_blind=30, players=4, in_position=True,
                            settings=Settings(1.0, 100_000))
    assert found.advice is not None and found.advice.to_dict() == direct.to_dict()
    assert [r.bet for r in direct.spot.rivals] == [60, 0, 0]
    # Quick mode does not know that the 60 was a raise of 30 over the big blind, so it
    # takes the smallest raise to double the bet faced (to 120, not 90): never too low.
    assert direct.spot.min_raise_to == 120
    # Facing less than a big blind (the small blind's), a raise is still by a big blind.
    completing = QuickSpot(hero, (), pot=3, to_call=1, stack=200, opponent_stacks=(200,),
                           big_blind=2).question()
    assert completing is not None
    small = work_out(completing).advice
    assert small is not None and small.spot.min_raise_to == 3  # 1 + max(1, 2)
    default = QuickSpot(hero, (), 105, 60, 5000, (4940,), 30).question()
    assert default is not None and isinstance(default.decision, QuickTurn)
    assert default.decision.profiles == ("unknown",)  # no profile given: the population's


@pytest.mark.parametrize(("hero", "board", "to_call", "message"), [
    ("Ah Kd", "Ah 7d 2c", 0, "Ah is already in your hand"),
    ("Ah Kd", "Qs Qs 2c", 0, "Qs is already in the board"),
    ("Ah Kd", "Qs 7d", 0, "a board of 2 cards"),
    ("Ah Kd", "", 500, "to call 500 is more than the pot 100"),
    ("Ah Kd", "", -1, "unknown profile 'shark': choose one of unknown, nit")])
def test_a_quick_spot_refuses_impossible_input_by_name(hero: str, board: str, to_call: int,
                                                      message: str) -> None:
    profiles = ("shark",) if to_call < 0 else ("unknown",)
    spot = QuickSpot(tuple(map(parse_card, hero.split())),
                     tuple(map(parse_card, board.split())), pot=100, to_call=max(to_call, 0),
                     stack=1000, opponent_stacks=(1000,), big_blind=2, profiles=profiles)
    with pytest.raises(PokerInputError, match=message):
        spot.question()
