"""What Compelled, Pinned, Helpless, Unconscious and Dazed leave of a participant's turn
(000; docs/rules/encounters.md, "Actions a Condition limits").

The ledger records no actions other than rolls, so it enforces what the rolls show: an
active AGE test a participant makes in their own turn is their action.

- Compelled: "can perform only a minor or a major action on their turn (not both) ...
  (-2 penalty to the test)". The -2 is on every roll already (ledger/domain/rolls/
  conditions.py); here, a second active test in the compelled character's own turn is
  refused (409 `compelled-one-action-per-turn`).
- Pinned: "can only take free actions on their turn, or attempt to free themselves using
  Fighting (Grappling) or Strength (Might), against a default TN of 13". An active test
  in the pinned character's own turn on another ability is refused (409
  `pinned-only-free-actions-or-escape`). Our reading: the escape is known by its
  ability (the focus adds its bonus when the sheet has it); its TN is the caller's,
  since 13 is a default.

- Helpless (4 or 7): "incapable of doing anything ... cannot take any actions";
  Unconscious, knocked out or by the Condition: "helpless, unable to take any actions";
  and Dying: "A dying character is helpless" (Cinematic mode excepted: a Minor action
  each round). Any active test in the character's own turn is refused (409
  `helpless-takes-no-actions`; `characters.unable_to_act`).
- Dazed: "can only perform a single minor action, not a major action". Which test is a
  minor action is the table's; a second active test in the dazed character's own turn is
  refused (409 `dazed-one-minor-action`), as Compelled's.

All are checks on the `Rolled` a command is about to record (`limit_the_turn`, listed
with the reactions to `Rolled`): a refused roll refuses its command, which records
nothing. Rolls that are not active tests (reactions, resistance, recovery, owed tests),
rolls in someone else's turn, and rolls outside an encounter are not limited.
"""

from __future__ import annotations

from ledger.domain.characters import unable_to_act
from ledger.domain.context import Context
from ledger.domain.errors import RuleViolation
from ledger.domain.events import DomainEvent
from ledger.domain.rolls import Rolled
from ledger.domain.sheet_names import canonical_or_sheet
from ledger.domain.state import CampaignState, Character

ESCAPE_ABILITIES = ("Fighting", "Strength")  # 000, Pinned: Fighting (Grappling), Strength (Might)


def _has(character: Character, name: str) -> bool:
    return any(c.name == name for c in character.conditions)


def limit_the_turn(state: CampaignState, event: DomainEvent, ctx: Context) -> list[DomainEvent]:
    encounter = state.encounter
    if (not isinstance(event, Rolled) or encounter is None or event.kind != "age"
            or not event.active or not event.character_id):
        return []
    current = encounter.current()
    character = state.characters.get(event.character_id)
    if character is None or current is None or current.character_id != character.id:
        return []
    out = unable_to_act(character)
    if out is not None:
        raise RuleViolation(
            "helpless-takes-no-actions",
            f"{character.name} is {out}: \"unable to take any actions\" (000); a reaction or "
            "a resistance roll is no action (active: false)")
    if _has(character, "Dazed") and character.id in encounter.tested_this_turn:
        raise RuleViolation(
            "dazed-one-minor-action",
            f"{character.name} is Dazed and already acted this turn: \"only a single minor "
            "action, not a major action\" (000)")
    if _has(character, "Pinned") and canonical_or_sheet(event.ability or "") not in (
            ESCAPE_ABILITIES):
        raise RuleViolation(
            "pinned-only-free-actions-or-escape",
            f"{character.name} is Pinned: only free actions on their turn, or an escape with "
            "Fighting (Grappling) or Strength (Might) (000)", field="ability",
            allowed=list(ESCAPE_ABILITIES))
    if _has(character, "Compelled") and character.id in encounter.tested_this_turn:
        raise RuleViolation(
            "compelled-one-action-per-turn",
            f"{character.name} is Compelled and already acted this turn: \"only a minor or a "
            "major action on their turn (not both)\" (000)")
    return []
