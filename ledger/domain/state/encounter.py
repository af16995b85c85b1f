"""An open encounter: its rounds, whose turn it is, the order, and what is counted in turns
(ledger/domain/encounters/; docs/rules/encounters.md)."""

from __future__ import annotations

import msgspec


class Participant(msgspec.Struct):
    """One place in the initiative order: a character, or a GM-named participant (`npc_…`)."""

    id: str  # the character's id, or a minted id for a participant the ledger has no sheet of
    name: str
    initiative: int
    character_id: str | None = None
    # The tie-break value the setting chose (an ability score), recorded at entry.
    tie: int = 0
    # Spirits acting on this participant's initiative (001), each from the round it joins.
    spirits: dict[str, int] = msgspec.field(default_factory=dict)


class TurnTimer(msgspec.Struct):
    """A Condition that ends by turns or rounds inside the encounter."""

    condition_id: str
    character_id: str
    name: str
    # "rounds": ends at the start of the turn at (`round`, `turn`) or later;
    # "own-turns": ends when `turns` of the character's own turns that started after
    # turn number `after_turn` have ended.
    kind: str
    round: int = 0
    turn: int = 0
    turns: int = 0
    after_turn: int = 0


class EffectTimer(msgspec.Struct):
    """A spell effect counted in rounds inside the encounter (Haste, 001)."""

    spell: str
    character_id: str  # who has the effect
    caster_id: str
    rounds: int  # as rolled
    round: int  # it ends at the start of the turn at (`round`, `turn`) or later
    turn: int
    used_round: int = 0  # the last round its once-per-round action was taken
    ended: bool = False


class ConsequenceEffect(msgspec.Struct):
    """A Backlash Consequence counted in the encounter (002): a penalty to all the
    character's rolls in `round`, or their next minor or major action failing."""

    consequence_id: str
    character_id: str
    effect: str  # "penalty-next-round", "next-minor-action-fails", "next-major-action-fails"
    round: int = 0  # penalty-next-round: the round it applies in
    modifier: int = 0
    after_turn: int = 0  # the turn number it came in: the next own turn is a later one
    ended: bool = False


class Encounter(msgspec.Struct):
    id: str
    scene: int
    order: list[Participant]
    round_seconds: int
    started_minute: int
    started_second: int
    round: int = 1
    turn: int = 0  # index in `order` of the participant whose turn it is
    # Turns started so far in this encounter (1 for the first): a counter that moving,
    # adding or removing participants does not disturb.
    turn_number: int = 1
    timers: list[TurnTimer] = msgspec.field(default_factory=list)
    # Position of the EncounterStarted event (a firearm trust test holds from there).
    started_position: int = 0
    # Characters whose active test this turn already counted (one active test per turn).
    tested_this_turn: list[str] = msgspec.field(default_factory=list)
    # Character id -> the last round in which they suffered Health damage (001: no
    # casting that round).
    hurt: dict[str, int] = msgspec.field(default_factory=dict)
    # Character id -> the last round in which they were grappled (Grabbed, Pinned,
    # Restrained): no casting that round either (001).
    grappled: dict[str, int] = msgspec.field(default_factory=dict)
    # Spell effects counted in rounds (Haste), kept once ended to refuse late uses.
    effects: list[EffectTimer] = msgspec.field(default_factory=list)
    # Backlash Consequences counted in rounds or actions (ledger/domain/encounters/
    # consequence_effects.py), kept once ended.
    consequence_effects: list[ConsequenceEffect] = msgspec.field(default_factory=list)
    # Characters who avoided an attack's damage by Adventurer Grandmaster (once per encounter).
    damage_avoided_by: list[str] = msgspec.field(default_factory=list)
    # Leader Apex: the leader's id -> the turn number they last spent Conviction for an ally.
    conviction_for_ally: dict[str, int] = msgspec.field(default_factory=dict)
    # Grapples that came during the encounter, with the turn number they came in: a holding
    # Condition's id, or "by>target" for a Grapple the GM named (Lock comes the next turn).
    grapples: dict[str, int] = msgspec.field(default_factory=dict)
    # Character id -> the turn number their Minor Action went on Full Force or Opportunist.
    minor_actions: dict[str, int] = msgspec.field(default_factory=dict)

    def current(self) -> Participant | None:
        return self.order[self.turn] if 0 <= self.turn < len(self.order) else None

    def participant(self, participant_id: str) -> Participant | None:
        return next((p for p in self.order if p.id == participant_id), None)
