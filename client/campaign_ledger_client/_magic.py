"""A character's magic: CWN Effort, spells and Strain, summoning, Mana Noir Magic Tests."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from campaign_ledger_client._campaigns import at_query
from campaign_ledger_client._scope import CHARACTER, Call, Scope, body, command, read
from campaign_ledger_client.bodies import ConsequenceSpec, MagicTestSpec, SummonSpec
from campaign_ledger_client.models import At, View
from campaign_ledger_client.schemas import (
    Character,
    EffortAnswer,
    EffortSummary,
    MagicAnswer,
    SpellsAnswer,
    Spirit,
    StrainAnswer,
    SummonerSpiritsAnswer,
)

EffortPool = Literal["mage", "summoner"]
Duration = Literal["day", "scene", "duration"]
MAGIC_TEST = CHARACTER + "/magic-tests/{test_id}"
BACKLASH = CHARACTER + "/backlash"


class CwnMagic(Scope):
    @command("POST", CHARACTER + "/effort/commit", EffortSummary)
    def commit_effort(self, pool: EffortPool, amount: int, duration: Duration,
                      label: str = "") -> Call:
        return body(pool=pool, amount=amount, duration=duration, label=label)

    @command("POST", CHARACTER + "/effort/{commitment_id}/reclaim", EffortSummary)
    def reclaim_effort(self, commitment_id: str) -> Call:
        """Reclaim Effort committed for the duration."""
        return Call(params={"commitment_id": commitment_id})

    @read(CHARACTER + "/effort", EffortAnswer)
    def effort(self, at: At | datetime | None = None, view: View = "recorded") -> Call:
        return at_query(at, view)

    @command("POST", CHARACTER + "/spells/prepare", Character)
    def prepare_spells(self, spells: list[str]) -> Call:
        return body(spells=spells)

    @command("POST", CHARACTER + "/spells/cast", Character)
    def cast(self, spell: str, *, duration: Duration | None = None, effort: int | None = None,
             target: str | None = None, lost: bool = False,
             overcast: tuple[int, int] | None = None, label: str = "") -> Call:
        """Cast a prepared spell; `overcast` is (die, strain) from the campaign's table."""
        over = {"die": overcast[0], "strain": overcast[1]} if overcast else None
        return body(spell=spell, duration=duration, effort=effort, target=target, lost=lost,
                    overcast=over, label=label)

    @command("POST", CHARACTER + "/spells/use", Character)
    def use_spell_effect(self, spell: str) -> Call:
        """Haste's bonus action or a Combat Precognition reroll (Strain per use that day)."""
        return body(spell=spell)

    @read(CHARACTER + "/spells", SpellsAnswer)
    def spells(self, at: At | datetime | None = None, view: View = "recorded") -> Call:
        return at_query(at, view)

    @command("POST", CHARACTER + "/strain/{action}", Character)
    def gain_strain(self, amount: int, reason: str = "") -> Call:
        return body({"action": "gain"}, amount=amount, reason=reason)

    @command("POST", CHARACTER + "/strain/{action}", Character)
    def recover_strain(self, amount: int, reason: str = "") -> Call:
        return body({"action": "recover"}, amount=amount, reason=reason)

    @read(CHARACTER + "/strain", StrainAnswer)
    def strain(self, at: At | datetime | None = None, view: View = "recorded") -> Call:
        return at_query(at, view)

    @command("POST", CHARACTER + "/spirits", Spirit)
    def summon(self, spirit: SummonSpec) -> Call:
        """Summon a spirit, ritual or immediate; the answer's extra `spirit` is it."""
        return Call(body=dict(spirit))

    @read(CHARACTER + "/spirits", SummonerSpiritsAnswer)
    def spirits(self, at: At | datetime | None = None, view: View = "recorded") -> Call:
        """The spirits this summoner holds now, and every one they ever summoned."""
        return at_query(at, view)


class ManaNoirMagic(Scope):
    @command("POST", CHARACTER + "/magic-tests", Character)
    def magic_test(self, test: MagicTestSpec) -> Call:
        """A Magic Test; the answer's extra holds `magic` and `magic_test`."""
        return Call(body=dict(test))

    @command("POST", MAGIC_TEST + "/fix", Character)
    def fix_magic_test(self, test_id: str, mana: int = 0, backlash: int = 0) -> Call:
        return body({"test_id": test_id}, mana=mana, backlash=backlash)

    @command("POST", MAGIC_TEST + "/accept", Character)
    def accept_magic_test(self, test_id: str) -> Call:
        return Call(params={"test_id": test_id})

    @command("POST", BACKLASH + "/bank", Character)
    def bank_backlash(self) -> Call:
        return Call()

    @command("POST", BACKLASH + "/consequence-roll", Character)
    def consequence_roll(self, dice: list[int] | None = None,
                         fail_deliberately: bool = False) -> Call:
        return body(dice=dice, fail_deliberately=fail_deliberately)

    @command("POST", BACKLASH + "/consequences/draw", Character)
    def draw_consequence(self, dice: list[int] | None = None) -> Call:
        return body(dice=dice)

    @command("POST", BACKLASH + "/consequences", Character)
    def record_consequences(self, consequences: list[ConsequenceSpec], *,
                            amount: int | None = None, roll_amount: bool = False,
                            amount_dice: list[int] | None = None) -> Call:
        return body(consequences=consequences, amount=amount, roll_amount=roll_amount,
                    amount_dice=amount_dice)

    @command("POST", BACKLASH + "/superhuman", Character)
    def superhuman_use(self, ability: str, note: str = "") -> Call:
        return body(ability=ability, note=note)

    @read(CHARACTER + "/magic", MagicAnswer)
    def magic(self, at: At | datetime | None = None, view: View = "recorded") -> Call:
        """Mana, Backlash, what is owed and what is pending."""
        return at_query(at, view)
