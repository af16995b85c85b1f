"""`campaign-ledger verify` on a fork, on both stores (docs/forks.md): the fork's own chain,
and its `ForkedFrom` against the origin in the same store."""

from __future__ import annotations

import msgspec
import pytest

from ledger.adapters.signing import HeadSigner
from ledger.domain.context import Actor
from ledger.domain.forks import OriginTreeHead, fork_campaign
from ledger.domain.state import ForkOrigin
from ledger.entry.cli import main
from ledger.service.audit import receipts
from ledger.service.config import Config
from ledger.service.creation import new_campaign_id
from ledger.service.forking import ForkCampaign, fork
from ledger.service.ledger import Ledger
from tests.integration.audit_helpers import played, use_store

GM = Actor(role="gm")


def test_the_verify_command_checks_a_fork_against_its_origin(
        ledger: Ledger, store_config: Config, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    origin, _ = played(ledger)
    forked = fork(ledger, HeadSigner(ledger.box), origin, ForkCampaign(at=5, name="What if"),
                  GM).campaign_id
    use_store(monkeypatch, store_config)
    assert main(["verify", forked]) == 0
    out = capsys.readouterr().out
    assert f"fork of {origin} at position 5: matches the origin" in out


def test_the_verify_command_fails_a_fork_whose_head_the_origin_never_had(
        ledger: Ledger, store_config: Config, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    origin, _ = played(ledger)
    sth = msgspec.convert(msgspec.to_builtins(
        receipts.tree_head(ledger.store, HeadSigner(ledger.box), origin, 5)), OriginTreeHead)
    wrong = ForkOrigin(campaign_id=origin, position=5, head_hash="ab" * 32)
    forged = new_campaign_id()
    ledger.execute(forged, GM, fork_campaign("Forged", wrong, sth, ledger.state_at(origin, 5)),
                   creating=True)
    use_store(monkeypatch, store_config)
    assert main(["verify", forged]) == 1
    out = capsys.readouterr().out
    assert f"fork of {origin} at position 5: DOES NOT match the origin" in out
    assert "problem: the fork's origin" in out
