"""Issuing tokens with the process's ledger (the rule itself is ledger.tokens)."""

from __future__ import annotations

from api.runtime import ledger
from ledger import tokens


def issue_token(campaign_id: str, role: str, character_id: str | None, label: str) -> tuple[str, str]:
    led = ledger()
    return tokens.issue_token(led.store, led.box, campaign_id, role, character_id, label)
