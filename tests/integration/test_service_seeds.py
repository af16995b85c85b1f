"""Dice seeds (ledger/service/seeds.py) on both stores: sealed in the command's transaction,
opened again by a fresh process for their own campaign and epoch only."""

from __future__ import annotations

import msgspec
import pytest
from cryptography.exceptions import InvalidTag

from ledger.domain import clock
from ledger.domain.dice import seed_commitment
from ledger.domain.errors import NotFound, RuleViolation
from ledger.service.ledger import Ledger
from ledger.service.seeds import CommandSeeds, SeedVault
from tests.integration.audit_helpers import GM
from tests.integration.service_helpers import spending


def test_a_sealed_seed_opens_in_a_fresh_vault_to_the_committed_seed(ledger: Ledger) -> None:
    campaign_id, _ = spending(ledger, 2)
    ledger.execute(campaign_id, GM, clock.start_session)  # commits to epoch 1
    head = ledger.state(campaign_id)
    fresh = SeedVault(ledger.store, ledger.box)
    assert fresh.opened == {}
    seed = fresh.seed_for(campaign_id, 1)
    assert seed_commitment(seed) == head.dice_commitment
    assert fresh.dice_seed(head) == seed
    assert fresh.opened == {(campaign_id, 1): seed}


def test_a_sealed_seed_is_bound_to_its_campaign_and_epoch(ledger: Ledger) -> None:
    campaign_id, _ = spending(ledger, 2)
    vault = SeedVault(ledger.store, ledger.box)
    sealed = vault.seal("cmp_other", {0: b"s" * 32})
    assert [(c, e) for c, e, _ in sealed] == [("cmp_other", 0)]
    with pytest.raises(InvalidTag):
        ledger.box.open(sealed[0][2], f"{campaign_id}|0".encode())
    assert ledger.box.open(sealed[0][2], b"cmp_other|0") == b"s" * 32


def test_an_epoch_without_a_sealed_seed_cannot_roll_server_dice(ledger: Ledger) -> None:
    campaign_id, _ = spending(ledger, 2)
    vault = SeedVault(ledger.store, ledger.box)
    with pytest.raises(NotFound):
        vault.seed_for(campaign_id, 7)
    imported = ledger.state(campaign_id)
    with pytest.raises(RuleViolation) as refused:
        vault.dice_seed(msgspec.structs.replace(imported, dice_epoch=7))
    assert refused.value.rule == "dice-seed-unavailable"


def test_no_campaign_yet_rolls_from_zeros(ledger: Ledger) -> None:
    campaign_id, _ = spending(ledger, 1)
    before = ledger.state_at(campaign_id, 1)
    before.position = 0
    assert SeedVault(ledger.store, ledger.box).dice_seed(before) == b"\0" * 32


def test_a_command_reveals_its_own_new_seeds_then_stored_ones_else_nothing(
        ledger: Ledger) -> None:
    campaign_id, _ = spending(ledger, 2)
    broker = CommandSeeds(SeedVault(ledger.store, ledger.box), campaign_id)
    commitment = broker.commit_new(1)
    assert seed_commitment(bytes.fromhex(broker.reveal(1))) == commitment
    assert seed_commitment(bytes.fromhex(broker.reveal(0))) == \
        ledger.state_at(campaign_id, 1).dice_commitment
    assert broker.reveal(5) == ""  # an imported campaign's open epoch stays pending

