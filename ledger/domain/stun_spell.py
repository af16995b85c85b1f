"""The Stun and Stunwave spells' knockout (001; the rules README, "Unconscious ends").

001: "This damage can strike a creature unconscious, but it awakens ten minutes later with
one hit point." The README: "the Stun and Stunwave spells: after ten minutes, with 1 Health".

- The ledger knows the damage came from the spell by the damage command's optional `spell`
  ("Stun" or "Stunwave"), recorded on `Damaged.spell`. Such damage is stun damage: another
  type with a spell named is refused (`stun-spell-deals-stun-damage`,
  ledger/domain/resources.py `damage`).
- Damage from the spell that leaves Health at 0 records a knockout of its own cause,
  "stun-spell", ending ten minutes of game time later (no dice: the text gives ten). The
  clock reaching that minute ends it, mid-fight through the round's `TimeAdvanced`, and
  the character then has 1 Health (a `Healed` for whatever is missing up to 1).
- Each cause on its own: healing and First Aid do not end this one (the text wakes the
  creature only after the ten minutes). Our reading: a new day ends it, as it does stun
  damage's 2d6 minutes (far more than ten minutes pass), with the same 1 Health.
"""

from __future__ import annotations

from ledger.domain.clock import NewDay, TimeAdvanced
from ledger.domain.context import Context
from ledger.domain.events import DomainEvent
from ledger.domain.resources import Damaged, heal_event
from ledger.domain.state import CampaignState, Character
from ledger.domain.unconscious import KnockedOut, UnconsciousEnded

STUN_SPELL = "stun-spell"
STUN_SPELLS = ("Stun", "Stunwave")
TEN_MINUTES = 10


def from_the_spell(event: DomainEvent) -> bool:
    return isinstance(event, Damaged) and event.spell in STUN_SPELLS


def knock_out(state: CampaignState, event: DomainEvent, ctx: Context) -> list[DomainEvent]:
    """A reaction to `Damaged`: the spell's damage to 0 Health knocks out for ten minutes."""
    if not isinstance(event, Damaged) or not from_the_spell(event) or not event.unconscious:
        return []
    character = state.characters[event.character_id or ""]
    if character.dead or any(k.cause == STUN_SPELL for k in character.knockouts):
        return []  # already out from the spell: the first ten minutes stand
    return [KnockedOut(character_id=character.id, cause=STUN_SPELL, minutes=TEN_MINUTES,
                       until_minute=state.clock.minutes + TEN_MINUTES, regains=1)]


def _wake(character: Character, why: str) -> list[DomainEvent]:
    out: list[DomainEvent] = [UnconsciousEnded(character_id=character.id, cause=STUN_SPELL,
                                               why=why)]
    missing = 1 - character.health.current
    if missing > 0:
        out.append(heal_event(character, missing, "awakens with one hit point (Stun, 001)"))
    return out


def wake(state: CampaignState, event: DomainEvent, ctx: Context) -> list[DomainEvent]:
    """A reaction to `TimeAdvanced` (each round crossing a minute) and `NewDay`."""
    if not isinstance(event, TimeAdvanced | NewDay):
        return []
    out: list[DomainEvent] = []
    for character in state.characters.values():
        knockout = next((k for k in character.knockouts if k.cause == STUN_SPELL), None)
        if character.dead or knockout is None:
            continue
        if isinstance(event, NewDay):
            out += _wake(character, "new-day")
        elif knockout.until_minute is not None and event.after >= knockout.until_minute:
            out += _wake(character, "time-passed")
    return out
