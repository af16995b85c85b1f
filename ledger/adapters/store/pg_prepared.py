"""The writer connection's statements, prepared once per connection and run through
psycopg's libpq layer (`psycopg.pq`).

psycopg's `execute` spends about 50 us of client CPU on an append's INSERT of 14
parameters (converting the query, a dumper per parameter, its generator-driven wait);
the same statement prepared and run with `PGconn.exec_prepared` costs about 17 us, and
the libpq call releases the GIL as psycopg's wait does. With sixteen writer processes on
two cores the clients' CPU is a third of what bounds throughput (docs/performance.md,
"Changes this round").

Only statements whose parameters are all str, int, bytes or None take this path;
anything else (the array form of many tree nodes, a string holding NUL, which libpq
would cut short, or one UTF-8 cannot encode) goes through psycopg as before. Failures
raise psycopg's own exception classes, built from the server's answer, so callers see
the same errors either way.
"""

from __future__ import annotations

import itertools
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any, cast

import psycopg
from psycopg import errors, pq

from ledger.adapters.store.statements import observe

# Statement shapes kept prepared per connection. A shape is prepared the second time it
# is seen: group commit makes many one-off shapes (k commands, m tree nodes), and
# preparing each would cost a round trip more than parsing it once.
PREPARED_MAX = 64
SEEN_MAX = 512
_names = itertools.count()  # unique in the process, so never a clash on a reused session
_DONE = (pq.ExecStatus.COMMAND_OK, pq.ExecStatus.TUPLES_OK)

Encoded = tuple[list[bytes | None], list[int]]


def encoded(params: Sequence[object]) -> Encoded | None:
    """Each parameter as libpq takes it (bytes in binary, the rest as UTF-8 text), or
    None when one is of a type this path leaves to psycopg."""
    values: list[bytes | None] = []
    formats: list[int] = []
    for value in params:
        kind = type(value)
        if kind is str:
            text = cast(str, value)
            if "\x00" in text:
                return None
            try:
                values.append(text.encode())
            except UnicodeEncodeError:  # a lone surrogate: psycopg says what is wrong
                return None
            formats.append(0)
        elif kind is bytes:
            values.append(cast(bytes, value))
            formats.append(1)
        elif kind is int:
            values.append(str(value).encode())
            formats.append(0)
        elif value is None:
            values.append(None)
            formats.append(0)
        else:
            return None
    return values, formats


def numbered(query: str) -> bytes | None:
    """psycopg's `%s` placeholders as PostgreSQL's `$1, $2, ...`; None when the text
    holds any other `%` (an escaped one, a named placeholder)."""
    parts = query.split("%s")
    if any("%" in part for part in parts):
        return None
    out = [parts[0]]
    for number, part in enumerate(parts[1:], 1):
        out.append(f"${number}{part}")
    return "".join(out).encode()


def _error(pgconn: pq.abc.PGconn, result: pq.abc.PGresult) -> psycopg.Error:
    """The exception psycopg would have raised for this result: the class for its SQLSTATE
    (or for the SQLSTATE's class, for a code psycopg does not list), the same message."""
    if not result.error_field(pq.DiagnosticField.SQLSTATE):  # no answer: the link is lost
        message = (result.error_message or pgconn.error_message).decode(errors="replace")
        return psycopg.OperationalError(message.strip() or "the connection to the server was lost")
    return errors.error_from_result(result)


# The types declared for the parameters: bytes as bytea (as psycopg sends them), the rest
# left to the server to infer from the statement, as psycopg leaves str.
BYTEA_OID = 17


class PreparedStatements:
    """One connection's prepared statements, kept as long as the connection is: a
    connection given back to the pool and checked out again still has them on the server."""

    def __init__(self, conn: psycopg.Connection[Any]) -> None:
        self._pgconn = conn.pgconn
        # Outside a transaction and in UTF-8, or psycopg runs everything.
        self.usable = conn.autocommit and conn.info.encoding == "utf-8"
        # Keyed by the text and the formats: a shape's declared types never change under it.
        self._prepared: OrderedDict[tuple[str, tuple[int, ...]], bytes] = OrderedDict()
        self._seen: OrderedDict[int, None] = OrderedDict()

    def run(self, query: str, params: Sequence[object]) -> bool:
        """Run one statement; False, having run nothing, when it is not for this path."""
        if not self.usable:
            return False
        args = encoded(params)
        if args is None:
            return False
        values, formats = args
        shape = (query, tuple(formats))
        name = self._prepared.get(shape)
        if name is None:
            command = numbered(query)
            # A count that does not match is psycopg's to refuse (a bug of ours, not an outage).
            if command is None or query.count("%s") != len(values):
                return False
            types = [BYTEA_OID if binary else 0 for binary in formats]
            observe(query)
            if not self._second_sight(shape):
                self._check(self._pgconn.exec_params(command, values, types, formats))
                return True
            name = self._prepare(shape, command, types)
        else:
            self._prepared.move_to_end(shape)
            observe(query)
        # libpq takes None as NULL here too; the stub leaves it out.
        self._check(self._pgconn.exec_prepared(name, cast(list[bytes], values), formats))
        self._evict()
        return True

    def _second_sight(self, shape: tuple[str, tuple[int, ...]]) -> bool:
        key = hash(shape)  # a collision only prepares a shape early
        if key in self._seen:
            return True
        self._seen[key] = None
        if len(self._seen) > SEEN_MAX:
            self._seen.popitem(last=False)
        return False

    def _prepare(self, shape: tuple[str, tuple[int, ...]], command: bytes, types: list[int]) -> bytes:
        name = f"ledger_w{next(_names)}".encode()
        self._check(self._pgconn.prepare(name, command, types))
        self._prepared[shape] = name
        return name

    def _evict(self) -> None:
        """Past the limit, let the oldest shape go, once the statement that needed room has
        run: a failed DEALLOCATE (the name already gone) must not fail an append."""
        while len(self._prepared) > PREPARED_MAX:
            _, oldest = self._prepared.popitem(last=False)
            self._pgconn.exec_(b"DEALLOCATE " + oldest)

    def _check(self, result: pq.abc.PGresult) -> None:
        if result.status not in _DONE:
            raise _error(self._pgconn, result)
