"""Firearm trust tests and maintenance (000 Firearms; the README's "Firearm trust test").

- A user tests a firearm once per encounter, unless the weapon took damage since their
  last test (a test that broke it counts). With an encounter under way
  (ledger/domain/encounters/), a test made since it started holds for the whole of it;
  outside one, our reading is the current scene.
- Willpower (+ the Firearms focus) against the weapon class's TN: 9, 11, 13 or 15 for
  the classes the rules list, else the GM's TN on registration or per test. An
  enchanted weapon adds up to +3 and enchanted ammunition up to another +3.
- On a failure the Stunt Die decides: 1-2 the weapon explodes, dealing its listed
  damage +2 to the user, and is unusable; 3-4 it breaks and the user takes 2
  damage; 5-6 it jams until maintained.
"""

from __future__ import annotations

from collections.abc import Sequence

from ledger.domain.characters import require_alive
from ledger.domain.context import Context
from ledger.domain.decision import Decide
from ledger.domain.errors import InvalidInput, RuleViolation
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.items.objects import TRUST_BONUS_CAP, require_item
from ledger.domain.items.tables import FIREARM_CLASS_TN
from ledger.domain.resources import Damaged, damage_event
from ledger.domain.rolls import Rolled, age_roll, notation_rolled
from ledger.domain.rolls import focus_bonus as sheet_focus_bonus
from ledger.domain.rolls.round_effects import in_force
from ledger.domain.sheet_names import find_focus
from ledger.domain.state import CampaignState, Character, Condition
from ledger.domain.state.items import Firearm, Item, TrustMark

BREAK_DAMAGE = 2
EXPLOSION_EXTRA = 2
# Stunt Die on a failed trust test -> what happens to the weapon.
MISHAPS = {1: "exploded", 2: "exploded", 3: "broke", 4: "broke", 5: "jammed", 6: "jammed"}
STATUS_AFTER = {"trusted": "working", "exploded": "exploded", "broke": "broken",
                "jammed": "jammed"}


class TrustTested(DomainEvent, frozen=True, kw_only=True):
    item_id: str
    scene: int
    tn: int
    ability_value: int
    focus_bonus: int
    weapon_bonus: int
    ammo_bonus: int
    modifier: int
    total: int
    success: bool
    stunt_die: int
    outcome: str  # "trusted", "exploded", "broke" or "jammed"
    damage_to_user: int = 0


class WeaponMaintained(DomainEvent, frozen=True, kw_only=True):
    item_id: str


@evolves(TrustTested)
def _trust_tested(state: CampaignState, e: TrustTested) -> None:
    item = state.items[e.item_id]
    position = state.position + 1
    item.trust[e.character_id or ""] = TrustMark(scene=e.scene, position=position,
                                                 outcome=e.outcome)
    item.status = STATUS_AFTER[e.outcome]
    if e.outcome in ("exploded", "broke"):
        item.damaged_at = position


@evolves(WeaponMaintained)
def _maintained(state: CampaignState, e: WeaponMaintained) -> None:
    state.items[e.item_id].status = "working"


def require_firearm(item: Item) -> Firearm:
    if item.firearm is None:
        raise RuleViolation("not-a-firearm", f"{item.name} is not a firearm")
    return item.firearm


def check_weapon_usable(item: Item) -> None:
    rules = {"jammed": "weapon-jammed-until-maintained", "broken": "weapon-broken-until-repaired",
             "exploded": "exploded-weapon-unusable", "nonfunctional": "item-nonfunctional",
             "destroyed": "item-destroyed"}
    if item.status in rules:
        raise RuleViolation(rules[item.status], f"{item.name} is {item.status}")


def check_trust_test_in_encounter(state: CampaignState) -> None:
    if not state.clock.scene_open:
        raise RuleViolation("trust-test-needs-an-encounter",
                            "a trust test happens at the start of an encounter: open a scene")


def check_once_per_encounter(item: Item, user: str, scene: int,
                             encounter_start: int | None = None) -> None:
    mark = item.trust.get(user)
    if mark is None or item.damaged_at >= mark.position:
        return
    same = mark.position > encounter_start if encounter_start is not None else mark.scene == scene
    if same:
        raise RuleViolation("trust-test-once-per-encounter",
                            f"already tested {item.name} this encounter, and it took no "
                            "damage since")


def check_trust_bonuses(weapon_bonus: int, ammo_bonus: int) -> None:
    if not 0 <= ammo_bonus <= TRUST_BONUS_CAP or not 0 <= weapon_bonus <= TRUST_BONUS_CAP:
        raise InvalidInput("enchantment-bonus-at-most-3", "an enchanted weapon adds up to +3 "
                           "and enchanted ammunition up to another +3", field="ammo_bonus")


