"""The campaign ledger: domain, application service, adapters and entry points.

The map of its folders and what each may import: docs/decisions/006-ledger-layout.md.
"""
