"""The join address: the one given to the server wins; a loopback page address becomes this machine's address on
the local network; where students could not reach the server, the reason."""
import socket

import pytest

from ui.classroom.address import JoinAddress, join_address, lan_address, loopback, public_url


def test_the_address_given_on_the_command_line_beats_the_environment():
    env = {"AL_PUBLIC_URL": "https://env.example.edu/"}
    assert public_url(["--public-url", "https://lab.example.edu/attention/"], env) == \
        "https://lab.example.edu/attention"
    assert public_url(["--other", "x"], env) == "https://env.example.edu"
    assert public_url([], {}) == ""


@pytest.mark.parametrize("host", ["localhost", "app.localhost", "127.0.0.1", "127.1.2.3", "::1", "[::1]", "", None])
def test_loopback_hosts(host):
    assert loopback(host)


@pytest.mark.parametrize("host", ["192.168.1.20", "10.0.0.7", "lab.example.edu", "fd00::2"])
def test_hosts_others_can_reach(host):
    assert not loopback(host)


def test_a_localhost_page_gives_the_lan_address_with_its_port_and_base_path():
    where = join_address("http://localhost:8501/self_attention?s=x", "/lab", "", "192.168.1.20", "")
    assert where == JoinAddress("http://192.168.1.20:8501/lab")
    assert where.url("K7PQ2M") == "http://192.168.1.20:8501/lab/?join=K7PQ2M"
    assert join_address("https://127.0.0.1/", "", "0.0.0.0", "10.0.0.7", "").url("K7PQ2M") == \
        "https://10.0.0.7/?join=K7PQ2M"


def test_a_page_opened_on_a_reachable_address_keeps_it():
    assert join_address("https://lab.example.edu:8443/tour", "", "", "10.0.0.7", "").url("K7PQ2M") == \
        "https://lab.example.edu:8443/?join=K7PQ2M"


def test_the_given_address_wins_even_over_a_loopback_only_server():
    where = join_address("http://localhost:8501/", "", "127.0.0.1", None, "https://lab.example.edu")
    assert where == JoinAddress("https://lab.example.edu") and where.url("K7PQ2M") == \
        "https://lab.example.edu/?join=K7PQ2M"


def test_no_address_but_loopback_is_said():
    assert join_address("http://localhost:8501/", "", "", None, "") == \
        JoinAddress("http://localhost:8501", "class.address_loopback")


def test_a_server_listening_on_loopback_only_is_said():
    assert join_address("http://127.0.0.1:8501/", "", "127.0.0.1", "10.0.0.7", "") == \
        JoinAddress("http://127.0.0.1:8501", "class.address_bound")
    assert join_address("http://localhost:8501/", "", "localhost", "10.0.0.7", "").problem == "class.address_bound"


def test_the_lan_address_is_this_machines_own():
    found = lan_address()
    if found is None:  # a machine without a network: then no probe has a route
        for probe in ("10.255.255.255", "192.168.255.255", "172.31.255.255"):
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s, pytest.raises(OSError):
                s.connect((probe, 9))
        return
    assert not loopback(found)
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind((found, 0))  # only an address of one of this machine's interfaces can be bound


def test_the_server_reads_the_given_address_from_its_environment_and_command_line(monkeypatch):
    from ui.classroom import address

    monkeypatch.setattr("sys.argv", ["app.py"])
    monkeypatch.setenv("AL_PUBLIC_URL", "https://lab.example.edu/")
    assert address.current("http://localhost:8501/", "", "").url("K7PQ2M") == "https://lab.example.edu/?join=K7PQ2M"
    monkeypatch.setattr("sys.argv", ["app.py", "--public-url", "http://10.1.2.3:8080"])
    assert address.current("http://localhost:8501/", "", "127.0.0.1").url("K7PQ2M") == \
        "http://10.1.2.3:8080/?join=K7PQ2M"
