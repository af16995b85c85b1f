"""`campaign-ledger` subcommands. Each module here defines `register(subparsers)`,
which adds its subcommand and sets `func` to a callable taking the parsed args."""
