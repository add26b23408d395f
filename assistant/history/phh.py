"""PHH files of no-limit Texas hold 'em: read, write, and save atomically.

The poker hand history format (spec: uoftcprg/phh-std) is TOML: the table in
``antes``, ``blinds_or_straddles`` (reversed heads-up), ``min_bet`` and
``starting_stacks``, the play in ``actions`` (``d dh p1 AcKd``, ``d db Jc3d5c``,
``p2 cbr 700``, ``p3 cc``, ``p1 f``, ``p3 sm 7h6h``, ``p1 sm`` to muck), and
optional fields (``players``, ``seats``, ``event``, ...) kept as they are.  A file
holds one hand, or several as tables ``[1]``, ``[2]``, ... (pokerkit's ``.phhs``);
one bad hand does not stop the others.

Quirks, as pokerkit reads the format: a negative blind is a post (a new player's
blind, live but not a straddle); ``ante_trimming_status`` false, the default, makes
antes dead money.  Hands read from files may fold where checking is free.  Hole
cards only partly known (``As??``) count as unknown; action commentary (``# ...``)
is not kept.  A hand run more than once keeps its other boards in the user field
``_runouts`` (PHH has no notation for it; pokerkit ignores the field).
"""

import functools
import operator
import os
import re
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal, InvalidOperation
from itertools import repeat
from pathlib import Path
from typing import cast

from assistant.atomic_file import write_atomically
from assistant.cards import format_cards, parse_cards
from assistant.errors import PokerInputError
from assistant.hand import ActionKind, Hand, HandConfig
from assistant.history.record import (
    HandError,
    HandFile,
    HandRecord,
    LineError,
    chips_note,
    decimals_of,
    file_amount,
    finishing_stacks,
    make_record,
    plain_amount,
    rename_seats,
    split_amount,
    split_chips,
)
from assistant.history.toml_subset import read_plain_toml
from assistant.history.toml_text import format_table

try:  # the standard library's TOML parser (tomllib) compiled: 2.5 times faster
    import tomli as toml
except ImportError:  # pragma: no cover (tomli is a dependency; a bundle may lack it)
    import tomllib as toml  # type: ignore[no-redef]

REQUIRED = ("variant", "antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions")
RUNOUTS = "_runouts"
WRITTEN = (*REQUIRED, "ante_trimming_status", "players", RUNOUTS)
"""The fields a record's table and actions make; every other field is kept as read."""
PER_PLAYER = ("players", "seats", "finishing_stacks", "winnings", "time_banks")

_HEADER = re.compile(r"^[ \t]*\[(?!\[)([^\]\n]*)\][ \t]*(?:#.*)?$", re.MULTILINE)
_CARDS = re.compile(r"(?:[2-9TJQKA?][cdhs?])+", re.IGNORECASE)
_PLAYERS = {f"p{number}": number - 1 for number in range(1, 100)}
"""``p1`` .. ``p99``, each with its seat."""
_TOML_LINE = re.compile(r"\s*\(at line (\d+), column \d+\)")


def read_phh(text: str, path: str = "<text>") -> HandFile:
    """Every hand of a PHH file's text; ``path`` names the file in messages."""
    text = text.removeprefix("\ufeff")
    try:
        document = _parse(text)
    except _TomlError:
        return HandFile(path, tuple(_read_in_parts(text, path)))
    if _is_hand(document):
        return HandFile(path, (_read_entry(document, lambda: (text, 1), path, "hand 1"),))
    tables: list[tuple[str, int, str]] = []  # cut only for a message, once

    def locate(key: str) -> tuple[str, int]:
        """The text and first line of the table ``key`` (see :data:`_Where`)."""
        if not tables:
            tables.extend(_chunks(text))
        found = next(((part, line) for name, line, part in tables if name == key), None)
        return found if found is not None else (text, 1)

    entries: list[HandRecord | HandError] = []
    for key, value in document.items():
        label = f"hand {len(entries) + 1}"
        if not isinstance(value, dict):
            entries.append(HandError(path, label, None,
                                     f"{key!r} is not a hand: a file of several hands holds"
                                     " only tables"))
            continue
        entries.append(_read_entry(value, functools.partial(locate, key), path, label))
    return HandFile(path, tuple(entries))


