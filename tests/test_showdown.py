"""The showdown matrices against the counting equity engine and brute force."""

import numpy as np
import pytest

from assistant.cards import cards_to_mask, format_cards, parse_cards
from assistant.combos import COMBO_CARDS, COMBO_MASKS, combo_index
from assistant.encoding import CATEGORY_SHIFT, FLUSH, STRAIGHT_FLUSH
from assistant.equity import equity
from assistant.equity_kernels import popcount13
from assistant.evaluator import evaluate, evaluate_many, load_tables, rank_position
from assistant.showdown import (
    _BIT_INDEX,
    _DE_BRUIJN,
    FIVE_RANK_SETS,
    LANES,
    PREFLOP_BOARDS,
    STRENGTH_RUNOUTS,
    Showdown,
    _class_index,
    _plain_classes,
    _plain_tables,
    _rank_order,
    _runouts,
    board_strength,
    showdown,
)


def masks(hero: str, board: str) -> tuple[int, int]:
    return cards_to_mask(parse_cards(hero)), cards_to_mask(parse_cards(board))


def one_hot(hand: str) -> np.ndarray:
    weights = np.zeros(1326)
    weights[combo_index(*parse_cards(hand))] = 1.0
    return weights


@pytest.mark.parametrize(("hero", "board", "villain"), [
    ("AhKd", "Qs7d2c", "QhQd"),
    ("8s9s", "Ts7h2s", "AcAd"),
    ("AsKs", "Qs7d2cJh", "Td9d"),
    ("5c5d", "Qs7d2cJh3h", "7c6c"),
])
def test_heads_up_against_one_hand_is_the_exact_equity(hero: str, board: str,
                                                       villain: str) -> None:
    sd = showdown(*masks(hero, board))
    win, tie = sd.outcome(one_hot(villain))
    exact = equity(hero, board, vs=[villain])
    assert win == pytest.approx(exact.win, abs=1e-12)
    assert tie == pytest.approx(exact.split[0], abs=1e-12)


@pytest.mark.parametrize(("hero", "board"), [("AhKd", "Qs7d2c"), ("7c7d", "Ks7s2h9d")])
def test_heads_up_against_the_full_range_is_the_random_opponent_equity(hero: str,
                                                                      board: str) -> None:
    sd = showdown(*masks(hero, board))
    win, tie = sd.outcome(sd.live_combos().astype(float))
    exact = equity(hero, board, 1)
    assert (win, tie) == pytest.approx((exact.win, exact.split[0]), abs=1e-12)


def test_weighted_range_is_the_weighted_mix_of_its_hands() -> None:
    hero, board = masks("AhKd", "Qs7d2c")
    sd = showdown(hero, board)
    weights = 0.25 * one_hot("QhQd") + one_hot("JcTc")
    # Each hand is live on the same number of runouts, so the mix weighs deals by weight.
    parts = [(0.25, equity("AhKd", "Qs7d2c", vs=["QhQd"])),
             (1.0, equity("AhKd", "Qs7d2c", vs=["JcTc"]))]
    expected = sum(w * e.win for w, e in parts) / 1.25
    assert sd.outcome(weights)[0] == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("seed", range(6))
def test_two_opponents_on_the_turn_are_close_to_the_exact_count(seed: int) -> None:
    """Opponents are independent given the board: card clashes between them are ignored,
    which moves the answer by well under a point (the design's bar: 0.01)."""
    rng = np.random.default_rng(seed)
    cards = rng.choice(52, 6, replace=False)
    hero, board = int(1 << cards[0] | 1 << cards[1]), 0
    for card in cards[2:]:
        board |= 1 << int(card)
    sd = showdown(hero, board)
    live = sd.live_combos().astype(float)
    win, tie = sd.outcome(np.stack([live, live], axis=1))
    exact = equity(format_cards(cards[:2].tolist()), format_cards(cards[2:].tolist()), 2)
    assert win + tie / 2 == pytest.approx(exact.win + exact.split[0] / 2 + exact.split[1] / 3,
                                          abs=0.01)


def test_outcomes_against_several_ranges_asked_again_are_the_ones_worked_out_anew() -> None:
    """A showdown keeps what it worked out against several ranges: asked again in any
    order, it answers what a showdown made afresh answers."""
    rng = np.random.default_rng(7)
    hero, board = masks("AhKd", "Qs7d2c")
    live = showdown(hero, board).live_combos()
    asks = [rng.random((1326, k)) * live[:, None] for k in (2, 3, 2)]
    kept = showdown.__wrapped__(hero, board, 0)
    first = [kept.outcome(ranges) for ranges in asks]
    again = [kept.outcome(ranges) for ranges in reversed(asks)][::-1]
    fresh = [showdown.__wrapped__(hero, board, 0).outcome(ranges) for ranges in asks]
    assert first == again == fresh
    assert first[0] != first[2]


