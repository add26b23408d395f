"""The ranges task against the engine's own functions, called directly."""

import numpy as np
import pytest

from assistant.breakdown import range_breakdown
from assistant.cards import cards_to_mask, parse_cards
from assistant.combos import COMBO_MASKS, N_COMBOS
from assistant.errors import Cancelled
from assistant.hand import ActionKind
from assistant.history import load_hands
from assistant.history.record import play
from assistant.live import LiveHand, Slot
from assistant.opponents.narrowing import narrow
from assistant.opponents.profile import PRESETS
from assistant.ranges import Range
from tests.ui.test_replay_and_files import SAMPLES
from ui.range_task import question_of_live, question_of_replay, work_out_ranges

HAND = load_hands(SAMPLES).hands[0]  # Alice AsAd, Bob 2h2d, Carol KcQc, Dave 7h7d
FLOP = 11  # the actions played once the flop is dealt: 4 deals, 6 bets, the flop


def live_mask(weights: np.ndarray, dead: int) -> float:
    return float(weights[(COMBO_MASKS & np.uint64(dead)) == 0].sum())


def test_every_opponent_gets_its_narrowed_range_and_read_out() -> None:
    hand = play(HAND, FLOP)
    assert len(hand.board) == 3
    hero_cards = tuple(parse_cards("AsAd"))
    question = question_of_replay(hand, 0, hero_cards, breakdowns=[2])
    views = work_out_ranges(question)
    assert sorted(views) == [1, 2, 3]  # hero's own seat is not an opponent
    expected = narrow(HAND.config, hand.actions, 0)
    dead = cards_to_mask([*hero_cards, *hand.board])
    for seat, view in views.items():
        assert np.array_equal(view.model, expected[seat].weights)
        assert view.yours is None and view.dead_mask == dead
        assert view.combos == pytest.approx(live_mask(view.model, dead))
        assert view.share == pytest.approx(view.combos / N_COMBOS)
    breakdown = views[2].breakdown
    assert breakdown is not None and views[1].breakdown is None
    board = cards_to_mask(hand.board)
    reference = range_breakdown(views[2].model, board, cards_to_mask(hero_cards))
    assert breakdown == reference


def test_the_players_own_range_is_read_out_and_broken_down() -> None:
    live = LiveHand(HAND.config, 2)
    for slot, card in zip((Slot(2, 0), Slot(2, 1)), parse_cards("KcQc"), strict=True):
        live.set_card(slot, card)
    live.set_card(Slot(0, 0), parse_cards("Ah")[0])
    live.set_card(Slot(1, 0), parse_cards("9s")[0])
    live.set_card(Slot(1, 1), parse_cards("9d")[0])  # hero knows Bob's hand
    live.act(ActionKind.RAISE, 300)  # hero, Carol, opens
    live.act(ActionKind.CALL)  # Dave calls
    yours = Range.parse("TT+,AQs+").weights
    question = question_of_live(live, {3: PRESETS["nit"]}, {3: yours, 2: yours, 9: yours},
                                breakdowns=[3])
    assert set(question.yours) == {3}  # hero's seat and seats off the table are dropped
    views = work_out_ranges(question)
    dave = views[3]
    assert np.array_equal(dave.weights, yours) and dave.yours is yours
    assert dave.combos == live_mask(yours, cards_to_mask(parse_cards("KcQc Ah 9s 9d")))
    assert dave.cards == () and views[0].cards == ()  # one card of Alice's is known
    assert views[1].cards == tuple(parse_cards("9s 9d"))
    assert dave.breakdown_note == "the breakdown starts on the flop"
    nit = narrow(HAND.config, live.hand.actions, 2, {3: PRESETS["nit"]})[3].weights
    assert np.array_equal(dave.model, nit)  # the model keeps its own range beside yours


def test_a_newer_question_stops_the_work() -> None:
    question = question_of_replay(play(HAND, FLOP), 0, None)
    with pytest.raises(Cancelled):
        work_out_ranges(question, should_stop=lambda: True)
