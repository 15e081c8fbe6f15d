"""Serve a whole class from one machine: N `streamlit run` replicas behind Debian's nginx.

    python -m deploy.serve --replicas 4 --port 8080

Starts Redis (Debian's redis-server, on --port + 100, its append-only file in the run's folder: the classes every
replica shares, ui/classroom/store.py), the replicas on 127.0.0.1 (ports --port + 1 … --port + N), renders
deploy/nginx.conf.template into a temporary directory and runs nginx in the foreground as a child (its own prefix,
pid, logs and temp files, so no root and no system nginx are needed). Every few seconds it asks each replica's
/_stcore/health; a replica that has exited or stops answering is restarted, while nginx sends its browsers to the
others; Redis is restarted if it exits (its file keeps the live classes). Ctrl-C stops everything. It installs
nothing: without nginx or redis-server it says what to install and exits.

nginx serves https: with --cert and --key (a certificate students' browsers trust), else with a self-signed one
made for the run (`SELF_SIGNED`: each browser asks once to accept it). A class needs it: the lecturer key travels
in a header, a cookie and websocket data, which anyone on the classroom's Wi-Fi could read over plain http.
--http serves plain http (behind a proxy of your own that terminates TLS, or for tests on this machine).
"""
from __future__ import annotations

import argparse
import os
import re
import secrets
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = Path(__file__).resolve().parent / "nginx.conf.template"
NGINX_HINT = "nginx not found: install Debian's nginx (sudo apt-get install nginx), or pass --nginx PATH"
REDIS_HINT = "redis-server not found: install Debian's redis-server (sudo apt-get install redis-server)"
REDIS_OFFSET = 100  # Redis listens on --port + 100
LOG_LINE = re.compile(r'"(?P<request>[^"]*)" (?P<status>\d+) \d+ upstream="(?P<upstream>[^"]*)" key=(?P<key>\S*)'
                      r' cache=(?P<cache>\S*)')
HEALTH_EVERY, HEALTH_MISSES = 2.0, 3  # a replica that misses 3 health checks in a row (6 s) is restarted
STARTUP_GRACE = 60.0  # seconds a (re)started replica may take before missed checks count


def find_nginx(path: str | None = None) -> str | None:
    """The nginx binary: the given path, else on PATH, else Debian's /usr/sbin/nginx (not on a user's PATH)."""
    for candidate in (path, shutil.which("nginx"), "/usr/sbin/nginx"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


# The self-signed certificate made for a run without --cert (the command docs/serving.md gives): 30 days, for
# localhost and this machine's address.
SELF_SIGNED = ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "30", "-subj",
               "/CN=attention-lab", "-keyout", "{key}", "-out", "{cert}", "-addext", "subjectAltName={names}"]


