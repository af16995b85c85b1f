"""Export, import, verify and replay through the `campaign-ledger` command, on both stores."""

from __future__ import annotations

import fcntl
import json
import os
import secrets
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import psycopg
import pytest

from ledger.adapters.secrets_box import SecretBox
from ledger.adapters.store.base import EventStore
from ledger.domain import clock, rolls
from ledger.domain.errors import RuleViolation
from ledger.domain.fold import encode_state
from ledger.domain.wire_shape import wire
from ledger.entry.cli import PIPE_CLOSED, main
from ledger.service.audit.commands import rewind_command
from ledger.service.config import Config
from ledger.service.ledger import Ledger
from tests.conftest import PG, make_store
from tests.integration.audit_helpers import GM, played, use_store
from tests.unit.audit_helpers import rehash


@pytest.fixture
def other_config(store_config: Config, tmp_path: Path) -> Iterator[Config]:
    """A second, empty store of the same kind, on a server with another key."""
    other = msgspec.structs.replace(store_config, data_dir=str(tmp_path / "other"),
                                    secret_key=secrets.token_hex(32),
                                    pg_schema=store_config.pg_schema + "_other")
    yield other
    if other.store == "postgres":
        with psycopg.connect(dbname=other.pg_dbname, autocommit=True, **PG) as conn:  # type: ignore[arg-type]
            conn.execute(f'DROP SCHEMA IF EXISTS "{other.pg_schema}" CASCADE')


@pytest.fixture
def other_store(other_config: Config) -> Iterator[EventStore]:
    built = make_store(other_config)
    built.setup()
    yield built
    built.close()


def history(ledger: Ledger) -> str:
    """A played campaign with a rewind in it, ending in an open session with a pending roll."""
    campaign_id, mara = played(ledger)
    ledger.execute(campaign_id, GM, rewind_command(ledger, campaign_id, 6, "wrong roll"))
    ledger.execute(campaign_id, GM, clock.end_session)
    ledger.execute(campaign_id, GM, clock.start_session)
    ledger.execute(campaign_id, GM, rolls.notation_roll(mara, "1d20"))
    return campaign_id


def export(monkeypatch: pytest.MonkeyPatch, config: Config, campaign_id: str, path: Path) -> None:
    use_store(monkeypatch, config)
    assert main(["export", campaign_id, "-o", str(path)]) == 0


@pytest.fixture
def exported(ledger: Ledger, store_config: Config, tmp_path: Path,
             monkeypatch: pytest.MonkeyPatch) -> tuple[str, Path]:
    """A campaign's history, exported by the command to a file."""
    campaign_id = history(ledger)
    path = tmp_path / "history.jsonl"
    export(monkeypatch, store_config, campaign_id, path)
    return campaign_id, path


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def write_lines(path: Path, rows: list[dict[str, Any]]) -> None:
    path.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows))


def test_export_writes_events_hashes_revealed_seeds_and_a_signed_head_never_a_secret_seed(
        exported: tuple[str, Path], ledger: Ledger) -> None:
    campaign_id, path = exported
    rows = lines(path)
    state = ledger.state(campaign_id)
    kinds = [row["kind"] for row in rows]
    assert kinds == ["header", *["event"] * state.position, *["seed"] * state.dice_epoch, "head"]
    assert [r["hash"] for r in rows if r["kind"] == "event"] == [
        r.hash for r in ledger.store.read(campaign_id)]
    assert [r["epoch"] for r in rows if r["kind"] == "seed"] == list(range(state.dice_epoch))
    assert (rows[-1]["position"], rows[-1]["head_hash"]) == (state.position, state.head_hash)
    secret = ledger._seed_for(campaign_id, state.dice_epoch).hex()
    assert secret not in path.read_text()


