"""A webhook's URL (ledger/service/keyed_commands.py `check_webhook_url`): http or https with
a host, no credentials, no space or control character, a port from 1 to 65535 if any;
anything else is refused as 422 naming `url`. The spaces, control characters and ports
were an outside attack's findings: each was registered (201), then every delivery failed."""

from __future__ import annotations

import pytest

from ledger.domain.errors import InvalidInput
from ledger.service.keyed_commands import check_webhook_url

SCHEME = "http:// or https://"
TEXT = "spaces or control characters"
PORT = "port from 1 to 65535"


@pytest.mark.parametrize("url", ["https://bot.example/hook", "http://127.0.0.1:9/hook",
                                 "http://[::1]:8080/hook", "https://bot.example:65535/h?a=1"])
def test_webhook_url_http_or_https_with_a_host_is_accepted(url: str) -> None:
    # Loopback needs the operator's leave (tests/e2e/test_webhook_targets.py).
    check_webhook_url(url, allow_private=True)


@pytest.mark.parametrize(("url", "says"), [
    ("ftp://bot.example/hook", SCHEME), ("https:///hook", SCHEME), ("bot.example", SCHEME),
    ("javascript:alert(1)", SCHEME),
    ("https://user:pw@bot.example/hook", "credentials"),
    ("http://a b/", TEXT), (" https://bot.example/hook", TEXT),
    ("http://example.org/\r\nX: y", TEXT), ("https://bot.example/\thook", TEXT),
    ("https://bot.example/\x85", TEXT),
    ("http://example.org:99999/", PORT), ("http://example.org:-1/", PORT),
    ("http://example.org:0/", PORT), ("http://example.org:x/", PORT),
    ("http://example.org:/", PORT),
])
def test_webhook_url_that_no_delivery_could_reach_is_refused(url: str, says: str) -> None:
    with pytest.raises(InvalidInput, match=says) as refused:
        check_webhook_url(url)
    assert refused.value.field == "url"
