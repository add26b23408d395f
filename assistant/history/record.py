"""A hand read from a file, as plain data the hand state can replay, and the outcome of
reading a file: the hands that loaded and the ones that did not, with why.

A :class:`HandRecord` is normalised as PHH numbers players: seat 0 sits left of the
button and the last seat is the button (PHH's ``p1`` .. ``pn``), whatever the file's
own seat numbers (kept in the ``seats`` field).  Its actions are the hand's log after
the forced posts, with the hole cards dealt first: hole cards are information, not
action, and a history's reader knows them from the start (in seat order).
"""

import datetime
import functools
import hashlib
import operator
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal

from assistant.cards import format_cards
from assistant.errors import PokerInputError
from assistant.hand import FORCED, Action, ActionKind, Hand, HandConfig
from assistant.pots import split_pot

MAX_DECIMALS = 6
"""The finest amount a file may give: a millionth of its unit."""
MAX_DIGITS = 15
"""Amounts of a file stay below ``10**MAX_DIGITS`` of its unit."""


@dataclass(frozen=True)
class HandRecord:
    """One no-limit hold 'em hand from a file (or for one): everything to replay it.

    ``config`` is the table with seats in position order, button last.  ``actions``
    are the entries of the hand's log after the forced posts, hole cards first.
    Amounts are whole chips: the file's amounts are ``chips / 10**decimals`` (2 for a
    cash game in cents).  ``runouts`` are the full boards of the extra runs of a hand
    run more than once (the first run is in ``actions``).  ``fields`` holds what else
    the file said (PHH's optional fields: ``event``, ``seats``, ``hand``, ...), to be
    written back unchanged; its decimal numbers are exact :class:`~decimal.Decimal`.

    Identity: :attr:`site`, :attr:`hand_id`, :attr:`table` and :attr:`started` read
    those fields when the file has them, and :attr:`player_ids` tells players apart
    across hands (names when given, never ``p1`` merged with another hand's ``p1``).
    """

    config: HandConfig
    actions: tuple[Action, ...]
    decimals: int = 0
    runouts: tuple[tuple[int, ...], ...] = ()
    fields: Mapping[str, object] = field(default_factory=dict)

    @property
    def names(self) -> tuple[str, ...]:
        """Each seat's label for display: the player's name, ``p1`` .. ``pn`` where the
        file gives none (the same labels in every hand: see :attr:`player_ids`)."""
        names = self.config.names or ("",) * self.config.n_seats
        return tuple(name or f"p{seat + 1}" for seat, name in enumerate(names))

    @property
    def named_seats(self) -> dict[int, str]:
        """The seats whose player the file names, with the names.  A name left blank
        (a seat of the window nobody typed a name into) is a player unknown, as in a
        file without names."""
        return {seat: name for seat, name in enumerate(self.config.names) if name}

    @property
    def player_ids(self) -> tuple[str, ...]:
        """Who sat in each seat, for statistics across hands: the player's name when the
        file gives it, else one identity per seat of this hand only
        (``?a1b2c3d4e5f6/p1``, from a digest of the hand), so that nameless players of
        different hands are never merged into one.  The same hand read twice gets the
        same identities."""
        named = self.named_seats
        if len(named) == self.config.n_seats:
            return self.config.names
        digest = hashlib.sha256(repr((sorted(self.fields.items(), key=str), self.config,
                                      self.actions, self.runouts)).encode()).hexdigest()
        return tuple(named.get(seat, f"?{digest[:12]}/p{seat + 1}")
                     for seat in range(self.config.n_seats))

    @property
    def site(self) -> str | None:
        """Where the hand was played (PHH's ``venue``), when the file says."""
        return _text_field(self.fields, "venue")

    @property
    def hand_id(self) -> str | None:
        """The site's number or name of the hand (PHH's ``hand``), when the file says."""
        return _text_field(self.fields, "hand")

    @property
    def table(self) -> str | None:
        """The table's name, when the file says."""
        return _text_field(self.fields, "table")

    @property
    def started(self) -> datetime.datetime | None:
        """When the hand started, in the file's own time zone (PHH's ``year``,
        ``month``, ``day`` and ``time``; ``time_zone_abbreviation`` names the zone), or
        ``None`` without a full date."""
        year, month, day = (self.fields.get(key) for key in ("year", "month", "day"))
        time = self.fields.get("time", datetime.time())
        if not all(isinstance(part, int) for part in (year, month, day)) or not isinstance(
                time, datetime.time):
            return None
        try:
            return datetime.datetime.combine(
                datetime.date(year, month, day), time)  # type: ignore[arg-type]
        except ValueError:
            return None

    @functools.cached_property
    def played(self) -> Hand:
        """The hand after all its actions, played once and kept: a shared state that
        must not be changed (:func:`play` gives one to change)."""
        return play(self)

    def known_cards(self, seat: int) -> tuple[int, ...] | None:
        """The seat's hole cards if the record shows them anywhere (dealt or shown)."""
        for action in self.actions:
            if action.seat == seat and action.kind in (ActionKind.HOLE, ActionKind.SHOW):
                return action.cards
        return None


