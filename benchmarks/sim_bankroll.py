"""Bankroll simulation: does following the assistant's advice grow a bankroll?

Run ``python benchmarks/sim_bankroll.py`` (``--quick`` for a smoke run).  Hero sits at a
heads-up or 6-handed table of one opponent type, blinds ``--small-blind``/``--big-blind``;
the button moves one seat every hand, so hero plays every position in turn.  Hero's stack
is hero's whole bankroll (the issue's model: the Kelly stake ``S`` is the bankroll); the
opponents start every hand with ``--opponent-stack`` big blinds.  Every hand goes through
:class:`assistant.hand.Hand`: blinds, one betting round before the flop (opponents by
type, hero by policy), then the board is dealt out with every player checking, and the
pots are awarded at showdown.  A path ends early when hero is ruined: the bankroll is
below the big blind, so hero cannot post it.

Opponent types rank the 169 starting-hand classes by their exact equity against one
random hand (the preflop table) and play the classes whose combinations, counted from
the best down, fall within a share of the 1,326: the top 8% is 16 classes (7.8% of the
combinations), 12% is 24 (11.6%), 15% is 30 (14.8%) and 50% is 90 (49.6%).

* ``always-call`` calls any bet (all-in for less if need be), checks when it owes
  nothing, never folds or raises.
* ``tight`` with nobody raised yet raises to 3 big blinds with the top 15% and
  otherwise checks or folds; facing a raise it calls with the top 8%, folds the
  rest, and never re-raises.
* ``loose-aggressive`` with nobody raised yet raises to 3 big blinds with the top
  50%; facing a raise it re-raises to 3 times the bet with the top 12% (it raises at
  most twice a hand, so two of them stop), calls with the top 50% and folds the rest.

Policies:

* ``full Kelly`` and ``half Kelly``: :func:`assistant.advice.advise_hand` (equity of
  hero's hand against the live opponents' random hands, from the preflop table) at
  ``kelly_scale`` 1 and 0.5, played by :func:`assistant.advice.play_advice`.
* ``earlier rule``: the earlier tool.  Its odds multiply hero's heads-up odds
  (win ``w``, tie ``t``) as if the ``n`` live opponents were independent: a tie with
  exactly ``s`` of them has probability ``C(n, s) t^s w^(n-s)``, a loss
  ``1 - (w + t)^n``.  It bets ``x B`` new chips, ``x`` from
  :func:`assistant.kelly.earlier_tool_fraction` with ``B`` hero's chips behind (what
  the tool asked for as the bankroll) and ``c`` = pot / ``B``.  It never folds: it
  raises when ``x B`` reaches a legal raise (capped at all-in) and otherwise calls or
  checks.

Decks are drawn per path from ``(seed, game, opponent type, path)``, the same for every
policy, so the policies are compared on the same cards.  The growth rate of a path is
``100 ln(W_end / W_start) / hands`` in nats per 100 hands, ``hands`` being the path's
length: a ruined path keeps its last bankroll, counted as at least one chip, which
understates its loss (its log-growth is minus infinity if it ends on 0).  The default,
100 paths of up to 300 hands in each of the 18 cells, took 10 to 11 minutes on one core
of the reference machine with other work on its other core.
"""

import argparse
import math
import platform
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from assistant.advice import advise_hand, play_advice
from assistant.cards import format_cards
from assistant.encoding import N_RANKS
from assistant.equity import equity
from assistant.hand import ActionKind, Hand, HandConfig, Street
from assistant.kelly import earlier_tool_fraction
from assistant.preflop_table import class_hand, class_index, load_preflop_table

HERO = 0
STYLES = ("always-call", "tight", "loose-aggressive")
GAMES = {"heads-up": 2, "6-max": 6}
OPEN_TO_BIG_BLINDS = 3
RERAISE_FACTOR = 3
MAX_RAISES = 2
TIGHT_OPEN, TIGHT_CALL = 0.15, 0.08
LOOSE_OPEN_OR_CALL, LOOSE_RERAISE = 0.50, 0.12


@dataclass(frozen=True)
class Policy:
    """How hero plays: ``kelly_scale`` of the assistant's advice, or None for the
    earlier tool's rule."""

    name: str
    kelly_scale: float | None


POLICIES = (Policy("full Kelly", 1.0), Policy("half Kelly", 0.5), Policy("earlier rule", None))


@dataclass(frozen=True)
class Table:
    """The table of one cell: seats, blinds in chips, stacks in chips."""

    seats: int
    small_blind: int
    big_blind: int
    start: int
    opponent_stack: int


@cache
def top_fraction() -> np.ndarray:
    """For each of the 169 classes, the share of the 1,326 combinations that are at least
    as strong, ranked by the exact equity against one random hand (float64, (169,))."""
    strength = load_preflop_table().equity[:, 0]
    rows, columns = np.divmod(np.arange(N_RANKS * N_RANKS), N_RANKS)
    combos = np.where(rows == columns, 6, np.where(rows < columns, 4, 12))
    order = np.argsort(-strength, kind="stable")
    fraction = np.empty(len(order))
    fraction[order] = np.cumsum(combos[order]) / combos.sum()
    return fraction


