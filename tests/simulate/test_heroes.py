"""Hero policies: what each is told about the opponents."""

import numpy as np
import pytest

from assistant import door
from assistant.opponents.profile import PRESETS
from assistant.simulate.runner import TableSpec, play_run


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> list[door.Settings]:
    """The settings of every advice the hero asks for."""
    asked: list[door.Settings] = []
    advise = door.advise_hand

    def spy(hand: object, seat: int, settings: door.Settings) -> door.Advice:
        asked.append(settings)
        return advise(hand, seat, settings)  # type: ignore[arg-type]

    monkeypatch.setattr(door, "advise_hand", spy)
    return asked


@pytest.mark.parametrize(("opponent", "expected"), [("station", "station"), ("nit", "nit"),
                                                     ("jam", "unknown")])
def test_the_told_hero_advises_with_the_profile_the_bots_play(
        opponent: str, expected: str, seen: list[door.Settings]) -> None:
    play_run(TableSpec(opponent, 3, 4, "half-kelly-told"), np.random.SeedSequence(5))
    assert seen, "hero never decided"
    for settings in seen:
        assert settings.kelly_scale == 0.5
        assert set(settings.profiles) == {1, 2}  # every seat but hero's (seat 0)
        assert all(p == PRESETS[expected] for p in settings.profiles.values())


def test_the_untold_hero_takes_every_opponent_as_unknown(seen: list[door.Settings]) -> None:
    play_run(TableSpec("station", 3, 4, "half-kelly"), np.random.SeedSequence(5))
    assert seen and all(not settings.profiles for settings in seen)
