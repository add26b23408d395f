"""``poker-assistant simulate``: hero's bankroll over many runs of whole hands against one
opponent type, dealt by the project's own hand state."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from assistant.cli.arguments import print_json

if TYPE_CHECKING:
    from assistant.simulate.runner import TableSpec
    from assistant.simulate.statistics import Summary


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the command."""
    sim = commands.add_parser(
        "simulate", help="bankroll runs of whole hands against bots",
        description="Play hero against one opponent type for RUNS independent bankroll runs of"
        " HANDS hands each, on every core, and report bb/100 with its 95%% interval over the"
        " runs, the ruin rate and the mean log growth of the bankroll. Ctrl+C stops early"
        " and reports the runs finished.")
    sim.add_argument("--opponent", required=True, metavar="TYPE",
                     help="opponent type: nit, tag, lag, station, maniac, jam, random,"
                          " baseline, and with the bots extra pypokerengine-honest,"
                          " pypokerengine-fish, pypokerengine-random")
    sim.add_argument("--players", type=int, default=2, help="players at the table, 2 to 6")
    sim.add_argument("--hands", type=int, default=500, help="hands per run (default 500)")
    sim.add_argument("--runs", type=int, default=200, help="bankroll runs (default 200)")
    sim.add_argument("--hero", default="half-kelly",
                     help="hero policy: half-kelly (default), kelly, half-kelly-hud"
                          " (learns each opponent's profile from the run's hands, as the"
                          " HUD does), half-kelly-told (told the profile the bots play),"
                          " or baseline (the earlier advice: random hands that always"
                          " call)")
    sim.add_argument("--kelly-scale", type=float, default=1.0,
                     help="scale of the Kelly bet given to the hero policy (half-kelly halves it)")
    sim.add_argument("--bankroll-buyins", type=float, default=25.0,
                     help="hero's starting bankroll in buy-ins of 100 big blinds (default 25)")
    sim.add_argument("--big-blind", type=int, default=2, help="big blind in chips (default 2;"
                     " the small blind is half)")
    sim.add_argument("--carry", action="store_true",
                     help="carry stacks from hand to hand (topped up to a buy-in when below)"
                          " instead of a fresh buy-in every hand")
    sim.add_argument("--seed", type=int, help="master seed of every run (default: random)")
    sim.add_argument("--workers", type=int, help="processes (default: every core)")
    sim.add_argument("--scheduler", metavar="ADDRESS",
                     help="run on Dask's distributed scheduler at ADDRESS, or 'local' for a"
                          " local cluster")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """``poker-assistant simulate``."""
    from assistant.simulate.runner import TableSpec, run_simulation

    spec = TableSpec(args.opponent, args.players, args.hands, args.hero, args.kelly_scale,
                     args.bankroll_buyins, small_blind=max(1, args.big_blind // 2),
                     big_blind=args.big_blind, carry=args.carry)

    def progress(done: int, total: int) -> None:
        print(f"\r{done}/{total} runs", end="" if done < total else "\n", file=sys.stderr,
              flush=True)

    summary, _ = run_simulation(spec, args.runs, args.seed, args.workers, args.scheduler,
                                progress)
    if summary.runs < args.runs:
        print(f"\nstopped: {summary.runs} of {args.runs} runs finished", file=sys.stderr)
    if args.json:
        print_json(summary_dict(spec, summary, args.runs))
    else:
        print(format_summary(spec, summary))
    return 0


def summary_dict(spec: TableSpec, summary: Summary, asked: int) -> dict[str, object]:
    """The report: the table, then the figures."""
    return {
        "opponent": spec.opponent,
        "players": spec.players,
        "hands": spec.hands,
        "hero": spec.hero,
        "kelly_scale": spec.kelly_scale,
        "bankroll_buyins": spec.bankroll_buyins,
        "carry": spec.carry,
        "runs": summary.runs,
        "runs_asked": asked,
        "hands_played": summary.hands_played,
        "bb_per_100": summary.bb_per_100,
        "ci95": list(summary.ci95),
        "ruin_rate": summary.ruin_rate,
        "ruin_if_played_on": summary.ruin_if_played_on,
        "mean_log_growth": summary.mean_log_growth,
        "hands_per_second": summary.hands_per_second,
        "seconds": summary.seconds,
    }


def format_summary(spec: TableSpec, summary: Summary) -> str:
    """The report as aligned lines."""
    low, high = summary.ci95
    return "\n".join([
        f"{'table':<17}{spec.hero} vs {spec.players - 1} x {spec.opponent}",
        f"{'runs':<17}{summary.runs} of {spec.hands} hands ({summary.hands_played:,} played)",
        f"{'bb/100':<17}{summary.bb_per_100:+.1f}  (95% CI {low:+.1f} to {high:+.1f})",
        f"{'ruin rate':<17}{summary.ruin_rate:.1%} of the runs;"
        f" at most {summary.ruin_if_played_on:.2%} playing on forever",
        f"{'mean log growth':<17}{summary.mean_log_growth:+.4f}",
        f"{'speed':<17}{summary.hands_per_second:,.0f} hands/s",
    ])
