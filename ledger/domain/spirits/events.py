"""Spirit events and how each changes the state (CWN 6.2).

Every fact (cost, hit points, dice, who acted) is computed by the decision and
recorded here; the evolvers only copy it into `state.spirits` and append the
status history.
"""

from __future__ import annotations

from ledger.domain.events import DomainEvent, evolves
from ledger.domain.state import CampaignState
from ledger.domain.state.spirits import Spirit, StatusChange, Summoning


class SpiritEvent(DomainEvent, frozen=True, kw_only=True):
    """Concerns one spirit; `character_id` is its summoner (or, for a banishment, the banisher)."""

    spirit_id: str


class SpiritSummoned(SpiritEvent, frozen=True, kw_only=True):
    mode: str
    nature: str
    form: str
    form_level: int
    appearance: str
    powers: list[str]
    hit_dice: int
    base_hit_points: int
    max_hit_points: int  # base + 2 per hit die for a Namebearer
    skill_bonus: int | None
    name: str | None
    notes: str
    cost: int
    summon_skill: int
    earlier_immediate: int
    commitment_id: str
    resummoned: bool
    day: int
    minute: int
    scene: int | None


class SpiritDismissed(SpiritEvent, frozen=True, kw_only=True):
    pass


class SpiritCalled(SpiritEvent, frozen=True, kw_only=True):
    pass


class SpiritDispelled(SpiritEvent, frozen=True, kw_only=True):
    reason: str  # "dispelled" or "summoner-died"


class SpiritDamaged(SpiritEvent, frozen=True, kw_only=True):
    amount: int
    before: int
    after: int
    reason: str


class SpiritDestroyed(SpiritEvent, frozen=True, kw_only=True):
    pass


class SpiritVanished(SpiritEvent, frozen=True, kw_only=True):
    reason: str  # "hour-over" or "new-day"
    minute: int  # the game minute its hour ended


class SpiritBrokeFree(SpiritEvent, frozen=True, kw_only=True):
    pass


class SpiritFaded(SpiritEvent, frozen=True, kw_only=True):
    reason: str


class SpiritCompelled(SpiritEvent, frozen=True, kw_only=True):
    command: str  # "distasteful", "suicidal" or "contrary"
    difficulty: int
    total: int
    success: bool


class SpiritBanishAttempted(SpiritEvent, frozen=True, kw_only=True):
    summoner_id: str | None  # the opposing summoner, or None for an uncontrolled spirit
    total: int
    opposing_total: int
    success: bool
    damage: int


def _change(state: CampaignState, spirit_id: str, status: str, reason: str) -> None:
    spirit = state.spirits[spirit_id]
    spirit.status = status
    spirit.history.append(StatusChange(status=status, reason=reason, position=state.position + 1,
                                       day=state.clock.day, minute=state.clock.minutes))


@evolves(SpiritSummoned)
def _summoned(state: CampaignState, e: SpiritSummoned) -> None:
    old = state.spirits.get(e.spirit_id)
    spirit = Spirit(
        id=e.spirit_id, summoner_id=e.character_id or "", mode=e.mode, nature=e.nature,
        form=e.form, form_level=e.form_level, appearance=e.appearance, powers=list(e.powers),
        hit_dice=e.hit_dice, hit_points=e.max_hit_points, max_hit_points=e.max_hit_points,
        status="present", skill_bonus=e.skill_bonus, name=e.name, notes=e.notes,
        summonings=old.summonings if old else [], history=old.history if old else [],
    )
    spirit.summonings.append(Summoning(mode=e.mode, cost=e.cost, commitment_id=e.commitment_id,
                                       position=state.position + 1, day=e.day, minute=e.minute,
                                       scene=e.scene))
    state.spirits[e.spirit_id] = spirit
    _change(state, e.spirit_id, "present", "summoned again" if e.resummoned else "summoned")


# Events that only move a spirit to a status: the status, and the reason when the event has none.
STATUS_OF: dict[type[SpiritEvent], tuple[str, str]] = {
    SpiritDismissed: ("dismissed", "dismissed"),
    SpiritCalled: ("present", "called"),
    SpiritDispelled: ("dispelled", "dispelled"),
    SpiritDestroyed: ("destroyed", "reduced to 0 hit points"),
    SpiritVanished: ("vanished", "hour-over"),
    SpiritBrokeFree: ("uncontrolled", "broke free"),
    SpiritFaded: ("faded", "faded"),
}


def _status_changed(state: CampaignState, e: SpiritEvent) -> None:
    status, default = STATUS_OF[type(e)]
    _change(state, e.spirit_id, status, getattr(e, "reason", "") or default)


for _event_type in STATUS_OF:
    evolves(_event_type)(_status_changed)


@evolves(SpiritDamaged)
def _damaged(state: CampaignState, e: SpiritDamaged) -> None:
    state.spirits[e.spirit_id].hit_points = e.after


@evolves(SpiritCompelled)
def _compelled(state: CampaignState, e: SpiritCompelled) -> None:
    """The check is recorded; a failure is followed by SpiritBrokeFree."""


@evolves(SpiritBanishAttempted)
def _banish_attempted(state: CampaignState, e: SpiritBanishAttempted) -> None:
    """The opposed check is recorded; its damage follows as SpiritDamaged."""
