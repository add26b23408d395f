"""Agreement with pokerkit, the test oracle: real PHH hands and random hands end with
the same stacks in pokerkit and in :class:`assistant.hand.Hand`.

pokerkit numbers players in position order: player 0 sits left of the button and the
last player is the button.  Its ``antes`` and ``blinds_or_straddles`` are listed in
that order, except that heads-up it reads them the other way round (the button posts
the first-listed small blind).  ``ante_trimming_status`` false means dead antes.
"""

import random
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from pokerkit import Automation, HandHistory, NoLimitTexasHoldem, State

from assistant.cards import format_cards
from assistant.hand import ActionKind, Hand, HandConfig, Street

# pokerkit burns cards from its own deck and warns when we then deal one of them.
pytestmark = pytest.mark.filterwarnings("ignore:A card being dealt:UserWarning")

PHH_DIR = Path(__file__).parent / "data" / "phh"
PHH_FILES = sorted(PHH_DIR.glob("*.phh"))


def to_pokerkit_order(values: Sequence[int], config: HandConfig) -> list[int]:
    """Per-seat values in pokerkit's player order (position order)."""
    n = config.n_seats
    return [values[(config.button + 1 + i) % n] for i in range(n)]


def to_pokerkit_forced(values: Sequence[int], config: HandConfig) -> list[int]:
    """Per-seat antes or blinds as pokerkit lists them: reversed heads-up."""
    ordered = to_pokerkit_order(values, config)
    return ordered[::-1] if config.n_seats == 2 else ordered


def config_from_phh(phh: dict[str, Any]) -> HandConfig:
    """The table of a PHH hand: seat i is player p(i+1), the last player the button."""
    stacks = list(phh["starting_stacks"])
    n = len(stacks)

    def per_seat(field: str) -> list[int]:
        value = phh.get(field, 0)
        values = [value] * n if isinstance(value, int) else list(value)
        return values[::-1] if n == 2 else values

    return HandConfig(
        stacks=tuple(stacks),
        button=n - 1,
        blinds=tuple(per_seat("blinds_or_straddles")),
        antes=tuple(per_seat("antes")),
        min_bet=int(phh["min_bet"]),
        dead_antes=not phh.get("ante_trimming_status", False),
        names=tuple(phh.get("players", ())),
    )


def play_phh_actions(hand: Hand, actions: Sequence[str]) -> None:
    """Apply PHH action strings to a hand (the subset of PHH these files use)."""
    for text in actions:
        words = text.split("#")[0].split()
        if words[:2] == ["d", "dh"]:
            if "?" not in words[3]:
                hand.deal_hole(int(words[2][1:]) - 1, words[3])
        elif words[:2] == ["d", "db"]:
            hand.deal_board(words[2])
        else:
            seat, verb, rest = int(words[0][1:]) - 1, words[1], words[2:]
            if verb == "f":
                hand.fold(seat)
            elif verb == "cc":
                (hand.call if hand.to_call(seat) else hand.check)(seat)
            elif verb == "cbr":
                (hand.raise_to if ActionKind.RAISE in hand.legal_actions() else hand.bet)(
                    seat, int(rest[0]))
            elif verb == "sm" and rest and rest[0] != "-":
                hand.show(seat, rest[0])
            elif verb == "sm":
                (hand.show if rest else hand.muck)(seat)
            else:
                raise AssertionError(f"unexpected PHH action {text!r}")


@pytest.mark.parametrize("path", PHH_FILES, ids=[path.stem for path in PHH_FILES])
def test_phh_hand_finishes_as_in_pokerkit(path: Path) -> None:
    with path.open("rb") as file:
        expected = list(list(HandHistory.load(file))[-1].stacks)
    phh = tomllib.loads(path.read_text())
    hand = Hand(config_from_phh(phh))
    play_phh_actions(hand, phh["actions"])
    assert hand.is_over
    assert list(hand.finishing_stacks()) == expected