def self_signed(folder: Path, host: str) -> tuple[Path, Path]:
    """A self-signed certificate and its key in `folder`, for localhost, 127.0.0.1 and `host`."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    names = ",".join(["DNS:localhost", "IP:127.0.0.1"] + ([f"IP:{host}"] if host not in ("", "0.0.0.0", "127.0.0.1")
                                                          and host.replace(".", "").isdigit() else []))
    cmd = [a.format(key=key, cert=cert, names=names) for a in SELF_SIGNED]
    subprocess.run(cmd, check=True, capture_output=True)
    key.chmod(0o600)
    return cert, key


def render_config(prefix: Path, listen: str, replica_ports: list[int], tls: tuple[Path, Path] | None = None) -> str:
    """nginx.conf for these replicas, with every path inside `prefix`; https with `tls` = (certificate, key)."""
    servers = "\n".join(f"        server 127.0.0.1:{p} max_fails=1 fail_timeout=5s;" for p in replica_ports)
    certificate = (f"        ssl_certificate {tls[0]};\n        ssl_certificate_key {tls[1]};\n"
                   "        ssl_protocols TLSv1.2 TLSv1.3;\n") if tls else ""
    return (TEMPLATE.read_text().replace("{{PREFIX}}", str(prefix)).replace("{{LISTEN}}", listen)
            .replace("{{SERVERS}}", servers).replace("{{TLS_LISTEN}}", " ssl" if tls else "")
            .replace("{{TLS}}\n", certificate))


def healthy(url: str, timeout: float = 1.0) -> bool:
    """Whether Streamlit answers ok at url/_stcore/health (our own nginx on https: its certificate not checked)."""
    context = ssl._create_unverified_context() if url.startswith("https:") else None  # noqa: S323
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=timeout, context=context) as r:
            return r.read() == b"ok"
    except OSError:
        return False


def wait_healthy(url: str, timeout: float) -> None:
    """Poll the health endpoint until it answers ok."""
    deadline = time.time() + timeout
    while not healthy(url):
        if time.time() > deadline:
            raise TimeoutError(f"no healthy answer at {url} within {timeout} s")
        time.sleep(0.2)


@dataclass
class Replica:
    """One `streamlit run app.py` on a loopback port."""

    port: int
    env: dict
    log: Path
    proc: subprocess.Popen | None = None
    misses: int = 0
    restarts: int = 0
    started: float = 0.0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start the app on its port (output appended to its log)."""
        cmd = [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true",
               "--server.port", str(self.port), "--server.address", "127.0.0.1",
               "--browser.gatherUsageStats", "false"]
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(cmd, cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT)
        self.misses, self.started = 0, time.monotonic()

    def stop(self, sig: int = signal.SIGTERM) -> None:
        """Stop the process (SIGKILL: die at once, as a crashed replica would)."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def check(self) -> bool:
        """One health check; restart after HEALTH_MISSES misses (once past its start-up) or at once if the process
        has exited."""
        if self.proc and self.proc.poll() is None and healthy(self.url):
            self.misses = 0
            return True
        self.misses += time.monotonic() - self.started > STARTUP_GRACE
        if self.proc is None or self.proc.poll() is not None or self.misses >= HEALTH_MISSES:
            self.stop(signal.SIGKILL)
            self.start()
            self.restarts += 1
        return False


@dataclass
class Redis:
    """redis-server on a loopback port, its append-only file (fsync on every write) in `folder`: a restart keeps
    every class that was live."""

    port: int
    folder: Path
    proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 20) -> None:
        """Start redis-server and wait until it answers PING."""
        cmd = [shutil.which("redis-server") or "redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
               "--dir", str(self.folder), "--appendonly", "yes", "--appendfsync", "always", "--save", "",
               "--protected-mode", "no"]
        with open(self.folder / "redis.log", "ab") as out:
            self.proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)
        deadline = time.time() + timeout
        while not self.answers():
            if time.time() > deadline or self.proc.poll() is not None:
                raise RuntimeError(f"redis-server did not start; see {self.folder / 'redis.log'}")
            time.sleep(0.05)

    def answers(self) -> bool:
        """Whether Redis answers PING."""
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as conn:
                conn.sendall(b"PING\r\n")
                return conn.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self, sig: int = signal.SIGTERM) -> None:
        """Stop redis-server (SIGTERM: it finishes its file first)."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(10)

    def check(self) -> bool:
        """Restart Redis if it has exited; True if it was running."""
        if self.proc is not None and self.proc.poll() is None:
            return True
        self.start()
        return False


@dataclass
class Cluster:
    """nginx in front of the replicas: the URL students open, and what runs behind it."""

    url: str
    replicas: list[Replica]
    nginx: subprocess.Popen
    prefix: Path
    redis: Redis | None = None
    stopped: list[int] = field(default_factory=list)

    def replica_of(self, port: int) -> Replica:
        return next(r for r in self.replicas if r.port == port)

    def nginx_pids(self) -> list[int]:
        """nginx's master and worker processes."""
        master = self.nginx.pid
        children = Path(f"/proc/{master}/task/{master}/children")
        return [master, *(int(p) for p in children.read_text().split())] if children.exists() else [master]

    def access_log(self) -> list[dict]:
        """nginx's access log: one dict per request: request line, status, the replicas tried in order (a failed
        one first, then the one that answered; none for an answer from nginx's cache), the one that answered, the
        replica key and the cache status (HIT, MISS, … or "-" where nginx keeps nothing)."""
        out = []
        for line in (self.prefix / "access.log").read_text(errors="replace").splitlines():
            m = LOG_LINE.search(line)
            if m:
                tried = [a.strip() for a in m["upstream"].replace(" : ", ", ").split(",") if a.strip() not in ("", "-")]
                out.append({"request": m["request"], "status": m["status"], "tried": tried,
                            "upstream": tried[-1] if tried else "", "key": m["key"], "cache": m["cache"]})
        return out


def replica_env(cookie_secret: str, extra: dict | None) -> dict:
    """Environment of every replica: one cookie secret for all (a browser moved to another replica keeps a
    valid XSRF token), one torch thread each."""
    return os.environ | {"STREAMLIT_SERVER_COOKIE_SECRET": cookie_secret, "OMP_NUM_THREADS": "1"} | (extra or {})


