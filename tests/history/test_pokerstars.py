"""PokerStars hand histories: real exports and written samples load, agree with the
site's own accounts and with pokerkit, and a bad hand never stops the others."""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.cards import parse_cards
from assistant.history import (
    HandError,
    HandRecord,
    finishing_stacks,
    format_phh,
    load_hands,
    play,
    read_phh,
    read_pokerstars,
)
from tests.history.support import line_of, pokerkit_stacks

REPO = Path(__file__).resolve().parents[2]
REAL = sorted((REPO / "tests" / "data" / "pokerstars").glob("*.txt"))
SAMPLES = REPO / "resources" / "hands" / "pokerstars-samples.txt"


def check_against_the_site(record: HandRecord) -> None:
    """What each player collected (after rake) is at most what they win here, and only
    the winners here collect."""
    final = finishing_stacks(record)
    assert final is not None
    hand = play(record)
    won = [final[seat] - hand.stack(seat) for seat in range(record.config.n_seats)]
    winnings = record.fields["winnings"]
    assert isinstance(winnings, list)
    collected = [round(amount * 10**record.decimals) for amount in winnings]
    assert all(0 <= site <= ours for site, ours in zip(collected, won, strict=True))
    assert [site > 0 for site in collected] == [ours > 0 for ours in won]


@pytest.mark.parametrize("path", REAL, ids=[path.stem for path in REAL])
def test_real_exports_load_and_agree_with_the_site_and_pokerkit(path: Path) -> None:
    hands = load_hands(path)
    assert not hands.errors, hands.errors
    assert len(hands.hands) == path.read_text().count("PokerStars Game #")
    for record in hands.hands:
        assert record.decimals == 2 and record.fields["venue"] == "PokerStars"
        check_against_the_site(record)
        assert finishing_stacks(record) == pokerkit_stacks(record)
        assert read_phh(format_phh([record])).entries == (record,)


def test_players_who_sit_out_or_wait_are_not_dealt_in() -> None:
    hands = load_hands(REAL[3]).hands  # MultipleHandsTests__10MultipleHands.txt
    assert len(hands) == 10
    first = hands[0]
    assert first.fields["hand"] == 109673992001 and first.fields["table"] == "Hveen II 40-100 bb"
    assert first.config.names == ("BoomDoon", "ValueH", "ADZ124", "jimmyhoo", "fodevich",
                                  "Zockermicha", "redskruf7")
    assert first.fields["seats"] == [2, 4, 5, 6, 7, 8, 1]
    assert all("YurNas" not in hand.config.names and "Carster" not in hand.config.names
               for hand in (hands[1], hands[2], hands[9]))
    assert all("friendzdrt" not in hand.config.names for hand in hands[8:])


def test_heads_up_the_button_posts_the_small_blind() -> None:
    (record,) = load_hands(REAL[-1]).hands  # Seats__HeadsUp.txt
    assert record.config.names == ("Kel138", "A.Kmicic")
    assert record.config.blinds == (100, 50)
    assert finishing_stacks(record) == (20780 + 50, 11894 - 50)


def test_the_samples_side_pots_posts_tournaments_and_a_hand_run_twice() -> None:
    hands = load_hands(SAMPLES)
    assert not hands.errors and len(hands.hands) == 4
    side_pots, posts, tournament, twice = hands.hands
    # Three pots, three winners; Eve sits out; names with spaces, colons, brackets.
    assert side_pots.config.names == ("hero: the first", "Bo [Lucky]", "ChipLeader", "Dee",
                                      "Ana Banana")
    assert finishing_stacks(side_pots) == (3680, 2175, 6160, 5100, 5000)
    assert side_pots.known_cards(0) == tuple(parse_cards("AhKh"))
    assert {key: side_pots.fields[key] for key in ("currency", "currency_symbol", "year")} == {
        "currency": "USD", "currency_symbol": "$", "year": 2024}
    # Eve's big blind is a post; Dee folds on the flop where checking was free.
    assert posts.config.posts == (3,) and posts.config.blinds == (25, 50, 0, 50, 0, 0)
    assert finishing_stacks(posts) == (2150, 6110, 4600, 5950, 5925, 3080)
    # The tournament counts chips, its antes are equal, and Kim, sitting out, posts
    # and so is dealt in.
    assert tournament.decimals == 0 and not tournament.config.dead_antes
    assert tournament.config.names == ("Jo: Jo", "Kim", "Gus", "Hal 9000", "Ivy")
    assert tournament.fields["event"] == "PokerStars Tournament #3000000001"
    for record in (side_pots, posts, tournament):
        check_against_the_site(record)
        assert finishing_stacks(record) == pokerkit_stacks(record)
    # Lou's small and big blinds: 1 dead, 2 live.  Run twice: each run takes half.
    assert twice.config.antes == (0, 0, 0, 100, 0) and twice.config.dead_antes
    assert twice.config.blinds == (100, 200, 0, 200, 0) and twice.config.posts == (3,)
    assert twice.runouts == (tuple(parse_cards("8c 3h Kd 6s 5h")),)
    assert finishing_stacks(twice) == (19900, 0, 34850, 25750, 15050)
    check_against_the_site(twice)
    assert read_phh(format_phh(hands.hands)).hands == hands.hands


