"""The change feed's cost on the write path: HTTP writes/s with 0 and with N subscribers.

    python -m scripts.bench_feed [--seconds 5] [--rounds 3] [--subscribers 200]
                                 [--stores sqlite,postgres] [--workers 4]

The write load is scripts/benchparts/http.py's (16 clients, each on its own
campaign, 4 client processes). The subscribers are spread over those 16
campaigns, so every event written is streamed to about N/16 of them; each starts at
its campaign's head (live screens), so only new events are streamed. They are
read by one selector thread in another process (raw sockets, counting `id:`
lines), so that the readers themselves cost as little CPU as possible on this
machine. Rounds alternate without and with subscribers; the medians are compared.
Also measures the PostgreSQL append with and without the after-commit NOTIFY.
Prints the figures; copy them into docs/feed-and-webhooks.md.
"""

from __future__ import annotations

import argparse
import multiprocessing
import platform
import selectors
import socket
import statistics
import time
from typing import Any

import msgspec

from ledger.service.config import Config
from scripts.benchparts import common
from scripts.benchparts import http as load
from tests.live_server import http as call
from tests.live_server import live_server


def _subscribe(port: int, targets: list[tuple[str, str]], ready: Any, stop: Any,
               counted: Any) -> None:
    """Open one stream per target and count the events received until `stop` is set."""
    selector = selectors.DefaultSelector()
    heads: dict[str, int] = {}
    for cid, token in targets:
        if cid not in heads:  # live subscribers: they start at the head, as open screens do
            heads[cid] = call("GET", f"http://127.0.0.1:{port}/v1/campaigns/{cid}",
                              token=token)[1]["position"]
        sock = socket.create_connection(("127.0.0.1", port))
        sock.sendall(f"GET /v1/campaigns/{cid}/feed?after={heads[cid]} HTTP/1.1\r\n"
                     "Host: bench\r\n"
                     f"Authorization: Bearer {token}\r\n\r\n".encode())
        sock.setblocking(False)
        selector.register(sock, selectors.EVENT_READ)
    ready.set()
    total = 0
    while not stop.is_set():
        for key, _ in selector.select(timeout=0.2):
            data = key.fileobj.recv(1 << 16)  # type: ignore[union-attr]
            total += data.count(b"\nid: ") + data.startswith(b"id: ")
    counted.value = total
    for key in list(selector.get_map().values()):
        key.fileobj.close()  # type: ignore[union-attr]


def _round(port: int, commands: list[tuple[str, str]], streams: list[tuple[str, str]],
           seconds: float) -> dict[str, Any]:
    ctx = multiprocessing.get_context("fork")
    ready, stop, counted = ctx.Event(), ctx.Event(), ctx.Value("q", 0)
    reader = None
    if streams:
        reader = ctx.Process(target=_subscribe, args=(port, streams, ready, stop, counted))
        reader.start()
        ready.wait(60)
        time.sleep(1.0)  # let every stream connect and catch up before the clock starts
    result = load._load(port, commands, seconds)
    stop.set()
    if reader is not None:
        reader.join(30)
    result["streamed"] = counted.value
    return result


def measure(config: Config, seconds: float, rounds: int, subscribers: int,
            workers: int, interval: float) -> dict[str, Any]:
    bench = msgspec.structs.replace(config, rate_limit_per_minute=10**9,
                                    feed_streams_per_worker=subscribers,
                                    feed_poll_seconds=interval)
    clients = load.CLIENT_PROCESSES * load.THREADS_PER_PROCESS
    with live_server(bench, "--feed-streams", str(subscribers), workers=workers) as base:
        port = int(base.rsplit(":", 1)[1])
        campaigns = [load._setup_campaign(base) for _ in range(clients)]
        commands = [(f"/v1/campaigns/{c}/characters/{ch}/mana/gain", t) for c, t, ch in campaigns]
        streams = [(campaigns[i % clients][0], campaigns[i % clients][1])
                   for i in range(subscribers)]
        load._load(port, commands[:4], 1.0)  # warm every worker
        without, with_feed = [], []
        for _ in range(rounds):
            without.append(_round(port, commands, [], seconds))
            with_feed.append(_round(port, commands, streams, seconds))
    return {"without": without, "with": with_feed}


