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
# Names that mean this machine on common systems (a `.localhost` name too, RFC 6761).
LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost",
                            "ip6-loopback"})
Address = ipaddress.IPv4Address | ipaddress.IPv6Address


class PrivateTarget(OSError):
    """Every address the host names is loopback, private, link-local or otherwise not
    public: nothing was sent. An OSError, so a delivery records it like a refusal."""


# IPv6 ranges that carry an IPv4 address in their last 32 bits, which decides: IPv4-
# compatible (deprecated), IPv4-translated, and the well-known NAT64 prefix, through which
# a NAT64 gateway reaches the IPv4 address inside (an outside attack found them public).
_CARRY_IPV4 = tuple(ipaddress.IPv6Network(n) for n in ("::/96", "::ffff:0:0:0/96",
                                                          "64:ff9b::/96"))
# IPv6 ranges that are never public though Python's `is_global` may say so: local-use
# NAT64 (RFC 8215) and the deprecated site-local range.
_NEVER_PUBLIC = tuple(ipaddress.IPv6Network(n) for n in ("64:ff9b:1::/48", "fec0::/10"))


def public(address: Address) -> bool:
    """Reachable on the public internet: not loopback, private, link-local, shared,
    reserved, multicast or unspecified, nor an IPv4 one of those carried in IPv6."""
    if isinstance(address, ipaddress.IPv6Address):
        inner = address.ipv4_mapped or address.sixtofour
        if inner is None and any(address in n for n in _CARRY_IPV4):
            inner = ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
        if inner is None and address.teredo is not None:
            return all(public(a) for a in address.teredo)
        if inner is not None:
            return public(inner)
        if any(address in n for n in _NEVER_PUBLIC):
            return False
    return address.is_global and not address.is_multicast


def check_registered_host(host: str, allow_private: bool) -> None:
    """Refuse at registration a host that can only be non-public: an address literal or
    a `localhost` name (a name is resolved at each delivery instead, where it counts)."""
    if allow_private:
        return
    name = _as_resolved(host).lower().rstrip(".")
    literal = _address_literal(name)
    if name in LOOPBACK_NAMES or name.endswith(".localhost") or (
            literal is not None and not public(literal)):
        raise InvalidInput("webhook-url", "must name a public address: loopback, private and "
                           f"link-local ones are refused unless {SETTING}=1", field="url")


def _as_resolved(host: str) -> str:
    """The host as a resolver reads it: IDNA maps full-width digits and letters, circled
    ones and the ideographic full stop to ASCII, and drops zero-width characters (an
    outside attack registered 127.0.0.1 and localhost in full-width forms, which deliver
    to loopback). A host IDNA cannot read stays as it is: it resolves to nothing."""
    try:
        return host.encode("idna").decode("ascii")
    except UnicodeError:
        return host


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
