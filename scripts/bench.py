"""One benchmark, one table: every figure next to a baseline measured in the same run.

    python -m scripts.bench [--seconds 4] [--sizes 1000,1000000] [--stores sqlite,postgres]
                            [--replica-events 10000 | --no-replicas]

The largest size is the big campaign (time travel, a fresh worker, RSS, replay); a quick
run passes `--sizes 1000,100000`. A 1,000,000-event campaign is filled through the real
write path in commands of 400 events (about 1-3 minutes a store on 2 cores).

Writes nothing into the repository; copy the table into docs/performance.md.
Timings never go into the test suite.
"""

from __future__ import annotations

import os

# Quiet request logs: the table is the output. Set before the app modules read it.
os.environ.setdefault("LEDGER_LOG_LEVEL", "WARNING")

import argparse
import platform
import random
import statistics
from typing import Any

from scripts.benchparts import append, common, globalorder, http, proofs, replicas, timetravel


def _row(measure: str, value: float, baseline: float | None, target: str, unit: str = "") -> list[str]:
    ratio = f"{value / baseline:.2f}x" if baseline else "-"
    base = f"{baseline:,.1f}" if baseline else "-"
    return [measure, f"{value:,.1f}{unit}", base, ratio, target]


def run(args: argparse.Namespace) -> list[list[str]]:
    rows: list[list[str]] = []
    stores = tuple(args.stores.split(","))
    sizes = tuple(int(s) for s in args.sizes.split(","))
    with common.configs(stores) as configs:
        for r in append.measure(configs, args.seconds):
            target = ">= 0.60x" if r["target"] else ""
            rows.append(_row(str(r["measure"]), float(r["value"]), float(r["baseline"]), target))  # type: ignore[arg-type]
        for kind, config in configs.items():
            rows.extend(_http_rows(kind, config, args.seconds))
            campaigns = timetravel.filled(config, sizes)
            rows.extend(_timetravel_rows(kind, config, campaigns))
            big = max(sizes)
            firsts = timetravel.fresh_first_read(config, *campaigns[big], big)
            rows.append(_row(f"fresh worker's first state?at= ms, {kind}, {big:,} events (worst of "
                             f"{len(firsts)}; baseline: warm p50)", max(firsts),
                             _warm_p50(rows, kind, big), "<= 100 ms"))
            folded, read_only = timetravel.replay_rate(config, campaigns[big][0], big)
            rows.append(_row(f"full replay events/s, {kind}, {big:,} events", folded, read_only,
                             ">= 100,000/s"))
            rows.extend(_global_rows(kind, config))
            rows.extend(_proof_rows(kind, config, campaigns[big][0], big))
            rss = http.worker_rss_mb(config, *campaigns[big], big)
            rows.append(_row(f"worker RSS MB, {kind}, {big:,}-event campaign loaded", rss, None,
                             "<= 150 MB"))
    if "postgres" in stores and not args.no_replicas:
        rows.extend(_replica_rows(args.seconds, args.replica_events))
    return rows


def _warm_p50(rows: list[list[str]], kind: str, size: int) -> float:
    wanted = f"state?at= p50 ms, {kind}, {size:,} events"
    return next(float(r[1].replace(",", "")) for r in rows if r[0] == wanted)


def _global_rows(kind: str, config: Any) -> list[list[str]]:
    found = globalorder.measure(config)
    return [
        _row(f"global-order read rows/s, {kind} (baseline: plain streaming SELECT)",
             found["read"], found["plain"], ">= 0.50x"),
        _row(f"read-model rebuild events/s, {kind} (baseline: the global-order read)",
             found["rebuild"], found["read"], ">= 0.90x"),
    ]


def _replica_rows(seconds: float, size: int) -> list[list[str]]:
    found = replicas.measure(seconds, size)
    alone = found["1 node, primary alone"]
    rows = []
    for label, r in found.items():
        rows.append(_row(f"state?at= reads/s, postgres, {size:,} events, {label}", r["rate"],
                         alone["rate"], ""))
        rows.append(_row(f"state?at= p95 ms, {label}", r["p95"], alone["p95"], ""))
        rows.append(_row(f"read errors, {label}", r["errors"], None, "0"))
        rows.append(_row(f"standby transactions during the load, {label}", r["standby_xacts"],
                         None, ""))
    return rows


