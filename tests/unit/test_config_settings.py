"""Settings that cannot work are refused when the configuration is read, naming the
variable and what it takes (ledger/service/config.py), so a mistyped value stops start-up
in one line rather than showing up later as 500s or as a silent default."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.entry.cli import main
from ledger.service.config import Config, ConfigError


@pytest.mark.parametrize(("name", "value", "says"), [
    ("LEDGER_CHECKPOINT_EVERY", "0", "at least 1"),  # was a ZeroDivisionError on every write
    ("LEDGER_CHECKPOINT_EVERY", "ten", "not a whole number"),
    ("LEDGER_POSTGRES_PORT", "70000", "at most 65535"),
    ("LEDGER_POSTGRES_PORT", "54 32", "not a whole number"),
    ("LEDGER_MAX_BODY_BYTES", "-1", "at least 1"),
    ("LEDGER_GROUP_COMMIT", "-4", "at least 0"),
    ("LEDGER_FEED_POLL_SECONDS", "0", "at least 0.001"),  # the hub's loop would spin
    ("LEDGER_FEED_POLL_SECONDS", "nan", "not a number"),
    ("LEDGER_WEBHOOK_MAX_ATTEMPTS", "0", "at least 1"),
    ("LEDGER_REPLICA_WAIT_SECONDS", "-0.5", "at least 0"),
    ("LEDGER_LOG_LEVEL", "verbose", "one of DEBUG, INFO, WARNING, ERROR, CRITICAL"),
    ("LEDGER_STORE", "postgresql", "one of sqlite, postgres"),  # was SQLite, silently
    ("LEDGER_WEBHOOK_ALLOW_PRIVATE", "yes", "must be 1 (on) or 0 (off)"),
])
def test_a_setting_that_cannot_work_is_refused_naming_it(name: str, value: str,
                                                         says: str) -> None:
    with pytest.raises(ConfigError) as refused:
        Config.from_env({name: value})
    assert name in str(refused.value)
    assert says in str(refused.value)


def test_usable_settings_read_as_before() -> None:
    config = Config.from_env({
        "LEDGER_CHECKPOINT_EVERY": " 50 ", "LEDGER_POSTGRES_PORT": "6543",
        "LEDGER_RATE_LIMIT_PER_MINUTE": "0", "LEDGER_GROUP_COMMIT": "0",
        "LEDGER_REPLICA_WAIT_SECONDS": "0", "LEDGER_LOG_LEVEL": "warning",
        "LEDGER_STORE": "Postgres", "LEDGER_FEED_STREAMS": "0", "LEDGER_MAX_BODY_BYTES": "",
    })
    assert (config.checkpoint_every, config.pg_port, config.rate_limit_per_minute) == (50, 6543, 0)
    assert config.group_commit is None  # 0: the store's default
    assert config.replica_wait_seconds == 0.0
    assert config.log_level == "warning"
    assert config.store == "postgres"
    assert config.feed_streams_per_worker == 0
    assert config.max_body_bytes == 64 * 1024  # empty is unset
    assert Config.from_env({}).store == "sqlite"
    assert Config.from_env({"LEDGER_POSTGRES_DBNAME": "games"}).store == "postgres"
    assert Config.from_env(config.to_env()) == config


def test_the_command_line_says_so_in_one_line(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("LEDGER_CHECKPOINT_EVERY", "0")
    assert main(["health"]) == 2
    err = capsys.readouterr().err
    assert "LEDGER_CHECKPOINT_EVERY" in err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_a_serve_flag_default_from_a_setting_is_checked_too(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The flags' defaults are read as every command's parser is built: a bad LEDGER_PORT
    used to end any command in a traceback."""
    monkeypatch.setenv("LEDGER_PORT", "eighty")
    assert main(["health"]) == 2
    err = capsys.readouterr().err
    assert "LEDGER_PORT='eighty' is not a whole number" in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(("env", "says"), [
    ({"LEDGER_POSTGRES_REPLICAS": "10.0.0.2:5432"}, "the store is SQLite"),
    ({"LEDGER_STORE": "postgres", "LEDGER_POSTGRES_REPLICAS": "replica-1"}, "is not host:port"),
])
def test_replicas_that_cannot_work_stop_every_command_in_one_line(
        env: dict[str, str], says: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Before, `serve` and `health` ended in a traceback (exit 1), and `export` on SQLite
    went looking for the replica."""
    with pytest.raises(ConfigError, match=says):
        Config.from_env(env)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    for command in (["health"], ["export", "cmp_x"], ["verify", "cmp_x"]):
        assert main(command) == 2
        err = capsys.readouterr().err
        assert "LEDGER_POSTGRES_REPLICAS" in err
        assert says in err
        assert "Traceback" not in err


def test_private_webhook_targets_are_off_unless_set_to_1() -> None:
    assert Config.from_env({}).webhook_allow_private is False
    assert Config.from_env({"LEDGER_WEBHOOK_ALLOW_PRIVATE": "0"}).webhook_allow_private is False
    on = Config.from_env({"LEDGER_WEBHOOK_ALLOW_PRIVATE": " 1 "})
    assert on.webhook_allow_private is True
    assert Config.from_env(on.to_env()).webhook_allow_private is True


@pytest.mark.parametrize(("key", "says"), [
    ("00", "LEDGER_BACKUP_KEY must be 32 bytes (64 hex digits), not 1"),
    ("not-hex", "LEDGER_BACKUP_KEY must be hex (64 hex digits)"),
    ("", "no backup key: set LEDGER_BACKUP_KEY or pass --key-file"),
])
def test_a_backup_key_that_cannot_work_is_refused_like_any_setting(
        key: str, says: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """It said "backup failed: the backup key must be 32 bytes" and exited 1, naming no
    variable, where every other setting that cannot work names its variable and exits 2."""
    monkeypatch.setenv("LEDGER_BACKUP_KEY", key)
    file = tmp_path / "ledger.clbk"
    for command in ("backup", "restore"):
        assert main([command, str(file)]) == 2
        assert capsys.readouterr().err == f"campaign-ledger {command}: {says}\n"  # not the key
    assert not file.exists()
