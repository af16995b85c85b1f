"""Time travel only: p50/p95 of `state?at=<random position>` for 1k, 10k and 100k events.

    python -m scripts.bench_timetravel

scripts/bench.py runs the same measure inside the full table.
"""

from __future__ import annotations

import argparse

from scripts.benchparts import common, timetravel


def main() -> None:
    # No options, but `--help` (or a mistyped flag) answers instead of starting a long run.
    argparse.ArgumentParser(description=__doc__,
                            formatter_class=argparse.RawDescriptionHelpFormatter).parse_args()
    with common.configs() as configs:
        for kind, config in configs.items():
            for row in timetravel.state_at_latency(config, timetravel.filled(config)):
                print(f"{kind:8} {row['size']:>7,} events  p50 {row['p50']:.2f} ms"
                      f"  p95 {row['p95']:.2f} ms")


if __name__ == "__main__":
    main()
