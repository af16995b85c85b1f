"""The application service: runs commands against the store (retries, idempotency,
time travel, dice seeds), tokens, and the wiring that builds a Ledger from a Config."""
