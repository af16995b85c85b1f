"""Talents used by their own command (docs/rules/talents.md).

- Rituals Grandmaster: "If either the leader or a participant would fail a Ritual roll,
  you may immediately spend Conviction to allow that person to reroll". The Grandmaster
  spends 1 Conviction (`ResourceSpent`), `RitualRerolled` names the failed roll, and the
  roller's new roll follows, made as the first was (ability, focus, modifier, TN, tags,
  active) with the session's dice or reported ones. The failed roll is a canon AGE test
  tagged `rituals` whose `success` is false (409 `ritual-roll-not-eligible`); each is
  rerolled once this way (409 `ritual-roll-already-rerolled`). "Immediately" is the
  table's: the ledger does not time it.
- Shaman Master: "once per encounter you may reroll one test involving Spirits". The
  character rerolls their own AGE test tagged `spirits` made in the encounter under way
  (409 `spirits-roll-not-eligible` otherwise; outside an encounter 409
  `shaman-master-needs-an-encounter`), once per encounter (409
  `shaman-master-once-per-encounter`); `ShamanMasterRerolled`, then the new roll, made as
  the first. Our reading: any such test, failed or not (the text names no outcome).
- Leader Master: "distract yourself for up to -3 on your next test to give that ally up
  to +3 on their next test". Our reading: the two are the same amount, 1 to 3; each waits
  for that character's next AGE test (`NextTestModified`). Nearby, seeing and
  communicating: the GM's judgement.
- Wizard Apex: "spend 1 Conviction once per turn to avoid or get rid of 1 Backlash. This
  does not effect any Permanent Backlash or current Backlash Consequences". 1 Conviction
  takes 1 temporary Backlash off (`BacklashAvoided`); never permanent Backlash (409
  `wizard-apex-no-temporary-backlash` at 0 temporary). Our reading of "current Backlash
  Consequences": while Consequences are due (Backlash being spent on them) it is refused
  (409 `wizard-apex-consequences-due`), and Consequences already suffered stay. Once per
  turn of the encounter under way (409 `wizard-apex-once-per-turn`); outside an
  encounter, as Leader Apex, no turns are counted and the use is not limited.
"""

from __future__ import annotations

from collections.abc import Sequence

from ledger.domain.character_refs import resolve_character
from ledger.domain.characters import require_alive
from ledger.domain.context import Context
from ledger.domain.decision import Later
from ledger.domain.encounters.talents import require_talent
from ledger.domain.errors import RuleViolation
from ledger.domain.events import DomainEvent
from ledger.domain.resources import spend_event
from ledger.domain.rolls.commands import Roll
from ledger.domain.rolls.event import Rolled
from ledger.domain.state import CampaignState
from ledger.domain.talent_uses.events import (
    BacklashAvoided,
    NextTestModified,
    RitualRerolled,
    ShamanMasterRerolled,
)


def failed_ritual(state: CampaignState, ctx: Context, position: int) -> Rolled:
    found = ctx.earlier(position) if 0 < position <= state.position else None
    roll = found.event if found else None
    if (not isinstance(roll, Rolled) or roll.kind != "age" or not roll.character_id
            or "rituals" not in roll.tags or roll.success is not False
            or state.rewind.voided_by(position) is not None):
        raise RuleViolation("ritual-roll-not-eligible", f"position {position} is not a canon, "
                            "failed AGE test tagged rituals", field="roll_position")
    if position in state.talent_uses.rerolled_rituals:
        raise RuleViolation("ritual-roll-already-rerolled",
                            f"the Ritual roll at {position} was already rerolled",
                            field="roll_position")
    return roll


def made_again(state: CampaignState, ctx: Context, first: Rolled, position: int,
               reported: list[int] | None, talent: str) -> Sequence[DomainEvent | Later]:
    """The roll at `position` made again by its roller, as it was made."""
    again = Roll(character_id=first.character_id or "", kind="age", ability=first.ability,
                 focus=first.focus, modifier=first.modifier, tn=first.tn, active=first.active,
                 tags=list(first.tags), dice=reported, label=f"reroll of the roll at {position} "
                 f"({talent})")
    return again.decide(state, ctx)


