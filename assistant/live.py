"""The hand being entered at a live table, as the window edits it.

Cards arrive in any order and may be corrected at any time: hole cards per seat,
then the board as each street is reached.  The betting is a list of actions.  The
:class:`~assistant.hand.Hand` is rebuilt from the setup, the cards and the betting
after every change, so a correction is always checked against the whole hand.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field

from assistant.advice import situation_of
from assistant.cards import format_card, format_cards
from assistant.errors import PokerInputError
from assistant.hand import Action, ActionKind, Hand, HandConfig, Street
from assistant.kelly import BetSituation

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


@dataclass(frozen=True)
class Question:
    """What the engine should work out for the window now, as plain text and numbers.

    ``situation`` is set at hero's turn (full advice); otherwise only the odds are
    asked for.  ``vs`` holds the known hands of live opponents.
    """

    hero: str
    board: str
    opponents: int
    vs: tuple[str, ...]
    situation: BetSituation | None


@dataclass
class LiveHand:
    """A hand in progress: setup, hero's seat, known cards and the betting so far."""

    config: HandConfig
    hero: int
    cards: dict[Slot, int] = field(default_factory=dict)
    betting: list[Action] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not 0 <= self.hero < self.config.n_seats:
            raise PokerInputError(f"hero's seat {self.hero + 1} is not at this table of"
                                  f" {self.config.n_seats} seats")
        self.hand = self._rebuild(self.cards, self.betting)

    def set_card(self, slot: Slot, card: int | None) -> None:
        """Put ``card`` in ``slot`` (or empty it with None); the hand must stay valid.

        A card already in another slot moves here.  Board cards go only where the hand
        has got to (:meth:`open_board_slots`); a board card that later betting relies
        on can be replaced but not removed.
        """
        if slot.seat is None and card is not None and slot not in self.open_board_slots():
            raise PokerInputError(f"{format_card(card)} cannot go on the {_street_name(slot)}"
                                  f" yet: {self.waiting_for()}")
        cards = {s: c for s, c in self.cards.items() if c != card and s != slot}
        if card is not None:
            cards[slot] = card
        try:
            self.hand = self._rebuild(cards, self.betting)
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

    def act(self, kind: ActionKind, amount: int = 0) -> None:
        """The seat to act folds, checks, calls, bets or raises to ``amount``, or goes
        all-in.  Raises :class:`PokerInputError` (and changes nothing) if illegal."""
        seat = self.hand.to_act
        if seat is None:
            raise PokerInputError(f"no one is to act: {self.waiting_for()}")
        betting = [*self.betting, Action(kind, seat, amount)]
        self.hand = self._rebuild(self.cards, betting)
        self.betting = betting

    def undo(self) -> None:
        """Take back the last betting action, if any."""
        if not self.betting:
            raise PokerInputError("there is no action to undo")
        self.betting = self.betting[:-1]
        self.hand = self._rebuild(self.cards, self.betting)

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
        return "showdown"

    def question(self) -> Question | None:
        """The question for the engine now, or None until hero's two cards are known."""
        hero_cards = self.hole_cards(self.hero)
        if len(hero_cards) < 2 or self.hero not in self.hand.live_seats():
            return None
        opponents = [s for s in self.hand.live_seats() if s != self.hero]
        if not opponents:
            return None
        vs = tuple(format_cards(self.hole_cards(s)) for s in opponents
                   if len(self.hole_cards(s)) == 2)
        situation = None
        if self.hand.to_act == self.hero:
            situation = situation_of(self.hand.decision(self.hero))
        return Question(format_cards(hero_cards), format_cards(self.hand.board), len(opponents),
                        vs, situation)

    def _rebuild(self, cards: dict[Slot, int], betting: Sequence[Action]) -> Hand:
        """The hand from the setup with ``cards`` and ``betting``: every complete pair of
        hole cards dealt first, each street's board as soon as the hand needs it."""
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
