"""docker-compose.yml and the Dockerfile, checked against the code they run.

Docker cannot run here, so these read the files: the compose file parses, runs the
commands the CLI really has (every runner `serve` supervises gets its own
container), gives every process the same configuration from the environment only,
and the image ships every package pyproject.toml installs.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml

from ledger.entry.cli import build_parser
from ledger.entry.tools.serve import RUNNERS
from ledger.service.config import Config

ROOT = Path(__file__).resolve().parents[2]
LEDGER_SERVICES = ("api", "projector", "webhooks")
SAMPLE = {"LEDGER_POSTGRES_PASSWORD": "pw", "LEDGER_SECRET_KEY": "ab" * 32,
          "LEDGER_ADMIN_TOKEN": "admin"}


def compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    return loaded


def interpolate(value: str, env: dict[str, str]) -> str:
    """Compose's `${VAR}`, `${VAR:-default}` and `${VAR:?error}` (an error when unset)."""
    def one(match: re.Match[str]) -> str:
        name, op, arg = match.group(1), match.group(2) or "", match.group(3) or ""
        if env.get(name):
            return env[name]
        if op == ":?":
            raise KeyError(f"{name}: {arg}")
        return arg
    return re.sub(r"\$\{([A-Z_]+)(:[-?])?([^}]*)\}", one, value)


def environment(service: str, env: dict[str, str]) -> dict[str, str]:
    raw = compose()["services"][service]["environment"]
    return {k: interpolate(str(v), env) for k, v in raw.items()}


def test_the_compose_file_runs_postgres_the_api_and_each_runner() -> None:
    assert set(compose()["services"]) == {"postgres", *LEDGER_SERVICES}
    assert compose()["services"]["api"]["command"] == ["campaign-ledger", "serve", "--no-runners"]


def test_every_runner_that_serve_supervises_has_its_own_container() -> None:
    commands = [compose()["services"][s]["command"][1:] for s in LEDGER_SERVICES]
    assert all(runner in commands for runner in RUNNERS)


@pytest.mark.parametrize("service", LEDGER_SERVICES)
def test_each_container_runs_a_command_the_cli_has(service: str) -> None:
    command = compose()["services"][service]["command"]
    assert command[0] == "campaign-ledger"
    build_parser().parse_args(command[1:])  # exits (fails the test) on an unknown command
    check = compose()["services"][service].get("healthcheck", {}).get("test", [])
    if service != "api":  # runners: their heartbeat, by the name they beat under
        assert check[1:4] == ["campaign-ledger", "health", "--require"]
        build_parser().parse_args(check[2:])


@pytest.mark.parametrize("service", LEDGER_SERVICES)
def test_configuration_comes_from_the_environment_and_is_shared(service: str) -> None:
    env = environment(service, SAMPLE)
    config = Config.from_env(env)
    postgres = environment("postgres", SAMPLE)
    assert (config.store, config.pg_host, config.secret_key, config.admin_token) == (
        "postgres", "postgres", SAMPLE["LEDGER_SECRET_KEY"], "admin")
    assert (config.pg_dbname, config.pg_user, config.pg_password) == (
        postgres["POSTGRES_DB"], postgres["POSTGRES_USER"], postgres["POSTGRES_PASSWORD"])
    for required in SAMPLE:
        with pytest.raises(KeyError):
            environment(service, {k: v for k, v in SAMPLE.items() if k != required})


def test_every_ledger_variable_in_the_compose_file_is_read_by_the_code() -> None:
    source = "".join(p.read_text() for folder in ("ledger", "api", "projections")
                     for p in (ROOT / folder).rglob("*.py"))
    names = {name for s in LEDGER_SERVICES for name in environment(s, SAMPLE)}
    assert sorted(n for n in names if n not in source) == []


def test_the_image_ships_every_package_pyproject_installs() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    packages = [p.rstrip("*") for p in project["tool"]["setuptools"]["packages"]["find"]["include"]]
    copied = set(re.findall(r"^COPY (\w+) \./\1$", dockerfile, re.MULTILINE))
    assert sorted(set(packages) - copied) == []
    assert "EXPOSE 8000" in dockerfile
    assert compose()["services"]["api"]["ports"][0].endswith(":8000")
