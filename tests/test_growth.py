"""Growth with answers against direct computations, and against the earlier model."""

import itertools
import math
from dataclasses import replace

import numpy as np
import pytest

from assistant.cards import cards_to_mask, parse_cards
from assistant.combos import COMBO_CARDS
from assistant.growth import (
    CHECKED_BET,
    PATTERN_FLOOR,
    Evaluated,
    Opponent,
    Spot,
    _Columns,
    _dead_money,
    best,
    evaluate,
    indifference,
    put_in,
    raise_totals,
)
from assistant.growth_kernels import caller_patterns
from assistant.kelly import BetSituation, Caller, Outcome, growth
from assistant.opponents import policy
from assistant.opponents.priors import prior_range
from assistant.opponents.profile import PRESETS, Profile
from assistant.showdown import board_strength, showdown

ALWAYS_CALLS = Profile("always-calls", 1.0, 0.5, 0.05, 10.0, 0.01, 0.0, 0.0, 0.0, 1.0)


def river_spot(hero: str, board: str, profile: Profile, *, wealth: float = 1000.0,
               pot: int = 100, stack: int = 400, weights: np.ndarray | None = None) -> Spot:
    hero_mask, board_mask = cards_to_mask(parse_cards(hero)), cards_to_mask(parse_cards(board))
    sd = showdown(hero_mask, board_mask)
    if weights is None:
        weights = sd.live_combos().astype(float)
    rival = Opponent(1, weights, board_strength(board_mask), profile, stack, 0, True)
    return Spot(wealth, pot, stack, 0, 0, 2, stack, 2, False, True, True, (rival,), sd)


@pytest.mark.parametrize("hero", ["AhKd", "7c7d", "3h2h"])
def test_a_rival_that_always_calls_gives_the_earlier_models_growth(hero: str) -> None:
    """The design's regression: with no folds and no raises against a random hand, the
    growth of a bet is the earlier Kelly engine's (to the float32 of the matrices)."""
    spot = river_spot(hero, "Ks7d2c4h3s", ALWAYS_CALLS)
    win, tie = spot.showdown.outcome(spot.rivals[0].weights)
    situation = BetSituation(400, 100, 0, (Caller(stack=400),), 2, bankroll=1000.0)
    outcome = Outcome(win, (tie,), 1.0 - win - tie)
    for chips in (2, 50, 100, 400):
        ours = put_in(spot, [chips])[0]
        assert ours.all_fold == 0.0
        assert ours.growth == pytest.approx(growth(float(chips), situation, outcome), abs=1e-9)


def test_answers_are_the_range_weighted_likelihoods() -> None:
    spot = river_spot("AhKd", "Ks7d2c4h3s", PRESETS["tag"])
    rival = spot.rivals[0]
    result = put_in(spot, [60])[0]
    ratio = np.array([60 / 100])
    continuing = policy.continue_share(rival.profile, ratio)
    direct = policy.answer_bet(rival.weights, rival.strength, rival.profile, continuing,
                               rival.profile.raise_share_postflop * continuing, ratio, False)
    share = rival.weights / rival.weights.sum()
    answer = result.answers[0]
    assert answer.fold == pytest.approx(float(direct.fold[0] @ share))
    assert answer.call == pytest.approx(float(direct.call[0] @ share))
    assert answer.raise_ == pytest.approx(float(direct.raise_[0] @ share))
    assert answer.fold + answer.call + answer.raise_ == pytest.approx(1.0)
    assert result.all_fold == pytest.approx(answer.fold)


def test_a_bluff_with_no_equity_grows_by_the_folds_alone() -> None:
    """The design's break-even test: when the rival never raises, betting ``x`` is worth
    ``f log(W + P) + (1 - f) E[log W | called]``.  On a royal flush board every showdown
    is a tie, so the called branch is ``log(W - x + (P + 2x) / 2)`` exactly."""
    no_raise = Profile("no-raise", 1.0, 0.5, 0.05, 0.0, 0.7, 0.0, 0.0, 0.0, 0.0)
    spot = river_spot("3c4c", "AsKsQsJsTs", no_raise)
    result = put_in(spot, [50])[0]
    f = result.all_fold
    w, p = spot.wealth, spot.pot
    expected = f * math.log(w + p) + (1 - f) * math.log(w - 50 + (p + 100) / 2) - math.log(w)
    assert 0 < f < 1
    assert result.growth == pytest.approx(expected, abs=1e-9)


