"""What talents left pending or used up (ledger/domain/talent_uses/; docs/rules/talents.md)."""

from __future__ import annotations

import msgspec


class NextTest(msgspec.Struct):
    """A modifier waiting for a character's next AGE test, and the talent that gave it."""

    name: str
    modifier: int
    since: int  # position of the event that gave it


class TalentUses(msgspec.Struct):
    # Positions of failed Ritual rolls rerolled by Rituals Grandmaster (one reroll each).
    rerolled_rituals: list[int] = msgspec.field(default_factory=list)
    # Character id -> modifiers waiting for their next AGE test (Leader Master, Adventurer Apex).
    next_test: dict[str, list[NextTest]] = msgspec.field(default_factory=dict)
    # Shaman Master: character id -> the encounter they rerolled a Spirits test in.
    spirits_reroll_encounter: dict[str, str] = msgspec.field(default_factory=dict)
    # Wizard Apex: character id -> "encounter id/turn number" of their last use.
    backlash_avoided_turn: dict[str, str] = msgspec.field(default_factory=dict)
