"""Entry points of the ledger: the `campaign-ledger` command and its subcommands."""