def format_phh(records: Sequence[HandRecord]) -> str:
    """The PHH text of some hands: one hand plain, several as tables ``[1]``, ``[2]``..."""
    if len(records) == 1:
        return format_table(_phh_fields(records[0]))
    return "\n".join(f"[{number}]\n{format_table(_phh_fields(record))}"
                     for number, record in enumerate(records, 1))


def save_phh(path: str | os.PathLike[str], records: Sequence[HandRecord]) -> None:
    """Write hands to a PHH file atomically: a crash leaves the old file or the new one,
    never half of one.  The text goes to a temporary file beside it, is flushed to the
    disk, and then replaces the file in one step."""
    write_atomically(Path(path), format_phh(records).encode())


def _phh_fields(record: HandRecord) -> dict[str, object]:
    """A record as PHH fields, the table and actions first."""
    clash = sorted(set(record.fields) & set(WRITTEN))
    if clash:
        raise PokerInputError(f"fields {clash} are made from the hand itself")
    config, n = record.config, record.config.n_seats

    def per_player(values: Sequence[int]) -> list[int | Decimal]:
        amounts = [file_amount(value, record.decimals) for value in values]
        return amounts[::-1] if n == 2 else amounts

    blinds = [-blind if seat in config.posts else blind for seat, blind in enumerate(config.blinds)]
    fields: dict[str, object] = {
        "variant": "NT",
        "ante_trimming_status": not config.dead_antes,
        "antes": per_player(config.antes),
        "blinds_or_straddles": per_player(blinds),
        "min_bet": file_amount(config.min_bet, record.decimals),
        "starting_stacks": [file_amount(stack, record.decimals) for stack in config.stacks],
        "actions": _phh_actions(record),
    }
    if config.names:
        fields["players"] = list(config.names)
    fields.update(record.fields)
    if record.runouts:
        fields[RUNOUTS] = [format_cards(board) for board in record.runouts]
    return fields


def _phh_actions(record: HandRecord) -> list[str]:
    """The actions in PHH notation, every player's hole cards dealt first."""
    holes = {action.seat: action.cards for action in record.actions
             if action.kind == ActionKind.HOLE}
    lines = [f"d dh p{seat + 1} {format_cards(holes[seat]) if seat in holes else '????'}"
             for seat in range(record.config.n_seats)]
    for action in record.actions:
        player = f"p{(action.seat or 0) + 1}"
        match action.kind:
            case ActionKind.BOARD:
                lines.append(f"d db {format_cards(action.cards)}")
            case ActionKind.FOLD:
                lines.append(f"{player} f")
            case ActionKind.CHECK | ActionKind.CALL:
                lines.append(f"{player} cc")
            case ActionKind.BET | ActionKind.RAISE:
                lines.append(f"{player} cbr {file_amount(action.amount, record.decimals)}")
            case ActionKind.SHOW:
                lines.append(f"{player} sm {format_cards(action.cards)}")
            case ActionKind.MUCK:
                lines.append(f"{player} sm")
    return lines


# Reading.


def _is_hand(table: Mapping[str, object]) -> bool:
    return not _REQUIRED.isdisjoint(table)


_REQUIRED, _WRITTEN = frozenset(REQUIRED), frozenset(WRITTEN)
_DECIMALS = {Decimal}
_Splits = list[tuple[int, int]]
_PLACES = operator.itemgetter(1)
"""An amount's decimal places, of its digits and places (:func:`split_amount`)."""


def _chunks(text: str) -> list[tuple[str, int, str]]:
    """The text of each table ``[key]`` (a dotted ``[key.sub]`` stays in its table):
    ``(key, first line, text)``."""
    starts = [(match.group(1).strip().strip("\"'"), match.start())
              for match in _HEADER.finditer(text) if "." not in match.group(1)]
    return [(key, text.count("\n", 0, start) + 1,
             text[start:starts[i + 1][1] if i + 1 < len(starts) else len(text)])
            for i, (key, start) in enumerate(starts)]


