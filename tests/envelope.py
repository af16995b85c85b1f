"""The one shape of every answer (README, "Answers"): what the envelope tests check.

A write answers `{position, events, <key>: its primary resource, changed}` (plus its
receipt and the command's declared extra keys); a read has `position` and names its
resource under one key. The exempt operations answer no campaign position.
"""

from __future__ import annotations

from typing import Any

from api.registry import Registration

ENVELOPE = {"position", "events", "changed", "receipt"}
CHANGED_KINDS = {"characters", "items", "spirits"}
# Operations without `position`: outside any campaign's history, or about access.
NO_POSITION = {"/healthz", "/readyz", "/healthz/runners", "/metrics", "/v1/signing-key",
               "/v1/catalog", "/v1/catalog/{name}", "/v1/campaigns/{campaign_id}/tokens",
               "/v1/campaigns/{campaign_id}/webhooks", "/v1/me",
               "/v1/campaigns/{campaign_id}/webhooks/{webhook_id}/deliveries",
               "/v1/campaigns/{campaign_id}/feed-tickets",
               # Audit documents: each names the positions it proves (tree_size, entries).
               "/v1/campaigns/{campaign_id}/timeline", "/v1/campaigns/{campaign_id}/verify",
               "/v1/campaigns/{campaign_id}/head", "/v1/campaigns/{campaign_id}/proofs/inclusion",
               "/v1/campaigns/{campaign_id}/proofs/consistency",
               # A rules table, the same in every campaign (the catalogue's kind of read).
               "/v1/campaigns/{campaign_id}/magic/resistance-factors",
               # A fork beside its origin: each side names its own position.
               "/v1/campaigns/{campaign_id}/characters/{character_id}/compare"}


def is_recorded(registration: Registration) -> bool:
    """A write through the history (not a token, webhook or feed ticket)."""
    return "events" in registration.answer.schema.get("properties", {})


def envelope_problems(registration: Registration, body: Any) -> list[str]:
    """What is wrong with `body`, the answer of `registration`'s command."""
    if not isinstance(body, dict):
        return ["not an object"]
    key = registration.answer.key
    declared = set(registration.answer.schema.get("properties", {}))
    found = []
    missing = ENVELOPE - {"receipt"} - set(body)
    if missing:
        found.append(f"missing {sorted(missing)}")
    if key is not None and key not in body:
        found.append(f"no primary resource under {key!r}")
    if "state" in body and key != "state":
        found.append("a `state` key")
    if set(body) - declared:
        found.append(f"undeclared keys {sorted(set(body) - declared)}")
    changed = body.get("changed")
    if not isinstance(changed, dict) or set(changed) != CHANGED_KINDS or not all(
            isinstance(ids, list) and all(isinstance(i, str) for i in ids)
            for ids in changed.values()):
        found.append(f"`changed` is not lists of ids by kind: {changed!r}")
    return found
