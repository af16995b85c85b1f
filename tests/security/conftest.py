"""An API client on an app built with changed settings (rate limit, CORS origins...)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import msgspec
import pytest

from api import create_app
from ledger.service.config import Config
from tests.api_client import ApiClient

MakeApi = Callable[..., ApiClient]


@pytest.fixture
def make_api(store_config: Config) -> Iterator[MakeApi]:
    """`make_api(rate_limit_per_minute=5)`: a client of a new app on this test's store."""
    apps: list[Any] = []

    def make(**changes: Any) -> ApiClient:
        app = create_app(msgspec.structs.replace(store_config, **changes))
        apps.append(app)
        return ApiClient(app.test_client())

    yield make
    for app in apps:
        built = app.extensions.get("ledger")
        if built is not None:
            built.store.close()