def _read_in_parts(text: str, path: str) -> list[HandRecord | HandError]:
    """Hands of a file that is not valid TOML as a whole: each table on its own, so
    that the error stays with its hand."""
    chunks = _chunks(text)
    if not chunks:
        return [_toml_error(text, 1, path, "hand 1")]
    head = text[:len(text) - sum(len(chunk) for _, _, chunk in chunks)]
    entries: list[HandRecord | HandError] = []
    if head.strip():
        try:
            _parse(head)
        except _TomlError:
            entries.append(_toml_error(head, 1, path, "before hand 1"))
    for number, (key, start, chunk) in enumerate(chunks, 1):
        label = f"hand {number}"
        try:
            table = _parse(chunk)
        except _TomlError:
            entries.append(_toml_error(chunk, start, path, label))
            continue
        value = table.get(key)
        if not isinstance(value, dict):
            entries.append(HandError(path, label, start, f"table [{key}] is not a hand"))
            continue
        entries.append(_read_entry(value, functools.partial(_located, chunk, start), path,
                                   label))
    return entries


class _TomlError(ValueError):
    """Why a text is not TOML, ending with where: ``(at line 3, column 7)``."""


def _parse(text: str) -> dict[str, object]:
    """TOML with its decimal numbers exact: ``535.40`` stays in cents.

    Every failure is a :class:`_TomlError` with its line: the parser lets Python's
    ``int()`` refuse an integer of over 4,300 digits with a bare ValueError.  Plain
    files (as PHH writers write them) are read by :func:`read_plain_toml`, the same
    document faster; the full parser reads the rest.
    """
    document = read_plain_toml(text)
    if document is not None:
        return document
    try:
        return toml.loads(text, parse_float=Decimal)
    except toml.TOMLDecodeError as error:
        raise _TomlError(str(error)) from None
    except ValueError:
        long_number = _LONG_NUMBER.search(text)
        where = text.count("\n", 0, long_number.start()) + 1 if long_number else 1
        raise _TomlError(
            f"a number with more than 4,300 digits (at line {where}, column 1)") from None


_LONG_NUMBER = re.compile(r"\d{4300,}")


def _toml_error(text: str, start: int, path: str, label: str) -> HandError:
    try:
        _parse(text)
    except _TomlError as error:
        message = str(error)
        found = _TOML_LINE.search(message)
        line = start + int(found.group(1)) - 1 if found else start
        return HandError(path, label, line, f"not valid TOML: {_TOML_LINE.sub('', message)}")
    raise AssertionError("the text parsed")


_Where = Callable[[], tuple[str, int]]
"""Where a hand's table is in its file: its text and first line, worked out only when
a message needs a line (cutting a file of many hands into its tables costs time)."""


def _located(text: str, start: int) -> tuple[str, int]:
    return text, start


def _read_entry(table: dict[str, object], where: _Where, path: str,
                label: str) -> HandRecord | HandError:
    reader = _HandReader(table, where)
    try:
        return reader.read()
    except LineError as error:
        return HandError(path, label, error.line, str(error))
    except PokerInputError as error:
        return HandError(path, label, reader.start, str(error))


