"""Each statistic counted by hand on hand-written hands, one tricky case each
(definitions in docs/hud_stats.md)."""

import pytest

from assistant.database.stats import COUNTERS, STATS, count_hand, position_names, stat_counts
from assistant.history import finishing_stacks, read_hands
from tests.history.support import random_record

BOARD = ['"d db 9h5s2d"', '"d db Td"', '"d db 4c"']


def phh(stacks: list[int], blinds: list[int], actions: list[str], runouts: str = "") -> str:
    """A PHH hand with players named by position."""
    names = ", ".join(f'"{name}"' for name in position_names(len(stacks)))
    return (f'variant = "NT"\nantes = {[0] * len(stacks)}\nblinds_or_straddles = {blinds}\n'
            f"min_bet = 2\nstarting_stacks = {stacks}\nactions = [{', '.join(actions)}]\n"
            f"players = [{names}]\n{runouts}")


def acts(*texts: str) -> list[str]:
    return [f'"{text}"' for text in texts]


def counted(text: str) -> dict[str, dict[str, int]]:
    """Each player's counters that are not 0, ``hands`` aside."""
    (record,) = read_hands(text).hands
    result = count_hand(record)
    assert all(counts["hands"] == 1 for counts in result.counts)
    return {position: {key: value for key, value in counts.items() if value and key != "hands"}
            for position, counts in zip(result.positions, result.counts, strict=True)}


THREE = [100, 100, 100]
SHOW_3 = acts("d dh p1 2c3d", "d dh p2 AhKh", "d dh p3 7s7d")