def random_config(rng: random.Random) -> HandConfig:
    """A table of 2 to 10 seats with some short stacks, antes and straddles sometimes."""
    n = rng.randint(2, 10)
    big = rng.choice([2, 10, 20, 100])
    small = rng.choice([big // 2, big // 2, big])
    stacks = [
        rng.randint(1, 4 * big) if rng.random() < 0.3 else rng.randint(5 * big, 100 * big)
        for _ in range(n)
    ]
    button = rng.randrange(n)
    kind = rng.random()
    if kind < 0.15:  # a big-blind ante, dead money
        config = HandConfig.standard(stacks, button, small, big)
        antes = [0] * n
        antes[config.blinds.index(big)] = big
        return HandConfig(config.stacks, button, config.blinds, tuple(antes), big,
                          dead_antes=True)
    ante = rng.randint(1, big) if kind < 0.4 else 0
    straddle = 2 * big if n >= 3 and rng.random() < 0.15 else 0
    return HandConfig.standard(stacks, button, small, big, ante=ante, straddle=straddle)


def pokerkit_state(config: HandConfig) -> State:
    """pokerkit's state for a config: posts, collections and payouts automated."""
    return NoLimitTexasHoldem.create_state(
        (
            Automation.ANTE_POSTING,
            Automation.BET_COLLECTION,
            Automation.BLIND_OR_STRADDLE_POSTING,
            Automation.CARD_BURNING,
            Automation.HAND_KILLING,
            Automation.CHIPS_PUSHING,
            Automation.CHIPS_PULLING,
        ),
        not config.dead_antes,
        to_pokerkit_forced(config.antes, config),
        to_pokerkit_forced(config.blinds, config),
        config.min_bet,
        to_pokerkit_order(config.stacks, config),
        config.n_seats,
    )


def random_betting_action(hand: Hand, rng: random.Random) -> tuple[ActionKind, int]:
    """A random legal action of the seat to act, as (kind, raise-to amount)."""
    kind = rng.choice(sorted(hand.legal_actions()))
    if kind in (ActionKind.BET, ActionKind.RAISE):
        lowest, highest = hand.min_raise_to(), hand.max_raise_to()
        assert lowest is not None and highest is not None
        amount = rng.choice([lowest, lowest, rng.randint(lowest, highest), highest])
        return kind, amount
    return kind, 0


def play_random_hand(seed: int) -> None:
    """Play one random hand in both engines, comparing them along the way."""
    rng = random.Random(seed)
    config = random_config(rng)
    n = config.n_seats
    seat_of = [(config.button + 1 + i) % n for i in range(n)]
    player_of = {seat: i for i, seat in enumerate(seat_of)}
    state = pokerkit_state(config)
    hand = Hand(config)
    deck = list(range(52))
    rng.shuffle(deck)
    for player in range(n):
        cards = [deck.pop(), deck.pop()]
        state.deal_hole(format_cards(cards))
        hand.deal_hole(seat_of[player], cards)
    while state.status:
        actor = state.actor_index
        assert hand.to_act == (None if actor is None else seat_of[actor])
        if actor is not None:
            seat = seat_of[actor]
            assert hand.pot == state.total_pot_amount
            assert hand.to_call(seat) == state.checking_or_calling_amount
            if hand.max_raise_to() is not None:
                assert hand.max_raise_to() == state.max_completion_betting_or_raising_to_amount
            kind, amount = random_betting_action(hand, rng)
            if kind == ActionKind.FOLD:
                hand.fold(seat)
                state.fold()
            elif kind in (ActionKind.CHECK, ActionKind.CALL):
                (hand.check if kind == ActionKind.CHECK else hand.call)(seat)
                state.check_or_call()
            elif kind == ActionKind.ALL_IN:
                hand.all_in(seat)
                if hand.actions[-1].kind == ActionKind.CALL:
                    state.check_or_call()
                else:
                    state.complete_bet_or_raise_to(hand.actions[-1].amount)
            else:
                (hand.bet if kind == ActionKind.BET else hand.raise_to)(seat, amount)
                state.complete_bet_or_raise_to(amount)
        elif state.can_show_or_muck_hole_cards():
            hand.show(seat_of[state.showdown_index])
            state.show_or_muck_hole_cards(True)
        else:
            assert hand.needs_board
            cards = [deck.pop() for _ in range(3 if hand.street == Street.PREFLOP else 1)]
            hand.deal_board(cards)
            state.deal_board(format_cards(cards))
    while not hand.is_over:  # pokerkit may end the hand before everyone has shown
        hand.show(next(s for s in hand.live_seats()
                       if not hand.has_shown(s) and not hand.has_mucked(s)))
    assert hand.finishing_stacks() == tuple(
        state.stacks[player_of[seat]] for seat in range(n)
    )


@pytest.mark.parametrize("seed", range(40))
def test_random_hand_finishes_as_in_pokerkit(seed: int) -> None:
    play_random_hand(seed)


@pytest.mark.slow
@pytest.mark.parametrize("block", range(8))
def test_many_random_hands_finish_as_in_pokerkit(block: int) -> None:
    for seed in range(1000 + 50 * block, 1050 + 50 * block):
        play_random_hand(seed)
