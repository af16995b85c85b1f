"""The conflict-retry count is one figure: the code's, and the one both ADRs state."""

from __future__ import annotations

import re
from pathlib import Path

from ledger.service.retries import MAX_ATTEMPTS

DECISIONS = Path(__file__).resolve().parents[2] / "docs" / "decisions"


def test_the_adrs_state_the_retry_count_the_code_uses() -> None:
    store = (DECISIONS / "001-event-store.md").read_text()
    commands = (DECISIONS / "007-commands.md").read_text()
    assert re.findall(r"retries the\s+whole command \(reload, decide, save\) up to (\d+) times",
                      store) == [str(MAX_ATTEMPTS)]
    assert re.findall(r"\*\*Conflict retries: (\d+) attempts\*\*", commands) == [str(MAX_ATTEMPTS)]
