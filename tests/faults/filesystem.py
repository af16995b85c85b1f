"""Bounded, honest storage faults: a small tmpfs that really fills up, an immutable file.

A tmpfs mount needs CAP_SYS_ADMIN (root here and in CI); `chattr +i` needs an ext2/3/4,
XFS or Btrfs file system. Where either is missing the test that needs it is skipped.
"""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


@contextmanager
def small_tmpfs(path: Path, megabytes: int, owner: str | None = None) -> Iterator[Path]:
    """Mount a tmpfs of `megabytes` at `path` (created empty); unmounted afterwards."""
    path.mkdir(parents=True, exist_ok=True)
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={megabytes}m,mode=0755",
                              "tmpfs", str(path)], capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here: {mounted.stderr.strip()}")
    try:
        if owner:
            shutil.chown(path, owner, owner)
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path)], check=False)


def fill(directory: Path, leave_bytes: int) -> Path:
    """Fill the file system of `directory` until about `leave_bytes` are left free."""
    filler = directory / "filler"
    free = shutil.disk_usage(directory).free
    chunk = b"\1" * (1 << 16)
    with open(filler, "ab", buffering=0) as out:
        while free > leave_bytes:
            try:
                out.write(chunk[: min(len(chunk), free - leave_bytes)])
            except OSError as exc:
                if exc.errno != errno.ENOSPC:
                    raise
                break  # someone else took the last bytes first
            free = shutil.disk_usage(directory).free
    return filler


@contextmanager
def immutable(path: Path) -> Iterator[None]:
    """`chattr +i`: not even root may open the file for writing until `chattr -i`."""
    done = subprocess.run(["chattr", "+i", str(path)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"chattr +i is not available here: {done.stderr.strip()}")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


def free_bytes(path: Path) -> int:
    return shutil.disk_usage(path).free


def remove(path: Path) -> None:
    os.unlink(path)
