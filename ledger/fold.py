"""Folding records into state: the one code path for "what the state was".

The write side, time travel, replay and verification all call `apply_record`,
which decodes (upcasting old versions) and calls the pure `evolve`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

import msgspec

from ledger import domain  # noqa: F401  (registers every event type and evolver)
from ledger.events import decode_data, evolve
from ledger.state import CampaignState
from ledger.store.records import Record

_state_encoder = msgspec.json.Encoder()
_state_decoder = msgspec.json.Decoder(CampaignState)

# Checkpoints written by a different shape of state are ignored, never misread.
STATE_FORMAT = hashlib.sha256(
    msgspec.json.encode(msgspec.json.schema(CampaignState))
).hexdigest()[:16].encode()


def blank(campaign_id: str) -> CampaignState:
    return CampaignState(id=campaign_id)


def apply_record(state: CampaignState, record: Record) -> CampaignState:
    event = decode_data(record.type, record.version, record.data)
    evolve(state, event)
    state.position = record.position
    state.head_hash = record.hash
    state.recorded_at = record.recorded_at
    return state


def fold(state: CampaignState, records: Iterable[Record]) -> CampaignState:
    for record in records:
        apply_record(state, record)
    return state


def encode_state(state: CampaignState) -> bytes:
    return STATE_FORMAT + b"|" + _state_encoder.encode(state)


def decode_state(blob: bytes) -> CampaignState | None:
    fmt, _, body = blob.partition(b"|")
    if fmt != STATE_FORMAT:
        return None
    return _state_decoder.decode(body)


def clone(state: CampaignState) -> CampaignState:
    return _state_decoder.decode(_state_encoder.encode(state))
