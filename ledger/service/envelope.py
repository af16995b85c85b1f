"""The envelope: each domain event as a record, stamped with its position, who recorded it,
when, the clock, the correlation id and the hash chaining it to the record before."""

from __future__ import annotations

import msgspec

from ledger.domain.chain import GENESIS, chain_hash
from ledger.domain.context import Actor
from ledger.domain.events import DomainEvent, encode_data
from ledger.domain.fold import encode_state
from ledger.domain.record import Record
from ledger.domain.state import CampaignState


class Envelope:
    """Called with each event as it is applied to `scratch` (already evolved): records it
    and moves the scratch head on, collecting the checkpoints due on the way."""

    def __init__(self, scratch: CampaignState, actor: Actor, *, correlation_id: str,
                 recorded_at: str, checkpoint_every: int) -> None:
        self.scratch = scratch
        self.actor = actor
        self.correlation_id = correlation_id
        self.recorded_at = recorded_at
        self.checkpoint_every = checkpoint_every
        self.records: list[Record] = []
        self.checkpoints: list[tuple[str, int, bytes]] = []

    def __call__(self, event: DomainEvent) -> None:
        scratch, actor = self.scratch, self.actor
        draft = Record(
            campaign_id=scratch.id, position=scratch.position + 1, type=event.type_name(),
            version=event.version, data=encode_data(event), recorded_at=self.recorded_at,
            actor_role=actor.role, actor_token=actor.token_id,
            actor_character=actor.character_id, correlation_id=self.correlation_id,
            character_id=event.character_id, session=scratch.clock.session,
            scene=scratch.clock.scene, hash="",
        )
        done = msgspec.structs.replace(draft, hash=chain_hash(scratch.head_hash or GENESIS, draft))
        self.records.append(done)
        scratch.position = done.position
        scratch.head_hash = done.hash
        scratch.recorded_at = done.recorded_at
        if done.position % self.checkpoint_every == 0:
            self.checkpoints.append((scratch.id, done.position, encode_state(scratch)))
