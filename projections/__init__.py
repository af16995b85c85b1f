"""Read models fed from the global event order, rebuildable at any time.

Time travel and current answers come from the fold (ledger/domain/fold.py). These SQL
read models answer questions across campaigns ("every item this character ever
linked"). Each is updated together with its tracking record in one
transaction, so it is never ahead of or behind what it says it has seen.
"""
