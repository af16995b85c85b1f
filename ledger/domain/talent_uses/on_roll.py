"""Talents that change an AGE roll when it is made (docs/rules/talents.md):

- Leader Master: the modifiers waiting for the roller's next test (`NextTestModified`) go
  into this roll, by name, and are used up (`NextTestModifiersUsed`, after the roll).
- Adventurer Apex: "Whenever you spend Conviction during an encounter, you may also add
  +3 to any part of the roll that results". A roll asking `spend_conviction` spends 1
  Conviction before it (`ResourceSpent`); in an encounter, with the talent, the roll gets
  +3. Our reading: the roll that results is the roll the Conviction is spent on; "any
  part of the roll" is the total here (moving it to the Stunt Die: shown). Without the
  talent or outside an encounter the spend is recorded and the roll gets nothing from it.
- Warrior Master: "up to a -3 penalty on your attack roll to receive a corresponding bonus
  to your damage roll", or the reverse, chosen before the roll: `attack_trade` (-3..3) is
  the attack's modifier, in the total; the damage roll's opposite modifier is named in
  the roll's notes (the damage roll is the table's notation roll).
"""

from __future__ import annotations

import msgspec

from ledger.domain.errors import RuleViolation
from ledger.domain.events import DomainEvent
from ledger.domain.resources import spend_event
from ledger.domain.rolls.event import RollModifier
from ledger.domain.state import CampaignState, Character
from ledger.domain.stunts.talents import has
from ledger.domain.talent_uses.events import NextTestModifiersUsed

ADVENTURER_APEX = 3


class OnRoll(msgspec.Struct, frozen=True, kw_only=True):
    before: list[DomainEvent]  # recorded before the roll
    named: list[RollModifier]
    notes: list[str]
    after: list[DomainEvent]  # recorded after the roll


def talents_on_roll(state: CampaignState, character: Character, *, spend_conviction: bool,
                    attack_trade: int) -> OnRoll:
    before: list[DomainEvent] = []
    named = [RollModifier(name=w.name, modifier=w.modifier)
             for w in state.talent_uses.next_test.get(character.id, [])]
    after: list[DomainEvent] = []
    if named:
        after.append(NextTestModifiersUsed(character_id=character.id,
                                           total=sum(m.modifier for m in named)))
    if spend_conviction:
        apex = state.encounter is not None and has(character, "Adventurer", "apex")
        before.append(spend_event(character, "conviction", 1,
                                  "on a roll" + (" (Adventurer Apex +3)" if apex else "")))
        if apex:
            named.append(RollModifier(name="Adventurer Apex", modifier=ADVENTURER_APEX))
    notes: list[str] = []
    if attack_trade:
        if not has(character, "Warrior", "master"):
            raise RuleViolation("talent-not-on-sheet", f"{character.name} lacks Warrior Master "
                                "(trading attack for damage)", field="attack_trade")
        named.append(RollModifier(name="Warrior Master", modifier=attack_trade))
        notes.append(f"Warrior Master: damage {-attack_trade:+d}")
    return OnRoll(before=before, named=named, notes=notes, after=after)
