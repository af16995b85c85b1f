"""Guards and helpers shared by the spirit rules (summoning, actions, control, time)."""

from __future__ import annotations

from ledger.domain.errors import NotFound, RuleViolation
from ledger.domain.events import DomainEvent
from ledger.domain.magic.effort import (
    EffortReturned,
    attribute_mod,
    has_edge,
    release_events,
    skill,
)
from ledger.domain.state import CampaignState, Character
from ledger.domain.state.spirits import Spirit

SUMMONER_EDGE = "summoner"


def spirit_source(spirit_id: str) -> str:
    """The Effort commitment source that ties a summoning's Effort to its spirit."""
    return f"spirit:{spirit_id}"


def require_spirit(state: CampaignState, spirit_id: str) -> Spirit:
    spirit = state.spirits.get(spirit_id)
    if spirit is None:
        raise NotFound("spirit", spirit_id)
    return spirit


def summoner_of(state: CampaignState, spirit_id: str) -> str | None:
    """Who acts when a spirit is dismissed, called, dispelled or compelled: its summoner."""
    spirit = state.spirits.get(spirit_id)
    return spirit.summoner_id if spirit else None


def has_summoner_edge(character: Character) -> bool:
    return has_edge(character, SUMMONER_EDGE)


def check_summoner_edge(character: Character) -> None:
    """Only those with the Summoner Edge can beckon or banish spirits (6.2.0)."""
    if not has_summoner_edge(character):
        raise RuleViolation("summoner-edge-required",
                            f"{character.name} lacks the Summoner Edge needed to summon or banish")


def summon_level(character: Character) -> int:
    """Summon skill, read as every rule reads it (`effort.skill`): the Summoner Edge grants
    it, so a summoner is at least Summon-0."""
    return skill(character, "summon")


def cha_summon(character: Character) -> int:
    """The bonus of a Cha/Summon skill check: Charisma modifier + Summon skill."""
    return attribute_mod(character, "cha") + summon_level(character)


def check_held(spirit: Spirit) -> None:
    """The action needs a spirit still under its summoner's control."""
    if spirit.status == "uncontrolled":
        raise RuleViolation("spirit-uncontrolled",
                            f"spirit {spirit.id} broke free and obeys no summoner")
    if not spirit.held:
        raise RuleViolation("spirit-gone", f"spirit {spirit.id} is {spirit.status}")


def check_active(spirit: Spirit) -> None:
    if not spirit.active:
        raise RuleViolation("spirit-gone", f"spirit {spirit.id} is {spirit.status}")


def check_present(spirit: Spirit, doing: str) -> None:
    """Dispelling, compelling and banishing target a spirit that is here, not dismissed."""
    if spirit.status == "dismissed":
        raise RuleViolation("spirit-not-present",
                            f"spirit {spirit.id} is dismissed; call it before you {doing} it")


def release_effort(state: CampaignState, spirit: Spirit) -> list[DomainEvent]:
    """The summoning Effort is released; it returns at the first new day after this that
    the summoner rested through."""
    summoner = state.characters.get(spirit.summoner_id)
    return release_events(summoner, spirit_source(spirit.id)) if summoner else []


def release_and_return(state: CampaignState, spirit: Spirit) -> list[DomainEvent]:
    """Released before a new day that is being recorded now, which the summoner rested
    through: it returns with that day."""
    summoner = state.characters.get(spirit.summoner_id)
    if summoner is None:
        return []
    released = release_events(summoner, spirit_source(spirit.id))
    ids = {getattr(e, "commitment_id", None) for e in released}
    returned: list[DomainEvent] = [
        EffortReturned(character_id=summoner.id, commitment_id=c.id, pool=c.pool,
                       amount=c.amount, why="released")
        for c in summoner.effort.commitments if c.id in ids]
    return [*released, *returned]
