"""The Backlash choice's lifecycle, named in new records (BacklashChoiceOffered,
BacklashBanked), while older records that carried it as BacklashGained flags fold as
they always did (docs/history.md, "Lifecycle events")."""

from __future__ import annotations

import msgspec

from ledger.domain.audit.summaries import generic, summarize
from ledger.domain.characters import register_character
from ledger.domain.fold import apply_record, blank, encode_state
from ledger.domain.magic.backlash import BacklashBanked, BacklashChoiceOffered, bank
from ledger.domain.magic.failure import accept
from ledger.domain.magic.test import MagicTestRequest, make_test
from ledger.domain.record import Record
from ledger.domain.state import CampaignState, Character
from tests.unit.harness import run

MARA = "chr_mara"
# Data of older records exactly as stored: BacklashGained v1 with its lifecycle flags.
OLD_OFFER = (b'{"character_id":"chr_mara","amount":5,"before":0,"after":5,"permanent":0,'
             b'"source":"failure","test_id":"mgt_1","offers_choice":true,'
             b'"resolves_choice":false,"automatic":false,"note":""}')
OLD_BANK = (b'{"character_id":"chr_mara","amount":1,"before":5,"after":6,"permanent":0,'
            b'"source":"bank","test_id":null,"offers_choice":false,"resolves_choice":true,'
            b'"automatic":false,"note":""}')


def with_mara() -> CampaignState:
    state = blank("cmp_life")
    state.position = 1
    state.characters[MARA] = Character(id=MARA, name="Mara")
    return state


def record(position: int, type_name: str, data: bytes) -> Record:
    return Record("cmp_life", position, type_name, 1, data, "2026-01-01T00:00:00.000000Z",
                  "gm", None, None, "cor_1", MARA, 0, 0, f"hash{position}")


def new(event: BacklashChoiceOffered | BacklashBanked) -> bytes:
    return msgspec.json.encode(event)


def test_old_backlash_gained_records_still_fold_the_same() -> None:
    state = with_mara()
    apply_record(state, record(2, "BacklashGained", OLD_OFFER))
    backlash = state.characters[MARA].backlash
    assert backlash.temporary == 5
    assert backlash.choice is not None
    assert (backlash.choice.since, backlash.choice.gained) == (2, 5)
    apply_record(state, record(3, "BacklashGained", OLD_BANK))
    assert (backlash.temporary, backlash.choice) == (6, None)


def test_backlash_choice_offered_folds_as_the_old_offering_backlash_gained() -> None:
    old, fresh = with_mara(), with_mara()
    apply_record(old, record(2, "BacklashGained", OLD_OFFER))
    offered = BacklashChoiceOffered(character_id=MARA, amount=5, before=0, after=5, permanent=0,
                                    source="failure", test_id="mgt_1")
    apply_record(fresh, record(2, "BacklashChoiceOffered", new(offered)))
    assert encode_state(fresh) == encode_state(old)


def test_backlash_banked_folds_as_the_old_resolving_backlash_gained() -> None:
    old, fresh = with_mara(), with_mara()
    for state in (old, fresh):
        apply_record(state, record(2, "BacklashGained", OLD_OFFER))
    apply_record(old, record(3, "BacklashGained", OLD_BANK))
    banked = BacklashBanked(character_id=MARA, banked=5, amount=1, before=5, after=6,
                            permanent=0)
    apply_record(fresh, record(3, "BacklashBanked", new(banked)))
    assert encode_state(fresh) == encode_state(old)


def caster(state: CampaignState) -> str:
    (registered,) = run(state, register_character({
        "name": "Mara", "abilities": {"Willpower": 3}, "magic_ability": "Willpower",
        "mana": {"current": 10, "max": 10}}))
    return registered.character_id or ""


def test_accepting_a_failure_offers_the_choice_and_banking_answers_it_by_name() -> None:
    state = blank("cmp_life")
    chid = caster(state)
    failed = run(state, make_test(chid, MagicTestRequest(base_tn=12, dice=[1, 2, 3])))
    test_id = failed[-1].test_id  # type: ignore[attr-defined]
    accepted = run(state, accept(chid, test_id))
    offered = [e for e in accepted if isinstance(e, BacklashChoiceOffered)]
    assert [(e.amount, e.source, e.test_id) for e in offered] == [(4, "failure", test_id)]
    banked = run(state, bank(chid))
    assert [(type(e).__name__, e.banked, e.after) for e in banked  # type: ignore[attr-defined]
            ] == [("BacklashBanked", 4, 5)]
    assert state.characters[chid].backlash.choice is None


def test_timeline_reads_the_choice_offered_and_the_choice_banked_as_sentences() -> None:
    def names(character_id: str | None) -> str:
        return "Mara" if character_id == MARA else "someone"

    offered = msgspec.to_builtins(BacklashChoiceOffered(
        character_id=MARA, amount=4, before=0, after=4, permanent=0, source="failure"))
    banked = msgspec.to_builtins(BacklashBanked(
        character_id=MARA, banked=4, amount=1, before=4, after=5, permanent=0, automatic=True))
    assert summarize("BacklashChoiceOffered", offered, names) == (
        "Mara gained 4 Backlash (failure) (0 → 4) and may roll for Consequences or bank it")
    assert summarize("BacklashBanked", banked, names) == (
        "Mara acted again without choosing, so banked 4 Backlash for 1 more (4 → 5)")
    assert summarize("BacklashBanked", banked, names) != generic("BacklashBanked", banked, names)