def edited(old: str, new: str) -> str:
    text = SAMPLES.read_text(encoding="utf-8-sig")
    assert text.count(old) == 1, old
    return text.replace(old, new)


# (id, old text, new text, hand, message)
MALFORMED = [
    ("unknown action", "Dee: calls $7.25 and", "Dee: dances $7.25 and", 1,
     "unknown action 'dances $7.25 and is all-in'"),
    ("illegal raise", "ChipLeader: raises $1 to $1.50", "ChipLeader: raises $0.25 to $0.75", 1,
     "ChipLeader cannot raise to 75: the minimum raise is to 100 (amounts in hundredths)"),
    ("a card dealt twice", "*** FLOP *** [Kd 7h 2h]", "*** FLOP *** [Kd 7h Ah]", 1,
     "the flop: Ah is in hero: the first's hand"),
    ("a wrong call", "Dee: calls $7.25 and is all-in", "Dee: calls $7 and is all-in", 1,
     "'Dee' calls 7, but the call is 7.25"),
    ("a wrong total pot", "Total pot $15.25", "Total pot $15.35", 2,
     "the summary's total pot is 15.35, but the actions put in 15.25"),
    ("a wrong uncalled bet", "Uncalled bet ($8) returned", "Uncalled bet ($7) returned", 2,
     "the file returns 7.00 uncalled to 'Ana Banana', but the bets leave 8.00 uncalled"),
    ("a collector who lost", "Dee collected $48 from main pot",
     "ChipLeader collected $48 from main pot", 1,
     "'ChipLeader' collects 48.00, but wins nothing by the cards and bets of this hand"),
    ("another game", "Hold'em No Limit ($1/$2 USD)", "Omaha Pot Limit ($1/$2 USD)", 4,
     "'Omaha Pot Limit ($1/$2 USD)' is not no-limit hold 'em"),
    ("a capped game", "Hold'em No Limit ($1/$2 USD)", "Hold'em No Limit ($1/$2 - $80 Cap - USD)",
     4, "\"Hold'em No Limit ($1/$2\": capped no-limit games are not supported"),
    ("an unknown post", "Lou: posts small & big blinds $3", "Lou: posts a straddle $4", 4,
     "unknown post 'posts a straddle $4'"),
    ("an amount finer than a cent", "Pat: raises $4 to $6", "Pat: raises $4 to $6.005", 4,
     "'6.005' is not an amount in cents"),
    ("a runout that repeats a card", "*** SECOND RIVER *** [8c 3h Kd 6s] [5h]",
     "*** SECOND RIVER *** [8c 3h Kd 6s] [Qd]", 4,
     "runout 8c3hKd6sQd must share the 0 cards dealt before the betting closed"),
    ("a wrong folder", "Jo: Jo: folds \nKim: folds", "Kim: folds\nJo: Jo: folds", 3,
     "Kim cannot fold: it is Jo: Jo's turn"),
]


@pytest.mark.parametrize(("old", "new", "hand", "message"), [case[1:] for case in MALFORMED],
                         ids=[case[0] for case in MALFORMED])
def test_a_bad_hand_is_reported_at_its_line_and_the_others_load(
        old: str, new: str, hand: int, message: str) -> None:
    text = edited(old, new)
    entries = read_pokerstars(text, "stars.txt").entries
    assert len(entries) == 4
    error = entries[hand - 1]
    assert isinstance(error, HandError), error
    assert error.path == "stars.txt" and error.hand.startswith(f"hand {hand} (#20000000000")
    assert error.message.startswith(message), error.message
    assert all(isinstance(entry, HandRecord) for entry in entries if entry is not error)
    at = {"the summary": "Total pot", "the file": "Uncalled bet"}
    needle = next((line for start, line in at.items() if message.startswith(start)), new)
    start = text.index(f"PokerStars Hand #20000000000{hand}")
    assert error.line == line_of(text, needle.split("\n")[0], start), error


