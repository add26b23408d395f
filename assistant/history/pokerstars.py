"""PokerStars hand histories of no-limit hold 'em, as the site and trackers export them.

A file holds hands one after another, each opening with ``PokerStars Hand #...`` (or
``Game #``, ``Zoom Hand #``, ``Home Game #``), in UTF-8 with a byte-order mark; they
are read one at a time (:func:`iter_pokerstars`), so a file of any length streams.
Each hand is played through :class:`assistant.hand.Hand` line by line, so a hand that
breaks the rules stops at the line that does, and is checked against the file's own
accounts: uncalled bets returned, the summary's total pot, and who collected.

How the site writes a hand, and what is made of it:

* Cash games count in cents (``decimals`` 2), tournaments and play money in chips.
* Players are known by the names of the seat lines, which may hold spaces, colons and
  brackets; an action line is ``NAME: verb``, matched on the longest known name.
* Players sitting out (``is sitting out`` on the seat line, or ``sits out`` before the
  deal without posting) are not dealt in.  Seats are taken clockwise from the button
  seat, so a dead button still gives the order of play.
* ``posts small blind``, ``posts big blind`` (the first one is the big blind, later
  ones are posts of new players: live, not straddles), ``posts small & big blinds``
  (the small part dead), ``posts the ante`` (dead when antes differ, as with big-blind
  antes).
* ``raises X to Y`` raises to Y; ``bets X`` and ``calls X`` add X.  Folds where checking
  is free are allowed.
* ``Dealt to NAME [..]`` and ``NAME: shows [..]`` at showdown give hole cards; shows
  after an uncontested pot, chat and table messages are skipped.
* A hand run twice (``*** FIRST FLOP ***``, ``*** SECOND RIVER ***``...) keeps the
  first run in its actions and the other runs' boards as runouts.
* A big blind all-in for less than the stakes' big blind is owed in full by the others
  (the header's stakes give the full blind).
* Refused by name, without stopping the file: capped no-limit (``... Cap``), hands
  cashed out at all-in, and cancelled hands.
* The rake is not modelled: finishing stacks are before rake, and the site's
  collections (after rake) are kept in the ``winnings`` field.
"""

import datetime
import re
from collections.abc import Iterable, Iterator, Sequence
from decimal import Decimal, InvalidOperation

from assistant.cards import format_cards, parse_cards
from assistant.errors import PokerInputError
from assistant.hand import Hand, HandConfig
from assistant.history.record import (
    HandError,
    HandFile,
    HandRecord,
    LineError,
    amount_text,
    chips_note,
    chips_of,
    decimals_of,
    file_amount,
    finishing_stacks,
    make_record,
    rename_seats,
)

_HAND = re.compile(r"^PokerStars\b.*?\b(?:Hand|Game) #(\d{1,30}):")
_STAKES = re.compile(r"\((?P<small>[^()/\s]+)/(?P<big>[^()/\s]+)(?: - [^()]*?)?"
                     r"(?: (?P<currency>[A-Z]{3}))?\)")
_DATE = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2}) ([A-Z]+)")
_TABLE = re.compile(r"^Table '(?P<table>.*)' (?:(?P<max>\d{1,3})-max )?.*?"
                    r"Seat #(?P<button>\d{1,3}) is the button")
_SEAT = re.compile(r"^Seat (\d{1,3}): (.+?) \([^\d\s()]*([\d,]*\.?\d+) in chips[^()]*\)(.*)$")
_AMOUNT = r"[^\d\s]*([\d,]*\.?\d+)"
_ALL_IN = r"(?: and is all-in)?\s*$"
_POST = re.compile(rf"posts (small blind|big blind|small & big blinds|the ante) {_AMOUNT}"
                   + _ALL_IN)
_ACTIONS = {
    "fold": re.compile(r"folds(?: \[[^\]]*\])?\s*$"),
    "check": re.compile(r"checks\s*$"),
    "call": re.compile(rf"calls {_AMOUNT}{_ALL_IN}"),
    "bet": re.compile(rf"bets {_AMOUNT}{_ALL_IN}"),
    "raise": re.compile(rf"raises {_AMOUNT} to {_AMOUNT}{_ALL_IN}"),
    "show": re.compile(r"shows \[([^\]]*)\]"),
    "muck": re.compile(r"mucks hand"),
    "quiet": re.compile(r"(?:doesn't show hand|is sitting out|sits out|has returned)\s*$"),
}
_STREET = re.compile(r"^\*\*\* (?:(FIRST|SECOND|THIRD) )?(FLOP|TURN|RIVER) \*\*\*"
                     r"((?: \[[^\]]*\])+)")