def _in_statement_append(store: Any, records: list[Any]) -> None:
    """The rejected design: pg_notify inside the appending statement (bench only)."""
    from ledger.adapters.store.group_commit import Write
    from ledger.adapters.store.postgres import _append_statement

    statement, params = _append_statement([Write(records)])
    last = records[-1]
    with store.datastore.get_connection() as conn:
        conn.execute(f"WITH e AS ({statement}) SELECT pg_notify(%s, %s)",
                     [*params, store.channel, f"{last.campaign_id}:{last.position}"])


def _append_writer(config: Config, seconds: float, mode: str) -> float:
    from ledger.adapters.store.postgres import PostgresStore
    from scripts.benchparts.append import _chain

    store = PostgresStore(dbname=config.pg_dbname, host=config.pg_host, port=config.pg_port,
                          user=config.pg_user, schema=config.pg_schema, notify=mode == "after")
    append = store.append if mode != "in-statement" else (
        lambda rows: _in_statement_append(store, rows))
    records = _chain(int(seconds * 4000) + 100)
    store.append(records[:1])
    done, start = 1, time.perf_counter()
    while time.perf_counter() - start < seconds and done < len(records):
        append(records[done : done + 1])
        done += 1
    rate = (done - 1) / (time.perf_counter() - start)
    time.sleep(0.1)  # let the last NOTIFY go out before the pool closes
    store.close()
    return rate


def notify_cost(config: Config, seconds: float, rounds: int) -> dict[str, float]:
    """PostgreSQL appends/s, 16 writers: no NOTIFY, NOTIFY after commit (what the store
    does), NOTIFY inside the appending statement (the rejected design)."""
    found: dict[str, list[float]] = {"off": [], "after": [], "in-statement": []}
    for _ in range(rounds):
        for mode, rates in found.items():
            args = [(config, seconds, mode)] * 16
            rates.append(sum(common.in_processes(16, _append_writer, args)))  # type: ignore[arg-type]
    return {mode: statistics.median(rates) for mode, rates in found.items()}


def _notify_only(args: argparse.Namespace) -> None:
    from ledger.service.wiring import build_store

    with common.configs(("postgres",)) as configs:
        store = build_store(configs["postgres"])
        store.setup()
        store.close()
        rates = notify_cost(configs["postgres"], args.seconds, args.rounds)
    print({mode: round(rate) for mode, rate in rates.items()})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--subscribers", type=int, default=200)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--stores", default="sqlite,postgres")
    parser.add_argument("--interval", type=float, default=Config().feed_poll_seconds,
                        help="the hubs' fan-out interval (LEDGER_FEED_POLL_SECONDS)")
    parser.add_argument("--notify-only", action="store_true",
                        help="only the PostgreSQL append with and without NOTIFY")
    args = parser.parse_args()
    if args.notify_only:
        _notify_only(args)
        return
    print(f"machine: {platform.platform()}, {multiprocessing.cpu_count()} CPUs, "
          f"python {platform.python_version()}; fan-out interval {args.interval} s")
    with common.configs(tuple(args.stores.split(","))) as configs:
        for kind, config in configs.items():
            found = measure(config, args.seconds, args.rounds, args.subscribers, args.workers,
                            args.interval)
            base = statistics.median(r["rate"] for r in found["without"])
            fed = statistics.median(r["rate"] for r in found["with"])
            streamed = statistics.median(r["streamed"] / args.seconds for r in found["with"])
            errors = sum(r["errors"] for r in found["without"] + found["with"])
            print(f"{kind}: writes/s without subscribers {base:,.0f}; with {args.subscribers} "
                  f"subscribers {fed:,.0f}; ratio {fed / base:.2f}; events streamed/s "
                  f"{streamed:,.0f}; p99 ms {_p99(found['without'])} vs {_p99(found['with'])}; "
                  f"errors {errors}")
            if kind == "postgres":
                rates = notify_cost(config, args.seconds, args.rounds)
                off = rates["off"]
                print(f"postgres append events/s, 16 writers: NOTIFY off {off:,.0f}; "
                      f"after commit {rates['after']:,.0f} ({rates['after'] / off:.2f}); "
                      f"in the statement {rates['in-statement']:,.0f} "
                      f"({rates['in-statement'] / off:.2f})")


def _p99(results: list[dict[str, Any]]) -> str:
    return f"{statistics.median(r['p99'] for r in results):.1f}"


if __name__ == "__main__":
    main()