def in_top(hole: Sequence[int], share: float) -> bool:
    """Whether a two-card hand is among the best ``share`` of starting hands."""
    return bool(top_fraction()[class_index(hole)] <= share)


def raise_or_call(hand: Hand, seat: int, total: int) -> None:
    """Raise (or open) to ``total`` chips this street, kept within the legal raises; call
    when no raise is legal."""
    lowest, highest = hand.min_raise_to(), hand.max_raise_to()
    if lowest is None or highest is None:
        hand.call(seat)
        return
    total = min(max(total, lowest), highest)
    if ActionKind.BET in hand.legal_actions():
        hand.bet(seat, total)
    else:
        hand.raise_to(seat, total)


def pass_or_fold(hand: Hand, seat: int) -> None:
    """Check when nothing is owed, else fold."""
    (hand.fold if hand.to_call(seat) else hand.check)(seat)


def act_opponent(hand: Hand, seat: int, style: str) -> None:
    """The action of an opponent of type ``style`` (see the module's docstring)."""
    if style == "always-call":
        (hand.call if hand.to_call(seat) else hand.check)(seat)
        return
    hole = hand.hole_cards(seat)
    assert hole is not None
    big_blind = hand.config.min_bet
    # The bet to match; less when the seat cannot cover it, but then it is still far
    # above the big blind, and the seat can only call or fold anyway.
    current = hand.street_contribution(seat) + hand.to_call(seat)
    if current <= big_blind:  # nobody has raised: open or give up
        if in_top(hole, TIGHT_OPEN if style == "tight" else LOOSE_OPEN_OR_CALL):
            raise_or_call(hand, seat, OPEN_TO_BIG_BLINDS * big_blind)
        else:
            pass_or_fold(hand, seat)
    elif style == "tight":
        (hand.call if in_top(hole, TIGHT_CALL) else hand.fold)(seat)
    else:
        raises = sum(a.kind == ActionKind.RAISE and a.seat == seat for a in hand.actions)
        if raises < MAX_RAISES and in_top(hole, LOOSE_RERAISE):
            raise_or_call(hand, seat, RERAISE_FACTOR * current)
        elif in_top(hole, LOOSE_OPEN_OR_CALL):
            hand.call(seat)
        else:
            hand.fold(seat)


@cache
def multiplied_odds(hand_class: int, n: int) -> tuple[tuple[float, ...], float]:
    """The earlier tool's odds for a class of hands (:func:`class_index`) against ``n``
    opponents: ``p[s]`` to tie with exactly ``s`` (``p[0]`` to win) and ``q`` to lose,
    from the heads-up odds as if each opponent were beaten or tied independently."""
    heads_up = equity(format_cards(class_hand(hand_class)), "", 1)
    win, tie = heads_up.win, heads_up.split[0]
    p = tuple(math.comb(n, s) * tie**s * win ** (n - s) for s in range(n + 1))
    return p, max(0.0, 1.0 - math.fsum(p))


def act_earlier_rule(hand: Hand, seat: int) -> None:
    """The earlier tool's action: bet its fraction of the chips behind, never fold."""
    decision = hand.decision(seat)
    hole = decision.hole_cards
    assert hole is not None
    p, q = multiplied_odds(class_index(hole), decision.n_opponents)
    x = earlier_tool_fraction(p, q, decision.n_opponents, decision.pot / decision.stack)
    chips = round(x * decision.stack)
    if decision.min_raise is not None and chips >= decision.min_raise:
        raise_or_call(hand, seat, decision.bet + chips)
    elif decision.to_call:
        hand.call(seat)
    else:
        hand.check(seat)


def act_hero(hand: Hand, seat: int, policy: Policy) -> None:
    """Hero's action under ``policy``."""
    if policy.kelly_scale is None:
        act_earlier_rule(hand, seat)
    else:
        play_advice(hand, seat, advise_hand(hand, seat, kelly_scale=policy.kelly_scale))


def play_hand(table: Table, bankroll: int, button: int, deck: Sequence[int], style: str,
              policy: Policy) -> Hand:
    """One hand, played to the end: hero in seat 0 with the whole bankroll."""
    n = table.seats
    stacks = [bankroll] + [table.opponent_stack] * (n - 1)
    hand = Hand(HandConfig.standard(stacks, button, table.small_blind, table.big_blind))
    for seat in range(n):
        hand.deal_hole(seat, deck[2 * seat: 2 * seat + 2])
    while (actor := hand.to_act) is not None and hand.street == Street.PREFLOP:
        if actor == HERO:
            act_hero(hand, actor, policy)
        else:
            act_opponent(hand, actor, style)
    board = iter(deck[2 * n: 2 * n + 5])
    while (actor := hand.to_act) is not None or hand.needs_board:
        if actor is None:
            hand.deal_board([next(board) for _ in range(3 if hand.street == Street.PREFLOP
                                                        else 1)])
        else:
            hand.check(actor)  # no betting after the flop: the board is dealt out
    if len(live := hand.live_seats()) > 1:
        for seat in live:
            hand.show(seat)
    return hand


