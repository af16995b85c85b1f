"""No endpoint, log line, stored row or export reveals a dice seed before its reveal.

The seed of the current epoch lives only sealed in ledger_seeds; SessionStarted and
SessionEnded reveal the seed of the epoch they close. Before that, its hex must be
nowhere a client or an operator's log can see.
"""

from __future__ import annotations

import logging
from typing import Any

import pytest

from ledger.service.config import Config
from tests.api_client import ApiClient
from tests.security.conftest import MakeApi
from tests.security.routes import every_get, stored_rows
from tests.security.seed import seed
from tests.security.test_tokens import export_text


def unrevealed_seed(api: ApiClient, campaign: str) -> str:
    """The current epoch's seed, opened the way the service opens it."""
    led = api.client.application.extensions["ledger"]
    epoch = led.state(campaign).dice_epoch
    sealed = led.store.sealed_seed(campaign, epoch)
    return str(led.box.open(sealed, f"{campaign}|{epoch}".encode()).hex())


def test_the_current_seed_is_nowhere_until_its_session_ends(
        make_api: MakeApi, store_config: Config, caplog: pytest.LogCaptureFixture,
        capfd: pytest.CaptureFixture[str], tmp_path: Any) -> None:
    caplog.set_level(logging.DEBUG)
    api = make_api(rate_limit_per_minute=0)
    seeded = seed(api)
    for _ in range(3):  # server dice drawn from the secret seed
        api.post(api.c(f"/characters/{seeded.ids['character_id']}/rolls"), {"expression": "2d6"})
    secret = unrevealed_seed(api, seeded.campaign)
    reads = {url: body for caller in ("gm", "observer")
             for url, body in every_get(api, seeded.ids, seeded.tokens[caller])}
    assert len(reads) > 30
    leaks = [url for url, body in reads.items() if secret.encode() in body.lower()]
    assert leaks == []
    # Sealed in ledger_seeds and nowhere else.
    assert secret.encode() not in stored_rows(store_config, skip=frozenset({"ledger_seeds"}))
    assert secret not in export_text(api, seeded.campaign, tmp_path)
    assert secret not in caplog.text + "".join(capfd.readouterr())
    # The check can see a seed: once the session ends, this one is in its events.
    assert api.post(api.c("/clock/end-session")).status == 200
    assert secret in str(api.get(api.c("/events?type=SessionEnded")).body)
