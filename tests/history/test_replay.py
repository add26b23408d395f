"""The replay: a cursor over a hand, and the advice at each of the hero's decisions,
from the hero's own cards only, beside the action taken."""

import math
import random
from pathlib import Path

import pytest

from assistant.advice import advise_hand, play_advice
from assistant.cards import format_cards, parse_cards
from assistant.equity import equity
from assistant.errors import Cancelled, PokerInputError
from assistant.hand import Action, Hand, HandConfig, Street
from assistant.history import HandRecord, load_hands, make_record, play
from assistant.history.replay import REPLAY_SEED, Replay, default_hero, find_hero
from tests.test_hand_pokerkit import random_betting_action

REPO = Path(__file__).resolve().parents[2]
PHH = load_hands(REPO / "resources" / "hands" / "samples.phhs").hands
STARS = load_hands(REPO / "resources" / "hands" / "pokerstars-samples.txt").hands
DWAN_IVEY = load_hands(REPO / "tests" / "data" / "phh" / "dwan-ivey-2009.phh").hands[0]


def test_the_default_hero_is_the_player_dealt_known_cards() -> None:
    assert default_hero(STARS[0]) == 0  # "Dealt to hero: the first"
    assert default_hero(STARS[2]) == 2  # no deal: Gus, the first to show
    assert default_hero(PHH[1]) == 3  # only p4's cards are dealt
    assert default_hero(DWAN_IVEY) == 0  # Ivey, the first of two known hands
    nobody = load_hands(REPO / "tests" / "data" / "pokerstars" /
                        "GameTypeTests__NoLimitHoldem.txt").hands[0]
    assert default_hero(nobody) == 0


def test_the_hero_is_found_by_name_or_by_player_number() -> None:
    assert find_hero(DWAN_IVEY, "Tom Dwan") == 2
    assert find_hero(DWAN_IVEY, "p2") == 1
    with pytest.raises(PokerInputError, match=r"^'Dwan' is not a player of this hand: the"
                                              r" players are Phil Ivey, Patrik Antonius, Tom"
                                              r" Dwan \(or p1 to p3\)$"):
        find_hero(DWAN_IVEY, "Dwan")
    with pytest.raises(PokerInputError, match="'p4' is not a player"):
        find_hero(DWAN_IVEY, "p4")


def test_the_cursor_steps_forward_and_back_through_every_action() -> None:
    replay = Replay(DWAN_IVEY)
    assert replay.position == 0 and not replay.back()
    assert [step.text for step in replay.steps[:4]] == [
        "Phil Ivey is dealt Ac 2d", "Tom Dwan is dealt 7h 6h", "Tom Dwan raises to 7,000",
        "Phil Ivey raises to 23,000"]
    assert replay.steps[6].text == "flop: Jc 3d 5c" and replay.steps[6].street == Street.PREFLOP
    while replay.forward():
        assert replay.hand.pot == play(DWAN_IVEY, replay.position).pot
    assert replay.position == len(replay.steps) == len(DWAN_IVEY.actions)
    assert replay.step is None and replay.hand.is_over
    replay.back()
    assert replay.step == replay.steps[-1] and replay.step.text == "river: Jh"
    replay.seek(3)
    assert replay.hand.to_act == 0 and replay.step is not None and replay.step.hero_decision
    with pytest.raises(PokerInputError, match="position 99 is outside 0 to 17"):
        replay.seek(99)
    assert replay.decision_positions == (3, 7, 10, 12)


def test_a_review_uses_the_heros_cards_only_and_sets_advice_beside_the_action() -> None:
    replay = Replay(DWAN_IVEY)
    assert replay.review(0) is None  # a deal, not a decision
    review = replay.review(10)  # the turn: Ivey bets 90,000
    assert review is not None and review.advice is not None
    assert replay.review(10) is review  # computed once
    decision = review.decision
    assert decision.street == Street.TURN and decision.n_opponents == 1
    assert (review.taken, review.taken_amount) == ("raise", 90000)
    # Dwan's cards are in the record, but the advice does not know them.
    alone = equity(format_cards(decision.hole_cards or ()), format_cards(decision.board), 1,
                   seed=REPLAY_SEED)
    assert review.advice.equity == alone
    assert review.growth_given_up == pytest.approx(
        review.advice.choice.growth - review.taken_growth)
    last = replay.review(12)  # Ivey's all-in re-raise
    assert last is not None and (last.taken, last.taken_amount) == ("all-in", 977100)
    assert last.agrees  # as good as the advised raise: Dwan can call only so much


