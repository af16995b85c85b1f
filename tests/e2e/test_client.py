"""The Python client against the real server (gunicorn over a socket), on both stores."""

from __future__ import annotations

import random
import re
import subprocess
import sys
import threading
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec
import psycopg
import pytest
from campaign_ledger_client import (
    Campaign,
    Client,
    Forbidden,
    NotFound,
    PreconditionFailed,
    RuleViolation,
    Unauthorized,
    ValidationFailed,
    verify_export,
)
from campaign_ledger_client._http import Transport
from campaign_ledger_client._scope import ENDPOINTS

from ledger.config import Config
from tests.conftest import PG, SECRET_KEY, STORES
from tests.e2e import client_walkthrough
from tests.e2e.sse_proxy import BreakingProxy
from tests.live_server import live_server

ROOT = Path(__file__).resolve().parents[2]
HTTP_METHODS = {"get", "post", "put", "patch", "delete"}


@dataclass(frozen=True)
class Served:
    url: str
    config: Config


@pytest.fixture(scope="module", params=STORES)
def served(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
           ) -> Iterator[Served]:
    """One live server per store for this module; each test makes its own campaigns."""
    # Short heartbeats and token re-checks keep the feed tests quick.
    config = Config(data_dir=str(tmp_path_factory.mktemp("client")), secret_key=SECRET_KEY,
                    feed_heartbeat_seconds=1.0, feed_auth_recheck_seconds=0.5)
    if request.param == "postgres":
        config = msgspec.structs.replace(
            config, store="postgres", pg_dbname=request.getfixturevalue("pg_database"),
            pg_schema=f"c_{uuid.uuid4().hex[:12]}", **{f"pg_{k}": v for k, v in PG.items()})
    with live_server(config, workers=2) as url:
        yield Served(url, config)
    if config.store == "postgres":
        with psycopg.connect(dbname=config.pg_dbname, autocommit=True, **PG) as conn:  # type: ignore[arg-type]
            conn.execute(f'DROP SCHEMA IF EXISTS "{config.pg_schema}" CASCADE')


def new_campaign(served: Served) -> tuple[Client, Campaign]:
    created = Client(served.url).create_campaign("Mana Noir")
    gm = Client(served.url, created.gm_token)
    return gm, gm.campaign(created.id)


def test_every_operation_of_the_openapi_document_has_a_client_method(served: Served) -> None:
    document = Client(served.url).openapi()
    operations = {(method.upper(), path) for path, item in document["paths"].items()
                  for method in item if method in HTTP_METHODS}
    assert sorted(operations - set(ENDPOINTS)) == [], "endpoints without a client method"
    assert sorted(set(ENDPOINTS) - operations) == [], "client methods of no endpoint"


def test_every_mapped_method_is_reachable_on_the_public_classes() -> None:
    from campaign_ledger_client import client

    classes = (client.Client, client.Campaign, client.Character)
    for names in ENDPOINTS.values():
        for qualname in names:
            method = qualname.split(".")[-1]
            found = [c for c in classes if getattr(c, method, None) is not None
                     and getattr(c, method).__qualname__ == qualname]
            assert found, f"{qualname} is shadowed or not mounted on a public class"


