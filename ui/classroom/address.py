"""The address students open to join a class: one given to the server (AL_PUBLIC_URL, or `--public-url` after
`streamlit run app.py --`), else the page's own address with a loopback host (localhost, 127.0.0.1) replaced by
this machine's address on the local network; and why students could not reach it, where they could not."""
from __future__ import annotations

import argparse
import ipaddress
import os
import socket
import sys
from dataclasses import dataclass
from urllib.parse import urlsplit

ENV = "AL_PUBLIC_URL"
OPTION = "--public-url"
# a private address in each range: a UDP socket "connected" to one takes the source address the machine would use
# on that network (connect() on UDP sends nothing); the first range with a route answers
PROBES = ("10.255.255.255", "192.168.255.255", "172.31.255.255")


@dataclass(frozen=True)
class JoinAddress:
    """The join link's origin (scheme, host, port and base path) and the message key of why students cannot reach
    it ("" if they can)."""

    origin: str
    problem: str = ""

    def url(self, code: str) -> str:
        """The join link for a class code."""
        return f"{self.origin}/?join={code}"


def public_url(argv: list[str], env: dict[str, str]) -> str:
    """The address given to the server (the command line first), without a trailing slash; "" if none."""
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument(OPTION, default="")
    given = parser.parse_known_args(argv)[0].public_url or env.get(ENV, "")
    return given.strip().rstrip("/")


def lan_address() -> str | None:
    """This machine's address on a local network (the source address it would use there), or None."""
    for probe in PROBES:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            try:
                s.connect((probe, 9))
            except OSError:
                continue
            host = s.getsockname()[0]
        if not loopback(host) and host != "0.0.0.0":
            return host
    return None


def loopback(host: str | None) -> bool:
    """Whether a host name or address is this machine only (localhost, 127.0.0.0/8, ::1)."""
    if not host or host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def join_address(page_url: str, base_path: str, bound: str, lan: str | None, public: str) -> JoinAddress:
    """Where students join, from the lecturer's page URL, the server's base path, the address it listens on ("" for
    every interface), this machine's LAN address and the address given to the server."""
    if public:
        return JoinAddress(public)
    page = urlsplit(page_url)
    scheme, host, port = page.scheme or "http", page.hostname, page.port
    if not loopback(host):
        return JoinAddress(f"{scheme}://{page.netloc}{base_path}")
    here = f"{scheme}://{page.netloc}{base_path}"
    if bound and loopback(bound):
        return JoinAddress(here, "class.address_bound")
    if lan is None:
        return JoinAddress(here, "class.address_loopback")
    return JoinAddress(f"{scheme}://{lan}{f':{port}' if port else ''}{base_path}")


def current(page_url: str, base_path: str, bound: str) -> JoinAddress:
    """The join address for this server and page, from the process's command line and environment."""
    public = public_url(sys.argv[1:], dict(os.environ))
    return join_address(page_url, base_path, bound or "", None if public else lan_address(), public)
