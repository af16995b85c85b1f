"""Where a webhook may be delivered: public addresses only, unless the operator allows
private ones (`LEDGER_WEBHOOK_ALLOW_PRIVATE=1`, docs/feed-and-webhooks.md "Targets").

Anyone may create a campaign and so register its webhooks. Without this rule a delivery
was a request from inside the operator's network to any address and port named, and
each attempt's recorded error (refused, timed out, an HTTP status) told the GM what
answered there. So a URL naming a non-public address is refused when it is registered,
and every delivery connects only to an address its host resolves to that is public:
the address checked is the one connected to, so a name that resolves elsewhere later
(DNS rebinding) gains nothing.
"""

from __future__ import annotations

import ipaddress
import socket

from ledger.domain.errors import InvalidInput

SETTING = "LEDGER_WEBHOOK_ALLOW_PRIVATE"
Address = ipaddress.IPv4Address | ipaddress.IPv6Address


class PrivateTarget(OSError):
    """Every address the host names is loopback, private, link-local or otherwise not
    public: nothing was sent. An OSError, so a delivery records it like a refusal."""


def public(address: Address) -> bool:
    """Reachable on the public internet: not loopback, private, link-local, shared,
    reserved, multicast or unspecified, nor an IPv4 one of those written as IPv6."""
    if isinstance(address, ipaddress.IPv6Address):
        inner = address.ipv4_mapped or address.sixtofour
        if inner is not None:
            return public(inner)
    return address.is_global and not address.is_multicast


def check_registered_host(host: str, allow_private: bool) -> None:
    """Refuse at registration a host that can only be non-public: an address literal or
    a `localhost` name (a name is resolved at each delivery instead, where it counts)."""
    if allow_private:
        return
    name = host.lower().rstrip(".")
    literal = _address_literal(name)
    if name == "localhost" or name.endswith(".localhost") or (
            literal is not None and not public(literal)):
        raise InvalidInput("webhook-url", "must name a public address: loopback, private and "
                           f"link-local ones are refused unless {SETTING}=1", field="url")


def _address_literal(name: str) -> Address | None:
    """The address `name` spells, in any form a resolver reads as one: besides the usual,
    IPv4's older shorthands (`127.1`, `0x7f000001`, `2130706433`, octal `0177.0.0.1`),
    which `ipaddress` does not read but `getaddrinfo` does (an outside attack)."""
    try:
        return ipaddress.ip_address(name)
    except ValueError:
        pass
    try:
        return ipaddress.IPv4Address(socket.inet_aton(name))
    except OSError:
        return None


def connect(host: str, port: int, timeout: float | None, allow_private: bool) -> socket.socket:
    """A TCP connection to the first address of `host` that may be used (every address
    tried in turn, as `socket.create_connection` does); PrivateTarget when none may."""
    found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    usable = [entry for entry in found
              if allow_private or public(ipaddress.ip_address(str(entry[4][0]).split("%")[0]))]
    if not usable:
        raise PrivateTarget(f"{host} resolves to no public address; set {SETTING}=1 to "
                            "deliver to private ones")
    failure: OSError | None = None
    for family, kind, proto, _, address in usable:
        sock = socket.socket(family, kind, proto)
        try:
            sock.settimeout(timeout)
            sock.connect(address)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            return sock
        except OSError as exc:
            sock.close()
            failure = exc
    assert failure is not None
    raise failure
