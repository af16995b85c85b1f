"""GM blind rolls and secret notes, the pure rules: the salted commitment, the roll's own
seed, the envelope version that changes a hash only when it is set, and the reveal check."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import msgspec
from campaign_ledger_client.verify import verify_export

from ledger.adapters.export_format import HeaderLine, export_lines, read_history
from ledger.adapters.secrets_box import SecretBox
from ledger.adapters.signing import HeadSigner
from ledger.domain.audit.verify import verify
from ledger.domain.chain import canonical, chain_hash, envelope
from ledger.domain.context import Actor, Context
from ledger.domain.dice import derive_die
from ledger.domain.fold import blank
from ledger.domain.hidden import HiddenRolled, check_reveal, commitment, hidden_die_message
from ledger.domain.hidden_commands import RecordHiddenNote, RecordHiddenRoll
from ledger.domain.pipeline import run_command
from ledger.domain.reactions import REACTIONS
from ledger.domain.record import Record
from tests.golden.harness import SERVER_KEY

FIXTURE = Path(__file__).resolve().parents[1] / "golden" / "history.jsonl"


class SessionDice:
    """The session's dice: a hidden roll must never draw from them."""

    def draw(self, sides: int) -> int:
        raise AssertionError("a hidden roll drew from the session's seed")


class Vault:
    """Secrets in memory: what the server seals, kept in the clear for the test."""

    def __init__(self) -> None:
        self.drawn: list[bytes] = []
        self.sealed: dict[int, dict[str, object]] = {}

    def secret(self) -> bytes:
        self.drawn.append(hashlib.sha256(str(len(self.drawn)).encode()).digest())
        return self.drawn[-1]

    def seal(self, payload: dict[str, object], position: int) -> str:
        self.sealed[position] = payload
        return f"sealed-{position}"

    def open(self, position: int) -> None:
        return None

    def revealed(self, position: int) -> bool:
        return False


def _context(vault: Vault, position: int = 1) -> Context:
    return Context(dice=SessionDice(), actor=Actor(role="gm"), command_position=position,
                   hidden=vault)


def _record(event_type: str, data: dict[str, object], position: int = 1) -> Record:
    return Record(campaign_id="cmp_x", position=position, type=event_type, version=1,
                  data=canonical(data), recorded_at="2026-12-01T20:00:00.000000Z",
                  actor_role="gm", actor_token="tok", actor_character=None,
                  correlation_id="cor", character_id=None, session=1, scene=0, hash="")


