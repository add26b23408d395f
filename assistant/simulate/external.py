"""Opponents written outside this project: the example players that PyPokerEngine ships
(``pip install kelly-poker-assistant[bots]``), seated through a translation of the hand
to their ``declare_action(valid_actions, hole_card, round_state)`` interface.

* ``pypokerengine-honest`` (``HonestPlayer``): calls when its Monte Carlo win rate
  against the players dealt in (1,000 deals of its own evaluator) is at least one over
  their number, else folds.
* ``pypokerengine-fish`` (``FishPlayer``): always calls.
* ``pypokerengine-random`` (``RandomPlayer``): folds a third of the time and otherwise
  raises a random legal amount (its ratios never pick the call: kept as published).

The translation: cards as ``'SA'``, ``'H7'``; the call's amount and the raise's bounds
are totals for the street, as in PyPokerEngine; ``round_state`` carries the street,
the board, the pot, the seats (stack and state) and the betting so far.  A fold when
nothing is owed is played as a check (this hand state refuses free folds), and a raise
that is not legal as a call.  The players draw from Python's ``random`` module, which
is seeded from the hand's generator before each decision, so runs repeat.
"""

import importlib.util
import random
from typing import Any

import numpy as np

from assistant.cards import format_card
from assistant.errors import PokerInputError
from assistant.hand import Action, ActionKind, Hand
from assistant.simulate.dealer import Policy, give_up, passive, raise_to

EXTERNAL_BOTS = {
    "pypokerengine-honest": ("examples.players.honest_player", "HonestPlayer"),
    "pypokerengine-fish": ("examples.players.fish_player", "FishPlayer"),
    "pypokerengine-random": ("examples.players.random_player", "RandomPlayer"),
}
"""Opponent type: (module, class) of the PyPokerEngine distribution."""

STREETS = ("preflop", "flop", "turn", "river")
LOGGED = {ActionKind.FOLD: "FOLD", ActionKind.CHECK: "CALL", ActionKind.CALL: "CALL",
          ActionKind.BET: "RAISE", ActionKind.RAISE: "RAISE"}


def available() -> list[str]:
    """The external opponent types whose package is installed."""
    if importlib.util.find_spec("pypokerengine") is None:
        return []
    return list(EXTERNAL_BOTS)


def card_text(card: int) -> str:
    """A card as PyPokerEngine writes it: suit then rank, upper case.

    >>> from assistant.cards import parse_card
    >>> card_text(parse_card("Ah")), card_text(parse_card("Tc"))
    ('HA', 'CT')
    """
    text = format_card(card)
    return text[1].upper() + text[0].upper()


def valid_actions(hand: Hand, seat: int) -> list[dict[str, Any]]:
    """PyPokerEngine's ``valid_actions``: fold, call (to the street's total) and raise
    (``min``/``max`` street totals, -1 when no raise is legal)."""
    lowest, highest = hand.min_raise_to(), hand.max_raise_to()
    return [
        {"action": "fold", "amount": 0},
        {"action": "call", "amount": hand.street_contribution(seat) + hand.to_call(seat)},
        {"action": "raise", "amount": {"min": -1 if lowest is None else lowest,
                                       "max": -1 if highest is None else highest}},
    ]


def round_state(hand: Hand, seat: int) -> dict[str, Any]:
    """The public part of the hand as PyPokerEngine's ``round_state``."""
    n = hand.config.n_seats
    live, all_in = set(hand.live_seats()), set(hand.all_in_seats())
    histories: dict[str, list[dict[str, Any]]] = {"preflop": []}
    street = "preflop"
    for action in hand.actions:
        if action.kind == ActionKind.BOARD:
            street = STREETS[STREETS.index(street) + 1]
            histories[street] = []
        elif action.kind in LOGGED:
            histories[street].append({"action": LOGGED[action.kind], "amount": action.amount,
                                      "uuid": str(action.seat)})
    button = hand.config.button
    small = button if n == 2 else (button + 1) % n
    return {
        "street": STREETS[hand.street],
        "community_card": [card_text(c) for c in hand.board],
        "pot": {"main": {"amount": hand.pot}, "side": []},
        "dealer_btn": button,
        "next_player": seat,
        "small_blind_pos": small,
        "big_blind_pos": (small + 1) % n,
        "small_blind_amount": hand.config.blinds[small],
        "round_count": 1,
        "seats": [{"name": f"seat {s + 1}", "uuid": str(s), "stack": hand.stack(s),
                   "state": "allin" if s in all_in else
                   ("participating" if s in live else "folded")} for s in range(n)],
        "action_histories": histories,
    }


def make_external_bot(name: str, players: int) -> Policy:
    """The policy of an external opponent type at a table of ``players``."""
    if name not in available():
        raise PokerInputError(f"opponent type {name!r} needs PyPokerEngine:"
                              " pip install kelly-poker-assistant[bots]")
    module_name, class_name = EXTERNAL_BOTS[name]
    module = importlib.import_module(module_name)
    player = getattr(module, class_name)()
    player.receive_game_start_message({"player_num": players})

    def act(hand: Hand, seat: int, rng: np.random.Generator) -> Action:
        hole = hand.hole_cards(seat)
        assert hole is not None, "the dealer deals every seat"
        random.seed(int(rng.integers(2**62)))
        kind, amount = player.declare_action(valid_actions(hand, seat),
                                             [card_text(c) for c in hole],
                                             round_state(hand, seat))
        if kind == "fold":
            return give_up(hand, seat)
        if kind == "raise" and hand.min_raise_to() is not None:
            return raise_to(hand, seat, amount)
        return passive(hand, seat)
    return act
