"""Adapters: the event stores, the secret box, signing, and the export and backup file formats."""
