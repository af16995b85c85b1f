"""Dice seeds: a new epoch's seed is sealed with the server key in the transaction of the
command that commits to it; a finished epoch's seed is opened again to reveal it."""

from __future__ import annotations

import secrets as pysecrets

from ledger.adapters.secrets_box import SecretBox
from ledger.adapters.store.base import EventStore
from ledger.domain.dice import seed_commitment
from ledger.domain.errors import NotFound, RuleViolation
from ledger.domain.state import CampaignState


def seed_context(campaign_id: str, epoch: int) -> bytes:
    """What a sealed seed is bound to: it opens only for its own campaign and epoch."""
    return f"{campaign_id}|{epoch}".encode()


class SeedVault:
    """Seals new seeds and opens stored ones, keeping the opened ones in memory."""

    def __init__(self, store: EventStore, box: SecretBox) -> None:
        self.store = store
        self.box = box
        self.opened: dict[tuple[str, int], bytes] = {}

    def seal(self, campaign_id: str, new: dict[int, bytes]) -> list[tuple[str, int, bytes]]:
        """Rows for the store: each new epoch's seed, sealed."""
        return [(campaign_id, epoch, self.box.seal(seed, seed_context(campaign_id, epoch)))
                for epoch, seed in new.items()]

    def keep(self, campaign_id: str, new: dict[int, bytes]) -> None:
        """Remember seeds once their sealed rows are committed."""
        for epoch, seed in new.items():
            self.opened[(campaign_id, epoch)] = seed

    def seed_for(self, campaign_id: str, epoch: int) -> bytes:
        key = (campaign_id, epoch)
        if key not in self.opened:
            sealed = self.store.sealed_seed(campaign_id, epoch)
            if sealed is None:
                raise NotFound("dice-seed", f"{campaign_id}/{epoch}")
            self.opened[key] = self.box.open(sealed, seed_context(campaign_id, epoch))
        return self.opened[key]

    def dice_seed(self, state: CampaignState) -> bytes:
        """The seed the dice of the state's current epoch roll from."""
        if state.position == 0:
            return b"\0" * 32  # no dice before the campaign exists
        try:
            return self.seed_for(state.id, state.dice_epoch)
        except NotFound:
            raise RuleViolation(
                "dice-seed-unavailable",
                "This dice epoch's secret seed is held by the server that recorded it (an "
                "imported campaign). Report physical dice until the next session starts here.",
                field="dice",
            ) from None


class CommandSeeds:
    """The seeds one command creates (sealed in its transaction) or reveals."""

    def __init__(self, vault: SeedVault, campaign_id: str) -> None:
        self.vault = vault
        self.campaign_id = campaign_id
        self.pending: dict[int, bytes] = {}

    def commit_new(self, epoch: int) -> str:
        seed = pysecrets.token_bytes(32)
        self.pending[epoch] = seed
        return seed_commitment(seed)

    def reveal(self, epoch: int) -> str:
        if epoch in self.pending:
            return self.pending[epoch].hex()
        try:
            return self.vault.seed_for(self.campaign_id, epoch).hex()
        except NotFound:
            # An imported campaign's open epoch: its seed stayed with the recording server,
            # so its rolls stay unverified ("pending") rather than revealed.
            return ""