class _HandReader:
    """Reads one hand's table, knowing where its text is for line numbers."""

    def __init__(self, table: dict[str, object], where: _Where) -> None:
        self.table = table
        self.where = where
        self.places = 0  # the most decimal places of the amounts read so far

    @functools.cached_property
    def _found(self) -> tuple[str, int]:
        return self.where()

    @property
    def text(self) -> str:
        """The text of the hand's table."""
        return self._found[0]

    @property
    def start(self) -> int:
        """The first line of the hand's table in its file."""
        return self._found[1]

    def line_of(self, key: str) -> int:
        """The line of a field's key, or the hand's first line."""
        match = re.search(rf"^[ \t]*(?:{re.escape(key)}|\"{re.escape(key)}\"|'{re.escape(key)}')"
                          r"[ \t]*=", self.text, re.MULTILINE)
        return self.start + (self.text.count("\n", 0, match.start()) if match else 0)

    def fail(self, key: str, message: str) -> LineError:
        return LineError(self.line_of(key), message)

    def read(self) -> HandRecord:
        table = self.table
        for key in REQUIRED:
            if key not in table:
                raise LineError(self.start, f"the required field {key!r} is missing")
        if table["variant"] != "NT":
            raise self.fail("variant", f"variant {table['variant']!r} is not no-limit"
                                       " Texas hold 'em ('NT')")
        stacks = self.exact_amounts("starting_stacks", None)
        n = len(stacks)
        antes = self.exact_amounts("antes", n)
        blinds = self.exact_amounts("blinds_or_straddles", n)
        min_bet = self.exact_amount("min_bet", table["min_bet"])
        texts = table["actions"]
        if not isinstance(texts, list) or not all(map(isinstance, texts, repeat(str))):
            raise self.fail("actions", "actions must be a list of strings")
        try:
            parsed = [_parse_action(text, n) for text in texts]
        except PokerInputError:
            for index, text in enumerate(texts):  # which, and why
                try:
                    _parse_action(text, n)
                except PokerInputError as error:
                    raise LineError(self.action_lines(texts)[index],
                                    f"action {text!r}: {error}") from None
            raise
        decimals = max([self.places, *[amount[1] for kind, _, amount in parsed
                                       if kind == "cbr" and amount is not None]])
        config = self.config([split_chips(a, decimals) for a in stacks],
                             [split_chips(a, decimals) for a in antes],
                             [split_chips(a, decimals) for a in blinds],
                             split_chips(min_bet, decimals))
        hand = Hand(config)
        for index, words in enumerate(parsed):
            try:
                _apply(hand, words, decimals)
            except PokerInputError as error:
                labels = [f"p{seat + 1}" + (f" ({config.names[seat]})" if config.names else "")
                          for seat in range(n)]
                raise LineError(self.action_lines(texts)[index], f"action {texts[index]!r}: "
                                f"{rename_seats(str(error), config, labels)}") from None
        fields = {key: value for key, value in table.items() if key not in _WRITTEN}
        try:
            record = make_record(hand, decimals, self.runouts(), fields, give_hand=True)
        except PokerInputError as error:
            raise self.fail(RUNOUTS, str(error)) from None
        self.check_finishing_stacks(record)
        return record

    def check_finishing_stacks(self, record: HandRecord) -> None:
        """The file's ``finishing_stacks``, if any, must be amounts, and those of a
        finished hand must be what its actions leave: the same total (or less, when
        the file gives a rake), each seat's within a chip (files may split an odd chip
        in halves where the rules give it whole to one winner)."""
        if "finishing_stacks" not in self.table:
            return
        given = self.amounts("finishing_stacks", record.config.n_seats)
        final = finishing_stacks(record)
        if final is None:
            return
        chips = [amount.scaleb(record.decimals) for amount in given]
        raked = bool(self.table.get("rake"))
        total = sum(chips) <= sum(final) if raked else sum(chips) == sum(final)
        if not total or (not raked and any(abs(given - ours) >= 1
                                           for given, ours in zip(chips, final, strict=True))):
            expected = [str(file_amount(stack, record.decimals)) for stack in final]
            raise self.fail("finishing_stacks",
                            f"finishing_stacks {[str(a) for a in given]} contradict the"
                            f" actions, which leave {expected}")

    def config(self, stacks: list[int], antes: list[int], blinds: list[int],
               min_bet: int) -> HandConfig:
        n = len(stacks)
        trimming = self.table.get("ante_trimming_status", False)
        if not isinstance(trimming, bool):
            raise self.fail("ante_trimming_status",
                            f"ante_trimming_status must be true or false, not {trimming!r}")
        for key in PER_PLAYER:
            value = self.table.get(key)
            if value is not None and (not isinstance(value, list) or len(value) != n):
                size = f"{len(value)} entries" if isinstance(value, list) else repr(value)
                raise self.fail(key, f"{key} has {size} for {n} players (starting_stacks)")
        names = self.table.get("players", [])
        assert isinstance(names, list)
        if not all(map(isinstance, names, repeat(str))):
            raise self.fail("players", f"players must be names (strings): {names!r}")
        if n == 2:  # PHH lists the forced bets the other way round heads-up
            antes, blinds = antes[::-1], blinds[::-1]
        try:
            return HandConfig(tuple(stacks), n - 1, tuple(map(abs, blinds)),
                              tuple(antes), min_bet, dead_antes=not trimming,
                              names=tuple(names),
                              posts=tuple(seat for seat, b in enumerate(blinds) if b < 0)
                              if blinds and min(blinds) < 0 else (),
                              free_folds=True)
        except PokerInputError as error:
            raise self.fail("starting_stacks", str(error)) from None

    def number(self, key: str, value: object) -> Decimal:
        """A number of the file as an exact decimal."""
        if isinstance(value, bool) or not isinstance(value, int | Decimal):
            raise self.fail(key, f"{key} must hold numbers, not {value!r}")
        amount = value if isinstance(value, Decimal) else Decimal(value)
        if not amount.is_finite():
            raise self.fail(key, f"{key} holds {value!r}: unknown (infinite) amounts are"
                                 " not supported")
        return amount

    def amount(self, key: str, value: object) -> Decimal:
        """A number of the file as an exact decimal, checked as an amount."""
        amount = self.number(key, value)
        try:
            self.note_places(decimals_of(amount))
        except PokerInputError as error:
            raise self.fail(key, f"{key}: {error}") from None
        return amount

    def note_places(self, places: int) -> None:
        """Keep the most decimal places of the amounts read (:attr:`places`)."""
        if places > self.places:
            self.places = places

    def exact_amount(self, key: str, value: object) -> tuple[int, int]:
        """:meth:`amount` as its digits and decimal places (:func:`split_amount`)."""
        # TOML gives decimals as Decimal: one written plainly is read from its text at once.
        split = plain_amount(str(value)) if type(value) is Decimal else None
        if split is None:
            amount = self.number(key, value)
            try:
                split = split_amount(amount)
            except PokerInputError as error:
                raise self.fail(key, f"{key}: {error}") from None
        self.note_places(split[1])
        return split

    def items(self, key: str, n: int | None) -> list[object]:
        """The values of a field of one amount per player (or one for all, when ``n``
        is given)."""
        value = self.table[key]
        if n is not None and not isinstance(value, list):
            value = [value] * n
        if not isinstance(value, list):
            raise self.fail(key, f"{key} must be a list of numbers, not {value!r}")
        if n is not None and len(value) != n:
            raise self.fail(key, f"{key} has {len(value)} entries for {n} players"
                                 " (starting_stacks)")
        return value

    def amounts(self, key: str, n: int | None) -> list[Decimal]:
        """A field of one amount per player, as exact decimals."""
        return [self.amount(key, item) for item in self.items(key, n)]

    def exact_amounts(self, key: str, n: int | None) -> list[tuple[int, int]]:
        """A field of one amount per player, as digits and decimal places."""
        items = self.items(key, n)
        if set(map(type, items)) == _DECIMALS:  # all written plainly, most likely: at once
            found = [*map(plain_amount, map(str, items))]
            if None not in found:
                splits = cast(_Splits, found)
                self.note_places(max(map(_PLACES, splits)))
                return splits
        return [self.exact_amount(key, item) for item in items]

    def runouts(self) -> list[tuple[int, ...]]:
        value = self.table.get(RUNOUTS, [])
        if not isinstance(value, list) or not all(isinstance(board, str) for board in value):
            raise self.fail(RUNOUTS, f"{RUNOUTS} must be a list of boards: {value!r}")
        try:
            return [tuple(parse_cards(board)) for board in value]
        except PokerInputError as error:
            raise self.fail(RUNOUTS, str(error)) from None

    def action_lines(self, texts: list[str]) -> list[int]:
        """The line of each action string, found in order after the ``actions`` key
        (for messages only: an error's line is looked up when it happens)."""
        first = self.line_of("actions")
        match = re.search(r"^[ \t]*actions[ \t]*=", self.text, re.MULTILINE)
        offset = match.end() if match else 0
        lines = []
        for text in texts:
            found = [position for position in (self.text.find(f"{quote}{text}{quote}", offset)
                                               for quote in "\"'") if position >= 0]
            if found and text:
                offset = min(found) + len(text) + 2
                lines.append(self.start + self.text.count("\n", 0, min(found)))
            else:
                lines.append(first)
        return lines


