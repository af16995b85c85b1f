"""Log redaction (ledger/service/json_logs.py): held keys and seeds are looked up only when
a line shows 64 hex digits, so a worker holding many seeds pays nothing on ordinary lines."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator

import pytest

from ledger.service import json_logs

SEED = bytes(range(32))


@pytest.fixture
def checks() -> Iterator[list[bytes]]:
    asked: list[bytes] = []

    def holds(value: bytes) -> bool:
        asked.append(value)
        return value == SEED

    json_logs.held_secret_checks.append(holds)
    yield asked
    json_logs.held_secret_checks.remove(holds)


def test_a_held_seed_is_redacted_in_either_case_and_an_unknown_hash_is_kept(
        checks: list[bytes]) -> None:
    other = "ab" * 32
    text = f"seed={SEED.hex()} upper={SEED.hex().upper()} hash={other}"
    assert json_logs.redact(text) == f"seed=[REDACTED] upper=[REDACTED] hash={other}"


def test_a_line_without_64_hex_digits_asks_no_check(checks: list[bytes]) -> None:
    assert json_logs.redact("request POST /v1/campaigns 200 " + "f" * 32) \
        == "request POST /v1/campaigns 200 " + "f" * 32
    assert checks == []


def test_named_secrets_and_token_shapes_are_redacted_in_every_field() -> None:
    def source() -> list[str]:
        return ["s3cret-admin"]

    json_logs.secret_sources.append(source)
    out = io.StringIO()
    logger = logging.getLogger("tests.json_logs")
    logger.addHandler(json_logs.json_handler(out))
    logger.propagate = False
    try:
        logger.warning("admin %s used", "s3cret-admin",
                       extra={"header": "Bearer abc.def", "token": "clt_ab12_" + "9" * 40,
                              "hook": "whsec_" + "0" * 32})
    finally:
        json_logs.secret_sources.remove(source)
        logger.handlers.clear()
        logger.propagate = True
    line = json.loads(out.getvalue())
    assert line["message"] == "admin [REDACTED] used"
    assert line["header"] == "Bearer [REDACTED]"
    assert line["token"] == "clt_ab12_[REDACTED]"
    assert line["hook"] == "whsec_[REDACTED]"