def test_import_into_a_fresh_store_gives_identical_records_state_and_head_hash(
        exported: tuple[str, Path], ledger: Ledger, other_config: Config, other_store: EventStore,
        monkeypatch: pytest.MonkeyPatch) -> None:
    campaign_id, path = exported
    use_store(monkeypatch, other_config)
    assert main(["import", str(path)]) == 0
    assert other_store.read(campaign_id) == ledger.store.read(campaign_id)  # byte-identical
    imported = Ledger(other_store, SecretBox(bytes.fromhex(other_config.secret_key or "")))
    assert encode_state(imported.state(campaign_id)) == encode_state(ledger.state(campaign_id))
    assert encode_state(imported.state_at(campaign_id, 7)) == encode_state(
        ledger.state_at(campaign_id, 7))


def test_an_imported_campaign_plays_on_with_a_fresh_dice_epoch_after_its_next_session(
        exported: tuple[str, Path], other_config: Config, other_store: EventStore,
        monkeypatch: pytest.MonkeyPatch) -> None:
    campaign_id, path = exported
    use_store(monkeypatch, other_config)
    main(["import", str(path)])
    imported = Ledger(other_store, SecretBox(bytes.fromhex(other_config.secret_key or "")))
    mara = next(iter(imported.state(campaign_id).characters))
    # The open epoch's seed stayed with the recording server: no server dice until a new one.
    with pytest.raises(RuleViolation) as refused:
        imported.execute(campaign_id, GM, rolls.notation_roll(mara, "1d20"))
    assert refused.value.rule == "dice-seed-unavailable"
    ended = imported.execute(campaign_id, GM, clock.end_session)
    assert ended.events[-1].revealed_seed == ""  # withheld, so those rolls stay pending
    imported.execute(campaign_id, GM, clock.start_session)
    rolled = imported.execute(campaign_id, GM, rolls.notation_roll(mara, "1d20"))
    assert rolled.events[0].source == "server"


