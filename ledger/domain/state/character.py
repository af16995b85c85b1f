"""A character's sheet and tracked values."""

from __future__ import annotations

import msgspec

from ledger.domain.state.conditions import Movement
from ledger.domain.state.dying import DyingState
from ledger.domain.state.magic import BacklashState, EffortState, MagicTestState, StrainExtras
from ledger.domain.state.owed import OwedTest
from ledger.domain.state.spells import SpellState
from ledger.domain.state.timed import Snare
from ledger.domain.state.unconscious import Knockout


class Pool(msgspec.Struct):
    """A tracked value with a maximum: Health, Mana, Conviction."""

    current: int
    max: int


class Strain(msgspec.Struct):
    """CWN System Strain. `permanent` counts towards `current` and never recovers."""

    current: int = 0
    permanent: int = 0
    max: int = 10


class Graded(msgspec.Struct):
    """A specialization or talent with its degree (Novice, Expert, Master...), and the choice
    a degree asks for, if any (Wizard Expert's Arcana)."""

    name: str
    degree: str
    choice: str | None = None


class Implant(msgspec.Struct):
    """Cyberware; its System Strain may be fractional (0.5)."""

    name: str
    strain: float


class Condition(msgspec.Struct):
    """One Condition on a character. `figure` is the SP or number that created it."""

    id: str
    name: str
    points: int
    figure: int
    incurable: bool = False
    from_backlash: bool = False
    note: str = ""
    recorded_at_position: int = 0
    # Where it sits (Injured: body part; Weakened: the Ability) and what caused it:
    # "stunt" (figure = SP), "hazard", "damage" (taken instead of damage), "backlash", "gm".
    target: str = ""
    cause: str = "gm"
    # Injured at 3+ needs a day of full treatment and rest before a recovery roll.
    treatment_day: int | None = None
    treated: bool = False


class Character(msgspec.Struct):
    id: str
    name: str
    level: int = 1
    # M:AGE abilities (Accuracy, Communication, Constitution, Dexterity, Fighting,
    # Intelligence, Perception, Strength, Willpower) and which one drives magic.
    abilities: dict[str, int] = msgspec.field(default_factory=dict)
    magic_ability: str | None = None
    focuses: list[str] = msgspec.field(default_factory=list)
    # Focuses taken twice from 11th level: +4 (000, "Focus"; ledger/domain/focus.py).
    double_focuses: list[str] = msgspec.field(default_factory=list)
    # CWN attribute scores (str, dex, con, int, wis, cha) and their modifiers.
    attributes: dict[str, int] = msgspec.field(default_factory=dict)
    modifiers: dict[str, int] = msgspec.field(default_factory=dict)
    skills: dict[str, int] = msgspec.field(default_factory=dict)
    edges: list[str] = msgspec.field(default_factory=list)
    traits: list[str] = msgspec.field(default_factory=list)
    specializations: list[Graded] = msgspec.field(default_factory=list)
    talents: list[Graded] = msgspec.field(default_factory=list)
    graced_arts: list[Graded] = msgspec.field(default_factory=list)
    art_points: int = 0
    toughness: int = 0
    armor: int = 0
    speed: int = 10
    # The Defense the sheet records (M:AGE; None: not recorded). The texts give no formula,
    # so it is input; the Conditions' Defense penalties are applied when it is shown
    # (ledger/domain/conditions/defense.py).
    defense: int | None = None
    health: Pool = msgspec.field(default_factory=lambda: Pool(10, 10))
    # The Health talents add, counted in `health` (Warrior Novice: ledger/domain/talent_health.py).
    talent_health: int = 0
    # The clock day each talent last gave an automatic success (ledger/domain/talent_successes.py).
    talent_days: dict[str, int] = msgspec.field(default_factory=dict)
    mana: Pool = msgspec.field(default_factory=lambda: Pool(0, 0))
    conviction: Pool = msgspec.field(default_factory=lambda: Pool(0, 0))
    strain: Strain = msgspec.field(default_factory=Strain)
    cyberware: list[Implant] = msgspec.field(default_factory=list)
    conditions: list[Condition] = msgspec.field(default_factory=list)
    # Speed after Conditions (Hamstrung, Fatigued, Slowed...); None when none changes it.
    movement: Movement | None = None
    dying: bool = False
    unconscious: bool = False
    dead: bool = False
    # Each way this character is unconscious, with when it ends (ledger/domain/unconscious.py).
    knockouts: list[Knockout] = msgspec.field(default_factory=list)
    # Dying's survival time and tests under the campaign's mode (encounters/dying.py).
    dying_state: DyingState | None = None
    # Helpless Conditions that came while Dying or unconscious: they last as long as that.
    helpless_while_down: list[str] = msgspec.field(default_factory=list)
    # Limited Mana Recovery (002): its severity, set by the GM, and the Mana recovered so
    # far towards the next point kept (ledger/domain/mana_recovery.py).
    mana_recovery_limit: int = 0
    mana_recovery_progress: int = 0
    # Magic (issue: magic) lives in its own structs so that module stays self-contained.
    backlash: BacklashState = msgspec.field(default_factory=BacklashState)
    effort: EffortState = msgspec.field(default_factory=EffortState)
    magic_tests: MagicTestState = msgspec.field(default_factory=MagicTestState)
    strain_extras: StrainExtras = msgspec.field(default_factory=StrainExtras)
    spells: SpellState = msgspec.field(default_factory=SpellState)
    # Tests owed by combat time: Confused's at each own turn, Fatigue's after a long fight
    # (ledger/domain/encounters/owed.py).
    owed_tests: list[OwedTest] = msgspec.field(default_factory=list)
    # Spell and spirit effects the clock or the scene ends (encounters/timed_effects.py):
    # Stun and Stunwave do not reach the character again before scene `stun_immune_scene`
    # ends; each spirit's snare fades at its `until_minute`.
    stun_immune_scene: int | None = None
    # Paralysis "can target a given creature only once per scene" (001): the scene it last
    # did (scenes only count up, so the current scene's number says it all).
    paralysis_scene: int | None = None
    snares: list[Snare] = msgspec.field(default_factory=list)

    def condition(self, condition_id: str) -> Condition | None:
        return next((c for c in self.conditions if c.id == condition_id), None)
