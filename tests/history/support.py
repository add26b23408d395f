"""For the history tests: pokerkit as the oracle of finishing stacks, random hands to
put to it, and where a text stands in a file."""

import random
import warnings
from dataclasses import replace

from pokerkit import HandHistory

from assistant.hand import Action, Hand, HandConfig, Street
from assistant.history import HandRecord, format_phh, make_record
from tests.test_hand_pokerkit import random_betting_action, random_config


def pokerkit_stacks(record: HandRecord) -> tuple[int, ...]:
    """pokerkit's finishing stacks of a hand, read from our PHH text in whole chips."""
    text = format_phh([replace(record, decimals=0)])
    with warnings.catch_warnings():
        # pokerkit warns of free folds (cash-game mode) and of cards it burnt itself.
        warnings.simplefilter("ignore")
        states = list(HandHistory.loads(text))
    return tuple(int(stack) for stack in states[-1].stacks)


def random_table(rng: random.Random) -> HandConfig:
    """A random table as in the pokerkit tests, sometimes with a player's post, names,
    and always the free folds of hands read from files."""
    config = random_config(rng)
    n = config.n_seats
    free = [seat for seat in range(n) if not config.blinds[seat]]
    if n >= 4 and free and rng.random() < 0.2:
        seat = rng.choice(free)
        blinds = list(config.blinds)
        blinds[seat] = config.min_bet
        config = replace(config, blinds=tuple(blinds), posts=(seat,))
    names = tuple(f"player {seat}" for seat in range(n)) if rng.random() < 0.5 else ()
    return replace(config, names=names, free_folds=True)


def random_record(seed: int) -> HandRecord:
    """A random finished hand: random legal actions (free folds too), random cards,
    some hole cards known from the start and the rest shown or mucked at showdown."""
    rng = random.Random(seed)
    hand = Hand(random_table(rng))
    deck = list(range(52))
    rng.shuffle(deck)
    for seat in range(hand.config.n_seats):
        if rng.random() < 0.6:
            hand.deal_hole(seat, [deck.pop(), deck.pop()])
    while not hand.is_over:
        seat = hand.to_act
        if seat is not None:
            kind, amount = random_betting_action(hand, rng)
            hand.apply(Action(kind, seat, amount))
        elif hand.needs_board:
            hand.deal_board([deck.pop() for _ in range(3 if hand.street == Street.PREFLOP else 1)])
        else:
            seat = rng.choice([s for s in hand.live_seats()
                               if not hand.has_shown(s) and not hand.has_mucked(s)])
            if rng.random() < 0.15 and all(
                    any(other != seat and not hand.has_mucked(other) for other in pot.eligible)
                    for pot in hand.pots() if seat in pot.eligible):
                # Nobody mucks a pot that is theirs alone: pokerkit would lose its chips.
                hand.muck(seat)
            else:
                known = hand.hole_cards(seat)
                hand.show(seat, known if known is not None else [deck.pop(), deck.pop()])
    return make_record(hand, decimals=rng.choice([0, 0, 2]),
                       fields={"hand": seed, "event": "random"} if rng.random() < 0.5 else {})


def line_of(text: str, needle: str, start: int = 0) -> int:
    """The line (from 1) where ``needle`` first stands in ``text`` after ``start``."""
    return text[:text.index(needle, start)].count("\n") + 1
