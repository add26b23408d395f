"""The advice door on spots whose right direction any strong player knows.

Each spot is a small hand written in PHH (the library entry point's format), played to
hero's decision and read back through :func:`assistant.door.advise_phh`.
"""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.door import (
    Advice,
    Settings,
    Villain,
    action_for,
    advise_hand,
    advise_numbers,
    advise_phh,
    decide,
)
from assistant.errors import PokerInputError
from assistant.growth import best, indifference
from assistant.hand import ActionKind, Hand
from assistant.opponents.profile import PRESETS
from tests.random_hands import play_randomly, random_table


def phh(actions: list[str], *, players: int = 2, stacks: int = 400,
        names: tuple[str, ...] = (), big_blind_ante: int = 0) -> str:
    """A no-limit hand with blinds 1/2 (PHH: p1 is the small blind)."""
    blinds = [1, 2] + [0] * (players - 2)
    antes = [0, big_blind_ante] + [0] * (players - 2)
    lines = ["variant = 'NT'", f"antes = {antes}",
             f"blinds_or_straddles = {blinds}", "min_bet = 2",
             f"starting_stacks = {[stacks] * players}",
             "actions = [" + ", ".join(repr(a) for a in actions) + "]"]
    if names:
        lines.append(f"players = {list(names)}")
    return "\n".join(lines) + "\n"


CHECKED_THROUGH = ["p1 cc", "p2 cc"]


def heads_up_to_river(hero: str, board: str, flop: list[str] = CHECKED_THROUGH,
                      turn: list[str] = CHECKED_THROUGH) -> list[str]:
    """Heads-up: p2 (the button, hero) opens to 5 and p1 (the big blind) calls; then the
    given flop and turn actions and the river, p1 first to act there."""
    return [f"d dh p2 {hero}", "d dh p1 ????", "p2 cbr 5", "p1 cc",
            f"d db {board[:6]}", *flop, f"d db {board[6:8]}", *turn, f"d db {board[8:10]}"]


def advice(actions: list[str], profile: str, **kw: object) -> dict:
    return advise_phh(phh(actions, **kw), "p2", profiles={"p1": profile})  # type: ignore[arg-type]


def test_value_bets_are_bigger_against_a_station_than_against_a_nit() -> None:
    line = heads_up_to_river("AhKd", "Ks7d2c4h3s")
    line.append("p1 cc")
    station, nit = advice(line, "station"), advice(line, "nit")
    assert station["action"] == nit["action"] == "bet"
    assert station["amount"] > nit["amount"]


def test_no_bluff_into_a_station_that_called_twice() -> None:
    line = heads_up_to_river("JhTh", "Ah7h2c3s4d", ["p1 cc", "p2 cbr 7", "p1 cc"],
                             ["p1 cc", "p2 cbr 20", "p1 cc"])
    line.append("p1 cc")
    assert advice(line, "station")["action"] == "check"


def test_a_missed_draw_bets_against_a_nit_that_checked() -> None:
    line = heads_up_to_river("JhTh", "Ah7h2c3s4d")
    line.append("p1 cc")
    result = advice(line, "nit")
    assert result["action"] == "bet"
    assert result["growth"]["check"] < max(result["growth"].values())


@pytest.mark.parametrize(("profile", "folds"), [("nit", True), ("maniac", False)])
def test_one_pair_facing_a_big_river_raise(profile: str, folds: bool) -> None:
    line = heads_up_to_river("AhKd", "Ks7d2c4h3s")
    line += ["p1 cc", "p2 cbr 7", "p1 cbr 31"]
    result = advice(line, profile)
    assert (result["action"] == "fold") == folds


