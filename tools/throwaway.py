"""Throwaway servers on 127.0.0.1 for the benchmark and the tests: PostgreSQL and Redis.

Each is started from Debian's packages (``postgresql``, ``redis-server``; the scripts that use
this install them), in a temporary folder, on a free port, with nothing kept: no fsync, no
snapshot, stopped and removed when the ``with`` block ends. PostgreSQL refuses to run as root,
so as root it runs as the ``postgres`` user that Debian's package makes, as ``.ci/run`` does.

    with postgres() as url:          # postgres://scorekeeper:...@127.0.0.1:PORT/scorekeeper
        ...
    with postgres_server() as pg:    # pg.url; pg.stop() and pg.start() again: an outage
        ...
    with redis() as url:             # redis://127.0.0.1:PORT/0
        ...
"""

from __future__ import annotations

import contextlib
import glob
import os
import secrets
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

HOST = "127.0.0.1"


class Missing(RuntimeError):
    """A server's programs are not installed."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def postgres_bin() -> Path:
    """The newest of Debian's PostgreSQL server folders (``/usr/lib/postgresql/N/bin``)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if not found:
        raise Missing("PostgreSQL's server is not installed (Debian's postgresql package).")
    return Path(found[-1]).parent


def _as_postgres(command: list[str], **kwargs) -> subprocess.CompletedProcess:
    if os.geteuid() == 0:
        command = ["runuser", "-u", "postgres", "--", *command]
    return subprocess.run(command, check=True, capture_output=True, text=True, **kwargs)


@dataclass
class Postgres:
    """A running throwaway PostgreSQL server, which a test may stop and start again (an outage)."""

    url: str
    bin_dir: Path
    tmp: Path
    port: int

    def start(self) -> None:
        options = (
            f"-c listen_addresses={HOST} -c port={self.port} -c unix_socket_directories={self.tmp} "
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
        )
        log = self.tmp / "server.log"
        command = [
            str(self.bin_dir / "pg_ctl"),
            "-D",
            str(self.tmp / "data"),
            "-l",
            str(log),
            "-w",
            "-t",
            "60",
        ]
        try:
            _as_postgres([*command, "start", "-o", options], cwd=self.tmp)
        except subprocess.CalledProcessError:
            raise RuntimeError(f"PostgreSQL did not start:\n{log.read_text()[-3000:]}") from None

    def stop(self, mode: str = "fast") -> None:
        """Stop the server (``fast``: its connections are cut, as when it is shut down or crashes)."""
        _as_postgres(
            [str(self.bin_dir / "pg_ctl"), "-D", str(self.tmp / "data"), "-m", mode, "-w", "stop"],
            cwd=self.tmp,
        )

    @property
    def running(self) -> bool:
        return (self.tmp / "data" / "postmaster.pid").exists()


@contextlib.contextmanager
def postgres_server() -> Iterator[Postgres]:
    """A PostgreSQL server of its own, with a database ``scorekeeper``, to stop and start again."""
    bin_dir = postgres_bin()
    tmp = Path(tempfile.mkdtemp(prefix="scorekeeper-pg."))
    if os.geteuid() == 0:
        shutil.chown(tmp, "postgres", "postgres")
    tmp.chmod(0o700)
    password = secrets.token_hex(16)
    port = free_port()
    server = Postgres(f"postgres://scorekeeper:{password}@{HOST}:{port}/scorekeeper", bin_dir, tmp, port)
    try:
        pwfile = tmp / "pwfile"
        pwfile.write_text(password + "\n")
        if os.geteuid() == 0:
            shutil.chown(pwfile, "postgres", "postgres")
        _as_postgres(
            [str(bin_dir / "initdb"), "-D", str(tmp / "data"), "-U", "scorekeeper", f"--pwfile={pwfile}"]
            + ["--auth-local=scram-sha-256", "--auth-host=scram-sha-256", "-E", "UTF8"]
            + ["--locale=C.UTF-8", "--no-sync"],
            cwd=tmp,
        )
        pwfile.unlink()
        server.start()
        env = {**os.environ, "PGPASSWORD": password}
        subprocess.run(
            [str(bin_dir / "createdb"), "-h", HOST, "-p", str(port), "-U", "scorekeeper", "scorekeeper"],
            check=True,
            env=env,
            capture_output=True,
        )
        yield server
    finally:
        if server.running:
            with contextlib.suppress(subprocess.CalledProcessError):
                server.stop("immediate")
        shutil.rmtree(tmp, ignore_errors=True)


@contextlib.contextmanager
def postgres() -> Iterator[str]:
    """A PostgreSQL server of its own, with a database ``scorekeeper``; yields its URL."""
    with postgres_server() as server:
        yield server.url


@contextlib.contextmanager
def redis() -> Iterator[str]:
    """A Redis server of its own (no persistence); yields its URL."""
    server = shutil.which("redis-server")
    if server is None:
        raise Missing("Redis is not installed (Debian's redis-server package).")
    tmp = Path(tempfile.mkdtemp(prefix="scorekeeper-redis."))
    port = free_port()
    command = [server, "--bind", HOST, "--port", str(port), "--save", "", "--appendonly", "no"]
    command += ["--dir", str(tmp), "--logfile", str(tmp / "redis.log")]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            with contextlib.suppress(OSError), socket.create_connection((HOST, port), timeout=1) as s:
                s.sendall(b"PING\r\n")
                if s.recv(64).startswith(b"+PONG"):
                    break
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("redis-server did not start")
            time.sleep(0.1)
        yield f"redis://{HOST}:{port}/0"
    finally:
        stop(proc)
        shutil.rmtree(tmp, ignore_errors=True)


def stop(process: subprocess.Popen, wait: float = 15) -> None:
    """Ask a server to stop (SIGTERM); kill it if it has not within ``wait`` seconds."""
    process.terminate()
    try:
        process.wait(wait)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
