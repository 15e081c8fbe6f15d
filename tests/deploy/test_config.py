"""What can be checked here of the production files without Docker or a cluster: the nginx configuration is
valid and says what it should, the Dockerfile installs the pinned requirements with torch's CPU wheel and runs what
the README runs, and the Kubernetes manifest holds a Deployment, Service and cookie-affinity Ingress that agree."""
import http.client
import re
import socket
import ssl
import subprocess
import time
from pathlib import Path

import pytest
import yaml

from benchmarks.harness import free_port
from deploy.serve import NGINX_HINT, main, render_config, self_signed

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def nginx_conf(tmp_path) -> Path:
    conf = tmp_path / "nginx.conf"
    conf.write_text(render_config(tmp_path, "127.0.0.1:9080", [9081, 9082, 9083]))
    return conf


def test_the_rendered_nginx_config_passes_nginx_t(nginx_binary, nginx_conf):
    result = subprocess.run([nginx_binary, "-t", "-p", str(nginx_conf.parent), "-c", str(nginx_conf),
                             "-e", str(nginx_conf.parent / "error.log")], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "syntax is ok" in result.stderr


def test_the_nginx_config_upgrades_websockets_keeps_browsers_on_one_replica_and_compresses(nginx_conf):
    conf = nginx_conf.read_text()
    assert "{{" not in conf
    assert re.findall(r"server 127\.0\.0\.1:(\d+) max_fails=1", conf) == ["9081", "9082", "9083"]
    assert "hash $al_replica_key consistent;" in conf and "proxy_next_upstream error timeout" in conf
    assert "proxy_set_header Upgrade $http_upgrade;" in conf and "location = /_stcore/stream" in conf
    gzip_types = re.search(r"gzip_types ([^;]+);", conf).group(1).split()
    assert {"application/javascript", "text/css", "application/json"} <= set(gzip_types)
    assert "woff2" not in " ".join(gzip_types), "fonts are compressed already"
    assert re.search(r"default \"public, max-age=31536000, immutable\"", conf), "versioned files cached a year"


def test_serve_says_what_is_missing_instead_of_installing_it(monkeypatch, capsys):
    monkeypatch.setattr("deploy.serve.find_nginx", lambda path=None: None)
    with pytest.raises(SystemExit) as exit_:
        main(["--replicas", "2", "--port", "9080"])
    assert exit_.value.code == NGINX_HINT and "apt-get install nginx" in NGINX_HINT


def test_the_dockerfile_installs_the_pinned_requirements_with_the_cpu_torch_wheel():
    docker = (ROOT / "Dockerfile").read_text()
    pins = (ROOT / "requirements.txt").read_text()
    assert re.search(r"^torch==2\.13\.0$", pins, re.M), "requirements.txt pins torch"
    assert "download.pytorch.org/whl/cpu" in docker and "\"$(grep '^torch==' requirements.txt)\"" in docker
    assert "pip install -r requirements.txt" in docker and "requirements-dev" not in docker
    assert re.search(r"^FROM python:3\.11", docker, re.M)
    runtime = {p.parent.name for p in ROOT.glob("*/__init__.py")} - {"tests", "benchmarks", "deploy", "tools"}
    assert {"model", "pages", "ui", "viz", "lesson"} <= runtime  # every package the app imports, found on disk
    for folder in sorted(runtime) + ["checkpoints", ".streamlit"]:
        assert re.search(rf"^COPY {re.escape(folder)} ", docker, re.M), folder
    assert "/_stcore/health" in docker and '"--server.port", "8501"' in docker and "EXPOSE 8501" in docker
    ignored = (ROOT / ".dockerignore").read_text().split()
    assert "tests" in ignored and "checkpoints" not in ignored


def test_the_kubernetes_manifest_has_a_deployment_service_and_cookie_affinity_ingress_that_agree():
    named = {(d["kind"], d["metadata"]["name"]): d for d in yaml.safe_load_all(
        (ROOT / "deploy" / "kubernetes.yaml").read_text())}
    docs = {kind: d for (kind, name), d in named.items() if name == "attention-lab"}
    assert {"Deployment", "Service", "Ingress", "Secret"} <= set(docs)
    deployment, service, ingress = docs["Deployment"], docs["Service"], docs["Ingress"]
    pod = deployment["spec"]["template"]
    container = pod["spec"]["containers"][0]
    assert deployment["spec"]["replicas"] >= 2
    assert deployment["spec"]["selector"]["matchLabels"] == pod["metadata"]["labels"] == service["spec"]["selector"]
    assert container["ports"][0]["containerPort"] == 8501
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        assert container[probe]["httpGet"]["path"] == "/_stcore/health", probe
    secret = container["env"][0]["valueFrom"]["secretKeyRef"]
    assert secret["name"] == docs["Secret"]["metadata"]["name"] and secret["key"] in docs["Secret"]["stringData"]
    notes = ingress["metadata"]["annotations"]
    assert notes["nginx.ingress.kubernetes.io/affinity"] == "cookie"
    assert int(notes["nginx.ingress.kubernetes.io/proxy-read-timeout"]) >= 3600, "websockets stay open"
    backend = ingress["spec"]["rules"][0]["http"]["paths"][0]["backend"]["service"]
    assert backend["name"] == service["metadata"]["name"]
    assert backend["port"]["name"] == service["spec"]["ports"][0]["name"]
    redis_url = {e["name"]: e.get("value") for e in container["env"]}["ATTENTION_LAB_REDIS"]  # classes across pods
    redis_service = named[("Service", "attention-lab-redis")]
    redis = named[("StatefulSet", "attention-lab-redis")]["spec"]["template"]
    assert redis_url == f"redis://{redis_service['metadata']['name']}:{redis_service['spec']['ports'][0]['port']}/0"
    assert redis_service["spec"]["selector"] == redis["metadata"]["labels"]
    assert "--appendonly" in redis["spec"]["containers"][0]["args"]  # a restart keeps the live classes


def test_the_class_routes_are_capped_and_limited_and_the_cache_tells_no_one_else(nginx_conf):
    """Issue 54 in the configuration: a 16 KiB body cap and request/connection limits on /_al/class/, the cache
    status only for this machine, and what a visitor types kept under their browser's key."""
    conf = nginx_conf.read_text()
    class_locations = re.findall(r"location ~ /_al/class/[^{]*\{([^}]*)\}", conf)
    assert len(class_locations) == 2
    for block in class_locations:
        assert "client_max_body_size 16k;" in block and "limit_req zone=" in block and "limit_conn " in block
    assert "limit_req_status 429;" in conf and "limit_conn_status 429;" in conf
    assert "$upstream_cache_status;" not in re.sub(r"map \$remote_addr \$al_cache_status \{[^}]*\}", "", conf)
    assert re.search(r"map \$remote_addr \$al_cache_status \{\s*127\.0\.0\.1 \$upstream_cache_status;\s*"
                     r"default\s+\"\";", conf)
    live = re.search(r"location ~ /_al/live/[^{]*\{([^}]*)\}", conf).group(1)
    assert 'proxy_cache_key "$al_replica_key $uri?$al_live_args";' in live
    assert "ssl" not in conf.split("server {", 1)[1].split("\n", 2)[1], "plain http unless asked"


@pytest.fixture
def running_nginx(nginx_binary, tmp_path):
    """nginx with the rendered https configuration (a self-signed certificate made as deploy.serve makes it), its
    replicas absent: what nginx answers itself. Yields its port."""
    port = free_port()
    conf = tmp_path / "nginx.conf"
    conf.write_text(render_config(tmp_path, f"127.0.0.1:{port}", [free_port()], self_signed(tmp_path, "127.0.0.1")))
    proc = subprocess.Popen([nginx_binary, "-p", str(tmp_path), "-c", str(conf), "-e", str(tmp_path / "error.log")],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 10
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.05)
    yield port
    proc.terminate()
    proc.wait(10)


def test_nginx_serves_https_and_refuses_a_large_class_body_before_the_app(running_nginx):
    """The issue's 64 MiB POST to /_al/class/AAAAAA/steer, bounded (1 MiB): nginx answers 413 without reaching a
    replica, over https with the run's certificate; plain http on the same port gets nginx's 400."""
    context = ssl.create_default_context(cafile=None)
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE  # self-signed: what is checked is TLS itself
    with context.wrap_socket(socket.create_connection(("127.0.0.1", running_nginx), timeout=10)) as tls:
        assert tls.version() in ("TLSv1.2", "TLSv1.3")
    c = http.client.HTTPSConnection("127.0.0.1", running_nginx, timeout=10, context=context)
    c.request("POST", "/_al/class/AAAAAA/steer", body=b"[" * (1 << 20), headers={"X-AL-Key": "x"})
    assert c.getresponse().status == 413
    plain = http.client.HTTPConnection("127.0.0.1", running_nginx, timeout=10)
    plain.request("GET", "/")
    assert plain.getresponse().status == 400  # "The plain HTTP request was sent to HTTPS port"


def test_nginx_limits_steers_per_address(running_nginx):
    """Past 40 a second (and a burst of 40), steers from one address get 429 from nginx itself."""
    context = ssl._create_unverified_context()
    statuses = []
    c = http.client.HTTPSConnection("127.0.0.1", running_nginx, timeout=10, context=context)
    for _ in range(120):
        c.request("POST", "/_al/class/AAAAAA/steer", body=b"{}", headers={"X-AL-Key": "x"})
        r = c.getresponse()
        r.read()
        statuses.append(r.status)
        if r.getheader("Connection", "").lower() == "close":
            c = http.client.HTTPSConnection("127.0.0.1", running_nginx, timeout=10, context=context)
    assert 429 in statuses and statuses.count(429) >= 30, statuses


def test_the_kubernetes_ingresses_serve_https_and_limit_the_class_routes():
    """Issue 54: the manifest's Ingresses have TLS (and redirect to it), the class routes' Ingress has the body cap
    and per-address limits, and the app believes X-Real-IP from the ingress controller's network."""
    docs = list(yaml.safe_load_all((ROOT / "deploy" / "kubernetes.yaml").read_text()))
    ingresses = {d["metadata"]["name"]: d for d in docs if d["kind"] == "Ingress"}
    assert set(ingresses) == {"attention-lab", "attention-lab-class"}
    for ingress in ingresses.values():
        notes = ingress["metadata"]["annotations"]
        assert ingress["spec"]["tls"][0]["secretName"] and notes["nginx.ingress.kubernetes.io/ssl-redirect"] == "true"
        assert ingress["spec"]["tls"][0]["hosts"] == [r["host"] for r in ingress["spec"]["rules"]]
    notes = ingresses["attention-lab-class"]["metadata"]["annotations"]
    assert notes["nginx.ingress.kubernetes.io/proxy-body-size"] == "16k"
    assert int(notes["nginx.ingress.kubernetes.io/limit-rps"]) > 0
    assert int(notes["nginx.ingress.kubernetes.io/limit-connections"]) > 0
    assert ingresses["attention-lab-class"]["spec"]["rules"][0]["http"]["paths"][0]["path"] == "/_al/class/"
    container = next(d for d in docs if d["kind"] == "Deployment")["spec"]["template"]["spec"]["containers"][0]
    assert {e["name"]: e.get("value") for e in container["env"]}["ATTENTION_LAB_PROXIES"]
