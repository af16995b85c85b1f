"""The campaign ledger's domain: pure rules (decide) and state changes (evolve)."""
