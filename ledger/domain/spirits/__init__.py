"""Spirits (CWN 6.2): summoning, actions, control, powers and the passing of time."""
