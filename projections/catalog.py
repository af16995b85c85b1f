"""Every read model the service keeps."""

from __future__ import annotations

from projections.base import Projection
from projections.bindings import BindingsProjection
from projections.linkages import LinkagesProjection


def all_projections() -> list[Projection]:
    return [LinkagesProjection(), BindingsProjection()]
