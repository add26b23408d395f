"""The betting state of one no-limit hold 'em hand: posts, actions, pots and showdown.

Seats are numbered ``0 .. n-1`` clockwise; position order starts left of the button
and ends on it.  Amounts are integer chips.  A :class:`Hand` starts from a
:class:`HandConfig` with its antes and blinds posted, takes one action at a time,
rejects an illegal one with a :class:`PokerInputError` that says why (and leaves
the state as it was), and answers queries at every point.  Its log replays to the
same state, which is how :meth:`Hand.undo` works.

The rules follow pokerkit, so that a hand played here ends with pokerkit's stacks,
except in the three places marked below where real rooms play otherwise:

* Heads-up, the button posts the small blind, acts first before the flop and last
  after it.  Before the flop, action starts left of the largest blind or straddle
  posted (the later seat on a tie), so a straddler acts last.
* A short stack posts what it has of its ante, then of its blind, and is all-in.
  The others still owe the full blind: a big blind all-in for 20 of 30 is called
  with 30 (as PokerStars and live rooms play it; pokerkit asks only the 20).
* A post (a new or returning player's blind, :attr:`HandConfig.posts`) is live but,
  unlike a straddle, does not move the start of the action (pokerkit: a negative blind).
* A bet or raise is at least the last full raise of the round (before the flop, the
  largest blind or straddle; never less than ``min_bet``) unless it is all-in.  A
  straddle plays as the new big blind: over blinds 1/2 and a straddle of 4 the
  minimum raise is to 8, as cardrooms that allow straddles play it (pokerkit
  counts only the big blind over the straddle, to 6; no TDA rule covers straddles).
* A player who has already acted (a check is an action) may raise again only when
  facing at least a full bet or raise since, so an all-in for less does not reopen
  the betting: TDA rule 47A (2022, "an all-in wager ... totaling less than a full
  bet or raise will not reopen betting for players who have already acted").  Two
  players who checked and face an all-in bet of 50 into a minimum bet of 100 may
  only call or fold (pokerkit lets them raise).
* The part of a bet nobody matched goes back when the round ends.  Split pots give
  all odd chips to the first winner clockwise from the button.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum

from assistant.cards import cards_to_mask, format_cards, parse_cards
from assistant.errors import PokerInputError
from assistant.pots import Pot, side_pots, split_pot, uncalled_bet

MIN_SEATS, MAX_SEATS = 2, 10
HOLE_CARDS = 2


class Street(IntEnum):
    """A betting round, named by the board it is played on."""

    PREFLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3


NEW_BOARD_CARDS = {Street.FLOP: 3, Street.TURN: 1, Street.RIVER: 1}
"""How many board cards are dealt to open each street after the preflop."""
STREETS = tuple(Street)
"""The streets by number (``STREETS[k]``: faster than calling the enum, ``Street(k)``)."""


class ActionKind(StrEnum):
    """What an entry of the log does.  ``ALL_IN`` is only ever a request: the log
    records the call, bet or raise that it amounts to."""

    ANTE = "ante"
    BLIND = "blind"
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    ALL_IN = "all-in"
    HOLE = "hole"
    BOARD = "board"
    SHOW = "show"
    MUCK = "muck"


FORCED = frozenset({ActionKind.ANTE, ActionKind.BLIND})
VOLUNTARY = frozenset({ActionKind.CALL, ActionKind.BET, ActionKind.RAISE})
"""The log entries that put chips in by choice (an all-in is logged as one of them)."""
_ANTE, _BLIND = ActionKind.ANTE, ActionKind.BLIND
_FOLD, _CHECK, _CALL = ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL
_BET, _RAISE, _ALL_IN = ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN
_HOLE, _BOARD, _SHOW, _MUCK = ActionKind.HOLE, ActionKind.BOARD, ActionKind.SHOW, ActionKind.MUCK
_PREFLOP, _RIVER = Street.PREFLOP, Street.RIVER
"""Members read once for the hot paths: reading one off its class costs some fifteen
times a name."""


@dataclass(frozen=True, init=False)
class Action:
    """One entry of a hand's log.

    ``amount`` is the chips put in for ``ANTE``, ``BLIND`` and ``CALL``, and the
    seat's total for the street for ``BET`` and ``RAISE`` ("raises to 60").
    ``cards`` are card indices for ``HOLE``, ``BOARD`` and ``SHOW``.  The ``__init__`` is
    written by hand, for speed: a new field must be added there too (a test checks it).
    """

    kind: ActionKind
    seat: int | None = None
    amount: int = 0
    cards: tuple[int, ...] = ()

    def __init__(self, kind: ActionKind, seat: int | None = None, amount: int = 0,
                 cards: tuple[int, ...] = ()) -> None:
        # The fields stored straight into the instance's dict: a frozen dataclass's own
        # __init__ sets them one by one through object.__setattr__, three times as slow,
        # and every hand logs some twenty.
        fields = self.__dict__
        fields["kind"] = kind
        fields["seat"] = seat
        fields["amount"] = amount
        fields["cards"] = cards


@dataclass(frozen=True)
class HandConfig:
    """The table before a hand: stacks, button, forced bets, all by seat.

    ``blinds[seat]`` and ``antes[seat]`` are what each seat must post (blinds and
    straddles alike; heads-up the button posts the small blind).  ``min_bet`` is
    the smallest bet, normally the big blind.  With ``dead_antes`` the antes are
    dead money in the main pot, open to every live seat (big-blind or button
    antes); otherwise each ante counts with the seat's other chips, so antes must
    then be equal.  :meth:`standard` builds the usual table.
    """

    stacks: tuple[int, ...]
    button: int
    blinds: tuple[int, ...]
    antes: tuple[int, ...]
    min_bet: int
    dead_antes: bool = False
    names: tuple[str, ...] = ()
    posts: tuple[int, ...] = ()
    free_folds: bool = False

    def __post_init__(self) -> None:
        for field in ("stacks", "blinds", "antes", "names", "posts"):
            value = getattr(self, field)
            if type(value) is not tuple:
                object.__setattr__(self, field, tuple(value))
        stacks, blinds, antes, names, posts = (self.stacks, self.blinds, self.antes,
                                               self.names, self.posts)
        n = len(stacks)
        if not MIN_SEATS <= n <= MAX_SEATS:
            raise PokerInputError(f"a hand needs {MIN_SEATS} to {MAX_SEATS} seats, got {n}")
        for field in ("blinds", "antes") + (("names",) if names else ()):
            if len(getattr(self, field)) != n:
                raise PokerInputError(
                    f"{len(getattr(self, field))} {field} for {n} seats: {getattr(self, field)}"
                )
        forced = (*blinds, *antes)
        # Whole numbers of chips (a bool is not one), the stacks positive: at once, else
        # seat by seat to say which.
        if not (set(map(type, stacks)) == set(map(type, forced)) == {int}
                and min(stacks) >= 1 and min(forced) >= 0):
            for seat in range(n):
                _check_chips(f"seat {seat + 1}'s stack", stacks[seat], minimum=1)
                _check_chips(f"seat {seat + 1}'s blind", blinds[seat])
                _check_chips(f"seat {seat + 1}'s ante", antes[seat])
        _check_chips("min_bet", self.min_bet, minimum=1)
        if not isinstance(self.button, int) or not 0 <= self.button < n:
            raise PokerInputError(
                f"button {self.button!r} is not a seat at the table (seats 0 to {n - 1})"
            )
        if not any(blinds) and not any(antes):
            raise PokerInputError("a hand needs a blind or an ante")
        for seat in posts:
            if seat not in range(n) or not blinds[seat] or posts.count(seat) > 1:
                raise PokerInputError(
                    f"posts {posts} must name distinct seats that post a blind"
                )
        if not self.dead_antes and len(set(antes)) > 1:
            raise PokerInputError(
                f"antes {antes} differ by seat: set dead_antes for big-blind or button antes"
            )

    @classmethod
    def standard(
        cls,
        stacks: Sequence[int],
        button: int,
        small_blind: int,
        big_blind: int,
        ante: int = 0,
        straddle: int = 0,
        names: Sequence[str] = (),
    ) -> "HandConfig":
        """The usual table: blinds left of the button, an optional straddle after them.

        Heads-up the button posts the small blind.  ``ante`` is posted by every seat.

        >>> HandConfig.standard([500] * 4, button=3, small_blind=5, big_blind=10).blinds
        (5, 10, 0, 0)
        >>> HandConfig.standard([500] * 2, button=0, small_blind=5, big_blind=10).blinds
        (5, 10)
        """
        n = len(stacks)
        if not MIN_SEATS <= n <= MAX_SEATS:
            raise PokerInputError(f"a hand needs {MIN_SEATS} to {MAX_SEATS} seats, got {n}")
        _check_chips("the big blind", big_blind, minimum=1)
        _check_chips("the small blind", small_blind)
        _check_chips("the straddle", straddle)
        if small_blind > big_blind:
            raise PokerInputError(
                f"the small blind {small_blind} is larger than the big blind {big_blind}"
            )
        if straddle and straddle <= big_blind:
            raise PokerInputError(
                f"a straddle of {straddle} must be larger than the big blind {big_blind}"
            )
        if straddle and n < 3:
            raise PokerInputError(f"a straddle needs at least 3 seats, not {n}")
        if not 0 <= button < n:
            raise PokerInputError(
                f"button {button} is not a seat at the table (seats 0 to {n - 1})"
            )
        blinds = [0] * n
        small = button if n == 2 else (button + 1) % n
        blinds[small] = small_blind
        blinds[(small + 1) % n] = big_blind
        if straddle:
            blinds[(small + 2) % n] = straddle
        return cls(tuple(stacks), button, tuple(blinds), (ante,) * n, big_blind, names=tuple(names))

    @property
    def n_seats(self) -> int:
        """The number of seats in the hand."""
        return len(self.stacks)

    def seat_name(self, seat: int) -> str:
        """How messages name a seat, counting from 1 as people do: ``'seat 3'`` for
        seat index 2, or ``'seat 3 (Ivey)'`` with a name (a blank one is no name)."""
        name = f"seat {seat + 1}"
        return f"{name} ({self.names[seat]})" if self.names and self.names[seat] else name


@dataclass(frozen=True)
class PotResult:
    """Who won a pot: ``shares[i]`` chips go to ``winners[i]``."""

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]


@dataclass(frozen=True)
class OtherSeat:
    """A live opponent at a decision: what it still owes to match the current bet
    (capped at its stack, so 0 when all-in), its stack behind, and its bet this street."""

    seat: int
    to_call: int
    stack: int
    bet: int


@dataclass(frozen=True)
class Decision:
    """A player's decision in plain numbers, for the advice layer.

    ``pot`` is every chip in the middle now.  ``to_call`` is capped at the stack (an
    all-in call); ``current_bet`` and ``bet`` are the largest bet and the player's bet
    this street, so ``current_bet - bet`` is the call before that cap.  ``min_raise``
    and ``max_raise`` are the player's new chips for the smallest and largest legal bet
    or raise (not the raise-to amount), or ``None`` when the player may not raise.
    """

    seat: int
    street: Street
    stack: int
    pot: int
    to_call: int
    current_bet: int
    bet: int
    min_raise: int | None
    max_raise: int | None
    opponents: tuple[OtherSeat, ...]
    hole_cards: tuple[int, ...] | None
    board: tuple[int, ...]

    @property
    def n_opponents(self) -> int:
        """The number of live opponents."""
        return len(self.opponents)


class Hand:
    """The state of one no-limit hold 'em hand, built by posts and actions.

    The forced posts are made on creation and stay in the log; every later entry
    comes from a method below (or :meth:`apply`) and can be undone.
    """

    def __init__(self, config: HandConfig) -> None:
        self._config = config
        n = config.n_seats
        after = config.button + 1
        self._order = (*range(after, n), *range(after))
        self._reset()

    def _reset(self) -> None:
        n = self._config.n_seats
        self._log: list[Action] = []
        self._stacks = list(self._config.stacks)
        self._antes = [0] * n
        self._collected = [0] * n  # from earlier streets' rounds, antes apart
        self._bets = [0] * n  # this street's round
        self._returned = [0] * n
        self._folded = [False] * n
        self._live = tuple(range(n))  # the seats that have not folded
        self._hole: list[tuple[int, ...] | None] = [None] * n
        self._shown: set[int] = set()
        self._mucked: list[int] = []
        self._board: list[int] = []
        self._in_play = 0  # the mask of the board's and the known hole cards
        self._street = _PREFLOP
        self._to_act: list[int] = []
        self._acted: set[int] = set()
        self._max_bet = 0
        self._raise_size = 0
        self._round_over = False
        self._could_raise: dict[int, bool] = {}  # log entry of a betting action: see could_raise
        self._closed_board: tuple[int, ...] | None = None  # see board_when_closed
        # The pots' winners, worked out for the log's length then (each entry changes the
        # state; a reset starts a new log), and shown hands' values on the full board,
        # which no later entry changes.
        self._decided: tuple[int, list[tuple[Pot, list[int]]] | None] = (-1, None)
        self._strengths: dict[int, int] = {}
        # The pots, worked out for the count of log entries that move chips or fold
        # (hole cards, shows and mucks do neither: a showdown's pots are cut once).
        self._card_entries = 0
        self._pots: tuple[int, list[Pot]] = (-1, [])
        self._post_forced()
        self._n_forced = len(self._log)
        self._open_round()

    def _post_forced(self) -> None:
        # Antes first, then blinds, as in pokerkit: a short stack's blind is what
        # is left after its ante.
        antes, blinds = self._config.antes, self._config.blinds
        stacks, log = self._stacks, self._log
        for seat in self._order if any(antes) else ():
            ante = min(antes[seat], stacks[seat])
            if ante:
                stacks[seat] -= ante
                self._antes[seat] = ante
                log.append(Action(_ANTE, seat, ante))
        for seat in self._order:
            blind = blinds[seat] and min(blinds[seat], stacks[seat])
            if blind:
                stacks[seat] -= blind
                self._bets[seat] = blind
                log.append(Action(_BLIND, seat, blind))

    # Queries.

    @property
    def config(self) -> HandConfig:
        """The table this hand started from."""
        return self._config

    @property
    def actions(self) -> tuple[Action, ...]:
        """The log: forced posts, then every action and card entered."""
        return tuple(self._log)

    @property
    def street(self) -> Street:
        """The street being played (the last one dealt)."""
        return self._street

    @property
    def board(self) -> tuple[int, ...]:
        """The board cards dealt so far."""
        return tuple(self._board)

    def hole_cards(self, seat: int) -> tuple[int, ...] | None:
        """A seat's hole cards, or ``None`` while unknown."""
        return self._hole[self._seat(seat)]

    def has_shown(self, seat: int) -> bool:
        """Whether a seat has shown its cards at showdown."""
        return self._seat(seat) in self._shown

    def has_mucked(self, seat: int) -> bool:
        """Whether a seat has mucked its cards at showdown."""
        return self._seat(seat) in self._mucked

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or ``None`` when nobody is to act."""
        return self._to_act[0] if self._to_act else None

    def to_call(self, seat: int) -> int:
        """What calling would cost a seat now: the current bet less its bet this
        street, capped at its stack (an all-in call)."""
        seat = self._seat(seat)
        return min(self._max_bet - self._bets[seat], self._stacks[seat])

    def min_raise_to(self) -> int | None:
        """The smallest legal bet or raise-to for the seat to act, or ``None`` if it
        may not bet or raise.  It is the all-in when that is less than a full raise."""
        seat = self.to_act
        if seat is None or self._raise_block(seat):
            return None
        return min(self._max_bet + self._raise_size, self._stacks[seat] + self._bets[seat])

    def max_raise_to(self) -> int | None:
        """The largest legal bet or raise-to (all-in) for the seat to act, or ``None``."""
        seat = self.to_act
        if seat is None or self._raise_block(seat):
            return None
        return self._stacks[seat] + self._bets[seat]

    def legal_actions(self) -> frozenset[ActionKind]:
        """The kinds of betting action the seat to act may take now (empty if none)."""
        seat = self.to_act
        if seat is None:
            return frozenset()
        owes = self._max_bet - self._bets[seat]
        kinds = {ActionKind.FOLD, ActionKind.CALL} if owes else {ActionKind.CHECK}
        if not owes and self._config.free_folds and self._orphaned_by_fold(seat) is None:
            kinds.add(ActionKind.FOLD)
        if not self._raise_block(seat):
            kinds |= {ActionKind.RAISE if self._max_bet else ActionKind.BET, ActionKind.ALL_IN}
        elif self._stacks[seat] <= owes:
            kinds.add(ActionKind.ALL_IN)
        return frozenset(kinds)

    def could_raise(self, entry: int) -> bool:
        """Whether the seat that made the betting action at ``entry`` of the log (an
        index into :attr:`actions`) could have bet or raised there instead."""
        try:
            return self._could_raise[entry]
        except KeyError:
            raise PokerInputError(f"entry {entry} of the log is not a betting action") from None

    def bet_or_raise_to(self, seat: int, total: int) -> Action:
        """The action that puts ``seat``'s chips this street at ``total``: a bet when the
        street has no bet yet, else a raise (the big blind counts as a bet).  The one
        place that decides between the two words; legality is :meth:`apply`'s to check.

        >>> hand = Hand(HandConfig.standard([200, 200], button=0, small_blind=1, big_blind=2))
        >>> hand.bet_or_raise_to(0, 6).kind.value
        'raise'
        """
        return Action(_RAISE if self._max_bet else _BET, self._seat(seat), total)

    @property
    def pot(self) -> int:
        """Every chip in the middle now: antes, earlier streets and this street's bets."""
        return sum(self._antes) + sum(self._collected) + sum(self._bets)

    def pots(self) -> list[Pot]:
        """The main pot and side pots, main first, with the live seats that can win
        each.  This street's bets join them once its betting round is over."""
        return list(self._cut_pots())

    def _cut_pots(self) -> list[Pot]:
        """:meth:`pots`, cut once for each state of the chips (not to be changed)."""
        entries, pots = self._pots
        if entries != len(self._log) - self._card_entries:
            pots = self._pots_open_to(set(self._live))
            self._pots = len(self._log) - self._card_entries, pots
        return pots

    def contribution(self, seat: int) -> int:
        """The chips a seat has put in this hand (ante included, returns deducted)."""
        seat = self._seat(seat)
        return self._antes[seat] + self._collected[seat] + self._bets[seat]

    def street_contribution(self, seat: int) -> int:
        """The chips a seat has bet on this street (blinds included, antes not)."""
        return self._bets[self._seat(seat)]

    def returned(self, seat: int) -> int:
        """The chips of a seat's uncalled bets given back to it so far."""
        return self._returned[self._seat(seat)]

    def stack(self, seat: int) -> int:
        """The chips a seat has behind (not yet put in)."""
        return self._stacks[self._seat(seat)]

    def live_seats(self) -> tuple[int, ...]:
        """The seats that have not folded, in seat order."""
        return self._live

    def all_in_seats(self) -> tuple[int, ...]:
        """The live seats with no chips behind."""
        return tuple(seat for seat in self.live_seats() if not self._stacks[seat])

    @property
    def round_over(self) -> bool:
        """Whether the betting round of the current street is finished."""
        return self._round_over

    @property
    def betting_closed(self) -> bool:
        """Whether no more betting can happen in this hand: after the river round,
        when one seat is left, or when at most one live seat has chips behind
        (everyone else is all-in), so the board is just dealt out."""
        if not self._round_over:
            return False
        live = self._live
        if len(live) == 1 or self._street == _RIVER:
            return True
        stacks, behind = self._stacks, False
        for seat in live:  # at most one with chips behind
            if stacks[seat]:
                if behind:
                    return False
                behind = True
        return True

    @property
    def board_when_closed(self) -> tuple[int, ...] | None:
        """The board as it was when the betting closed (see :attr:`betting_closed`),
        or ``None`` while it is open: the cards all-in players' equity was due on."""
        return self._closed_board

    @property
    def needs_board(self) -> bool:
        """Whether the hand waits for the next street's board cards."""
        return (
            self._round_over
            and len(self._live) > 1
            and self._street < _RIVER
            and not self.is_over
        )

    @property
    def is_over(self) -> bool:
        """Whether the hand is finished: one seat left, or every pot decided at
        showdown (by shown hands on the full board, or by mucks)."""
        return self._decided_pots() is not None

    def results(self) -> list[PotResult]:
        """Who won each pot and how much, once the hand is over.

        As in pokerkit, the seats that win nothing are dropped first, and pots left
        with the same claimants are merged before they are split: the odd chips are
        counted on the merged amount.
        """
        decided = self._decided_pots()
        if decided is None:
            raise PokerInputError(f"the hand is not over yet: {self._waiting_for()}")
        winning = {seat for _, winners in decided for seat in winners}
        results = []
        for pot in self._pots_open_to(winning):
            winners = self._winners(pot)
            assert winners is not None
            shares = split_pot(pot.amount, winners)
            results.append(PotResult(pot.amount, pot.eligible, tuple(winners),
                                     tuple(chips for _, chips in shares)))
        return results

    def pot_winners(self) -> list[tuple[Pot, tuple[int, ...]]]:
        """Each pot of :meth:`pots` with the seats that win it, clockwise from the
        button, once the hand is over: the split before :meth:`results` merges pots
        (a hand run twice splits every pot between the runs)."""
        decided = self._decided_pots()
        if decided is None:
            raise PokerInputError(f"the hand is not over yet: {self._waiting_for()}")
        return [(pot, tuple(winners)) for pot, winners in decided]

    def finishing_stacks(self) -> tuple[int, ...]:
        """Each seat's stack after the hand: what it kept plus what it won."""
        stacks = list(self._stacks)
        decided = self._decided_pots()
        if decided is not None and all(len(winners) == 1 for _, winners in decided):
            # No pot is split, so no odd chip: what :meth:`results` merges adds up the same.
            for pot, (winner,) in decided:
                stacks[winner] += pot.amount
            return tuple(stacks)
        for result in self.results():
            for seat, chips in zip(result.winners, result.shares, strict=True):
                stacks[seat] += chips
        return tuple(stacks)

    def decision(self, seat: int) -> Decision:
        """The decision facing ``seat``, which must be the seat to act."""
        seat = self._seat(seat)
        if self.to_act != seat:
            raise PokerInputError(
                f"{self._name(seat)} has no decision to make: {self._waiting_for()}"
            )
        lowest, highest = self.min_raise_to(), self.max_raise_to()
        bet = self._bets[seat]
        return Decision(
            seat=seat,
            street=self._street,
            stack=self._stacks[seat],
            pot=self.pot,
            to_call=self.to_call(seat),
            current_bet=self._max_bet,
            bet=bet,
            min_raise=None if lowest is None else lowest - bet,
            max_raise=None if highest is None else highest - bet,
            opponents=tuple(
                OtherSeat(other, self.to_call(other), self._stacks[other], self._bets[other])
                for other in self._order
                if other != seat and not self._folded[other]
            ),
            hole_cards=self._hole[seat],
            board=tuple(self._board),
        )

    # Betting actions.

    def fold(self, seat: int) -> None:
        """``seat`` folds; only when facing a bet, unless the config has ``free_folds``.

        A fold when checking is free is refused, as in pokerkit's tournament mode:
        it is never better than a check.  Histories from sites record such folds, so
        ``free_folds`` allows them, except one that would leave a pot that no live
        player can win (everyone else who reached it has folded or is all-in below
        it): checking would have taken that pot, and no rule says who gets it.
        """
        seat = self._check_turn(seat, "fold")
        if self._max_bet == self._bets[seat]:
            if not self._config.free_folds:
                raise PokerInputError(f"{self._name(seat)} cannot fold: nothing to call; check")
            orphan = self._orphaned_by_fold(seat)
            if orphan is not None:
                raise PokerInputError(
                    f"{self._name(seat)} cannot fold: nothing to call, and folding would leave"
                    f" a pot of {orphan.amount} that no live player can win; check"
                )
        self._note_decision(seat)
        self._log.append(Action(_FOLD, seat))
        self._folded[seat] = True
        live = self._live
        where = live.index(seat)
        self._live = live[:where] + live[where + 1:]
        self._end_turn(seat)

    def check(self, seat: int) -> None:
        """``seat`` checks; only when it owes nothing."""
        seat = self._check_turn(seat, "check")
        if self._max_bet > self._bets[seat]:
            raise PokerInputError(
                f"{self._name(seat)} cannot check: {self.to_call(seat)} to call"
            )
        self._note_decision(seat)
        self._log.append(Action(_CHECK, seat))
        self._end_turn(seat)

    def call(self, seat: int) -> None:
        """``seat`` calls the current bet, or as much of it as its stack covers."""
        seat = self._check_turn(seat, "call")
        amount = self.to_call(seat)
        if not amount:
            raise PokerInputError(f"{self._name(seat)} cannot call: there is no bet; check")
        self._note_decision(seat)
        self._stacks[seat] -= amount
        self._bets[seat] += amount
        self._log.append(Action(_CALL, seat, amount))
        self._end_turn(seat)

    def bet(self, seat: int, amount: int) -> None:
        """``seat`` makes the first bet of the round, of ``amount`` chips."""
        seat = self._check_turn(seat, f"bet {amount}")
        if self._max_bet:
            raise PokerInputError(
                f"{self._name(seat)} cannot bet {amount}: the bet is {self._max_bet} already;"
                f" raise instead"
            )
        self._raise(seat, amount, _BET, f"bet {amount}")

    def raise_to(self, seat: int, amount: int) -> None:
        """``seat`` raises the current bet to a street total of ``amount``."""
        seat = self._check_turn(seat, f"raise to {amount}")
        if not self._max_bet:
            raise PokerInputError(
                f"{self._name(seat)} cannot raise to {amount}: there is no bet to raise;"
                f" bet instead"
            )
        self._raise(seat, amount, _RAISE, f"raise to {amount}")

    def all_in(self, seat: int) -> None:
        """``seat`` puts in its whole stack: a call if that does not exceed the
        current bet, otherwise a bet or raise."""
        seat = self._check_turn(seat, "go all-in")
        total = self._stacks[seat] + self._bets[seat]
        if total <= self._max_bet:
            self.call(seat)
        elif self._max_bet:
            self.raise_to(seat, total)
        else:
            self.bet(seat, total)

    # Cards and showdown.

    def deal_hole(self, seat: int, cards: Sequence[int] | str) -> None:
        """Record a seat's two hole cards (card indices, or text such as ``'AsKd'``).

        Hole cards are information, not action: they may be entered at any time.
        """
        seat = self._seat(seat)
        known = self._hole[seat]
        if known is not None:
            raise PokerInputError(
                f"{self._name(seat)} already has hole cards {format_cards(known)}"
            )
        dealt = self._new_cards(cards, HOLE_CARDS, lambda: f"{self._name(seat)}'s hole cards")
        self._log.append(Action(_HOLE, seat, cards=dealt))
        self._card_entries += 1
        self._hole[seat] = dealt

    def deal_board(self, cards: Sequence[int] | str) -> None:
        """Deal the next street's board cards: 3 for the flop, then 1 each."""
        if self._street == _RIVER:
            raise PokerInputError("cannot deal the board: all five cards are out")
        street = STREETS[self._street + 1]
        if not self.needs_board:
            raise PokerInputError(f"cannot deal the {street.name.lower()}: "
                                  + self._waiting_for())
        dealt = self._new_cards(cards, NEW_BOARD_CARDS[street],
                                lambda: f"the {street.name.lower()}")
        self._log.append(Action(_BOARD, cards=dealt))
        self._board.extend(dealt)
        self._street = street
        bets = self._bets
        self._collected = [paid + bet for paid, bet in zip(self._collected, bets, strict=True)]
        self._bets = [0] * len(bets)
        self._open_round()

    def show(self, seat: int, cards: Sequence[int] | str | None = None) -> None:
        """``seat`` shows its hole cards at showdown (its known ones if not given).

        Showdown opens once the betting is closed, so players all-in may show
        before the board is complete.
        """
        seat = self._check_showdown(seat, "show")
        known = self._hole[seat]
        if cards is None:
            if known is None:
                raise PokerInputError(
                    f"{self._name(seat)} cannot show: its hole cards are unknown"
                )
            shown = known
        elif known is None:
            shown = self._new_cards(cards, HOLE_CARDS, lambda: f"{self._name(seat)}'s shown cards")
        else:
            shown = self._read_cards(cards, HOLE_CARDS,
                                     lambda: f"{self._name(seat)}'s shown cards")
            if set(shown) != set(known):
                raise PokerInputError(
                    f"{self._name(seat)} cannot show {format_cards(shown)}:"
                    f" its hole cards are {format_cards(known)}"
                )
        self._log.append(Action(_SHOW, seat, cards=shown))
        self._card_entries += 1
        self._hole[seat] = shown
        self._shown.add(seat)

    def muck(self, seat: int) -> None:
        """``seat`` gives up its claim at showdown without showing.  It still takes
        a pot whose other contenders have all mucked before it."""
        seat = self._check_showdown(seat, "muck")
        self._log.append(Action(_MUCK, seat))
        self._card_entries += 1
        self._mucked.append(seat)

    # The log.

    def apply(self, action: Action) -> None:
        """Apply one logged action (not a forced post), as the methods above do.

        A ``CALL``'s amount is worked out, not read; a ``SHOW`` without cards shows
        the seat's known hole cards.
        """
        kind = action.kind
        if kind == _BOARD:
            self.deal_board(action.cards)
            return
        if kind in FORCED:
            raise PokerInputError(f"{kind} posts are made by the hand itself, not applied")
        seat = action.seat
        if seat is None:
            raise PokerInputError(f"a {kind} action needs a seat")
        # The members read once (see _FOLD): an if-chain over them, not a match statement
        # that reads each off its class.
        if kind == _FOLD:
            self.fold(seat)
        elif kind == _CALL:
            self.call(seat)
        elif kind == _CHECK:
            self.check(seat)
        elif kind == _RAISE:
            self.raise_to(seat, action.amount)
        elif kind == _BET:
            self.bet(seat, action.amount)
        elif kind == _ALL_IN:
            self.all_in(seat)
        elif kind == _HOLE:
            self.deal_hole(seat, action.cards)
        elif kind == _SHOW:
            self.show(seat, action.cards or None)
        elif kind == _MUCK:
            self.muck(seat)

    def undo(self) -> None:
        """Remove the last entry of the log; the forced posts stay."""
        if len(self._log) == self._n_forced:
            raise PokerInputError("nothing to undo: only the forced posts are in the log")
        kept = self._log[self._n_forced:-1]
        self._reset()
        for action in kept:
            self.apply(action)

    # Rules.

    def _open_round(self) -> None:
        """Start the betting round of the current street.

        Only seats that could still lose chips to someone act: live, with chips
        behind, and facing an opponent who can put in more than they have bet.
        """
        order, bets, stacks, folded = self._order, self._bets, self._stacks, self._folded
        if self._street == _PREFLOP:
            # A post counts below every blind, as pokerkit's negative blinds do; the
            # later seat of a tie.
            posts = self._config.posts
            counted = [-bets[seat] if seat in posts else bets[seat] for seat in order]
            n = len(order)
            start = (n - counted[::-1].index(max(counted))) % n
            self._raise_size = max(self._config.min_bet, *self._config.blinds)
            # A blind posted short (all-in) still sets the full bet to call.
            self._max_bet = max(*bets, *self._config.blinds)
        else:
            start = 0
            self._raise_size = self._config.min_bet
            self._max_bet = 0
        second_most = sorted([bets[seat] + stacks[seat] for seat in self._live])[-2]
        self._to_act = to_act = [
            seat
            for seat in ((*order[start:], *order[:start]) if start else order)
            if not folded[seat] and stacks[seat] and second_most > bets[seat]
        ]
        self._acted = set()
        self._round_over = False
        if not to_act or (len(to_act) == 1 and bets[to_act[0]] >= self._max_bet):
            self._close_round()

    def _close_round(self) -> None:
        self._to_act = []
        self._round_over = True
        seat, excess = uncalled_bet(self._bets)
        self._bets[seat] -= excess
        self._stacks[seat] += excess
        self._returned[seat] += excess
        if self._closed_board is None and self.betting_closed:
            self._closed_board = tuple(self._board)

    def _note_decision(self, seat: int) -> None:
        """Remember, for the betting action about to be logged, whether ``seat`` could
        have bet or raised instead (before the action changes the state)."""
        self._could_raise[len(self._log)] = self._raise_block(seat) is None

    def _end_turn(self, seat: int) -> None:
        self._acted.add(seat)
        self._to_act.pop(0)
        if not self._to_act or len(self._live) == 1:
            self._close_round()

    def _raise_block(self, seat: int) -> str | None:
        """Why the seat to act may not bet or raise now, or ``None`` if it may."""
        stacks, bets, max_bet = self._stacks, self._bets, self._max_bet
        owes = max_bet - bets[seat]
        if stacks[seat] <= owes:
            return f"its {stacks[seat]} behind only calls the {owes} owed"
        for other in self._live:
            if other != seat and stacks[other] + bets[other] > max_bet:
                break
        else:
            return "no other player has chips to call a raise"
        if seat in self._acted and owes < self._raise_size:
            return (
                f"it has acted and faces only {owes} more, less than a full raise"
                f" of {self._raise_size}, so the betting is not reopened"
            )
        return None

    def _raise(self, seat: int, amount: int, kind: ActionKind, verb: str) -> None:
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise self._cannot(seat, verb, f"{amount!r} is not a number of chips")
        reason = self._raise_block(seat)
        if reason:
            raise self._cannot(seat, verb, reason)
        stack, bet = self._stacks[seat], self._bets[seat]
        if amount > stack + bet:
            at_most = f", so {stack + bet} at most" if bet else ""
            raise self._cannot(seat, verb, f"only {stack} behind{at_most}")
        lowest = self._max_bet + self._raise_size
        if amount < lowest and amount != stack + bet:
            to = "to " if kind == _RAISE else ""
            if stack + bet < lowest:
                raise self._cannot(seat, verb, f"less than a full {kind} is allowed only all-in,"
                                               f" {to}{stack + bet}")
            raise self._cannot(seat, verb, f"the minimum {kind} is {to}{lowest}")
        if amount - self._max_bet >= self._raise_size:
            self._raise_size = amount - self._max_bet
        self._max_bet = amount
        self._stacks[seat] -= amount - bet
        self._bets[seat] = amount
        self._could_raise[len(self._log)] = True
        self._log.append(Action(kind, seat, amount))
        self._acted.add(seat)
        order, folded, stacks = self._order, self._folded, self._stacks
        position = order.index(seat)
        self._to_act = [other for other in (*order[position + 1:], *order[:position])
                        if not folded[other] and stacks[other]]

    def _decided_pots(self) -> list[tuple[Pot, list[int]]] | None:
        """Each pot of :meth:`pots` with its winners, or ``None`` while the hand is not
        over (the betting goes on, or the showdown has not decided every pot); worked
        out once for each state (not to be changed by the caller)."""
        entries, decided = self._decided
        if entries != len(self._log):
            decided = self._decide_pots()
            self._decided = len(self._log), decided
        return decided

    def _decide_pots(self) -> list[tuple[Pot, list[int]]] | None:
        if not self.betting_closed:
            return None
        decided = []
        for pot in self._cut_pots():
            winners = self._winners(pot)
            if winners is None:
                return None
            decided.append((pot, winners))
        return decided

    def _winners(self, pot: Pot) -> list[int] | None:
        """The seats that win a pot, clockwise from the button, or ``None`` while
        the showdown has not decided it."""
        eligible, mucked = pot.eligible, self._mucked
        contenders = [seat for seat in self._order if seat in eligible and seat not in mucked]
        if not contenders:
            return [next(s for s in reversed(mucked) if s in eligible)]
        if len(contenders) == 1:
            return contenders
        if len(self._board) < 5 or not self._shown.issuperset(contenders):
            return None
        strengths = self._strengths
        missing = [seat for seat in contenders if seat not in strengths]
        if missing:  # valued together: one call of the evaluator
            import numpy as np

            from assistant.evaluator import evaluate_many  # numba: off the window's imports

            masks = []
            for seat in missing:
                hole = self._hole[seat]
                assert hole is not None
                masks.append(cards_to_mask([*hole, *self._board]))
            values = evaluate_many(np.array(masks, dtype=np.uint64)).tolist()
            strengths.update(zip(missing, values, strict=True))
        best = max(strengths[seat] for seat in contenders)
        return [seat for seat in contenders if strengths[seat] == best]

    # Validation helpers.

    def _seat(self, seat: int) -> int:
        if type(seat) is int and 0 <= seat < len(self._stacks):  # the common case, at once
            return seat
        if not isinstance(seat, int) or not 0 <= seat < len(self._stacks):  # n seats
            raise PokerInputError(
                f"{seat!r} is not a seat at the table (seats 0 to {self._config.n_seats - 1})"
            )
        return seat

    def _name(self, seat: int) -> str:
        return self._config.seat_name(seat)

    def _cannot(self, seat: int, verb: str, why: str) -> PokerInputError:
        """The error of a seat that cannot do ``verb``, and why."""
        return PokerInputError(f"{self._name(seat)} cannot {verb}: {why}")

    def _check_turn(self, seat: int, verb: str) -> int:
        to_act = self._to_act
        if to_act and to_act[0] == seat and type(seat) is int:  # the common case, at once
            return seat
        seat = self._seat(seat)
        if not self._to_act or self._to_act[0] != seat:
            raise PokerInputError(f"{self._name(seat)} cannot {verb}: {self._waiting_for()}")
        return seat

    def _check_showdown(self, seat: int, verb: str) -> int:
        seat = self._seat(seat)
        if not self.betting_closed or self.is_over:
            raise self._cannot(seat, verb, self._waiting_for())
        if self._folded[seat]:
            raise self._cannot(seat, verb, "it has folded")
        if seat in self._shown or seat in self._mucked:
            done = "shown" if seat in self._shown else "mucked"
            raise self._cannot(seat, verb, f"it has already {done}")
        return seat

    def _waiting_for(self) -> str:
        """What the hand needs next, in words, for error messages."""
        if self.to_act is not None:
            return f"it is {self._name(self.to_act)}'s turn"
        if self.is_over:
            return "the hand is over"
        if self.needs_board:
            return f"the {Street(self._street + 1).name.lower()} has not been dealt"
        return "the betting is over; the showdown is under way"

    def _read_cards(self, cards: Sequence[int] | str, count: int, what: Callable[[], str]
                    ) -> tuple[int, ...]:
        return self._read_mask(cards, count, what)[0]

    def _read_mask(self, cards: Sequence[int] | str, count: int, what: Callable[[], str]
                   ) -> tuple[tuple[int, ...], int]:
        """``count`` distinct cards, and their mask; ``what()`` names them in an error."""
        if type(cards) is not tuple:  # the readers give tuples: kept as they are
            cards = tuple(parse_cards(cards) if isinstance(cards, str) else cards)
        mask = cards_to_mask(cards)  # rejects non-cards and repeats
        if len(cards) != count:
            raise PokerInputError(f"{what()} must be {count} cards, got {len(cards)}")
        return cards, mask

    def _new_cards(self, cards: Sequence[int] | str, count: int, what: Callable[[], str]
                   ) -> tuple[int, ...]:
        """Read cards that must not be in play yet (on the board or in any hand), and
        count them in play."""
        read, mask = self._read_mask(cards, count, what)
        if mask & self._in_play:  # say where the card is
            for card in read:
                if card in self._board:
                    raise PokerInputError(f"{what()}: {format_cards([card])} is on the board")
                for seat, hole in enumerate(self._hole):
                    if hole is not None and card in hole:
                        raise PokerInputError(
                            f"{what()}: {format_cards([card])} is in {self._name(seat)}'s hand"
                        )
        self._in_play |= mask
        return read

    def _orphaned_by_fold(self, seat: int) -> Pot | None:
        """A pot that no live seat could win if ``seat`` folded now, or ``None``."""
        live = set(self.live_seats()) - {seat}
        return next((pot for pot in self._pots_open_to(live, with_bets=True)
                     if not pot.eligible), None)

    def _pots_open_to(self, seats: set[int], with_bets: bool = False) -> list[Pot]:
        """The pots of the chips collected so far (and this street's bets, once its
        round is over or ``with_bets``), open to ``seats`` only."""
        paid = self._collected  # read only
        if self._round_over or with_bets:
            paid = [chips + bet for chips, bet in zip(paid, self._bets, strict=True)]
        open_to = [seat in seats for seat in range(len(paid))]
        if self._config.dead_antes:
            return side_pots(paid, open_to, dead=sum(self._antes))
        return side_pots([p + a for p, a in zip(paid, self._antes, strict=True)], open_to)