def test_a_truncated_file_keeps_the_hands_before_the_cut() -> None:
    text = SAMPLES.read_text(encoding="utf-8-sig")
    cut = text[:text.index("Gus: bets 1235 and is all-in")]
    entries = read_pokerstars(cut, "cut.txt").entries
    assert [isinstance(entry, HandError) for entry in entries] == [False, False, True]
    assert str(entries[2]).endswith(
        "the hand is cut short: no '*** SUMMARY ***' line")
    cut = text[:text.index("*** HOLE CARDS ***\nGus")]
    assert "no '*** HOLE CARDS ***' line" in str(read_pokerstars(cut).entries[2])


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("Seat 4: ChipLeader ($100 in", "Seat 4: ChipLeader ($" + "9" * 400 + " in",
         "is not an amount in cents"),
        ("Seat 4: ChipLeader ($100", "Seat " + "4" * 5000 + ": ChipLeader ($100",
         "cannot read the seat line"),
        ("#200000000001", "#" + "2" * 5000, "cannot read the hand's first line"),
        ("Seat #1 is the button", "Seat #" + "1" * 5000 + " is the button",
         "expected the table line"),
    ],
)
def test_numbers_too_long_to_be_chips_or_seats_are_reported(old: str, new: str,
                                                             message: str) -> None:
    # Found by reading the code: Python refuses to read an int of over 4,300 digits, and
    # a float cannot hold a stack of 400 digits.
    entries = read_pokerstars(edited(old, new)).entries
    assert message in str(entries[0]) and len(entries) == 4


def test_a_hand_with_everyone_sitting_out_is_reported() -> None:
    # Found by reading the code: the antes of nobody had no maximum.
    text = ("PokerStars Hand #2: Hold'em No Limit ($5/$10 USD) - 2014/01/16 7:17:20 ET\n"
            "Table 'T' 6-max Seat #6 is the button\n"
            "Seat 6: lautie ($1467.77 in chips) is sitting out\n*** HOLE CARDS ***\n")
    (error,) = read_pokerstars(text, "c.txt").entries
    assert str(error) == "c.txt: hand 1 (#2), line 4: 0 players dealt in: a hand needs 2 or more"


def test_a_cancelled_hand_is_reported() -> None:
    cancelled = ("PokerStars Hand #1: Hold'em No Limit ($5/$10 USD) - 2014/01/16 7:17:20 ET\n"
                 "Table 'T' 6-max Seat #6 is the button\nSeat 6: lautie ($1467.77 in chips)\n"
                 "lautie: posts small blind $5\nHand cancelled\n*** SUMMARY ***\n")
    (error,) = read_pokerstars(cancelled, "c.txt").entries
    assert str(error) == "c.txt: hand 1 (#1), line 5: the hand was cancelled"


LINES = ["Dee: folds", "Dee: checks", "Dee: calls $1", "Dee: raises $1 to $2", "Dee: bets $3",
         "*** FLOP *** [2c 3c 4c]", "*** TURN *** [2c 3c 4c] [5c]", "*** SUMMARY ***",
         "*** HOLE CARDS ***", "Seat 7: Zed ($5 in chips)", "Dee: shows [As Ks] (x)",
         "Dee: mucks hand", "Uncalled bet ($1) returned to Dee", "Dee collected $1 from pot",
         "Total pot $1 | Rake $0", "PokerStars Hand #9:  Hold'em No Limit ($1/$2 USD)",
         "Table 'x' 6-max Seat #9 is the button", "Dealt to Dee [2c 2d]", "Dee: posts the ante $1",
         "*** SECOND RIVER *** [2c 3c 4c 5c] [6c]", "Hand was run twice", "", "Dee: sits out",
         "Dee: bets $" + "9" * 500, "Seat 99999: Yo (1 in chips)", "PokerStars Game #1:"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 3),
                          st.sampled_from(LINES) | st.text(max_size=6)), max_size=5))
def test_no_edit_of_an_export_makes_the_reader_fail(edits: list[tuple[int, int, str]]) -> None:
    lines = SAMPLES.read_text(encoding="utf-8-sig").split("\n")
    for where, remove, insert in edits:
        where %= len(lines) + 1
        lines[where:where + remove] = [insert] if insert or remove == 0 else []
    for entry in read_pokerstars("\n".join(lines), "fuzz.txt").entries:
        if isinstance(entry, HandRecord):
            assert read_phh(format_phh([entry])).entries == (entry,)
        else:
            assert entry.message


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=300))
def test_no_text_makes_the_reader_fail(text: str) -> None:
    read_pokerstars("PokerStars Hand #1: " + text)


