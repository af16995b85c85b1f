"""Audit and disputes, the pure part: rewind and redo, summaries, diffs, verification.

Rules (docs/rules/audit.md): rewind.py (Rewound, Redone and their guards),
summaries.py (one plain line per event), diff.py (the fields a command changed),
verify.py (hash chain and dice re-derivation). What needs the store or files lives
in ledger/service/audit/ (timeline, commands, import) and ledger/adapters/ (signing,
the export format).
"""