def test_the_nuts_out_of_position_checks_to_raise_a_maniac_and_bets_into_a_station() -> None:
    """Heads-up, hero the big blind, the flop and turn checked through, a royal flush on
    the river: a maniac bets when checked to and a station seldom does, so hero checks to
    raise the one and bets into the other, and raises the maniac's bet."""
    line = ["d dh p1 AhKh", "d dh p2 ????", "p2 cbr 5", "p1 cc", "d db QhJh2c",
            *CHECKED_THROUGH, "d db 3d", *CHECKED_THROUGH, "d db Th"]

    def advised(actions: list[str], profile: str) -> str:
        return str(advise_phh(phh(actions), "p1", profiles={"p2": profile})["action"])

    assert advised(line, "station") == "bet"
    assert advised(line, "maniac") == "check"
    assert advised([*line, "p1 cc", "p2 cbr 10"], "maniac") == "raise"


def test_a_medium_ace_opens_on_the_button_against_blinds_that_fold() -> None:
    line = ["d dh p6 Ah8c"] + [f"d dh p{i} ????" for i in range(1, 6)]
    line += ["p3 f", "p4 f", "p5 f"]
    text = phh(line, players=6)
    result = advise_phh(text, "p6", profiles={"p1": "nit", "p2": "nit"})
    assert result["action"] == "raise"
    assert 4 <= result["to"] <= 7


def test_a_medium_ace_folds_under_the_gun_at_nine_players() -> None:
    line = ["d dh p3 Ah8c"] + [f"d dh p{i} ????" for i in (1, 2, 4, 5, 6, 7, 8, 9)]
    result = advise_phh(phh(line, players=9), "p3")
    assert result["action"] == "fold"


def test_every_player_behind_a_full_ring_open_answers_it() -> None:
    """Eight players behind an under-the-gun open each answer, the big blind most often,
    and the chance they all fold is the product of their folds."""
    line = ["d dh p3 AhAc"] + [f"d dh p{i} ????" for i in (1, 2, 4, 5, 6, 7, 8, 9)]
    result = advise_phh(phh(line, players=9), "p3")
    answers = {answer["player"]: answer for answer in result["answers"]}
    assert sorted(answers) == [f"p{i}" for i in (1, 2, 4, 5, 6, 7, 8, 9)]
    assert max(answers, key=lambda p: answers[p]["call"]) == "p2"
    assert result["all_fold"] == pytest.approx(math.prod(a["fold"] for a in answers.values()))


def test_a_big_blind_ante_makes_the_players_behind_an_open_defend_more() -> None:
    """An ante of 1.5 big blinds doubles the pot an open raise is made into: the same
    players call it more, so everyone folds to it less often."""
    line = ["d dh p6 AhAc"] + [f"d dh p{i} ????" for i in range(1, 6)] + ["p3 f", "p4 f", "p5 f"]
    plain = advise_phh(phh(line, players=6), "p6")
    ante = advise_phh(phh(line, players=6, big_blind_ante=3), "p6")
    assert plain["action"] == ante["action"] == "raise"
    assert 0.0 < ante["all_fold"] < plain["all_fold"]


def dealt(hero: str, hand: str, players: int = 6) -> list[str]:
    """Hole cards for ``hero`` (``pN``) and unknown cards for the others."""
    return [f"d dh {hero} {hand}"] + [f"d dh p{i} ????" for i in range(1, players + 1)
                                      if f"p{i}" != hero]


@pytest.mark.parametrize("hand", ["AhKd", "7h6h", "2c2d", "Qs9c", "7c2d"])
def test_first_in_before_the_blinds_hero_raises_or_folds(hand: str) -> None:
    """No open limp is advised or offered; a small blind may complete, and a player
    behind a limper may limp too."""
    def calls(advice: dict) -> list[str]:
        return [action for action in advice["growth"] if action.startswith("call")]

    assert calls(advise_phh(phh(dealt("p3", hand), players=6), "p3")) == []
    behind_limp = advise_phh(phh([*dealt("p4", hand), "p3 cc"], players=6), "p4")
    assert calls(behind_limp) == ["call 2"]
    folded_to = ["p3 f", "p4 f", "p5 f", "p6 f"]
    completes = advise_phh(phh([*dealt("p1", hand), *folded_to], players=6), "p1")
    assert calls(completes) == ["call 1"]