CASES = {
    # Folded to the big blind: the BB made no decision, so it has no VPIP or PFR chance.
    "walk": (phh(THREE, [1, 2, 0], acts("p3 f", "p1 f")), {
        "SB": {"vpip_chances": 1, "pfr_chances": 1, "steal_chances": 1},
        "BB": {},
        "BTN": {"vpip_chances": 1, "pfr_chances": 1, "steal_chances": 1},
    }),
    # Limps: a limp is VPIP, the SB completing is VPIP, the BB checking is not.  A limp
    # closes the steal chance for later seats.  Nobody raised, so no c-bet chance.
    "limp_around": (phh([100] * 4, [1, 2, 0, 0], acts(
        "d dh p1 2c3d", "d dh p2 AhKh", "d dh p3 7s6d", "d dh p4 QcJc",
        "p3 cc", "p4 cc", "p1 cc", "p2 cc", "d db 9h5s2d",
        "p1 cc", "p2 cbr 4", "p3 f", "p4 cc", "p1 f", "d db Td", "p2 cc", "p4 cc",
        "d db 4c", "p2 cc", "p4 cc", "p2 sm AhKh", "p4 sm QcJc")), {
        "SB": {"vpip": 1, "vpip_chances": 1, "pfr_chances": 1, "saw_flop": 1, "folds": 1},
        "BB": {"vpip_chances": 1, "pfr_chances": 1, "saw_flop": 1, "aggressive": 1,
               "showdown": 1, "won_at_showdown": 1, "won_after_flop": 1},
        "CO": {"vpip": 1, "vpip_chances": 1, "pfr_chances": 1, "steal_chances": 1,
               "saw_flop": 1, "folds": 1},
        "BTN": {"vpip": 1, "vpip_chances": 1, "pfr_chances": 1, "saw_flop": 1, "calls": 1,
                "showdown": 1},
    }),
    # A straddle is a forced post: the straddler checking its option is not VPIP.  The
    # button, first to act, is "folded to": a steal chance.
    "straddle_check": (phh([100] * 4, [1, 2, 4, 0], acts(
        "d dh p1 8c8d", "d dh p2 AhKh", "d dh p3 2c3d", "d dh p4 QcJc",
        "p4 cc", "p1 f", "p2 cc", "p3 cc", "d db 9h5s2d", "p2 cc", "p3 cc", "p4 cc",
        "d db Td", "p2 cc", "p3 cc", "p4 cc", "d db 4c", "p2 cc", "p3 cc", "p4 cc",
        "p2 sm AhKh", "p3 sm 2c3d", "p4 sm QcJc")), {
        "SB": {"vpip_chances": 1, "pfr_chances": 1},
        "BB": {"vpip": 1, "vpip_chances": 1, "pfr_chances": 1, "saw_flop": 1, "showdown": 1},
        "CO": {"vpip_chances": 1, "pfr_chances": 1, "saw_flop": 1, "showdown": 1,
               "won_at_showdown": 1, "won_after_flop": 1},
        "BTN": {"vpip": 1, "vpip_chances": 1, "pfr_chances": 1, "steal_chances": 1,
                "saw_flop": 1, "showdown": 1},
    }),
    # The straddler raising its option is VPIP and PFR, and the straddle is the level a
    # raise is counted from: it is an open, and callers of the straddle face one raise.
    "straddle_raise": (phh([100] * 4, [1, 2, 4, 0], acts(
        "p4 cc", "p1 f", "p2 cc", "p3 cbr 12", "p4 f", "p2 f")), {
        "SB": {"vpip_chances": 1, "pfr_chances": 1},
        "BB": {"vpip": 1, "vpip_chances": 1, "pfr_chances": 1, "three_bet_chances": 1},
        "CO": {"vpip": 1, "vpip_chances": 1, "pfr": 1, "pfr_chances": 1},
        "BTN": {"vpip": 1, "vpip_chances": 1, "pfr_chances": 1, "steal_chances": 1,
                "three_bet_chances": 1},
    }),
    # A squeeze is a 3-bet; the caller had a 3-bet chance; the opener folds to the 3-bet;
    # players facing two raises have no 3-bet chance.  An UTG open is not a steal.
    "squeeze": (phh([100] * 6, [1, 2, 0, 0, 0, 0], acts(
        "p3 cbr 6", "p4 cc", "p5 cbr 20", "p6 f", "p1 f", "p2 f", "p3 f", "p4 f")), {
        "SB": {"vpip_chances": 1, "pfr_chances": 1},
        "BB": {"vpip_chances": 1, "pfr_chances": 1},
        "UTG": {"vpip": 1, "vpip_chances": 1, "pfr": 1, "pfr_chances": 1,
                "fold_to_three_bet": 1, "fold_to_three_bet_chances": 1},
        "HJ": {"vpip": 1, "vpip_chances": 1, "pfr_chances": 1, "three_bet_chances": 1},
        "CO": {"vpip": 1, "vpip_chances": 1, "pfr": 1, "pfr_chances": 1, "three_bet": 1,
               "three_bet_chances": 1},
        "BTN": {"vpip_chances": 1, "pfr_chances": 1},
    }),
    # A button steal, the SB folds to it, the BB defends and folds to the c-bet.
    "steal_and_cbet": (phh(THREE, [1, 2, 0], acts(
        "p3 cbr 5", "p1 f", "p2 cc", "d db 9h5s2d", "p2 cc", "p3 cbr 6", "p2 f")), {
        "SB": {"vpip_chances": 1, "pfr_chances": 1, "three_bet_chances": 1,
               "fold_to_steal": 1, "fold_to_steal_chances": 1},
        "BB": {"vpip": 1, "vpip_chances": 1, "pfr_chances": 1, "three_bet_chances": 1,
               "fold_to_steal_chances": 1, "saw_flop": 1, "folds": 1, "fold_to_cbet": 1,
               "fold_to_cbet_chances": 1},
        "BTN": {"vpip": 1, "vpip_chances": 1, "pfr": 1, "pfr_chances": 1, "steal": 1,
                "steal_chances": 1, "flop_cbet": 1, "flop_cbet_chances": 1, "aggressive": 1,
                "saw_flop": 1, "won_after_flop": 1},
    }),
    # The SB 3-bets a steal: the BB no longer faces a steal, nor one raise.
    "steal_three_bet": (phh(THREE, [1, 2, 0], acts("p3 cbr 5", "p1 cbr 15", "p2 f", "p3 f")), {
        "SB": {"vpip": 1, "vpip_chances": 1, "pfr": 1, "pfr_chances": 1, "three_bet": 1,
               "three_bet_chances": 1, "fold_to_steal_chances": 1},
        "BB": {"vpip_chances": 1, "pfr_chances": 1},
        "BTN": {"vpip": 1, "vpip_chances": 1, "pfr": 1, "pfr_chances": 1, "steal": 1,
                "steal_chances": 1, "fold_to_three_bet": 1, "fold_to_three_bet_chances": 1},
    }),
    # A donk bet into the raiser takes away its c-bet chance; nobody faced a c-bet.
    "donk_bet": (phh(THREE, [1, 2, 0], [*SHOW_3, *acts(
        "p3 cbr 5", "p1 f", "p2 cc", "d db 9h5s2d", "p2 cbr 6", "p3 cc", "d db Td",
        "p2 cc", "p3 cc", "d db 4c", "p2 cc", "p3 cc", "p2 sm AhKh", "p3 sm 7s7d")]), {
        "SB": {"vpip_chances": 1, "pfr_chances": 1, "three_bet_chances": 1,
               "fold_to_steal": 1, "fold_to_steal_chances": 1},
        "BB": {"vpip": 1, "vpip_chances": 1, "pfr_chances": 1, "three_bet_chances": 1,
               "fold_to_steal_chances": 1, "saw_flop": 1, "aggressive": 1, "showdown": 1},
        "BTN": {"vpip": 1, "vpip_chances": 1, "pfr": 1, "pfr_chances": 1, "steal": 1,
                "steal_chances": 1, "saw_flop": 1, "calls": 1, "showdown": 1,
                "won_at_showdown": 1, "won_after_flop": 1},
    }),
    # A flop c-bet called, then a check on the turn: a turn c-bet chance not taken.
    "turn_cbet_missed": (phh(THREE, [1, 2, 0], [*SHOW_3, *acts(
        "p3 cbr 5", "p1 f", "p2 cc", "d db 9h5s2d", "p2 cc", "p3 cbr 6", "p2 cc", "d db Td",
        "p2 cc", "p3 cc", "d db 4c", "p2 cc", "p3 cc", "p2 sm AhKh", "p3 sm 7s7d")]), {
        "SB": {"vpip_chances": 1, "pfr_chances": 1, "three_bet_chances": 1,
               "fold_to_steal": 1, "fold_to_steal_chances": 1},
        "BB": {"vpip": 1, "vpip_chances": 1, "pfr_chances": 1, "three_bet_chances": 1,
               "fold_to_steal_chances": 1, "saw_flop": 1, "calls": 1,
               "fold_to_cbet_chances": 1, "showdown": 1},
        "BTN": {"vpip": 1, "vpip_chances": 1, "pfr": 1, "pfr_chances": 1, "steal": 1,
                "steal_chances": 1, "flop_cbet": 1, "flop_cbet_chances": 1,
                "turn_cbet_chances": 1, "aggressive": 1, "saw_flop": 1, "showdown": 1,
                "won_at_showdown": 1, "won_after_flop": 1},
    }),
    # Heads-up all-in before the flop: the button (small blind) shoves, which is a steal;
    # the BB facing an all-in that covers it cannot raise (no PFR or 3-bet chance).  Both
    # saw the flop and went to showdown.
    "all_in_preflop": (phh([100, 100], [1, 2], acts(
        "d dh p1 KcKd", "d dh p2 AsAd", "p2 cbr 100", "p1 cc",
        "d db 2h7c9d", "d db Js", "d db 3h", "p1 sm KcKd", "p2 sm AsAd")), {
        "BB": {"vpip": 1, "vpip_chances": 1, "fold_to_steal_chances": 1, "saw_flop": 1,
               "showdown": 1},
        "BTN": {"vpip": 1, "vpip_chances": 1, "pfr": 1, "pfr_chances": 1, "steal": 1,
                "steal_chances": 1, "saw_flop": 1, "showdown": 1, "won_at_showdown": 1,
                "won_after_flop": 1},
    }),
    # The uncalled part of a bet that comes back is not a win at showdown.
    "uncalled_returned": (phh([50, 100], [1, 2], acts(
        "d dh p1 AsAd", "d dh p2 KcKd", "p2 cbr 100", "p1 cc",
        "d db 2h7c9d", "d db Js", "d db 3h", "p1 sm AsAd", "p2 sm KcKd")), {
        "BB": {"vpip": 1, "vpip_chances": 1, "fold_to_steal_chances": 1, "saw_flop": 1,
               "showdown": 1, "won_at_showdown": 1, "won_after_flop": 1},
        "BTN": {"vpip": 1, "vpip_chances": 1, "pfr": 1, "pfr_chances": 1, "steal": 1,
                "steal_chances": 1, "saw_flop": 1, "showdown": 1},
    }),
    # A split pot is a win at showdown for both.
    "split_pot": (phh([100, 100], [1, 2], acts(
        "d dh p1 AcKs", "d dh p2 AhKd", "p2 cc", "p1 cc", "d db 2h7c9d", "p1 cc", "p2 cc",
        "d db Js", "p1 cc", "p2 cc", "d db 3h", "p1 cc", "p2 cc", "p1 sm AcKs",
        "p2 sm AhKd")), {
        "BB": {"vpip_chances": 1, "pfr_chances": 1, "saw_flop": 1, "showdown": 1,
               "won_at_showdown": 1, "won_after_flop": 1},
        "BTN": {"vpip": 1, "vpip_chances": 1, "pfr_chances": 1, "steal_chances": 1,
                "saw_flop": 1, "showdown": 1, "won_at_showdown": 1, "won_after_flop": 1},
    }),
    # An incomplete big blind (all-in for 1 of 2): no decision, no chances; it still
    # sees the flop and the showdown.
    "incomplete_big_blind": (phh([100, 1, 100], [1, 2, 0], acts(
        "d dh p1 2c3d", "d dh p2 AhKh", "d dh p3 7s7d", "p3 cbr 6", "p1 f",
        "d db 9h5s2d", "d db Td", "d db 4c", "p2 sm AhKh", "p3 sm 7s7d")), {
        "SB": {"vpip_chances": 1, "pfr_chances": 1, "three_bet_chances": 1,
               "fold_to_steal": 1, "fold_to_steal_chances": 1},
        "BB": {"saw_flop": 1, "showdown": 1},
        "BTN": {"vpip": 1, "vpip_chances": 1, "pfr": 1, "pfr_chances": 1, "steal": 1,
                "steal_chances": 1, "saw_flop": 1, "showdown": 1, "won_at_showdown": 1,
                "won_after_flop": 1},
    }),
    # Run twice, each player wins one run: one hand, one showdown, a win at showdown each.
    "run_it_twice": (phh([100, 100], [1, 2], acts(
        "d dh p1 KcKd", "d dh p2 AsAd", "p2 cbr 100", "p1 cc",
        "d db 2h7c9d", "d db Js", "d db 3h", "p1 sm KcKd", "p2 sm AsAd"),
        '_runouts = ["5c6c8hKs4d"]\n'), {
        "BB": {"vpip": 1, "vpip_chances": 1, "fold_to_steal_chances": 1, "saw_flop": 1,
               "showdown": 1, "won_at_showdown": 1, "won_after_flop": 1},
        "BTN": {"vpip": 1, "vpip_chances": 1, "pfr": 1, "pfr_chances": 1, "steal": 1,
                "steal_chances": 1, "saw_flop": 1, "showdown": 1, "won_at_showdown": 1,
                "won_after_flop": 1},
    }),
}


