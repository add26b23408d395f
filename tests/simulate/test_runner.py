"""Bankroll runs: the money moves as documented, ruin stops a run, seeds repeat, and a
stop keeps the finished runs; the processes and Dask give the same runs as one process."""

import os

import numpy as np
import pytest

from assistant.errors import PokerInputError
from assistant.hand import Action, Hand
from assistant.simulate.bots import jam
from assistant.simulate.heroes import HeroSettings, register_hero
from assistant.simulate.runner import RUIN_SHARE, TableSpec, play_run, run_simulation
from assistant.simulate.statistics import RunResult

SEEN: list[float | None] = []


def recording_jam(hand: Hand, seat: int, settings: HeroSettings) -> Action:
    """All-in every time, noting the bankroll the policy is told."""
    SEEN.append(settings.bankroll)
    return jam(hand, seat, np.random.default_rng(0))


register_hero("test-jam", recording_jam)


def same_runs(a: list[RunResult], b: list[RunResult]) -> bool:
    return [(r.final, r.hands, r.ruined) for r in a] == [(r.final, r.hands, r.ruined) for r in b]


@pytest.mark.parametrize("players", [2, 3, 6])
def test_fresh_buy_ins_every_hand_and_the_bankroll_is_the_sum_of_results(players: int) -> None:
    spec = TableSpec("lag", players, 60, "test-jam", bankroll_buyins=3, big_blind=2)
    hands: list[Hand] = []
    SEEN.clear()
    result = play_run(spec, np.random.SeedSequence(players), observe=hands.append)
    bankroll = spec.start
    for index, hand in enumerate(hands):
        assert hand.config.button == index % players
        assert hand.config.stacks == (min(spec.buyin, bankroll),) + (spec.buyin,) * (players - 1)
        finishing = hand.finishing_stacks()
        assert sum(finishing) == sum(hand.config.stacks)
        bankroll += finishing[0] - hand.config.stacks[0]
    assert result.final == bankroll and result.hands == len(hands)
    assert set(SEEN) <= {spec.start + sum(h.finishing_stacks()[0] - h.config.stacks[0]
                                          for h in hands[:k]) for k in range(len(hands))}
    assert result.ruined == (bankroll < RUIN_SHARE * spec.start)
    assert result.ruined or result.hands == spec.hands
    # Ruin ends the run at once: every earlier hand left the bankroll above the line.
    for k in range(len(hands) - 1):
        assert spec.start + sum(h.finishing_stacks()[0] - h.config.stacks[0]
                                for h in hands[:k + 1]) >= RUIN_SHARE * spec.start


def test_carried_stacks_are_topped_up_to_a_buy_in() -> None:
    spec = TableSpec("maniac", 4, 40, "test-jam", bankroll_buyins=4, carry=True)
    hands: list[Hand] = []
    result = play_run(spec, np.random.SeedSequence(11), observe=hands.append)
    bankroll, previous = spec.start, [spec.buyin] * 4
    for hand in hands:
        expected = [max(s, spec.buyin) for s in previous]
        expected[0] = max(previous[0], min(spec.buyin, bankroll))
        assert list(hand.config.stacks) == expected
        previous = list(hand.finishing_stacks())
        bankroll += previous[0] - hand.config.stacks[0]
    assert any(max(h.config.stacks) > spec.buyin for h in hands)  # stacks did carry over
    assert result.final == bankroll


def test_ruin_stops_a_run() -> None:
    spec = TableSpec("jam", 2, 500, "test-jam", bankroll_buyins=1)
    ruined = [play_run(spec, s) for s in np.random.SeedSequence(3).spawn(6)]
    assert any(r.ruined for r in ruined)
    for r in ruined:
        if r.ruined:
            assert r.final < RUIN_SHARE * spec.start and r.hands < spec.hands


def test_a_fixed_seed_repeats_and_does_not_depend_on_the_workers() -> None:
    spec = TableSpec("tag", 3, 15, "kelly")
    _, one = run_simulation(spec, 4, seed=5, workers=1)
    _, again = run_simulation(spec, 4, seed=5, workers=1)
    _, two = run_simulation(spec, 4, seed=5, workers=2)
    _, other = run_simulation(spec, 4, seed=6, workers=1)
    assert same_runs(one, again) and same_runs(one, two)
    assert not same_runs(one, other)


def test_a_stop_keeps_the_finished_runs() -> None:
    spec = TableSpec("nit", 2, 10, "baseline")
    progress: list[tuple[int, int]] = []
    summary, results = run_simulation(spec, 5, seed=1, workers=1,
                                      progress=lambda d, t: progress.append((d, t)),
                                      should_stop=lambda: len(progress) >= 2)
    assert summary.runs == len(results) == 2
    assert progress == [(1, 5), (2, 5)]
    _, full = run_simulation(spec, 2, seed=1, workers=1)
    assert same_runs(results, full)


def test_dask_gives_the_same_runs() -> None:
    distributed = pytest.importorskip("dask.distributed")
    spec = TableSpec("jam", 2, 8, "kelly")
    _, expected = run_simulation(spec, 3, seed=2, workers=1)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        summary, results = run_simulation(spec, 3, seed=2, scheduler=cluster.scheduler_address)
    assert summary.runs == 3 and same_runs(results, expected)


@pytest.mark.slow
def test_a_local_dask_cluster_of_processes_gives_the_same_runs() -> None:
    pytest.importorskip("dask.distributed")
    spec = TableSpec("jam", 2, 8, "kelly")
    _, expected = run_simulation(spec, 3, seed=2, workers=1)
    environment = dict(os.environ)
    summary, results = run_simulation(spec, 3, seed=2, workers=2, scheduler="local")
    assert summary.runs == 3 and same_runs(results, expected)
    assert dict(os.environ) == environment  # Dask's worker settings stay with the workers


def test_bad_tables_are_refused() -> None:
    with pytest.raises(PokerInputError, match="players"):
        TableSpec("nit", 7)
    with pytest.raises(PokerInputError, match="unknown opponent type 'shark'"):
        TableSpec("shark")
    with pytest.raises(PokerInputError, match="unknown hero policy 'gto'"):
        TableSpec("nit", hero="gto")
    with pytest.raises(PokerInputError, match="runs"):
        run_simulation(TableSpec("nit"), 0)
