"""The read-routing rule (ledger/service/replicas.py) on real stores.

A standing standby is tests/replicas/test_two_nodes.py; here a "replica" is a read-only
store on the primary's own schema (caught up by construction), or one at a port where
nothing listens (down), which is enough to decide every branch of the rule.
"""

from __future__ import annotations

from typing import cast

import msgspec
import pytest

from api import create_app
from ledger.adapters.store.base import EventStore
from ledger.adapters.store.postgres import PostgresStore
from ledger.service.config import Config
from ledger.service.ledger import Ledger
from ledger.service.replicas import Replicas
from ledger.service.wiring import ReplicasRefused, build_ledger, replica_store
from tests.api_client import ApiClient
from tests.integration.service_helpers import spending
from tests.live_server import free_port


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _replica(store_config: Config, ledger: Ledger, port: int | None = None,
             every: int = 10) -> Ledger:
    address = f"{store_config.pg_host}:{port or store_config.pg_port}"
    return Ledger(replica_store(store_config, address, pool_size=1), ledger.box,
                  checkpoint_every=every)


def _postgres(store_config: Config) -> None:
    if store_config.store != "postgres":
        pytest.skip("SQLite has no read replicas (test_sqlite_refuses_replicas)")


def _routing(ledger: Ledger, *replicas: Ledger, clock: Clock | None = None,
             max_lag: float = 10.0) -> Replicas:
    return Replicas(ledger, [(f"r{n}", r) for n, r in enumerate(replicas)], wait_seconds=0.05,
                    max_lag_seconds=max_lag, retry_seconds=5.0, clock=clock or Clock())


def test_sqlite_refuses_replicas(tmp_path: object) -> None:
    config = Config(data_dir=str(tmp_path), store="sqlite", pg_replicas=["127.0.0.1:5433"])
    with pytest.raises(ReplicasRefused, match="SQLite, which has no read replicas"):
        build_ledger(config)


def test_a_replica_address_without_a_port_is_refused(tmp_path: object) -> None:
    config = Config(data_dir=str(tmp_path), store="postgres", pg_replicas=["replica-1"])
    with pytest.raises(ReplicasRefused, match="'replica-1' is not host:port"):
        build_ledger(config)


def test_without_replicas_every_read_is_the_primarys(ledger: Ledger) -> None:
    campaign_id, _ = spending(ledger, 3)
    for hint in (None, 1, 3, 99):
        route = ledger.reader(campaign_id, hint)
        assert (route.ledger, route.replica, route.lag_seconds) == (ledger, None, None)


def test_a_replica_holding_the_hinted_position_answers_it(
        ledger: Ledger, store_config: Config) -> None:
    _postgres(store_config)
    campaign_id, _ = spending(ledger, 12)
    replica = _replica(store_config, ledger)
    routing = _routing(ledger, replica)
    assert routing.route(campaign_id, 12).ledger is replica
    state = routing.route(campaign_id, 7).ledger.state_at(campaign_id, 7)
    assert msgspec.json.encode(state) == msgspec.json.encode(ledger.state_at(campaign_id, 7))
    replica.store.close()


def test_a_position_the_replica_lacks_goes_to_the_primary_after_the_wait(
        ledger: Ledger, store_config: Config) -> None:
    _postgres(store_config)
    campaign_id, _ = spending(ledger, 5)
    replica = _replica(store_config, ledger)
    routing = _routing(ledger, replica)
    assert routing.route(campaign_id, 6).ledger is ledger  # recorded nowhere yet
    assert routing.route("no-such-campaign", 1).ledger is ledger
    replica.store.close()


def test_a_read_without_a_hint_takes_a_replica_and_states_its_lag(
        ledger: Ledger, store_config: Config) -> None:
    _postgres(store_config)
    campaign_id, _ = spending(ledger, 3)
    replica = _replica(store_config, ledger)
    route = _routing(ledger, replica).route(campaign_id, None)
    # Not a standby: replay lag is 0 by the definition in PostgresStore.replica_lag.
    assert (route.ledger, route.replica, route.lag_seconds) == (replica, "r0", 0.0)
    replica.store.close()