def test_a_range_painted_for_the_big_blind_still_offers_no_open_limp() -> None:
    """First in is read from the hand's log, not from how the advice sees each seat: a
    range given for a blind (whose answers then come from it) changes nothing."""
    from assistant.history import read_hands
    from assistant.ranges import Range

    record = read_hands(phh(dealt("p3", "7h6h"), players=6), "<test>").hands[0]
    hand = Hand(record.config)
    for action in record.actions:
        hand.apply(action)
    painted = advise_hand(hand, 2, Settings(ranges={1: Range.parse("22+, A2s+, KTo+").weights}))
    assert "call" not in {candidate.kind for candidate in painted.candidates}


@pytest.mark.parametrize("seed", range(12))
def test_no_one_pair_bet_exceeds_three_pots(seed: int) -> None:
    from assistant.cards import format_cards
    from assistant.evaluator import category_name, evaluate

    rng = np.random.default_rng(seed)
    while True:
        cards = rng.choice(52, 7, replace=False).tolist()
        mask = sum(1 << c for c in cards)
        if category_name(evaluate(mask)) == "pair":
            break
    hero, board = format_cards(cards[:2]), format_cards(cards[2:])
    line = heads_up_to_river(hero, board)
    line.append("p1 cc")
    result = advice(line, "unknown")
    if result["action"] in ("bet", "raise", "all-in"):
        assert result["amount"] <= 3 * 10


def test_the_last_chips_go_in_with_most_of_the_equity() -> None:
    """The earlier tool folded its last chips into a big pot with 85 % equity: with the
    default bankroll of buy-ins, the call is taken."""
    line = ["d dh p2 AsAd", "d dh p1 ????", "p2 cbr 5", "p1 cbr 15", "p2 cbr 40",
            "p1 cbr 400"]
    result = advice(line, "maniac")
    assert result["action"] == "call"


def test_it_must_be_heros_turn() -> None:
    line = ["d dh p2 AsAd", "d dh p1 ????"]
    with pytest.raises(PokerInputError, match="not p1's turn"):
        advise_phh(phh(line), "p1")


def test_the_result_is_plain_json_data() -> None:
    import json

    line = ["d dh p2 AsAd", "d dh p1 ????"]
    result = advise_phh(phh(line), "p2")
    assert set(result) >= {"action", "amount", "to", "equity", "growth",
                           "growth_if_always_called", "answers", "opponents", "all_fold"}
    json.dumps(result)
    assert all(math.isfinite(g) for g in result["growth"].values())


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_a_smaller_kelly_scale_never_bets_more(seed: int) -> None:
    """Fractional Kelly is full Kelly on a smaller bankroll: scaling down never makes the
    chips of the action that grows most larger (the earlier tool's half Kelly went all-in
    where full Kelly raised).  The sizes are searched on a grid refined around its best
    point, so a smaller scale may land on a size the larger scale's search did not try;
    such a size must then grow at least as much at the larger scale as that scale's own
    pick, within the margin the advice treats as equal (:func:`indifference`).  (The
    advice's indifference rule may then take a safer action; it is not part of this
    property.)"""
    rng = np.random.default_rng(seed)
    cards = rng.choice(52, 2 + int(rng.choice([3, 4, 5])), replace=False).tolist()
    pot = int(rng.integers(4, 400))
    to_call = int(rng.choice([0, int(rng.integers(1, pot))]))
    stack = int(rng.integers(to_call + 1, 2000))
    profile = list(PRESETS.values())[int(rng.integers(len(PRESETS)))]
    villain = Villain(profile, int(rng.integers(1, 2000)))
    advices = [advise_numbers(cards[:2], cards[2:], pot=pot + to_call, to_call=to_call,
                              stack=stack, villains=[villain], big_blind=2,
                              settings=Settings(kelly_scale=scale, bankroll=20 * stack))
               for scale in (1.0, 0.5, 0.25)]
    picks = [best(advice.candidates) for advice in advices]
    for larger, pick, smaller_pick in zip(advices[:-1], picks[:-1], picks[1:], strict=True):
        if smaller_pick.chips > pick.chips:
            assert larger.growth_of(smaller_pick.kind, smaller_pick.chips) >= (
                pick.growth - indifference(larger.spot))


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_every_decision_of_random_hands_gets_a_legal_finite_advice(seed: int) -> None:
    rng = np.random.default_rng(seed)
    hand = Hand(random_table(rng))
    for seat in play_randomly(hand, rng):
        advice = advise_hand(hand, seat)
        choice = advice.choice
        assert all(math.isfinite(c.growth) for c in advice.candidates)
        legal = hand.legal_actions()
        kinds = {"fold": ActionKind.FOLD, "check": ActionKind.CHECK, "call": ActionKind.CALL}
        if choice.kind in kinds:
            assert kinds[choice.kind] in legal or (choice.kind == "call"
                                                   and ActionKind.ALL_IN in legal)
        else:
            low, high = hand.min_raise_to(), hand.max_raise_to()
            assert low is not None and high is not None and low <= choice.total <= high
        assert 0.0 <= advice.equity.equity <= 1.0