def reroll_spirits(state: CampaignState, ctx: Context, character_id: str, position: int,
                   reported: list[int] | None) -> Sequence[DomainEvent | Later]:
    """Shaman Master: once per encounter, reroll one's own Spirits test made in it."""
    shaman = require_alive(state, character_id)
    require_talent(shaman, "Shaman", "master")
    encounter = state.encounter
    if encounter is None:
        raise RuleViolation("shaman-master-needs-an-encounter",
                            "Shaman Master rerolls once per encounter: no encounter is under way")
    if state.talent_uses.spirits_reroll_encounter.get(shaman.id) == encounter.id:
        raise RuleViolation("shaman-master-once-per-encounter",
                            f"{shaman.name} already rerolled a Spirits test in this encounter")
    found = ctx.earlier(position) if encounter.started_position < position <= state.position \
        else None
    roll = found.event if found else None
    if (not isinstance(roll, Rolled) or roll.kind != "age" or roll.character_id != shaman.id
            or "spirits" not in roll.tags or state.rewind.voided_by(position) is not None):
        raise RuleViolation("spirits-roll-not-eligible", f"position {position} is not a canon AGE "
                            f"test of {shaman.name} tagged spirits in this encounter",
                            field="roll_position")
    return [ShamanMasterRerolled(character_id=shaman.id, roll_position=position,
                                encounter_id=encounter.id),
            *made_again(state, ctx, roll, position, reported, "Shaman Master")]


def reroll_ritual(state: CampaignState, ctx: Context, character_id: str, position: int,
                  reported: list[int] | None) -> Sequence[DomainEvent | Later]:
    """Rituals Grandmaster: 1 Conviction, and the failed Ritual roll at `position` is rerolled."""
    grandmaster = require_alive(state, character_id)
    require_talent(grandmaster, "Rituals", "grandmaster")
    failed = failed_ritual(state, ctx, position)
    roller = require_alive(state, failed.character_id or "")
    spent = spend_event(grandmaster, "conviction", 1,
                        f"Rituals Grandmaster: {roller.name} rerolls a failed Ritual roll")
    return [spent, RitualRerolled(character_id=grandmaster.id, roll_position=position,
                                  roller_id=roller.id),
            *made_again(state, ctx, failed, position, reported, "Rituals Grandmaster")]


def leader_trade(state: CampaignState, character_id: str, ally: str, amount: int,
                 reason: str) -> list[DomainEvent]:
    """Leader Master: -`amount` on the leader's next test, +`amount` on the ally's."""
    leader = require_alive(state, character_id)
    require_talent(leader, "Leader", "master")
    ally_id = resolve_character(state, ally, "ally")
    if ally_id == leader.id:
        raise RuleViolation("leader-master-is-for-an-ally",
                            "Leader Master gives the bonus to another character", field="ally")
    require_alive(state, ally_id)
    return [NextTestModified(character_id=leader.id, modifier=-amount, talent="Leader Master",
                             given_by=leader.id, reason=reason),
            NextTestModified(character_id=ally_id, modifier=amount, talent="Leader Master",
                             given_by=leader.id, reason=reason)]


def avoid_backlash(state: CampaignState, character_id: str, reason: str) -> list[DomainEvent]:
    """Wizard Apex: 1 Conviction takes 1 temporary Backlash off, once per encounter turn."""
    wizard = require_alive(state, character_id)
    require_talent(wizard, "Wizard", "apex")
    backlash = wizard.backlash
    if backlash.temporary < 1:
        raise RuleViolation("wizard-apex-no-temporary-backlash",
                            f"{wizard.name} has no temporary Backlash (permanent Backlash is "
                            "never avoided)")
    if backlash.consequences_due is not None:
        raise RuleViolation("wizard-apex-consequences-due",
                            f"{wizard.name} is spending Backlash on current Consequences")
    encounter = state.encounter
    turn = None if encounter is None else f"{encounter.id}/{encounter.turn_number}"
    if turn is not None and state.talent_uses.backlash_avoided_turn.get(wizard.id) == turn:
        raise RuleViolation("wizard-apex-once-per-turn",
                            f"{wizard.name} already avoided Backlash this turn")
    spent = spend_event(wizard, "conviction", 1, "Wizard Apex: avoids 1 Backlash")
    return [spent, BacklashAvoided(
        character_id=wizard.id, amount=1, before=backlash.temporary,
        after=backlash.temporary - 1, reason=reason,
        encounter_id=encounter.id if encounter else None,
        turn_number=encounter.turn_number if encounter else None)]
