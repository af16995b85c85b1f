"""Commands that only read never create a store, a data directory or a server key.

Run from the wrong directory, they used to make an empty `ledger-data/` with a new
`secret.key` and then report "no campaign in this store" without saying which store.
Now they fail with one line naming where they looked; on PostgreSQL a missing schema
stays missing. Only `serve`, `import` and `restore` create a store.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest

from ledger.entry.cli import main
from ledger.service.config import Config
from ledger.service.ledger import Ledger
from tests.conftest import PG
from tests.integration.audit_helpers import played, use_store

READERS = [["export", "cmp_missing"], ["verify", "cmp_missing"], ["replay", "cmp_missing"],
           ["health"], ["backup", "ledger.backup"]]
# With trust authentication any password connects; a real one is kept, and must not show.
PASSWORD = PG["password"] or "hunter2-never-printed"


@pytest.fixture
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty directory to run from, with no LEDGER_ settings: every default applies."""
    cwd = tmp_path / "elsewhere"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    for name in [n for n in os.environ if n.startswith("LEDGER_")]:
        monkeypatch.delenv(name)
    monkeypatch.setenv("LEDGER_BACKUP_KEY", "ab" * 32)
    return cwd


def where(config: Config, cwd: Path) -> list[str]:
    """What the message must name: the SQLite file, or the database and schema."""
    if config.store == "postgres":
        return [f"{config.pg_host}:{config.pg_port}/{config.pg_dbname}", config.pg_schema]
    return [str(cwd / "ledger-data" / "ledger.sqlite3")]


def point_at_database(monkeypatch: pytest.MonkeyPatch, config: Config) -> None:
    """The database of `config` (its schema not made yet); the data directory stays default."""
    for name, value in config.to_env().items():
        if name.startswith("LEDGER_POSTGRES_") or name == "LEDGER_STORE":
            monkeypatch.setenv(name, value)
    monkeypatch.setenv("LEDGER_POSTGRES_PASSWORD", PASSWORD)


def schema_exists(config: Config) -> bool:
    with psycopg.connect(dbname=config.pg_dbname, autocommit=True, **PG) as conn:  # type: ignore[arg-type]
        found = conn.execute("SELECT 1 FROM information_schema.schemata WHERE schema_name=%s",
                             (config.pg_schema,)).fetchone()
    return found is not None


@pytest.mark.parametrize("argv", READERS, ids=lambda argv: argv[0])
def test_a_read_only_command_run_elsewhere_creates_nothing_and_names_where_it_looked(
        argv: list[str], store_config: Config, elsewhere: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    if store_config.store == "postgres":
        point_at_database(monkeypatch, store_config)
    code = main(argv)
    out, err = capsys.readouterr()
    assert code != 0
    assert len(err.strip().splitlines()) == 1, err
    for part in where(store_config, elsewhere):
        assert part in err
    assert PASSWORD not in out + err
    assert list(elsewhere.iterdir()) == []  # no ledger-data/, no secret.key, no backup file
    if store_config.store == "postgres":
        assert not schema_exists(store_config)


@pytest.mark.parametrize("argv", [["export"], ["backup", "ledger.backup"]],
                         ids=lambda argv: argv[0])
def test_a_read_only_command_without_the_server_key_names_it_and_makes_none(
        argv: list[str], ledger: Ledger, store_config: Config, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A new key would sign the export with a key nobody knows; the server's must be used."""
    campaign_id, _ = played(ledger)
    use_store(monkeypatch, store_config)
    monkeypatch.delenv("LEDGER_SECRET_KEY")
    monkeypatch.setenv("LEDGER_BACKUP_KEY", "ab" * 32)
    monkeypatch.chdir(tmp_path)
    args = [*argv, campaign_id] if argv == ["export"] else argv
    code = main(args)
    err = capsys.readouterr().err
    assert code != 0
    assert str(tmp_path / "secret.key") in err
    assert "LEDGER_SECRET_KEY" in err
    assert not (tmp_path / "secret.key").exists()
    assert not list(tmp_path.glob("ledger.backup*"))


@pytest.mark.parametrize("command", ["export", "verify", "replay"])
def test_a_missing_campaign_is_reported_with_the_store_it_was_looked_for_in(
        command: str, ledger: Ledger, store_config: Config, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    played(ledger)
    use_store(monkeypatch, store_config)
    assert main([command, "cmp_nowhere"]) == 2
    err = capsys.readouterr().err
    assert "cmp_nowhere" in err
    if store_config.store == "postgres":
        assert f"{store_config.pg_host}:{store_config.pg_port}/{store_config.pg_dbname}" in err
        assert store_config.pg_schema in err
    else:
        assert str(Path(store_config.data_dir).resolve() / "ledger.sqlite3") in err


def test_export_from_the_wrong_directory_exits_with_one_line_and_no_traceback(
        tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("LEDGER_")}
    done = subprocess.run([sys.executable, "-m", "ledger.entry.cli", "export", "cmp_x"], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines() == [done.stderr.strip()]
    assert str(tmp_path / "ledger-data" / "ledger.sqlite3") in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_malformed_server_key_is_one_line_naming_the_variable(
        ledger: Ledger, store_config: Config, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    campaign_id, _ = played(ledger)
    use_store(monkeypatch, store_config)
    monkeypatch.setenv("LEDGER_SECRET_KEY", "not-a-hex-key")
    code = main(["export", campaign_id])
    err = capsys.readouterr().err
    assert code == 2
    assert "LEDGER_SECRET_KEY" in err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("command", ["verify", "replay"])
def test_a_file_that_is_not_there_is_named_as_a_file_not_as_a_campaign(
        command: str, elsewhere: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command, "exports/history.jsonl"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == f"campaign-ledger {command}: no such file: exports/history.jsonl"
    assert list(elsewhere.iterdir()) == []


def test_an_unknown_flag_after_a_command_is_refused_with_that_commands_usage(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["export", "cmp_x", "--bogus"])
    err = capsys.readouterr().err
    assert exited.value.code == 2
    assert err.startswith("usage: campaign-ledger export")
    assert err.strip().endswith("campaign-ledger export: error: unrecognized arguments: --bogus")


def test_version_names_the_installed_release(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--version"])
    assert exited.value.code == 0
    assert capsys.readouterr().out.startswith("campaign-ledger ")
