"""One character: sheet, rolls, Mana and Conviction, Health, corrections, death, Conditions."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from campaign_ledger_client._campaigns import at_query
from campaign_ledger_client._scope import CHARACTER, Call, Scope, body, command, query, read
from campaign_ledger_client.bodies import ConditionSpec, RollSpec, Sheet
from campaign_ledger_client.models import At, View, WriteResult
from campaign_ledger_client.schemas import Character, CharacterAnswer, ConditionsAnswer

Resource = Literal["mana", "conviction"]
DamageType = Literal["wound", "stun", "penetrating"]
StunSpell = Literal["Stun", "Stunwave"]
CONDITION = CHARACTER + "/conditions/{condition_id}"


def _condition(condition_id: str) -> dict[str, str]:
    return {"condition_id": condition_id}


class CharacterCore(Scope):
    @property
    def id(self) -> str:
        return self._ids["character_id"]

    @read(CHARACTER, CharacterAnswer)
    def get(self, at: At | datetime | None = None, view: View = "recorded") -> Call:
        """The character at the head or `at` a position or time: {position, character}."""
        return at_query(at, view)

    @command("PATCH", CHARACTER, Character)
    def update(self, sheet: Sheet) -> Call:
        """Update the sheet (GM); only the fields given change, each replaced whole (send
        the whole `abilities` map to change one ability)."""
        return Call(body=dict(sheet))

    @command("POST", CHARACTER + "/rolls", Character)
    def roll_request(self, spec: RollSpec) -> Call:
        """A roll with every field of the request; `roll` and `age_test` are its short forms."""
        return Call(body=dict(spec))

    @command("POST", CHARACTER + "/rolls", Character)
    def roll(self, expression: str, dice: list[int] | None = None, label: str = "") -> Call:
        """Roll d20 notation (`4d6kh3`, `1d20+5`); server dice unless `dice` are reported."""
        return body(kind="notation", expression=expression, dice=dice, label=label)

    @command("POST", CHARACTER + "/rolls", Character)
    def age_test(self, ability: str, *, focus: str | None = None, modifier: int = 0,
                 tn: int | None = None, active: bool = True, dice: list[int] | None = None,
                 label: str = "", talent: str | None = None,
                 tags: list[str] | None = None, reroll_ones: bool | None = None,
                 spend_conviction: bool | None = None, attack_trade: int | None = None) -> Call:
        """An AGE test: 3d6 (the third is the Stunt Die) + ability (+2 with the focus).
        A focus the sheet lacks is a RuleViolation (`focus-not-on-sheet`). `talent`
        ("brilliance-apex", "trickster-apex") asks for an automatic success, no dice; `tags`
        (spirits, rituals, social, investigation, cooperative, new-idea, figuring-out,
        study)
        apply talents by kind; `reroll_ones=False` keeps the 1s a talent would reroll;
        `spend_conviction` spends 1 Conviction on it (Adventurer Apex: +3 in an encounter);
        `attack_trade` is Warrior Master's attack modifier (the damage gets the opposite)."""
        return body(kind="age", ability=ability, focus=focus, modifier=modifier, tn=tn,
                    active=active, dice=dice, label=label, talent=talent, tags=tags,
                    reroll_ones=reroll_ones, spend_conviction=spend_conviction,
                    attack_trade=attack_trade)

    @command("POST", CHARACTER + "/rolls/reroll-ritual", Character)
    def reroll_ritual(self, roll_position: int, dice: list[int] | None = None) -> Call:
        """Rituals Grandmaster: 1 Conviction, and the failed Ritual roll is rerolled."""
        return body(roll_position=roll_position, dice=dice)

    @command("POST", CHARACTER + "/rolls/reroll-spirits", Character)
    def reroll_spirits_test(self, roll_position: int, dice: list[int] | None = None) -> Call:
        """Shaman Master: once per encounter, reroll your own test involving Spirits."""
        return body(roll_position=roll_position, dice=dice)

    @command("POST", CHARACTER + "/talents/leader-trade", Character)
    def leader_trade(self, ally: str, amount: int, reason: str = "") -> Call:
        """Leader Master: -amount on your next test, +amount on the ally's next test."""
        return body(ally=ally, amount=amount, reason=reason)

    @command("POST", CHARACTER + "/backlash/avoid", Character)
    def avoid_backlash(self, reason: str = "") -> Call:
        """Wizard Apex: 1 Conviction avoids 1 temporary Backlash, once per encounter turn."""
        return body(reason=reason)

    def spend(self, resource: Resource, amount: int, reason: str = "") -> WriteResult[Character]:
        """Spend Mana or Conviction; more than the character has is a RuleViolation."""
        chosen = self.spend_mana if resource == "mana" else self.spend_conviction
        return chosen(amount, reason)

    def gain(self, resource: Resource, amount: int, reason: str = "") -> WriteResult[Character]:
        """Gain Mana or Conviction, up to the maximum."""
        chosen = self.gain_mana if resource == "mana" else self.gain_conviction
        return chosen(amount, reason)

    @command("POST", CHARACTER + "/mana/spend", Character)
    def spend_mana(self, amount: int, reason: str = "") -> Call:
        return body(amount=amount, reason=reason)

    @command("POST", CHARACTER + "/mana/gain", Character)
    def gain_mana(self, amount: int, reason: str = "") -> Call:
        return body(amount=amount, reason=reason)

    @command("POST", CHARACTER + "/conviction/spend", Character)
    def spend_conviction(self, amount: int, reason: str = "") -> Call:
        return body(amount=amount, reason=reason)

    @command("POST", CHARACTER + "/conviction/gain", Character)
    def gain_conviction(self, amount: int, reason: str = "") -> Call:
        return body(amount=amount, reason=reason)

    @command("POST", CHARACTER + "/health/damage", Character)
    def damage(self, amount: int, type: DamageType = "wound", reason: str = "",
               spell: StunSpell | None = None) -> Call:
        """Take damage (never refused); Health stops at 0. `spell` names a Stun or Stunwave
        cast whose stun damage this is: its knockout ends ten minutes later with 1 Health."""
        return body(amount=amount, type=type, reason=reason, spell=spell)

    @command("POST", CHARACTER + "/health/avoid-damage", Character)
    def avoid_damage(self, amount: int, type: DamageType = "wound", reason: str = "") -> Call:
        """Adventurer Grandmaster: 1 Conviction avoids one attack's damage, once per encounter."""
        return body(amount=amount, type=type, reason=reason)

    @command("POST", CHARACTER + "/conviction/spend-for-ally", Character)
    def spend_conviction_for_ally(self, ally: str, amount: int = 1, reason: str = "") -> Call:
        """Leader Apex: spend Conviction on an ally's behalf, once per encounter turn."""
        return body(ally=ally, amount=amount, reason=reason)

    @command("POST", CHARACTER + "/owed-tests/{test_id}/roll", Character)
    def roll_owed_test(self, test_id: str, dice: list[int] | None = None, modifier: int = 0,
                       tn: int | None = None, failure_condition: str | None = None) -> Call:
        """Roll a test combat time owes (Confused at a turn's start, Fatigue after a long
        fight: `pending` names it); Fatigue takes its `tn` and `failure_condition`."""
        return body({"test_id": test_id}, dice=dice, modifier=modifier, tn=tn,
                    failure_condition=failure_condition)

    @command("POST", CHARACTER + "/snares/{spirit_id}/free", Character)
    def free_from_snare(self, spirit_id: str) -> Call:
        """Cut the character free of a spirit's snare before it fades."""
        return body({"spirit_id": spirit_id})

    @command("POST", CHARACTER + "/dying/test", Character)
    def dying_test(self, dice: list[int] | None = None, modifier: int = 0) -> Call:
        """The test a dying character owes under the campaign's `dying_mode`: Gritty's TN 9
        against falling unconscious, or a survival test once the survival time ran out."""
        return body(dice=dice, modifier=modifier)

    @command("POST", CHARACTER + "/first-aid", Character)
    def first_aid(self, by: str | None = None, note: str = "") -> Call:
        """Successful First Aid: ends Dying (treatment), revives a stun or Unconscious
        Condition knockout."""
        return body(by=by, note=note)

    @command("POST", CHARACTER + "/health/heal", Character)
    def heal(self, amount: int, reason: str = "", magical: bool = False) -> Call:
        return body(amount=amount, reason=reason, magical=magical)

    @command("POST", CHARACTER + "/corrections", Character)
    def correct(self, field: str, value: Any, reason: str) -> Call:
        """A GM correction of any tracked value by dotted path (`mana.current`)."""
        return Call(body={"field": field, "value": value, "reason": reason})

    @command("POST", CHARACTER + "/death", Character)
    def record_death(self, cause: str = "") -> Call:
        return body(cause=cause)

    @command("POST", CHARACTER + "/conditions", Character)
    def add_condition(self, condition: ConditionSpec) -> Call:
        """Give a Condition (with escalation); the answer's extra `condition` is it."""
        return Call(body=dict(condition))

    @read(CHARACTER + "/compare")
    def compare(self, origin_at: int, fork_at: int | None = None) -> Call:
        """On a fork (GM): this character at `origin_at` of the origin beside `fork_at` of
        the fork (default its head), with the changes between them (docs/forks.md)."""
        return query(origin_at=origin_at, fork_at=fork_at)

    @read(CHARACTER + "/conditions", ConditionsAnswer)
    def conditions(self, at: At | datetime | None = None, view: View = "recorded") -> Call:
        return at_query(at, view)

    @command("POST", CONDITION + "/recover", Character)
    def recover_condition(self, condition_id: str, dice: list[int] | None = None,
                          modifier: int = 0) -> Call:
        """A recovery roll; success takes the Stunt Die off the Condition's points."""
        return body(_condition(condition_id), dice=dice, modifier=modifier)

    @command("POST", CONDITION + "/heal", Character)
    def heal_condition(self, condition_id: str, points: int) -> Call:
        """Magical healing: every 2 points remove 1 point of the Condition."""
        return body(_condition(condition_id), points=points)

    @command("POST", CONDITION + "/treat", Character)
    def treat_condition(self, condition_id: str) -> Call:
        """Begin a day of treatment and rest for a Wound."""
        return Call(body={}, params=_condition(condition_id))
