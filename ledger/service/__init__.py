"""The application service: runs commands against the store (retries, idempotency,
time travel, dice seeds), tokens, and the wiring that builds a Ledger from a Config.

The Ledger (`ledger`) is a façade over parts with one job each:

- `heads`: the head state per campaign, cached and fast-forwarded from the store;
- `checkpoints`: the nearest readable checkpoint, and folds that rebuild stale ones;
- `time_travel`: the state as recorded at a position or a time;
- `canon`: the state at a position without what later rewinds voided;
- `retries`: per-campaign writer locks and retrying lost races;
- `idempotent`: an Idempotency-Key's stored answer, replayed or made to be stored;
- `seeds`: dice seeds, sealed in the command's transaction and opened again;
- `hidden_vault`: a GM's hidden roll or note, sealed in its own event and opened to reveal it;
- `envelope`: domain events made into hash-chained records;
- `recording`: one attempt at recording a command, in one transaction;
- `creation`: the command that creates a campaign with its GM token.
"""