def _http_rows(kind: str, config: Any, seconds: float) -> list[list[str]]:
    result = http.measure(config, seconds)
    cmd, base = result["command"], result["baseline"]
    return [
        _row(f"HTTP write commands/s, {kind}, 16 clients", cmd["rate"], base["rate"], ">= 0.80x"),
        _row(f"HTTP write p50 ms, {kind}", cmd["p50"], base["p50"], ""),
        _row(f"HTTP write p99 ms, {kind}", cmd["p99"], base["p99"], ""),
        _row(f"HTTP errors, {kind} (command, baseline)", cmd["errors"], base["errors"] or None, "0"),
        [f"HTTP write ratio per round, {kind}", _spread(cmd["round_ratios"]), "-", "-", ""],
    ]


def _spread(ratios: list[float]) -> str:
    """The lowest, median and highest of the rounds' ratios."""
    return (f"{min(ratios):.2f}-{max(ratios):.2f}x, "
            f"median {statistics.median(ratios):.2f}x over {len(ratios)}")


def _timetravel_rows(kind: str, config: Any, campaigns: dict[int, tuple[str, str]]) -> list[list[str]]:
    rows = []
    lat = timetravel.state_at_latency(config, campaigns)
    smallest = lat[0]["p95"]
    for entry in lat:
        size = entry["size"]
        rows.append(_row(f"state?at= p50 ms, {kind}, {size:,} events", float(entry["p50"]), None, ""))  # type: ignore[arg-type]
        rows.append(_row(f"state?at= p95 ms, {kind}, {size:,} events", float(entry["p95"]),  # type: ignore[arg-type]
                         float(smallest), "<= 5 ms, <= 2x the 1k p95"))  # type: ignore[arg-type]
    return rows


def _proof_rows(kind: str, config: Any, campaign_id: str, size: int) -> list[list[str]]:
    p95 = proofs.proof_latency(config, campaign_id, size)
    with_receipt, plain = proofs.receipt_cost(config, campaign_id)
    api_with_receipt, api_plain = proofs.api_receipt_cost(config)
    return [
        _row(f"inclusion proof p95 ms, {kind}, {size:,} events, cold worker", p95["inclusion"],
             p95["lookup"], "<= 20 ms"),
        _row(f"consistency proof p95 ms, {kind}, {size:,} events, cold worker",
             p95["consistency"], p95["lookup"], "<= 20 ms"),
        _row(f"write + receipt median ms, {kind}, at the store (baseline: the write alone)",
             with_receipt, plain, "<= 1.10x"),
        _row(f"write + receipt median ms, {kind}, a request through the app (baseline: no receipt)",
             api_with_receipt, api_plain, "<= 1.10x"),
    ]


def print_table(rows: list[list[str]]) -> None:
    header = ["measure", "value", "baseline (same run)", "ratio", "target"]
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    line = "| " + " | ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)) + " |"
    print(line)
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for r in rows:
        print("| " + " | ".join(str(c).ljust(w) for c, w in zip(r, widths, strict=True)) + " |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--sizes", default="1000,1000000",
                        help="campaign sizes for time travel; the largest is the big campaign")
    parser.add_argument("--stores", default="sqlite,postgres")
    parser.add_argument("--replica-events", type=int, default=10_000,
                        help="events in the campaign read through the replica setups")
    parser.add_argument("--no-replicas", action="store_true",
                        help="skip the private primary + standby (needs the PostgreSQL binaries)")
    args = parser.parse_args()
    random.seed(7)
    print(f"machine: {platform.platform()}, {platform.processor() or platform.machine()}, "
          f"python {platform.python_version()}")
    print_table(run(args))


if __name__ == "__main__":
    main()