def describe_action(action: Action, name: str, street: Street,
                    chips: Callable[[int], str] = "{:,}".format) -> str:
    """An action played on ``street`` in words: ``name`` is the player's (unused for
    board cards), ``chips`` writes an amount.

    >>> describe_action(Action(ActionKind.RAISE, 2, 6000), "seat 3", Street.PREFLOP)
    'seat 3 raises to 6,000'
    >>> describe_action(Action(ActionKind.BOARD, cards=(12, 25, 38)), "", Street.PREFLOP)
    'flop: Ac Ad Ah'
    """
    amount, cards = chips(action.amount), format_cards(action.cards, " ")
    match action.kind:
        case ActionKind.BOARD:
            return f"{Street(street + 1).name.lower()}: {cards}"
        case ActionKind.HOLE:
            return f"{name} is dealt {cards}"
        case ActionKind.ANTE:
            return f"{name} antes {amount}"
        case ActionKind.BLIND:
            return f"{name} posts {amount}"
        case ActionKind.CALL:
            return f"{name} calls {amount}"
        case ActionKind.BET:
            return f"{name} bets {amount}"
        case ActionKind.RAISE:
            return f"{name} raises to {amount}"
        case ActionKind.SHOW:
            return f"{name} shows {cards}"
        case _:  # fold, check, muck (an all-in is logged as what it amounts to)
            return f"{name} {action.kind.value}s"


def _check_chips(what: str, value: int, minimum: int = 0) -> None:
    """Reject a chip amount that is not an integer of at least ``minimum``."""
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        floor = "positive" if minimum else "a whole number of chips, not negative"
        raise PokerInputError(f"{what} must be {floor}: {value!r}")
