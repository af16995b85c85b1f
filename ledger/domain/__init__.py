"""The domain: rules (decide), events and state (evolve), the pipeline that runs a decision.

Pure: imports only the standard library, msgspec and d20 (docs/decisions/006-ledger-layout.md).
all_rules.py imports every rule module once so their events, evolvers and reactions register.
"""