def test_fold_is_zero_and_the_best_action_is_the_largest_growth() -> None:
    spot = river_spot("AhKd", "Ks7d2c4h3s", PRESETS["unknown"])
    results = evaluate(spot)
    assert results[0].kind == "check"
    chosen = best(results)
    assert chosen.growth == max(r.growth for r in results)
    assert all(r.total <= spot.max_raise_to for r in results if spot.max_raise_to)


def test_calls_are_solved_on_the_range_that_saw_the_flop() -> None:
    """A range that already called down (its upper half, by strength) answers a river bet
    as the same player's per-combo policy solved on the range it saw the flop with: the
    growth's answers are that policy weighted by the range as it stands, and it folds
    less than the same hands solved on themselves (where half of them would fold again
    but for the cap of absolute strength, which binds for many of them here)."""
    spot = river_spot("AhKd", "Ks7d2c4h3s", PRESETS["unknown"])
    rival = spot.rivals[0]
    flop_range = rival.weights
    strength = np.nan_to_num(rival.strength, nan=-1.0)
    called = flop_range * (strength > np.median(strength[flop_range > 0]))
    ratio = np.array([60 / 100])
    continuing = policy.continue_share(rival.profile, ratio)
    direct = policy.answer_bet(called, rival.strength, rival.profile, continuing,
                               rival.profile.raise_share_postflop * continuing, ratio, False,
                               reference=flop_range)
    share = called / called.sum()
    anchored = Opponent(1, called, rival.strength, rival.profile, 400, 0, True,
                        reference=flop_range)
    result = put_in(Spot(**{**spot.__dict__, "rivals": (anchored,)}), [60])[0]
    assert result.answers[0].fold == pytest.approx(float(direct.fold[0] @ share))
    assert result.answers[0].call == pytest.approx(float(direct.call[0] @ share))
    alone = put_in(Spot(**{**spot.__dict__, "rivals": (
        Opponent(1, called, rival.strength, rival.profile, 400, 0, True),)}), [60])[0]
    assert result.answers[0].fold < alone.answers[0].fold - 0.03


def test_a_gain_within_a_hundredth_of_the_pot_takes_the_safer_action() -> None:
    spot = river_spot("AhKd", "Ks7d2c4h3s", PRESETS["unknown"])
    margin = indifference(spot)
    assert margin == pytest.approx(math.log(1 + 0.01 * 100 / 1000.0))
    check = Evaluated("check", 0, 0, 0.002, 0.0, ())
    small, large = (Evaluated("bet", chips, chips, 0.002 + gain * margin, 0.3, ())
                    for chips, gain in ((30, 0.6), (90, 0.9)))
    assert best([check, small, large], margin) is check
    assert best([check, small, large]) is large
    bigger = Evaluated("bet", 90, 90, 0.002 + 1.5 * margin, 0.3, ())
    assert best([check, small, bigger], margin) is small


