"""Linking with magic items (001 6.4.2; the README's "Item linkage")."""

from __future__ import annotations

import pytest

from ledger.domain.characters import record_death
from ledger.domain.clock import TimeAdvanced
from ledger.domain.errors import InvalidInput, RuleViolation
from ledger.domain.items.linkage import ItemLinked, ItemLinkEnded, link, unlink
from ledger.domain.magic.effort import EffortCommitted, EffortReturned, available
from tests.unit.items_helpers import MAGE, SUMMONER, Table, of_type


@pytest.fixture
def table() -> Table:
    return Table()


@pytest.fixture
def wand(table: Table) -> str:
    return table.item(name="Wand", kind="wand", materials=[{"name": "hardwood"}], magical=True)


def test_linking_raises_permanent_and_current_strain_by_one(table: Table, wand: str) -> None:
    user = table.character(edges=["Graced"], strain={"current": 2, "permanent": 1, "max": 10})
    table.run(link(wand, user))
    strain = table.ch(user).strain
    assert (strain.current, strain.permanent) == (3, 2)
    assert table.it(wand).linked_to == user


def test_a_mage_commits_one_mage_effort_bound_to_the_link(table: Table, wand: str) -> None:
    mage = table.character(**MAGE)
    (committed,) = of_type(table.run(link(wand, mage)), EffortCommitted)
    c = committed.commitment
    assert (c.pool, c.amount, c.duration, c.source) == ("mage", 1, "bound", f"item:{wand}")
    assert available(table.ch(mage), "mage") == 1


def test_a_summoner_commits_summoner_effort(table: Table, wand: str) -> None:
    summoner = table.character(**SUMMONER)
    (committed,) = of_type(table.run(link(wand, summoner)), EffortCommitted)
    assert committed.commitment.pool == "summoner"


def test_a_user_with_both_edges_must_choose_the_pool(table: Table, wand: str) -> None:
    both = table.character(edges=["Spellcaster", "Summoner"], skills={"cast": 1, "summon": 1})
    with pytest.raises(InvalidInput) as refused:
        table.run(link(wand, both))
    assert refused.value.rule == "effort-pool-required"
    (committed,) = of_type(table.run(link(wand, both, pool="summoner")), EffortCommitted)
    assert committed.commitment.pool == "summoner"


def test_a_pool_the_user_lacks_cannot_be_chosen(table: Table, wand: str) -> None:
    mage = table.character(**MAGE)
    with pytest.raises(InvalidInput) as refused:
        table.run(link(wand, mage, pool="summoner"))
    assert refused.value.rule == "effort-pool-not-available"


def test_a_graced_user_links_without_committing_effort(table: Table, wand: str) -> None:
    graced = table.character(edges=["Graced"])
    events = table.run(link(wand, graced))
    assert of_type(events, EffortCommitted) == []
    assert of_type(events, ItemLinked)[0].pool is None


def test_the_cast_skill_alone_is_enough_know_how_and_commits_no_effort(
        table: Table, wand: str) -> None:
    scholar = table.character(skills={"cast": 0})
    events = table.run(link(wand, scholar))
    assert of_type(events, ItemLinked)
    assert not of_type(events, EffortCommitted)


def test_linking_without_magical_know_how_is_refused_naming_the_rule(
        table: Table, wand: str) -> None:
    mundane = table.character(skills={"shoot": 2})
    with pytest.raises(RuleViolation) as refused:
        table.run(link(wand, mundane))
    assert refused.value.rule == "link-needs-magical-know-how"
    assert table.it(wand).linked_to is None


def test_a_helper_with_a_magical_edge_guides_a_mundane_user(table: Table, wand: str) -> None:
    mundane = table.character()
    guide = table.character(name="Guide", edges=["Summoner"])
    (linked,) = of_type(table.run(link(wand, mundane, guide)), ItemLinked)
    assert linked.helper == guide
    assert linked.pool is None


def test_a_helper_with_only_the_cast_skill_cannot_guide(table: Table, wand: str) -> None:
    mundane = table.character()
    bookworm = table.character(name="Bookworm", skills={"cast": 2})
    with pytest.raises(RuleViolation) as refused:
        table.run(link(wand, mundane, bookworm))
    assert refused.value.rule == "link-needs-magical-know-how"


def test_a_mage_without_effort_left_cannot_link(table: Table, wand: str) -> None:
    mage = table.character(edges=["Spellcaster"], skills={"cast": 0},
                           cyberware=[{"name": "eye", "strain": 1}])
    with pytest.raises(RuleViolation) as refused:
        table.run(link(wand, mage))
    assert refused.value.rule == "effort-exhausted"
    assert table.ch(mage).strain.permanent == 0


