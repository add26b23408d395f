"""Records: seats turned so the button is last, hands run twice, amounts in file units."""

import re
from dataclasses import replace
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.cards import parse_cards
from assistant.errors import PokerInputError
from assistant.hand import ActionKind, Hand, HandConfig
from assistant.history import finishing_stacks, load_hands, make_record, play
from assistant.history.record import decimals_of, plain_amount, split_amount
from tests.test_hand import snapshot


def all_in_preflop() -> Hand:
    """Three players all-in before the flop: a main pot of 903, a side pot of 1398."""
    config = HandConfig.standard([1000, 301, 1000], button=0, small_blind=5, big_blind=10,
                                 names=["Ann", "Ben", "Cat"])
    hand = Hand(config)
    hand.deal_hole(1, "AsAd")
    hand.deal_hole(0, "KsKd")
    hand.all_in(0)
    hand.all_in(1)
    hand.all_in(2)
    hand.show(0)
    hand.show(1)
    hand.show(2, "7c2d")
    return hand


def deal(hand: Hand, board: str) -> None:
    cards = parse_cards(board)
    for part in (cards[:3], cards[3:4], cards[4:]):
        hand.deal_board(part)


def test_a_record_turns_the_seats_so_that_the_button_is_last() -> None:
    hand = all_in_preflop()
    deal(hand, "Qh 8c 3s 4d 9h")
    record = make_record(hand)
    assert record.config.button == 2
    assert record.config.names == ("Ben", "Cat", "Ann")
    assert record.config.stacks == (301, 1000, 1000)
    assert record.fields["seats"] == [2, 3, 1]
    assert [action.kind for action in record.actions[:2]] == [ActionKind.HOLE] * 2
    assert [action.seat for action in record.actions[:2]] == [0, 2]  # in seat order
    assert record.known_cards(1) == tuple(parse_cards("7c2d"))
    assert finishing_stacks(record) == (903, 0, 1398)
    assert record.names == ("Ben", "Cat", "Ann")
    same = make_record(play(record))
    assert same == replace(record, fields={})


def test_names_given_to_a_record_turn_with_the_seats_and_blank_is_unknown() -> None:
    hand = all_in_preflop()  # button on seat 1 (Ann's), so the record turns the seats
    deal(hand, "Qh 8c 3s 4d 9h")
    record = make_record(hand, names=["Ivey", "", "Dwan"])
    assert record.config.names == ("", "Dwan", "Ivey")  # seats 2, 3, 1 of the table
    assert record.named_seats == {1: "Dwan", 2: "Ivey"}
    assert record.names == ("p1", "Dwan", "Ivey")
    ids = record.player_ids
    assert ids[1:] == ("Dwan", "Ivey") and ids[0].startswith("?") and ids[0].endswith("/p1")
    assert finishing_stacks(record) == finishing_stacks(make_record(hand))


def test_a_hand_run_twice_splits_every_pot_between_the_runs() -> None:
    hand = all_in_preflop()
    deal(hand, "Qh 8c 3s 4d 9h")  # aces win the main pot, kings the side pot
    # The second run makes Cat a flush: Cat wins both of its halves.  Ben's main pot
    # of 903 splits 452 and 451 (the odd chip to the first run), the side pot 699 each.
    record = make_record(hand, runouts=[parse_cards("Tc 8d 5c Jc 6c")])
    assert finishing_stacks(record) == (452, 451 + 699, 699)


@pytest.mark.parametrize(
    ("board", "message"),
    [
        ("Tc 8d 5c Jc", "needs 5 distinct board cards, not 4"),
        ("Qh 8d 5c Jc 6c", "must share the 0 cards dealt before the betting closed"),
        ("Tc 8d 5c Jc As", "As is in seat 1 .Ben.'s hand"),
    ],
)
def test_a_runout_that_does_not_fit_the_hand_is_refused(board: str, message: str) -> None:
    hand = all_in_preflop()
    deal(hand, "Qh 8c 3s 4d 9h")
    with pytest.raises(PokerInputError, match=message):
        make_record(hand, runouts=[parse_cards(board)])


def test_a_hand_is_run_again_only_after_the_betting() -> None:
    hand = Hand(HandConfig.standard([100, 100], button=0, small_blind=1, big_blind=2))
    hand.fold(0)
    with pytest.raises(PokerInputError, match="only when its betting ends with players all-in"):
        make_record(hand, runouts=[parse_cards("2c 3c 4c 5c 7d")])


def test_an_unfinished_hand_has_no_finishing_stacks() -> None:
    record = make_record(Hand(HandConfig.standard([100, 100], button=0, small_blind=1,
                                                  big_blind=2)))
    assert finishing_stacks(record) is None
    assert record.names == ("p1", "p2")


@pytest.mark.parametrize("path", ["resources/hands/samples.phhs",
                                  "resources/hands/pokerstars-samples.txt"])
def test_the_hand_a_reader_keeps_is_the_record_replayed(path: str) -> None:
    for record in load_hands(path).hands:
        assert snapshot(record.played) == snapshot(play(record))


AMOUNT_TEXT = st.one_of(
    st.from_regex(r"-?[0-9]{1,18}(\.[0-9]{0,9})?", fullmatch=True),
    st.from_regex(r"-?[0-9]{1,4}(\.[0-9]{1,4})?[eE][-+]?[0-9]{1,2}", fullmatch=True),
    st.sampled_from(["0", "-0", "0.00", "007", "0.000001", "0.0000001", "1E+3", "NaN",
                     "Infinity", "-0.50", "999999999999999", "1000000000000000"]),
)


@given(AMOUNT_TEXT)
def test_an_amount_split_is_its_decimal_places_and_chips(text: str) -> None:
    # Against the Decimal arithmetic the readers used before: decimals_of's places (or
    # its error) and the amount scaled by them.
    amount = Decimal(text)
    try:
        places = decimals_of(amount)
    except PokerInputError as error:
        with pytest.raises(PokerInputError, match=re.escape(str(error))):
            split_amount(amount)
        assert plain_amount(text) is None
        return
    expected = (int(amount.scaleb(places)), places)
    assert split_amount(amount) == expected
    assert plain_amount(text) in (None, expected)
    assert plain_amount(str(amount)) in (None, expected)
    if re.fullmatch(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?", text):
        assert plain_amount(text) == expected  # written plainly: read without Decimal