def _text_field(fields: Mapping[str, object], key: str) -> str | None:
    value = fields.get(key)
    return None if value is None or isinstance(value, bool) else str(value)


class LineError(PokerInputError):
    """A hand's error at a line of its file; the reader turns it into a :class:`HandError`."""

    def __init__(self, line: int | None, message: str) -> None:
        super().__init__(message)
        self.line = line


def rename_seats(message: str, config: HandConfig, labels: Sequence[str]) -> str:
    """A hand state's message with its seat names (``seat 3 (Ivey)``) put as the file
    names the players (``p3 (Ivey)``, or a site's player name).  Longer names go
    first, so that ``seat 10`` is not read as ``seat 1``.

    >>> config = HandConfig.standard([100] * 3, button=2, small_blind=1, big_blind=2)
    >>> rename_seats("seat 2 cannot fold: it is seat 3's turn", config, ["Ann", "Ben", "Cat"])
    "Ben cannot fold: it is Cat's turn"
    """
    for seat in reversed(range(config.n_seats)):
        message = message.replace(config.seat_name(seat), labels[seat])
    return message


def chips_note(decimals: int) -> str:
    """What the hand state's amounts count, for its messages about a file whose amounts
    have decimals (the state counts whole chips: cents, say).

    >>> chips_note(2), chips_note(0)
    (' (amounts in hundredths)', '')
    """
    return f" (amounts in {_FRACTIONS.get(decimals, f'1/{10**decimals}')})" if decimals else ""


_FRACTIONS = {1: "tenths", 2: "hundredths", 3: "thousandths"}


@dataclass(frozen=True)
class HandError:
    """Why one hand of a file did not load: where (``line``, 1-based, when known) and what."""

    path: str
    hand: str
    line: int | None
    message: str

    def __str__(self) -> str:
        where = f", line {self.line}" if self.line is not None else ""
        return f"{self.path}: {self.hand}{where}: {self.message}"


@dataclass(frozen=True)
class HandFile:
    """What a file held, in file order: a record for each hand that loaded, an error for
    each that did not, so one bad hand never hides the others."""

    path: str
    entries: tuple[HandRecord | HandError, ...]

    @property
    def hands(self) -> tuple[HandRecord, ...]:
        """The hands that loaded."""
        return tuple(entry for entry in self.entries if isinstance(entry, HandRecord))

    @property
    def errors(self) -> tuple[HandError, ...]:
        """The hands that did not, with why."""
        return tuple(entry for entry in self.entries if isinstance(entry, HandError))


def play(record: HandRecord, count: int | None = None) -> Hand:
    """The hand state after the record's first ``count`` actions (all by default)."""
    hand = Hand(record.config)
    for action in record.actions[:count]:
        hand.apply(action)
    return hand


