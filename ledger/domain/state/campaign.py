"""The whole campaign: settings, clock and everything in play."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from ledger.domain.state.audit import RewindState
from ledger.domain.state.character import Character
from ledger.domain.state.encounter import Encounter
from ledger.domain.state.items import Item
from ledger.domain.state.spirits import Spirit
from ledger.domain.state.stunt_spending import StuntSpending
from ledger.domain.state.stunts import StuntPoolState
from ledger.domain.state.talent_uses import TalentUses


class Settings(msgspec.Struct):
    """Rule settings the GM may change. Each change is a SettingsChanged event."""

    # 000: Helpless from a Fatigued/Exhausted on Exhausted is 4 points unless the GM picks 7.
    helpless_points: int = 4
    # 002: 1 automatic Backlash per point of Resistance over 5 (GM may override per test).
    auto_backlash_over_resistance_5: bool = True
    # Max distinct dice and characters in a roll expression (hostile input guard).
    max_dice_per_roll: int = 100
    # How Mana returns (the texts fix no rate): "none" (only recorded gains), "new-day"
    # (every character at each new day) or "rest" (those who rested through it), by
    # `mana_recovery_amount` Mana each time (ledger/domain/mana_recovery.py).
    mana_recovery: Literal["none", "new-day", "rest"] = "none"
    mana_recovery_amount: Annotated[int, msgspec.Meta(ge=0)] = 0
    # Encounters (docs/rules/encounters.md): the texts give neither the initiative test nor
    # the tie-break nor a round's length, so each is a setting with a documented default.
    # Initiative: `initiative_dice` (server dice unless reported) + the ability named, if any.
    initiative_dice: Literal["3d6", "2d6", "1d6", "1d20", "1d10"] = "3d6"
    initiative_ability: str | None = "Dexterity"
    # Equal initiative: "ability" (the higher ability score first, then the order listed)
    # or "listed" (the order the GM listed them in).
    initiative_tie_break: Literal["ability", "listed"] = "ability"
    round_seconds: Annotated[int, msgspec.Meta(ge=1, le=3600)] = 6
    # 000: Dazed "usually lasts for one turn": the character's own turns it lasts.
    dazed_turns: Annotated[int, msgspec.Meta(ge=1, le=100)] = 1
    # 001: under mission time, scene-committed Effort returns at the end of each fight.
    mission_time: bool = False
    # 000: the Fatigue Test owed after a long combat; the texts give no TN, so it is this
    # setting or given when rolled (None: given when rolled).
    fatigue_tn: Annotated[int, msgspec.Meta(ge=0, le=100)] | None = None
    # 000 Dying: "the default pulp mode of Mana Noir" (docs/rules/encounters.md, "Dying").
    dying_mode: Literal["gritty", "pulpy", "cinematic"] = "pulpy"


class Clock(msgspec.Struct):
    session: int = 0
    session_open: bool = False
    scene: int = 0
    scene_open: bool = False
    day: int = 1
    minutes: int = 0
    # Seconds past `minutes`, carried from encounter rounds (ledger/domain/encounters/time.py).
    seconds: int = 0
    # "sunrise" or "sunset": the last one the GM marked, and on which day.
    last_marker: str | None = None
    last_marker_day: int | None = None


class ForkOrigin(msgspec.Struct):
    """Where a what-if fork starts: the origin campaign, the position forked at and the
    origin's chain hash there (ledger/domain/forks.py)."""

    campaign_id: str
    position: int
    head_hash: str


class CampaignState(msgspec.Struct):
    id: str
    name: str = ""
    position: int = 0
    head_hash: str = ""
    # recorded_at of the head; new events never go back in time, so time maps to position.
    recorded_at: str = ""
    # Dice epochs: 0 before the first session, then one per session and interlude.
    dice_epoch: int = 0
    dice_commitment: str = ""
    settings: Settings = msgspec.field(default_factory=Settings)
    clock: Clock = msgspec.field(default_factory=Clock)
    characters: dict[str, Character] = msgspec.field(default_factory=dict)
    # Summoned spirits by id (ledger/domain/spirits/summoning.py), gone ones included for their history.
    spirits: dict[str, Spirit] = msgspec.field(default_factory=dict)
    items: dict[str, Item] = msgspec.field(default_factory=dict)
    # Bonds and the group Stunt Pool (ledger/domain/stunts/rules.py).
    stunts: StuntPoolState = msgspec.field(default_factory=StuntPoolState)
    # SP spent from rolls on stunts, attacks, locks and stunt resistances (ledger/domain/stunts/).
    stunt_spending: StuntSpending = msgspec.field(default_factory=StuntSpending)
    # What rewinds voided, and the rewind a redo may still undo (ledger/domain/audit/rewind.py).
    rewind: RewindState = msgspec.field(default_factory=RewindState)
    # The open encounter (ledger/domain/encounters/), and how many were started in all.
    encounter: Encounter | None = None
    encounters: int = 0
    # SP an encounter withheld from a roll (roll position -> SP): one active test per turn.
    withheld_sp: dict[int, int] = msgspec.field(default_factory=dict)
    # What talents left pending or used up (ledger/domain/talent_uses/).
    talent_uses: TalentUses = msgspec.field(default_factory=TalentUses)
    # Monotonic counter for ids minted by decide (conditions, commitments...).
    serial: int = 0
    # A what-if fork's origin; None for a campaign created from nothing.
    forked_from: ForkOrigin | None = None

    def character(self, character_id: str) -> Character | None:
        return self.characters.get(character_id)
