"""A deep copy of a campaign state: the one way to take a scratch copy or a snapshot."""

from __future__ import annotations

import msgspec

from ledger.domain.state.campaign import CampaignState

_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(CampaignState)


def clone(state: CampaignState) -> CampaignState:
    """An independent copy: msgspec's round trip is faster than copy.deepcopy on Structs."""
    return _decoder.decode(_encoder.encode(state))