def brute_sums(sd: Showdown, weights: np.ndarray) -> tuple[np.ndarray, ...]:
    """Per range (rows of ``weights``) and runout, the weight live, beaten and beaten or
    tied, combo by combo from the strengths (which are checked against the evaluator)."""
    live = sd.strengths >= 0
    beaten = live & (sd.strengths < sd.hero[:, None])
    level = live & (sd.strengths <= sd.hero[:, None])
    return tuple(weights @ m.T.astype(np.float64) for m in (live, beaten, level))


@pytest.mark.parametrize(("hero", "board", "dead"), [
    ("AhKd", "", ""), ("AsKs", "Qs7s2c", ""), ("2s3d", "Qs7s2s", "Kh"),
    ("AhKd", "Qs7s2s9s", ""), ("AsKh", "Qs7s2s9s3s", ""), ("8s9s", "TsJsQs", "2c"),
    ("2c3c", "4c5c6c", ""), ("AhKh", "", "7c"), ("7c7d", "Ks7s2h9d", ""),
    ("AhKd", "Qs7d2c", "")])
def test_runout_sums_are_the_combo_by_combo_sums(hero: str, board: str, dead: str) -> None:
    """The sums counted by ranks (flushes, combos holding runout cards and dead cards
    included) against the sums over the combos' strengths, for random ranges (with some
    weight on combos that cannot be held, which counts for nothing) and a single hand."""
    hero_mask, board_mask = masks(hero, board)
    sd = showdown.__wrapped__(hero_mask, board_mask, cards_to_mask(parse_cards(dead)))
    rng = np.random.default_rng(len(board) + len(dead))
    weights = rng.random((4, 1326)) * (rng.random((4, 1326)) < 0.5)
    weights[3] = one_hot("QhJh") if board_mask & cards_to_mask(parse_cards("QhJh")) == 0 \
        else one_hot("3h4h")
    got = sd.runout_sums(weights)
    expected = brute_sums(sd, weights * sd.live_combos())
    assert got.shape == (3, 4, sd.runouts)
    for a, b in zip(got, expected, strict=True):
        assert np.allclose(a, b, rtol=1e-12, atol=1e-9)
        assert (a >= 0).all()


@pytest.mark.parametrize(("hero", "board"), [("AhKd", ""), ("Ts9s", "Qs7s2c"),
                                             ("7c7d", "Ks7s2h9d")])
def test_runout_sums_of_more_ranges_than_lanes_are_the_combo_by_combo_sums(
        hero: str, board: str) -> None:
    """Ranges are summed :data:`LANES` at a time: with more of them (two lots and a
    part), each range's sums are still its own, as combo by combo."""
    sd = showdown.__wrapped__(*masks(hero, board), 0)
    rng = np.random.default_rng(len(board))
    weights = rng.random((2 * LANES + 3, 1326)) * (rng.random((2 * LANES + 3, 1326)) < 0.3)
    got = sd.runout_sums(weights)
    for a, b in zip(got, brute_sums(sd, weights * sd.live_combos()), strict=True):
        assert np.allclose(a, b, rtol=1e-12, atol=1e-9)
    for j in (0, LANES, 2 * LANES + 2):  # the same alone as among the others, to the bit
        assert sd.runout_sums(weights[j:j + 1]).tobytes() == got[:, j:j + 1].tobytes()


@pytest.mark.parametrize(("hero", "board"), [("AhKd", ""), ("AsKs", "Qs7s2c"),
                                             ("7c7d", "Ks7s2h9d")])