@pytest.mark.parametrize("seed", range(4))
def test_the_choice_alone_is_the_advice_s_action(seed: int) -> None:
    """The simulator's path (the spot, its candidates' choice, the action) takes the
    action the whole advice takes, at every decision of random hands."""
    rng = np.random.default_rng(seed)
    hand = Hand(random_table(rng))
    for seat in play_randomly(hand, rng):
        assert decide(hand, seat) == action_for(hand, seat, advise_hand(hand, seat).choice)


def test_a_sure_winner_has_no_negative_chance_to_lose() -> None:
    """Rounding once made the chance to lose -5e-17 against random hands on a board hero
    cannot lose (found by the simulator): the earlier model's outcome is clamped.  The
    royal flush bets, or checks to raise the tag's bet: either grows."""
    royal = advise_numbers([12 + 13 * 3, 11 + 13 * 3], [10 + 39, 9 + 39, 8 + 39, 0, 14],
                           pot=100, to_call=0, stack=400, villains=[Villain(PRESETS["tag"], 400)],
                           big_blind=2)
    assert royal.equity.lose == 0.0 and royal.choice.growth > 0
    assert all(g >= 0 for g in royal.always_called)


@pytest.mark.parametrize("kelly_scale", [1.0, 0.5, 0.1])
def test_a_bankroll_of_the_stack_alone_gets_advice(kelly_scale: float) -> None:
    """A re-raise answered by folding once took the log of the wealth left after the
    bet; with the stack as the whole bankroll (or a small Kelly scale) nothing is left,
    and the advice failed with a math domain error (found by the replay)."""
    line = ["d dh p2 AsKd", "d dh p1 ????", "p2 cbr 5", "p1 cbr 15", "p2 cbr 40",
            "p1 cbr 100", "p2 cc", "d db Ks7d2c", "p1 cc"]
    result = advise_phh(phh(line), "p2", bankroll=400, kelly_scale=kelly_scale)
    assert result["action"] in ("check", "bet", "all-in")
    assert all(g is not None for g in result["growth"].values())  # type: ignore[attr-defined]


def river_hand(hero: str, board: str) -> Hand:
    """The heads-up hand of :func:`heads_up_to_river`, p1 checking the river to hero."""
    from assistant.history import read_hands

    record = read_hands(phh([*heads_up_to_river(hero, board), "p1 cc"]), "<test>").hands[0]
    hand = Hand(record.config)
    for action in record.actions:
        hand.apply(action)
    return hand


