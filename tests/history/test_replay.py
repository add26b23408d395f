"""The replay: a cursor over a hand, and the advice at each of the hero's decisions,
from the hero's own cards only, beside the action taken."""

import dataclasses
import json
import math
import random
import subprocess
import sys
from pathlib import Path

import pytest

from assistant import advise_phh
from assistant.cards import parse_cards
from assistant.door import Settings, action_for, advise_hand
from assistant.errors import Cancelled, PokerInputError
from assistant.hand import Action, ActionKind, Hand, HandConfig, Street
from assistant.history import HandRecord, format_phh, load_hands, make_record, play
from assistant.history.replay import Replay, default_hero, file_settings, find_hero
from assistant.opponents.profile import PRESETS
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
    assert review.taken_growth is not None
    assert replay.review(10) is review  # computed once
    decision = review.decision
    assert decision.street == Street.TURN and decision.n_opponents == 1
    assert (review.taken, review.taken_amount) == ("bet", 90000)
    assert review.growth_given_up == pytest.approx(
        review.advice.choice.growth - review.taken_growth)
    # Dwan's cards are in the record, but the advice does not know them: other cards
    # for him give the same advice.
    dwan = find_hero(DWAN_IVEY, "Tom Dwan")
    other = tuple(parse_cards("2s2h"))
    swapped = dataclasses.replace(DWAN_IVEY, actions=tuple(
        dataclasses.replace(action, cards=other)
        if action.seat == dwan and action.kind in (ActionKind.HOLE, ActionKind.SHOW)
        else action for action in DWAN_IVEY.actions))
    blind = Replay(swapped).review(10)
    assert blind is not None and blind.advice is not None
    assert blind.advice.to_dict() == review.advice.to_dict()
    last = replay.review(12)  # Ivey's all-in re-raise
    assert last is not None and (last.taken, last.taken_amount) == ("all-in", 977100)


def test_the_taken_growth_is_the_candidates_growth_of_the_same_action() -> None:
    for review in Replay(DWAN_IVEY).summary().reviews:
        assert review.advice is not None and review.taken_growth is not None
        same = [c.growth for c in review.advice.candidates if c.kind == review.taken
                and (review.taken == "fold" or c.chips == review.taken_amount)]
        if same:
            assert review.taken_growth == same[0]


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
    assert [review.taken for review in summary.reviews] == ["raise", "bet", "all-in"]
    assert summary.advised == 3
    assert summary.agreed == sum(bool(review.agrees) for review in summary.reviews)
    assert summary.growth_given_up == pytest.approx(
        sum(review.growth_given_up or 0.0 for review in summary.reviews))
    # With the default bankroll of buy-ins the all-in cannot lose everything; with the
    # stack as the whole bankroll it can.
    assert math.isfinite(summary.growth_given_up) and summary.growth_given_up > 0
    stack_only = Replay(STARS[0], settings=Settings(bankroll=3840)).summary()
    assert math.isinf(stack_only.growth_given_up)
    with pytest.raises(PokerInputError, match=r"bankroll 10\.00 is less than the hero's"
                                              r" starting stack 38\.40"):
        Replay(STARS[0], settings=Settings(bankroll=1000))


def test_the_bankroll_is_the_one_at_the_start_of_the_hand_as_live() -> None:
    """Replay no longer takes the chips already in the pot off the bankroll itself: the
    door does, as for live advice, so both see the same wealth."""
    hero = find_hero(DWAN_IVEY, "Phil Ivey")
    settings = Settings(kelly_scale=0.5, bankroll=3_000_000)
    review = Replay(DWAN_IVEY, hero, settings).review(10)
    assert review is not None and review.advice is not None
    hand = play(DWAN_IVEY, 10)
    live = advise_hand(hand, hero, settings)
    assert live.to_dict() == review.advice.to_dict()
    assert review.advice.spot.wealth == 0.5 * (3_000_000 - hand.contribution(hero))


@pytest.mark.parametrize("record", [*PHH, *STARS], ids=lambda record: str(record.fields.get(
    "hand", record.config.names[:1])))
def test_at_full_kelly_no_action_beats_the_advice(record: HandRecord) -> None:
    for review in Replay(record, settings=Settings(bankroll=10**9)).summary().reviews:
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
        player = hand.to_act
        if player == 0:
            hand.apply(action_for(hand, 0, advise_hand(hand, 0).choice))
        elif player is not None:
            kind, amount = random_betting_action(hand, rng)
            hand.apply(Action(kind, player, amount))
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


def test_the_advice_is_the_same_at_every_replay_and_a_summary_can_be_stopped() -> None:
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
    assert first.advice.to_dict() == second.advice.to_dict()
    with pytest.raises(Cancelled):
        Replay(record, 2).summary(should_stop=lambda: True)
    fractions: list[float] = []
    Replay(record, 2).summary(progress=fractions.append)
    assert fractions == [0.5, 1.0]


def truncated_phh(record: HandRecord, hero: int, step: int) -> str:
    """The PHH text of ``record`` as far as ``step``, the hero's hole cards dealt first
    (as a player writing the hand at that moment would)."""
    cards = record.known_cards(hero)
    assert cards is not None
    actions = tuple(a for a in record.actions[:step]
                    if not (a.kind == ActionKind.HOLE and a.seat == hero))
    deal = Action(ActionKind.HOLE, hero, cards=cards)
    return format_phh([dataclasses.replace(record, actions=(deal, *actions))])


@pytest.mark.parametrize(("number", "hero", "bankroll", "profiles"), [
    (3, "Hal 9000", "50000", {"Kim": "nit", "Ivy": "station"}),  # whole chips
    (1, "hero: the first", "500", {"ChipLeader": "maniac"}),  # cents
])
def test_the_same_decision_gets_the_same_advice_from_phh_a_replay_and_the_command(
        number: int, hero: str, bankroll: str, profiles: dict[str, str]) -> None:
    """One decision reached three ways: the library entry point on the hand written as
    far as the decision, the replay of the whole hand, and ``replay --json``."""
    path = REPO / "resources" / "hands" / "pokerstars-samples.txt"
    record = STARS[number - 1]
    seat = find_hero(record, hero)
    chosen = {"kelly_scale": 0.5, "bankroll": float(bankroll), "profiles": profiles}
    settings = file_settings(record, seat, **chosen)  # type: ignore[arg-type]
    assert settings.bankroll == float(bankroll) * 10**record.decimals
    assert settings.profiles == {find_hero(record, name): PRESETS[profile]
                                 for name, profile in profiles.items()}
    summary = Replay(record, seat, settings).summary()
    options = [f"--profile={name}={profile}" for name, profile in profiles.items()]
    result = subprocess.run(
        [sys.executable, "-m", "assistant", "replay", str(path), "--hand", str(number),
         "--hero", hero, "--kelly-scale", "0.5", "--bankroll", bankroll, *options, "--json"],
        capture_output=True, text=True, check=True)
    (hand,) = json.loads(result.stdout)["hands"]
    assert len(hand["decisions"]) == len(summary.reviews) > 0
    for review, printed in zip(summary.reviews, hand["decisions"], strict=True):
        assert review.advice is not None
        from_text = advise_phh(truncated_phh(record, seat, review.step), hero, **chosen)
        assert review.advice.to_dict(record.names, record.decimals) == from_text
        assert printed["advice"] == json.loads(json.dumps(from_text))
        assert all(o["profile"] == profiles.get(o["player"], "unknown")
                   for o in from_text["opponents"])  # type: ignore[attr-defined]
