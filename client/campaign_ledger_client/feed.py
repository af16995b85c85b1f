"""Following a campaign: its Server-Sent Events feed as an iterator of events.

    with campaign.feed(after=0) as feed:
        for event in feed:                 # blocks, reconnecting as needed
            print(event.position, event.type)

Exactly once, in order: the feed yields positions last+1, last+2, … and nothing
else. After a disconnect it reconnects with `Last-Event-ID: <last>` (and
`?after=<last>`); a message at or below `last` (a duplicate) is dropped, and a
jump past `last + 1` (a gap) is filled from `GET …/events` before going on.
Reconnection: at once after a connection that delivered events, else after the
server's `retry:` delay (or a 503's Retry-After), doubling up to 30 s.

Rewinds: an event already delivered never changes. A rewind arrives in its place in
the order as a `Retract` (the server's `event: retract`) naming the positions it
voided, and a redo as a `Restore` (`event: restore`); `on_retract` / `on_restore`,
when given, are called with each just before it is yielded.
"""

from __future__ import annotations

import http.client
import json
import threading
import urllib.parse
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import TracebackType

from campaign_ledger_client._http import Stream, Transport
from campaign_ledger_client._scope import CAMPAIGN, Scope, covers
from campaign_ledger_client.errors import (
    FeedGap,
    RateLimited,
    ServiceUnavailable,
    TransportError,
    Unauthorized,
)
from campaign_ledger_client.models import Event, Restore, Retract

MAX_DELAY = 30.0
BACKFILL_PAGE = 1000


@dataclass(frozen=True)
class Message:
    event: str
    data: str
    id: str | None
    retry: int | None


def messages(readline: Callable[[], bytes]) -> Iterator[Message]:
    """SSE messages, parsed as the HTML standard says; an unfinished one is dropped."""
    event, data, ident, retry = "", list[str](), None, None
    while raw := readline():
        line = raw.decode("utf-8", "replace").rstrip("\r\n")
        if not line:
            if data or retry is not None or event:
                yield Message(event, "\n".join(data), ident, retry)
            event, data, retry = "", [], None
            continue
        if line.startswith(":"):
            continue  # a comment: the server's heartbeat
        name, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if name == "data":
            data.append(value)
        elif name == "event":
            event = value
        elif name == "id" and "\0" not in value:
            ident = value
        elif name == "retry" and value.isdigit():
            retry = int(value)


