"""The envelope (ledger/service/envelope.py), the pipeline's stamp: each applied event becomes
the record at the position the pipeline advanced to, chained to the one before, with who,
when and the clock; checkpoints fall where due."""

from __future__ import annotations

import msgspec

from ledger.adapters.checkpoint_seal import CheckpointSeal
from ledger.adapters.secrets_box import SecretBox
from ledger.domain.campaign import SettingsChanged
from ledger.domain.chain import GENESIS, chain_hash
from ledger.domain.context import Actor
from ledger.domain.events import decode_data
from ledger.domain.fold import blank, decode_state
from ledger.domain.record import Record
from ledger.service.envelope import Envelope

PLAYER = Actor(role="player", token_id="tok_p", character_id="chr_mara")
SEAL = CheckpointSeal(SecretBox(bytes(32)))


def envelope(checkpoint_every: int = 100) -> Envelope:
    scratch = blank("cmp_env")
    scratch.position, scratch.head_hash = 4, "h4"
    scratch.clock.session, scratch.clock.scene = 2, 3
    return Envelope(scratch, PLAYER, correlation_id="corr-1",
                    recorded_at="2030-01-01T00:00:00.000000Z", checkpoint_every=checkpoint_every, seal=SEAL)


def stamp(env: Envelope, event: SettingsChanged) -> None:
    """What the pipeline does for each event: advance the position, then stamp."""
    env.scratch.position += 1
    env(env.scratch, event)


def test_each_event_is_the_next_position_chained_to_the_hash_before_it() -> None:
    env = envelope()
    for n in range(2):
        stamp(env, SettingsChanged(changes={"n": n}, before={"n": None}))
    first, second = env.records
    assert (first.position, second.position) == (5, 6)
    assert first.hash == chain_hash("h4", _unhashed(first))
    assert second.hash == chain_hash(first.hash, _unhashed(second))
    assert (env.scratch.position, env.scratch.head_hash) == (6, second.hash)
    assert env.scratch.recorded_at == "2030-01-01T00:00:00.000000Z"


def test_a_record_carries_the_actor_the_clock_and_the_correlation_id() -> None:
    env = envelope()
    stamp(env, SettingsChanged(changes={"n": 1}, before={"n": None}))
    record = env.records[0]
    assert (record.type, record.version) == ("SettingsChanged", 2)
    assert (record.actor_role, record.actor_token, record.actor_character) == \
        ("player", "tok_p", "chr_mara")
    assert (record.session, record.scene, record.correlation_id) == (2, 3, "corr-1")
    assert decode_data(record.type, record.version, record.data) == \
        SettingsChanged(changes={"n": 1}, before={"n": None})


def test_the_first_record_of_a_campaign_chains_to_genesis() -> None:
    env = envelope()
    env.scratch.position, env.scratch.head_hash = 0, ""
    stamp(env, SettingsChanged(changes={}, before={}))
    assert env.records[0].hash == chain_hash(GENESIS, _unhashed(env.records[0]))


def test_a_checkpoint_is_taken_at_each_multiple_of_the_interval() -> None:
    env = envelope(checkpoint_every=3)
    for _ in range(5):  # positions 5..9
        stamp(env, SettingsChanged(changes={}, before={}))
    assert [(c.campaign_id, c.position) for c in env.checkpoints] == [("cmp_env", 6),
                                                                       ("cmp_env", 9)]
    taken = decode_state(env.checkpoints[0].state)
    assert taken is not None
    assert taken.position == 6


def test_each_checkpoint_is_sealed_at_the_hash_of_the_event_it_folds_to() -> None:
    env = envelope(checkpoint_every=3)
    for _ in range(2):  # positions 5 and 6
        stamp(env, SettingsChanged(changes={}, before={}))
    (row,) = env.checkpoints
    assert row.head_hash == env.records[1].hash
    assert SEAL.holds("cmp_env", 6, row.head_hash, row.state, row.mac)
    assert not SEAL.holds("cmp_env", 6, env.records[0].hash, row.state, row.mac)



def _unhashed(record: Record) -> Record:
    return msgspec.structs.replace(record, hash="")
