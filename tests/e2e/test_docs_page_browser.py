"""/docs with the network cut off: the real server (gunicorn), a headless Chromium that can
resolve no host but loopback, and every operation of /openapi.json listed, on both stores."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from api.routes.audit_page import CONTENT_SECURITY_POLICY
from ledger.service.config import Config
from tests.e2e.audit_browser import chromium, csp_complaints, wait_for
from tests.e2e.test_openapi_tools import PARAMETER, operations
from tests.live_server import http, live_server

# Every name resolves to nothing except loopback, so anything fetched from elsewhere fails.
OFFLINE = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"
# One atomic read of what Swagger UI shows, so no element is held across its re-renders.
LISTED = """return Array.from(document.querySelectorAll('.opblock'), block => [
  block.querySelector('.opblock-summary-method').textContent.toLowerCase(),
  block.querySelector('.opblock-summary-path').dataset.path]);"""
LOADED = "return performance.getEntriesByType('resource').map(entry => entry.name);"


@pytest.fixture(scope="module")
def offline_browser() -> Iterator[Any]:
    with chromium(OFFLINE) as driver:
        yield driver


def listed_operations(browser: Any) -> set[tuple[str, str]]:
    return {(method, PARAMETER.sub("{}", path)) for method, path in browser.execute_script(LISTED)}


def test_docs_page_lists_every_operation_offline(offline_browser: Any,
                                                 store_config: Config) -> None:
    with live_server(store_config, workers=1) as base:
        status, spec = http("GET", f"{base}/openapi.json")
        assert status == 200
        expected = operations(spec)
        offline_browser.get(f"{base}/docs")
        wait_for(offline_browser, lambda b: listed_operations(b) == expected)
        loaded = offline_browser.execute_script(LOADED)
    assert loaded
    assert [url for url in loaded if not url.startswith(f"{base}/")] == []
    assert csp_complaints(offline_browser) == []


def test_docs_page_leaves_with_the_strict_headers(app: Any) -> None:
    answer = app.test_client().get("/docs")
    assert answer.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    assert "<script>" not in answer.get_data(as_text=True)  # no inline script to allow