INCOMPLETE_BIG_BLIND = """\
PokerStars Hand #200000000009: Tournament #1234567, $1+$0.10 USD Hold'em No Limit - \
Level II (15/30) - 2020/01/01 10:00:00 ET
Table '1234567 1' 9-max Seat #1 is the button
Seat 1: Ann (1500 in chips)
Seat 2: Ben (1500 in chips)
Seat 3: Cat (20 in chips)
Ben: posts small blind 15
Cat: posts big blind 20 and is all-in
*** HOLE CARDS ***
Ann: calls 30
Ben: calls 15
*** FLOP *** [2c 7d Jh]
Ben: checks
Ann: checks
*** TURN *** [2c 7d Jh] [Qs]
Ben: checks
Ann: checks
*** RIVER *** [2c 7d Jh Qs] [3h]
Ben: checks
Ann: checks
*** SHOW DOWN ***
Ben: shows [Ac Ad] (a pair of Aces)
Ann: shows [Kc Kd] (a pair of Kings)
Cat: shows [5c 6d] (high card Queen)
Ben collected 20 from side pot
Ben collected 60 from main pot
*** SUMMARY ***
Total pot 80 Main pot 60. Side pot 20. | Rake 0
Board [2c 7d Jh Qs 3h]
Seat 1: Ann (button) showed [Kc Kd] and lost with a pair of Kings
Seat 2: Ben (small blind) showed [Ac Ad] and won (80) with a pair of Aces
Seat 3: Cat (big blind) showed [5c 6d] and lost with high card Queen
"""


def test_an_incomplete_big_blind_is_called_in_full() -> None:
    # Issue 11.2: "Ann calls 30, but the call is 20".
    (record,) = read_pokerstars(INCOMPLETE_BIG_BLIND).entries
    assert isinstance(record, HandRecord), record
    assert record.config.blinds == (15, 30, 0) and record.config.stacks == (1500, 20, 1500)
    # By hand: Cat's 20 from each makes the main pot of 60, Ann's and Ben's other 10 the
    # side pot of 20; Ben's aces take both.
    assert finishing_stacks(record) == (1550, 0, 1470)
    check_against_the_site(record)


@pytest.mark.parametrize(
    ("header", "table"),
    [
        ("PokerStars Zoom Hand #175791904345:  Hold'em No Limit ($0.05/$0.10) -"
         " 2017/10/09 19:43:10 ET", "Table 'Halley' 6-max Seat #1 is the button"),
        ("PokerStars Home Game #154189212345: {Friends Club} Hold'em No Limit ($0.05/$0.10"
         " USD) - 2016/06/20 21:03:36 ET", "Table 'Friends' 9-max (Play Money) Seat #1 is"
         " the button"),
    ],
    ids=["zoom", "home game"],
)
def test_zoom_and_home_game_hands_load(header: str, table: str) -> None:
    text = "\n".join([header, table, "Seat 1: Ann ($10 in chips)", "Seat 2: Ben ($10 in chips)",
                      "Ann: posts small blind $0.05", "Ben: posts big blind $0.10",
                      "*** HOLE CARDS ***", "Ann: folds",
                      "Uncalled bet ($0.05) returned to Ben", "Ben collected $0.10 from pot",
                      "*** SUMMARY ***", "Total pot $0.10 | Rake $0", ""])
    (record,) = read_pokerstars(text).entries
    assert isinstance(record, HandRecord), record
    assert record.decimals == 2 and record.site == "PokerStars"
    assert record.hand_id == header.split("#")[1].split(":")[0]
    assert finishing_stacks(record) == (1005, 995)  # Ben (big blind), Ann (button)


def test_a_cashed_out_hand_is_refused_by_name_and_the_others_load() -> None:
    text = SAMPLES.read_text(encoding="utf-8-sig")
    first = text.index("PokerStars Hand", 1)
    cashed = text[:first].rstrip("\n").split("\n")
    cashed.insert(-3, "Ana Banana cashed out the hand for $5.10 | Cash Out Fee $0.05")
    entries = read_pokerstars("\n".join(cashed) + "\n\n" + text[first:], "c.txt").entries
    assert isinstance(entries[0], HandError)
    assert entries[0].message == "a hand cashed out at all-in is not supported"
    assert entries[0].line == len(cashed) - 3
    assert all(isinstance(entry, HandRecord) for entry in entries[1:])
