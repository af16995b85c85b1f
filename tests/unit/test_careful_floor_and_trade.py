"""The careful-magic floor limits careful magic; the Mana trade adds after it
(the rules README; issue 12, bug 4)."""

from __future__ import annotations

from ledger.domain.magic.test_events import MagicTestMade
from tests.unit.magic_helpers import campaign as magic_campaign
from tests.unit.magic_helpers import cast, mage, only

ALL_CAREFUL = ["slower-casting", "tools", "gestures", "spoken-words", "consumed-materials"]


def test_mana_trade_adds_one_tn_after_the_careful_floor() -> None:
    state = magic_campaign()
    chid = mage(state, mana=10)
    events = cast(state, chid, [6, 6, 6], base_tn=11, careful=ALL_CAREFUL, mana_cost=2,
                  mana_for_tn=1)
    assert only(events, MagicTestMade).target.tn == 9


def test_resistance_sits_with_the_base_before_the_careful_floor() -> None:
    state = magic_campaign()
    chid = mage(state, mana=10)
    events = cast(state, chid, [6, 6, 6], base_tn=10, resistance=2, careful=ALL_CAREFUL,
                  mana_cost=1, mana_for_tn=1)
    assert only(events, MagicTestMade).target.tn == 9  # 12 -> floor 8 -> +1


def test_negative_resistance_may_take_the_tn_below_8_and_careful_magic_adds_nothing() -> None:
    state = magic_campaign()
    chid = mage(state, mana=10)
    events = cast(state, chid, [6, 6, 6], base_tn=9, resistance=-3, careful=["tools"],
                  mana_cost=1, mana_for_tn=1)
    assert only(events, MagicTestMade).target.tn == 7  # 6, no careful below 8, +1
