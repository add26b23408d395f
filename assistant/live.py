"""The hand being entered at a live table, as the window edits it, and the window's
questions to the engine.

Cards arrive in any order and may be corrected at any time: hole cards per seat,
then the board as each street is reached.  The betting is a list of actions.  The
:class:`~assistant.hand.Hand` is rebuilt from the setup, the cards and the betting
after every change, so a correction is always checked against the whole hand.

A :class:`Question` (from the logged hand, or from quick mode's :class:`QuickSpot`)
is answered by :func:`work_out`: at hero's turn through the one door
(:func:`assistant.door.advise_hand` or :func:`assistant.door.advise_numbers`), else
the odds alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from assistant.cards import cards_to_mask, format_card
from assistant.door import Advice, Settings, Villain, advise_hand, advise_numbers
from assistant.equity import Equity, Progress, ShouldStop, equity_vs_ranges
from assistant.errors import PokerInputError
from assistant.hand import Action, ActionKind, Hand, HandConfig, Street
from assistant.opponents.profile import DEFAULT_PROFILE, get_profile
from assistant.ranges import Range

if TYPE_CHECKING:
    from assistant.hand_strength import HandStrength

BOARD_SLOTS = 5
NEXT_STREET = {0: "flop", 3: "turn", 4: "river"}
"""The street dealt next, by the number of board cards dealt."""
STREET_BOARD = {Street.PREFLOP: 0, Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}
"""Board cards on the table once each street has begun."""


@dataclass(frozen=True)
class Slot:
    """A place for one card: ``seat``'s hole card ``index`` (0 or 1), or the board
    card ``index`` (0-4) when ``seat`` is None."""

    seat: int | None
    index: int

    @property
    def street(self) -> Street:
        """The street a board slot belongs to (hole cards: preflop)."""
        if self.seat is not None or self.index < 3:
            return Street.PREFLOP if self.seat is not None else Street.FLOP
        return Street.TURN if self.index == 3 else Street.RIVER


BOARD = tuple(Slot(None, i) for i in range(BOARD_SLOTS))


@dataclass(frozen=True, eq=False)
class HandTurn:
    """Hero's turn in a logged hand, as the door needs it: the hand state (never changed
    once asked about: the live hand is rebuilt on every edit), hero's seat and the live
    opponents' hands hero knows (seat, cards).  Two turns are equal when their hands
    have the same setup and log."""

    hand: Hand
    seat: int
    known: tuple[tuple[int, tuple[int, ...]], ...] = ()

    def _key(self) -> tuple[object, ...]:
        return (self.hand.config, self.hand.actions, self.seat, self.known)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HandTurn) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


@dataclass(frozen=True)
class QuickTurn:
    """Hero's turn told in numbers (quick mode): the pot (every chip in the middle, bets
    included), what hero must call, hero's chips behind, each live opponent's chips
    behind and profile name, the big blind, and whether hero acts last after the flop.
    The first opponent made the bet hero faces; the others are still to answer."""

    pot: int
    to_call: int
    stack: int
    stacks: tuple[int, ...]
    profiles: tuple[str, ...]
    big_blind: int
    in_position: bool = False


@dataclass(frozen=True)
class Question:
    """What the engine should work out for the window now, in engine types: hero's
    cards, the board, the number of live opponents, the hands hero knows of some of
    them, the dead cards (known cards of folded seats), and at hero's turn the
    decision (a logged hand's or quick mode's); without one only the odds are asked."""

    hero: tuple[int, ...]
    board: tuple[int, ...]
    opponents: int
    known: tuple[tuple[int, ...], ...] = ()
    dead: tuple[int, ...] = ()
    decision: HandTurn | QuickTurn | None = None


@dataclass(frozen=True)
class Found:
    """What the engine found for a question: the odds, at hero's turn the advice
    (:class:`assistant.door.Advice`), and hand strength once there is a board."""

    equity: Equity
    advice: Advice | None
    strength: HandStrength | None


def work_out(question: Question, settings: Settings | None = None,
             samples: int | None = None, progress: Progress | None = None,
             should_stop: ShouldStop | None = None) -> Found:
    """The window's question answered: the door's advice at hero's turn, else the odds
    against random hands (and the known ones).  The advice's growth curve is asked
    for apart (:func:`assistant.curve.size_curve`), so the advice shows first.

    ``settings`` are the door's (Kelly scale, bankroll at the start of the hand, the
    profiles of a logged hand's seats; quick mode names its opponents' profiles
    itself); ``samples``, ``progress`` and ``should_stop`` go to the equity of an
    odds-only question.
    """
    settings = settings or Settings()
    decision = question.decision
    advice = None
    if isinstance(decision, HandTurn):
        advice = advise_hand(decision.hand, decision.seat, settings,
                             known=dict(decision.known), dead=question.dead)
    elif isinstance(decision, QuickTurn):
        villains = [Villain(get_profile(name), stack, bet=decision.to_call if i == 0 else 0)
                    for i, (stack, name) in enumerate(zip(decision.stacks, decision.profiles,
                                                          strict=True))]
        advice = advise_numbers(question.hero, question.board, pot=decision.pot,
                                to_call=decision.to_call, stack=decision.stack,
                                villains=villains, big_blind=decision.big_blind,
                                players=len(villains) + 1, in_position=decision.in_position,
                                settings=settings, dead=question.dead)
    if advice is not None:
        odds = advice.equity
    else:
        ranges = [Range.of_hand(*cards) for cards in question.known]
        ranges += [Range.full()] * (question.opponents - len(ranges))
        odds = equity_vs_ranges(cards_to_mask(question.hero), ranges,
                                cards_to_mask(question.board), cards_to_mask(question.dead),
                                samples=samples, seed=1, progress=progress,
                                should_stop=should_stop)
    from assistant.hand_strength import hand_strength_of  # numba: off the window's imports

    strength = hand_strength_of(question.hero, question.board, question.dead) \
        if question.board else None
    return Found(odds, advice, strength)


@dataclass
class LiveHand:
    """A hand in progress: setup, hero's seat, known cards and the betting so far."""

    config: HandConfig
    hero: int
    cards: dict[Slot, int] = field(default_factory=dict)
    betting: list[Action] = field(default_factory=list)
    mucks: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not 0 <= self.hero < self.config.n_seats:
            raise PokerInputError(f"hero's seat {self.hero + 1} is not at this table of"
                                  f" {self.config.n_seats} seats")
        self.hand = self._rebuild(self.cards, self.betting, self.mucks)

    def set_card(self, slot: Slot, card: int | None) -> None:
        """Put ``card`` in ``slot`` (or empty it with None); the hand must stay valid.

        A card already in another slot is refused, naming where it is: nothing moves
        without the player asking.  Board cards go only where the hand has got to
        (:meth:`open_board_slots`); a board card that later betting relies on can be
        replaced but not removed.
        """
        if slot.seat is None and card is not None and slot not in self.open_board_slots():
            raise PokerInputError(f"{format_card(card)} cannot go on the {_street_name(slot)}"
                                  f" yet: {self.waiting_for()}")
        holder = self.slot_of(card) if card is not None else None
        if card is not None and holder is not None and holder != slot:
            raise PokerInputError(f"{format_card(card)} is already {self.place_of(holder)}:"
                                  " take it back there first")
        cards = {s: c for s, c in self.cards.items() if s != slot}
        if card is not None:
            cards[slot] = card
        try:
            self.hand = self._rebuild(cards, self.betting, self.mucks)
        except PokerInputError as error:
            # Cards stay distinct here, so only betting on a street whose board is no
            # longer complete can fail.
            raise PokerInputError(
                f"the betting entered needs every board card dealt so far ({error});"
                " replace a card instead of removing it, or undo that betting first"
            ) from None
        self.cards = cards

    def slot_of(self, card: int) -> Slot | None:
        """The slot holding ``card``, if any."""
        return next((slot for slot, c in self.cards.items() if c == card), None)

    def place_of(self, slot: Slot) -> str:
        """Where ``slot`` is, in words: ``'in your hand'``, ``'in seat 6's hand'`` or
        ``'on the flop'``."""
        if slot.seat is None:
            return f"on the {_street_name(slot)}"
        if slot.seat == self.hero:
            return f"in your hand ({self.config.seat_name(slot.seat)})"
        return f"in {self.config.seat_name(slot.seat)}'s hand"

    def act(self, kind: ActionKind, amount: int = 0) -> None:
        """The seat to act folds, checks, calls, bets or raises to ``amount``, or goes
        all-in.  Raises :class:`PokerInputError` (and changes nothing) if illegal."""
        seat = self.hand.to_act
        if seat is None:
            raise PokerInputError(f"no one is to act: {self.waiting_for()}")
        betting = [*self.betting, Action(kind, seat, amount)]
        self.hand = self._rebuild(self.cards, betting, self.mucks)
        self.betting = betting

    def muck(self) -> None:
        """The first seat still to show at the showdown gives up its claim unseen."""
        waiting = self.to_show()
        if not waiting:
            raise PokerInputError(f"no one is to show: {self.waiting_for()}")
        mucks = [*self.mucks, waiting[0]]
        self.hand = self._rebuild(self.cards, self.betting, mucks)
        self.mucks = mucks

    def undo(self) -> None:
        """Take back the last muck or betting action, if any."""
        if self.mucks:
            self.mucks = self.mucks[:-1]
        elif self.betting:
            self.betting = self.betting[:-1]
        else:
            raise PokerInputError("there is no action to undo")
        self.hand = self._rebuild(self.cards, self.betting, self.mucks)

    def to_show(self) -> tuple[int, ...]:
        """The seats whose cards the showdown still needs (unknown and not mucked)."""
        hand = self.hand
        if not hand.betting_closed or hand.is_over:
            return ()
        return tuple(seat for seat in hand.live_seats()
                     if seat not in self.mucks and len(self.hole_cards(seat)) < 2)

    def results(self) -> list[str]:
        """Once the hand is over, who won what, in words: one line a pot."""
        if not self.hand.is_over:
            return []
        lines = []
        for result in self.hand.results():
            shares = " and ".join(f"{self._winner_name(seat)} {chips:,}"
                                  for seat, chips in zip(result.winners, result.shares,
                                                         strict=True))
            lines.append(f"pot {result.amount:,} won by {shares}")
        return lines

    def next_stacks(self, rebuy_to: int) -> tuple[list[int], list[str]]:
        """The stacks for the next hand: each seat's finishing stack, a busted seat
        rebuying to ``rebuy_to`` (said in the notes).  An unfinished hand leaves
        every stack as it started."""
        if not self.hand.is_over:
            return list(self.config.stacks), []
        stacks, notes = list(self.hand.finishing_stacks()), []
        for seat, chips in enumerate(stacks):
            if chips == 0:
                stacks[seat] = rebuy_to
                notes.append(f"{self.config.seat_name(seat)} rebuys for {rebuy_to:,}")
        return stacks, notes

    def _winner_name(self, seat: int) -> str:
        name = "you" if seat == self.hero else self.config.seat_name(seat)
        cards = self.hole_cards(seat)
        if len(cards) == 2 and len(self.hand.board) == 5 and seat in self.hand.live_seats() \
                and len(self.hand.live_seats()) > 1:
            from assistant.evaluator import describe, evaluate  # numba: off the window's imports

            name += f" ({describe(evaluate(cards_to_mask([*cards, *self.hand.board])))})"
        return name

    @property
    def used_mask(self) -> int:
        """The mask of every card placed in a slot."""
        mask = 0
        for card in self.cards.values():
            mask |= 1 << card
        return mask

    def hole_cards(self, seat: int) -> tuple[int, ...]:
        """The cards known for ``seat``, in slot order (0 to 2)."""
        return tuple(self.cards[Slot(seat, i)] for i in range(2) if Slot(seat, i) in self.cards)

    def open_board_slots(self) -> tuple[Slot, ...]:
        """The board slots that may be filled now: those of streets already reached,
        and the next street's once its betting is over."""
        reached = STREET_BOARD[self.hand.street]
        if self.hand.needs_board:
            reached = len(self.hand.board) + (3 if not self.hand.board else 1)
        return BOARD[:reached]

    def waiting_for(self) -> str:
        """What the hand waits for, in words."""
        hand = self.hand
        if hand.is_over:
            return "the hand is over"
        if hand.needs_board:
            return f"deal the {NEXT_STREET[len(hand.board)]}"
        if hand.to_act is not None:
            return f"{self.config.seat_name(hand.to_act)} to act"
        waiting = ", ".join(self.config.seat_name(seat) for seat in self.to_show())
        return (f"showdown: enter the cards {waiting} shows, or muck"
                if waiting else "showdown")

    def question(self) -> Question | None:
        """The question for the engine now, or None until hero's two cards are known."""
        hero_cards = self.hole_cards(self.hero)
        live = self.hand.live_seats()
        if len(hero_cards) < 2 or self.hero not in live:
            return None
        opponents = [s for s in live if s != self.hero]
        if not opponents:
            return None
        known = tuple((s, self.hole_cards(s)) for s in opponents if len(self.hole_cards(s)) == 2)
        dead = tuple(card for s in range(self.config.n_seats) if s not in live
                     for card in self.hole_cards(s))
        turn = None
        if self.hand.to_act == self.hero:
            turn = HandTurn(self.hand, self.hero, known)
        return Question(hero_cards, self.hand.board, len(opponents),
                        tuple(cards for _, cards in known), dead, turn)

    def _rebuild(self, cards: dict[Slot, int], betting: Sequence[Action],
                 mucks: Sequence[int] = ()) -> Hand:
        """The hand from the setup with ``cards`` and ``betting``: every complete pair of
        hole cards dealt first, each street's board as soon as the hand needs it, and
        at the showdown every known hand shown and the ``mucks`` mucked."""
        hand = Hand(self.config)
        for seat in range(self.config.n_seats):
            pair = [cards.get(Slot(seat, i)) for i in range(2)]
            if None not in pair:
                hand.deal_hole(seat, pair)  # type: ignore[arg-type]
        board = [cards.get(slot) for slot in BOARD]
        for action in betting:
            _deal_needed_board(hand, board)
            hand.apply(action)
        _deal_needed_board(hand, board)
        if hand.betting_closed and len(hand.live_seats()) > 1:
            # The known hands are shown before any muck, or a muck could end the hand.
            for seat in hand.live_seats():
                if seat not in mucks and Slot(seat, 1) in cards and Slot(seat, 0) in cards:
                    hand.show(seat)
            for seat in mucks:
                if not hand.is_over:
                    hand.muck(seat)
        return hand


