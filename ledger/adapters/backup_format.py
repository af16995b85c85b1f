"""The operator backup file: a header, then AES-256-GCM frames of compressed msgpack.

    header = MAGIC, VERSION (1 byte), file id (16 random bytes)
    frame  = final flag (1 byte), length (4 bytes, big-endian), nonce (12), ciphertext

Each frame's associated data is the header, the frame's index and its final flag, so
frames cannot be reordered, moved to another file, dropped or cut off (a file without
its final frame is refused). Frames are small, so neither side holds a store in memory.
"""

from __future__ import annotations

import os
import secrets
import zlib
from collections.abc import Iterator
from typing import Any, BinaryIO

import msgspec
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

MAGIC = b"CLEDGER-BACKUP"
VERSION = 1
KEY_BYTES = 32


class BackupError(Exception):
    """The file is not a backup, is damaged, or was sealed with another key."""


class BackupKeyError(BackupError):
    """The operator key given cannot work: a setting to fix, named with where it came from."""


def load_key(key_file: str | None, env_value: str | None) -> bytes:
    """The operator key: --key-file (hex text) wins over LEDGER_BACKUP_KEY (hex)."""
    source = f"the key in --key-file {key_file}" if key_file else "LEDGER_BACKUP_KEY"
    text = None
    if key_file:
        try:
            with open(key_file) as handle:
                text = handle.read().strip()
        except OSError as exc:
            raise BackupKeyError(f"--key-file {key_file} cannot be read: {exc.strerror}") from None
    elif env_value:
        text = env_value.strip()
    if not text:
        raise BackupKeyError("no backup key: set LEDGER_BACKUP_KEY or pass --key-file")
    try:
        key = bytes.fromhex(text)
    except ValueError:
        raise BackupKeyError(f"{source} must be hex ({2 * KEY_BYTES} hex digits)") from None
    if len(key) != KEY_BYTES:  # the value is a secret: never echoed
        raise BackupKeyError(f"{source} must be {KEY_BYTES} bytes ({2 * KEY_BYTES} hex digits), "
                             f"not {len(key)}")
    return key


class Writer:
    def __init__(self, out: BinaryIO, key: bytes) -> None:
        self.out = out
        self.aead = AESGCM(key)
        self.header = MAGIC + bytes([VERSION]) + secrets.token_bytes(16)
        self.index = 0
        out.write(self.header)

    def frame(self, payload: dict[str, Any], *, final: bool = False) -> None:
        flag = b"\x01" if final else b"\x00"
        nonce = os.urandom(12)
        plain = zlib.compress(msgspec.msgpack.encode(payload), 6)
        sealed = self.aead.encrypt(nonce, plain, self._aad(flag))
        self.out.write(flag + len(sealed).to_bytes(4, "big") + nonce + sealed)
        self.index += 1

    def _aad(self, flag: bytes) -> bytes:
        return self.header + self.index.to_bytes(8, "big") + flag


def read_frames(source: BinaryIO, key: bytes) -> Iterator[dict[str, Any]]:
    """Every frame's payload in order; raises BackupError on any damage or a wrong key."""
    header = source.read(len(MAGIC) + 17)
    if not header.startswith(MAGIC) or len(header) != len(MAGIC) + 17:
        raise BackupError("not a campaign-ledger backup")
    if header[len(MAGIC)] != VERSION:
        raise BackupError(f"backup format {header[len(MAGIC)]} is not known to this version")
    aead = AESGCM(key)
    for index in range(2**63):
        head = source.read(5)
        if len(head) < 5:
            raise BackupError("the backup is truncated (no final frame)")
        flag, length = head[:1], int.from_bytes(head[1:], "big")
        nonce, sealed = source.read(12), source.read(length)
        if len(sealed) != length:
            raise BackupError("the backup is truncated")
        try:
            plain = aead.decrypt(nonce, sealed, header + index.to_bytes(8, "big") + flag)
        except InvalidTag:
            raise BackupError("the backup was sealed with another key, or is damaged") from None
        yield msgspec.msgpack.decode(zlib.decompress(plain))
        if flag == b"\x01":
            return