def test_a_replica_that_is_down_is_skipped_and_reported(
        ledger: Ledger, store_config: Config) -> None:
    _postgres(store_config)
    campaign_id, _ = spending(ledger, 3)
    down, up = _replica(store_config, ledger, port=free_port()), _replica(store_config, ledger)
    routing = _routing(ledger, down, up)
    for hint in (None, 3):
        assert routing.route(campaign_id, hint).ledger is up
    assert [(s.name, s.state) for s in routing.status()] == [("r0", "down"), ("r1", "up")]
    for led in (down, up):
        led.store.close()


def test_a_lagging_replica_is_skipped_until_its_retry_time(
        ledger: Ledger, store_config: Config) -> None:
    _postgres(store_config)
    campaign_id, _ = spending(ledger, 3)
    replica, clock = _replica(store_config, ledger), Clock()
    routing = _routing(ledger, replica, clock=clock, max_lag=-1.0)  # any lag is too much
    assert routing.route(campaign_id, None).ledger is ledger
    routing.max_lag = 10.0
    clock.now = routing.retry_seconds - 0.1
    assert routing.route(campaign_id, None).ledger is ledger  # not looked at again yet
    clock.now = routing.retry_seconds
    assert routing.route(campaign_id, None).ledger is replica
    replica.store.close()


def test_a_replica_never_writes_the_checkpoints_its_reads_pass(
        ledger: Ledger, store_config: Config) -> None:
    _postgres(store_config)
    campaign_id, _ = spending(ledger, 15)  # the primary checkpoints at 10
    replica = _replica(store_config, ledger, every=7)  # from 10, would write 14
    replica.state_at(campaign_id, 15)
    assert cast(PostgresStore, replica.store).read_only
    assert ledger.store.checkpoint_positions(campaign_id, 0, 15) == [10]
    primary: EventStore = ledger.store
    Ledger(primary, ledger.box, checkpoint_every=7).state_at(campaign_id, 15)
    assert ledger.store.checkpoint_positions(campaign_id, 0, 15) == [10, 14]
    replica.store.close()


def test_a_malformed_min_position_is_refused_naming_the_header(api: ApiClient) -> None:
    api.new_campaign()
    refused = api.get(api.c("/state?at=1"), headers={"Ledger-Min-Position": "-1"})
    assert (refused.status, refused["type"].rsplit("/", 1)[-1]) == (422, "malformed-min-position")
    assert list(refused["errors"]) == ["Ledger-Min-Position"]
    for path in ("/state", "/head", ""):  # reads of the primary check it too
        assert api.get(api.c(path), headers={"Ledger-Min-Position": "-1"}).status == 422
    answered = api.get(api.c("/events"), headers={"Ledger-Min-Position": "1"})
    assert answered.status == 200
    assert "Ledger-Replica-Lag" not in answered.headers


def test_the_http_export_reads_a_replica_and_states_its_lag(store_config: Config) -> None:
    """An export may go to a replica: without a hint the answer says how far it trails."""
    _postgres(store_config)
    own = f"{store_config.pg_host}:{store_config.pg_port}"  # the primary's schema, caught up
    app = create_app(msgspec.structs.replace(store_config, pg_replicas=[own]))
    api = ApiClient(app.test_client())
    try:
        api.new_campaign()
        unhinted = api.get(api.c("/export"))
        assert unhinted.status == 200
        assert unhinted.headers["Ledger-Replica-Lag"] == "0.000"
        hinted = api.get(api.c("/export"), headers={"Ledger-Min-Position": "1"})
        assert (hinted.status, "Ledger-Replica-Lag" in hinted.headers) == (200, False)
    finally:
        built = app.extensions.get("ledger")
        if built is not None:
            for replica in built.replicas.replicas if built.replicas else ():
                replica.ledger.store.close()
            built.store.close()