def test_commitment_is_sha256_of_the_nonce_then_the_canonical_data() -> None:
    nonce, data = bytes(range(32)), {"total": 11, "dice": [{"sides": 6, "value": 5}]}
    assert commitment(nonce, data) == hashlib.sha256(
        nonce + json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def test_commitment_is_salted_so_the_same_roll_commits_differently() -> None:
    data = {"total": 11}
    assert commitment(b"\1" * 32, data) != commitment(b"\2" * 32, data)


def test_hidden_roll_draws_from_its_own_seed_never_the_session_seed() -> None:
    state, vault = blank("cmp_x"), Vault()
    state.position = 4
    [event] = RecordHiddenRoll(expression="4d6", label="ambush").decide(state, _context(vault, 5))
    assert isinstance(event, HiddenRolled)
    sealed = vault.sealed[5]
    seed = bytes.fromhex(str(sealed["seed"]))
    assert seed == vault.drawn[0]
    assert sealed["nonce"] == vault.drawn[1].hex()
    data = sealed["data"]
    assert isinstance(data, dict)
    dice = [(d["sides"], d["value"]) for d in data["dice"]]
    assert dice == [(6, derive_die(seed, hidden_die_message("cmp_x", 5, i), 6)) for i in range(4)]
    assert event.commitment == commitment(vault.drawn[1], data)


def test_hidden_roll_seed_separation_holds_through_the_pipeline_with_no_reactions() -> None:
    state, vault = blank("cmp_x"), Vault()
    recorded = run_command(state, _context(vault), RecordHiddenRoll(expression="2d6"))
    assert [type(e) for e in recorded] == [HiddenRolled]  # no reaction ran
    assert not set(REACTIONS) & {HiddenRolled}


def test_hidden_note_commits_to_its_text_without_a_seed() -> None:
    vault = Vault()
    [event] = RecordHiddenNote(text="the innkeeper lies").decide(blank("cmp_x"), _context(vault))
    assert vault.sealed[1]["seed"] is None
    assert event.commitment == commitment(vault.drawn[0], vault.sealed[1]["data"])


def test_envelope_version_is_absent_for_every_event_of_the_golden_fixture_before_it() -> None:
    with FIXTURE.open("rb") as handle:
        records = read_history(handle).records
    plain = [r for r in records if r.type not in ("HiddenRolled", "HiddenNoted")]
    assert len(plain) >= 149
    previous = "0" * 64
    for record in records:
        if record in plain:
            assert "envelope" not in envelope(record)
            assert "data" in envelope(record)
        assert chain_hash(previous, record) == record.hash  # every stored hash holds
        previous = record.hash


def test_envelope_version_2_hashes_the_commitment_and_not_the_sealed_data() -> None:
    hidden = _record("HiddenRolled", {"commitment": "ab" * 32, "sealed": "one"})
    resealed = msgspec.structs.replace(hidden, data=canonical({"commitment": "ab" * 32,
                                                               "sealed": "two"}))
    other = msgspec.structs.replace(hidden, data=canonical({"commitment": "cd" * 32,
                                                            "sealed": "one"}))
    assert envelope(hidden)["envelope"] == 2
    assert "data" not in envelope(hidden)
    assert chain_hash("0" * 64, hidden) == chain_hash("0" * 64, resealed)
    assert chain_hash("0" * 64, hidden) != chain_hash("0" * 64, other)


def test_envelope_version_1_keeps_a_plain_events_hash_whatever_its_data_holds() -> None:
    plain = _record("NoteAdded", {"commitment": "ab" * 32, "envelope": 2})
    assert envelope(plain)["data"] == {"commitment": "ab" * 32, "envelope": 2}
    assert "envelope" not in {k for k in envelope(plain) if k != "data"}


def test_reveal_check_refuses_data_a_nonce_or_dice_that_do_not_match() -> None:
    vault = Vault()
    state = blank("cmp_x")
    [event] = RecordHiddenRoll(expression="3d6").decide(state, _context(vault))
    sealed = vault.sealed[1]
    reveal = {"hidden_position": 1, "hidden_type": "HiddenRolled", "commitment": event.commitment,
              "data": sealed["data"], "nonce": sealed["nonce"], "seed": sealed["seed"]}
    assert check_reveal("cmp_x", event.commitment, reveal) == []
    forged = json.loads(json.dumps(reveal))
    forged["data"]["total"] += 1
    assert check_reveal("cmp_x", event.commitment, forged) == ["commitment"]
    assert check_reveal("cmp_x", event.commitment, {**reveal, "nonce": "00" * 32}) == ["commitment"]
    assert check_reveal("cmp_x", event.commitment, {**reveal, "seed": "11" * 32})[0].startswith("die")
    assert check_reveal("cmp_x", None, reveal) == ["not-hidden"]


def test_an_old_v1_export_still_verifies_on_the_server_and_in_the_client() -> None:
    with FIXTURE.open("rb") as handle:
        history = read_history(handle)
    old = [r for r in history.records if r.position <= 149]  # the fixture as recorded first
    header = HeaderLine(format="campaign-ledger/export/v1", campaign_id=old[0].campaign_id,
                        events=len(old), exported_at=old[-1].recorded_at)
    signer = HeadSigner(SecretBox(bytes.fromhex(SERVER_KEY)))
    lines = b"".join(export_lines(header, old, signer)).splitlines()
    assert b'"envelope"' not in b"".join(lines)
    assert verify(read_history(lines).records).ok
    report = verify_export(lines, public_key=signer.public_key)
    assert report.ok, report.problems()