def test_runouts_are_grouped_by_rank_row_and_hero_strength(hero: str, board: str) -> None:
    """The range sums' groups, which share their sums by pairs of ranks, are the runouts
    of one multiset of ranks on the board and one hero strength (from the evaluator)."""
    hero_mask, board_mask = masks(hero, board)
    sd = showdown.__wrapped__(hero_mask, board_mask, 0)
    group_rows, group_hero, group_of = sd.steps[:3]
    t = load_tables()
    keys: list[tuple[tuple[int, ...], int]] = []
    for runout in sd.runout_masks.tolist():
        cards = board_mask | runout
        ranks = sorted(card % 13 for card in range(52) if cards >> card & 1)
        keys.append((tuple(ranks), evaluate(hero_mask | cards)))
    assert [evaluate(hero_mask | board_mask | r) for r in sd.runout_masks.tolist()] == \
        group_hero[group_of].tolist()
    by_key: dict[tuple[tuple[int, ...], int], int] = {}
    for key, group in zip(keys, group_of.tolist(), strict=True):
        assert by_key.setdefault(key, group) == group
    assert len(set(by_key.values())) == len(by_key) == group_rows.size
    rows = _plain_tables()[0]
    for (ranks, _), group in zip(keys, group_of.tolist(), strict=True):
        key = sum(int(t.suit_keys[1 << r]) for r in ranks)
        assert rows[rank_position(key, t)] == group_rows[group]


@pytest.mark.parametrize("board", ["", "Qs7d2c", "Qs7d2c9h"])
def test_several_ranges_outcome_is_the_product_of_the_combo_by_combo_sums(board: str) -> None:
    """Against k ranges (and k copies of every live combo, the every-hand-calls
    comparison): the ratio of the runouts' products of the sums over the combos."""
    hero, board_mask = masks("AhKd", board)
    sd = showdown.__wrapped__(hero, board_mask, 0)
    rng = np.random.default_rng(3)
    for weights in (rng.random((3, 1326)), np.stack([sd.live_combos().astype(float)] * 4)):
        live, beaten, level = (np.prod(s, axis=0).sum() for s in brute_sums(
            sd, weights * sd.live_combos()))
        win, tie = sd.outcome(weights.T)
        assert win == pytest.approx(beaten / live, rel=1e-12)
        assert tie == pytest.approx(level / live - beaten / live, rel=1e-9, abs=1e-12)


def test_preflop_sample_is_close_to_the_exact_table() -> None:
    hero, _ = masks("AhKd", "")
    sd = showdown(hero, 0)
    win, tie = sd.outcome(sd.live_combos().astype(float))
    exact = equity("AhKd", "", 1)
    assert win + tie / 2 == pytest.approx(exact.equity, abs=0.02)
    assert not sd.exact


def test_river_strength_is_the_share_of_random_hands_beaten() -> None:
    """Brute force: each combo against every other live combo on the river."""
    board = cards_to_mask(parse_cards("Ks7d2c4h3s"))
    strength = board_strength(board)
    live = [i for i, (a, b) in enumerate(COMBO_CARDS.tolist())
            if not (board >> a & 1 or board >> b & 1)]
    values = {i: evaluate(board | 1 << COMBO_CARDS[i][0] | 1 << COMBO_CARDS[i][1])
              for i in live}
    for i in live[::97]:
        beaten = sum(values[j] < values[i] for j in live if j != i)
        tied = sum(values[j] == values[i] for j in live if j != i)
        assert strength[i] == pytest.approx((beaten + tied / 2) / (len(live) - 1), abs=1e-12)
    assert np.isnan(strength[combo_index(*parse_cards("Ks8d"))])


def test_hero_equity_by_combo_matches_one_hand_equities() -> None:
    hero, board = masks("AhKd", "Qs7d2cJh")
    by_combo = showdown(hero, board).equity_by_combo()
    for villain in ("QhQd", "Tc9c", "As2s"):
        exact = equity("AhKd", "Qs7d2cJh", vs=[villain])
        assert by_combo[combo_index(*parse_cards(villain))] == pytest.approx(exact.equity)
    assert np.isnan(by_combo[combo_index(*parse_cards("AhQc"))])


def test_runout_counts() -> None:
    for board, runouts in (("Qs7d2c", 1081), ("Qs7d2cJh", 46), ("Qs7d2cJh3h", 1)):
        assert showdown(*masks("AhKd", board)).runouts == runouts
    assert showdown(*masks("AhKd", "")).runouts == PREFLOP_BOARDS


def direct_strengths(board: int, runout: int, blocked: int) -> np.ndarray:
    """Every combo's strength on one runout, evaluated one mask at a time (-1 if not
    live)."""
    live = (COMBO_MASKS & np.uint64(blocked | runout)) == 0
    out = np.full(len(COMBO_MASKS), -1, dtype=np.int64)
    out[live] = evaluate_many(COMBO_MASKS[live] | np.uint64(board | runout))
    return out


