"""Feed tickets: bound to one campaign and one token, good until they expire, unforgeable
without the server key (ledger/service/feed_tickets.py)."""

from __future__ import annotations

import pytest

from ledger.adapters.secrets_box import SecretBox
from ledger.service.feed_tickets import (
    TicketRefused,
    issue_ticket,
    rfc3339,
    ticket_for,
    ticket_token_id,
    unix_seconds,
)

KEY = SecretBox(bytes(range(32))).derive("feed-tickets")
NOW = 1_800_000_000.75
CAMPAIGN = "camp1"
TOKEN = "tok0123456789abcdef"


def _refused(ticket: str, campaign: str = CAMPAIGN, now: float = NOW,
             key: bytes = KEY) -> str:
    with pytest.raises(TicketRefused) as refused:
        ticket_token_id(key, ticket, campaign, now)
    assert refused.value.kind == "unauthorized"
    return refused.value.rule


def test_issue_ticket_opens_its_campaigns_feed_until_it_expires() -> None:
    issued = issue_ticket(KEY, CAMPAIGN, TOKEN, NOW, 60)
    assert issued.expires_at == rfc3339(1_800_000_060)
    assert issued.token_id == TOKEN
    assert ticket_token_id(KEY, issued.ticket, CAMPAIGN, NOW) == TOKEN
    assert ticket_token_id(KEY, issued.ticket, CAMPAIGN, 1_800_000_059.999) == TOKEN


def test_issue_ticket_rounds_the_expiry_down_to_a_whole_second() -> None:
    assert unix_seconds(issue_ticket(KEY, CAMPAIGN, TOKEN, NOW, 0.5).expires_at) == 1_800_000_001
    assert unix_seconds(issue_ticket(KEY, CAMPAIGN, TOKEN, NOW, 0.2).expires_at) == 1_800_000_000


def test_ticket_for_derives_the_same_ticket_again_from_its_expiry() -> None:
    issued = issue_ticket(KEY, CAMPAIGN, TOKEN, NOW, 60)
    assert ticket_for(KEY, CAMPAIGN, TOKEN, issued.expires_at) == issued


def test_ticket_token_id_refuses_an_expired_ticket() -> None:
    issued = issue_ticket(KEY, CAMPAIGN, TOKEN, NOW, 60)
    assert _refused(issued.ticket, now=1_800_000_060) == "feed-ticket-expired"


def test_ticket_token_id_refuses_a_ticket_of_another_campaign() -> None:
    issued = issue_ticket(KEY, CAMPAIGN, TOKEN, NOW, 60)
    assert _refused(issued.ticket, campaign="camp2") == "feed-ticket-invalid"


def test_ticket_token_id_refuses_a_ticket_under_another_server_key() -> None:
    issued = issue_ticket(SecretBox(bytes(32)).derive("feed-tickets"), CAMPAIGN, TOKEN, NOW, 60)
    assert _refused(issued.ticket) == "feed-ticket-invalid"


def test_ticket_token_id_refuses_a_tampered_ticket() -> None:
    prefix, token_id, expires, mac = issue_ticket(KEY, CAMPAIGN, TOKEN, NOW, 60).ticket.split("_")
    later = f"{prefix}_{token_id}_{int(expires) + 3600}_{mac}"
    other_token = f"{prefix}_tok0000000000000000_{expires}_{mac}"
    flipped = f"{prefix}_{token_id}_{expires}_{mac[:-1]}{'0' if mac[-1] != '0' else '1'}"
    assert [_refused(t) for t in (later, other_token, flipped)] == ["feed-ticket-invalid"] * 3


def test_ticket_token_id_refuses_what_is_not_a_ticket() -> None:
    token_like = "clt_" + TOKEN + "_" + "0" * 40
    for text in ("", "clft_", token_like, "clft_tok_1_" + "g" * 40, "x" * 200):
        assert _refused(text) == "feed-ticket-invalid"


def test_the_ticket_lifetime_is_the_ledger_feed_ticket_ttl_setting() -> None:
    from ledger.service.config import Config

    assert Config().feed_ticket_ttl_seconds == 60.0
    configured = Config.from_env({"LEDGER_FEED_TICKET_TTL": "15"})
    assert configured.feed_ticket_ttl_seconds == 15.0
    assert Config.from_env(configured.to_env()).feed_ticket_ttl_seconds == 15.0
