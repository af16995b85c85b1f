"""Folding records into state: the one code path for "what the state was".

The write side, time travel, replay and verification all call `apply_record`,
which decodes (upcasting old versions) and calls the pure `evolve`.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from ledger.domain import all_rules as domain  # noqa: F401  (registers every event type and evolver)
from ledger.domain.chain import check_data
from ledger.domain.events import decode_data, evolve
from ledger.domain.record import Record
from ledger.domain.state import CampaignState
from ledger.domain.state.shape import shape_digest

_state_encoder = msgspec.json.Encoder()
_state_decoder = msgspec.json.Decoder(CampaignState)

# A checkpoint names the data shape of the state it holds (never class names or docs): one
# of another shape is not misread but rebuilt by the next read that needs it (ledger/service/ledger.py).
def state_format(state_type: type) -> bytes:
    return shape_digest(state_type)[:16].encode()


STATE_FORMAT = state_format(CampaignState)
STATE_PREFIX = STATE_FORMAT + b"|"


def blank(campaign_id: str) -> CampaignState:
    return CampaignState(id=campaign_id)


def apply_record(state: CampaignState, record: Record) -> CampaignState:
    """Raises UnreadableData at stored data that is not strict JSON (a key twice): such a
    row is reported as tampered, never folded by one reading of it."""
    check_data(record)
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
    return STATE_PREFIX + _state_encoder.encode(state)


def decode_state(blob: bytes) -> CampaignState | None:
    """The state in a checkpoint, or None when this code cannot read it."""
    if not blob.startswith(STATE_PREFIX):
        return None
    try:
        return _state_decoder.decode(blob[len(STATE_PREFIX):])
    except msgspec.DecodeError:
        return None