@pytest.mark.parametrize("seed", range(12))
def test_strengths_and_totals_are_those_of_the_evaluator(seed: int) -> None:
    """The kernel's per-runout look-ups (a 13 x 13 table of ranks, one flush suit) give
    the evaluator's strength for every combo, and the totals count its comparisons."""
    rng = np.random.default_rng(seed)
    cards = [int(c) for c in rng.choice(52, 8, replace=False)]
    hero = 1 << cards[0] | 1 << cards[1]
    board = sum(1 << c for c in cards[2:2 + (0, 3, 4, 5)[seed % 4]])
    dead = 1 << cards[7] if seed % 3 == 0 else 0
    sd = showdown(hero, board, dead)
    runouts, _ = _runouts(board, hero | board | dead)
    rows = range(0, runouts.size, max(1, runouts.size // 40))
    for r in rows:
        expected = direct_strengths(board, int(runouts[r]), hero | board | dead)
        assert (sd.strengths[r] == expected).all()
        assert sd.hero[r] == evaluate(hero | board | int(runouts[r]))
    live = sd.strengths >= 0
    beaten = live & (sd.strengths < sd.hero[:, None])
    assert (sd.totals[0] == beaten.sum(axis=0)).all()
    assert (sd.totals[1] == (sd.strengths == sd.hero[:, None]).sum(axis=0)).all()
    assert (sd.totals[2] == live.sum(axis=0)).all()


def test_flush_boards_match_the_evaluator() -> None:
    """Boards with three, four and five cards of a suit, where the kernel looks up the
    flush table for one suit only."""
    for hero, board in (("AsKs", "Qs7s2c"), ("2s3d", "Qs7s2s"), ("AhKd", "Qs7s2s9s"),
                        ("AsKh", "Qs7s2s9s3s"), ("8s9s", "TsJsQs"), ("8s9s", "TsJsQsKs"),
                        ("2c3c", "4c5c6c"), ("AhKh", "")):
        hero_mask, board_mask = masks(hero, board)
        sd = showdown(hero_mask, board_mask)
        runouts, _ = _runouts(board_mask, hero_mask | board_mask)
        for r in range(0, runouts.size, max(1, runouts.size // 60)):
            expected = direct_strengths(board_mask, int(runouts[r]), hero_mask | board_mask)
            assert (sd.strengths[r] == expected).all()


@pytest.mark.parametrize(("hero", "board", "dead"), [
    ("AsKh", "Qs7s2s9s3s", ""), ("2c3d", "4c5c6c7c", ""), ("8s9s", "TsJsQsKs", ""),
    ("AhKd", "Qs7s2s", ""), ("Ts9d", "Qs7s2s", "Ks"), ("AsKs", "Qs7s2c", "3s"),
    ("AhKh", "", ""), ("2d3s", "", "4s5s")])
def test_totals_on_boards_of_four_and_five_of_a_suit_are_the_evaluator_s(
        hero: str, board: str, dead: str) -> None:
    """The kernel counts the flushes of one card of a suit of four or five, and of no
    card of a suit of five, by card and by suit, not combo by combo: on boards where
    runouts bring four and five of a suit (and preflop, over the sampled boards), every
    runout's every live combo evaluated one by one gives the same totals."""
    hero_mask, board_mask = masks(hero, board)
    dead_mask = cards_to_mask(parse_cards(dead))
    sd = showdown.__wrapped__(hero_mask, board_mask, dead_mask)
    blocked = hero_mask | board_mask | dead_mask
    win, tie, live = np.zeros(1326), np.zeros(1326), np.zeros(1326)
    for runout in sd.runout_masks.tolist():
        values = direct_strengths(board_mask, runout, blocked)
        mine = evaluate(hero_mask | board_mask | runout)
        held = values >= 0
        win += held & (values < mine)
        tie += held & (values == mine)
        live += held
    assert (sd.totals[0] == win).all() and (sd.totals[1] == tie).all()
    assert (sd.totals[2] == live).all()


@pytest.mark.parametrize("board", ["Qs7d2c", "Ks7s2s9d", "8h8d2c"])
def test_board_strength_is_the_mean_share_beaten_over_its_runouts(board: str) -> None:
    """Brute force of the percentiles: on every runout used, sort the live combos'
    strengths and count each combo's weaker and equal ones."""
    board_mask = cards_to_mask(parse_cards(board))
    runouts, _ = _runouts(board_mask, board_mask)
    step = max(1, runouts.size // STRENGTH_RUNOUTS)
    total, count = np.zeros(1326), np.zeros(1326)
    for runout in runouts[::step].tolist():
        values = direct_strengths(board_mask, runout, board_mask)
        live = values >= 0
        ordered = np.sort(values[live])
        below = np.searchsorted(ordered, values[live], side="left")
        equal = np.searchsorted(ordered, values[live], side="right") - below
        total[live] += (below + 0.5 * (equal - 1)) / (live.sum() - 1)
        count[live] += 1
    expected = np.where(count > 0, total / np.maximum(count, 1), np.nan)
    assert np.allclose(board_strength(board_mask), expected, rtol=0, atol=1e-12,
                       equal_nan=True)


def test_the_de_bruijn_table_names_every_bit() -> None:
    """Each power of two has its own top six bits once multiplied (modulo 2**64), so the
    table that reads a bit's place off them has every place once."""
    assert sorted(_BIT_INDEX.tolist()) == list(range(64))
    for power in (1 << bit for bit in range(64)):
        assert _BIT_INDEX[power * int(_DE_BRUIJN) % 2**64 >> 58] == power.bit_length() - 1


def test_popcount_counts_the_bits_of_every_suit_mask() -> None:
    assert [popcount13(mask) for mask in range(1 << 13)] == [
        bin(mask).count("1") for mask in range(1 << 13)]


def test_plain_tables_are_the_evaluator_s_strengths_without_a_flush() -> None:
    """Every multiset of five ranks has one table; on random rainbow-ish boards each pair
    of ranks two more cards can make reads the evaluator's strength of those seven cards
    (suited so that no flush is made), and a pair no cards can make reads -1."""
    rows, plains = _plain_tables()
    assert sorted(rows[rows >= 0].tolist()) == list(range(FIVE_RANK_SETS))
    t = load_tables()
    rng = np.random.default_rng(5)
    for _ in range(40):
        board = [int(c) for c in rng.choice(52, 5, replace=False)]
        mask = sum(1 << c for c in board)
        key = sum(int(t.suit_keys[(mask >> (13 * s)) & 0x1FFF]) for s in range(4))
        table = plains[rows[rank_position(key, t)]]
        for ra, rb in ((0, 0), (3, 9), (12, 12), (5, 5), (7, 11)):
            free = [[s for s in range(4) if not mask >> (13 * s + r) & 1] for r in (ra, rb)]
            pairs = [(13 * x + ra, 13 * y + rb) for x in free[0] for y in free[1]
                     if 13 * x + ra != 13 * y + rb]
            values = [evaluate(mask | 1 << a | 1 << b) for a, b in pairs]
            plain = [v for v in values if v >> CATEGORY_SHIFT not in (FLUSH, STRAIGHT_FLUSH)]
            if not pairs:
                assert table[ra, rb] == -1
            elif plain:
                assert table[ra, rb] == table[rb, ra] == min(plain) == max(plain)


def test_rank_order_puts_each_pair_of_ranks_combos_side_by_side() -> None:
    """Every combo has its own place, and the places from ``starts[p]`` to
    ``starts[p + 1]`` hold exactly the combos of the pair of ranks ``p`` (13 times the
    lower rank plus the higher): 6 of a pocket pair, 16 of two ranks, none for p whose
    first rank is the higher."""
    place, starts = _rank_order()
    assert sorted(place.tolist()) == list(range(1326))
    at = np.empty(1326, np.int64)
    at[place] = np.arange(1326)
    for low in range(13):
        for high in range(13):
            p = 13 * low + high
            combos = at[starts[p]:starts[p + 1]]
            expected = [i for i, (a, b) in enumerate(COMBO_CARDS.tolist())
                        if sorted((a % 13, b % 13)) == [low, high]]
            assert sorted(combos.tolist()) == expected
            assert len(expected) == (6 if low == high else 16 if low < high else 0)


def test_plain_classes_order_as_the_strengths_do() -> None:
    """A runout's classes by pair of ranks are its strengths' ranks among the
    evaluator's classes: -1 where the strength is, equal where they are equal, and in
    the same order."""
    _, plains = _plain_tables()
    classes = _plain_classes()
    assert ((plains < 0) == (classes < 0)).all()
    rng = np.random.default_rng(9)
    for row in rng.choice(plains.shape[0], 40, replace=False).tolist():
        made = plains[row] >= 0
        strengths, kinds = plains[row][made], classes[row][made]
        assert (kinds == _class_index()[strengths]).all()
        assert (np.sign(strengths[:, None] - strengths[None, :])
                == np.sign(kinds[:, None] - kinds[None, :])).all()