@pytest.mark.parametrize(("notation", "equity"), [("AA", 0.0), ("QQ", 1.0), ("KK", 0.0)])
def test_a_range_given_for_a_seat_replaces_the_narrowed_one(notation: str,
                                                            equity: float) -> None:
    from assistant.cards import cards_to_mask, parse_cards
    from assistant.ranges import Range

    hand = river_hand("AhKd", "Ks7d2c4h3s")
    given = Range.parse(notation).weights
    advice = advise_hand(hand, 1, Settings(ranges={0: given}))
    (seat,) = advice.opponents
    known = cards_to_mask(parse_cards("Ah Kd Ks 7d 2c 4h 3s"))
    assert np.array_equal(seat.weights, Range.parse(notation).without(known).weights)
    assert seat.equity_vs == equity  # AK on a king-high board: behind AA and KK, ahead of QQ
    narrowed = advise_hand(hand, 1).opponents[0].weights
    assert not np.array_equal(narrowed, seat.weights)


def test_a_given_range_must_hold_a_live_hand() -> None:
    from assistant.ranges import Range

    hand = river_hand("AhKd", "Ks7d2c4h3s")
    with pytest.raises(PokerInputError, match="range given for seat 1 is empty"):
        Settings(ranges={0: np.zeros(1326)})
    with pytest.raises(PokerInputError, match="1326 combo weights"):
        Settings(ranges={0: np.ones(3)})
    with pytest.raises(PokerInputError, match="is empty once the known cards are removed"):
        advise_hand(hand, 1, Settings(ranges={0: Range.parse("AhKs").weights}))


def test_quick_mode_narrows_the_bettor_and_its_callers_by_the_policy() -> None:
    """A decision in numbers after the flop: opponent 1 bet 100 into 200 when checked to,
    2 and 3 called it, 4 has 40 in and is still to act.  Each range is every live combo
    times its likelihood, worked out here from the policy's own functions."""
    from assistant.cards import cards_to_mask, parse_cards
    from assistant.opponents import policy
    from assistant.ranges import Range
    from assistant.showdown import board_strength

    hero, board = parse_cards("7h2d"), parse_cards("KsQd3c")
    bettor, first, second, waiting = (PRESETS[name] for name in ("unknown", "lag", "station",
                                                                 "tag"))
    villains = [Villain(bettor, 2000), Villain(first, 2000), Villain(second, 2000, bet=100),
                Villain(waiting, 2000, bet=40)]
    advice = advise_numbers(hero, board, pot=200 + 3 * 100 + 40, to_call=100, stack=2000,
                            villains=villains, big_blind=10)
    live = Range.full().without(cards_to_mask(hero + board)).weights
    strength = board_strength(cards_to_mask(board))
    bets = policy.bet_probability(live, strength, bettor, policy.bet_share(bettor, 5))
    expected = [live * policy.robust(bets, live)]
    # The first caller faces 100 into 200; the second 100 into 300, after one caller.
    for profile, ratio, callers in ((first, 0.5, 0), (second, 1 / 3, 1)):
        share = policy.continue_share(profile, ratio, callers)
        calls = policy.answer_bet(live, strength, profile, share,
                                  profile.raise_share_postflop * share, np.array([ratio]),
                                  preflop=False).call[0]
        expected.append(live * policy.robust(calls, live))
    expected.append(live)
    for view, weights in zip(advice.opponents, expected, strict=True):
        np.testing.assert_allclose(view.weights, weights, rtol=1e-12, atol=0)
    assert advice.opponents[0].combos < 0.5 * live.sum()  # the bet took half its hands out


def quick_spot(hero: str, board: str, villains: list[Villain]) -> Advice:
    """Quick mode: 100 to call into a pot of 100 before the bet (a pot-sized bet)."""
    from assistant.cards import parse_cards

    return advise_numbers(parse_cards(hero), parse_cards(board), pot=200, to_call=100,
                          stack=2000, villains=villains, big_blind=10)


def test_seven_deuce_folds_to_a_pot_sized_bet_in_quick_mode() -> None:
    """Against every hand, seven-high bluff-raised an unknown player's pot-sized bet
    on K-Q-3; the bettor holds more than random cards."""
    advice = quick_spot("7h2d", "KsQd3c", [Villain(PRESETS["unknown"], 2000)])
    assert advice.choice.kind == "fold"


