"""Audit work that needs the store or files: the timeline, rewind and redo commands,
import and the offline check of an exported file, and where the tools read a history from."""
