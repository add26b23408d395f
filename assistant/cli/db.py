"""``poker-assistant db``: the hand database: import, statistics, graphs, leak review,
auto-import."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from dataclasses import asdict
from typing import TYPE_CHECKING

from assistant.cli.arguments import print_json

if TYPE_CHECKING:
    from assistant.database import ImportReport


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the command and its actions."""
    database = commands.add_parser(
        "db", help="the hand database: import hand histories, player statistics, graphs",
        description="A database of hand histories (SQLite) with each player's statistics.")
    actions = database.add_subparsers(dest="db_command", metavar="ACTION", required=True)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--db", metavar="FILE",
                        help="the database file (default: hands.db in the user's data directory,"
                             " $XDG_DATA_HOME/kelly-poker-assistant)")
    with_json = argparse.ArgumentParser(add_help=False, parents=[common])
    with_json.add_argument("--json", action="store_true", help="print one JSON object")
    table: tuple[tuple[str, Callable[[argparse.Namespace], int], bool, str, str], ...] = (
        ("import", run_import, True, "import hand history files and folders",
         "Import PokerStars and PHH hand histories: files, or folders (their .txt, .phh and"
         " .phhs files, recursively).  Hands already in the database are skipped; a hand that"
         " cannot be read is reported and skipped.  Exit status: 0 when every hand was read,"
         " 1 when some were skipped."),
        ("stats", run_stats, True, "players' statistics (HUD)",
         "Each player's statistics, from the counts kept at import; every value comes with"
         " its counts (done, chances).  Definitions: docs/hud_stats.md."),
        ("graph", run_graph, False, "a player's graphs to a PNG file",
         "Draw a player's won over hands (and the all-in adjusted line), won per session"
         " (30 idle minutes start a new one) and won by position, in big blinds, to a PNG."),
        ("review", run_review, True, "a player's leaks: the advice at its decisions",
         "Replay a player's hands from the database with the advice at each of its decisions"
         " (its own cards only), in parallel; show the spots (position, street, action) that"
         " gave up the most growth, and the worst decisions with where they are.  Without a"
         " bankroll, an all-in that can lose the stack gives up infinite growth."),
        ("population", run_population, True, "the population of players, fitted",
         "Refit the opponent model's population to the database: the share of each kind of"
         " player (nit, TAG, fish, maniac, ...) among the players with the most hands, by"
         " expectation-maximisation over their statistics, beside the default mixture the"
         " learner starts a new player from."),
        ("watch", run_watch, False, "import the hands a poker client writes to a folder",
         "Watch a folder: import new hands as its files grow, until interrupted.  How far"
         " each file was read is kept in the database."),
    )
    made = {}
    for name, run, json_option, help_text, description in table:
        made[name] = actions.add_parser(name, parents=[with_json if json_option else common],
                                        help=help_text, description=description)
        made[name].set_defaults(run=run)
    made["import"].add_argument("paths", nargs="+", metavar="PATH")
    made["import"].add_argument("--batch", type=int, metavar="N",
                                help="hands written per transaction (default 10,000)")
    made["stats"].add_argument("players", nargs="*", metavar="PLAYER",
                               help="player names (default: the players with the most hands)")
    made["stats"].add_argument("--position",
                               help="only the hands played from this position (BTN, ...)")
    add_top(made["stats"], "players to show when no PLAYER is given")
    made["graph"].add_argument("--out", required=True, metavar="FILE.png")
    made["graph"].add_argument("--player",
                               help="whose results (default: the player with the most hands)")
    made["review"].add_argument("player")
    made["review"].add_argument("--workers", type=int, default=os.cpu_count() or 1,
                                metavar="N", help="processes (default: one per core)")
    made["review"].add_argument("--limit", type=int, metavar="N",
                                help="only the first N hands")
    add_top(made["review"], "spots and decisions to show")
    add_top(made["population"], "players to fit over", default=1000)
    made["watch"].add_argument("folder")
    made["watch"].add_argument("--interval", type=float, default=2.0, metavar="SECONDS",
                               help="time between two looks at the folder (default 2)")


def add_top(parser: argparse.ArgumentParser, what: str, default: int = 10) -> None:
    """The ``--top N`` option: how many ``what``."""
    parser.add_argument("--top", type=int, default=default, metavar="N",
                        help=f"how many {what} (default {default:,})")


def show_progress(report: ImportReport) -> None:
    """One progress line on stderr."""
    end = "\r" if sys.stderr.isatty() else "\n"
    print(f"imported {report.imported:,} of {report.hands:,} hands read"
          f" ({report.duplicates:,} duplicates, {len(report.skipped):,} skipped)",
          file=sys.stderr, end=end, flush=True)


def print_skipped(report: ImportReport, start: int = 0) -> None:
    """The skipped hands from ``start`` on, one line each on stderr."""
    for skip in report.skipped[start:]:
        where = f", line {skip.line}" if skip.line is not None else ""
        print(f"poker-assistant: skipped {skip.file}{where}: {skip.reason}", file=sys.stderr)