@pytest.mark.parametrize("case", CASES)
def test_counts_by_hand(case: str) -> None:
    text, expected = CASES[case]
    assert counted(text) == expected


@pytest.mark.parametrize(("case", "won"), [
    ("walk", {"SB": -1, "BB": 1, "BTN": 0}),
    ("limp_around", {"SB": -2, "BB": 10, "CO": -2, "BTN": -6}),
    ("uncalled_returned", {"BB": 50, "BTN": -50}),
    ("split_pot", {"BB": 0, "BTN": 0}),
    ("run_it_twice", {"BB": 0, "BTN": 0}),
])
def test_chips_won_by_hand(case: str, won: dict[str, int]) -> None:
    (record,) = read_hands(CASES[case][0]).hands
    result = count_hand(record)
    assert dict(zip(result.positions, result.won, strict=True)) == won
    assert result.big_blind == 2


@pytest.mark.parametrize("seed", range(40))
def test_random_hands_keep_the_rules(seed: int) -> None:
    """On random legal hands: every done within its chances, PFR within VPIP, a
    showdown only after the flop, and the chips won are the finishing stacks' change
    (rake aside, they sum to 0)."""
    record = random_record(seed)
    result = count_hand(record)
    stacks = finishing_stacks(record)
    assert stacks is not None
    assert result.won == tuple(after - before
                               for after, before in zip(stacks, record.config.stacks,
                                                        strict=True))
    assert sum(result.won) == 0
    for counts in result.counts:
        sums = dict(counts) | {"won_bb": 0}
        for stat, (done, chances) in stat_counts(sums).items():
            if stat not in ("af", "bb_per_100"):
                assert 0 <= done <= chances, (stat, counts)
        assert counts["pfr"] <= counts["vpip"]
        assert counts["pfr_chances"] <= counts["vpip_chances"]
        assert counts["showdown"] <= counts["saw_flop"]
        assert set(counts) == set(COUNTERS)


def test_every_stat_has_its_counters() -> None:
    counters = {name for done, chances in STATS.values()
                for name in (done, *((chances,) if isinstance(chances, str) else chances))}
    assert counters <= set(COUNTERS)