_RUNS = {None: 0, "FIRST": 0, "SECOND": 1, "THIRD": 2}
_UNCALLED = re.compile(rf"^Uncalled bet \({_AMOUNT}\) returned to (.+?)\s*$")
_COLLECTED = re.compile(rf" collected {_AMOUNT} from (?:the )?(?:main |side )?pot(?:-\d+)?\s*$")
_TOTAL = re.compile(rf"^Total pot {_AMOUNT}.*?\| Rake {_AMOUNT}")
_UNSUPPORTED = (
    (re.compile(r"cashed out the hand"), "a hand cashed out at all-in is not supported"),
    (re.compile(r"^Hand cancelled"), "the hand was cancelled"),
)


def read_pokerstars(text: str, path: str = "<text>") -> HandFile:
    """Every hand of a PokerStars hand history's text; ``path`` names it in messages."""
    return HandFile(path, tuple(iter_pokerstars(text.split("\n"), path)))


def iter_pokerstars(lines: Iterable[str], path: str = "<text>"
                    ) -> Iterator[HandRecord | HandError]:
    """The hands of a PokerStars hand history, each as soon as its lines are read: only
    one hand's lines are held at a time, so a file of any length reads in flat memory."""
    hand: list[str] = []
    start = number = 0
    for index, line in enumerate(lines):
        line = line.removeprefix("\ufeff").rstrip()
        if line.startswith("PokerStars"):
            if hand:
                number += 1
                yield _read_hand(hand, start + 1, number, path)
            hand, start = [], index
        if hand or line.startswith("PokerStars"):
            hand.append(line)
    if hand:
        yield _read_hand(hand, start + 1, number + 1, path)


def _read_hand(lines: list[str], first_line: int, number: int,
               path: str) -> HandRecord | HandError:
    """One hand's lines, read; ``first_line`` is where it starts in the file."""
    match = _HAND.match(lines[0])
    if match is None:
        return HandError(path, f"hand {number}", first_line,
                         "cannot read the hand's first line: expected"
                         " 'PokerStars Hand #NUMBER: ...'")
    label = f"hand {number} (#{match.group(1)})"
    try:
        return _StarsHand(lines, first_line).read()
    except LineError as error:
        return HandError(path, label, error.line, str(error))
    except PokerInputError as error:
        return HandError(path, label, first_line, str(error))


