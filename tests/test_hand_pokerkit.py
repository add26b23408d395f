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
from dataclasses import replace
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
        return cover_the_largest_blind(HandConfig(config.stacks, button, config.blinds,
                                                  tuple(antes), big, dead_antes=True))
    ante = rng.randint(1, big) if kind < 0.4 else 0
    straddle = 2 * big if n >= 3 and rng.random() < 0.15 else 0
    config = HandConfig.standard(stacks, button, small, big, ante=ante, straddle=straddle)
    return cover_the_largest_blind(config)


def cover_the_largest_blind(config: HandConfig) -> HandConfig:
    """The config with the largest blind's seat able to post it in full: pokerkit asks
    the others to call only what a short big blind posted, the hand state (as real
    rooms) the full blind; see test_an_incomplete_big_blind_is_called_in_full."""
    largest = max(config.blinds)
    stacks = [max(stack, blind + ante + 1) if blind == largest else stack
              for stack, blind, ante in zip(config.stacks, config.blinds, config.antes,
                                            strict=True)]
    return replace(config, stacks=tuple(stacks))


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


def deal_both(config: HandConfig, holes: Sequence[str]) -> tuple[Hand, State]:
    """The hand state and pokerkit's of a config, ``holes[i]`` dealt to pokerkit's
    player ``i`` (position order) and to the same seat of the hand."""
    hand, state = Hand(config), pokerkit_state(config)
    n = config.n_seats
    for player, cards in enumerate(holes):
        state.deal_hole(cards)
        hand.deal_hole((config.button + 1 + player) % n, cards)
    return hand, state


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
    deck = list(range(52))
    rng.shuffle(deck)
    hand, state = deal_both(config, [format_cards([deck.pop(), deck.pop()]) for _ in range(n)])
    while state.status:
        actor = state.actor_index
        assert hand.to_act == (None if actor is None else seat_of[actor])
        if actor is not None:
            seat = seat_of[actor]
            assert hand.pot == state.total_pot_amount
            assert hand.to_call(seat) == state.checking_or_calling_amount
            if hand.min_raise_to() is not None and not straddled(config):
                assert hand.min_raise_to() == state.min_completion_betting_or_raising_to_amount
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


def straddled(config: HandConfig) -> bool:
    """Whether a seat posts more than the big blind (a straddle)."""
    return max(config.blinds) > config.min_bet


def test_an_incomplete_big_blind_is_called_in_full() -> None:
    # Blinds 15/30, the big blind has 20: the others owe the full 30 (issue 11.2).
    config = HandConfig((1000, 20, 1000), button=2, blinds=(15, 30, 0), antes=(0, 0, 0),
                        min_bet=30)
    hand, state = deal_both(config, ["AcAd", "KcKd", "2c7d"])
    assert hand.to_act == 2
    assert hand.to_call(2) == 30
    assert state.checking_or_calling_amount == 20  # pokerkit's rule, not the rooms'
    assert hand.min_raise_to() == 60
    hand.call(2)
    hand.call(0)  # 15 more, to 30
    assert hand.round_over and hand.betting_closed is False
    assert hand.pot == 30 + 20 + 30
    hand.deal_board("3h 4h 9s")
    hand.check(0)
    hand.check(2)
    hand.deal_board("Js")
    hand.check(0)
    hand.check(2)
    hand.deal_board("Qs")
    hand.check(0)
    hand.check(2)
    for seat in (0, 1, 2):
        hand.show(seat)
    # By hand: main pot 3 x 20 = 60 to seat 0's aces; the side pot of 2 x 10 = 20,
    # which the big blind cannot win, also to seat 0.
    assert [(pot.amount, pot.eligible) for pot in hand.pots()] == [(60, (0, 1, 2)),
                                                                   (20, (0, 2))]
    assert hand.finishing_stacks() == (1000 - 30 + 80, 0, 1000 - 30)


def test_an_incomplete_small_blind_changes_nothing_for_the_others() -> None:
    config = HandConfig((10, 1000, 1000), button=2, blinds=(15, 30, 0), antes=(0, 0, 0),
                        min_bet=30)
    hand, state = deal_both(config, ["AcAd", "KcKd", "2c7d"])
    assert hand.to_call(2) == state.checking_or_calling_amount == 30


def test_the_minimum_raise_over_a_straddle_is_to_twice_the_straddle() -> None:
    config = HandConfig.standard([1000] * 4, button=3, small_blind=1, big_blind=2,
                                 straddle=4)
    hand, state = deal_both(config, ["AcAd", "KcKd", "QcQd", "JcJd"])
    assert hand.min_raise_to() == 8  # the straddle plays as the new big blind
    assert state.min_completion_betting_or_raising_to_amount == 6
    no_straddle = Hand(HandConfig.standard([1000] * 4, button=3, small_blind=1, big_blind=2))
    assert no_straddle.min_raise_to() == 4


def test_players_who_checked_may_not_raise_a_short_all_in_bet() -> None:
    # Issue 11.5: stacks 1000/1000/150, blinds 50/100, all call, check, check, all-in 50.
    config = HandConfig.standard([1000, 1000, 150], button=2, small_blind=50, big_blind=100)
    hand, state = deal_both(config, ["AcAd", "KcKd", "QcQd"])
    hand.call(2)
    hand.call(0)
    hand.check(1)
    for _ in range(3):
        state.check_or_call()
    hand.deal_board("2h 7s Js")
    state.deal_board("2h7sJs")
    hand.check(0)
    hand.check(1)
    state.check_or_call()
    state.check_or_call()
    hand.all_in(2)
    state.complete_bet_or_raise_to(50)
    assert hand.to_act == 0
    assert hand.legal_actions() == {ActionKind.FOLD, ActionKind.CALL}  # TDA rule 47A
    assert state.can_complete_bet_or_raise_to()  # pokerkit reopens the betting