class Feed:
    """An iterator over a campaign's events; `close()` ends it, from any thread."""

    def __init__(self, transport: Transport, campaign_path: str, after: int = 0, *,
                 read_timeout: float = 60.0, max_failures: int | None = None,
                 on_retract: Callable[[Retract], None] | None = None,
                 on_restore: Callable[[Restore], None] | None = None) -> None:
        self.last = after  # the last position yielded
        self._on_retract = on_retract
        self._on_restore = on_restore
        self.connections = 0
        self._transport = transport
        self._path = campaign_path
        self._read_timeout = read_timeout  # longer than the server's heartbeat interval
        self._max_failures = max_failures
        self._retry = 1.0
        self._closed = threading.Event()
        self._last_failure: BaseException | None = None  # named when the feed gives up
        self._stream: Stream | None = None
        self._events = self._run()

    def __iter__(self) -> Feed:
        return self

    def __next__(self) -> Event:
        return next(self._events)

    def __enter__(self) -> Feed:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        self._closed.set()
        stream = self._stream
        if stream is not None:
            stream.close()

    def _run(self) -> Iterator[Event]:
        failures = 0
        while not self._closed.is_set():
            stream, wait = self._connect(failures)
            delivered = False
            if stream is not None:
                try:
                    for event in self._read(stream):
                        delivered = True
                        self._announce(event)
                        yield event
                except (OSError, http.client.HTTPException) as broke:
                    self._last_failure = broke  # the connection broke: resume after self.last
                except Exception:
                    # close() from another thread shuts the response under this reader,
                    # and http.client may then fail in other ways (AttributeError): the
                    # feed was asked to end, so it ends.
                    if not self._closed.is_set():
                        raise
                finally:
                    stream.close()
                    self._stream = None
            failures = 0 if delivered else failures + 1
            if failures:
                self._closed.wait(wait if wait is not None else self._delay(failures))

    def _connect(self, failures: int) -> tuple[Stream | None, float | None]:
        if self._max_failures is not None and failures >= self._max_failures:
            times = "once" if failures == 1 else f"{failures} times in a row"
            last = f": {self._last_failure}" if self._last_failure is not None else ""
            raise TransportError(f"the feed failed {times}{last}") from self._last_failure
        headers = {"Accept": "text/event-stream", "Last-Event-ID": str(self.last)}
        try:
            stream = self._transport.open_stream(self._path + "/feed", {"after": self.last},
                                                 headers, self._read_timeout)
        except (ServiceUnavailable, RateLimited) as busy:
            return None, busy.retry_after
        except TransportError as failed:
            self._last_failure = failed
            return None, None
        self._stream = stream
        self.connections += 1
        if self._closed.is_set():
            stream.close()
        return stream, None

    def _announce(self, event: Event) -> None:
        if isinstance(event, Retract) and self._on_retract is not None:
            self._on_retract(event)
        elif isinstance(event, Restore) and self._on_restore is not None:
            self._on_restore(event)

    def _delay(self, failures: int) -> float:
        return min(MAX_DELAY, self._retry * 2.0 ** (failures - 1))

    def _read(self, stream: Stream) -> Iterator[Event]:
        for message in messages(stream.readline):
            if message.retry is not None:
                self._retry = message.retry / 1000
            if message.event == "sth" and message.data:
                self._transport.witness_answer({"tree_head": json.loads(message.data)})
                continue
            if message.event == "token-revoked":
                raise Unauthorized(401, {"rule": "token-revoked", "title": "Token revoked",
                                         "detail": "The feed's token was revoked."}, {})
            if message.event in ("", "message", "retract", "restore") and message.data:
                yield from self._in_order(Event.from_json(json.loads(message.data)))

    def _in_order(self, event: Event) -> Iterator[Event]:
        if event.position <= self.last:
            return  # already yielded
        if event.position > self.last + 1:
            yield from self._fill(event.position)
        self.last = event.position
        yield event

    def _fill(self, upto: int) -> Iterator[Event]:
        """Positions last+1 .. upto-1, read from the events list."""
        while self.last < upto - 1:
            answer = self._transport.call("GET", self._path + "/events", retry_safe=True,
                                          query={"after": self.last,
                                                 "limit": min(BACKFILL_PAGE, upto - 1 - self.last)})
            found = [Event.from_json(e) for e in answer.body["events"]]
            if not found or found[0].position != self.last + 1:
                raise FeedGap(f"position {self.last + 1} is missing from the feed and the events")
            for event in found:
                if event.position != self.last + 1:
                    raise FeedGap(f"position {self.last + 1} is missing from the events")
                self.last = event.position
                yield event


class Following(Scope):
    @covers("GET", CAMPAIGN + "/feed")
    def feed(self, after: int = 0, *, read_timeout: float = 60.0,
             max_failures: int | None = None,
             on_retract: Callable[[Retract], None] | None = None,
             on_restore: Callable[[Restore], None] | None = None) -> Feed:
        """Follow the campaign's events after `after`, live (see the module's docstring).

        `max_failures`: give up (TransportError) after that many connection attempts
        in a row that delivered nothing; None retries forever, as a bot should.
        `on_retract` / `on_restore`: called with each rewind / redo as it arrives."""
        path = CAMPAIGN.format(campaign_id=urllib.parse.quote(self._ids["campaign_id"], safe=""))
        return Feed(self._transport, path, after, read_timeout=read_timeout,
                    max_failures=max_failures, on_retract=on_retract, on_restore=on_restore)
