"""``poker-assistant range``: the preflop range a profile plays from a position."""

from __future__ import annotations

import argparse

from assistant.cli.arguments import print_json
from assistant.opponents.profile import PRESETS, get_profile
from assistant.opponents.seats import (
    ACTIONS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    check_players,
    position_of,
)


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the command."""
    parser = commands.add_parser(
        "range", help="the prior range of a profile by position and preflop action",
        description="The range a player of PROFILE holds after ACTION from POSITION, as the"
        " opponent model starts it: the combos, their share of all hands and the notation.")
    parser.add_argument("profile", help="one of " + ", ".join(PRESETS))
    parser.add_argument("--position", required=True,
                        help="UTG, UTG+1, ..., LJ, HJ, CO, BTN, SB or BB")
    parser.add_argument("--action", required=True, choices=ACTIONS)
    parser.add_argument("--players", type=int, default=6,
                        help=f"players dealt in, {MIN_PLAYERS} to {MAX_PLAYERS} (default 6)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """``poker-assistant range``."""
    from assistant.opponents.priors import prior_range
    from assistant.ranges import Range

    profile = get_profile(args.profile)
    players = check_players(args.players)
    position = position_of(args.position, players)
    weights = Range.from_weights(prior_range(profile, position, args.action, players))
    data = {"profile": profile.name, "position": args.position.upper(),
            "action": args.action, "players": players, "combos": round(weights.combos, 2),
            "percent": round(weights.percent, 2), "range": weights.to_notation()}
    if args.json:
        print_json(data)
    else:
        print(f"{profile.name} {args.action} from {data['position']} at {players} players:"
              f" {data['combos']} combos ({data['percent']}% of hands)\n{data['range']}")
    return 0