def test_every_client_method_reaches_its_endpoint(served: Served,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    reached: set[tuple[str, str]] = set()
    call, stream = Transport.call, Transport.open_stream

    def spied_call(self: Transport, method: str, path: str, **kw: Any) -> Any:
        reached.add((method, _template_of(method, path)))
        return call(self, method, path, **kw)

    def spied_stream(self: Transport, path: str, *args: Any) -> Any:
        reached.add(("GET", _template_of("GET", path)))
        return stream(self, path, *args)

    monkeypatch.setattr(Transport, "call", spied_call)
    monkeypatch.setattr(Transport, "open_stream", spied_stream)
    client_walkthrough.walk(Client(served.url))
    assert sorted(set(ENDPOINTS) - reached) == []


def _template_of(method: str, path: str) -> str:
    """The most specific mapped path that matches a concrete one."""
    matches = [t for m, t in ENDPOINTS if m == method
               and re.fullmatch(re.sub(r"\\{[a-z_]+\\}", "[^/]+", re.escape(t)), path)]
    return min(matches, key=lambda t: t.count("{"), default=path)


def test_a_refused_command_raises_with_the_problem_details(served: Served) -> None:
    _, campaign = new_campaign(served)
    mara = campaign.character(campaign.register_character(
        {"name": "Mara", "mana": {"current": 3, "max": 3}}).state["id"])
    with pytest.raises(RuleViolation) as refused:
        mara.spend("mana", 5)
    problem = refused.value
    assert (problem.status, problem.rule, problem.title) == (409, "insufficient-mana",
                                                             "Insufficient mana")
    assert problem.type.endswith("/insufficient-mana")
    assert "3 Mana" in problem.detail
    assert problem.errors == {"amount": [problem.detail]}
    with pytest.raises(ValidationFailed) as invalid:
        mara.damage(0)
    assert invalid.value.rule == "schema-validation"
    assert "amount" in invalid.value.errors


def test_tokens_roles_and_stale_writes_raise_their_own_exceptions(served: Served) -> None:
    gm, campaign = new_campaign(served)
    mara = campaign.register_character({"name": "Mara"}).state["id"]
    observer = gm.with_token(campaign.issue_token("observer").token).campaign(campaign.id)
    with pytest.raises(Forbidden):
        observer.character(mara).gain("mana", 1)
    with pytest.raises(Unauthorized):
        Client(served.url, "clt_nope_nope").campaign(campaign.id).get()
    with pytest.raises(NotFound):
        campaign.character("chr_missing").get()
    stale = campaign.get()["position"] - 1
    with pytest.raises(PreconditionFailed):
        campaign.with_options(if_match=stale).advance(5)
    assert campaign.get()["position"] == stale + 1  # nothing was recorded


def test_a_repeated_idempotency_key_answers_the_first_result_and_records_once(
        served: Served) -> None:
    _, campaign = new_campaign(served)
    keyed = campaign.with_options(idempotency_key="advance-once")
    first, second = keyed.advance(30), keyed.advance(30)
    assert (second.replayed, second.position) == (True, first.position)
    assert campaign.get()["clock"]["minutes"] == 30


def test_the_feed_yields_every_position_once_in_order_across_broken_connections(
        served: Served) -> None:
    gm, campaign = new_campaign(served)
    chooser = random.Random(7)
    proxy = BreakingProxy(served.url, lambda: chooser.randrange(700, 2500))
    followed = Client(proxy.url, gm._transport.token).campaign(campaign.id)
    writer = threading.Thread(target=lambda: [campaign.advance(1) for _ in range(40)])
    writer.start()
    positions = _follow(followed, until=41)
    writer.join()
    proxy.close()
    assert positions == list(range(1, 42))
    assert proxy.connections > 3  # it really did resume, several times


def test_the_feed_fills_a_missing_position_from_the_events_list(served: Served) -> None:
    gm, campaign = new_campaign(served)
    for _ in range(6):
        campaign.advance(1)
    proxy = BreakingProxy(served.url, lambda: None, drop_ids=frozenset({4}))
    followed = Client(proxy.url, gm._transport.token).campaign(campaign.id)
    assert _follow(followed, until=7) == list(range(1, 8))
    proxy.close()


def test_the_feed_ends_with_unauthorized_when_its_token_is_revoked(served: Served) -> None:
    gm, campaign = new_campaign(served)
    issued = campaign.issue_token("observer")
    watcher = gm.with_token(issued.token).campaign(campaign.id)
    with watcher.feed(after=0, read_timeout=10) as feed:
        assert next(feed).position == 1
        campaign.revoke_token(issued.id)
        with pytest.raises(Unauthorized) as revoked:
            next(feed)
    assert revoked.value.rule == "token-revoked"


def _follow(campaign: Campaign, until: int) -> list[int]:
    positions: list[int] = []
    with campaign.feed(after=0, read_timeout=10) as feed:
        watchdog = threading.Timer(90, feed.close)  # a hang fails the test, never blocks it
        watchdog.start()
        for event in feed:
            positions.append(event.position)
            if event.position >= until:
                break
        watchdog.cancel()
    return positions


def test_offline_verification_agrees_with_the_server_and_its_own_tool(
        served: Served, tmp_path: Path) -> None:
    gm, campaign = new_campaign(served)
    mara = campaign.character(campaign.register_character(
        {"name": "Mara", "abilities": {"Willpower": 1}}).state["id"])
    for _ in range(2):
        campaign.clock("start-session")
        mara.roll("2d6+1")
        mara.roll("1d20", dice=[17])
        mara.age_test("Willpower", tn=11)
        campaign.clock("end-session")
    mara.roll("1d6")  # in the open epoch: pending
    exported = _export(served, campaign.id, tmp_path / "history.jsonl")
    key = gm.signing_key()["public_key"]
    mine = verify_export(exported, public_key=key, expect_head=campaign.get()["head_hash"])
    server = campaign.verify()
    assert mine.problems() == []
    assert mine.ok
    assert (mine.rolls_verified, mine.rolls_pending, mine.rolls_reported) == (
        server["dice"]["verified"], len(server["dice"]["pending"]),
        len(server["dice"]["reported"])) == (4, 1, 2)
    assert (mine.head_position, mine.head_hash) == (server["chain"]["head_position"],
                                                    server["chain"]["head_hash"])


def _export(served: Served, campaign_id: str, target: Path) -> Path:
    subprocess.run([sys.executable, "-m", "ledger.cli", "export", campaign_id, "-o", str(target)],
                   env={**served.config.to_env(), "PATH": "/usr/bin:/bin"}, check=True,
                   cwd=ROOT, capture_output=True)
    return target


def test_the_example_bot_prints_a_line_per_roll(served: Served) -> None:
    gm, campaign = new_campaign(served)
    mara = campaign.character(campaign.register_character(
        {"name": "Mara", "abilities": {"Willpower": 2}}).state["id"])
    mara.age_test("Willpower", focus=None, tn=11, dice=[6, 5, 1])
    mara.roll("1d20+5", dice=[3])
    campaign.advance(1)  # not a roll: no line
    bot = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "example_bot.py"), "--url", served.url,
         "--campaign", campaign.id, "--after", "0", "--stop-at", "5"],
        env={"LEDGER_TOKEN": gm._transport.token or "", "PATH": "/usr/bin:/bin",
             "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=60, check=True)
    lines = bot.stdout.strip().splitlines()
    assert lines == [
        "#3 Mara rolled AGE test Willpower vs TN 11: 6 5 [1] = 14, success (reported dice)",
        "#4 Mara rolled 1d20+5: 3 = 8 (reported dice)",
    ]
