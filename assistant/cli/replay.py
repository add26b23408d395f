"""``poker-assistant replay``: the advice at every decision of a hand file."""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from assistant.cli.arguments import (
    chips,
    kelly_scale,
    player_profile,
    print_json,
    units,
    whole_number,
)
from assistant.errors import PokerInputError

if TYPE_CHECKING:
    from assistant.history import HandRecord
    from assistant.history.replay import DecisionReview, HandSummary, Replay
    from assistant.opponents.profile import Profile


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the command."""
    replay = commands.add_parser(
        "replay", help="the advice at every decision of a hand file",
        description="Replay the hands of a PHH or PokerStars hand history file: at every"
        " decision of one player, the odds, the Kelly advice and the action taken; for each"
        " hand, the final stacks (before any rake).  Amounts are in the file's unit.",
        epilog="Exit status: 0 when every hand was replayed, 1 when some hands of the file"
        " could not be read (each reported on stderr), 2 when there is nothing to replay.")
    replay.add_argument("file", help="a .phh/.phhs file or a PokerStars hand history")
    replay.add_argument("--hand", type=whole_number(1, None, "hand"), metavar="N",
                        help="only the N-th hand of the file, counting from 1")
    replay.add_argument("--hero", metavar="NAME|pN",
                        help="whose decisions to review: a player's name or pN, the N-th player"
                             " from the button's left (default: the player whose hole cards"
                             " are known, else p1)")
    replay.add_argument("--kelly-scale", type=kelly_scale, default=1.0,
                        help="fraction of the Kelly bet, e.g. 0.5 for half Kelly")
    replay.add_argument("--bankroll", type=chips,
                        help="the hero's whole bankroll at the start of each hand, table stack"
                             " included (default: 25 buy-ins of 100 big blinds or the"
                             " starting stack if deeper)")
    replay.add_argument("--profile", type=player_profile, action="append", default=[],
                        metavar="PLAYER=PROFILE",
                        help="an opponent's profile (unknown, nit, tag, lag, station, maniac);"
                             " PLAYER is a name or pN; repeatable")
    replay.add_argument("--learn", action="store_true",
                        help="fit every player's profile from the other hands of the file"
                             " before each hand is replayed (an explicit --profile wins)")
    replay.add_argument("--json", action="store_true", help="print one JSON object")
    replay.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """``poker-assistant replay``."""
    from assistant.history import HandError, load_hands

    hands = load_hands(args.file)
    entries = list(enumerate(hands.entries, 1))
    if args.hand is not None:
        if not 1 <= args.hand <= len(entries):
            raise PokerInputError(f"{args.file!r} holds {len(entries)} hands: there is no"
                                  f" hand {args.hand}")
        entries = [entries[args.hand - 1]]
    check_players(args, [entry for _, entry in entries if not isinstance(entry, HandError)])
    skipped = [entry for _, entry in entries if isinstance(entry, HandError)]
    learned = learned_profiles(hands.hands) if args.learn else {}
    reviewed: list[tuple[int, Replay, HandSummary]] = []
    for number, entry in entries:
        if isinstance(entry, HandError):
            continue
        try:
            replay = replay_of(entry, args, learned.get(id(entry), {}))
        except PokerInputError as problem:
            skipped.append(HandError(args.file, f"hand {number}", None, str(problem)))
            continue
        reviewed.append((number, replay, replay.summary()))
    for hand_error in skipped:
        print(f"poker-assistant: skipped {hand_error}", file=sys.stderr)
    if not reviewed:
        raise PokerInputError(f"no hand of {args.file!r} could be replayed")
    if args.json:
        print_json({"hands": [replay_json(number, replay, summary)
                              for number, replay, summary in reviewed]})
    else:
        print("\n\n".join(format_replay(number, len(hands.entries), replay, summary)
                           for number, replay, summary in reviewed))
    return 1 if skipped else 0


def check_players(args: argparse.Namespace, records: list[HandRecord]) -> None:
    """Every player given a --profile sits in at least one of the hands replayed."""
    for who, _ in args.profile:
        if records and not any(seated(record, who) for record in records):
            players = sorted({name for record in records for name in record.names})
            raise PokerInputError(f"--profile {who}: no such player in the hands replayed"
                                  f" (the players are {', '.join(players)}, or pN)")


def replay_of(record: HandRecord, args: argparse.Namespace,
              learned: Mapping[str, Profile] | None = None) -> Replay:
    """The replay the arguments ask for, for one hand, with ``learned`` profiles by
    player name (an explicit --profile wins)."""
    from assistant.history.replay import Replay, default_hero, file_settings, find_hero

    seat = default_hero(record) if args.hero is None else find_hero(record, args.hero)
    profiles: dict[str, str | Profile] = dict(learned or {})
    profiles.update((who, profile) for who, profile in args.profile if seated(record, who))
    settings = file_settings(record, seat, kelly_scale=args.kelly_scale,
                             bankroll=args.bankroll, profiles=profiles)
    return Replay(record, seat, settings)


def seated(record: HandRecord, who: str) -> bool:
    """Whether ``who`` (a name or ``pN``) plays in the hand."""
    from assistant.history.replay import find_hero

    try:
        find_hero(record, who)
    except PokerInputError:
        return False
    return True


def learned_profiles(records: Sequence[HandRecord]) -> dict[int, dict[str, Profile]]:
    """For each hand (by ``id``), its players' profiles fitted from the file's other
    hands, each named ``learned``; players seen in no other hand are left out."""
    import dataclasses

    from assistant.opponents.learning import learn_from_other_hands

    return {id(record): {name: dataclasses.replace(profile, name="learned")
                         for name, profile in learned.items()}
            for record, learned in zip(records, learn_from_other_hands(records), strict=True)}


def format_replay(number: int, count: int, replay: Replay, summary: HandSummary) -> str:
    """One hand of ``poker-assistant replay``: a line or two per decision, then the summary."""
    from assistant.cards import format_cards
    from assistant.history.record import amount_text

    record, hero = replay.record, replay.hero
    decimals = record.decimals
    label = f" (#{record.fields['hand']})" if "hand" in record.fields else ""
    player = f"p{hero + 1}"
    who = f"{record.names[hero]} ({player})" if record.config.names else player
    lines = [f"hand {number} of {count}{label}: hero {who}, {record.config.n_seats} players"]
    if replay.settings.profiles:
        lines.append("  profiles: " + ", ".join(
            f"{record.names[seat]} {profile.name}"
            for seat, profile in sorted(replay.settings.profiles.items())))
    for review in summary.reviews:
        decision = review.decision
        cards = format_cards(decision.hole_cards or (), "") or "????"
        board = format_cards(decision.board, "")
        lines.append(
            f"  {decision.street.name.lower():<8}{cards} {board:<11}"
            f" pot {amount_text(decision.pot, decimals)}"
            f"  to call {amount_text(decision.to_call, decimals)}"
            f"  stack {amount_text(decision.stack, decimals)}"
            f"  {decision.n_opponents} opponent{'s' if decision.n_opponents > 1 else ''}")
        taken = replay.steps[review.step].text.removeprefix(record.names[hero] + " ")
        if review.advice is None:
            lines.append(f"{'':10}no advice: {review.note}; took: {taken}")
            continue
        odds = review.advice.equity
        given_up = review.growth_given_up
        mark = "as advised" if review.agrees else f"gives up {given_up:.4f} nats"
        lines.append(f"{'':10}equity {100 * odds.equity:.2f}% ({odds.method})"
                     f"  advice: {advice_text(review, decimals)}  took: {taken}  ({mark})")
    result = summary.result
    lines.append(f"  {summary.agreed} of {summary.advised} decisions as advised;"
                 f" growth given up {summary.growth_given_up:.4f} nats;"
                 f" result {'unfinished' if result is None else signed(result, decimals)}")
    final = summary.finishing_stacks
    if final is None:
        lines.append("  final stacks: the hand is unfinished")
    else:
        lines.append("  final stacks: " + ", ".join(
            f"{name} {amount_text(stack, decimals)}"
            for name, stack in zip(record.names, final, strict=True)))
    if math.isinf(summary.growth_given_up):
        lines.append("  inf: a bet could lose the whole bankroll; give a larger --bankroll if"
                     " there is money off the table")
    return "\n".join(lines)


def signed(chips: int, decimals: int) -> str:
    """A result with its sign: ``+12.50``, ``-3``, ``0``."""
    from assistant.history.record import amount_text

    return ("+" if chips > 0 else "-" if chips < 0 else "") + amount_text(abs(chips), decimals)


def advice_text(review: DecisionReview, decimals: int) -> str:
    """The advised action in words (:func:`assistant.door.label`), amounts in the file's
    unit."""
    from assistant.door import label
    from assistant.history.record import amount_text

    assert review.advice is not None
    return label(review.advice.choice, review.advice.spot,
                 lambda chips: amount_text(chips, decimals))


def replay_json(number: int, replay: Replay, summary: HandSummary) -> dict[str, object]:
    """One hand of ``poker-assistant replay --json``; amounts in the file's unit."""
    record = replay.record
    final = summary.finishing_stacks
    return {
        "hand": number,
        "id": record.fields.get("hand"),
        "players": list(record.names),
        "hero": record.names[replay.hero],
        "profiles": {record.names[seat]: profile.name
                     for seat, profile in sorted(replay.settings.profiles.items())},
        "finishing_stacks": None if final is None else [
            units(stack, record.decimals) for stack in final],
        "result": None if summary.result is None else units(summary.result, record.decimals),
        "agreed": summary.agreed,
        "advised": summary.advised,
        "growth_given_up": summary.growth_given_up,
        "decisions": [review_json(review, replay) for review in summary.reviews],
    }


def review_json(review: DecisionReview, replay: Replay) -> dict[str, object]:
    """One decision of ``poker-assistant replay --json``; ``"advice"`` is the door's dict
    (:meth:`assistant.door.Advice.to_dict`), the same as :func:`assistant.advise_phh`
    returns for the decision."""
    from assistant.cards import format_cards

    record = replay.record
    decimals = record.decimals
    decision, advice = review.decision, review.advice
    return {
        "step": review.step,
        "street": decision.street.name.lower(),
        "hole_cards": format_cards(decision.hole_cards or ()),
        "board": format_cards(decision.board),
        "pot": units(decision.pot, decimals),
        "to_call": units(decision.to_call, decimals),
        "stack": units(decision.stack, decimals),
        "opponents": decision.n_opponents,
        "equity": None if advice is None else advice.equity.to_dict(),
        "advice": None if advice is None else advice.to_dict(record.names, decimals),
        "taken": {"action": review.taken, "amount": units(review.taken_amount, decimals),
                  "text": replay.steps[review.step].text},
        "taken_growth": review.taken_growth,
        "agrees": review.agrees,
        "growth_given_up": review.growth_given_up,
        "note": review.note,
    }
