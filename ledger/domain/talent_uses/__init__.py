"""Talents that reroll a roll (Rituals Grandmaster, Shaman Master), carry a modifier to a
next test, trade attack for damage or avoid Backlash (docs/rules/talents.md)."""
