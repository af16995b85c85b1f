"""CWN Effort: two pools (Mage, Summoner), commitments, and when Effort returns.

Rules (001 6.1.1, 6.1.2, 6.2, 6.4 and the README's reading):
- Mage Effort max = max(Int mod, Wis mod) + Cast; Summoner = max(Con mod, Cha mod)
  + Summon; each at least 1 before cyberware.
- Each implant then cuts each max by its System Strain, at least 1 per implant
  (strains 2, 0 and 0.5 cut 4); the result never drops below 0. Our reading for
  fractions: the cuts add up exactly and a fractional total rounds up (1.5 + 1.5
  cut 3, 2 + 1.5 cut 4), since maximum Effort is a whole number.
- Committing more than the pool has left is refused; the pools never mix.
- Scene commitments return at the scene's end; day commitments at the new day,
  only for a caster who rested; duration commitments when reclaimed.
- Bound commitments (spirits, linked items) return at the first new day after
  their release that the character rested through (Summoner Effort "refreshes
  completely each morning in the same way as Mage Effort"). A merely dismissed
  spirit still holds its Effort.
"""

from __future__ import annotations

import math
from fractions import Fraction

import msgspec

from ledger.domain.characters import require_alive
from ledger.domain.clock import NewDay
from ledger.domain.context import Context
from ledger.domain.decision import Decide
from ledger.domain.errors import InvalidInput, NotFound, RuleViolation
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.sheet_names import lookup
from ledger.domain.state import CampaignState, Character
from ledger.domain.state.magic import DURATIONS, POOLS, Commitment

POOL_SKILL = {"mage": "cast", "summoner": "summon"}
POOL_ATTRIBUTES = {"mage": ("int", "wis"), "summoner": ("con", "cha")}


class EffortCommitted(DomainEvent, frozen=True, kw_only=True):
    commitment: Commitment
    available_after: int


class EffortReleased(DomainEvent, frozen=True, kw_only=True):
    """A bound commitment's spirit or link is gone; the Effort returns at the next new day."""

    commitment_id: str


class EffortReturned(DomainEvent, frozen=True, kw_only=True):
    commitment_id: str
    pool: str
    amount: int
    why: str  # "reclaimed", "scene-ended", "new-day", "released"


@evolves(EffortCommitted)
def _committed(state: CampaignState, e: EffortCommitted) -> None:
    state.characters[e.character_id or ""].effort.commitments.append(e.commitment)


@evolves(EffortReleased)
def _released(state: CampaignState, e: EffortReleased) -> None:
    found = state.characters[e.character_id or ""].effort.find(e.commitment_id)
    if found is not None:
        found.released_at = state.position + 1


@evolves(EffortReturned)
def _returned(state: CampaignState, e: EffortReturned) -> None:
    effort = state.characters[e.character_id or ""].effort
    effort.commitments = [c for c in effort.commitments if c.id != e.commitment_id]


# The Edge that grants each skill as a bonus skill (001: "Spellcaster" gains Cast,
# "Summoner" gains Summon).
GRANTING_EDGES = {"cast": "spellcaster", "summon": "summoner"}


def skill(character: Character, name: str) -> int:
    """The one skill level every rule reads. A skill not on the sheet is untrained: -1 in
    CWN; any case matches (sheet_names.py). An Edge that grants the skill makes it at least
    0 (max(recorded level, 0))."""
    found = lookup(character.skills, name)
    recorded = -1 if found is None else found[1]
    edge = GRANTING_EDGES.get(name.lower())
    if edge and has_edge(character, edge):
        return max(recorded, 0)
    return recorded


def has_edge(character: Character, edge: str) -> bool:
    """Whether the sheet lists the Edge, in any case (`edge` in lower case)."""
    return any(e.strip().lower() == edge for e in character.edges)


def check_spellcaster_edge(character: Character) -> None:
    """Anyone can learn Cast, "but only those with the Spellcaster Edge can actually use it
    to cast spells" (001, 6.1.0): preparing and casting need the Edge, as summoning needs
    the Summoner Edge (spirits/common.py)."""
    if not has_edge(character, GRANTING_EDGES["cast"]):
        raise RuleViolation("spellcaster-edge-required",
                            f"{character.name} lacks the Spellcaster Edge needed to prepare or "
                            "cast spells")


def attribute_mod(character: Character, attribute: str) -> int:
    # Any case matches: a sheet recorded before names were normalized may say "Int".
    found = lookup(character.modifiers, attribute)
    return 0 if found is None else found[1]


def cyberware_cut(character: Character) -> int:
    """Each implant cuts by its Strain, at least 1: strains 2, 0 and 0.5 cut 4."""
    # Exact decimal fractions (str) so that 0.1-style strains add up without float drift.
    total = sum((max(Fraction(1), Fraction(str(i.strain))) for i in character.cyberware),
                Fraction(0))
    return math.ceil(total)