def test_unlinking_takes_an_hour_of_game_time(table: Table, wand: str) -> None:
    user = table.character(edges=["Graced"])
    table.run(link(wand, user))
    (hour,) = of_type(table.run(unlink(wand)), TimeAdvanced)
    assert (hour.minutes, hour.before, hour.after) == (60, 0, 60)
    assert table.state.clock.minutes == 60


def test_when_a_link_ends_its_strain_stops_being_permanent_but_stays_current(
        table: Table, wand: str) -> None:
    user = table.character(edges=["Graced"])
    table.run(link(wand, user))
    table.run(unlink(wand, user))
    strain = table.ch(user).strain
    assert (strain.current, strain.permanent) == (1, 0)


def test_link_effort_returns_on_the_new_day_after_the_link_ends_for_a_rested_user(
        table: Table, wand: str) -> None:
    mage = table.character(**MAGE)
    table.run(link(wand, mage))
    assert of_type(table.new_day(mage), EffortReturned) == []  # still linked
    table.run(unlink(wand, mage))
    assert available(table.ch(mage), "mage") == 1  # not before the new day
    assert of_type(table.new_day(), EffortReturned) == []  # not without rest
    (returned,) = of_type(table.new_day(mage), EffortReturned)
    assert returned.why == "released"
    assert available(table.ch(mage), "mage") == 2


def test_a_new_user_imprinting_ends_the_old_link_with_the_same_effects(
        table: Table, wand: str) -> None:
    old = table.character(**MAGE)
    new = table.character(name="Nia", edges=["Graced"])
    table.run(link(wand, old))
    events = table.run(link(wand, new))
    (ended,) = of_type(events, ItemLinkEnded)
    assert (ended.character_id, ended.why) == (old, "new-user-imprinted")
    assert table.ch(old).strain.permanent == 0
    assert table.ch(old).strain.current == 1
    assert table.ch(new).strain.permanent == 1
    assert table.it(wand).linked_to == new
    assert of_type(table.new_day(old), EffortReturned)[0].character_id == old


def test_the_link_history_records_users_positions_and_why(table: Table, wand: str) -> None:
    first = table.character(edges=["Graced"])
    second = table.character(name="Nia", edges=["Graced"])
    table.run(link(wand, first))
    linked_at = table.state.position
    table.run(link(wand, second))
    history = table.it(wand).links
    assert [(h.user, h.why) for h in history] == [(first, "new-user-imprinted"), (second, None)]
    assert history[0].linked_at == linked_at
    assert history[0].ended_at is not None
    assert history[1].ended_at is None


def test_unlinking_needs_the_same_know_how(table: Table, wand: str) -> None:
    mundane = table.character()
    guide = table.character(name="Guide", edges=["Graced"])
    table.run(link(wand, mundane, guide))
    with pytest.raises(RuleViolation) as refused:
        table.run(unlink(wand, mundane))
    assert refused.value.rule == "link-needs-magical-know-how"
    table.run(unlink(wand, mundane, guide))
    assert table.it(wand).linked_to is None


def test_only_the_linked_user_unlinks(table: Table, wand: str) -> None:
    user = table.character(edges=["Graced"])
    other = table.character(name="Other", edges=["Graced"])
    table.run(link(wand, user))
    with pytest.raises(RuleViolation) as refused:
        table.run(unlink(wand, other))
    assert refused.value.rule == "not-the-linked-user"


def test_an_item_linked_to_nobody_cannot_be_unlinked(table: Table, wand: str) -> None:
    with pytest.raises(RuleViolation) as refused:
        table.run(unlink(wand))
    assert refused.value.rule == "item-not-linked"


def test_a_users_death_ends_the_link(table: Table, wand: str) -> None:
    mage = table.character(**MAGE)
    table.run(link(wand, mage))
    (ended,) = of_type(table.run(record_death(mage, "shot")), ItemLinkEnded)
    assert ended.why == "user-died"
    assert table.it(wand).linked_to is None


def test_only_magic_items_link(table: Table) -> None:
    user = table.character(edges=["Graced"])
    with pytest.raises(RuleViolation) as refused:
        table.run(link(table.item(), user))
    assert refused.value.rule == "item-not-magical"


def test_linking_again_to_the_same_user_is_refused(table: Table, wand: str) -> None:
    user = table.character(edges=["Graced"])
    table.run(link(wand, user))
    with pytest.raises(RuleViolation) as refused:
        table.run(link(wand, user))
    assert refused.value.rule == "already-linked"
    assert table.ch(user).strain.permanent == 1
