"""scripts/example_bot.py keeps the campaign's signed tree heads and says loudly when a newer
head does not extend the one it kept: the operator rewrote the history (docs/trust.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from campaign_ledger_client import Client

from tests.conftest import make_store
from tests.e2e.client_fixtures import ROOT, Served, new_campaign, served
from tests.forgery import rewrite_event
from tests.live_server import live_server
from tests.waiting import DEADLINE_SECONDS

__all__ = ["served"]


def run_bot(url: str, token: str, campaign_id: str, heads: Path, stop_at: int
            ) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "example_bot.py"), "--url", url,
         "--campaign", campaign_id, "--heads", str(heads), "--after", "0",
         "--stop-at", str(stop_at)],
        env={"LEDGER_TOKEN": token, "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
        capture_output=True, text=True, timeout=DEADLINE_SECONDS, check=False)


def test_the_bot_keeps_heads_and_reports_a_failed_consistency_proof_loudly(
        served: Served, tmp_path: Path) -> None:
    gm, campaign = new_campaign(served)
    token = gm._transport.token or ""
    mara = campaign.character(campaign.register_character(
        {"name": "Mara", "mana": {"current": 20, "max": 20}}).resource["id"])
    for _ in range(4):
        mara.spend("mana", 1)
    head = campaign.signed_head()["tree_head"]
    heads = tmp_path / "heads.json"
    first = run_bot(served.url, token, campaign.id, heads, head["tree_size"])
    assert first.returncode == 0, first.stderr
    assert json.loads(heads.read_text())[campaign.id] == head
    # The operator edits event 3 with the database and the server key in hand, recomputes
    # every hash after it, rebuilds the tree and restarts the server; play goes on.
    store = make_store(served.config)
    try:
        rewrite_event(store, campaign.id, 3)
    finally:
        store.close()
    with live_server(served.config, workers=1) as url:
        Client(url, token).campaign(campaign.id).character(mara.id).spend("mana", 1)
        second = run_bot(url, token, campaign.id, heads, head["tree_size"] + 1)
    assert second.returncode == 3, second.stderr
    assert "!!! HISTORY REWRITTEN" in second.stdout
    assert "the consistency proof fails" in second.stdout
    kept, seen = (json.loads(line.split(": ", 1)[1]) for line in second.stderr.splitlines()
                  if line.startswith(("kept head: ", "seen head: ")))
    assert kept == head
    assert (seen["tree_size"], seen["campaign_id"]) == (head["tree_size"] + 1, campaign.id)
    assert json.loads(heads.read_text())[campaign.id] == head  # the evidence stays kept
