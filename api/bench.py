"""The benchmark's baseline: check a token and commit one row with raw SQL.

Registered only when LEDGER_BENCH_ENDPOINTS=1, so scripts/bench.py can compare
a real write command with the least a write endpoint can do on the same server.
"""

from __future__ import annotations

import os

from flask import Blueprint, Response

from api import auth
from api.answers import json_response
from api.runtime import ledger

bp = Blueprint("bench", __name__)
_ready: set[int] = set()


@bp.route("/v1/bench/<campaign_id>/raw-commit", methods=["POST"])
def raw_commit(campaign_id: str) -> Response:
    auth.require_gm(campaign_id)
    store = ledger().store
    if os.getpid() not in _ready:
        with store.transaction(write=True) as c:
            c.execute("CREATE TABLE IF NOT EXISTS bench_raw (campaign_id TEXT, note TEXT)")
        _ready.add(os.getpid())
    with store.transaction(write=True) as c:
        c.execute(store.q("INSERT INTO bench_raw (campaign_id, note) VALUES (?, ?)"),
                  (campaign_id, "raw"))
    return json_response({"ok": True}, 201)
