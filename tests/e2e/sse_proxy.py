"""A TCP proxy in front of the live server that breaks the feed on purpose.

It asks the server for HTTP/1.0, so answers arrive unchunked and end when the
connection closes; it can then cut each answer after some bytes (mid-message,
mid-line) and drop SSE messages by id, which the client must survive.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Callable


class BreakingProxy:
    def __init__(self, upstream: str, cut_after: Callable[[], int | None],
                 drop_ids: frozenset[int] = frozenset()) -> None:
        host, _, port = upstream.removeprefix("http://").partition(":")
        self.upstream = (host, int(port))
        self.cut_after = cut_after
        self.drop_ids = drop_ids
        self.connections = 0
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        threading.Thread(target=self._accept, daemon=True).start()

    def close(self) -> None:
        self.listener.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            self.connections += 1
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client: socket.socket) -> None:
        # The client may hang up first (it closes the feed): that is not an error here.
        with client, socket.create_connection(self.upstream) as server, \
                contextlib.suppress(OSError):
            request = _read_head(client)
            line, _, rest = request.partition(b"\r\n")
            server.sendall(line.replace(b"HTTP/1.1", b"HTTP/1.0") + b"\r\n" + rest)
            budget = self.cut_after()
            pending = b""
            while chunk := server.recv(4096):
                pending = self._filtered(pending + chunk)
                ready, pending = _complete_messages(pending)
                if budget is not None and len(ready) >= budget:
                    client.sendall(ready[:budget])
                    return  # closing mid-answer: the client sees a broken stream
                budget = None if budget is None else budget - len(ready)
                client.sendall(ready)
            client.sendall(pending)

    def _filtered(self, data: bytes) -> bytes:
        for position in self.drop_ids:
            start = data.find(b"id: %d\ndata: " % position)
            end = data.find(b"\n\n", start)
            if start >= 0 and end >= 0:
                data = data[:start] + data[end + 2:]
        return data


def _complete_messages(data: bytes) -> tuple[bytes, bytes]:
    """What can be forwarded now: everything up to the last message end (a blank line),
    or the header block; the rest waits so that the drop filter sees each message whole.
    Whatever remains is flushed when the server closes the connection."""
    end = data.rfind(b"\n\n")
    if end < 0:
        head = data.find(b"\r\n\r\n")
        end = head + 2 if head >= 0 else -1
    return (data[:end + 2], data[end + 2:]) if end >= 0 else (b"", data)


def _read_head(sock: socket.socket) -> bytes:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            break
        data += chunk
    return data
