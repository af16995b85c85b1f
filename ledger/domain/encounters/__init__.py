"""Encounters: rounds, turns and initiative, game time inside a fight, and the Conditions
counted in turns or rounds (docs/rules/encounters.md)."""
