"""Hero's odds of winning, splitting and losing: exact wherever it fits, else sampled.

Two doors lead in.  :func:`equity_vs_ranges` takes card masks and one
:class:`~assistant.ranges.Range` per opponent seat (``Range.full()`` for a random
hand); :func:`equity` takes cards and ranges as text, for the command line.  Both
check the question and pick a method:

``table``
    Hero's hand against random opponents before the flop, with nothing else
    known: read from the preflop table (exact for one opponent).
``exact``
    Every board and every deal counted (see :mod:`assistant.equity_kernels`):
    known hands and ranges before the flop, with at most one random opponent;
    after the flop, with up to three random opponents.  Ranges are enumerated
    combo by combo, so exact counting is chosen only when the estimated time fits
    :data:`EXACT_BUDGET_SECONDS`.  After the flop, hero's hand (or each combo of
    hero's range) against one or two weighted ranges is counted per board
    instead, every opponent holding weighed once (:class:`WeightedPlan`).
``monte-carlo``
    Seeded sampling until the standard error of the equity is below
    ``precision`` or ``samples`` deals are drawn.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING

import numpy as np

from assistant.cards import format_card, mask_to_cards, parse_cards
from assistant.combos import COMBO_CARDS, N_COMBOS, live_combos
from assistant.encoding import N_CARDS, suit_pattern
from assistant.equity_methods import MAX_OPPONENTS, MAX_TRIALS, METHODS
from assistant.errors import Cancelled, PokerInputError
from assistant.headsup_table import headsup_counts
from assistant.preflop_table import class_index, load_preflop_table
from assistant.ranges import COMBO_INDEX, HandRange, Range, parse_range

if TYPE_CHECKING:
    from assistant.evaluator import EvalTables

EXACT_BUDGET_SECONDS = 0.5
"""Exact counting is chosen automatically when its estimated time is at most this."""
MAX_RANDOM_EXACT = 3
MAX_PLANNED_DEALS = 200_000
# Measured costs on the reference machine (see BENCHMARKS.md), for the estimates.
PREFLOP_SECONDS = 1e-3  # one preflop count of known hands
BOARD_SECONDS = 2e-7  # one known hand on one board
HOLDING_SECONDS = 4e-9  # one random holding ranked and counted on one board
WEIGHED_SECONDS = 1e-8  # one holding of positive weight ranked and weighed, per opponent
MAX_WEIGHTED = 2  # weighted opponents counted per board
CHUNK_TRIALS = 25_000  # deals per sampling chunk at a precision of 0.001 or finer
MIN_CHUNK_TRIALS = 2_000

Progress = Callable[[float], None]
ShouldStop = Callable[[], bool]


@dataclass(frozen=True)
class Equity:
    """Hero's outcome odds against ``len(split)`` opponents.

    ``win``: hero alone has the best hand; ``split[s - 1]``: hero ties for best
    with exactly s opponents; ``lose``.  They sum to 1.  ``equity`` is hero's
    expected share of the pot.  ``trials`` counts the deals (board and opponent
    holdings) counted or sampled; ``stderr`` is the standard error of ``equity``
    (0 when exact).
    """

    win: float
    split: tuple[float, ...]
    lose: float
    equity: float
    exact: bool
    trials: int
    stderr: float
    method: str

    def to_dict(self) -> dict[str, object]:
        """The fields as plain JSON-ready values."""
        return {**asdict(self), "split": list(self.split)}


def equity_from_counts(counts: np.ndarray, method: str, exact: bool, trials: int,
                       stderr: float = 0.0) -> Equity:
    """An :class:`Equity` from outcome counts (win, split 1..n, lose), any scale.

    >>> e = equity_from_counts(np.array([50, 20, 30]), "exact", True, 100)
    >>> e.win, e.split, e.lose, e.equity
    (0.5, (0.2,), 0.3, 0.6)
    """
    total = float(np.sum(counts))
    p = np.asarray(counts, dtype=np.float64) / total
    return Equity(win=float(p[0]), split=tuple(float(x) for x in p[1:-1]), lose=float(p[-1]),
                  equity=_share(p), exact=exact, trials=trials, stderr=stderr, method=method)


def _share(p: Sequence[float] | np.ndarray) -> float:
    """Hero's share of the pot from the chances of its outcomes (win, split with 1..n,
    lose)."""
    return float(p[0] + sum(p[s] / (s + 1) for s in range(1, len(p) - 1)))


def _count_shares(rows: Sequence[np.ndarray]) -> list[float]:
    """Each row of exact outcome counts's share, as :func:`equity_from_counts` gives it
    (the same divisions in Python floats: cheaper for a few)."""
    shares = []
    for row in rows:
        counts = row.tolist()
        total = float(sum(counts))
        shares.append(_share([count / total for count in counts]))
    return shares


@dataclass(frozen=True)
class Deal:
    """A checked equity question: ranges of the known players (hero first), the
    board, dead cards and the number of opponents holding random cards."""

    players: tuple[HandRange, ...]
    board: tuple[int, ...]
    dead: tuple[int, ...]
    n_random: int

    @property
    def opponents(self) -> int:
        return len(self.players) - 1 + self.n_random

    @property
    def dead_mask(self) -> int:
        return _mask(self.dead)


def equity(hero: str, board: str = "", opponents: int = 1, vs: Sequence[str] = (),
           dead: str = "", samples: int | None = None, seed: int | None = None,
           progress: Progress | None = None, should_stop: ShouldStop | None = None,
           method: str = "auto", precision: float = 0.001) -> Equity:
    """Hero's odds of winning, splitting and losing at showdown.

    ``hero`` is two cards or a range; ``board`` 0, 3, 4 or 5 cards; ``opponents``
    the number of live opponents, of whom ``vs`` gives some as known hands or
    ranges (the rest hold random cards); ``dead`` cards are out of play.  Sampling
    draws at most ``samples`` deals (default: until the standard error is below
    ``precision``) from ``seed``.  ``progress(fraction)`` is called between chunks
    of work and ``should_stop()`` can end it early by raising :class:`Cancelled`.
    ``method`` forces ``"exact"``, ``"table"`` or ``"monte-carlo"``.

    >>> e = equity("AsKs", vs=["QhQd"])
    >>> e.method, round(e.win, 4), round(e.split[0], 4), round(e.lose, 4)
    ('exact', 0.4602, 0.0039, 0.5359)
    """
    _check_options(method, samples, precision)
    deal = parse_deal(hero, board, opponents, vs, dead)
    return solve(deal, method, samples, seed, precision, progress, should_stop)


def equity_vs_ranges(hero: int | Range, opponents: Sequence[Range], board_mask: int = 0,
                     dead_mask: int = 0, samples: int | None = None, seed: int | None = None,
                     progress: Progress | None = None, should_stop: ShouldStop | None = None,
                     method: str = "auto", precision: float = 0.001) -> Equity:
    """Hero's odds against one weighted range per opponent seat.

    ``hero`` is the card mask of hero's two cards, or a range; ``opponents`` holds
    each live opponent's :class:`Range` (``Range.full()`` for a random hand, weights
    may be 0); ``board_mask`` has 0, 3, 4 or 5 cards and ``dead_mask`` cards out of
    play.  Each range loses the combos that use a known card (hero's two cards, the
    board, the dead cards); deals of several ranges are weighted by the product of
    their weights, and combos that clash are never dealt together.  The other
    arguments are those of :func:`equity`.

    >>> from assistant.cards import cards_to_mask, parse_cards
    >>> hero = cards_to_mask(parse_cards("AsKs"))
    >>> e = equity_vs_ranges(hero, [Range.parse("QhQd")])
    >>> e.method, round(e.equity, 4)
    ('exact', 0.4621)
    >>> flop = cards_to_mask(parse_cards("Qs 7d 2c"))
    >>> vs_random = equity_vs_ranges(hero, [Range.full()], flop)
    >>> vs_random == equity("AsKs", "Qs 7d 2c")
    True
    """
    _check_options(method, samples, precision)
    return solve(ranges_deal(hero, opponents, board_mask, dead_mask), method, samples, seed,
                 precision, progress, should_stop)


def solve(deal: Deal, method: str = "auto", samples: int | None = None, seed: int | None = None,
          precision: float = 0.001, progress: Progress | None = None,
          should_stop: ShouldStop | None = None) -> Equity:
    """The odds of a checked question by ``method`` (see :func:`equity`)."""
    plan: ExactPlan | WeightedPlan | None = None
    if method == "auto":
        method, plan = choose_method(deal)
    elif method == "exact":
        plan = best_exact_plan(deal)
    if method == "table":
        return _table_equity(deal)
    if method == "exact":
        return exact_equity(deal, plan, progress, should_stop)
    return sample_equity(deal, samples, seed, precision, progress, should_stop)


def _check_options(method: str, samples: int | None, precision: float) -> None:
    if method not in METHODS:
        raise PokerInputError(f"{method!r} is not a method: choose one of {', '.join(METHODS)}")
    if samples is not None and samples < 1:
        raise PokerInputError(f"samples must be at least 1, not {samples!r}")
    if not precision > 0:
        raise PokerInputError(f"precision must be above 0, not {precision!r}")


def ranges_deal(hero: int | Range, opponents: Sequence[Range], board_mask: int,
                dead_mask: int) -> Deal:
    """Check an equity question given as masks and ranges; raises :class:`PokerInputError`.

    A range of weight 1 on every combo that misses the known cards is a random
    opponent, which the engine deals fastest.
    """
    board_cards, dead_cards = _mask_cards(board_mask, "board"), _mask_cards(dead_mask, "dead")
    if len(board_cards) not in (0, 3, 4, 5):
        raise PokerInputError(f"a board has 0, 3, 4 or 5 cards; the board mask {board_mask:#x}"
                              f" has {len(board_cards)}")
    if isinstance(hero, Range):
        hero_range = hero
    elif isinstance(hero, int) and not isinstance(hero, bool):
        hero_cards = _mask_cards(hero, "hero")
        if len(hero_cards) != 2:
            raise PokerInputError(f"hero holds two cards; the hero mask {hero:#x} has"
                                  f" {len(hero_cards)}")
        hero_range = Range.of_hand(hero_cards[0], hero_cards[1])
    else:
        raise PokerInputError(f"hero is a card mask or a Range, not {hero!r}")
    if isinstance(opponents, Range) or not opponents:
        raise PokerInputError("give one Range per opponent seat, at least one")
    for seat, opponent in enumerate(opponents, 1):
        if not isinstance(opponent, Range):
            raise PokerInputError(f"opponent {seat}'s range is not a Range: {opponent!r}")
    needed = 2 * (1 + len(opponents)) + 5 + len(dead_cards)
    if needed > N_CARDS:
        raise PokerInputError(f"{len(opponents)} opponents, a board and {len(dead_cards)} dead"
                              f" cards need {needed} cards; the deck has {N_CARDS}")
    known = [("the board", board_cards), ("the dead cards", dead_cards)]
    hero_hand = hero_range.hand_range("the hero's range")
    if hero_hand.is_single_hand:
        known.append(("the hero's hand", hero_hand.combos[0].tolist()))
    _check_disjoint(known)
    fixed = _mask(card for _, cards in known for card in cards)
    live = live_combos(fixed)
    if not (hero_range.weights * live_combos(board_mask | dead_mask)).any():
        raise PokerInputError(f"hero's range {hero_range.to_notation()!r} is empty once the"
                              " board and the dead cards are removed")
    players = [hero_hand if hero_hand.is_single_hand else hero_hand.without(fixed)]
    n_random = 0
    for seat, opponent in enumerate(opponents, 1):
        if (opponent.weights[live] == 1).all():
            n_random += 1
        elif not (opponent.weights * live).any():
            raise PokerInputError(f"opponent {seat}'s range {opponent.to_notation()!r} is empty"
                                  " once hero's cards, the board and the dead cards are removed")
        else:
            players.append(opponent.hand_range(f"opponent {seat}'s range").without(fixed))
    return Deal(tuple(players), tuple(board_cards), tuple(dead_cards), n_random)


def _mask_cards(mask: int, name: str) -> list[int]:
    if not isinstance(mask, int) or isinstance(mask, bool):
        raise PokerInputError(f"the {name} mask must be an int, not {mask!r}")
    return mask_to_cards(mask)


def known_deal(hands: Sequence[Sequence[int]], board: Sequence[int],
               dead: Sequence[int] = ()) -> Deal:
    """The equity question of known hands (hero's first, two card indices each) on a
    board, with dead cards, as :func:`parse_deal` makes it from their text without
    the text; raises :class:`PokerInputError` for a card given twice.

    >>> deal = known_deal([parse_cards("AhKd"), parse_cards("QsQc")], parse_cards("2c7d9h"))
    >>> exact_equity(deal, best_exact_plan(deal)) == equity("AhKd", "2c7d9h", vs=["QsQc"])
    True
    """
    _check_known(hands, board, dead)
    players = tuple(Range.of_hand(*hand).hand_range(format_card(hand[0]) + format_card(hand[1]))
                    for hand in hands)
    return Deal(players, tuple(board), tuple(dead), 0)


def _check_known(hands: Sequence[Sequence[int]], board: Sequence[int],
                 dead: Sequence[int]) -> None:
    """Refuse known hands, a board and dead cards that are not one deal of the deck."""
    if (len(hands) < 2 or any(len(hand) != 2 for hand in hands) or len(board) not in (0, 3, 4, 5)
            or 2 * len(hands) + 5 + len(dead) > N_CARDS):
        raise PokerInputError(f"two or more hands of two cards and a board of 0, 3, 4 or 5 cards"
                              f" in a deck of {N_CARDS}, not {hands!r}, {board!r} and {dead!r}")
    _check_disjoint([("the board", list(board)), ("the dead cards", list(dead)),
                     *((_player_name(i) + "'s hand", list(hand)) for i, hand in enumerate(hands))])


def known_equities(hands: Sequence[Sequence[int]], board: Sequence[int],
                   dead: Sequence[int] = (), heroes: int = 1) -> list[float]:
    """The exact equity of each of the first ``heroes`` known hands (two card indices
    each) on a board, with dead cards: for hand ``h``,
    ``solve(known_deal(hands, board, dead), "exact").equity`` with hand ``h`` first, the
    same counts, from the kernels at once (one deal of known hands needs no ranges and
    no plan; before the flop every board is valued once for all the heroes), or for
    two hands before the flop with no card dead from the table of those counts
    (:mod:`assistant.headsup_table`).  Raises
    :class:`PokerInputError` as :func:`known_deal` does.

    >>> hands = [parse_cards("AhKd"), parse_cards("QsQc"), parse_cards("7h7d")]
    >>> known_equities(hands, (), heroes=2) == [
    ...     solve(known_deal([hands[h], *hands[:h], *hands[h + 1:]], ()), "exact").equity
    ...     for h in range(2)]
    True
    """
    _check_known(hands, board, dead)
    if not 1 <= heroes <= len(hands):
        raise PokerInputError(f"{heroes} heroes among {len(hands)} hands")
    return _count_shares(_known_rows(hands, board, dead, [range(len(hands))], [heroes])[0])


def pot_equities(hands: Sequence[Sequence[int]], board: Sequence[int],
                 pots: Sequence[Sequence[int]]) -> list[list[float]]:
    """For each pot (the indices of the two or more ``hands`` that can win it), the
    exact equity of each of its hands but the last, the other hands' cards dead:
    ``known_equities([hands[i] for i in pot], board, dead, heroes=len(pot) - 1)`` with
    ``dead`` the other hands' cards, the same counts, every board valued once for all
    the pots before the flop.  Raises :class:`PokerInputError` as :func:`known_deal`
    does, or for a pot that is not two or more of the hands.

    >>> hands = [parse_cards("AhKd"), parse_cards("QsQc"), parse_cards("7h7d")]
    >>> pot_equities(hands, (), [(0, 1, 2), (1, 2)]) == [
    ...     known_equities(hands, (), heroes=2), known_equities(hands[1:], (), hands[0])]
    True
    """
    _check_known(hands, board, ())
    for pot in pots:
        if len(pot) < 2 or len(set(pot)) != len(pot) or not all(
                0 <= i < len(hands) for i in pot):
            raise PokerInputError(f"a pot of {list(pot)!r}: two or more of {len(hands)} hands")
    return [_count_shares(rows)
            for rows in _known_rows(hands, board, (), pots, [len(pot) - 1 for pot in pots])]


def _known_rows(hands: Sequence[Sequence[int]], board: Sequence[int], dead: Sequence[int],
                pots: Sequence[Sequence[int]], heroes: Sequence[int]) -> list[list[np.ndarray]]:
    """The outcome counts of each of the first ``heroes[p]`` hands of each pot ``p``
    (indices into ``hands``; the hands in no pot are out of play), from the kernels,
    or for two hands before the flop with no card dead from the table of those counts
    (:mod:`assistant.headsup_table`)."""
    if not board and not dead and len(hands) == 2:  # heads-up before the flop: a lookup
        return [[headsup_counts(hands[pot[h]], hands[pot[1 - h]]) for h in range(n)]
                for pot, n in zip(pots, heroes, strict=True)]
    from assistant.equity_kernels import (  # numba: off the window's imports
        postflop_counts,
        preflop_pot_counts,
    )
    from assistant.evaluator import load_tables

    tables = load_tables()
    dead_mask = _mask(dead)
    if not board:
        members = np.zeros((len(pots), len(hands)), dtype=np.int64)
        for p, pot in enumerate(pots):
            members[p, :len(pot)] = pot
        counts = preflop_pot_counts(np.array(hands, dtype=np.int64), dead_mask, members,
                                    np.array([len(pot) for pot in pots], dtype=np.int64),
                                    np.array(heroes, dtype=np.int64), tables)
        return [[counts[p, h, :len(pot) + 1] for h in range(heroes[p])]
                for p, pot in enumerate(pots)]
    cards = np.array(board, dtype=np.int64)
    rows = []
    for pot, pot_heroes in zip(pots, heroes, strict=True):
        mine = [hands[i] for i in pot]
        out = dead_mask | _mask(card for i in range(len(hands)) if i not in pot
                                for card in hands[i])
        rows.append([postflop_counts(np.array([mine[h], *mine[:h], *mine[h + 1:]],
                                              dtype=np.int64),
                                     cards, out, 0, 0, N_CARDS, tables)
                     for h in range(pot_heroes)])
    return rows


def parse_deal(hero: str, board: str, opponents: int, vs: Sequence[str], dead: str) -> Deal:
    """Parse and check an equity question; raises :class:`PokerInputError`."""
    if isinstance(vs, str):
        vs = [vs]
    board_cards = parse_cards(board)
    if len(board_cards) not in (0, 3, 4, 5):
        raise PokerInputError(f"a board has 0, 3, 4 or 5 cards; {board!r} has {len(board_cards)}")
    if not isinstance(opponents, int) or isinstance(opponents, bool) or opponents < 1:
        raise PokerInputError(f"opponents must be a whole number of at least 1, not {opponents!r}")
    if len(vs) > opponents:
        raise PokerInputError(f"{len(vs)} opponents' hands given for {opponents} opponents")
    dead_cards = parse_cards(dead)
    players = [parse_range(hero)] + [parse_range(text) for text in vs]
    needed = 2 * (1 + opponents) + 5 + len(dead_cards)
    if needed > N_CARDS:
        raise PokerInputError(f"{opponents} opponents, a board and {len(dead_cards)} dead cards"
                              f" need {needed} cards; the deck has {N_CARDS}")
    known = [("the board", board_cards), ("the dead cards", dead_cards)]
    for i, player in enumerate(players):
        if player.is_single_hand:
            known.append((_player_name(i) + "'s hand", player.combos[0].tolist()))
    _check_disjoint(known)
    fixed = _mask(card for _, cards in known for card in cards)
    players = [p if p.is_single_hand else p.without(fixed) for p in players]
    return Deal(tuple(players), tuple(board_cards), tuple(dead_cards), opponents - len(vs))


def _table_applies(deal: Deal) -> bool:
    return (not deal.board and not deal.dead and len(deal.players) == 1
            and deal.players[0].is_single_hand and deal.n_random <= MAX_OPPONENTS)


@dataclass(frozen=True)
class ExactPlan:
    """The deals of known hands that exact counting goes through, and its cost.

    ``hands[i]`` (int64 (m, 2)) is one way to give every known player (and, before
    the flop, one random opponent) a combo, with weight ``weights[i]``.  Before the
    flop ``patterns[i]`` is its suit pattern: deals with equal patterns have equal
    counts.  ``seconds`` estimates the time on this project's reference machine.
    """

    hands: list[np.ndarray]
    weights: list[float]
    patterns: list[tuple[int, ...]] | None
    seconds: float


def plan_exact(deal: Deal, limit: float = math.inf) -> ExactPlan | None:
    """How exact counting would go, or None where it is unavailable, too large, or
    estimated to take more than ``limit`` seconds (planning stops as soon as it is,
    so that large ranges are not enumerated just to be turned down)."""
    if deal.n_random > (MAX_RANDOM_EXACT if deal.board else 1):
        return None
    players = list(deal.players)
    used = deal.dead_mask | _mask(deal.board)
    if not deal.board and deal.n_random:
        players.append(Range.full().hand_range("a random hand").without(
            used | _known_mask(players)))
    if math.prod(len(p) for p in players) > MAX_PLANNED_DEALS:
        return None
    per_deal = _seconds_per_deal(deal, len(players)) if deal.board else 0.0
    hands: list[np.ndarray] = []
    weights: list[float] = []
    patterns: list[tuple[int, ...]] = []
    distinct: set[tuple[int, ...]] = set()
    for hand, weight in _disjoint_deals(players, used):
        hands.append(hand)
        weights.append(weight)
        if not deal.board:
            patterns.append(suit_pattern(hand.tolist(), deal.dead_mask))
            distinct.add(patterns[-1])
        if max(len(distinct) * PREFLOP_SECONDS, len(hands) * per_deal) > limit:
            return None
    if not hands:
        raise PokerInputError("the ranges cannot all be dealt at once: they share every combo")
    if not deal.board:
        return ExactPlan(hands, weights, patterns, len(distinct) * PREFLOP_SECONDS)
    return ExactPlan(hands, weights, None, len(hands) * per_deal)


def _seconds_per_deal(deal: Deal, n_known: int) -> float:
    """The estimated time to count one deal of ``n_known`` known hands after the flop."""
    free = N_CARDS - 2 * n_known - len(deal.board) - len(deal.dead)
    missing = 5 - len(deal.board)
    rest = free - missing
    holdings = rest * (rest - 1) // 2 if deal.n_random else 0
    per_board = (BOARD_SECONDS * n_known
                 + HOLDING_SECONDS * holdings * (rest if deal.n_random == 3 else 1))
    return math.comb(free, missing) * per_board


@dataclass(frozen=True)
class WeightedPlan:
    """Exact counting after the flop of hero's combos against one or two weighted
    opponents, board by board (:func:`~assistant.equity_kernels.weighted_counts`).

    ``opponents`` (float64 (k, 1326)) holds each opponent's weights (ones for a
    random opponent); ``seconds`` estimates the time on the reference machine.
    """

    opponents: np.ndarray
    seconds: float


def plan_weighted(deal: Deal) -> WeightedPlan | None:
    """How per-board weighted counting would go, or None where it does not apply:
    before the flop, beyond :data:`MAX_WEIGHTED` opponents, or when no opponent holds
    a range (known hands and random opponents are counted faster by :func:`plan_exact`)."""
    ranged = [p for p in deal.players[1:] if not p.is_single_hand]
    if not deal.board or not ranged or deal.opponents > MAX_WEIGHTED:
        return None
    weights = np.ones((deal.opponents, N_COMBOS))
    for row, player in enumerate(deal.players[1:]):
        weights[row] = 0.0
        weights[row, COMBO_INDEX[player.combos[:, 0], player.combos[:, 1]]] = player.weights
    free = N_CARDS - 2 - len(deal.board) - len(deal.dead)
    boards = math.comb(free, 5 - len(deal.board))
    holdings = int(((weights > 0).any(axis=0) & live_combos(_mask(deal.board + deal.dead))).sum())
    seconds = len(deal.players[0]) * boards * holdings * WEIGHED_SECONDS * deal.opponents
    return WeightedPlan(weights, seconds)


def best_exact_plan(deal: Deal, limit: float = math.inf) -> ExactPlan | WeightedPlan | None:
    """The faster of the two ways to count exactly, or None if neither applies
    (``limit`` as in :func:`plan_exact`).

    When per-board weighting applies, dealing every combination of the ranges is
    planned only if even as many deals as the product of the range sizes would be
    faster, so that large ranges are not enumerated just to be turned down.
    """
    weighted = plan_weighted(deal)
    if weighted is not None:
        most_deals = math.prod(len(p) for p in deal.players)
        if most_deals * _seconds_per_deal(deal, len(deal.players)) >= weighted.seconds:
            return weighted
    dealt = plan_exact(deal, limit)
    if dealt is None or (weighted is not None and weighted.seconds < dealt.seconds):
        return weighted
    return dealt


def choose_method(deal: Deal) -> tuple[str, ExactPlan | WeightedPlan | None]:
    """The method ``"auto"`` picks (the table, exact counting within budget, or
    sampling), with the exact plan it weighed, so that counting need not plan again."""
    if _table_applies(deal):
        return "table", None
    plan = best_exact_plan(deal, EXACT_BUDGET_SECONDS)
    if plan is not None and plan.seconds <= EXACT_BUDGET_SECONDS:
        return "exact", plan
    return "monte-carlo", None


def _table_equity(deal: Deal) -> Equity:
    if not _table_applies(deal):
        raise PokerInputError("the preflop table answers only one known hand against 1 to"
                              f" {MAX_OPPONENTS} random opponents, with no board or dead cards")
    table = load_preflop_table()
    row, n = class_index(deal.players[0].combos[0].tolist()), deal.n_random
    return equity_from_counts(table.outcomes[row, n - 1, : n + 2], "table",
                              bool(table.exact[row, n - 1]), int(table.trials[row, n - 1]),
                              float(table.stderr[row, n - 1]))


def exact_equity(deal: Deal, plan: ExactPlan | WeightedPlan | None,
                 progress: Progress | None = None,
                 should_stop: ShouldStop | None = None) -> Equity:
    """Exact odds of a checked question by one of its exact plans."""
    if plan is None:
        raise PokerInputError(
            f"exact counting handles at most {MAX_RANDOM_EXACT} random opponents after the"
            f" flop, 1 before it, and ranges of up to {MAX_PLANNED_DEALS:,} combinations;"
            " use sampling")
    if isinstance(plan, WeightedPlan):
        return _weighted_equity(deal, plan, progress, should_stop)
    from assistant.equity_kernels import preflop_counts  # numba: off the window's imports
    from assistant.evaluator import load_tables

    tables = load_tables()
    counts = np.zeros(deal.opponents + 2, dtype=np.float64)
    trials = 0
    cache: dict[tuple[int, ...], np.ndarray] = {}
    board = np.array(deal.board, dtype=np.int64)
    for done, (hands, weight) in enumerate(zip(plan.hands, plan.weights, strict=True)):
        _check_stop(should_stop)
        if plan.patterns is not None:
            pattern = plan.patterns[done]
            if pattern not in cache:
                cache[pattern] = preflop_counts(hands, deal.dead_mask, tables)
            part = cache[pattern]
        else:
            part = _postflop_in_chunks(hands, board, deal, len(plan.hands) == 1, progress,
                                       should_stop, tables)
        counts += weight * part
        trials += int(part.sum())
        if progress is not None:
            progress((done + 1) / len(plan.hands))
    return equity_from_counts(counts, "exact", True, trials)


def _postflop_in_chunks(hands: np.ndarray, board: np.ndarray, deal: Deal, report: bool,
                        progress: Progress | None, should_stop: ShouldStop | None,
                        tables: EvalTables) -> np.ndarray:
    """Exact postflop counts, split by the first card of the board completion so that
    a single long count can report progress and stop."""
    from assistant.equity_kernels import postflop_counts  # numba: off the window's imports

    if len(deal.board) == 5 or not report:
        return postflop_counts(hands, board, deal.dead_mask, deal.n_random, 0, N_CARDS, tables)
    free = N_CARDS - 2 * len(hands) - len(deal.board) - len(deal.dead)
    counts = np.zeros(deal.opponents + 2, dtype=np.int64)
    step = max(1, free // 16)
    for first in range(0, free, step):
        _check_stop(should_stop)
        counts += postflop_counts(hands, board, deal.dead_mask, deal.n_random, first,
                                  first + step, tables)
        if progress is not None:
            progress(min(1.0, (first + step) / free))
    return counts


def _weighted_equity(deal: Deal, plan: WeightedPlan, progress: Progress | None,
                     should_stop: ShouldStop | None) -> Equity:
    """Exact odds by :func:`~assistant.equity_kernels.weighted_counts`, in chunks of
    the first card of the board completion so that it can report progress and stop."""
    from assistant.equity_kernels import weighted_counts  # numba: off the window's imports
    from assistant.evaluator import load_tables

    tables = load_tables()
    hero = deal.players[0]
    board = np.array(deal.board, dtype=np.int64)
    counts = np.zeros(deal.opponents + 2)
    trials = 0.0
    free = N_CARDS - 2 - len(deal.board) - len(deal.dead)
    step = free if len(deal.board) == 5 else max(1, free // 16)
    for first in range(0, free, step):
        _check_stop(should_stop)
        part, dealt = weighted_counts(hero.combos, hero.weights, board, deal.dead_mask,
                                      plan.opponents, COMBO_CARDS, first, first + step, tables)
        counts += part
        trials += dealt
        if progress is not None:
            progress(min(1.0, (first + step) / free))
    if not trials:
        raise PokerInputError("the ranges cannot all be dealt at once: they share every combo")
    return equity_from_counts(counts, "exact", True, round(trials))


def sample_equity(deal: Deal, samples: int | None, seed: int | None, precision: float,
                  progress: Progress | None = None,
                  should_stop: ShouldStop | None = None) -> Equity:
    """Monte Carlo odds: chunks of seeded deals until the standard error of the equity
    is below ``precision`` or ``samples`` deals are drawn.

    At least two chunks are drawn before stopping.  A chunk holds
    :data:`CHUNK_TRIALS` deals, fewer for a precision coarser than 0.001 (in
    proportion to the deals that precision needs), so that a coarse answer is quick.
    """
    from assistant.equity_kernels import sample_counts  # numba: off the window's imports
    from assistant.evaluator import load_tables

    tables = load_tables()
    masks = np.concatenate([(np.int64(1) << p.combos[:, 0]) | (np.int64(1) << p.combos[:, 1])
                            for p in deal.players])
    cumulative = np.concatenate([np.cumsum(p.weights) for p in deal.players])
    offsets = np.cumsum([0] + [len(p) for p in deal.players]).astype(np.int64)
    board = np.array(deal.board, dtype=np.int64)
    limit = samples if samples is not None else MAX_TRIALS
    seeds = np.random.default_rng(seed)
    counts = np.zeros(deal.opponents + 2, dtype=np.int64)
    trials, share_sum, share_squares, stderr = 0, 0.0, 0.0, math.inf
    chunk_trials = max(MIN_CHUNK_TRIALS, round(CHUNK_TRIALS * min(1.0, 0.001 / precision) ** 2))
    while trials < limit:
        _check_stop(should_stop)
        chunk = min(chunk_trials, limit - trials)
        total, squares = sample_counts(masks, cumulative, offsets, deal.n_random, board,
                                       deal.dead_mask, chunk, int(seeds.integers(2**62)),
                                       counts, tables)
        if total < 0:
            raise PokerInputError("the ranges cannot all be dealt at once: they share almost"
                                  " every combo")
        trials += chunk
        share_sum += total
        share_squares += squares
        mean = share_sum / trials
        variance = max(share_squares / trials - mean * mean, 0.0) * trials / max(trials - 1, 1)
        stderr = math.sqrt(variance / trials)
        if samples is None and trials >= 2 * chunk_trials and stderr < precision:
            break
        if progress is not None:
            needed = limit if samples is not None else max(trials, variance / precision**2)
            progress(min(1.0, trials / needed))
    return equity_from_counts(counts, "monte-carlo", False, trials, stderr)


def _disjoint_deals(players: list[HandRange], used: int) -> Iterator[tuple[np.ndarray, float]]:
    """Every way to give each player one combo with no card twice: (hands, weight)."""
    masks = [(np.int64(1) << p.combos[:, 0]) | (np.int64(1) << p.combos[:, 1]) for p in players]

    def extend(level: int, taken: int, chosen: list[int], weight: float
               ) -> Iterator[tuple[np.ndarray, float]]:
        if level == len(players):
            yield np.array([players[i].combos[c] for i, c in enumerate(chosen)]), weight
            return
        free = np.flatnonzero((masks[level] & np.int64(taken)) == 0)
        for c in free.tolist():
            yield from extend(level + 1, taken | int(masks[level][c]), [*chosen, c],
                              weight * float(players[level].weights[c]))

    yield from extend(0, used, [], 1.0)


def _check_disjoint(groups: list[tuple[str, list[int]]]) -> None:
    seen: dict[int, str] = {}
    for name, cards in groups:
        for card in cards:
            if card in seen:
                where = f"in {name}" if seen[card] == name else f"in {seen[card]} and {name}"
                raise PokerInputError(f"{format_card(card)} appears twice: {where}")
            seen[card] = name


def _check_stop(should_stop: ShouldStop | None) -> None:
    if should_stop is not None and should_stop():
        raise Cancelled("equity computation stopped")


def _known_mask(players: list[HandRange]) -> int:
    return _mask(c for p in players if p.is_single_hand for c in p.combos[0].tolist())


def _mask(cards: Iterator[int] | Sequence[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << int(card)
    return mask


def _player_name(index: int) -> str:
    return "the hero" if index == 0 else f"opponent {index}"


