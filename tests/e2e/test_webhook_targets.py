"""Webhook targets (ledger/service/webhook_targets.py): public addresses only, unless the
operator sets LEDGER_WEBHOOK_ALLOW_PRIVATE=1. Anyone may create a campaign and register
its webhooks, so without the rule a delivery was a request from inside the operator's
network to any address, and each attempt's recorded error told the GM what answered there.
Refused when registered (an address literal, `localhost`) and again when connecting (the
address connected to is the one checked, so a name resolving elsewhere later gains
nothing)."""

from __future__ import annotations

import ipaddress
import threading
from collections.abc import Iterator

import msgspec
import pytest

from api import create_app
from ledger.service.config import Config
from ledger.service.keyed_commands import check_webhook_url
from ledger.service.webhook_targets import SETTING, public
from projections.webhook_tools import run_until
from projections.webhooks import post
from tests.api_client import ApiClient
from tests.e2e.test_webhooks import Receiver
from tests.waiting import wait_until

NOT_PUBLIC = ["127.0.0.1", "127.8.9.10", "::1", "10.1.2.3", "172.16.0.9", "192.168.1.20",
              "169.254.169.254", "100.64.0.1", "0.0.0.0", "::", "fe80::1", "fd00::7",
              "::ffff:127.0.0.1", "::ffff:10.0.0.1", "2002:7f00:1::", "224.0.0.251",
              "240.0.0.1", "192.0.2.5",
              # IPv4 carried in IPv6, local-use NAT64 and site-local (a second attack)
              "fec0::1", "64:ff9b:1::a00:1", "64:ff9b::a00:1", "::127.0.0.1", "::ffff:0:7f00:1",
              "2001:0:4136:e378:8000:63bf:3fff:fdd2"]
PUBLIC = ["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8",
          "64:ff9b::808:808"]


@pytest.mark.parametrize("address", NOT_PUBLIC)
def test_loopback_private_link_local_and_reserved_addresses_are_not_public(address: str) -> None:
    assert not public(ipaddress.ip_address(address))


@pytest.mark.parametrize("address", PUBLIC)
def test_internet_addresses_are_public(address: str) -> None:
    assert public(ipaddress.ip_address(address))


@pytest.mark.parametrize("url", ["http://127.0.0.1:8080/hook", "http://[::1]/hook",
                                 "https://169.254.169.254/latest/meta-data",
                                 "http://10.0.0.5/hook", "http://localhost:9000/",
                                 "http://LocalHost./", "http://bot.localhost/",
                                 "http://[::ffff:127.0.0.1]/", "http://0.0.0.0:5432/",
                                 # IPv4's shorthands, which resolvers read (an outside attack)
                                 "http://127.1:8080/", "http://0x7f000001/", "http://2130706433/",
                                 "http://017700000001/", "http://0177.0.0.1/", "http://10.1/",
                                 # spellings a resolver reads as loopback (a second attack)
                                 "http://\uff11\uff12\uff17.\uff10.\uff10.\uff11/",
                                 "http://\u2460\u2461\u2466.0.0.1/",
                                 "http://\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54/",
                                 "http://127.0.0.1\u200b/", "http://localhost\u3002:8/",
                                 "http://ip6-localhost/", "http://localhost.localdomain/"])
def test_a_non_public_host_is_refused_at_registration_unless_allowed(url: str) -> None:
    with pytest.raises(Exception, match=SETTING) as refused:
        check_webhook_url(url)
    assert getattr(refused.value, "field", None) == "url"
    check_webhook_url(url, allow_private=True)


@pytest.mark.parametrize("url", ["https://bot.example/hook", "http://93.184.216.34/hook",
                                 "https://localhost.example/hook"])
def test_a_public_host_or_a_name_is_accepted_at_registration(url: str) -> None:
    check_webhook_url(url)


def test_registering_a_loopback_url_over_http_is_a_422_naming_url_and_records_nothing(
        store_config: Config) -> None:
    config = msgspec.structs.replace(store_config, webhook_allow_private=False)
    api = ApiClient(create_app(config).test_client())
    api.new_campaign()
    answer = api.post(api.c("/webhooks"), {"url": "http://127.0.0.1:9/hook", "types": ["*"]})
    assert answer.status == 422
    assert answer.headers["Content-Type"] == "application/problem+json"
    assert answer["rule"] == "webhook-url"
    assert SETTING in answer["errors"]["url"][0]
    assert api.get(api.c("/webhooks"))["webhooks"] == []


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    found = Receiver(lambda n, body: False)
    yield found
    found.server.shutdown()


def test_a_delivery_connects_to_no_private_address_unless_allowed(receiver: Receiver) -> None:
    # `localhost` resolves to loopback: the connection is refused before anything is sent.
    url = receiver.url.replace("127.0.0.1", "localhost")
    status, error = post(url, b"{}", {"Content-Type": "application/json"}, 5.0)
    assert status is None
    assert error is not None
    assert "PrivateTarget" in error
    assert SETTING in error
    assert receiver.requests == []
    assert post(url, b"{}", {"Content-Type": "application/json"}, 5.0,
                allow_private=True) == (204, None)
    assert len(receiver.requests) == 1
    # an IPv6 host without a port is never split at its last colon (it was `InvalidURL`)
    _, error = post("http://[::1]/hook", b"{}", {}, 5.0, allow_private=True)
    assert error is None or "InvalidURL" not in error
    # https goes through the same connection before its handshake
    status, error = post(url.replace("http://", "https://"), b"{}", {}, 5.0)
    assert status is None
    assert error is not None
    assert "PrivateTarget" in error
    assert len(receiver.requests) == 1


def test_a_webhook_registered_while_allowed_is_not_delivered_once_disallowed(
        store_config: Config, api: ApiClient, receiver: Receiver) -> None:
    """The operator turned the setting off: the runner records each refused attempt, and
    the receiver on loopback hears nothing."""
    api.new_campaign()
    mara = api.new_character()
    hook = api.post(api.c("/webhooks"), {"url": receiver.url, "types": ["*"]})
    assert hook.status == 201
    assert api.post(api.c(f"/characters/{mara}/mana/gain"), {"amount": 1}).status == 200
    config = msgspec.structs.replace(store_config, webhook_allow_private=False,
                                     webhook_poll_seconds=0.05, webhook_backoff_seconds=0.05,
                                     webhook_backoff_max_seconds=0.2, webhook_max_attempts=2)
    stop = threading.Event()
    thread = threading.Thread(target=run_until, args=(stop, config), daemon=True)
    thread.start()
    try:
        def given_up() -> list[dict[str, object]] | None:
            log = api.get(api.c(f"/webhooks/{hook['id']}/deliveries"))["deliveries"]
            return log if log and all(d["status"] == "failed" for d in log) else None

        log = wait_until(given_up, "every delivery given up")
    finally:
        stop.set()
        thread.join(timeout=15)
    assert receiver.requests == []
    assert all(SETTING in str(d["last_error"]) for d in log), log
