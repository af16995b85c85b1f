"""What code using the client sees: each main method's concrete return type.

Type-checked only (`MYPYPATH=client mypy --strict tests/typechecks` in CI), never executed: the functions
are not tests and no server is called. A method that loses its model (answers `Any` or a
bare `dict`) fails `assert_type` here.
"""

from __future__ import annotations

from typing import assert_type

from campaign_ledger_client import (
    Campaign,
    Character,
    Client,
    CreatedCampaign,
    EventPage,
    FeedTicket,
    IssuedToken,
    ItemSpec,
    Me,
    SummonSpec,
    Webhook,
    WriteResult,
)
from campaign_ledger_client import schemas as m


def service(client: Client) -> None:
    # Fails when the client does not resolve (an unresolved import is Any, which would
    # satisfy every assertion below): run with MYPYPATH=client.
    assert_type(client.metrics(), str)
    assert_type(client.create_campaign("Mana Noir"), CreatedCampaign)
    assert_type(client.create_campaign("Mana Noir").result.resource, m.CampaignSummary)
    assert_type(client.health(), m.Health)
    assert_type(client.signing_key()["public_key"], str)
    assert_type(client.catalogs(), m.CatalogList)
    assert_type(client.runner_health(), m.RunnersReport)
    assert_type(client.me(), Me)


def campaign_reads(campaign: Campaign) -> None:
    assert_type(campaign.get(), m.CampaignAnswer)
    assert_type(campaign.get()["campaign"], m.CampaignSummary)
    state = campaign.state()
    assert_type(state, m.StateAnswer)
    assert_type(state["state"], m.CampaignState)
    assert_type(state["voided"], m.Voided | None)
    assert_type(campaign.characters(), m.CharactersAnswer)
    assert_type(campaign.events(), EventPage)
    assert_type(campaign.tokens()["tokens"], list[m.Token])
    assert_type(campaign.signed_head(), m.SignedHeadAnswer)
    assert_type(campaign.signed_head()["tree_head"], m.TreeHead)
    assert_type(campaign.timeline(), m.TimelinePage)
    assert_type(campaign.verify(), m.VerifyReport)
    assert_type(campaign.items(), m.ItemsAnswer)
    assert_type(campaign.spirits(), m.SpiritsAnswer)
    assert_type(campaign.stunt_pool(), m.StuntPoolAnswer)
    assert_type(campaign.stunts(), m.StuntsAnswer)
    assert_type(campaign.webhooks(), list[Webhook])
    assert_type(campaign.webhook_deliveries("wh_1"), m.DeliveryPage)
    assert_type(campaign.feed_ticket(), FeedTicket)


def campaign_writes(campaign: Campaign, item: ItemSpec) -> None:
    assert_type(campaign.register_character({"name": "Mara"}), WriteResult[m.Character])
    assert_type(campaign.clock("sunrise"), WriteResult[m.CampaignSummary])
    assert_type(campaign.new_day([]), WriteResult[m.CampaignSummary])
    assert_type(campaign.rewind(3, "misread"), WriteResult[m.CampaignState])
    assert_type(campaign.issue_token("player", "ch_1"), IssuedToken)
    assert_type(campaign.register_item(item), WriteResult[m.ItemView])
    assert_type(campaign.dismiss_spirit("sp_1"), WriteResult[m.Spirit])
    assert_type(campaign.contribute_to_pool(4, 1), WriteResult[m.PoolSummary])
    assert_type(campaign.spend_stunt_points(4, []), WriteResult[m.StuntSpending])
    receipt = campaign.clock("sunrise").receipt
    assert_type(receipt, m.Receipt | None)


def character(mara: Character, spirit: SummonSpec) -> None:
    spent = mara.spend("mana", 2)
    assert_type(spent, WriteResult[m.Character])
    assert_type(spent.resource["id"], str)
    assert_type(mara.age_test("Willpower", tn=11), WriteResult[m.Character])
    assert_type(mara.damage(3), WriteResult[m.Character])
    assert_type(mara.get(), m.CharacterAnswer)
    assert_type(mara.get()["character"], m.Character)
    assert_type(mara.conditions(), m.ConditionsAnswer)
    assert_type(mara.effort(), m.EffortAnswer)
    assert_type(mara.commit_effort("mage", 1, "scene"), WriteResult[m.EffortSummary])
    assert_type(mara.magic(), m.MagicAnswer)
    assert_type(mara.spells(), m.SpellsAnswer)
    assert_type(mara.strain(), m.StrainAnswer)
    assert_type(mara.summon(spirit), WriteResult[m.Spirit])
    assert_type(mara.spirits(), m.SummonerSpiritsAnswer)


def encounters_and_hidden(campaign: Campaign) -> None:
    assert_type(campaign.next_turn(), WriteResult[m.EncounterView])
    assert_type(campaign.encounter(), m.EncounterAnswer)
    assert_type(campaign.hidden_note("the informant lies"), WriteResult[None])
    assert_type(campaign.export(), list[bytes])
