"""Preparing the engine happens once per process, however many workers ask."""

import threading
import time

import pytest

from assistant import prepare


def test_two_workers_asking_at_once_prepare_the_engine_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    runs: list[int] = []

    def steps(progress: object) -> None:
        runs.append(1)
        time.sleep(0.2)  # long enough for the second worker to arrive meanwhile
        if callable(progress):
            progress(1.0)

    monkeypatch.setattr(prepare, "_prepared", False)
    monkeypatch.setattr(prepare, "_run_steps", steps)
    heard: list[list[float]] = [[], []]
    workers = [threading.Thread(target=prepare.prepare_engine, args=(heard[i].append,))
               for i in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert runs == [1]
    assert heard == [[1.0], [1.0]]  # the waiting worker hears that the engine is ready