def make_record(hand: Hand, decimals: int = 0, runouts: Sequence[Sequence[int]] = (),
                fields: Mapping[str, object] | None = None, *, names: Sequence[str] = (),
                give_hand: bool = False) -> HandRecord:
    """The record of a hand played so far, its seats turned so that the button is last.

    When that turns the seats, the table's own seat numbers (1-based) go to the
    ``seats`` field unless ``fields`` has one.  ``names`` (by the hand's seats; blank
    for a player unknown) name the players when given, else the table's names do.
    Checks that the record replays and that every runout fits the hand.

    With ``give_hand`` the caller gives ``hand`` up: when the record is the hand's own
    log (same table, hole cards already first), the record keeps it as
    :attr:`HandRecord.played` instead of playing itself again, as the same log on the
    same table plays to the same state.
    """
    config = hand.config
    if names:
        config = replace(config, names=tuple(names))
    n = config.n_seats
    turns = config.button != n - 1
    logged = [action for action in hand.actions if action.kind not in FORCED]
    table, entries, seats = config, logged, {}  # a table with the button last, as it is
    if turns or list(config.posts) != sorted(config.posts):
        order = [(config.button + 1 + k) % n for k in range(n)]
        position = {seat: k for k, seat in enumerate(order)}

        def turned(values: Sequence[int]) -> tuple[int, ...]:
            return tuple(values[seat] for seat in order)

        table = replace(
            config, stacks=turned(config.stacks), button=n - 1, blinds=turned(config.blinds),
            antes=turned(config.antes),
            names=tuple(config.names[seat] for seat in order) if config.names else (),
            posts=tuple(sorted(position[seat] for seat in config.posts)))
        if turns:
            entries = [replace(action, seat=position[action.seat])
                       if action.seat is not None else action for action in logged]
            seats = {"seats": [seat + 1 for seat in order]}
    hole = ActionKind.HOLE  # read once (an enum member read off its class is slow)
    holes = sorted([action for action in entries if action.kind == hole],
                   key=lambda action: action.seat or 0)
    rest = [action for action in entries if action.kind != hole]
    record = HandRecord(table, tuple(holes + rest), decimals,
                        tuple(tuple(run) for run in runouts), {**seats, **(fields or {})})
    if give_hand and table is hand.config and all(map(operator.is_, record.actions, logged)):
        record.__dict__["played"] = hand  # the cached_property's slot: the replay is this
    else:
        record.played  # noqa: B018 (plays the record: the check that it replays)
    if record.runouts:
        _run_hands(record)
    return record


def finishing_stacks(record: HandRecord, played: Hand | None = None) -> tuple[int, ...] | None:
    """Each seat's stack after the hand (rake aside), or ``None`` while it is unfinished.
    ``played`` may give the record already played (its seats as the record's), else
    :attr:`HandRecord.played` is used.

    A hand run more than once splits every pot evenly between the runs (the odd chips
    to the first runs), and each run's share goes to that run's winners.
    """
    hand = played if played is not None else record.played
    if not hand.is_over:
        return None
    if not record.runouts:
        return hand.finishing_stacks()
    runs = [run.pot_winners() for run in (hand, *_run_hands(record))]
    stacks = [hand.stack(seat) for seat in range(record.config.n_seats)]
    for pot_index, (pot, _) in enumerate(runs[0]):
        share, odd = divmod(pot.amount, len(runs))
        for run_index, run in enumerate(runs):
            for seat, chips in split_pot(share + (run_index < odd), run[pot_index][1]):
                stacks[seat] += chips
    return tuple(stacks)


def _run_hands(record: HandRecord) -> list[Hand]:
    """The hand once for each extra run, its board cards replaced by the run's."""
    closed = Hand(record.config)
    for action in record.actions:
        if closed.betting_closed:
            break
        closed.apply(action)
    if not closed.betting_closed or len(closed.live_seats()) < 2 or len(closed.board) == 5:
        raise PokerInputError("a hand is run again only when its betting ends with players"
                              " all-in before the river")
    before = len(closed.board)
    first = play(record).board
    hands = []
    for board in record.runouts:
        if len(board) != 5 or len(set(board)) != 5:
            raise PokerInputError(f"a runout needs 5 distinct board cards, not {len(board)}")
        if tuple(board[:before]) != first[:before] or set(board[before:]) & set(first):
            raise PokerInputError(
                f"runout {format_cards(board)} must share the {before} cards dealt before"
                f" the betting closed, {format_cards(first[:before]) or 'none'}, and no other"
                f" card of the first run, {format_cards(first)}")
        dealt = 0
        actions = []
        for action in record.actions:
            if action.kind == ActionKind.BOARD:
                count = len(action.cards)
                action = replace(action, cards=tuple(board[dealt:dealt + count]))
                dealt += count
            actions.append(action)
        run = play(replace(record, actions=tuple(actions), runouts=()))
        if not run.is_over:
            raise PokerInputError("a runout must finish the hand: deal all five cards")
        hands.append(run)
    return hands


