"""The secret store's encryption, and the server key it derives from.

Dice seeds are kept beside the event store, sealed with AES-256-GCM under a
key derived from the server key. The server key lives outside the database
(LEDGER_SECRET_KEY, or `secret.key` in the data directory).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM


class ServerKeyMalformed(ValueError):
    """The server key given is not hex, or is empty: it cannot seal or sign."""


_NEW_KEY = " (a new one is 32 random bytes as 64 hex digits, e.g. `openssl rand -hex 32`)"


def _parsed(text: str, source: str) -> bytes:
    # Said at start-up, naming where the key came from: the server must not start and then
    # answer every request with a 500, nor seal and sign with an empty key (a key file left
    # empty by a crash while it was first written used to read as one).
    try:
        key = bytes.fromhex(text.strip())
    except ValueError:
        raise ServerKeyMalformed(f"the server key in {source} is not hexadecimal{_NEW_KEY}") from None
    if not key:
        raise ServerKeyMalformed(f"the server key in {source} is empty{_NEW_KEY}")
    return key


def read_key(data_dir: Path, env_value: str | None) -> bytes | None:
    """The server key, or None when neither the variable nor the file holds one."""
    if env_value:
        return _parsed(env_value, "LEDGER_SECRET_KEY")
    path = data_dir / "secret.key"
    if path.exists():
        return _parsed(path.read_text(), str(path))
    return None


def load_or_create_key(data_dir: Path, env_value: str | None) -> bytes:
    found = read_key(data_dir, env_value)
    if found is not None:
        return found
    path = data_dir / "secret.key"
    data_dir.mkdir(parents=True, exist_ok=True)
    key = secrets.token_bytes(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as handle:
        handle.write(key.hex())
    return key


class SecretBox:
    def __init__(self, server_key: bytes) -> None:
        self.server_key = server_key
        self._aead = AESGCM(self.derive("seed-store"))

    def derive(self, purpose: str) -> bytes:
        return hmac.new(self.server_key, purpose.encode(), hashlib.sha256).digest()

    def seal(self, plaintext: bytes, context: bytes) -> bytes:
        nonce = secrets.token_bytes(12)
        return nonce + self._aead.encrypt(nonce, plaintext, context)

    def open(self, sealed: bytes, context: bytes) -> bytes:
        return self._aead.decrypt(sealed[:12], sealed[12:], context)

    def token_secret(self, token_id: str) -> str:
        """Token secrets derive from the server key, so a replayed answer can show them
        again while the database keeps only their hash."""
        mac = hmac.new(self.derive("tokens"), token_id.encode(), hashlib.sha256).hexdigest()
        return f"clt_{token_id}_{mac[:40]}"


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()
