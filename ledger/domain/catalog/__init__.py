"""Catalogues a tool can read (`GET /v1/catalog/{name}`): the rules' tables as the domain
uses them. Each catalogue module registers itself; docs/catalog.md lists them."""

from __future__ import annotations

from ledger.domain.catalog import (  # noqa: F401
    conditions,
    event_types,
    magic,
    objects,
    spirits,
    stunts,
)
from ledger.domain.catalog.registry import CATALOGUES, UnknownCatalogue, build, listing, names

__all__ = ["CATALOGUES", "UnknownCatalogue", "build", "listing", "names"]