def river_outcome(hero: str, board: str, weights: np.ndarray) -> tuple[float, float]:
    """Hero's (win, tie) on a complete board against a weighted range, combo by combo by
    phevaluator (an evaluator written apart from this project's; lowest scores best)."""
    phevaluator = pytest.importorskip("phevaluator")

    def score(cards: list[int]) -> int:
        return int(phevaluator.evaluate_cards(*[c % 13 * 4 + c // 13 for c in cards]))

    table = parse_cards(board)
    mine = score(parse_cards(hero) + table)
    win = tie = 0.0
    for combo in np.flatnonzero(weights):
        theirs = score([int(card) for card in COMBO_CARDS[combo]] + table)
        win += weights[combo] * (mine < theirs)
        tie += weights[combo] * (mine == theirs)
    return win / weights.sum(), tie / weights.sum()


@pytest.mark.parametrize(("hero", "profile", "reply"), [
    ("AhQd", "lag", "call"), ("4d4c", "unknown", "raise"), ("Qh8h", "nit", "fold")])
def test_a_check_is_worth_the_best_reply_to_a_bet_behind_and_the_checked_down_pot(
        hero: str, profile: str, reply: str) -> None:
    """The check's growth by hand on the river: the rival behind bets ``CHECKED_BET`` of
    the pot with its betting range (each combo's chance from the policy), and hero takes
    the best of fold, call (the showdown against that range, by phevaluator) and its best
    raise (:func:`put_in` on the spot the bet leaves, built here: the bettor with its
    betting range and the bet in); else the hand is checked down against the checking
    range.  Ace high calls the ``lag``'s bet, a set raises the ``unknown`` player's, and
    queen high folds to the ``nit``'s."""
    board = "Ks7d2c4h3s"
    spot = river_spot(hero, board, PRESETS[profile], wealth=10000.0)
    rival = spot.rivals[0]
    betting = policy.bet_probability(rival.weights, rival.strength, rival.profile,
                                     policy.bet_share(rival.profile, 2))
    share = float((rival.weights * betting).sum() / rival.weights.sum())
    w, p, bet = spot.wealth, spot.pot, round(CHECKED_BET * spot.pot)
    win, tie = river_outcome(hero, board, rival.weights * betting)
    called = (win * math.log(w - bet + p + 2 * bet) + tie * math.log(w - bet + (p + 2 * bet) / 2)
              + (1 - win - tie) * math.log(w - bet))
    bettor = Opponent(1, rival.weights * betting, rival.strength, rival.profile,
                      rival.stack - bet, bet, True, reference=rival.weights)
    faced = Spot(w, p + bet, spot.stack, 0, bet, 2 * bet, spot.stack, 2, False, True, True,
                 (bettor,), spot.showdown)
    raised = max(r.growth for r in put_in(faced, raise_totals(faced))) + math.log(w)
    replies = {"fold": math.log(w), "call": called, "raise": raised}
    win, tie = river_outcome(hero, board, rival.weights * (1 - betting))
    checked = win * math.log(w + p) + tie * math.log(w + p / 2) + (1 - win - tie) * math.log(w)
    expected = share * max(replies.values()) + (1 - share) * checked - math.log(w)
    assert 0 < share < 1
    assert max(replies, key=lambda kind: replies[kind]) == reply
    assert evaluate(spot)[0].growth == pytest.approx(expected, abs=1e-9)


def test_the_nuts_bets_against_a_nit_and_no_less_against_a_station() -> None:
    """Checked to in position, against every hand (not narrowed) on a paired board most
    of a nit's range is a pair strong enough to call, and a defender of elasticity 1
    calls ``1/z`` of the time, so the nuts bets the largest size tried against both; the
    station's smaller elasticity never makes it bet less.  (The door's hand-file test
    compares a real line, where the nit's range is narrowed: there the station's bet is
    bigger.  Out of position the nuts may check to raise instead: the test above.)"""
    def size(profile: str) -> int:
        spot = river_spot("AhAd", "AsAc7d2h3s", PRESETS[profile])
        checked = replace(spot, rivals=(replace(spot.rivals[0], acts_after=False),))
        return best(evaluate(checked)).total

    assert size("station") >= size("nit") > 0


@pytest.mark.parametrize("board", ["", "Qs7d2c", "Qs7d2c9h"])
def test_multiway_columns_are_the_showdown_s_outcome_against_those_ranges(board: str) -> None:
    """The columns' products per runout, multiplied row by row, against the showdown's
    own outcome for the same ranges (independent given the board)."""
    hero, board_mask = cards_to_mask(parse_cards("AhKd")), cards_to_mask(parse_cards(board))
    sd = showdown(hero, board_mask)
    rng = np.random.default_rng(len(board))
    ranges = [rng.random(1326) * sd.live_combos() for _ in range(4)]
    columns = _Columns(sd)
    index = [columns.add(weights, shared=True) for weights in ranges]
    for chosen in ([0, 1], [1, 3], [0, 2, 3], [0, 1, 2, 3]):
        expected = sd.outcome(np.stack([ranges[i] for i in chosen], axis=1))
        got = columns.outcome([index[i] for i in chosen])
        assert got == pytest.approx(expected, rel=1e-6, abs=1e-9)


@pytest.mark.parametrize("seed", range(4))
def test_the_callers_patterns_are_every_likely_pattern_with_its_chance(seed: int) -> None:
    """Against brute force over all 2^n patterns, at three sizes at once: the same
    patterns at or above the floor, in the depth-first order (fold before call, so that
    of the patterns as tuples), with the product of their answers' chances, and nothing
    below the floor."""
    rng = np.random.default_rng(seed)
    sizes, n = 3, 8
    fold = rng.uniform(0.5, 1.0, (n, sizes))
    call = (1.0 - fold) * rng.uniform(0.2, 1.0, (n, sizes))  # the rest raises
    starts, called, chance = caller_patterns(fold, call, PATTERN_FLOOR)
    assert starts[0] == 0 and starts[-1] == len(chance) == len(called)
    for size in range(sizes):
        expected = []
        for pattern in itertools.product((False, True), repeat=n):
            p = 1.0
            for j, calls in enumerate(pattern):
                p *= call[j, size] if calls else fold[j, size]
            if p >= PATTERN_FLOOR:
                expected.append((pattern, p))
        rows = range(starts[size], starts[size + 1])
        assert [tuple(called[k].tolist()) for k in rows] == [e[0] for e in expected]
        assert [chance[k] for k in rows] == [e[1] for e in expected]
        assert len(expected) < 2 ** n  # the floor left some out


@pytest.mark.parametrize(("ante", "limpers", "opener_bet", "hero_bet"),
                         [(0, 0, 0, 0), (3, 0, 0, 0), (0, 2, 0, 0), (3, 1, 6, 0),
                          (0, 1, 6, 2), (2, 0, 6, 15)])
def test_dead_money_is_the_blinds_antes_and_limps(ante: int, limpers: int, opener_bet: int,
                                                   hero_bet: int) -> None:
    """By hand, with blinds 1/2: the pot less every live raise (a player with more than the
    big blind in), hero's own included; what a raise put in is not dead money."""
    hero_mask = cards_to_mask(parse_cards("AhKd"))
    sd = showdown(hero_mask, 0)
    weights = sd.live_combos().astype(float)
    strength = board_strength(0)

    def seat(index: int, bet: int) -> Opponent:
        return Opponent(index, weights, strength, PRESETS["tag"], 400, bet, True)

    rivals = [seat(0, 1), seat(1, 2)] + [seat(2 + k, 2) for k in range(limpers)]
    if opener_bet:
        rivals.append(seat(9, opener_bet))
    pot = 1 + 2 + ante + 2 * limpers + opener_bet + hero_bet
    spot = Spot(1000.0, pot, 400, hero_bet, max(opener_bet, 2), None, None, 2, True, False,
                False, tuple(rivals), sd)
    dead = 1 + 2 + ante + 2 * limpers + (hero_bet if hero_bet <= 2 else 0)
    assert _dead_money(spot) == dead


@pytest.mark.parametrize("name", ["unknown", "tag", "maniac"])
def test_a_three_bettor_folds_its_bluffs_to_a_four_bet_and_an_opener_follows_the_price(
        name: str) -> None:
    """By the priors' own make-up, a 3-bet range is a share 1 - β of value and β of
    bluffs: against a 4-bet at the reference price (66 more into the 100 before it) the
    value continues and the bluffs fold, so it folds β of the time.  An opener facing the
    same price folds as a player facing a bet after the flop: 1 - σ(α_C)."""
    profile = PRESETS[name]
    sd = showdown(cards_to_mask(parse_cards("AhKd")), 0)
    live = sd.live_combos().astype(float)

    def folds(action: str) -> float:
        weights = prior_range(profile, 3, action, 6) * live
        rival = Opponent(1, weights, board_strength(0), profile, 400, 30, False,
                         raised=action)
        # Hero opened to 10 and faces a raise to 30, with 40 chips of dead money in: a
        # re-raise to 96 puts 66 more to the raiser, into a pot of 100 before it.
        spot = Spot(1000.0, 80, 390, 10, 30, 50, 400, 2, True, False, False, (rival,), sd)
        return put_in(spot, [96])[0].answers[0].fold

    assert folds("3bet") == pytest.approx(profile.bluff, abs=1e-3)
    assert folds("open") == pytest.approx(1.0 - 1.0 / (1.0 + math.exp(-profile.stickiness)),
                                          abs=1e-3)


def test_a_three_bettor_that_never_bluffs_calls_a_four_bet_without_a_logit_of_one() -> None:
    """β = 0 is a valid profile: its 3-bets are all value and none folds to a 4-bet at
    the reference price (the share is kept just below 1, whose logit does not exist)."""
    from dataclasses import replace

    profile = replace(PRESETS["tag"], bluff=0.0)
    sd = showdown(cards_to_mask(parse_cards("AhKd")), 0)
    weights = prior_range(profile, 3, "3bet", 6) * sd.live_combos()
    rival = Opponent(1, weights, board_strength(0), profile, 400, 30, False, raised="3bet")
    spot = Spot(1000.0, 80, 390, 10, 30, 50, 400, 2, True, False, False, (rival,), sd)
    assert put_in(spot, [96])[0].answers[0].fold < 0.01  # the tag preset folds 0.30
