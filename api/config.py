"""The service's configuration lives with the ledger so the CLI tools share it."""

from ledger.service.config import Config

__all__ = ["Config"]
