"""Which character a token is bound to (docs/security.md): a player token names one
character of the campaign; GM and observer tokens name none."""

from __future__ import annotations

from ledger.domain.errors import InvalidInput, NotFound
from ledger.domain.state import CampaignState


def check_token_binding(state: CampaignState, role: str, character_id: str | None) -> None:
    if role == "player":
        if not character_id:
            raise InvalidInput("player-needs-character", "required for a player token",
                               field="character_id")
        if character_id not in state.characters:
            raise NotFound("character", character_id)
    elif character_id:
        raise InvalidInput("character-only-for-players", "only for role player",
                           field="character_id")
