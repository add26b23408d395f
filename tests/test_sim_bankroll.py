"""The bankroll simulation's main loop on a tiny table: chips are conserved, the bankroll
carries over and never goes negative, and the earlier rule never folds."""

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from assistant.hand import ActionKind, Hand

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "sim_bankroll.py"


def load_sim() -> ModuleType:
    """The benchmark script as a module (``benchmarks/`` is not a package)."""
    spec = importlib.util.spec_from_file_location("sim_bankroll", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


sim = load_sim()


@pytest.mark.parametrize("seats", [2, 6])
@pytest.mark.parametrize("style", sim.STYLES)
@pytest.mark.parametrize("policy", sim.POLICIES, ids=[p.name for p in sim.POLICIES])
def test_paths_conserve_chips_and_carry_the_bankroll(seats: int, style: str,
                                                     policy: Any) -> None:
    # A short starting bankroll, so that all-ins, side pots and ruin come up in few hands.
    table = sim.Table(seats, 1, 2, 30, 200)
    for path in range(2):
        hands: list[Hand] = []
        result = sim.play_path(table, style, policy, 6, (1, seats, path), hands.append)
        assert result.hands == len(hands)
        bankroll = table.start
        for hand in hands:
            assert hand.is_over
            assert hand.config.stacks[sim.HERO] == bankroll
            finishing = hand.finishing_stacks()
            assert sum(finishing) == sum(hand.config.stacks)
            assert min(finishing) >= 0
            bankroll = finishing[sim.HERO]
            if policy.kelly_scale is None:
                assert not any(a.kind == ActionKind.FOLD and a.seat == sim.HERO
                               for a in hand.actions)
        assert result.final == bankroll >= 0
        assert result.ruined == (bankroll < table.big_blind)


def test_top_fraction_ranks_aces_first_and_covers_every_combination() -> None:
    top = sim.top_fraction()
    assert top.min() == pytest.approx(6 / 1326)
    assert top.max() == pytest.approx(1.0)
    assert sim.in_top([12, 25], 0.01)  # aces
    assert not sim.in_top([0, 18], 0.5)  # seven-deuce offsuit


def test_multiplied_odds_are_the_heads_up_odds_to_the_power_n() -> None:
    (win, tie), _ = sim.multiplied_odds(0, 1)  # aces
    p, q = sim.multiplied_odds(0, 3)
    assert p[0] == pytest.approx(win**3)
    assert p[1] == pytest.approx(3 * tie * win**2)
    assert sum(p) + q == pytest.approx(1.0)
