"""A throw-away PostgreSQL cluster for a test run or a benchmark: Debian's ``postgresql`` package,
``initdb`` into a temporary folder, ``pg_ctl`` to start and stop it, reached through a Unix socket
in that folder (no TCP port, nothing shared with a PostgreSQL the machine may run).

PostgreSQL refuses to run as root: when the tests run as root, the cluster's commands run as the
``postgres`` user the package creates (``runuser``), which owns the folder.

Not a test module: tests/conftest.py (the ``postgres`` fixture) and benchmarks/club.py import it.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path


def binaries() -> Path | None:
    """The newest ``/usr/lib/postgresql/*/bin`` with initdb and pg_ctl."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    return Path(found[-1]).parent if found else None


class Cluster:
    """A running cluster in ``folder``; :meth:`database` makes a fresh database and gives its URL."""

    def __init__(self, folder: Path, bin: Path, user: str | None) -> None:
        self.folder, self.bin, self.user = folder, bin, user
        self._made = 0

    @classmethod
    def start(cls, fsync: bool = True, settings: dict[str, str] | None = None) -> Cluster:
        """initdb and start a cluster; raises RuntimeError with the reason when it cannot."""
        bin = binaries()
        if bin is None:
            raise RuntimeError("PostgreSQL is not installed (make installs Debian's postgresql package)")
        user = None
        if os.geteuid() == 0:  # initdb refuses root: run the cluster as the package's own user
            user = "postgres"
            try:
                pwd.getpwnam(user)
            except KeyError:
                raise RuntimeError("running as root and there is no postgres user to run PostgreSQL as") from None
        folder = Path(tempfile.mkdtemp(prefix="wordtable-pg-"))
        if user is not None:
            shutil.chown(folder, user)
        cluster = cls(folder, bin, user)
        cluster._run("initdb", "-D", str(folder / "data"), "-U", "wordtable", "--auth=trust", "-E", "UTF8", "--no-sync")
        options = {
            "listen_addresses": "''",
            "unix_socket_directories": f"'{folder}'",
            "fsync": "on" if fsync else "off",
            "max_connections": "300",
            **(settings or {}),
        }
        line = " ".join(f"-c {k}={v}" for k, v in options.items())
        cluster._run("pg_ctl", "-D", str(folder / "data"), "-l", str(folder / "log"), "-o", line, "-w", "start")
        return cluster

    def _run(self, tool: str, *args: str) -> None:
        command = [str(self.bin / tool), *args]
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        result = subprocess.run(command, capture_output=True, text=True, timeout=120, cwd=self.folder)
        if result.returncode != 0:
            log = self.folder / "log"
            tail = log.read_text(errors="replace")[-600:] if log.exists() else ""
            raise RuntimeError(f"{tool} failed: {result.stderr.strip()[-600:]} {tail}")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://wordtable@/{database}?host={self.folder}"

    def database(self) -> str:
        """A new empty database; its URL."""
        self._made += 1
        import psycopg  # the test extra installs it; the skip reason comes from Cluster.start

        name = f"t{self._made}"
        with psycopg.connect(self.url(), autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name}".encode())
        return self.url(name)

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
