"""Pieces of scripts/bench.py; each measures one thing against a baseline from the same run."""
