"""Observability: JSON logs with request and correlation ids and no secrets, Prometheus
metrics summed over workers, and runners supervised by `serve` with health checks."""

from __future__ import annotations

import json
import logging
import os
import re
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import msgspec
import pytest

from ledger.adapters.store import webhooks as hooks
from ledger.adapters.store.base import EventStore
from ledger.service.config import Config
from projections.webhooks import Enqueuer
from tests.api_client import ApiClient
from tests.conftest import make_store
from tests.live_server import campaign_with_mara, http, live_server
from tests.waiting import DEADLINE_SECONDS, wait_until


def _log_lines(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")]


def _metric(text: str, name: str, labels: str = "") -> float:
    pattern = re.escape(name) + (re.escape("{" + labels + "}") if labels else "") + r" (\S+)"
    found = re.search(r"^" + pattern + "$", text, re.MULTILINE)
    assert found, f"{name}{{{labels}}} not in metrics"
    return float(found.group(1))


def test_a_request_id_is_honoured_and_returned_or_else_minted(api: ApiClient) -> None:
    sent = api.get("/healthz", headers={"X-Request-ID": "trace-42.a"})
    assert sent.headers["X-Request-ID"] == "trace-42.a"
    minted = api.get("/healthz", headers={"X-Request-ID": "no spaces <allowed>"})
    assert re.fullmatch(r"[0-9a-f]{32}", minted.headers["X-Request-ID"])


def test_a_write_logs_one_line_with_its_request_id_correlation_id_and_what_it_appended(
        api: ApiClient, capsys: pytest.CaptureFixture[str]) -> None:
    api.new_campaign()
    capsys.readouterr()
    answer = api.post(api.c("/clock/start-session"), headers={"X-Request-ID": "req-start-1"})
    lines = [line for line in _log_lines(capsys.readouterr().out)
             if line.get("request_id") == "req-start-1"]
    correlation = {e["correlation_id"] for e in answer["events"]}
    assert len(correlation) == 1
    assert [line["message"] for line in lines] == ["request"]  # what it appended rides on it
    request_line = lines[0]
    assert request_line["correlation_id"] in correlation
    assert request_line["status"] == 200
    assert request_line["route"].startswith("/v1/campaigns/<campaign_id>/clock/")
    positions = [e["position"] for e in answer["events"]]
    assert request_line["appended"] == [{
        "campaign_id": api.campaign, "count": len(positions),
        "positions": f"{positions[0]}-{positions[-1]}"}]


def test_logs_never_show_a_token_or_a_seed_not_yet_revealed(
        api: ApiClient, app: Any, capsys: pytest.CaptureFixture[str]) -> None:
    api.new_campaign()
    token = api.token or ""
    api.post(api.c("/clock/start-session"))
    epoch = api.get(api.c())["campaign"]["dice"]["epoch"]
    seed = app.extensions["ledger"]._seed_for(api.campaign, epoch).hex()
    api.get(api.c("/state"), headers={"Authorization": f"Bearer {token}x"})  # a wrong token
    api.get(api.c(f"/events?token={token}"))
    careless = logging.getLogger("ledger.careless")
    careless.warning("state dump seed=%s auth=Bearer %s", seed, token)
    try:
        raise RuntimeError(f"could not use {token} with seed {seed}")
    except RuntimeError:
        careless.exception("failed")
    out = capsys.readouterr().out
    assert "seed=[REDACTED]" in out
    assert token not in out
    assert token.rsplit("_", 1)[1] not in out  # not even the secret half
    assert seed not in out
    assert api.campaign in out  # the lines are there, only the secrets are gone


def test_metrics_show_latency_by_route_appended_events_subscribers_lag_and_failures(
        api: ApiClient, store_config: Config) -> None:
    # Counters live as long as the process (this test runs once per store): compare deltas.
    scraped = api.client.get("/metrics")
    # Prometheus' text format, its charset named once (werkzeug added a second one).
    assert scraped.headers["Content-Type"] == "text/plain; version=0.0.4; charset=utf-8"
    text = scraped.get_data(as_text=True)
    appended_before = _metric(text, "ledger_events_appended_total")
    route = 'method="POST",route="/v1/campaigns/<campaign_id>/characters"'
    posts_before = _metric(text, "ledger_http_request_duration_seconds_count", route) \
        if route in text else 0
    api.new_campaign()
    mara = api.new_character()
    stream = api.client.get(api.c("/feed"), buffered=False,
                            headers={"Authorization": f"Bearer {api.token}"})
    store = make_store(store_config)
    Enqueuer(store).setup()  # a consumer of the global order that has read nothing yet
    made = api.post(api.c("/webhooks"), {"url": "http://127.0.0.1:9/", "types": ["*"]})
    api.post(api.c(f"/characters/{mara}/mana/gain"), {"amount": 1})
    text = api.client.get("/metrics").get_data(as_text=True)
    stream.close()
    assert _metric(text, "ledger_events_appended_total") == appended_before + 3
    assert _metric(text, "ledger_feed_subscribers") == 1
    assert _metric(text, "ledger_http_request_duration_seconds_count", route) == posts_before + 1
    lag = _metric(text, "ledger_projection_lag_events", 'name="webhooks"')
    assert lag >= 3  # every event of this store so far, including this campaign's three
    Enqueuer(store).catch_up()
    [delivery] = hooks.next_due(store, "9999")
    assert delivery.webhook_id == made["id"]
    hooks.record_attempt(store, delivery, {
        "at": "2030-01-01T00:00:00.000000Z", "http_status": 503, "error": "HTTP 503",
        "duration_ms": 3, "status": "pending", "next_attempt_at": "2030-01-01T00:00:00.000000Z",
        "delivered_at": None})
    text = api.client.get("/metrics").get_data(as_text=True)
    store.close()
    assert _metric(text, "ledger_projection_lag_events", 'name="webhooks"') == 0
    assert _metric(text, "ledger_webhook_delivery_failures_total") == 1
    assert _metric(text, "ledger_webhook_deliveries", 'status="pending"') == 1  # the gain


def test_metrics_add_up_across_gunicorn_workers(store_config: Config) -> None:
    with live_server(store_config, workers=3) as base:
        cid, token, mara_id = campaign_with_mara(base)
        url = f"{base}/v1/campaigns/{cid}/characters/{mara_id}/mana/gain"
        threads = [threading.Thread(target=lambda: [http("POST", url, {"amount": 1}, token)
                                                    for _ in range(10)]) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        streams = [_open_stream(base, cid, token) for _ in range(4)]
        # A stream counts once its worker has subscribed it, just after the headers went.
        wait_until(lambda: _metric(_scrape(base), "ledger_feed_subscribers") == 4,
                   "four subscribed streams")
        scrapes = [_scrape(base) for _ in range(8)]  # new connections: several workers answer
        for conn in streams:
            conn.close()
    for text in scrapes:
        assert _metric(text, "ledger_events_appended_total") == 42
        assert _metric(text, "ledger_feed_subscribers") == 4


def _scrape(base: str) -> str:
    import urllib.request

    with urllib.request.urlopen(f"{base}/metrics", timeout=DEADLINE_SECONDS) as response:
        return str(response.read().decode())


def _open_stream(base: str, cid: str, token: str) -> Any:
    import http.client as httpclient

    port = int(base.rsplit(":", 1)[1])
    conn = httpclient.HTTPConnection("127.0.0.1", port, timeout=DEADLINE_SECONDS)
    conn.request("GET", f"/v1/campaigns/{cid}/feed", headers={"Authorization": f"Bearer {token}"})
    assert conn.getresponse().status == 200
    return conn


def test_serve_supervises_runners_whose_health_and_lag_are_visible(
        store_config: Config, tmp_path: Path) -> None:
    config = msgspec.structs.replace(store_config, runner_heartbeat_seconds=0.5,
                                     webhook_poll_seconds=0.1)
    log = tmp_path / "server.log"
    with live_server(config, runners=True, log=log) as base:
        _, created = http("POST", f"{base}/v1/campaigns", {"name": "Noir"})
        token = created["gm_token"]
        cid = created["campaign"]["id"]
        assert http("GET", f"{base}/v1/campaigns/{cid}/state?at=1", token=token)[0] == 200

        def caught_up() -> tuple[int, dict[str, Any]] | None:
            status, found = http("GET", f"{base}/healthz/runners")
            settled = (len(found["runners"]) >= 2 and "webhooks" in _lags(found)
                       and not any(_lags(found).values()))
            return (status, found) if settled else None

        status, found = wait_until(caught_up, "both runners healthy and caught up")
        cli = subprocess.run([sys.executable, "-m", "ledger.entry.cli", "health", "--require",
                              "project,deliver-webhooks"], env={**os.environ, **config.to_env()},
                             capture_output=True, text=True, timeout=DEADLINE_SECONDS)
    assert status == 200
    assert [(r["name"], r["healthy"]) for r in found["runners"]] == [
        ("deliver-webhooks", True), ("project", True)]
    assert _lags(found)["webhooks"] == 0  # and every read model's too:
    assert set(_lags(found).values()) == {0}
    assert cli.returncode == 0, cli.stdout + cli.stderr
    assert json.loads(cli.stdout)["healthy"] is True
    lines = _log_lines(log.read_text())
    assert any(line.get("message") == "request" and line.get("request_id") for line in lines)
    assert token not in log.read_text()
    # One line per request, the app's, without the query (docs/operations.md).
    assert not [line for line in lines if line.get("logger") == "gunicorn.access"]
    assert "state?at=" not in log.read_text()


def _lags(found: dict[str, Any]) -> dict[str, int]:
    return {c["name"]: c["lag_events"] for c in found["consumers"]}


def test_the_health_command_fails_when_a_required_runner_never_beat(
        store: EventStore, store_config: Config) -> None:
    cli = subprocess.run([sys.executable, "-m", "ledger.entry.cli", "health", "--require",
                          "deliver-webhooks"], env={**os.environ, **store_config.to_env()},
                         capture_output=True, text=True, timeout=DEADLINE_SECONDS)
    assert cli.returncode == 1
    found = json.loads(cli.stdout)
    assert found["healthy"] is False
    assert found["runners"] == []  # the store answered: the missing runner is the reason
