"""`campaign-ledger rebuild-projections` drops and rebuilds the read models."""

from __future__ import annotations

import os
import subprocess
import sys

from ledger.service.config import Config
from ledger.service.wiring import build_store
from tests.api_client import ApiClient

WAND = {"name": "Wand", "kind": "wand", "materials": [{"name": "hardwood"}], "magical": True}


def test_rebuild_projections_replays_the_log_into_fresh_read_models(
        store_config: Config, api: ApiClient) -> None:
    api.new_campaign()
    mage = api.new_character(edges=["Spellcaster"], skills={"cast": 1})
    wand = api.post(api.c("/items"), WAND).primary["id"]
    assert api.post(api.c(f"/items/{wand}/link"), {"character_id": mage}).status == 200
    env = {**os.environ, **store_config.to_env()}
    done = subprocess.run([sys.executable, "-m", "ledger.entry.cli", "rebuild-projections"], env=env,
                          capture_output=True, text=True, timeout=120, check=True)
    assert "item_links" in done.stderr
    assert "spirit_bindings" in done.stderr
    store = build_store(store_config)
    with store.transaction(write=False) as c:
        c.execute(store.q("SELECT character_id, ended_at FROM read_item_links WHERE campaign_id=?"
                          " AND item_id=?"), (api.campaign, wand))
        assert [tuple(r) for r in c.fetchall()] == [(mage, None)]
    store.close()
