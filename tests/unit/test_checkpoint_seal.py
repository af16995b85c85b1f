"""Checkpoint seals and how a read sorts a stored checkpoint (ledger/adapters/checkpoint_seal.py,
ledger/service/checkpoints.py): good, stale, or forged by its seal or its place in the chain."""

from __future__ import annotations

import pytest

from ledger.adapters.checkpoint_seal import CheckpointSeal
from ledger.adapters.secrets_box import SecretBox
from ledger.adapters.store.records import StoredCheckpoint
from ledger.domain.fold import blank, encode_state
from ledger.service.checkpoints import judge

SEAL = CheckpointSeal(SecretBox(bytes(32)))
HEAD = "ab" * 32


def stored(**change: object) -> StoredCheckpoint:
    state = blank("cmp_c")
    state.position, state.head_hash = 30, HEAD
    blob = encode_state(state)
    fields: dict[str, object] = {"position": 30, "state": blob, "head_hash": HEAD,
                                 "mac": SEAL.mac("cmp_c", 30, HEAD, blob), "chain_hash": HEAD}
    return StoredCheckpoint(**{**fields, **change})  # type: ignore[arg-type]


def test_a_sealed_checkpoint_at_the_chains_hash_is_good() -> None:
    state, verdict = judge(SEAL, "cmp_c", stored())
    assert verdict == "good"
    assert state is not None
    assert state.position == 30


def test_a_checkpoint_without_a_seal_is_stale() -> None:
    assert judge(SEAL, "cmp_c", stored(mac=None, head_hash=None)) == (None, "stale")


def test_a_sealed_checkpoint_in_another_state_format_is_stale() -> None:
    blob = b"0123456789abcdef|{}"
    assert judge(SEAL, "cmp_c", stored(state=blob, mac=SEAL.mac("cmp_c", 30, HEAD, blob))) == (
        None, "stale")


@pytest.mark.parametrize("change", [{"state": b"edited"}, {"position": 31},
                                    {"head_hash": "cd" * 32, "chain_hash": "cd" * 32},
                                    {"mac": bytes(32)}])
def test_a_checkpoint_whose_seal_fails_is_forged_by_mac(change: dict[str, object]) -> None:
    assert judge(SEAL, "cmp_c", stored(**change)) == (None, "mac")


def test_a_checkpoint_of_another_campaign_is_forged_by_mac() -> None:
    assert judge(SEAL, "cmp_other", stored()) == (None, "mac")


def test_a_sealed_checkpoint_off_the_chains_hash_is_forged_by_chain() -> None:
    assert judge(SEAL, "cmp_c", stored(chain_hash="ef" * 32)) == (None, "chain")
    assert judge(SEAL, "cmp_c", stored(chain_hash=None)) == (None, "chain")


def test_another_server_key_does_not_hold_the_seal() -> None:
    other = CheckpointSeal(SecretBox(bytes([1]) * 32))
    found = stored()
    assert not other.holds("cmp_c", 30, HEAD, found.state, found.mac)
