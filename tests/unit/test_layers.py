"""The layer contracts (docs/decisions/006-ledger-layout.md) catch a violation, and the
domain's imports from outside the standard library are exactly the allowed ones."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("ledger", "api", "projections")
DOMAIN_MAY_IMPORT = {"msgspec", "d20"}


def _copy_with_contracts(tmp_path: Path) -> Path:
    """The three packages' Python files and the project's own contracts, in tmp_path."""
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tmp_path / package,
                        ignore=shutil.ignore_patterns("__pycache__", "static", "templates"))
    (tmp_path / "contracts.toml").write_text((ROOT / "pyproject.toml").read_text())
    return tmp_path


def _lint(where: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(where)}  # the copy comes before the installed tree
    return subprocess.run(
        [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command;"
         " sys.exit(lint_imports_command())", "--config", "contracts.toml", "--no-cache"],
        cwd=where, env=env, capture_output=True, text=True, timeout=300, check=False)


def _contract_names() -> dict[str, str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    return {c["id"]: c["name"] for c in config["contracts"]}


def test_layers_a_domain_module_importing_an_adapter_and_flask_breaks_the_contracts(
        tmp_path: Path) -> None:
    copy = _copy_with_contracts(tmp_path)
    clean = _lint(copy)
    assert clean.returncode == 0, clean.stdout + clean.stderr  # the copy itself keeps them

    (copy / "ledger" / "domain" / "leak.py").write_text(
        "from ledger.adapters.store import base  # noqa: F401\nimport flask  # noqa: F401\n")
    broken = _lint(copy)

    out = " ".join((broken.stdout + broken.stderr).split())  # the report wraps long names
    names = _contract_names()
    assert broken.returncode != 0
    for contract in ("layers", "domain-pure", "domain-third-party"):
        assert f"{' '.join(names[contract].split())} BROKEN" in out
    assert "ledger.domain.leak -> ledger.adapters.store.base" in out
    assert "ledger.domain.leak -> flask" in out


def test_layers_api_imported_by_the_read_models_breaks_the_no_web_layer_contract(
        tmp_path: Path) -> None:
    copy = _copy_with_contracts(tmp_path)
    (copy / "projections" / "leak.py").write_text("from api import answers  # noqa: F401\n")
    broken = _lint(copy)

    out = " ".join((broken.stdout + broken.stderr).split())
    assert broken.returncode != 0
    assert f"{' '.join(_contract_names()['no-web-layer'].split())} BROKEN" in out


def test_layers_the_domain_imports_only_the_standard_library_msgspec_and_d20() -> None:
    graph = grimp.build_graph("ledger", include_external_packages=True)
    outside = {imported.split(".")[0]
               for module in graph.find_descendants("ledger.domain") | {"ledger.domain"}
               for imported in graph.find_modules_directly_imported_by(module)
               if not imported.startswith("ledger")}
    assert outside - set(sys.stdlib_module_names) == DOMAIN_MAY_IMPORT
