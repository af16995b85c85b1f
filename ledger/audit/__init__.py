"""Audit and disputes: the timeline, rewind and redo, verification, export and import.

Rules (docs/rules/audit.md): rewind.py (Rewound, Redone and their guards),
timeline.py and summaries.py (one entry per command, with its changes),
verify.py (hash chain and dice re-derivation), signing.py (the signed head),
export.py and importing.py (the JSON Lines history).
"""
