"""A webhook's URL (ledger/service/keyed_commands.py `check_webhook_url`): http or https with
a host, and no credentials, refused as 422 naming `url`."""

from __future__ import annotations

import pytest

from ledger.domain.errors import InvalidInput
from ledger.service.keyed_commands import check_webhook_url


@pytest.mark.parametrize("url", ["https://bot.example/hook", "http://127.0.0.1:9/hook",
                                 "http://[::1]:8080/hook", "https://bot.example:65535/h?a=1"])
def test_webhook_url_http_or_https_with_a_host_is_accepted(url: str) -> None:
    check_webhook_url(url)


@pytest.mark.parametrize("url", ["ftp://bot.example/hook", "https:///hook", "bot.example",
                                 "javascript:alert(1)"])
def test_webhook_url_other_schemes_or_no_host_are_refused(url: str) -> None:
    with pytest.raises(InvalidInput, match="http:// or https://") as refused:
        check_webhook_url(url)
    assert refused.value.field == "url"


def test_webhook_url_with_credentials_is_refused() -> None:
    with pytest.raises(InvalidInput, match="credentials") as refused:
        check_webhook_url("https://user:pw@bot.example/hook")
    assert refused.value.field == "url"


@pytest.mark.parametrize("url", ["http://a b/", " https://bot.example/hook",
                                 "http://example.org/\r\nX: y", "https://bot.example/\thook",
                                 "https://bot.example/\x85"])
def test_webhook_url_with_spaces_or_control_characters_is_refused(url: str) -> None:
    """An outside attack registered these (201); every delivery then failed."""
    with pytest.raises(InvalidInput, match="spaces or control characters") as refused:
        check_webhook_url(url)
    assert refused.value.field == "url"


@pytest.mark.parametrize("url", ["http://example.org:99999/", "http://example.org:-1/",
                                 "http://example.org:0/", "http://example.org:x/",
                                 "http://example.org:/"])
def test_webhook_url_with_a_port_outside_1_to_65535_is_refused(url: str) -> None:
    with pytest.raises(InvalidInput, match="port from 1 to 65535") as refused:
        check_webhook_url(url)
    assert refused.value.field == "url"