Parsed = tuple[str, int | None, tuple[int, ...] | None]
"""An action in words: what, whose (a seat), and its argument (cards, or an amount as
its digits and decimal places)."""


@functools.lru_cache(maxsize=1 << 15)  # hole cards by seat, folds, calls and turns recur
def _parse_action(text: str, n: int) -> Parsed:
    """An action string's parts: ``("cbr", 2, (70000, 2))`` for ``p3 cbr 700.00``
    (an amount as its digits and decimal places: :func:`split_amount`); cards as
    indices, or ``None`` where any is unknown."""
    words = text.split("#", 1)[0].split()
    if not words:
        return ("noop", None, None)
    if words[0] == "d":
        if words[1:2] == ["dh"] and len(words) == 4:
            return ("dh", _player(words[2], n), _cards(words[3]))
        if words[1:2] == ["db"] and len(words) == 3:
            cards = _cards(words[2])
            if cards is None:
                raise PokerInputError(f"unknown board cards {words[2]!r} cannot be replayed")
            return ("db", None, cards)
        raise PokerInputError("unknown dealing action: expected 'd dh pN CARDS' or 'd db CARDS'")
    seat = _player(words[0], n)
    verb, rest = (words[1], words[2:]) if len(words) > 1 else ("", [])
    if verb in ("f", "cc") and not rest:
        return (verb, seat, None)
    if verb == "cbr" and len(rest) == 1:
        text = rest[0].replace(",", "")
        plain = plain_amount(text)  # no Decimal needed
        if plain is not None:
            return (verb, seat, plain)
        try:
            amount = Decimal(text)
        except InvalidOperation:
            raise PokerInputError(f"{rest[0]!r} is not an amount") from None
        return (verb, seat, split_amount(amount))
    if verb == "sm" and len(rest) <= 1:
        if not rest or rest[0] == "-":
            return ("muck" if not rest else "show", seat, None)
        cards = _cards(rest[0])
        if cards is None:
            raise PokerInputError(f"showing unknown cards {rest[0]!r} cannot decide a pot")
        return ("show", seat, cards)
    if verb in ("sd", "pb"):
        raise PokerInputError(f"{verb!r} is not an action of no-limit hold 'em")
    raise PokerInputError("unknown action: expected pN f, pN cc, pN cbr AMOUNT or pN sm [CARDS]")