def _deal_needed_board(hand: Hand, board: list[int | None]) -> None:
    """Deal the next street if the hand waits for it and all its cards are known."""
    while hand.needs_board:
        start = len(hand.board)
        stop = 3 if start == 0 else start + 1
        street = board[start:stop]
        if None in street:
            return
        hand.deal_board(street)  # type: ignore[arg-type]


def _street_name(slot: Slot) -> str:
    return slot.street.name.lower()


@dataclass(frozen=True)
class QuickSpot:
    """Hero's spot told in a few numbers, without logging the betting: hero's cards,
    the board, the pot (every chip in the middle, bets included), what hero must call,
    hero's stack behind, each live opponent's stack behind and profile name, the big
    blind (the smallest bet), and whether hero acts last after the flop.  The opponent
    who bet is taken to owe nothing, the others to owe the call, as when the action
    comes round to hero."""

    hero: tuple[int, ...]
    board: tuple[int, ...]
    pot: int
    to_call: int
    stack: int
    opponent_stacks: tuple[int, ...]
    big_blind: int
    profiles: tuple[str, ...] = ()
    in_position: bool = False

    def question(self) -> Question | None:
        """The engine's question, or None until hero's two cards are known.  Raises
        :class:`PokerInputError` naming a card used twice, a board of the wrong size or
        an unknown profile."""
        if len(self.hero) < 2:
            return None
        if len(self.board) not in STREET_BOARD.values():
            raise PokerInputError(f"a board of {len(self.board)} cards: enter 0, 3, 4 or 5")
        seen = set(self.hero)
        for card in self.board:
            if card in seen:
                where = "your hand" if card in self.hero else "the board"
                raise PokerInputError(f"{format_card(card)} is already in {where}")
            seen.add(card)
        if not self.opponent_stacks:
            raise PokerInputError("no live opponents: the hand is yours")
        if self.to_call > self.pot:
            raise PokerInputError(f"to call {self.to_call:,} is more than the pot"
                                  f" {self.pot:,}, which holds the bet you face")
        profiles = self.profiles or (DEFAULT_PROFILE,) * len(self.opponent_stacks)
        if len(profiles) != len(self.opponent_stacks):
            raise PokerInputError(f"{len(profiles)} profiles for"
                                  f" {len(self.opponent_stacks)} opponents")
        for name in profiles:
            get_profile(name)  # an unknown name is refused here, by name
        turn = QuickTurn(self.pot, self.to_call, self.stack, self.opponent_stacks,
                         tuple(profiles), self.big_blind, self.in_position)
        return Question(self.hero, self.board, len(self.opponent_stacks), decision=turn)
