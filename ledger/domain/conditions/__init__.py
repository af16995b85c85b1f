"""Conditions: adding them, their catalog, recovery and the treatment of wounds."""