@pytest.mark.parametrize("hero", ["3h3d", "KhKd", "KdQh"])
def test_a_strong_hand_still_plays_on_against_a_bet_in_quick_mode(hero: str) -> None:
    advice = quick_spot(hero, "KsQd3c", [Villain(PRESETS["unknown"], 2000)])
    assert advice.choice.kind in ("call", "raise", "all-in")


def test_quick_mode_leaves_given_ranges_and_narrows_priors() -> None:
    """An explicit range is the player's reading and stays as given; a position prior
    that called the bet is narrowed like every hand would be."""
    from assistant.cards import cards_to_mask, parse_cards
    from assistant.combos import COMBO_MASKS
    from assistant.opponents.narrowing import postflop_likelihood
    from assistant.opponents.priors import prior_range
    from assistant.ranges import Range
    from assistant.showdown import board_strength

    given = Range.parse("AA,KK,QJs,72o").weights
    villains = [Villain(PRESETS["tag"], 2000, weights=given),
                Villain(PRESETS["lag"], 2000, position=4, action="open")]
    advice = quick_spot("7h2d", "KsQd3c", villains)
    known = np.uint64(cards_to_mask(parse_cards("7h2d KsQd3c")))
    live = (COMBO_MASKS & known) == 0
    assert np.array_equal(advice.opponents[0].weights, np.where(live, given, 0.0))
    prior = np.where(live, prior_range(PRESETS["lag"], 4, "open", 6), 0.0)
    strength = board_strength(cards_to_mask(parse_cards("KsQd3c")))
    # The tag's given range made the bet (pot 0 before it), the lag called it first.
    calls = postflop_likelihood(prior, strength, PRESETS["lag"], aggressive=False,
                                to_call=100, pot=100, players=3, leading=True, callers=0)
    np.testing.assert_allclose(advice.opponents[1].weights, prior * calls, rtol=1e-12)
    assert advice.opponents[1].combos < prior.sum()


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_narrowed_quick_ranges_stay_probabilities_and_hold_a_hand(seed: int) -> None:
    rng = np.random.default_rng(seed)
    cards = rng.choice(52, 2 + int(rng.choice([3, 4, 5])), replace=False).tolist()
    before = int(rng.integers(4, 400))
    to_call = int(rng.integers(1, 3 * before))
    profiles = list(PRESETS.values())
    bets = [None] + [int(rng.choice([0, to_call, int(rng.integers(0, to_call + 1))]))
                     for _ in range(int(rng.integers(0, 3)))]
    villains = [Villain(profiles[int(rng.integers(len(profiles)))], 5000, bet=bet)
                for bet in bets]
    pot = before + sum(to_call if bet is None else bet for bet in bets)
    advice = advise_numbers(cards[:2], cards[2:], pot=pot, to_call=to_call, stack=5000,
                            villains=villains, big_blind=2)
    for view in advice.opponents:
        assert np.all((view.weights >= 0) & (view.weights <= 1))
        assert view.combos > 0


def test_each_rival_is_named_by_the_preflop_raise_it_made() -> None:
    """The answers to hero's re-raise follow the range a rival's own raise stands for
    (:func:`assistant.opponents.priors.reraised_continue`): the door names the 3-bettor
    and the cold caller from the hand's log, and a villain given in numbers by its
    action."""
    from assistant.history import read_hands

    log = [*dealt("p3", "AhKd"), "p3 cbr 5", "p4 cbr 15", "p5 cc", "p6 f", "p1 f", "p2 f"]
    record = read_hands(phh(log, players=6), "<test>").hands[0]
    hand = Hand(record.config)
    for action in record.actions:
        hand.apply(action)
    rivals = {rival.seat: rival.raised for rival in advise_hand(hand, 2).spot.rivals}
    assert rivals == {3: "3bet", 4: None}
    villains = [Villain(PRESETS["tag"], 385, position=3, action="3bet"),
                Villain(PRESETS["tag"], 385, position=4, action="call")]
    advice = advise_numbers([0, 1], [], pot=38, to_call=10, stack=395, villains=villains,
                            big_blind=2)
    assert [rival.raised for rival in advice.spot.rivals] == ["3bet", None]
