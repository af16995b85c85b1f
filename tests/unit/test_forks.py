"""What-if forks: the `ForkedFrom` event's evolve and the consistency check of an origin's
tree head (ledger/domain/forks.py, ledger/domain/merkle_proofs.py, docs/forks.md)."""

from __future__ import annotations

import hashlib

import msgspec

from ledger.domain import merkle
from ledger.domain.events import evolve
from ledger.domain.forks import ForkedFrom, OriginTreeHead, fork_campaign
from ledger.domain.merkle_proofs import consistent
from ledger.domain.state import CampaignState, Character, ForkOrigin
from ledger.domain.state.audit import RewindState, VoidedRange
from tests.unit.harness import context

ORIGIN = ForkOrigin(campaign_id="cmp_origin", position=7, head_hash="aa" * 32)
STH = OriginTreeHead(campaign_id="cmp_origin", tree_size=7, root_hash="bb" * 32,
                     head_hash="aa" * 32, timestamp="2026-01-01T00:00:00Z", key_id="cc" * 32,
                     algorithm="Ed25519", signature="dd" * 64)


def origin_state() -> CampaignState:
    state = CampaignState(id="cmp_origin", name="The Ashen Road", position=7,
                          head_hash="aa" * 32, recorded_at="2026-01-01T00:00:00Z",
                          dice_epoch=2, dice_commitment="origin-commitment", serial=5)
    state.characters["chr_1"] = Character(id="chr_1", name="Mara")
    state.clock.session, state.clock.session_open = 2, True
    state.rewind = RewindState(voided=[VoidedRange(first=3, last=4, by=6)], last_rewind=6)
    return state


def forked_event(at_origin: CampaignState) -> ForkedFrom:
    (event,) = fork_campaign("What if", ORIGIN, STH, at_origin)(
        CampaignState(id="cmp_fork"), context())
    assert isinstance(event, ForkedFrom)
    return event


def test_forked_from_sets_the_state_to_the_origins_state_at_the_position() -> None:
    state = CampaignState(id="cmp_fork")
    evolve(state, forked_event(origin_state()))
    assert state.characters["chr_1"].name == "Mara"
    assert (state.clock.session, state.clock.session_open, state.serial) == (2, True, 5)


def test_forked_from_keeps_the_forks_own_id_and_name() -> None:
    state = CampaignState(id="cmp_fork")
    evolve(state, forked_event(origin_state()))
    assert (state.id, state.name) == ("cmp_fork", "What if")


def test_forked_from_leaves_the_origins_rewinds_behind() -> None:
    state = CampaignState(id="cmp_fork")
    evolve(state, forked_event(origin_state()))
    assert state.rewind == RewindState()


def test_forked_from_takes_a_dice_epoch_of_its_own_numbered_as_the_origins() -> None:
    event = forked_event(origin_state())
    state = CampaignState(id="cmp_fork")
    evolve(state, event)
    assert state.dice_epoch == 2
    assert state.dice_commitment == event.dice_commitment == "commitment-2"  # the fork's seeds
    assert state.dice_commitment != "origin-commitment"


def test_forked_from_names_its_origin() -> None:
    state = CampaignState(id="cmp_fork")
    evolve(state, forked_event(origin_state()))
    assert state.forked_from == ORIGIN


def test_forked_from_state_is_not_shared_with_the_event() -> None:
    event = forked_event(origin_state())
    state = CampaignState(id="cmp_fork")
    evolve(state, event)
    state.characters["chr_1"].name = "Changed in the fork"
    assert event.state.characters["chr_1"].name == "Mara"


def test_forked_from_survives_its_stored_form() -> None:
    """Decoded from its stored JSON, the event folds to the same state."""
    event = forked_event(origin_state())
    stored = msgspec.json.decode(msgspec.json.encode(event), type=ForkedFrom)
    a, b = CampaignState(id="cmp_fork"), CampaignState(id="cmp_fork")
    evolve(a, event)
    evolve(b, stored)
    assert a == b


def _tree(size: int) -> dict[merkle.Key, bytes]:
    hashes = [hashlib.sha256(str(i).encode()).hexdigest() for i in range(size)]
    return dict(merkle.all_nodes(hashes))


def test_consistency_proof_of_an_origin_that_grew_checks() -> None:
    nodes = _tree(13)
    for first in (1, 4, 6, 13):
        proof = merkle.consistency(nodes.__getitem__, first, 13)
        assert consistent(first, 13, merkle.root(nodes.__getitem__, first),
                          merkle.root(nodes.__getitem__, 13), proof)


def test_consistency_proof_fails_for_a_tree_head_the_origin_never_had() -> None:
    nodes = _tree(13)
    proof = merkle.consistency(nodes.__getitem__, 6, 13)
    forged = hashlib.sha256(b"another past").digest()
    assert not consistent(6, 13, forged, merkle.root(nodes.__getitem__, 13), proof)
