"""Hero policies: what each is told about the opponents."""

import numpy as np
import pytest

from assistant import door
from assistant.hand import Action, Hand
from assistant.history.record import make_record
from assistant.opponents.learning import learn_from_hands
from assistant.opponents.profile import PRESETS
from assistant.simulate.runner import TableSpec, play_run, seat_names


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> list[door.Settings]:
    """The settings of every decision the hero asks the door for."""
    asked: list[door.Settings] = []
    decide = door.decide

    def spy(hand: Hand, seat: int, settings: door.Settings) -> Action:
        asked.append(settings)
        return decide(hand, seat, settings)

    monkeypatch.setattr(door, "decide", spy)
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


def test_the_hud_hero_learns_each_opponent_from_the_hands_before(
        seen: list[door.Settings]) -> None:
    """The learning hero is told, at every decision, each opponent's profile as
    :func:`learn_from_hands` fits it from the run's earlier hands (none in the first)."""
    hands: list[Hand] = []
    decided_in: list[int] = []
    decide = door.decide

    def note(hand: Hand, seat: int, settings: door.Settings) -> Action:
        decided_in.append(len(hands))
        return decide(hand, seat, settings)

    spec = TableSpec("maniac", 3, 12, "half-kelly-hud")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(door, "decide", note)
        play_run(spec, np.random.SeedSequence(7), observe=hands.append)
    assert len(seen) == len(decided_in) and len(set(decided_in)) > 3
    names = seat_names(3)
    for settings, before in zip(seen, decided_in, strict=True):
        fitted = learn_from_hands(make_record(hand) for hand in hands[:before])
        expected = {seat: fitted[names[seat]] for seat in (1, 2)} if before else {}
        assert dict(settings.profiles) == expected
        assert settings.kelly_scale == 0.5
    assert seen[-1].profiles[1].looseness > PRESETS["unknown"].looseness
