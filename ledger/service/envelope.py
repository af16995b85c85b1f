"""The envelope: each domain event as a record, stamped with its position, who recorded it,
when, the clock, the correlation id and the hash chaining it to the record before."""

from __future__ import annotations

import msgspec

from ledger.adapters.checkpoint_seal import CheckpointSeal
from ledger.adapters.store.records import CheckpointRow
from ledger.domain.chain import GENESIS, chain_hash
from ledger.domain.context import Actor
from ledger.domain.events import DomainEvent, encode_data
from ledger.domain.fold import encode_state
from ledger.domain.record import Record
from ledger.domain.state import CampaignState


class Envelope:
    """The pipeline's stamp: called with each event once it is evolved and the pipeline has
    advanced the position; seals it as a record, moves the head hash on and collects the
    checkpoints due on the way."""

    def __init__(self, scratch: CampaignState, actor: Actor, *, correlation_id: str,
                 recorded_at: str, checkpoint_every: int, seal: CheckpointSeal) -> None:
        self.scratch = scratch
        self.actor = actor
        self.correlation_id = correlation_id
        self.recorded_at = recorded_at
        self.checkpoint_every = checkpoint_every
        self.seal = seal
        self.records: list[Record] = []
        self.checkpoints: list[CheckpointRow] = []

    def __call__(self, scratch: CampaignState, event: DomainEvent) -> None:
        actor = self.actor
        draft = Record(
            campaign_id=scratch.id, position=scratch.position, type=event.type_name(),
            version=event.version, data=encode_data(event), recorded_at=self.recorded_at,
            actor_role=actor.role, actor_token=actor.token_id,
            actor_character=actor.character_id, correlation_id=self.correlation_id,
            character_id=event.character_id, session=scratch.clock.session,
            scene=scratch.clock.scene, hash="",
        )
        done = msgspec.structs.replace(draft, hash=chain_hash(scratch.head_hash or GENESIS, draft))
        self.records.append(done)
        scratch.head_hash = done.hash
        scratch.recorded_at = done.recorded_at
        if done.position % self.checkpoint_every == 0:
            self.checkpoints.append(self.seal.row(scratch.id, done.position, done.hash,
                                                  encode_state(scratch)))
