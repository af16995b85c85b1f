"""Bonds and the group Stunt Pool, with their events."""
