"""Talents that reroll a failed roll, carry a modifier to a next test, trade attack for
damage or avoid Backlash (docs/rules/talents.md)."""