def max_effort(character: Character, pool: str) -> int:
    a, b = POOL_ATTRIBUTES[pool]
    base = max(1, max(attribute_mod(character, a), attribute_mod(character, b))
               + skill(character, POOL_SKILL[pool]))
    return max(0, base - cyberware_cut(character))


def available(character: Character, pool: str) -> int:
    return max_effort(character, pool) - character.effort.committed(pool)


def check_effort_available(character: Character, pool: str, amount: int) -> None:
    if pool not in POOLS:
        raise InvalidInput("unknown-effort-pool", f"Effort pools are {', '.join(POOLS)}",
                           field="pool")
    have = available(character, pool)
    if amount > have:
        raise RuleViolation(
            "effort-exhausted",
            f"{character.name} has {have} {pool.title()} Effort available, cannot commit {amount}",
            field="amount",
        )


def commit_event(
    ctx: Context,
    character: Character,
    pool: str,
    amount: int,
    duration: str,
    label: str = "",
    source: str | None = None,
) -> EffortCommitted:
    """The one way Effort is committed: checked against what the pool has left."""
    if duration not in DURATIONS:
        raise InvalidInput("unknown-effort-duration", f"durations are {', '.join(DURATIONS)}",
                           field="duration")
    check_effort_available(character, pool, amount)
    commitment = Commitment(id=ctx.new_id("eff"), pool=pool, amount=amount, duration=duration,
                            label=label, source=source)
    return EffortCommitted(character_id=character.id, commitment=commitment,
                           available_after=available(character, pool) - amount)


def release_events(character: Character, source: str) -> list[DomainEvent]:
    """Release every bound commitment held for `source` (a spirit or an item link)."""
    return [EffortReleased(character_id=character.id, commitment_id=c.id)
            for c in character.effort.commitments
            if c.duration == "bound" and c.source == source and c.released_at is None]


# Durations a player may choose directly; "bound" comes only from spirits and item links.
COMMANDABLE = ("day", "scene", "duration")


def commit(character_id: str, pool: str, amount: int, duration: str, label: str = "") -> Decide:
    """Commit Effort for the day, the scene or the duration (e.g. a spell's cost)."""

    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        character = require_alive(state, character_id)
        if duration not in COMMANDABLE:
            raise InvalidInput("unknown-effort-duration",
                               f"durations are {', '.join(COMMANDABLE)}", field="duration")
        if amount < 1:
            raise InvalidInput("effort-amount", "commit at least 1 Effort", field="amount")
        return [commit_event(ctx, character, pool, amount, duration, label)]

    return decide


def reclaim(character_id: str, commitment_id: str) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        character = require_alive(state, character_id)
        found = character.effort.find(commitment_id)
        if found is None:
            raise NotFound("commitment", commitment_id)
        if found.duration != "duration":
            raise RuleViolation(
                "only-duration-effort-reclaimed",
                f"Effort committed for the {found.duration} cannot be reclaimed at will",
            )
        return [EffortReturned(character_id=character_id, commitment_id=found.id,
                               pool=found.pool, amount=found.amount, why="reclaimed")]

    return decide


def return_scene_effort(
    state: CampaignState, event: DomainEvent, ctx: Context
) -> list[DomainEvent]:
    return [EffortReturned(character_id=ch.id, commitment_id=c.id, pool=c.pool, amount=c.amount,
                           why="scene-ended")
            for ch in state.characters.values() for c in ch.effort.commitments
            if c.duration == "scene"]


def return_daily_effort(
    state: CampaignState, event: DomainEvent, ctx: Context
) -> list[DomainEvent]:
    if not isinstance(event, NewDay):
        return []
    out: list[DomainEvent] = []
    # Day and released bound Effort alike come back only to a character who rested; so does
    # scene Effort still held (committed outside a scene, or a scene never ended): the pool
    # "refreshes completely each morning" (001, 6.1.1; an outside review of the readings).
    for ch in (c for c in state.characters.values() if c.id in event.rested):
        for c in ch.effort.commitments:
            if c.duration in ("day", "scene"):
                out.append(EffortReturned(character_id=ch.id, commitment_id=c.id, pool=c.pool,
                                          amount=c.amount, why="new-day"))
            elif c.duration == "bound" and c.released_at is not None:
                out.append(EffortReturned(character_id=ch.id, commitment_id=c.id, pool=c.pool,
                                          amount=c.amount, why="released"))
    return out


class EffortPoolSummary(msgspec.Struct):
    pool: str
    max: int
    committed: int
    available: int
    commitments: list[Commitment]


class EffortSummary(msgspec.Struct):
    character_id: str
    cyberware_cut: int
    pools: dict[str, EffortPoolSummary]


def summary(character: Character) -> EffortSummary:
    """Max, committed, available and each commitment, per pool (what GET /effort shows)."""
    pools = {pool: EffortPoolSummary(
        pool=pool, max=max_effort(character, pool), committed=character.effort.committed(pool),
        available=available(character, pool),
        commitments=[c for c in character.effort.commitments if c.pool == pool],
    ) for pool in POOLS}
    return EffortSummary(character.id, cyberware_cut(character), pools)