def run_import(args: argparse.Namespace) -> int:
    """``poker-assistant db import``."""
    from assistant.database import import_paths, open_database

    connection = open_database(args.db)
    try:
        report = import_paths(connection, args.paths, progress=show_progress,
                              **({} if args.batch is None else {"batch": args.batch}))
    finally:
        connection.close()
    if sys.stderr.isatty():
        print(file=sys.stderr)
    print_skipped(report)
    if args.json:
        print_json(report.as_json())
    else:
        print(f"{report.files:,} files, {report.hands:,} hands: {report.imported:,} imported,"
              f" {report.duplicates:,} duplicates, {len(report.skipped):,} skipped")
    return 1 if report.skipped else 0


def run_stats(args: argparse.Namespace) -> int:
    """``poker-assistant db stats``."""
    from assistant.database import open_database
    from assistant.database.display import COLUMNS, format_value
    from assistant.database.queries import player_stats, top_players
    from assistant.database.stats import stat_value

    connection = open_database(args.db)
    try:
        names = args.players or top_players(connection, args.top)
        stats = player_stats(connection, names, args.position)
    finally:
        connection.close()
    if args.json:
        print_json({"players": stats})
        return 0
    width = max([len(name) for name in names] + [6])
    print(f"{'player':<{width}} " + " ".join(f"{heading:>6}" for _, heading in COLUMNS))
    for name, player in stats.items():
        cells = []
        for stat, _ in COLUMNS:
            counts = player[stat]
            done, chances = counts["done"], counts["chances"]
            assert done is not None and chances is not None
            cells.append(f"{format_value(stat, stat_value(stat, done, int(chances))):>6}")
        print(f"{name:<{width}} " + " ".join(cells))
    return 0


def run_population(args: argparse.Namespace) -> int:
    """``poker-assistant db population``."""
    from assistant.database import open_database
    from assistant.database.queries import player_counts, top_players
    from assistant.opponents.learning import POPULATION, learning_counts, population_weights

    connection = open_database(args.db)
    try:
        players = [learning_counts(player_counts(connection, name))
                   for name in top_players(connection, args.top)]
    finally:
        connection.close()
    fitted = population_weights(players)
    if args.json:
        print_json({"players": len(players),
                    "weights": {kind.name: kind.weight for kind in fitted},
                    "default": {kind.name: kind.weight for kind in POPULATION}})
        return 0
    print(f"{len(players):,} players; each kind's share, fitted (default):")
    for kind, default in zip(fitted, POPULATION, strict=True):
        print(f"{kind.name:<14} {kind.weight:6.1%} ({default.weight:.1%})")
    return 0


def run_graph(args: argparse.Namespace) -> int:
    """``poker-assistant db graph``."""
    from assistant.database import open_database
    from assistant.database.graphs import player_results, save_graphs
    from assistant.database.queries import top_players

    connection = open_database(args.db)
    try:
        name = args.player or next(iter(top_players(connection, 1)), None)
        if name is None:
            print("poker-assistant: the database holds no player", file=sys.stderr)
            return 2
        results = player_results(connection, name)
    finally:
        connection.close()
    save_graphs(name, results, args.out)
    print(f"{name}: {len(results):,} hands drawn to {args.out}")
    return 0


def run_review(args: argparse.Namespace) -> int:
    """``poker-assistant db review``."""
    from assistant.database import open_database
    from assistant.database.review import review_player, worst_spots

    connection = open_database(args.db)
    try:
        decisions = review_player(connection, args.player, args.workers, args.limit)
    finally:
        connection.close()
    spots = worst_spots(decisions)[:args.top]
    worst = sorted(decisions, key=lambda decision: -decision.given_up)[:args.top]
    given_up = sum(decision.given_up for decision in decisions)
    if args.json:
        print_json({"player": args.player, "decisions": len(decisions),
                    "advised": sum(d.advised is not None for d in decisions),
                    "given_up": given_up, "spots": [asdict(spot) for spot in spots],
                    "worst": [asdict(decision) for decision in worst]})
        return 0
    print(f"{args.player}: {len(decisions):,} decisions, growth given up {given_up:.4f} nats")
    print("worst spots (position, street, action taken):")
    for spot in spots:
        print(f"  {spot.position:<6} {spot.street:<8} {spot.taken:<7} {spot.decisions:>6,}"
              f" decisions  gives up {spot.given_up:.4f} nats")
    print("worst decisions:")
    for decision in worst:
        print(f"  {decision.file}, hand at line {decision.line}: {decision.position}"
              f" {decision.street} took {decision.taken}, advice {decision.advised or '-'}"
              f" (gives up {decision.given_up:.4f} nats)")
    return 0


def run_watch(args: argparse.Namespace) -> int:
    """``poker-assistant db watch``: poll the folder until interrupted."""
    from assistant.database import Importer, open_database
    from assistant.database.watch import poll_folder

    connection = open_database(args.db)
    importer = Importer(connection, progress=show_progress)
    print(f"watching {args.folder} (Ctrl-C to stop)", file=sys.stderr)
    try:
        while True:
            shown = len(importer.report.skipped)
            poll_folder(importer, args.folder)
            print_skipped(importer.report, shown)
            time.sleep(args.interval)
    except KeyboardInterrupt:
        return 0
    finally:
        connection.close()