def _player(word: str, n: int) -> int:
    seat = _PLAYERS.get(word, n)
    if seat >= n:
        raise PokerInputError(f"{word!r} is not a player: the hand has p1 to p{n}")
    return seat


def _cards(word: str) -> tuple[int, ...] | None:
    if _CARDS.fullmatch(word) is None:
        raise PokerInputError(f"{word!r} is not cards in PHH notation (such as AcKd or ????)")
    if "?" in word:
        return None
    return tuple(parse_cards(word))


def _apply(hand: Hand, words: Parsed, decimals: int) -> None:
    """Play one parsed action on the hand."""
    kind, seat, argument = words
    if seat is None:  # the board, or a line of only a comment
        if argument is not None:
            hand.deal_board(argument)
        return
    if kind == "dh":  # the commonest kinds first
        if argument is not None:
            hand.deal_hole(seat, argument)
    elif kind == "f":
        hand.fold(seat)
    elif kind == "cc":
        (hand.call if hand.to_call(seat) else hand.check)(seat)
    elif kind == "cbr":
        assert argument is not None
        digits, places = argument
        total = split_chips((digits, places), decimals)  # exact: decimals are the most places
        try:
            hand.apply(hand.bet_or_raise_to(seat, total))
        except PokerInputError as error:
            raise PokerInputError(f"{error}{chips_note(decimals)}") from None
    elif kind == "show":
        hand.show(seat, argument)
    else:
        hand.muck(seat)
