"""`campaign-ledger issue-gm-token`: the operator's way back into a campaign that lost its GM.

The token is printed once and recorded in the token table (outside the game stream) with
the actor `operator`; the command never creates a store or a server key.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import msgspec
import psycopg
import pytest

from ledger.entry.cli import main
from ledger.service.config import Config
from tests.api_client import ApiClient
from tests.conftest import PG


def use(config: Config, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [n for n in os.environ if n.startswith("LEDGER_")]:
        monkeypatch.delenv(name)
    for name, value in config.to_env().items():
        monkeypatch.setenv(name, value)


def where(config: Config) -> list[str]:
    """What a message about this store must name."""
    if config.store == "postgres":
        return [config.pg_dbname, config.pg_schema]
    return [os.path.abspath(Path(config.data_dir) / "ledger.sqlite3")]


def test_an_operator_issues_a_gm_token_that_works_and_the_token_list_shows(
        api: ApiClient, store_config: Config, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    campaign = api.new_campaign()
    head = api.get(api.c())["position"]
    use(store_config, monkeypatch)
    assert main(["issue-gm-token", campaign]) == 0
    out = capsys.readouterr().out
    (secret,) = re.findall(r"clt_\w+", out)
    assert api.get(api.c(), token=secret).status == 200
    listed = {t["id"]: t for t in api.get(api.c("/tokens"))["tokens"]}
    issued = listed[secret.split("_")[1]]
    assert (issued["role"], issued["revoked_at"], issued["issued_by"]) == (
        "gm", None, {"role": "operator", "token_id": None})
    assert api.get(api.c())["position"] == head  # no event: tokens live outside the stream


def test_issuing_a_gm_token_for_an_unknown_campaign_names_the_store(
        api: ApiClient, store_config: Config, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    api.new_campaign()
    use(store_config, monkeypatch)
    assert main(["issue-gm-token", "cmp_nowhere"]) == 2  # the one-line "no store" exit of every CLI command
    err = capsys.readouterr().err
    assert "cmp_nowhere" in err
    assert all(part in err for part in where(store_config)), err


def test_issuing_a_gm_token_creates_no_store_and_no_key(
        store_config: Config, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "nothing-here"
    config = msgspec.structs.replace(store_config, data_dir=str(empty), secret_key=None)
    use(config, monkeypatch)
    assert main(["issue-gm-token", "cmp_anything"]) == 2
    err = capsys.readouterr().err
    assert all(part in err for part in where(config)), err
    assert not empty.exists()
    if config.store == "postgres":
        with psycopg.connect(dbname=config.pg_dbname, **PG) as conn:  # type: ignore[arg-type]
            found = conn.execute("SELECT 1 FROM information_schema.schemata WHERE schema_name=%s",
                                 (config.pg_schema,)).fetchone()
        assert found is None