def trust_tn(firearm: Firearm, tn: int | None) -> int:
    chosen = tn if tn is not None else firearm.tn
    if chosen is None:
        raise InvalidInput("firearm-class-tn-unknown", f"the rules list no TN for the class "
                           f"{firearm.weapon_class!r}; give one", field="tn",
                           allowed=list(FIREARM_CLASS_TN), catalog="firearm-classes")
    return chosen


def willpower(user: Character) -> int:
    found = {name.lower(): value for name, value in user.abilities.items()}
    if "willpower" not in found:
        # The sheet lacks it: named by the character, as no field of the request holds it.
        raise RuleViolation("unknown-ability", f"{user.name} has no Willpower",
                            field="character_id")
    return found["willpower"]


def focus_bonus(user: Character, focus: str) -> int:
    """The trust test's focus bonus when the user's sheet lists it (none otherwise)."""
    return sheet_focus_bonus(user, find_focus(user.focuses, focus))


def mishap_events(ctx: Context, user: Character, firearm: Firearm, outcome: str,
                  damage_dice: list[int] | None, max_dice: int) -> list[DomainEvent]:
    """The explosion's listed damage +2, or the break's 2, as Damaged (and the damage roll)."""
    if outcome == "broke":
        return [damage_event(user, BREAK_DAMAGE, firearm.damage_type, "firearm broke")]
    if outcome != "exploded":
        return []
    roll = notation_rolled(ctx, user.id, firearm.damage, damage_dice, max_dice,
                           label="exploding firearm")
    return [roll, damage_event(user, roll.total + EXPLOSION_EXTRA, firearm.damage_type,
                               "firearm exploded")]


def trust_roll(ctx: Context, user: Character, item: Item, tn: int, focus: str, bonus: int,
               reported: list[int] | None, conditions: Sequence[Condition] = ()) -> Rolled:
    """The Willpower (+ Firearms focus) test; a test of nerve, so it generates no SP."""
    focus_value = focus_bonus(user, focus)
    return age_roll(ctx, user.id, reported, ability="Willpower", ability_value=willpower(user),
                    tn=tn, focus=focus if focus_value else None, focus_bonus=focus_value,
                    modifier=bonus, active=False, label=f"trust test: {item.name}",
                    conditions=conditions or user.conditions)


def trust_test(item_id: str, character_id: str, *, tn: int | None = None, ammo_bonus: int = 0,
               modifier: int = 0, focus: str = "Firearms", reported: list[int] | None = None,
               damage_dice: list[int] | None = None) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        item = require_item(state, item_id)
        firearm = require_firearm(item)
        user = require_alive(state, character_id)
        check_weapon_usable(item)
        check_trust_test_in_encounter(state)
        encounter = state.encounter
        check_once_per_encounter(item, user.id, state.clock.scene,
                                 encounter.started_position if encounter else None)
        check_trust_bonuses(item.enchantment_bonus, ammo_bonus)
        roll = trust_roll(ctx, user, item, trust_tn(firearm, tn), focus,
                          item.enchantment_bonus + ammo_bonus + modifier, reported,
                          in_force(state, user))
        outcome = "trusted" if roll.success else MISHAPS[roll.stunt_die or 1]
        mishap = mishap_events(ctx, user, firearm, outcome, damage_dice,
                               state.settings.max_dice_per_roll)
        tested = TrustTested(
            character_id=user.id, item_id=item.id, scene=state.clock.scene, tn=roll.tn or 0,
            ability_value=roll.ability_value, focus_bonus=roll.focus_bonus,
            weapon_bonus=item.enchantment_bonus, ammo_bonus=ammo_bonus, modifier=modifier,
            total=roll.total, success=bool(roll.success), stunt_die=roll.stunt_die or 0,
            outcome=outcome,
            damage_to_user=sum(e.amount for e in mishap if isinstance(e, Damaged)))
        return [roll, tested, *mishap]

    return decide


def maintain(item_id: str, character_id: str | None = None) -> Decide:
    """A jammed weapon needs maintenance before it can be used again."""

    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        item = require_item(state, item_id)
        require_firearm(item)
        if character_id is not None:
            require_alive(state, character_id)
        if item.status != "jammed":
            raise RuleViolation("weapon-not-jammed", f"{item.name} is {item.status}, not jammed")
        return [WeaponMaintained(character_id=character_id, item_id=item.id)]

    return decide
