"""Every rule module, imported once so their events and evolvers are registered.

Where to find a rule:
- campaign.py: campaigns and rule settings
- clock.py: sessions, scenes, game time, sunrise/sunset, new days
- characters.py: sheets, death, GM corrections
- resources.py: Mana, Conviction, Health
- rolls.py + dice.py: AGE tests, dice notation, verifiable dice
- conditions.py: Conditions (000)
"""

from ledger import campaign, characters, clock, resources, rolls  # noqa: F401
