"""Limited Mana Recovery (002), applied to every Mana gain.

Rules (002 "Supernatural Type", Limited Mana Recovery, and docs/rules/magic-test.md):
- "Every point in the severity of this Consequence represents additional Mana lost to
  the feeding process: at 3 Backlash points, a character needs to recover 4 Mana in
  order to keep 1 Mana." Our reading: at severity s, each s + 1 Mana recovered keeps 1.
- The severity is input: the GM records it (a correction of `mana_recovery_limit`, 0
  when the Consequence ends), since the texts give no duration for it.
- Mana recovered that does not yet make a whole point kept is carried to the next gain
  ("needs to recover 4 Mana", over however many gains), recorded on the character.
"""

from __future__ import annotations

from ledger.domain.events import DomainEvent, evolves
from ledger.domain.state import CampaignState, Character


class ManaRecoveryLimited(DomainEvent, frozen=True, kw_only=True):
    """A Mana gain under Limited Mana Recovery: what was recovered and what is kept."""

    limit: int  # the Consequence's severity
    recovered: int
    kept: int
    progress_before: int
    progress_after: int


@evolves(ManaRecoveryLimited)
def _limited(state: CampaignState, e: ManaRecoveryLimited) -> None:
    state.characters[e.character_id or ""].mana_recovery_progress = e.progress_after


def limited_event(character: Character, recovered: int) -> ManaRecoveryLimited | None:
    """None without the Consequence; else how much of `recovered` Mana is kept."""
    limit = character.mana_recovery_limit
    if limit <= 0:
        return None
    per_point = limit + 1
    total = character.mana_recovery_progress + recovered
    return ManaRecoveryLimited(character_id=character.id, limit=limit, recovered=recovered,
                               kept=total // per_point,
                               progress_before=character.mana_recovery_progress,
                               progress_after=total % per_point)
