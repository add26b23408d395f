"""Bankroll runs: hero at a table of one opponent type, hand after hand, many times over,
on every core (processes) or on a Dask cluster.

The money of one run (:class:`TableSpec`):

* Blinds ``small_blind``/``big_blind`` chips; a buy-in is ``buyin_bb`` big blinds.  Hero
  keeps seat 0 and the button moves one seat every hand, so hero plays every position.
* Hero's bankroll starts at ``bankroll_buyins`` buy-ins.  With ``carry`` off (the default)
  every seat starts every hand with one buy-in (hero with less if the bankroll is
  smaller).  With ``carry`` on, stacks carry over from hand to hand, and a stack below a
  buy-in is topped up to one buy-in before the hand (the opponents from an endless
  purse, hero from the bankroll, as far as it goes).
* The bankroll is hero's chips on and off the table; the hero policy is told it at the
  start of each hand.  A run is *ruined*, and stops, when the bankroll falls below 10 % of
  its start or below the big blind.

Every run draws its decks and every random choice from its own seed, spawned from one
master seed by :class:`numpy.random.SeedSequence`, so a run's result depends on its seed
alone, not on the worker that played it.
"""

import math
import os
import signal
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any

import numpy as np

from assistant.errors import PokerInputError
from assistant.hand import Action, Hand
from assistant.history.record import make_record
from assistant.opponents.learning import Learner
from assistant.opponents.profile import PRESETS, Profile
from assistant.simulate.bots import make_bot
from assistant.simulate.dealer import Policy, play_hand
from assistant.simulate.heroes import LEARNING_HEROES, HeroSettings, hero_policy
from assistant.simulate.statistics import RunResult, Summary, summarise

HERO = 0
RUIN_SHARE = 0.10
MIN_PLAYERS, MAX_PLAYERS = 2, 6

Progress = Callable[[int, int], None]
"""Called with (runs done, runs asked) as runs finish."""
ShouldStop = Callable[[], bool]


@dataclass(frozen=True)
class TableSpec:
    """One simulation: who plays, how many hands per run, and the money."""

    opponent: str
    players: int = 2
    hands: int = 500
    hero: str = "half-kelly"
    kelly_scale: float = 1.0
    bankroll_buyins: float = 25.0
    buyin_bb: int = 100
    small_blind: int = 1
    big_blind: int = 2
    carry: bool = False

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise PokerInputError(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS},"
                                  f" not {self.players!r}")
        if self.hands < 1:
            raise PokerInputError(f"hands must be at least 1, not {self.hands!r}")
        if not (self.kelly_scale > 0 and math.isfinite(self.kelly_scale)):
            raise PokerInputError(f"the Kelly scale must be above 0, not {self.kelly_scale!r}")
        if not self.bankroll_buyins >= 1 or not math.isfinite(self.bankroll_buyins):
            raise PokerInputError("the bankroll must be at least one buy-in, not"
                                  f" {self.bankroll_buyins!r}")
        if not 1 <= self.small_blind <= self.big_blind:
            raise PokerInputError(f"blinds {self.small_blind}/{self.big_blind} are not"
                                  " 1 <= small <= big")
        hero_policy(self.hero)  # a clear error for an unknown name, before any run
        make_bot(self.opponent, self.players)

    @property
    def buyin(self) -> int:
        """One buy-in in chips."""
        return self.buyin_bb * self.big_blind

    @property
    def start(self) -> int:
        """Hero's starting bankroll in chips."""
        return round(self.bankroll_buyins * self.buyin)


def seat_names(players: int) -> tuple[str, ...]:
    """The players' names in a run: hero, then the opponents by seat."""
    return ("hero", *(f"villain {seat}" for seat in range(1, players)))


def hero_seat_policy(spec: TableSpec, bankroll: Callable[[], float],
                     learned: Callable[[], dict[int, Profile]] = dict) -> Policy:
    """Hero's policy as the dealer calls it: the named policy, told the bankroll now, the
    opponents' profiles learned so far and a seed drawn from the hand's generator."""
    policy = hero_policy(spec.hero)
    played = spec.opponent if spec.opponent in PRESETS else None

    def act(hand: Hand, seat: int, rng: np.random.Generator) -> Action:
        settings = HeroSettings(spec.kelly_scale, bankroll(), int(rng.integers(2**62)),
                                played, learned())
        return policy(hand, seat, settings)
    return act


