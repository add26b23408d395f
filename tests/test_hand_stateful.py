"""A hypothesis state machine throws legal and illegal input at a Hand.

Invariants: chips are conserved, the pot is the sum of the contributions and of
the pots, an illegal input leaves the state as it was, and undo restores the state
before the last entry exactly.
"""

from dataclasses import replace

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from assistant.errors import PokerInputError
from assistant.hand import Action, ActionKind, Hand, HandConfig, Street
from tests.test_hand import snapshot


@st.composite
def configs(draw: st.DrawFn) -> HandConfig:
    """Small tables with small stacks, so that all-ins and side pots are common."""
    n = draw(st.integers(2, 6))
    big = draw(st.integers(1, 20))
    small = draw(st.integers(0, big))
    straddle = draw(st.sampled_from([0, 2 * big])) if n >= 3 else 0
    stacks = draw(st.lists(st.integers(1, 300), min_size=n, max_size=n))
    config = HandConfig.standard(
        stacks,
        button=draw(st.integers(0, n - 1)),
        small_blind=small,
        big_blind=big,
        ante=draw(st.sampled_from([0, 0, 1, 3])),
        straddle=straddle,
    )
    # Imported hands may fold where checking is free; that must never orphan a pot.
    return replace(config, free_folds=draw(st.booleans()))


class HandMachine(RuleBasedStateMachine):
    """Drives one hand with random input and checks it after every step."""

    hand: Hand
    history: list[dict[str, object]]

    @initialize(config=configs())
    def start(self, config: HandConfig) -> None:
        self.hand = Hand(config)
        self.history = []

    def attempt(self, action: Action) -> None:
        """Apply an action; a rejection must leave the state untouched."""
        before = snapshot(self.hand)
        try:
            self.hand.apply(action)
        except PokerInputError:
            assert snapshot(self.hand) == before
            return
        self.history.append(before)

    def unused(self, data: st.DataObject, count: int) -> tuple[int, ...]:
        """``count`` cards that are neither on the board nor in a known hand."""
        used = set(self.hand.board)
        for seat in range(self.hand.config.n_seats):
            used.update(self.hand.hole_cards(seat) or ())
        free = [card for card in range(52) if card not in used]
        return tuple(data.draw(st.permutations(free))[:count])

    @rule(
        kind=st.sampled_from(list(ActionKind)),
        seat=st.integers(-1, 7),
        amount=st.integers(-5, 700),
        cards=st.lists(st.integers(0, 53), max_size=4).map(tuple),
    )
    def anything(self, kind: ActionKind, seat: int, amount: int, cards: tuple[int, ...]) -> None:
        self.attempt(Action(kind, seat, amount, cards))

    @precondition(lambda self: self.hand.to_act is not None)
    @rule(data=st.data())
    def legal_betting(self, data: st.DataObject) -> None:
        seat = self.hand.to_act
        kind = data.draw(st.sampled_from(sorted(self.hand.legal_actions())))
        amount = 0
        if kind in (ActionKind.BET, ActionKind.RAISE):
            low, high = self.hand.min_raise_to(), self.hand.max_raise_to()
            assert low is not None and high is not None
            amount = data.draw(st.integers(low, high))
        before = len(self.hand.actions)
        self.attempt(Action(kind, seat, amount))
        assert len(self.hand.actions) == before + 1, "a legal action was rejected"

    @precondition(lambda self: self.hand.needs_board)
    @rule(data=st.data())
    def deal_board(self, data: st.DataObject) -> None:
        count = 3 if self.hand.street == Street.PREFLOP else 1
        self.attempt(Action(ActionKind.BOARD, cards=self.unused(data, count)))

    @rule(data=st.data(), seat=st.integers(0, 5))
    def deal_hole(self, data: st.DataObject, seat: int) -> None:
        self.attempt(Action(ActionKind.HOLE, seat, cards=self.unused(data, 2)))

    @precondition(lambda self: self.hand.betting_closed and not self.hand.is_over)
    @rule(data=st.data(), show=st.booleans())
    def showdown(self, data: st.DataObject, show: bool) -> None:
        seat = data.draw(st.sampled_from(self.hand.live_seats()))
        known = self.hand.hole_cards(seat)
        cards = known if known is not None else self.unused(data, 2)
        self.attempt(Action(ActionKind.SHOW, seat, cards=cards) if show
                     else Action(ActionKind.MUCK, seat))

    @precondition(lambda self: self.history)
    @rule()
    def undo(self) -> None:
        self.hand.undo()
        assert snapshot(self.hand) == self.history.pop()

    @invariant()
    def chips_are_conserved(self) -> None:
        hand = self.hand
        seats = range(hand.config.n_seats)
        assert sum(hand.stack(s) for s in seats) + hand.pot == sum(hand.config.stacks)
        assert hand.pot == sum(hand.contribution(s) for s in seats)
        in_pots = sum(pot.amount for pot in hand.pots())
        bets = 0 if hand.round_over else sum(hand.street_contribution(s) for s in seats)
        assert in_pots + bets == hand.pot
        assert all(pot.eligible for pot in hand.pots())
        if hand.is_over:
            assert sum(hand.finishing_stacks()) == sum(hand.config.stacks)

    @invariant()
    def what_a_query_kept_is_what_a_replay_works_out(self) -> None:
        # The hand keeps its pots and their winners between entries: a new hand
        # played from the log, asked only now, must agree.
        fresh = Hand(self.hand.config)
        for action in self.hand.actions:
            if action.kind not in (ActionKind.ANTE, ActionKind.BLIND):
                fresh.apply(action)
        assert fresh.pots() == self.hand.pots()
        assert fresh.is_over == self.hand.is_over
        if fresh.is_over:
            assert fresh.finishing_stacks() == self.hand.finishing_stacks()
            won = [self.hand.stack(seat) for seat in range(self.hand.config.n_seats)]
            for result in self.hand.results():  # the merged, split pots
                for seat, chips in zip(result.winners, result.shares, strict=True):
                    won[seat] += chips
            assert self.hand.finishing_stacks() == tuple(won)
            assert fresh.pot_winners() == self.hand.pot_winners()

    @invariant()
    def the_seat_to_act_can_act(self) -> None:
        seat = self.hand.to_act
        if seat is not None:
            assert self.hand.stack(seat) > 0
            assert {ActionKind.CHECK, ActionKind.CALL} & self.hand.legal_actions()


HandMachine.TestCase.settings = settings(
    max_examples=150,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_hand_machine = HandMachine.TestCase
