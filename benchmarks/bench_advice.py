"""Advice speed beyond the equity, on random legal decisions from random hands.

Run ``python benchmarks/bench_advice.py``.  Random tables (2 to 10 seats, some short
stacks, antes and straddles sometimes) play random legal actions through every street;
some of the turns (more of them after the flop) become decisions.  Each decision's odds
come first and are not timed (the preflop table, or a 1,000-deal sample after the flop).
The timed part is what :func:`assistant.advice.advise_hand` adds to them:
:func:`~assistant.advice.situation_of`, :func:`~assistant.kelly.choose_action` and
:func:`~assistant.advice.whole_chips`, at full Kelly.  Each decision is timed
``--repeat`` times: the best time of each decision is the engine's cost, and every
timing together shows the shared machine's pauses on top.  The issue asks for under 5 ms.

The same decisions check the advice against brute force: the growth of the advised action
in whole chips is compared with the best growth over every legal investment in whole
chips (fold or check, the call, each raise, all-in).
"""

import argparse
import platform
import random
import time

import numpy as np

from assistant.advice import Advice, situation_of, whole_chips
from assistant.cards import format_cards
from assistant.equity import Equity, equity
from assistant.hand import ActionKind, Decision, Hand, HandConfig, Street
from assistant.kelly import Outcome, choose_action, growth


def random_table(rng: random.Random) -> HandConfig:
    """2 to 10 seats, blinds 1/2 to 50/100, a third of the stacks short, antes and
    straddles sometimes."""
    n = rng.randint(2, 10)
    big = rng.choice([2, 10, 20, 100])
    stacks = [rng.randint(1, 4 * big) if rng.random() < 0.3 else rng.randint(5 * big, 100 * big)
              for _ in range(n)]
    ante = rng.randint(1, big) if rng.random() < 0.25 else 0
    straddle = 2 * big if n >= 3 and rng.random() < 0.15 else 0
    return HandConfig.standard(stacks, rng.randrange(n), big // 2, big, ante=ante,
                               straddle=straddle)


# Calls and checks outweigh folds, so that many hands reach the later streets.
ACTION_WEIGHTS = {ActionKind.FOLD: 1, ActionKind.CHECK: 4, ActionKind.CALL: 4,
                  ActionKind.BET: 2, ActionKind.RAISE: 2, ActionKind.ALL_IN: 0.5}


def play_random_action(hand: Hand, seat: int, rng: random.Random) -> None:
    """A random legal action: a bet or raise is the minimum, the maximum or in between."""
    kinds = sorted(hand.legal_actions())
    kind = rng.choices(kinds, [ACTION_WEIGHTS[k] for k in kinds])[0]
    if kind in (ActionKind.BET, ActionKind.RAISE):
        lowest, highest = hand.min_raise_to(), hand.max_raise_to()
        assert lowest is not None and highest is not None
        total = rng.choice([lowest, rng.randint(lowest, highest), highest])
        (hand.bet if kind == ActionKind.BET else hand.raise_to)(seat, total)
    else:
        {ActionKind.FOLD: hand.fold, ActionKind.CHECK: hand.check, ActionKind.CALL: hand.call,
         ActionKind.ALL_IN: hand.all_in}[kind](seat)


# Most turns come before the flop; keeping fewer of them spreads the decisions over streets.
KEEP = {Street.PREFLOP: 0.1, Street.FLOP: 0.4, Street.TURN: 0.6, Street.RIVER: 0.8}


def random_decisions(count: int, seed: int) -> list[Decision]:
    """``count`` decisions met while playing random hands (hole cards and board known)."""
    rng = random.Random(seed)
    decisions: list[Decision] = []
    while len(decisions) < count:
        hand = Hand(random_table(rng))
        deck = rng.sample(range(52), 52)
        for seat in range(hand.config.n_seats):
            hand.deal_hole(seat, [deck.pop(), deck.pop()])
        while not hand.betting_closed:
            actor = hand.to_act
            if actor is None:
                hand.deal_board([deck.pop() for _ in range(3 if hand.street == Street.PREFLOP
                                                           else 1)])
                continue
            if rng.random() < KEEP[hand.street] and len(decisions) < count:
                decisions.append(hand.decision(actor))
            play_random_action(hand, actor, rng)
    return decisions


def odds_of(decision: Decision, seed: int) -> Equity:
    """The decision's odds against random hands: the table before the flop, else sampled."""
    assert decision.hole_cards is not None
    return equity(format_cards(decision.hole_cards), format_cards(decision.board),
                  decision.n_opponents, samples=1000, seed=seed,
                  method="monte-carlo" if decision.board else "table")


def advise_beyond_equity(decision: Decision, odds: Equity) -> tuple[Advice, int]:
    """What :func:`assistant.advice.advise` adds to the odds (the made hand's name apart):
    the situation, the Kelly choice and the advised chips as a whole number."""
    situation = situation_of(decision)
    outcome = Outcome(odds.win, odds.split, odds.lose)
    advice = Advice(odds, choose_action(situation, outcome), situation, None)
    return advice, whole_chips(advice)


def best_legal_growth(decision: Decision, advice: Advice) -> float:
    """The largest growth over every legal action in whole chips: fold (0), or check
    (``G(0)``: hero's claim on the pot is free), the call, and every bet or raise up to
    all-in."""
    amounts = [decision.to_call]
    if decision.min_raise is not None and decision.max_raise is not None:
        amounts.extend(range(decision.min_raise, decision.max_raise + 1))
    growths = growth(np.array(amounts, dtype=np.float64), advice.situation, advice.outcome)
    return max(0.0, float(growths.max()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5, help="timings per decision")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    decisions = random_decisions(args.decisions, args.seed)
    odds = [odds_of(d, args.seed + i) for i, d in enumerate(decisions)]
    best: list[float] = []
    every: list[float] = []
    shortfall = 0.0
    for decision, equity_of in zip(decisions, odds, strict=True):
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            advice, chips = advise_beyond_equity(decision, equity_of)
            times.append(time.perf_counter() - start)
        best.append(min(times))
        every.extend(times)
        advised = 0.0 if advice.choice.action == "fold" else float(
            growth(float(chips), advice.situation, advice.outcome))
        shortfall = max(shortfall, best_legal_growth(decision, advice) - advised)

    streets = np.bincount([d.street for d in decisions], minlength=len(Street))
    by_street = ", ".join(f"{n} {street.name.lower()}"
                          for street, n in zip(Street, streets, strict=True))
    opponents = [d.n_opponents for d in decisions]
    print(f"# {platform.processor() or platform.machine()}, Python {platform.python_version()},"
          f" numpy {np.__version__}, one thread, seed {args.seed}")
    print(f"{len(decisions)} decisions ({by_street}), 1 to {max(opponents)} opponents,"
          f" {args.repeat} timings each")
    print("advice beyond the equity, ms (target < 5):")
    for name, seconds in (("best of each decision", best), ("every timing", every)):
        ms = 1e3 * np.array(seconds)
        print(f"  {name:<22} mean {ms.mean():.3f}, median {np.median(ms):.3f},"
              f" 99th percentile {np.percentile(ms, 99):.3f}, max {ms.max():.3f}")
    print(f"largest shortfall of the advised whole-chip action below the best legal one:"
          f" {shortfall:.3g} nats")


if __name__ == "__main__":
    main()