class _StarsHand:
    """One hand's lines, read in order; ``self.line`` is where the reader is."""

    def __init__(self, lines: list[str], first_line: int) -> None:
        self.lines = lines
        self.first_line = first_line
        self.index = 0
        self.names: list[str] = []
        self.seating: list[tuple[int, str, int]] = []  # (seat, name, chips), button last
        self.decimals = 0

    @property
    def line(self) -> int:
        return self.first_line + self.index

    def fail(self, message: str) -> LineError:
        return LineError(self.line, message)

    def read(self) -> HandRecord:
        header = self.lines[0]
        for pattern, message in _UNSUPPORTED:
            for index, line in enumerate(self.lines):
                if pattern.search(line):
                    raise LineError(self.first_line + index, message)
        game = header.split(":", 1)[1].split(" - ")[0].strip()
        if "Hold'em No Limit" not in header:
            raise self.fail(f"{game!r} is not no-limit hold 'em")
        if re.search(r" Cap\b", header):
            raise self.fail(f"{game!r}: capped no-limit games are not supported")
        fields, big_blind = self.read_header(header)
        self.index = 1
        table = _TABLE.match(self.lines[1]) if len(self.lines) > 1 else None
        if table is None:
            raise self.fail("expected the table line: Table '...' Seat #N is the button")
        fields["table"] = table["table"]
        if table["max"]:
            fields["seat_count"] = int(table["max"])
        seats = self.read_seats()
        hand = self.deal_in(seats, int(table["button"]), big_blind)
        fields["seats"] = [seat for seat, _, _ in self.seating]
        return self.play(hand, fields)

    def read_header(self, header: str) -> tuple[dict[str, object], Decimal | None]:
        """The fields of the header line, and the big blind of its stakes."""
        number = _HAND.match(header)
        assert number is not None
        fields: dict[str, object] = {"venue": "PokerStars", "hand": int(number.group(1))}
        tournament = re.search(r"Tournament #(\d+)", header)
        if tournament:
            fields["event"] = f"PokerStars Tournament #{tournament.group(1)}"
        big_blind = None
        for stakes in _STAKES.finditer(header):
            small, big = stakes["small"], stakes["big"]
            try:
                big_blind = Decimal(re.sub(r"[^\d.]", "", big))
            except InvalidOperation:
                continue
            symbol = re.match(r"[^\d.]*", small)
            if symbol and symbol.group(0):
                fields["currency_symbol"] = symbol.group(0)
                self.decimals = 2
            if stakes["currency"]:
                fields["currency"] = stakes["currency"]
        date = _DATE.search(header)
        if date:
            year, month, day, hour, minute, second = (int(part) for part in date.groups()[:6])
            try:
                fields["time"] = datetime.time(hour, minute, second)
            except ValueError:
                raise self.fail(f"{date.group(0)!r} is not a time of day") from None
            fields.update(year=year, month=month, day=day,
                          time_zone_abbreviation=date.group(7))
        return fields, big_blind

    def read_seats(self) -> list[tuple[int, str, int, bool]]:
        """The seat lines: (seat, name, chips, sitting out)."""
        seats = []
        self.index = 2
        while self.index < len(self.lines) and self.lines[self.index].startswith("Seat "):
            match = _SEAT.match(self.lines[self.index])
            if match is None:
                raise self.fail(f"cannot read the seat line {self.lines[self.index]!r}")
            seat, name, chips, rest = match.groups()
            out = "sitting out" in rest or "out of hand" in rest
            seats.append((int(seat), name, self.chips(chips), out))
            self.index += 1
        if not seats:
            raise self.fail("no seat lines (Seat N: NAME (STACK in chips))")
        return seats

    def chips(self, text: str) -> int:
        try:
            amount = Decimal(text.replace(",", ""))
            decimals_of(amount)
            return chips_of(amount, self.decimals)
        except (InvalidOperation, PokerInputError):
            raise self.fail(f"{text!r} is not an amount in "
                            + ("cents" if self.decimals else "whole chips")) from None

    def split_name(self, line: str, separator: str = ": ") -> tuple[int, str] | None:
        """The seat in play whose name starts the line before ``separator``, and the rest."""
        for name in sorted(self.names, key=len, reverse=True):
            if line.startswith(name + separator):
                return self.names.index(name), line[len(name) + len(separator):]
        return None

    def deal_in(self, seats: list[tuple[int, str, int, bool]], button: int,
                big_blind: Decimal | None) -> Hand:
        """The hand of the players dealt in, from the posts before the hole cards."""
        posts: list[tuple[int, str, str, int]] = []  # (line index, name, kind, chips)
        after_seats = self.index
        sitting_out = {name for _, name, _, out in seats if out}
        listed = {name for _, name, _, _ in seats}
        while self.index < len(self.lines) and self.lines[self.index] != "*** HOLE CARDS ***":
            line = self.lines[self.index]
            for name in sorted(listed, key=len, reverse=True):
                if line.startswith(name + ": "):
                    rest = line[len(name) + 2:]
                    post = _POST.match(rest)
                    if post:
                        posts.append((self.index, name, post.group(1), self.chips(post.group(2))))
                    elif rest.startswith("posts"):
                        raise self.fail(f"unknown post {rest.strip()!r}")
                    elif re.match(r"(?:is sitting out|sits out)\s*$", rest):
                        sitting_out.add(name)
                    break
            self.index += 1
        if self.index == len(self.lines):
            # Point at where the line was due: after the seats and posts.
            self.index = max((index for index, _, _, _ in posts), default=after_seats - 1) + 1
            raise self.fail("no '*** HOLE CARDS ***' line after the seats and posts")
        posters = {name for _, name, _, _ in posts}
        dealt = sorted((seat, name, chips) for seat, name, chips, _ in seats
                       if name not in sitting_out or name in posters)
        first = next((k for k, (seat, _, _) in enumerate(dealt) if seat > button), 0)
        self.seating = dealt[first:] + dealt[:first]
        self.names = [name for _, name, _ in self.seating]
        if len(self.names) < 2:
            raise self.fail(f"{len(self.names)} players dealt in: a hand needs 2 or more")
        hole_cards = self.index
        config = self.config(posts, big_blind)
        self.index = hole_cards
        return Hand(config)

    def config(self, posts: list[tuple[int, str, str, int]],
               big_blind: Decimal | None) -> HandConfig:
        n = len(self.names)
        stacks = [chips for _, _, chips in self.seating]
        blinds, antes, dead = [0] * n, [0] * n, [0] * n
        live_posts: list[int] = []
        big = self.chips(str(big_blind)) if big_blind is not None else None
        first_big, big_seat = True, 0
        for index, name, kind, chips in posts:
            self.index = index
            if name not in self.names:
                raise self.fail(f"{name!r} posts but is not dealt in")
            seat = self.names.index(name)
            if kind == "the ante":
                antes[seat] += chips
            elif kind == "small blind" and not any(blinds):
                blinds[seat] = chips
            elif kind == "small blind":
                raise self.fail(f"{name!r} posts a small blind after other blinds")
            elif kind == "big blind" and first_big:
                blinds[seat] += chips
                big, first_big, big_seat = big or chips, False, seat
            elif kind == "big blind" and not blinds[seat]:
                blinds[seat] = chips
                live_posts.append(seat)
            elif kind == "small & big blinds":
                live = min(chips, big or chips)
                blinds[seat], dead[seat] = live, chips - live
                live_posts.append(seat)
            else:
                raise self.fail(f"{name!r} posts a second blind")
        if not first_big and big and blinds[big_seat] < big and (
                blinds[big_seat] + antes[big_seat] == stacks[big_seat]):
            blinds[big_seat] = big  # all-in for less: the others still owe the full blind
        nominal = max(antes)
        # A short stack all-in on its ante posts less, but owes the same ante.
        antes = [nominal if 0 < ante < nominal and ante == stack else ante
                 for ante, stack in zip(antes, stacks, strict=True)]
        uniform = len(set(antes)) == 1 and not any(dead)
        try:
            return HandConfig(tuple(stacks), n - 1, tuple(blinds),
                              tuple(a + d for a, d in zip(antes, dead, strict=True)),
                              big or max(1, *blinds), dead_antes=not uniform,
                              names=tuple(self.names),
                              posts=tuple(live_posts), free_folds=True)
        except PokerInputError as error:
            raise self.fail(str(error)) from None

    def play(self, hand: Hand, fields: dict[str, object]) -> HandRecord:
        """Play the lines from the hole cards to the summary, then check the accounts."""
        n = len(self.names)
        collected = [0] * n
        returned = [0] * n
        self.lines_of: dict[tuple[str, int], int] = {}  # the lines of collections, returns
        runs: list[list[int]] = [[], []]
        total: int | None = None
        summary = None
        self.index += 1
        while self.index < len(self.lines):
            line = self.lines[self.index]
            if line.startswith("*** SUMMARY ***"):
                summary = self.index
            elif summary is not None:
                found = _TOTAL.match(line)
                if found:
                    total, summary = self.chips(found.group(1)), self.index
            else:
                try:
                    self.play_line(hand, line, collected, returned, runs)
                except LineError:
                    raise
                except PokerInputError as error:
                    raise self.fail(rename_seats(str(error), hand.config, self.names)) from None
            self.index += 1
        self.index -= 1
        if summary is None:
            raise self.fail("the hand is cut short: no '*** SUMMARY ***' line")
        try:
            hand.results()
        except PokerInputError as error:
            raise self.fail(rename_seats(str(error), hand.config, self.names)) from None
        self.index = summary
        self.check_accounts(hand, total, returned)
        fields["winnings"] = [file_amount(chips, self.decimals) for chips in collected]
        try:
            record = make_record(hand, self.decimals, [run for run in runs if run], fields,
                                 give_hand=True)
        except PokerInputError as error:
            self.index = max((line for (what, _), line in self.lines_of.items()
                              if what == "runout"), default=self.index)
            raise self.fail(str(error)) from None
        self.check_winners(hand, record, collected)
        return record

    def play_line(self, hand: Hand, line: str, collected: list[int], returned: list[int],
                  runs: list[list[int]]) -> None:
        """Play one line of the hand (most lines say nothing that counts)."""
        street = _STREET.match(line)
        if street:
            self.deal(hand, _RUNS[street.group(1)], street.group(3), runs)
            return
        if line.startswith("Dealt to "):
            found = self.split_name(line[len("Dealt to "):], " [")
            if found:
                hand.deal_hole(found[0], found[1].split("]")[0])
            return
        uncalled = _UNCALLED.match(line)
        if uncalled:
            if uncalled.group(2) not in self.names:
                raise self.fail(f"an uncalled bet returns to {uncalled.group(2)!r},"
                                " who is not dealt in")
            seat = self.names.index(uncalled.group(2))
            returned[seat] += self.chips(uncalled.group(1))
            self.lines_of["returned", seat] = self.index
            return
        for seat, name in enumerate(self.names):
            win = _COLLECTED.search(line)
            if win and line[:win.start()] == name:
                collected[seat] += self.chips(win.group(1))
                self.lines_of["collected", seat] = self.index
                return
        found = self.split_name(line)
        if found:
            self.act(hand, *found)

    def act(self, hand: Hand, seat: int, rest: str) -> None:
        """One player's action line: ``rest`` follows ``NAME: ``."""
        kind, match = next(((kind, m) for kind, pattern in _ACTIONS.items()
                            if (m := pattern.match(rest))), ("", None))
        if match is None:
            raise self.fail(f"unknown action {rest.strip()!r}")
        owed = hand.to_call(seat)
        if kind == "call" and hand.to_act == seat and self.chips(match.group(1)) != owed:
            raise self.fail(f"{self.names[seat]!r} calls {match.group(1)}, but the call is"
                            f" {amount_text(owed, self.decimals)}")
        try:
            if kind == "fold":
                hand.fold(seat)
            elif kind == "check":
                hand.check(seat)
            elif kind == "call":
                hand.call(seat)
            elif kind == "bet":
                hand.bet(seat, hand.street_contribution(seat) + self.chips(match.group(1)))
            elif kind == "raise":
                hand.raise_to(seat, self.chips(match.group(2)))
        except LineError:
            raise
        except PokerInputError as error:
            raise PokerInputError(f"{error}{chips_note(self.decimals)}") from None
        if kind == "show" and self.at_showdown(hand, seat):
            hand.show(seat, match.group(1))
        elif kind == "muck" and self.at_showdown(hand, seat):
            hand.muck(seat)

    @staticmethod
    def at_showdown(hand: Hand, seat: int) -> bool:
        """Whether the seat still has to show or muck: shows at other times (after an
        uncontested pot, or again on a second run) are skipped."""
        return (hand.betting_closed and not hand.is_over and seat in hand.live_seats()
                and not hand.has_shown(seat) and not hand.has_mucked(seat))

    def deal(self, hand: Hand, run: int, brackets: str, runs: list[list[int]]) -> None:
        """A street's board: the first run goes to the hand, the others aside."""
        groups = re.findall(r"\[([^\]]*)\]", brackets)
        before = [card for group in groups[:-1] for card in parse_cards(group)]
        new = parse_cards(groups[-1])
        if run == 0:
            if before != list(hand.board):
                raise self.fail(f"the board so far is {format_cards(hand.board, ' ')},"
                                f" not {' '.join(groups[:-1])}")
            hand.deal_board(new)
            return
        board = runs[run - 1]
        self.lines_of["runout", run] = self.index
        if board and before != board:
            raise self.fail(f"run {run + 1}'s board so far is {format_cards(board, ' ')},"
                            f" not {' '.join(groups[:-1])}")
        board[:] = before + new

    def check_accounts(self, hand: Hand, total: int | None, returned: list[int]) -> None:
        """The uncalled bets and the total pot must be as the file says."""
        for seat, chips in enumerate(returned):
            if chips != hand.returned(seat):
                self.index = self.lines_of.get(("returned", seat), self.index)
                raise self.fail(
                    f"the file returns {amount_text(chips, self.decimals)} uncalled to"
                    f" {self.names[seat]!r}, but the bets leave"
                    f" {amount_text(hand.returned(seat), self.decimals)} uncalled")
        if total is None:
            raise self.fail("the summary gives no total pot (Total pot ... | Rake ...)")
        if total != hand.pot:
            raise self.fail(f"the summary's total pot is {amount_text(total, self.decimals)},"
                            f" but the actions put in {amount_text(hand.pot, self.decimals)}")

    def check_winners(self, hand: Hand, record: HandRecord,
                      collected: Sequence[int]) -> None:
        """Whoever collects in the file must win chips by these rules."""
        final = finishing_stacks(record, hand)  # the record keeps the hand's seats
        assert final is not None
        for seat, chips in enumerate(collected):
            if chips and final[seat] <= hand.stack(seat):
                self.index = self.lines_of["collected", seat]
                raise self.fail(f"{self.names[seat]!r} collects"
                                f" {amount_text(chips, self.decimals)}, but wins nothing by"
                                " the cards and bets of this hand")
