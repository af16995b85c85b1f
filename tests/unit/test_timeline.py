"""The timeline's pure parts: changed fields, summaries, and what counts as voided."""

from __future__ import annotations

from typing import Any

import msgspec
import msgspec.inspect as mi

from ledger.domain import characters, resources
from ledger.domain import fold as folding
from ledger.domain.audit.diff import changes
from ledger.domain.audit.summaries import SUMMARIES, generic, summarize, words
from ledger.domain.events import EVENT_TYPES
from ledger.domain.state.audit import RewindState, VoidedRange
from ledger.domain.wire_shape import named
from tests.unit.audit_helpers import Table


def names(ident: str | None) -> str:
    return {"chr_mara": "Mara"}.get(ident or "", ident or "someone")


def test_changes_list_changed_leaves_with_before_and_after() -> None:
    before = {"characters": {"chr_mara": {"mana": {"current": 12, "max": 12}}}}
    after = {"characters": {"chr_mara": {"mana": {"current": 9, "max": 12}}}}
    assert [msgspec.to_builtins(c) for c in changes(before, after)] == [
        {"path": "characters.chr_mara.mana.current", "before": 12, "after": 9}]


def test_changes_leave_out_the_bookkeeping_fields() -> None:
    before = {"position": 3, "head_hash": "a", "recorded_at": "t1", "serial": 1}
    after = {"position": 4, "head_hash": "b", "recorded_at": "t2", "serial": 2}
    assert [c.path for c in changes(before, after)] == ["serial"]


def test_a_key_that_appears_is_one_change_holding_the_whole_value() -> None:
    (change,) = changes({"characters": {}}, {"characters": {"chr_mara": {"name": "Mara"}}})
    assert (change.path, change.before, change.after) == (
        "characters.chr_mara", None, {"name": "Mara"})


def test_list_items_are_compared_by_index_and_removed_ones_listed_whole() -> None:
    before = {"conditions": [{"points": 2}, {"points": 1}]}
    after = {"conditions": [{"points": 3}]}
    assert [(c.path, c.before, c.after) for c in changes(before, after)] == [
        ("conditions.0.points", 2, 3), ("conditions.1", {"points": 1}, None)]


def test_a_change_of_type_is_a_change_even_when_equal() -> None:
    assert [c.path for c in changes({"x": 1}, {"x": True})] == ["x"]


def test_resource_spent_reads_as_a_sentence_with_before_and_after() -> None:
    data = {"character_id": "chr_mara", "resource": "mana", "amount": 3, "before": 12,
            "after": 9, "reason": "Arson"}
    assert summarize("ResourceSpent", data, names) == "Mara spent 3 Mana on Arson (12 → 9)"


def test_every_registered_event_type_gets_a_summary_even_from_unexpected_data() -> None:
    for type_name in EVENT_TYPES:
        text = summarize(type_name, {"character_id": "chr_mara"}, names)
        assert isinstance(text, str), type_name
        assert text, type_name


def test_summaries_of_real_events_never_fall_back_for_the_core_types() -> None:
    table = Table()
    (registered,) = table.run(characters.register_character(
        {"name": "Mara", "mana": {"current": 12, "max": 12}}))
    table.run(resources.spend(registered.character_id or "", "mana", 3, "Arson"))
    for record in table.records:
        data = msgspec.json.decode(record.data)
        text = summarize(record.type, data, lambda i: "Mara" if i else "someone")
        assert text != generic(record.type, data, names), record.type


def test_an_unknown_event_type_gets_a_generic_summary_naming_its_character() -> None:
    data = {"character_id": "chr_mara", "amount": 2, "pool": "mage", "commitment": {"x": 1}}
    assert summarize("FutureThingHappened", data, names) == (
        "Mara: future thing happened (amount 2, pool mage)")


def test_type_names_read_as_words() -> None:
    assert words("EffortCommitted") == "effort committed"


def test_a_position_inside_a_voided_range_names_its_voider() -> None:
    voids = RewindState(voided=[VoidedRange(4, 6, 7)])
    assert [voids.voided_by(p) for p in (3, 4, 6, 7)] == [None, 7, 7, None]


def test_the_canon_view_of_a_voided_position_is_the_last_canon_position_before_it() -> None:
    voids = RewindState(voided=[VoidedRange(4, 6, 9), VoidedRange(7, 7, 8)])
    assert voids.last_canon_at_or_before(7) == 3
    assert voids.last_canon_at_or_before(8) == 8
    assert voids.last_canon_at_or_before(2) == 2


def sample(info: mi.Type) -> Any:
    """A value of every field a type declares, optional ones filled in too."""
    if isinstance(info, mi.UnionType):
        chosen = [t for t in info.types if not isinstance(t, mi.NoneType)]
        return sample(chosen[0]) if chosen else None
    if isinstance(info, mi.StructType):
        return {f.encode_name: sample(f.type) for f in info.fields}
    if isinstance(info, (mi.ListType, mi.SetType, mi.FrozenSetType, mi.VarTupleType)):
        return [sample(info.item_type)]
    simple = {mi.IntType: 1, mi.FloatType: 0.5, mi.BoolType: True, mi.StrType: "x",
              mi.DictType: {}, mi.AnyType: "x", mi.LiteralType: None}
    return next((value for kind, value in simple.items() if isinstance(info, kind)), "x")


def test_every_summarizer_reads_the_fields_its_event_type_declares() -> None:
    for type_name, cls in EVENT_TYPES.items():
        summarizer = SUMMARIES.get(type_name)
        if summarizer is None:
            continue  # the generic summary needs no fields
        data = sample(mi.type_info(cls))
        assert summarizer(data, names), type_name  # raises on a field it does not declare


def test_a_states_changes_use_the_wire_names_and_address_entries_by_id() -> None:
    """A newcomer's trial: the timeline's and replay's changes named `dice_commitment` and
    a voided range's `first`/`last`, where `/state` says `dice.commitment` and `from`/`to`.
    `named` gives the wire's names and keeps maps, so a path still names an entry's id."""
    state = folding.blank("cmp_x")
    before = named(state)
    state.dice_commitment = "c1"
    state.rewind.voided.append(VoidedRange(first=4, last=6, by=7))
    after = named(state)
    paths = {c.path: c.after for c in changes(before, after)}
    assert paths["dice.commitment"] == "c1"
    assert {"from": 4, "to": 6, "by": 7} in paths.values()
    assert not any("dice_commitment" in p or "first" in p for p in paths)
    assert isinstance(after["characters"], dict)  # entries stay addressed by id