@dataclass(frozen=True)
class PathResult:
    """One bankroll path: the final bankroll (chips), hands played, and ruin."""

    final: int
    hands: int
    ruined: bool


def play_path(table: Table, style: str, policy: Policy, hands: int, seed: Sequence[int],
              observe: Callable[[Hand], None] | None = None) -> PathResult:
    """Up to ``hands`` hands from the starting bankroll, or until hero is ruined.

    ``seed`` fixes the decks (one shuffle per hand, whatever hero does); ``observe``
    sees each finished hand.
    """
    rng = np.random.default_rng(list(seed))
    bankroll = table.start
    for played in range(hands):
        if bankroll < table.big_blind:
            return PathResult(bankroll, played, True)
        deck = rng.permutation(52).tolist()
        hand = play_hand(table, bankroll, played % table.seats, deck, style, policy)
        if observe is not None:
            observe(hand)
        bankroll = hand.finishing_stacks()[HERO]
    return PathResult(bankroll, hands, bankroll < table.big_blind)


@dataclass(frozen=True)
class CellResult:
    """The paths of one game, opponent type and policy, summarised."""

    growth: float  # mean log-growth per 100 hands
    growth_stderr: float
    ruin_rate: float
    median_final: float  # big blinds
    hands: int  # hands played, all paths
    seconds: float


def summarise(table: Table, results: Sequence[PathResult], hands: int,
              seconds: float) -> CellResult:
    """Growth per 100 hands (a ruined path ends on at least one chip), ruin and median."""
    rates = [100 * math.log(max(r.final, 1) / table.start) / hands for r in results]
    stderr = statistics.stdev(rates) / math.sqrt(len(rates)) if len(rates) > 1 else math.nan
    return CellResult(
        growth=statistics.fmean(rates),
        growth_stderr=stderr,
        ruin_rate=sum(r.ruined for r in results) / len(results),
        median_final=statistics.median(r.final for r in results) / table.big_blind,
        hands=sum(r.hands for r in results),
        seconds=seconds,
    )


def run_cell(table: Table, game: int, style: str, policy: Policy, paths: int, hands: int,
             seed: int) -> CellResult:
    """Every path of one cell, timed."""
    start = time.perf_counter()
    results = [play_path(table, style, policy, hands, (seed, game, STYLES.index(style), path))
               for path in range(paths)]
    return summarise(table, results, hands, time.perf_counter() - start)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--paths", type=int, default=100, help="bankroll paths per cell")
    parser.add_argument("--hands", type=int, default=300, help="hands per path at most")
    parser.add_argument("--seed", type=int, default=20261122)
    parser.add_argument("--small-blind", type=int, default=1)
    parser.add_argument("--big-blind", type=int, default=2)
    parser.add_argument("--start", type=int, default=100,
                        help="hero's starting bankroll, in big blinds")
    parser.add_argument("--opponent-stack", type=int, default=100,
                        help="each opponent's stack at the start of every hand, in big blinds")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 4 paths of 20 hands")
    args = parser.parse_args(argv)
    if args.quick:
        args.paths, args.hands = 4, 20

    print(f"# {platform.processor() or platform.machine()}, Python {platform.python_version()},"
          f" numpy {np.__version__}, one thread")
    print(f"# seed {args.seed}, {args.paths} paths of up to {args.hands} hands per cell,"
          f" blinds {args.small_blind}/{args.big_blind}, hero starts with {args.start} BB,"
          f" opponents {args.opponent_stack} BB every hand")
    print("| game | opponents | policy | growth per 100 hands | ruin | median final (BB) |"
          " hands | s | ms/hand |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|")
    total = time.perf_counter()
    for game, (name, seats) in enumerate(GAMES.items()):
        table = Table(seats, args.small_blind, args.big_blind, args.start * args.big_blind,
                      args.opponent_stack * args.big_blind)
        for style in STYLES:
            for policy in POLICIES:
                cell = run_cell(table, game, style, policy, args.paths, args.hands, args.seed)
                print(f"| {name} | {style} | {policy.name} | {cell.growth:+.3f}"
                      f" ± {cell.growth_stderr:.3f} | {cell.ruin_rate:.1%} |"
                      f" {cell.median_final:.0f} | {cell.hands:,} | {cell.seconds:.1f} |"
                      f" {1e3 * cell.seconds / cell.hands:.2f} |", flush=True)
    print(f"# {time.perf_counter() - total:.0f} s in all")


if __name__ == "__main__":
    main()