def test_import_refuses_a_campaign_the_store_already_has(
        exported: tuple[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    _, path = exported
    assert main(["import", str(path)]) == 1
    assert "already exists" in capsys.readouterr().err


def test_import_refuses_an_edited_file_and_writes_nothing(
        exported: tuple[str, Path], other_config: Config, other_store: EventStore,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    campaign_id, path = exported
    rows = lines(path)
    rows[5]["data"]["after"] = 12  # position 5: a Mana spend
    write_lines(path, rows)
    use_store(monkeypatch, other_config)
    assert main(["import", str(path)]) == 1
    assert "breaks at position 5" in capsys.readouterr().err
    assert other_store.head(campaign_id) == 0


def test_import_refuses_a_forged_die_even_with_every_hash_recomputed(
        exported: tuple[str, Path], ledger: Ledger, other_config: Config, other_store: EventStore,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    campaign_id, path = exported
    rows = lines(path)
    value = rows[7]["data"]["dice"][0]["value"]  # position 7: the server roll
    forged = rehash(ledger.store.read(campaign_id), 7,
                    lambda d: d["dice"][0].update(value=value % 6 + 1))
    for row, record in zip(rows[1:], forged, strict=False):
        row["data"], row["hash"] = json.loads(record.data), record.hash
    write_lines(path, rows)
    use_store(monkeypatch, other_config)
    assert main(["import", str(path)]) == 1
    err = capsys.readouterr().err
    assert "position 7: die check failed (value)" in err
    assert "signature" in err or "signed head" in err  # the old signed head no longer fits
    assert other_store.head(campaign_id) == 0


def test_import_checks_the_head_against_a_pinned_public_key(
        exported: tuple[str, Path], other_config: Config, other_store: EventStore,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    campaign_id, path = exported
    published = lines(path)[-1]["public_key"]
    use_store(monkeypatch, other_config)
    assert main(["import", str(path), "--public-key", "11" * 32]) == 1
    assert other_store.head(campaign_id) == 0
    capsys.readouterr()
    assert main(["import", str(path), "--public-key", published]) == 0
    assert "nothing pinned" not in capsys.readouterr().err


def test_import_without_a_pinned_key_says_which_key_signed(
        exported: tuple[str, Path], other_config: Config, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Anyone who edits a file can re-chain and re-sign it with a key of their own; the
    import says so rather than let "imported" read as proof (an outside attack's finding)."""
    _, path = exported
    published = lines(path)[-1]["public_key"]
    use_store(monkeypatch, other_config)
    assert main(["import", str(path)]) == 0
    said = capsys.readouterr()
    assert said.out.startswith("imported ")
    assert f"signed by key {published}, which nothing pinned" in said.err
    assert "--public-key" in said.err


def test_verify_file_checks_offline_and_catches_a_lost_saved_head(
        ledger: Ledger, store_config: Config, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    campaign_id = history(ledger)
    saved = ledger.state(campaign_id).head_hash
    path = tmp_path / "history.jsonl"
    export(monkeypatch, store_config, campaign_id, path)
    assert main(["verify", str(path), "--expect-head", saved]) == 0
    out = capsys.readouterr().out
    assert "server rolls verified" in out
    assert "signed head: signature ok (key " in out  # the summary says it checked it
    assert ", key_id " in out  # the name receipts use for the same key
    assert "the head of these events" in out
    assert "1 pending" in out
    rows = lines(path)
    events = [r for r in rows if r["kind"] == "event"]
    header = rows[0] | {"events": len(events) - 2}  # the last two events gone, count fixed
    write_lines(path, [header, *events[:-2], *[r for r in rows if r["kind"] in ("seed", "head")]])
    assert main(["verify", str(path), "--expect-head", saved]) == 1
    assert "NOT verified" in capsys.readouterr().out


def test_replay_prints_the_state_after_each_event(
        exported: tuple[str, Path], ledger: Ledger, capsys: pytest.CaptureFixture[str]) -> None:
    campaign_id, path = exported
    capsys.readouterr()
    for source in (str(path), campaign_id):
        assert main(["replay", source, "--no-progress"]) == 0
        out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
        head = ledger.state(campaign_id)
        assert [line["position"] for line in out] == list(range(1, head.position + 1))
        # the API's shape (`GET …/state`), not the stored one (a newcomer's trial)
        assert out[-1]["state"] == json.loads(msgspec.json.encode(wire(head)))
        assert "dice" in out[-1]["state"]
        assert isinstance(out[-1]["state"]["characters"], list)
    assert main(["replay", campaign_id, "--changes", "--upto", "4"]) == 0
    fourth = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert fourth["changes"][0]["path"].endswith(".mana.current")


def test_replay_draws_a_progress_bar_on_stderr_for_long_histories(
        ledger: Ledger, store_config: Config, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    campaign_id = history(ledger)
    use_store(monkeypatch, store_config)
    monkeypatch.setattr("ledger.entry.tools.replay.LONG_HISTORY", 5)
    main(["replay", campaign_id])
    err = capsys.readouterr().err
    assert "100%" in err
    assert f"{ledger.state(campaign_id).position}/{ledger.state(campaign_id).position}" in err


def test_replay_into_a_pipe_closed_early_stops_quietly(exported: tuple[str, Path]) -> None:
    """`campaign-ledger replay FILE | head -1` ended in a BrokenPipeError traceback (a
    newcomer's trial); now it stops without one, with the shell's status for SIGPIPE."""
    _, path = exported
    env = {k: v for k, v in os.environ.items() if not k.startswith("LEDGER_")}
    read_end, write_end = os.pipe()
    # The smallest pipe (one page), so the replay's tens of KB cannot all fit before the
    # reader goes: the writer always meets the closed pipe.
    fcntl.fcntl(write_end, fcntl.F_SETPIPE_SZ, 4096)
    run = subprocess.Popen([sys.executable, "-m", "ledger.entry.cli", "replay", str(path),
                            "--no-progress"], stdout=write_end, stderr=subprocess.PIPE, env=env)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as reader:
        assert reader.readline().startswith(b"{")
    _, err = run.communicate(timeout=120)  # the reader went away after one line
    assert b"Traceback" not in err, err.decode()
    assert run.returncode == PIPE_CLOSED
