"""What the spell list (CWN 6.1.3.5) fixes about Effort, durations, use limits and Strain.

Only what a spell's own text fixes is automated. Every other spell commits 1 Effort
(or the amount the caller gives, "unless the spell says otherwise") for the duration
the caller names, since "each spell indicates" its duration and the list rarely does.

- Illumination costs no Effort.
- Blast: each cast after the first in a scene adds 1 Strain to the caster; no limit.
- Blastwave: 1 Strain to the caster every time; once per scene unless overcast.
- Stun commits for the scene or the day; a second Stun in a scene must commit for
  the day. Stunwave: once per scene unless overcast.
- Emotion and Triage commit for the scene, or for the day instead. Triage adds 1
  Strain to the target unless it commits for the day.
- Heal Injury adds 1 Strain to the target.
- Haste: each use of its bonus action adds 0, 1, 2... Strain to the user that day.
- Combat Precognition: each use adds Strain equal to the user's uses that day.
"""

from __future__ import annotations

import math

from ledger.domain.errors import InvalidInput, RuleViolation
from ledger.domain.magic.effort import COMMANDABLE, skill
from ledger.domain.state import CampaignState, Character

SPELLS = (
    "Arson", "Blast", "Blastwave", "Bless", "Cleanse Toxin", "Cloak", "Combat Precognition",
    "Compulsion", "Curse", "Detect Target", "Dispel", "Disrupt", "Emotion", "Far Senses",
    "Glide", "Haste", "Heal Injury", "Illumination", "Mirage", "Muffle", "Paralysis",
    "Psychic Interrogation", "Slow", "Soul Link", "Stun", "Stunwave", "Triage",
)
FREE = frozenset({"Illumination"})
SCENE_OR_DAY = frozenset({"Emotion", "Triage", "Stun"})
ONCE_PER_SCENE_UNLESS_OVERCAST = frozenset({"Blastwave", "Stunwave"})
# "You may prepare this spell more than once for different targets."
PREPARED_MORE_THAN_ONCE = frozenset({"Detect Target"})
# Spells whose effect is used later, each use adding Strain to its user.
EFFECTS_WITH_STRAIN = ("Haste", "Combat Precognition")
_BY_LOWER = {name.lower(): name for name in SPELLS}


def canonical(name: str) -> str:
    """A listed spell's own spelling; other spells (private research) keep theirs."""
    cleaned = " ".join(name.split())
    return _BY_LOWER.get(cleaned.lower(), cleaned)


def scene_key(state: CampaignState) -> str:
    # Casts between two scenes count together, apart from the scenes around them.
    clock = state.clock
    return f"scene-{clock.scene}" if clock.scene_open else f"after-scene-{clock.scene}"


def casts_this_scene(character: Character, state: CampaignState, spell: str) -> int:
    extras = character.strain_extras
    return extras.uses_this_scene.get(spell, 0) if extras.scene == scene_key(state) else 0


def uses_today(character: Character, state: CampaignState, spell: str) -> int:
    extras = character.strain_extras
    return extras.uses_today.get(spell, 0) if extras.day == state.clock.day else 0


def preparation_limit(character: Character) -> int:
    """Half the level, rounded up, plus Cast: level 1 Cast-1 prepares 2, level 10 Cast-4 nine."""
    return max(0, math.ceil(character.level / 2) + skill(character, "cast"))


def effort_cost(spell: str, requested: int | None) -> int:
    if spell in FREE:
        if requested:
            raise InvalidInput("illumination-is-free", f"{spell} requires no Effort",
                               field="effort")
        return 0
    if requested is not None and requested < 1:
        raise InvalidInput("effort-amount", "a spell commits at least 1 Effort", field="effort")
    return 1 if requested is None else requested


def check_duration(spell: str, duration: str | None, casts_before: int, cost: int) -> None:
    if cost == 0:
        return
    if duration not in COMMANDABLE:
        raise InvalidInput("spell-duration-required",
                           "name how long the Effort is committed: day, scene or duration",
                           field="duration")
    if spell in SCENE_OR_DAY and duration not in ("scene", "day"):
        raise RuleViolation("spell-commits-for-scene-or-day",
                            f"{spell} commits Effort for the scene or for the day",
                            field="duration")
    if spell == "Stun" and casts_before >= 1 and duration != "day":
        raise RuleViolation("second-stun-commits-for-the-day",
                            "using Stun more than once a scene commits Effort for the day",
                            field="duration")


def check_once_per_scene(spell: str, casts_before: int, overcast: bool) -> None:
    if spell in ONCE_PER_SCENE_UNLESS_OVERCAST and casts_before >= 1 and not overcast:
        raise RuleViolation("once-per-scene-unless-overcast",
                            f"{spell} cannot be used more than once per scene unless overcast",
                            field="spell")


def caster_strain(spell: str, casts_before: int) -> int:
    if spell == "Blast":
        return 1 if casts_before >= 1 else 0
    return 1 if spell == "Blastwave" else 0


def target_strain(spell: str, duration: str | None) -> int:
    if spell == "Heal Injury":
        return 1
    return 1 if spell == "Triage" and duration != "day" else 0


def effect_strain(spell: str, uses_before: int) -> int:
    """Haste adds 0, 1, 2...; Combat Precognition adds the number of uses that day."""
    if spell == "Haste":
        return uses_before
    if spell == "Combat Precognition":
        return uses_before + 1
    raise InvalidInput("no-effect-strain",
                       f"only {' and '.join(EFFECTS_WITH_STRAIN)} count uses of their effect",
                       field="spell")