def play_run(spec: TableSpec, seed: np.random.SeedSequence,
             should_stop: ShouldStop | None = None,
             observe: Callable[[Hand], None] | None = None) -> RunResult:
    """One bankroll run of up to ``spec.hands`` hands (see the module's docstring);
    ``observe`` sees each finished hand."""
    started = time.perf_counter()
    rng = np.random.default_rng(seed)
    n, buyin = spec.players, spec.buyin
    bankroll = spec.start
    names = seat_names(n)
    opponents = {seat: name for seat, name in enumerate(names) if seat != HERO}
    learner = Learner() if spec.hero in LEARNING_HEROES else None
    learned: dict[int, Profile] = {}
    policies = [hero_seat_policy(spec, lambda: bankroll, lambda: learned)]
    policies += [make_bot(spec.opponent, n)] * (n - 1)
    stacks = [buyin] * n
    ruin = max(RUIN_SHARE * spec.start, spec.big_blind)
    ruined = False
    played = 0
    results: list[float] = []
    while not ruined and played < spec.hands:
        if should_stop is not None and should_stop():
            break
        if spec.carry:
            hero_stack = max(stacks[HERO], min(buyin, bankroll))
            stacks = [max(s, buyin) for s in stacks]
            stacks[HERO] = hero_stack
        else:
            stacks = [buyin] * n
            stacks[HERO] = min(buyin, bankroll)
        hand = play_hand(stacks, played % n, policies, rng, spec.small_blind, spec.big_blind,
                         names)
        if observe is not None:
            observe(hand)
        if learner is not None:
            # The statistics it learns from (VPIP, PFR, 3-bet, fold to c-bet, aggression)
            # count betting actions only: no hidden card teaches it anything.  The hand
            # is only read from here on: the record may keep it instead of replaying.
            learner.add(make_record(hand, give_hand=True))
            profiles = learner.profiles(opponents.values())  # hero's play is not fitted
            learned = {seat: profiles[name] for seat, name in opponents.items()
                       if name in profiles}
        stacks = list(hand.finishing_stacks())
        won = stacks[HERO] - hand.config.stacks[HERO]
        results.append(float(won))
        bankroll += won
        played += 1
        ruined = bankroll < ruin
    return RunResult(spec.start, bankroll, played, ruined, spec.big_blind,
                     time.perf_counter() - started, ruin, tuple(results))


def run_seeds(master_seed: int | None, runs: int) -> list[np.random.SeedSequence]:
    """The per-run seeds, spawned from one master seed."""
    return np.random.SeedSequence(master_seed).spawn(runs)


def _ignore_interrupt() -> None:
    """Worker processes leave Ctrl+C to the parent, which stops handing out runs."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_simulation(spec: TableSpec, runs: int, seed: int | None = None,
                   workers: int | None = None, scheduler: str | None = None,
                   progress: Progress | None = None,
                   should_stop: ShouldStop | None = None) -> tuple[Summary, list[RunResult]]:
    """Play ``runs`` bankroll runs of ``spec`` and summarise them.

    ``workers`` processes (default: every core; 1 plays in this process) or, with
    ``scheduler``, a Dask cluster: a scheduler address, or ``"local"`` for a local
    cluster of ``workers`` processes.  Ctrl+C or ``should_stop()`` stops handing out
    runs; the runs finished by then are kept (in one process, the run under way stops
    at its next hand).  Results come back in seed order.
    """
    if runs < 1:
        raise PokerInputError(f"runs must be at least 1, not {runs!r}")
    workers = workers or os.cpu_count() or 1
    seeds = run_seeds(seed, runs)
    started = time.perf_counter()
    done: dict[int, RunResult] = {}

    def finished(index: int, result: RunResult) -> None:
        done[index] = result
        if progress is not None:
            progress(len(done), runs)

    try:
        if scheduler is not None:
            _run_on_dask(spec, seeds, scheduler, workers, finished, should_stop)
        elif workers == 1:
            for index, run_seed in enumerate(seeds):
                if should_stop is not None and should_stop():
                    break
                result = play_run(spec, run_seed, should_stop)
                if result.hands == spec.hands or result.ruined:
                    finished(index, result)
        else:
            _run_on_processes(spec, seeds, workers, finished, should_stop)
    except KeyboardInterrupt:
        pass
    results = [done[i] for i in sorted(done)]
    return summarise(results, time.perf_counter() - started), results


def _stop_requested(should_stop: ShouldStop | None) -> bool:
    return should_stop is not None and should_stop()


def _run_on_processes(spec: TableSpec, seeds: Sequence[np.random.SeedSequence], workers: int,
                      finished: Callable[[int, RunResult], None],
                      should_stop: ShouldStop | None) -> None:
    """Runs on a pool of processes, at most ``workers`` under way at a time."""
    with ProcessPoolExecutor(workers, initializer=_ignore_interrupt) as pool:
        pending: dict[Future[RunResult], int] = {}
        queue = iter(enumerate(seeds))
        try:
            while True:
                while len(pending) < workers and not _stop_requested(should_stop):
                    item = next(queue, None)
                    if item is None:
                        break
                    pending[pool.submit(play_run, spec, item[1])] = item[0]
                if not pending:
                    return
                ready, _ = wait(pending, timeout=0.5, return_when=FIRST_COMPLETED)
                for future in ready:
                    finished(pending.pop(future), future.result())
        finally:
            for future in pending:
                future.cancel()


def _run_on_dask(spec: TableSpec, seeds: Sequence[np.random.SeedSequence], address: str,
                 workers: int, finished: Callable[[int, RunResult], None],
                 should_stop: ShouldStop | None) -> None:
    """Runs on Dask's distributed scheduler at ``address``, or a local cluster."""
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise PokerInputError("--scheduler needs Dask: pip install"
                              " kelly-poker-assistant[scale]") from None
    cluster: Any = None
    environment = dict(os.environ)
    if address == "local":
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True)
    try:
        with Client(cluster if cluster is not None else address) as client:
            futures = {client.submit(play_run, spec, s, pure=False): i
                       for i, s in enumerate(seeds)}
            try:
                for future in as_completed(futures):
                    finished(futures[future], future.result())
                    if _stop_requested(should_stop):
                        break
            finally:
                client.cancel(list(futures))
    finally:
        if cluster is not None:
            cluster.close()
        # A local cluster leaves its workers' settings in this process's environment
        # (one BLAS and OpenMP thread, a fixed PYTHONHASHSEED), where every later
        # subprocess would inherit them: put the environment back as it was.
        os.environ.clear()
        os.environ.update(environment)