def test_cards_shown_at_the_showdown_are_the_heros_from_the_start() -> None:
    summary = Replay(STARS[2]).summary()  # Gus's cards appear at the showdown only
    assert all(review.advice is not None for review in summary.reviews)
    assert summary.reviews[0].decision.hole_cards == tuple(parse_cards("AcQc"))


def test_without_the_heros_cards_a_decision_has_no_advice() -> None:
    summary = Replay(PHH[1], find_hero(PHH[1], "p3")).summary()
    assert [review.note for review in summary.reviews] == [
        "the hero's hole cards are not in the record"] * 3
    assert summary.advised == summary.agreed == 0 and summary.growth_given_up == 0
    assert [review.taken for review in summary.reviews] == ["call", "check", "fold"]


def test_a_summary_counts_agreement_growth_given_up_and_the_result() -> None:
    summary = Replay(STARS[0]).summary()
    assert summary.hero == 0 and summary.result == 3680 - 3840
    assert summary.finishing_stacks == (3680, 2175, 6160, 5100, 5000)
    assert [review.taken for review in summary.reviews] == ["raise", "raise", "all-in"]
    assert summary.advised == 3 and summary.agreed == 0
    # The all-in can lose the whole stack, the whole bankroll without one.
    assert math.isinf(summary.growth_given_up)
    with_bankroll = Replay(STARS[0], bankroll=100_000).summary()
    assert math.isfinite(with_bankroll.growth_given_up) and with_bankroll.growth_given_up > 0
    with pytest.raises(PokerInputError, match="bankroll 1000 is less than the hero's"
                                              " starting stack 3840"):
        Replay(STARS[0], bankroll=1000)


@pytest.mark.parametrize("record", [*PHH, *STARS], ids=lambda record: str(record.fields.get(
    "hand", record.config.names[:1])))
def test_at_full_kelly_no_action_beats_the_advice(record: HandRecord) -> None:
    for review in Replay(record, bankroll=10**9).summary().reviews:
        assert review.growth_given_up is None or review.growth_given_up >= -1e-9


def play_by_the_advice(seed: int) -> tuple[HandRecord, int]:
    """A hand in which seat 0 always takes the advice and the others play at random."""
    rng = random.Random(seed)
    config = HandConfig.standard([rng.randint(500, 3000) for _ in range(4)], button=3,
                                 small_blind=10, big_blind=20)
    hand = Hand(config)
    deck = list(range(52))
    rng.shuffle(deck)
    for seat in range(4):
        hand.deal_hole(seat, [deck.pop(), deck.pop()])
    while not hand.betting_closed:
        seat = hand.to_act
        if seat == 0:
            play_advice(hand, 0, advise_hand(hand, 0, seed=REPLAY_SEED))
        elif seat is not None:
            kind, amount = random_betting_action(hand, rng)
            hand.apply(Action(kind, seat, amount))
        else:
            hand.deal_board([deck.pop() for _ in range(3 if hand.street == Street.PREFLOP
                                                       else 1)])
    return make_record(hand), 0  # the button is last already: the seats stay


@pytest.mark.parametrize("seed", range(3))
def test_a_player_who_takes_the_advice_agrees_with_it_every_time(seed: int) -> None:
    record, hero = play_by_the_advice(seed)
    summary = Replay(record, hero).summary()
    assert summary.reviews and summary.agreed == summary.advised == len(summary.reviews)
    assert summary.growth_given_up == pytest.approx(0, abs=1e-6)


def test_sampled_odds_are_the_same_at_every_replay_and_can_be_stopped() -> None:
    config = HandConfig.standard([1000] * 6, button=5, small_blind=5, big_blind=10)
    hand = Hand(config)
    hand.deal_hole(2, "8s 8d")
    for seat in (2, 3, 4, 5, 0):
        hand.call(seat)
    hand.check(1)
    hand.deal_board("Kc 8h 4d")
    hand.check(0)
    hand.check(1)
    hand.bet(2, 40)
    record = make_record(hand)
    first = Replay(record, 2).review(len(record.actions) - 1)
    second = Replay(record, 2).review(len(record.actions) - 1)
    assert first is not None and second is not None and first.advice and second.advice
    assert first.advice.equity.method == "monte-carlo"
    assert first.advice.equity == second.advice.equity
    assert first.advice.choice == second.advice.choice
    with pytest.raises(Cancelled):
        Replay(record, 2).summary(should_stop=lambda: True)
    fractions: list[float] = []
    Replay(record, 2).summary(progress=fractions.append)
    assert fractions and fractions[-1] == pytest.approx(1.0)