def amount_text(chips: int | float, decimals: int) -> str:
    """Chips in the file's unit, with thousands separators.

    >>> amount_text(1067100, 0), amount_text(1094, 2), amount_text(2549.6, 2)
    ('1,067,100', '10.94', '25.50')
    """
    return f"{chips / 10**decimals:,.{decimals}f}"


def file_amount(chips: int, decimals: int) -> int | Decimal:
    """Chips as the file writes them: an integer, or an exact decimal.

    >>> file_amount(1094, 2), file_amount(500, 0)
    (Decimal('10.94'), 500)
    """
    return chips if not decimals else Decimal(chips).scaleb(-decimals)


def chips_of(amount: Decimal, decimals: int) -> int:
    """An amount of the file's unit as whole chips; it must be exact.

    >>> chips_of(Decimal("10.94"), 2)
    1094
    """
    chips = amount.scaleb(decimals)
    if chips != chips.to_integral_value():
        raise PokerInputError(f"{amount} is finer than the file's smallest unit")
    return int(chips)


def split_chips(amount: tuple[int, int], decimals: int) -> int:
    """An amount as digits and decimal places (:func:`split_amount`) in whole chips of a
    file with ``decimals`` places, at least the amount's (so exact).

    >>> split_chips((53540, 2), 3), split_chips((-7, 0), 2)
    (535400, -700)
    """
    digits, places = amount
    return digits * 10 ** (decimals - places)


def split_amount(amount: Decimal) -> tuple[int, int]:
    """An amount as its digits and its decimal places, ``amount = digits / 10**places``,
    checked as :func:`decimals_of` checks it.

    >>> split_amount(Decimal("535.40")), split_amount(Decimal("-1E+3"))
    ((53540, 2), (-1000, 0))
    """
    plain = plain_amount(str(amount))  # str writes no exponent for 0 to 6 places
    if plain is not None:
        return plain
    places = decimals_of(amount)
    return int(amount.scaleb(places)), places


@functools.lru_cache(maxsize=4096)  # a file's blinds, antes and round sizes come back often
def plain_amount(text: str) -> tuple[int, int] | None:
    """The digits and decimal places of an amount written plainly (no exponent, no
    leading zero, at most ``MAX_DECIMALS`` places, below ``10**MAX_DIGITS``), read
    from its text, as :func:`split_amount` gives them; ``None`` for any other text.

    >>> plain_amount("535.40"), plain_amount("-7"), plain_amount("007"), plain_amount("1e3")
    ((53540, 2), (-7, 0), None, None)
    """
    if _PLAIN.fullmatch(text) is None:
        return None
    whole, _, fraction = text.partition(".")
    return int(whole + fraction), len(fraction)


_PLAIN = re.compile(rf"-?(?:0|[1-9][0-9]{{0,{MAX_DIGITS - 1}}})(?:\.[0-9]{{1,{MAX_DECIMALS}}})?")


def decimals_of(amount: Decimal) -> int:
    """How many decimal places an amount is written with: ``535.40`` counts in cents.
    Refuses amounts that are not finite, too fine or too large to be chips.

    >>> decimals_of(Decimal("535.40")), decimals_of(Decimal("1E+3")), decimals_of(Decimal("7"))
    (2, 0, 0)
    """
    if not amount.is_finite():
        raise PokerInputError(f"{amount} is not an amount of chips")
    if amount.adjusted() >= MAX_DIGITS:
        raise PokerInputError(f"{amount} is too large an amount")
    exponent = amount.as_tuple().exponent
    assert isinstance(exponent, int)
    places = max(0, -exponent)
    if places > MAX_DECIMALS:
        raise PokerInputError(f"{amount} has more than {MAX_DECIMALS} decimal places")
    return places
