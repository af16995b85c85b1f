"""Magic: Mana Noir Magic Tests and Backlash (002), CWN Effort, spells and Strain (001)."""
