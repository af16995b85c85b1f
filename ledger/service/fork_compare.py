"""A character compared between a position of a fork's origin and a position of the fork
(docs/forks.md): "what if I had not cast that?" read side by side."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from ledger.adapters.store.base import EventStore
from ledger.domain.audit.diff import changes
from ledger.domain.character_answer import character_answer
from ledger.domain.errors import Forbidden, InvalidInput, NotFound
from ledger.domain.state import CampaignState

if TYPE_CHECKING:
    from ledger.service.ledger import Ledger


def _side(state: CampaignState, character_id: str) -> dict[str, Any]:
    found = state.characters.get(character_id)
    shown = None if found is None else msgspec.to_builtins(character_answer(found))
    return {"campaign_id": state.id, "position": state.position, "character": shown}


def forker_still_gm(store: EventStore, fork_id: str, origin_id: str) -> bool:
    """The origin's later history is the fork's to read while the origin's GM token that
    made the fork (the fork's first event's actor), or a rotation of it, is live. An outside
    attack read the origin after revoking the forker: the fork's token was a second way in."""
    first = store.read(fork_id, after=0, upto=1)
    forker = first[0].actor_token if first else None
    if forker is None:
        return True
    tokens = store.tokens(origin_id)
    made_by = next((t for t in tokens if t.id == forker), None)
    lineage = made_by.scope if made_by else forker
    return any(t.scope == lineage and t.role == "gm" and t.revoked_at is None for t in tokens)


def check_forker_still_gm(led: Ledger, fork_id: str, origin_id: str) -> None:
    """403 once the origin's GMs revoked the token that made the fork."""
    if not forker_still_gm(led.store, fork_id, origin_id):
        raise Forbidden("fork-origin-access-revoked", "the origin's GM token that made this "
                        "fork was revoked: the origin's later history is no longer this "
                        "fork's to read")


def compare_character(led: Ledger, fork_id: str, character_id: str, origin_at: int,
                      at: int | None) -> dict[str, Any]:
    """Both sides in canon view (what rewinds voided left out); `changes` go from the
    origin's side to the fork's. A character on neither side is 404."""
    head = led.state(fork_id)
    if head.forked_from is None:
        raise InvalidInput("not-a-fork", "this campaign is no fork: it has no origin to "
                           "compare with", field="origin_at")
    check_forker_still_gm(led, fork_id, head.forked_from.campaign_id)
    origin = led.canon_state_at(head.forked_from.campaign_id, origin_at)
    fork = head if at is None or at == head.position else led.canon_state_at(fork_id, at)
    theirs, mine = _side(origin, character_id), _side(fork, character_id)
    if theirs["character"] is None and mine["character"] is None:
        raise NotFound("character", character_id)
    diff = changes({"character": theirs["character"]}, {"character": mine["character"]})
    return {"character_id": character_id, "origin": theirs, "fork": mine,
            "changes": [msgspec.to_builtins(c) for c in diff]}