@contextmanager
def cluster(replicas: int, port: int, host: str = "127.0.0.1", replica_ports: list[int] | None = None,
            env: dict | None = None, nginx: str | None = None, timeout: float = 120, redis_port: int | None = None,
            tls: tuple[Path, Path] | str | None = None):
    """Run Redis, `replicas` app processes and nginx in front of them; yield a Cluster; stop them all afterwards.
    tls: (certificate, key), "self-signed" (made for the run), or None (plain http)."""
    binary = find_nginx(nginx)
    if binary is None:
        raise FileNotFoundError(NGINX_HINT)
    if shutil.which("redis-server") is None:
        raise FileNotFoundError(REDIS_HINT)
    ports = replica_ports or [port + 1 + i for i in range(replicas)]
    prefix = Path(tempfile.mkdtemp(prefix="attention-lab-nginx-"))
    prefix.chmod(0o711)  # started as root, nginx's workers run as nobody and must reach their cache directory
    store = Redis(redis_port or port + REDIS_OFFSET, prefix)
    shared_env = replica_env(secrets.token_hex(32), {"ATTENTION_LAB_REDIS": store.url} | (env or {}))
    group = [Replica(p, shared_env, prefix / f"replica-{p}.log") for p in ports]
    proxy = None
    try:
        store.start()
        for r in group:
            r.start()
        for r in group:
            wait_healthy(r.url, timeout)
        conf = prefix / "nginx.conf"
        if tls == "self-signed":
            tls = self_signed(prefix, host)
        conf.write_text(render_config(prefix, f"{host}:{port}", ports, tls))
        test = subprocess.run([binary, "-t", "-p", str(prefix), "-c", str(conf), "-e", str(prefix / "error.log")],
                              capture_output=True, text=True)
        if test.returncode:
            raise RuntimeError(f"nginx rejected {conf}:\n{test.stderr}")
        proxy = subprocess.Popen([binary, "-p", str(prefix), "-c", str(conf), "-e", str(prefix / "error.log")],
                                 stdout=subprocess.DEVNULL, stderr=open(prefix / "nginx.out", "wb"))  # noqa: SIM115
        url = f"{'https' if tls else 'http'}://{'127.0.0.1' if host in ('0.0.0.0', '') else host}:{port}"
        wait_healthy(url, 10)
        yield Cluster(url, group, proxy, prefix, store)
    finally:
        if proxy and proxy.poll() is None:
            proxy.send_signal(signal.SIGQUIT)  # graceful: finish open requests
            try:
                proxy.wait(5)
            except subprocess.TimeoutExpired:
                proxy.kill()
                proxy.wait()
        for r in group:
            r.stop()
        store.stop()


def main(argv=None) -> None:
    """Start everything, watch the replicas' health, stop on Ctrl-C."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--replicas", type=int, default=4, help="app processes (about one per core)")
    ap.add_argument("--port", type=int, default=8080, help="the port students open")
    ap.add_argument("--host", default="0.0.0.0", help="address nginx listens on (default: every interface)")
    ap.add_argument("--nginx", default=None, help="path of the nginx binary")
    ap.add_argument("--cert", type=Path, help="the https certificate (PEM; default: a self-signed one for the run)")
    ap.add_argument("--key", type=Path, help="the certificate's private key (PEM)")
    ap.add_argument("--http", action="store_true", help="plain http: only behind a proxy that terminates TLS")
    args = ap.parse_args(argv)
    if find_nginx(args.nginx) is None:
        sys.exit(NGINX_HINT)
    if shutil.which("redis-server") is None:
        sys.exit(REDIS_HINT)
    if args.replicas < 1:
        sys.exit("--replicas must be at least 1")
    if bool(args.cert) != bool(args.key):
        sys.exit("--cert and --key go together")
    if not args.http and not args.cert and shutil.which("openssl") is None:
        sys.exit("openssl not found (sudo apt-get install openssl): it makes the self-signed certificate")
    tls = None if args.http else (args.cert, args.key) if args.cert else "self-signed"
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    print(f"starting {args.replicas} replicas on ports {args.port + 1}–{args.port + args.replicas} …", flush=True)
    with cluster(args.replicas, args.port, args.host, tls=tls) as c:
        scheme = "http" if args.http else "https"
        print(f"Attention Lab: {scheme}://{args.host}:{args.port}/ (nginx → {args.replicas} replicas; nginx files and "
              f"replica logs in {c.prefix}). Ctrl-C stops.", flush=True)
        try:
            while c.nginx.poll() is None:
                time.sleep(HEALTH_EVERY)
                for r in c.replicas:
                    if not r.check():
                        print(f"replica {r.port} unhealthy: restarted ({r.restarts} so far)", flush=True)
                if not c.redis.check():
                    print("Redis had exited: restarted (its file keeps the live classes)", flush=True)
            sys.exit(f"nginx exited ({c.nginx.returncode}); see {c.prefix / 'error.log'}")
        except KeyboardInterrupt:
            print("stopping …", flush=True)


if __name__ == "__main__":
    main()
