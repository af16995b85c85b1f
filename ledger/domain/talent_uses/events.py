"""The events of talents used (state: ledger/domain/state/talent_uses.py)."""

from __future__ import annotations

from ledger.domain.events import DomainEvent, evolves
from ledger.domain.state import CampaignState
from ledger.domain.state.talent_uses import NextTest


class RitualRerolled(DomainEvent, frozen=True, kw_only=True):
    """Rituals Grandmaster: `character_id` spent Conviction (its own event, just before) so
    that `roller_id` rerolls the failed Ritual roll at `roll_position` (the reroll follows)."""

    roll_position: int
    roller_id: str
    conviction: int = 1


class ShamanMasterRerolled(DomainEvent, frozen=True, kw_only=True):
    """Shaman Master: `character_id` rerolls their Spirits test at `roll_position`, once in
    encounter `encounter_id` (the reroll follows)."""

    roll_position: int
    encounter_id: str


class NextTestModified(DomainEvent, frozen=True, kw_only=True):
    """A modifier for `character_id`'s next AGE test, given by `talent` (of `given_by`)."""

    modifier: int
    talent: str
    given_by: str
    reason: str = ""


class NextTestModifiersUsed(DomainEvent, frozen=True, kw_only=True):
    """The waiting modifiers went into `character_id`'s AGE test recorded just before."""

    total: int


class BacklashAvoided(DomainEvent, frozen=True, kw_only=True):
    """Wizard Apex: 1 Conviction (its own event, just before) took 1 temporary Backlash off."""

    amount: int
    before: int  # temporary Backlash before and after
    after: int
    encounter_id: str | None = None
    turn_number: int | None = None
    reason: str = ""


@evolves(RitualRerolled)
def _rerolled(state: CampaignState, e: RitualRerolled) -> None:
    state.talent_uses.rerolled_rituals.append(e.roll_position)


@evolves(ShamanMasterRerolled)
def _spirits_rerolled(state: CampaignState, e: ShamanMasterRerolled) -> None:
    state.talent_uses.spirits_reroll_encounter[e.character_id or ""] = e.encounter_id


@evolves(NextTestModified)
def _modified(state: CampaignState, e: NextTestModified) -> None:
    state.talent_uses.next_test.setdefault(e.character_id or "", []).append(
        NextTest(name=e.talent, modifier=e.modifier, since=state.position + 1))


@evolves(NextTestModifiersUsed)
def _used(state: CampaignState, e: NextTestModifiersUsed) -> None:
    state.talent_uses.next_test.pop(e.character_id or "", None)


@evolves(BacklashAvoided)
def _avoided(state: CampaignState, e: BacklashAvoided) -> None:
    state.characters[e.character_id or ""].backlash.temporary = e.after
    if e.encounter_id is not None:
        state.talent_uses.backlash_avoided_turn[e.character_id or ""] = \
            f"{e.encounter_id}/{e.turn_number}"
