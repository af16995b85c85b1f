"""The README's first session runs as written against a real server on both stores: the
block after the `first-session` marker, with the server's port in LEDGER_PORT as `serve`
reads it, in bash with curl and the installed CLI (a newcomer's first copy-paste must work)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from ledger.service.config import Config
from tests.live_server import live_server

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTED_BASE = "http://127.0.0.1:${LEDGER_PORT:-8000}"


def first_session() -> str:
    readme = (ROOT / "README.md").read_text()
    after = readme[readme.index("<!-- first-session:"):]
    block = re.search(r"```sh\n(.*?)```", after, re.DOTALL)
    assert block is not None, "the first-session block is gone from the README"
    return block.group(1)


def test_the_readme_first_session_runs_as_written(store_config: Config, tmp_path: Path) -> None:
    script = first_session()
    assert DOCUMENTED_BASE in script
    with live_server(store_config) as base:
        env = {**os.environ, **store_config.to_env(),
               # the installed `campaign-ledger` and `python3`, as after `. .venv/bin/activate`
               "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
               # the port of `serve --port` or LEDGER_PORT, which the block reads
               "LEDGER_PORT": base.rsplit(":", 1)[1]}
        ran = subprocess.run(["bash", "-euo", "pipefail", "-c", script],
                             cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    spent, total, before, rewind, *verified = ran.stdout.splitlines()
    assert spent == "{'current': 7, 'max': 10}"
    assert 3 + 2 <= int(total) <= 18 + 2  # 3d6 on the server's dice + Willpower 2
    assert before == "{'current': 10, 'max': 10}"
    assert rewind == "5"
    assert "verified" in "\n".join(verified)
    assert "NOT verified" not in ran.stdout
    assert (tmp_path / "mana-noir.jsonl").is_file()
