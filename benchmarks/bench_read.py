"""Reading a big PokerStars file: time, time to the first hand, and peak memory.

Run ``python benchmarks/bench_read.py``.  It writes a file of ``--hands`` hands (the ten
hands of ``tests/data/pokerstars/MultipleHandsTests__10MultipleHands.txt`` over and
over, each with its own hand number: 26 MB for 20,000), then reads it in a fresh
process per way of reading, so that each peak (the process's maximum resident set
size, numpy and the rest of the engine included) is its own:

* ``load_hands``: every record kept, as the Replay tab and ``replay`` keep them;
* ``iter_hands``: the hands streamed and counted, as a folder import would go.

The CPU time is printed beside the wall time: on a shared machine it is the fairer
figure to compare two versions by.

``--code DIR`` reads with another checkout's ``assistant`` package (to compare with
an older version, whose ``load_hands`` may not stream).
"""

import argparse
import json
import os
import platform
import re
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SOURCE = REPO / "tests" / "data" / "pokerstars" / "MultipleHandsTests__10MultipleHands.txt"

MEASURE = """
import json, resource, sys, time
start = time.perf_counter()
import assistant.history as history
way, path = sys.argv[1], sys.argv[2]
first = None
if way == "iter_hands":
    count = 0
    for entry in history.iter_hands(path):
        first = first or time.perf_counter() - start
        count += 1
    errors = None
else:
    hands = history.load_hands(path)
    count, errors = len(hands.hands), len(hands.errors)
seconds = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"way": way, "hands": count, "errors": errors, "seconds": seconds,
                  "cpu": usage.ru_utime + usage.ru_stime, "first": first,
                  "peak_mib": usage.ru_maxrss / 1024}))
"""


def write_file(path: Path, hands: int) -> None:
    """``hands`` hands, the sample's ten again and again with new numbers."""
    text = SOURCE.read_text(encoding="utf-8-sig")
    with path.open("w", encoding="utf-8") as file:
        for copy in range(hands // 10):
            file.write(re.sub(r"#1096(\d+):", lambda m, c=copy: f"#{c:07d}{m.group(1)}:",
                              text))
            file.write("\n\n")


def measure(way: str, path: Path, code: Path) -> dict[str, object]:
    """One way of reading, in a fresh process."""
    environment = {**os.environ, "PYTHONPATH": str(code)}
    out = subprocess.run([sys.executable, "-c", MEASURE, way, str(path)], check=True,
                         capture_output=True, text=True, env=environment).stdout
    return dict(json.loads(out))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--code", type=Path, default=REPO,
                        help="the checkout whose assistant package reads")
    parser.add_argument("--ways", nargs="+", default=["load_hands", "iter_hands"])
    args = parser.parse_args()
    print(f"{platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs")
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "hands.txt"
        write_file(path, args.hands)
        print(f"{args.hands:,} hands, {path.stat().st_size / 1e6:.1f} MB, read by {args.code}")
        for way in args.ways:
            result = measure(way, path, args.code)
            first = f", first hand at {result['first']:.2f} s" if result["first"] else ""
            print(f"{way:<11} {result['hands']:,} hands ({result['errors']} errors)"
                  f" in {result['seconds']:.1f} s ({result['cpu']:.1f} s of CPU){first},"
                  f" peak {result['peak_mib']:.0f} MiB")


if __name__ == "__main__":
    main()
