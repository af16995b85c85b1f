"""Campaign creation as one command (ledger/service/creation.py) on both stores: the GM token
is written in the transaction of `CampaignCreated`, so a refused or replayed creation, or one
that lost its Idempotency-Key to a concurrent retry, leaves no token row behind."""

from __future__ import annotations

import pytest

from ledger.adapters.secrets_box import hash_secret
from ledger.adapters.store.base import IdempotencyKeyTaken, PositionTaken
from ledger.domain.context import Actor
from ledger.domain.errors import InvalidInput
from ledger.domain.fold import blank
from ledger.service.config import Config
from ledger.service.creation import creation_parts, new_campaign_id
from ledger.service.idempotent import AnswerSpec
from ledger.service.ledger import CreateCampaign, Ledger
from tests.security.routes import count_rows

ADMIN = Actor(role="admin")
NOIR = CreateCampaign(name="Mana Noir")


def keyed(key: str = "creation-key") -> AnswerSpec:
    return AnswerSpec("anonymous", key, "POST /v1/campaigns")


def test_creation_records_the_campaign_and_its_gm_token_together(ledger: Ledger) -> None:
    created = ledger.create(CreateCampaign(name="Noir", settings={"helpless_points": 7}), ADMIN)
    [gm] = created.tokens
    assert [r.type for r in created.records] == ["CampaignCreated"]
    assert ledger.state(created.campaign_id).settings.helpless_points == 7
    assert ledger.store.tokens(created.campaign_id) == [gm]
    assert (gm.campaign_id, gm.role, gm.label, gm.issuer_role) == \
        (created.campaign_id, "gm", "GM", "admin")
    assert gm.secret_hash == hash_secret(ledger.box.token_secret(gm.id))


def test_a_refused_creation_writes_no_token(ledger: Ledger, store_config: Config) -> None:
    with pytest.raises(InvalidInput) as refused:
        ledger.create(CreateCampaign(name="Noir", settings={"no_such_rule": 1}), ADMIN)
    assert refused.value.rule == "unknown-setting"
    assert (count_rows(store_config, "ledger_tokens"),
            count_rows(store_config, "ledger_events")) == (0, 0)


def test_a_replayed_creation_writes_no_second_token(ledger: Ledger, store_config: Config) -> None:
    first = ledger.create(NOIR, ADMIN, answer=keyed())
    again = ledger.create(NOIR, ADMIN, answer=keyed())
    assert again.records == []
    assert again.tokens == []
    assert again.replayed == first.replayed
    assert again.campaign_id == first.campaign_id
    assert count_rows(store_config, "ledger_tokens") == 1


def test_a_creation_that_lost_its_key_to_a_concurrent_retry_writes_no_token(
        ledger: Ledger, store_config: Config) -> None:
    ledger.create(NOIR, ADMIN, answer=keyed())
    campaign_id = new_campaign_id(keyed().scope, keyed().key)  # the key's campaign
    decide, gm = creation_parts(NOIR, ledger.box, campaign_id, ADMIN)
    # What the loser of the race meets in the store: the key's answer or the key's
    # campaign taken (one statement; which unique key trips first is the database's).
    with pytest.raises((IdempotencyKeyTaken, PositionTaken)):
        ledger.recorder.attempt(blank(campaign_id), ADMIN, decide, keyed(), [gm])
    assert [t.id for t in ledger.store.tokens(campaign_id)] != [gm.id]  # the winner's alone
    assert count_rows(store_config, "ledger_tokens") == 1
    assert ledger.store.head(campaign_id) == 1


def test_a_retried_creation_addresses_the_campaign_its_key_derives(ledger: Ledger) -> None:
    first = ledger.create(NOIR, ADMIN, answer=keyed())
    again = ledger.create(NOIR, ADMIN, answer=keyed())
    assert first.campaign_id == again.campaign_id == new_campaign_id(keyed().scope, keyed().key)
    assert again.replayed is not None
    other = ledger.create(NOIR, ADMIN, answer=keyed("another-key"))
    assert other.campaign_id != first.campaign_id


def test_each_creation_gets_a_new_campaign_and_token(ledger: Ledger) -> None:
    first, second = ledger.create(NOIR, ADMIN), ledger.create(NOIR, ADMIN)
    assert first.campaign_id != second.campaign_id
    assert first.tokens[0].id != second.tokens[0].id
