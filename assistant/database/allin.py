"""The all-in-adjusted result of a hand: what each player was due when the money went
in, not what the cards then gave.

When the betting closes with two or more players in, some all-in, and board cards to
come, each pot is shared by exact equity among the players who can win it (their hole
cards must all be known, as at a showdown).  A player's expected result is its chips
behind at that point plus its equity shares of the pots, less its starting stack.
Folded players' results are what they put in.
"""

from assistant.equity import pot_equities
from assistant.history import HandRecord


def expected_won(record: HandRecord) -> tuple[float, ...] | None:
    """Each seat's expected chips won at the all-in, or ``None`` when the hand has no
    all-in with cards to come, or a player's cards at it are unknown.

    The hand as played (:attr:`HandRecord.played`) has the chips behind and the pots of
    the moment the betting closed: nothing is bet after it."""
    hand = record.played
    live = hand.live_seats()
    closed = hand.board_when_closed
    if closed is None or len(live) < 2 or len(closed) == 5:
        return None
    cards = {seat: record.known_cards(seat) for seat in live}
    known = {seat: hole for seat, hole in cards.items() if hole and len(hole) == 2}
    if len(known) < len(live):
        return None
    due = [float(hand.stack(seat)) for seat in range(record.config.n_seats)]
    pots = hand.pots()
    contested = [[live.index(seat) for seat in pot.eligible]
                 for pot in pots if len(pot.eligible) > 1]
    shared = iter(pot_equities([known[seat] for seat in live], closed, contested)
                  if contested else ())
    for pot in pots:
        if len(pot.eligible) == 1:
            due[pot.eligible[0]] += pot.amount
            continue
        shares = next(shared)
        shares.append(1.0 - sum(shares))  # the shares of a pot add up to all of it
        for seat, share in zip(pot.eligible, shares, strict=True):
            due[seat] += pot.amount * share
    return tuple(chips - start for chips, start in zip(due, record.config.stacks, strict=True))
